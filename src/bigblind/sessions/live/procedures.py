"""The dealer-error procedures of RULES 9: misdeals, exposed and early board cards, burns.

Each procedure appends the error and what was done to the hand's record and
returns a :class:`Ruling` in the dealer's words.
"""

from __future__ import annotations

from bigblind.cards import Card, format_cards
from bigblind.engine.events import Acted, ActionKind, Burned, Street
from bigblind.errors import IllegalActionError
from bigblind.sessions.live.events import (
    BoardExposed,
    DealerError,
    ErrorReported,
    Misdealt,
    ProcedureApplied,
    Ruling,
    StubShuffled,
)
from bigblind.sessions.live.state import (
    BOARD_CARDS,
    MISDEAL_NOTE,
    BurnPlan,
    LiveState,
    capitalized,
    recorded,
)


class DealerErrorProcedures(LiveState):
    """RULES 9.1-9.6 over the state of a live hand."""

    @property
    def substantial_action(self) -> str:
        """Why a misdeal can no longer be called (RULES 9.2), or '' when it still can."""
        acts = [e for e in self.hand.events if isinstance(e, Acted)]
        chips = [e for e in acts if e.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)]
        if len(acts) >= 3:
            return f"{len(acts)} actions in turn have taken place"
        if len(acts) == 2 and chips:
            return "two actions in turn have taken place, one of them putting chips in"
        return ""

    @recorded
    def report_wrong_count(self, seat: int, count: int) -> Ruling:
        """A seat is found holding ``count`` cards, not as many as it should (RULES 9.1, 9.2).

        During the deal a seat should hold the cards dealt to it so far; after
        it, two. Before substantial action that is a misdeal; after it the
        seat's hand is dead and the chips it put in stay in the pot.
        """
        self._check_open("report a wrong number of cards")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise IllegalActionError(f"the count {count!r} must be a number of cards, 0 or more")
        name = self.names[seat]
        expected = len(self._holes[seat]) if self._dealing else self.rules.game.hole_cards
        if count == expected:
            when = " at this point of the deal" if self._dealing else ""
            raise IllegalActionError(f"{name} holding {count} cards{when} is right: no error")
        if seat in self.hand.dead_hands:
            raise IllegalActionError(f"{name}'s hand is already dead")
        text = f"{capitalized(name)} holds {count} card{'s' if count != 1 else ''}, not {expected}"
        error = ErrorReported(DealerError.WRONG_COUNT, text, seat, (), None)
        why = self.substantial_action
        if not why:
            return self._misdeal_now(error)
        if self.hand.folded[seat]:
            raise IllegalActionError(f"{name} has folded: their cards no longer play")
        # RULES 9.2: too late for a misdeal; the hand is dead (Robert's "Dead Hands").
        procedure = (
            f"No misdeal: substantial action has taken place ({why}; RULES 9.2)."
            f" {capitalized(name)}'s hand is dead; the chips already in stay in the pot."
        )
        ruling = self._rule(error, "9.2", procedure)
        # The engine takes the hand out at once, all-in or due to show first included.
        self.hand.kill(seat, text)
        self._sync()
        return ruling

    @recorded
    def misdeal(self, reason: str) -> Ruling:
        """Call a misdeal for another cause of RULES 9.1 (e.g. a seat not entitled was dealt)."""
        self._check_open("call a misdeal")
        error = ErrorReported(DealerError.MISDEAL, reason, None, (), None)
        return self._misdeal_or_refuse(error)

    def _misdeal_or_refuse(self, error: ErrorReported) -> Ruling:
        why = self.substantial_action
        if why:
            procedure = (
                f"No misdeal: substantial action has taken place ({why}; RULES 9.2)."
                " The hand goes on."
            )
            return self._rule(error, "9.2", procedure)
        return self._misdeal_now(error)

    def _misdeal_now(self, error: ErrorReported, cause: str = "") -> Ruling:
        ruling = self._rule(error, "9.1", MISDEAL_NOTE)
        self._record.append(Misdealt(len(self._deals), cause or error.text))
        self._new_deal()
        return ruling

    def _rule(self, error: ErrorReported, rule: str, text: str) -> Ruling:
        procedure = ProcedureApplied(rule, text)
        self._record.append(error)
        self._record.append(procedure)
        ruling = Ruling(error, procedure)
        self._rulings.append(ruling)
        return ruling

    def _early_board(self, dealt: tuple[Card, ...]) -> Ruling:
        board = len(self.hand.board)
        if board == BOARD_CARDS:
            raise IllegalActionError("the board is complete: no card is left to turn")
        street = Street.FLOP if board == 0 else Street.TURN if board == 3 else Street.RIVER
        self._check_unseen(dealt)
        if street is Street.FLOP:
            return self._redo_flop(dealt, DealerError.EARLY_FLOP)
        if len(dealt) != 1:
            raise IllegalActionError(
                f"the {street.label} is one card, not {len(dealt)}: name the card exposed"
            )
        burn = self._burn_plan(street)[0] == "burn"
        if self._stub - burn < 1:
            raise IllegalActionError(f"the stub has no card left to turn as the {street.label}")
        card = dealt[0]
        self._take_burn(street)
        self._stub -= 1
        self._out.add(card)
        self._record.append(BoardExposed(street, dealt))
        self._returning.append(card)
        if street is Street.TURN:
            # RULES 9.5: the turn is burnt and dealt again; the river has no burn.
            self._burned.discard(Street.TURN)
            self._waived[Street.RIVER] = "9.5"
            text = f"The turn card {card} was exposed before the flop betting ended"
            error = ErrorReported(DealerError.EARLY_TURN, text, None, dealt, None)
            procedure = (
                f"Set the {card} aside. After the flop betting burn a card and deal the next"
                f" card as the turn; after the turn betting put the {card} back into the stub,"
                " shuffle it and deal the river without a burn."
            )
            return self._rule(error, "9.5", procedure)
        self._waived[Street.RIVER] = "9.6"
        text = f"The river card {card} was exposed before the turn betting ended"
        error = ErrorReported(DealerError.EARLY_RIVER, text, None, dealt, None)
        procedure = (
            f"Set the {card} aside. After the turn betting put it back into the stub,"
            " shuffle the stub and deal the river without a burn."
        )
        return self._rule(error, "9.6", procedure)

    def _redo_flop(self, dealt: tuple[Card, ...], kind: DealerError) -> Ruling:
        """RULES 9.4: the flop cards go back into the stub; a new flop, without a burn."""
        self._take_burn(Street.FLOP)
        self._record.append(BoardExposed(Street.FLOP, dealt))
        self._record.append(StubShuffled(dealt))
        if not self._dealing:  # else the hole cards still to come may be these
            self._in_stub.update(dealt)
        self._waived[Street.FLOP] = "9.4"
        shown = format_cards(dealt, " ")
        if kind is DealerError.FLOP_TOO_MANY:
            text = f"The flop was dealt with {len(dealt)} cards: {shown}"
            when = "Deal"
        else:
            text = f"The flop {shown} was dealt before the pre-flop betting ended"
            when = "When the pre-flop betting is over, deal"
        error = ErrorReported(kind, text, None, dealt, None)
        procedure = (
            f"Mix the {shown} back into the stub and shuffle it; the burn card stays."
            f" {when} a new flop without a burn."
        )
        return self._rule(error, "9.4", procedure)

    def _burn_plan(self, street: Street) -> tuple[BurnPlan, str]:
        """Whether a card is burnt before ``street`` now, and why not (RULES 1.3, 3.2, 9)."""
        waived = self._waived.get(street)
        if waived is not None:
            what = "a new flop is" if street is Street.FLOP else f"the {street.label} is"
            return "waived", f"{what} dealt without a burn (RULES {waived})"
        if street in self._burned:
            return "done", ""
        if street is Street.FLOP and self._burn_card is not None:
            return "card", f"the exposed {self._burn_card} is the burn (RULES 9.3)"
        # RULES 1.3: skip a burn that would leave too few cards to complete the board.
        available = self._stub + len(self._returning)
        needed = self._holes_to_deal() + sum(BOARD_CARDS - len(b) for b in self.hand.boards)
        if available - 1 < needed:
            return "skip", "too few cards are left to burn (RULES 1.3)"
        return "burn", ""

    def _holes_to_deal(self) -> int:
        if not self._dealing:
            return 0
        return len(self._sequence) - self._position + len(self._owed)

    def _take_burn(self, street: Street, card: Card | None = None) -> None:
        plan, _ = self._burn_plan(street)
        if plan == "burn":
            self._stub -= 1
            if card is not None:
                self._out.add(card)
            self._record.append(Burned(card))
        elif plan == "card":
            self._record.append(Burned(self._burn_card))
        else:
            return
        self._burned.add(street)

    def _return_set_aside(self) -> None:
        if not self._returning:
            return
        cards = tuple(self._returning)
        self._returning.clear()
        self._stub += len(cards)
        self._out.difference_update(cards)
        self._in_stub.update(cards)
        self._record.append(StubShuffled(cards))
