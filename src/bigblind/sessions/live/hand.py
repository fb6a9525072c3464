"""Live mode: a person deals real cards, bigblind keeps the game (RULES 1.3, 3, 9).

A :class:`LiveHand` follows the physical deal card by card: each hole card in
dealing order (RULES 3.1), the burns (RULES 3.2, with the 23-player rule of
RULES 1.3) and the board. Cards the dealer does not see are entered as
unknown (None) and checked when they are shown. The engine (a manual
:class:`~bigblind.engine.hand.Hand`) only ever gets the correct cards: the live layer
catches the dealer's errors as they happen, applies the procedures of RULES
9.1-9.6 and says them in plain words. :attr:`LiveHand.next_step` always tells
the dealer what to do next.

>>> from bigblind import Rules
>>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [100, 100, 100], button=2)
>>> live.next_step
'Deal the first card to seat 0'
>>> for _ in range(4):
...     _ = live.deal_hole()
>>> ruling = live.deal_hole(card="Qh", exposed=True)  # card 5 of 6, to seat 1
>>> print(ruling.procedure.text)
Set the exposed Qh aside; after the deal give seat 1 the top card;
the Qh is the burn before the flop.
>>> _ = live.deal_hole()
>>> live.next_step
'Give seat 1 the top card: it replaces the exposed Qh (RULES 9.3)'
>>> _ = live.deal_hole()
>>> live.next_step
'Seat 2 to act: fold, call 2, raise to 4-100'

A misdeal keeps the void deal in the record and deals again with the same
button and blinds (RULES 9.1); it is refused after substantial action
(RULES 9.2):

>>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [100, 100], button=0)
>>> print(live.deal_hole(card="As", exposed=True).procedure.text)
Misdeal: collect all cards, reshuffle and deal again.
The button does not move; the same blinds play.
>>> live.deal_number, live.next_step
(2, 'Deal the first card to seat 1')

Every report and procedure is an event of :attr:`LiveHand.events`, merged in
order with the engine's events of every deal.
"""

from __future__ import annotations

from collections.abc import Iterable

from bigblind.cards import format_cards, parse_cards
from bigblind.engine.actions import Action
from bigblind.engine.events import PotAwarded, Street
from bigblind.engine.hand import Legal
from bigblind.errors import CardError, HandFinishedError, IllegalActionError
from bigblind.sessions.live.events import (
    CardDealt,
    DealerError,
    ErrorReported,
    Ruling,
)
from bigblind.sessions.live.runs import RunChoice
from bigblind.sessions.live.state import (
    ORDINALS,
    STREET_CARDS,
    STREET_NAMES,
    capitalized,
    card_tuple,
    recorded,
    uncapitalized,
)

__all__ = ["LiveHand", "legal_words"]


def legal_words(legal: Legal) -> str:
    """The legal actions in the dealer's words: ``'fold, call 4, raise to 8-200'``.

    >>> legal_words(Legal(3, True, False, 4, 8, 200, False))
    'fold, call 4, raise to 8-200'
    >>> legal_words(Legal(1, False, True, None, 2, 2, True))
    'check, bet 2'
    """
    return ", ".join(legal.options())


class LiveHand(RunChoice):
    """One hand dealt by a person, with the dealer-error procedures of RULES 9.

    ``stacks``, ``button``, ``blind_seats``, ``live_blinds`` and
    ``dead_blinds`` are as for :class:`~bigblind.engine.hand.Hand`; ``names`` are the
    words used for each seat in the instructions (default ``'seat 0'`` ...).
    ``offer_run_twice``: when the betting ends all-in before the river, the
    hand waits (``awaiting == 'runs'``) for the players' answer to run it
    twice (RULES 10.3), given by :meth:`run_twice` or :meth:`run_once`.

    Dealing: :meth:`deal_hole` (the next card, unknown or named, face down or
    exposed), :meth:`burn` and :meth:`deal_board`. Betting: :meth:`act` or
    :meth:`fold`, :meth:`check`, :meth:`call`, :meth:`raise_to`. Showdown:
    :meth:`show`, :meth:`muck`. Run it twice: :meth:`run_twice`,
    :meth:`run_once`, then each run's burns and cards. Errors found later:
    :meth:`report_wrong_count` and :meth:`misdeal`. Methods that meet a dealer's error return its
    :class:`Ruling`, else None; an input that cannot be taken raises a
    :class:`~bigblind.errors.BigblindError` and changes nothing.

    >>> from bigblind import Rules
    >>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [50, 50], button=0)
    >>> for card in ("2c", None, "3c", None):
    ...     _ = live.deal_hole(card=card)
    >>> live.act("call"); live.act("check")
    >>> live.next_step
    'Burn a card and deal the flop'
    >>> _ = live.deal_board("Ah Kh Qh")
    >>> live.act("bet 10"); live.act("fold")
    >>> live.finished, live.result.stacks, live.summary()
    (True, (48, 52), ['seat 1 wins the pot (4)'])
    """

    def summary(self) -> list[str]:
        """Who wins which pot, main pot first (empty until the hand is over).

        >>> from bigblind import Rules
        >>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [20, 20], names=["Ann", "Bob"])
        >>> for card in ("As", "Ks", "Ad", "Kd"):
        ...     _ = live.deal_hole(card=card)
        >>> live.act("all-in"); live.act("call")
        >>> live.show(); live.show()
        >>> for street in ("2c 7d 9h", "Ts", "3d"):
        ...     _ = live.deal_board(street)
        >>> live.summary()
        ['Bob wins the pot (40) with One pair, aces, ten-nine-seven kickers']
        """
        result = self.hand.result
        if result is None:
            return []
        # Main pot first; in a hand run twice each pot's halves, run 1 then 2 (RULES 10.3).
        awards = sorted(
            (e for e in self.hand.events if isinstance(e, PotAwarded)), key=lambda e: e.pot
        )
        count = len({award.pot for award in awards})
        lines = []
        for pot in awards:
            index = pot.pot
            where = (
                "the pot" if count == 1 else "the main pot" if index == 0 else f"side pot {index}"
            )
            if pot.run:
                where = f"half of {where} on run {pot.run}"
            with_hand = f" with {pot.description}" if pot.description else ""
            if len(pot.winners) == 1:
                lines.append(f"{self.names[pot.winners[0]]} wins {where} ({pot.amount}){with_hand}")
            else:
                shares = ", ".join(
                    f"{self.names[s]} {share}"
                    for s, share in zip(pot.winners, pot.shares, strict=True)
                )
                lines.append(f"{capitalized(where)} ({pot.amount}) is split: {shares}{with_hand}")
        return lines

    @property
    def next_step(self) -> str:
        """What the dealer must do now, in plain words."""
        if self._dealing:
            seat = self.due_seat
            assert seat is not None
            if self._position >= len(self._sequence):
                card = self._replacing[seat]
                return (
                    f"Give {self.names[seat]} the top card: it replaces the exposed {card}"
                    " (RULES 9.3)"
                )
            nth = ORDINALS[self._position // self.seats]
            return f"Deal the {nth} card to {self.names[seat]}"
        hand = self.hand
        awaiting = hand.awaiting
        if awaiting is None:
            stacks = ", ".join(f"{self.names[s]} {c}" for s, c in enumerate(hand.stacks))
            return f"Hand over: {'; '.join(self.summary())}. Stacks for the next hand: {stacks}"
        if awaiting == "action":
            legal = hand.legal
            assert legal is not None
            return f"{capitalized(self.names[legal.seat])} to act: {legal_words(legal)}"
        if awaiting == "show":
            seat = hand.actor
            assert seat is not None
            return f"{capitalized(self.names[seat])} shows (name the cards) or mucks"
        if awaiting == "runs":
            if not self.can_run_twice:
                return "Too few cards are left to run it twice: run it once (RULES 10.3)"
            return (
                "All-in before the river: ask every player all-in whether they agree"
                " to run it twice (RULES 10.3)"
            )
        street = STREET_NAMES[awaiting]
        plan, reason = self._burn_plan(street)
        name = street.label
        if len(hand.boards) == 2:  # run twice: say which run the cards belong to
            name = f"{ORDINALS[self.run - 1]} run's {name}"
        before = ""
        if self._returning and (
            street is Street.RIVER or self._stub - (plan == "burn") < STREET_CARDS[street]
        ):
            before = (
                f"put the set-aside {format_cards(self._returning, ' ')} back into the stub"
                " and shuffle it, then "
            )
        if plan == "burn":
            text = f"burn a card and deal the {name}"
        elif plan == "waived":
            what = f"a new {name}" if street is Street.FLOP else f"the {name}"
            text = f"deal {what} without a burn (RULES {self._waived[street]})"
        elif plan in ("card", "skip"):
            text = f"deal the {name} without a burn: {reason}"
        else:
            text = f"deal the {name} (the burn is taken)"
        return capitalized(before + text)

    # -------------------------------------------------------- dealing holes

    @recorded
    def deal_hole(
        self, seat: int | None = None, card: str | int | None = None, *, exposed: bool = False
    ) -> Ruling | None:
        """The dealer gives the next hole card, to ``seat`` (default: the seat due).

        ``card`` is None when unknown (the dealer does not see players' cards);
        an ``exposed`` card must be named. A card to the wrong seat, or the
        first or second card of the deal exposed, or a second card exposed is
        a misdeal (RULES 9.1); one other exposed card is replaced after the
        deal and becomes the burn before the flop (RULES 9.3).
        """
        if self.hand.finished:
            raise HandFinishedError("cannot deal a hole card: the hand is over")
        if not self._dealing:
            raise IllegalActionError(
                "the hole cards are all dealt: a seat with the wrong number of cards is"
                " reported with report_wrong_count"
            )
        due = self.due_seat
        assert due is not None
        if seat is None:
            seat = due
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        dealt = self._one_card(card)
        if exposed and dealt is None:
            raise IllegalActionError("name the exposed card: everybody has seen it")
        position = self._position + 1
        self._check_unseen([dealt])
        # The card has left the deck, whatever happens next.
        self._record.append(CardDealt(position, seat, dealt, exposed))
        self._position = position
        self._stub -= 1
        if dealt is not None:
            self._out.add(dealt)
        where = f"card {position} of the deal"
        if seat != due:
            kind = DealerError.WRONG_SEAT
            text = (
                f"{capitalized(where)} went to {self.names[seat]}; it was {self.names[due]}'s card"
            )
            size = self.rules.game.hole_cards
            if len(self._holes[seat]) >= size:
                kind = DealerError.WRONG_COUNT
                text = (
                    f"{capitalized(where)} went to {self.names[seat]},"
                    f" who holds {'two' if size == 2 else size} cards already"
                )
            return self._misdeal_now(ErrorReported(kind, text, seat, card_tuple(dealt), position))
        if exposed:
            assert dealt is not None
            self._exposed.append(dealt)
            text = f"{capitalized(where)}, the {dealt} to {self.names[seat]}, was exposed"
            error = ErrorReported(DealerError.EXPOSED_CARD, text, seat, (dealt,), position)
            if position <= 2:
                return self._misdeal_now(error, f"the {ORDINALS[position - 1]} card of the deal")
            if len(self._exposed) >= 2:
                return self._misdeal_now(error, "two cards of the deal exposed")
            # RULES 9.3: the deal goes on; the seat gets the top card after it.
            self._owed.append(seat)
            self._replacing[seat] = dealt
            self._burn_card = dealt
            procedure = (
                f"Set the exposed {dealt} aside; after the deal give {self.names[seat]} the top"
                f" card; the {dealt} is the burn before the flop."
            )
            ruling = self._rule(error, "9.3", procedure)
            self._after_hole()
            return ruling
        if position > len(self._sequence):
            self._owed.remove(seat)
        self._holes[seat].append(dealt)
        self._after_hole()
        return None

    def _after_hole(self) -> None:
        if self._position < len(self._sequence) or self._owed:
            return
        self._dealing = False
        for seat in self._order:
            cards = self._holes[seat]
            known = [c for c in cards if c is not None]
            self.hand.deal_hole(seat, None if len(known) < len(cards) else known)
        self._sync()

    # -------------------------------------------------------------- board

    @recorded
    def burn(self, card: str | int | None = None) -> None:
        """Burn the top card before the street due (RULES 3.2); ``card`` if the dealer saw it.

        :meth:`deal_board` takes the burn due by itself when it was not entered.
        """
        awaiting = self.awaiting
        street = STREET_NAMES.get(awaiting or "")
        if street is None:
            raise IllegalActionError(
                f"no burn now: the hand awaits {awaiting or 'nothing (it is over)'}"
            )
        plan, reason = self._burn_plan(street)
        if plan == "done":
            raise IllegalActionError(f"the burn before the {street.label} is already taken")
        if plan != "burn":
            raise IllegalActionError(f"no burn before the {street.label}: {reason}")
        burnt = self._one_card(card)
        # Set-aside cards go back first when the stub is too short without them.
        back = street is Street.RIVER or self._stub - 1 < STREET_CARDS[street]
        self._check_unseen([burnt], back=self._returning if back else ())
        if back:
            self._return_set_aside()
        self._take_burn(street, burnt)

    @recorded
    def deal_board(self, cards: str | Iterable[str | int]) -> Ruling | None:
        """The dealer turns board cards face up: the flop, the turn or the river.

        A flop of more than three cards, or any board card turned before the
        betting round ended, is a dealer's error: its procedure is applied
        (RULES 9.4-9.6) and returned. The burn due before the street is taken
        here when :meth:`burn` did not record it.
        """
        awaiting = self.awaiting
        if awaiting is None:
            raise HandFinishedError("cannot deal the board: the hand is over")
        if awaiting == "show":
            raise IllegalActionError(
                "the hands are shown before the rest of the board: " + uncapitalized(self.next_step)
            )
        if awaiting == "runs":
            raise IllegalActionError(
                "the players all-in say first whether they run it twice (RULES 10.3):"
                " run_twice or run_once"
            )
        dealt = parse_cards(cards)
        if not dealt:
            raise IllegalActionError("name the board cards turned face up")
        due = STREET_NAMES.get(awaiting)
        if due is None:
            return self._early_board(dealt)
        if due is Street.FLOP and len(dealt) > 3:
            self._check_unseen(dealt)
            return self._redo_flop(dealt, DealerError.FLOP_TOO_MANY)
        size = STREET_CARDS[due]
        if len(dealt) != size:
            raise IllegalActionError(
                f"the {due.label} is {size} card{'s' if size > 1 else ''},"
                f" not {len(dealt)}: {format_cards(dealt, ' ')}"
            )
        # Set-aside cards go back before the river (RULES 9.5, 9.6), or sooner when the
        # stub cannot give the street without them (a short deck, RULES 1.3).
        burn = self._burn_plan(due)[0] == "burn"
        back = due is Street.RIVER or self._stub - burn < size
        self._check_unseen(dealt, back=self._returning if back else ())
        self._take_burn(due)
        if back:
            self._return_set_aside()
        self._stub -= size
        self._out.update(dealt)
        self.hand.deal_board(dealt)
        self._sync()
        self._start_second_run()
        return None

    # ------------------------------------------------------------- betting

    @recorded
    def act(self, action: Action | str) -> None:
        """Play an engine Action, or its text, for the seat to act: 'fold', 'check', 'call',
        'raise 8' ..."""
        self._betting("act")
        self.hand.act(action)
        self._sync()

    @recorded
    def fold(self) -> None:
        """The seat to act folds."""
        self._betting("fold")
        self.hand.fold()
        self._sync()

    @recorded
    def check(self) -> None:
        """The seat to act checks."""
        self._betting("check")
        self.hand.check()
        self._sync()

    @recorded
    def call(self) -> None:
        """The seat to act calls."""
        self._betting("call")
        self.hand.call()
        self._sync()

    @recorded
    def raise_to(self, amount: int) -> None:
        """The seat to act bets or raises to ``amount`` in all this round."""
        self._betting("raise")
        self.hand.raise_to(amount)
        self._sync()

    def _betting(self, what: str) -> None:
        if self._dealing:
            raise IllegalActionError(f"cannot {what} yet: {uncapitalized(self.next_step)}")

    # ------------------------------------------------------------ showdown

    @recorded
    def show(
        self, cards: str | Iterable[str | int] | None = None, *, seat: int | None = None
    ) -> None:
        """The seat due to show (or ``seat``) turns its cards up; name them where unknown.

        After an all-in every hand is turned up at once (RULES 4.7, 6.7), so any seat
        still to show may be entered, in any order; after the river the order of 6.7
        stands and another seat is refused.
        """
        hand = self.hand
        self._check_open("show")
        if self._dealing or hand.awaiting != "show":
            raise IllegalActionError(f"nothing is shown now: {uncapitalized(self.next_step)}")
        if seat is None:
            seat = hand.actor
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        assert seat is not None
        known = [c for c in self._holes[seat] if c is not None]
        size = self.rules.game.hole_cards  # RULES 11.1: four to six in Omaha
        if cards is None:
            if len(known) < size:
                raise IllegalActionError(
                    f"name the cards {self.names[seat]} shows: the house has not seen them"
                )
            given = tuple(known)
        else:
            given = parse_cards(cards)
            if len(given) != size:
                raise IllegalActionError(
                    f"{self.names[seat]} must show {size} cards, not {len(given)}"
                )
            if not set(known) <= set(given) or len(set(given)) != size:
                raise CardError(
                    f"{self.names[seat]} cannot show {format_cards(given, ' ')}: it was dealt"
                    f" {' '.join('??' if c is None else str(c) for c in self._holes[seat])}"
                )
            named = [c for c in given if c not in known]
            self._check_unseen(named)
            stub = [c for c in named if c in self._in_stub]
            if stub:
                raise CardError(
                    f"{self.names[seat]} cannot show {stub[0]}: it was turned up from the stub"
                    " after the hole cards were dealt and went back into it (RULES 9.4, 9.6)"
                )
        hand.show(given, seat=seat)
        self._holes[seat] = list(given)
        self._out.update(given)
        self._sync()

    @recorded
    def muck(self) -> None:
        """The seat due to show throws its cards away unseen (RULES 6.7)."""
        self.hand.muck()
        self._sync()

    def __repr__(self) -> str:
        return (
            f"<LiveHand {self.seats} players, deal {self.deal_number}, awaiting {self.awaiting},"
            f" pot {self.pot}>"
        )
