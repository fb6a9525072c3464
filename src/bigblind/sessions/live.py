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
'Deal seat 0 its first card'
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
(2, 'Deal seat 1 its first card')

Every report and procedure is an event of :attr:`LiveHand.events`, merged in
order with the engine's events of every deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Literal, NamedTuple

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    Burned,
    Event,
    Street,
    _kind_sensitive,
)
from bigblind.engine.hand import Hand, HandResult, Legal
from bigblind.engine.pots import Pot
from bigblind.engine.rules import Rules
from bigblind.errors import (
    CardError,
    HandFinishedError,
    HistoryError,
    IllegalActionError,
    RulesError,
)

__all__ = [
    "BoardExposed",
    "CardDealt",
    "DealStarted",
    "DealerError",
    "ErrorReported",
    "LiveEvent",
    "LiveHand",
    "LiveSession",
    "Misdealt",
    "ProcedureApplied",
    "Ruling",
    "StubShuffled",
    "legal_words",
]

_DECK = 52
_BOARD = 5
_SIZE = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_ORDINAL = ("first", "second")
_MISDEAL = (
    "Misdeal: collect all cards, reshuffle and deal again."
    " The button does not move; the same blinds play."
)


class DealerError(Enum):
    """The dealer's errors that live mode handles (RULES 9)."""

    EXPOSED_CARD = "card exposed in the deal"
    WRONG_SEAT = "card dealt out of turn"
    WRONG_COUNT = "wrong number of cards"
    MISDEAL = "misdeal called"
    FLOP_TOO_MANY = "flop with too many cards"
    EARLY_FLOP = "flop before the pre-flop betting ended"
    EARLY_TURN = "turn exposed before the flop betting ended"
    EARLY_RIVER = "river exposed before the turn betting ended"


# ------------------------------------------------------------------ events


@_kind_sensitive
class DealStarted(NamedTuple):
    """Deal number ``deal`` of the hand began (2 and up: the redeal after a misdeal)."""

    deal: int


@_kind_sensitive
class CardDealt(NamedTuple):
    """A hole card left the deck: card ``position`` of the deal (from 1), to ``seat``.

    ``card`` is None while unknown; ``exposed`` when the dealer turned it face up.
    """

    position: int
    seat: int
    card: Card | None
    exposed: bool


@_kind_sensitive
class BoardExposed(NamedTuple):
    """Board cards turned face up by mistake (too many, or too early); not the board."""

    street: Street
    cards: tuple[Card, ...]


@_kind_sensitive
class StubShuffled(NamedTuple):
    """Cards went back into the stub (the undealt deck), which was shuffled."""

    returned: tuple[Card, ...]


@_kind_sensitive
class ErrorReported(NamedTuple):
    """A dealer's error: what, in words, and which seat, cards and place in the deal."""

    kind: DealerError
    text: str
    seat: int | None
    cards: tuple[Card, ...]
    position: int | None


@_kind_sensitive
class ProcedureApplied(NamedTuple):
    """The procedure of rule ``rule`` ('9.3') as told to the dealer."""

    rule: str
    text: str


@_kind_sensitive
class Misdealt(NamedTuple):
    """Deal number ``deal`` is void (RULES 9.1); a redeal follows."""

    deal: int
    reason: str


LiveEvent = (
    DealStarted
    | CardDealt
    | BoardExposed
    | StubShuffled
    | ErrorReported
    | ProcedureApplied
    | Misdealt
)


class Ruling(NamedTuple):
    """A dealer's error and the procedure applied to it."""

    error: ErrorReported
    procedure: ProcedureApplied

    @property
    def misdeal(self) -> bool:
        """Whether the deal was declared void."""
        return self.procedure.rule == "9.1"


_BurnPlan = Literal["burn", "card", "waived", "skip", "done"]


def legal_words(legal: Legal) -> str:
    """The legal actions in the dealer's words: ``'fold, call 4, raise to 8-200'``.

    >>> legal_words(Legal(3, True, False, 4, 8, 200, False))
    'fold, call 4, raise to 8-200'
    >>> legal_words(Legal(1, False, True, None, 2, 2, True))
    'check, bet 2'
    """
    return ", ".join(legal.options())


class LiveHand:
    """One hand dealt by a person, with the dealer-error procedures of RULES 9.

    ``stacks``, ``button``, ``blind_seats``, ``live_blinds`` and
    ``dead_blinds`` are as for :class:`~bigblind.engine.hand.Hand`; ``names`` are the
    words used for each seat in the instructions (default ``'seat 0'`` ...).

    Dealing: :meth:`deal_hole` (the next card, unknown or named, face down or
    exposed), :meth:`burn` and :meth:`deal_board`. Betting: :meth:`act` or
    :meth:`fold`, :meth:`check`, :meth:`call`, :meth:`raise_to`. Showdown:
    :meth:`show`, :meth:`muck`. Errors found later: :meth:`report_wrong_count`
    and :meth:`misdeal`. Methods that meet a dealer's error return its
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

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        button: int = 0,
        names: Sequence[str] | None = None,
        blind_seats: tuple[int | None, int] | None = None,
        live_blinds: Mapping[int, int] | None = None,
        dead_blinds: Mapping[int, int] | None = None,
    ) -> None:
        n = len(stacks)
        if names is not None and len(names) != n:
            raise RulesError(f"{len(names)} names for {n} seats: give one name a seat")
        self.rules = rules
        self.names: tuple[str, ...] = (
            tuple(names) if names is not None else tuple(f"seat {s}" for s in range(n))
        )
        self._start = tuple(stacks)
        self._blind_seats = blind_seats
        self._live_blinds = dict(live_blinds or {})
        self._dead_blinds = dict(dead_blinds or {})
        self.button = button
        self.seats = n
        self._deals: list[Hand] = []
        self._record: list[Event | LiveEvent] = []
        self._rulings: list[Ruling] = []
        self._new_deal()

    # --------------------------------------------------------------- a deal

    def _new_deal(self) -> None:
        hand = Hand(
            self.rules,
            self._start,
            button=self.button,
            dealing="manual",
            showdown="manual",
            blind_seats=self._blind_seats,
            live_blinds=self._live_blinds,
            dead_blinds=self._dead_blinds,
        )
        n = self.seats
        self._deals.append(hand)
        self._seen = 0
        order = [(self.button + 1 + i) % n for i in range(n)]
        self._order = order
        self._sequence: list[int] = order + order
        self._position = 0  # hole cards dealt so far, exposed ones included
        self._holes: list[list[Card | None]] = [[] for _ in range(n)]
        self._exposed: list[Card] = []
        self._owed: list[int] = []
        self._replacing: dict[int, Card] = {}
        self._dealing = True
        self._stub = _DECK
        self._out: set[Card] = set()  # known cards out of the stub
        self._burned: set[Street] = set()
        self._waived: dict[Street, str] = {}
        self._burn_card: Card | None = None
        self._returning: list[Card] = []  # set aside, back into the stub before the river
        self._record.append(DealStarted(len(self._deals)))
        self._sync()

    def _sync(self) -> None:
        events = self.hand.events
        self._record.extend(events[self._seen :])
        self._seen = len(events)

    # -------------------------------------------------------------- queries

    @property
    def hand(self) -> Hand:
        """The engine's hand of the current deal."""
        return self._deals[-1]

    @property
    def deals(self) -> tuple[Hand, ...]:
        """The engine's hand of every deal, misdealt ones first."""
        return tuple(self._deals)

    @property
    def deal_number(self) -> int:
        """1 for the first deal, 2 after one misdeal, ..."""
        return len(self._deals)

    @property
    def events(self) -> tuple[Event | LiveEvent, ...]:
        """The whole record: every deal, the engine's events and the live ones, in order."""
        return tuple(self._record)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """Every dealer's error of the hand with its procedure, oldest first."""
        return tuple(self._rulings)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the hand began with (every deal starts from them)."""
        return self._start

    @property
    def dealing(self) -> bool:
        """Whether the hole cards are being dealt."""
        return self._dealing

    @property
    def awaiting(self) -> str | None:
        """'hole card', 'action', 'flop', 'turn', 'river', 'show', or None when over."""
        if self._dealing:
            return "hole card"
        return self.hand.awaiting

    @property
    def finished(self) -> bool:
        """Whether every pot has been awarded."""
        return self.hand.finished

    @property
    def actor(self) -> int | None:
        """The seat to act (or to show), else None."""
        return None if self._dealing else self.hand.actor

    @property
    def legal(self) -> Legal | None:
        """The legal actions and amounts of the seat to act, else None."""
        return None if self._dealing else self.hand.legal

    @property
    def due_seat(self) -> int | None:
        """The seat the next hole card goes to, while dealing."""
        if not self._dealing:
            return None
        if self._position < len(self._sequence):
            return self._sequence[self._position]
        return self._owed[0]

    @property
    def stub(self) -> int:
        """How many cards are in the stub (the undealt deck), set-aside cards not counted."""
        return self._stub

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """Board cards exposed early and set aside, to go back into the stub (RULES 9.5, 9.6)."""
        return tuple(self._returning)

    def holes(self, seat: int) -> tuple[Card | None, ...]:
        """The cards ``seat`` holds as far as the house knows (None where unknown)."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        return tuple(self._holes[seat])

    @property
    def board(self) -> tuple[Card, ...]:
        """The board dealt so far (cards exposed by mistake are not part of it)."""
        return self.hand.board

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind each seat now."""
        return self.hand.stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat in this betting round."""
        return self.hand.bets

    @property
    def pot(self) -> int:
        """Every chip in the middle, bets included."""
        return self.hand.pot

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot and side pots as they stand."""
        return self.hand.pots

    @property
    def result(self) -> HandResult | None:
        """Who won which pot and the final stacks, once the hand is over."""
        return self.hand.result

    @property
    def next_stacks(self) -> tuple[int, ...] | None:
        """The stacks for the next hand, once this one is over."""
        result = self.hand.result
        return None if result is None else result.stacks

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
        lines = []
        count = len(result.pots)
        for index, pot in enumerate(result.pots):
            where = (
                "the pot" if count == 1 else "the main pot" if index == 0 else f"side pot {index}"
            )
            with_hand = f" with {pot.description}" if pot.description else ""
            if len(pot.winners) == 1:
                lines.append(f"{self.names[pot.winners[0]]} wins {where} ({pot.amount}){with_hand}")
            else:
                shares = ", ".join(
                    f"{self.names[s]} {share}"
                    for s, share in zip(pot.winners, pot.shares, strict=True)
                )
                lines.append(f"{where.capitalize()} ({pot.amount}) is split: {shares}{with_hand}")
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
            nth = _ORDINAL[self._position // self.seats]
            return f"Deal {self.names[seat]} its {nth} card"
        hand = self.hand
        awaiting = hand.awaiting
        if awaiting is None:
            stacks = ", ".join(f"{self.names[s]} {c}" for s, c in enumerate(hand.stacks))
            return f"Hand over: {'; '.join(self.summary())}. Stacks for the next hand: {stacks}"
        if awaiting == "action":
            legal = hand.legal
            assert legal is not None
            return f"{_cap(self.names[legal.seat])} to act: {legal_words(legal)}"
        if awaiting == "show":
            seat = hand.actor
            assert seat is not None
            return f"{_cap(self.names[seat])} shows (name the cards) or mucks"
        street = _STREETS[awaiting]
        plan, reason = self._burn_plan(street)
        name = street.label
        before = ""
        if self._returning and (
            street is Street.RIVER or self._stub - (plan == "burn") < _SIZE[street]
        ):
            before = (
                f"put the set-aside {format_cards(self._returning, ' ')} back into the stub"
                " and shuffle it, then "
            )
        if plan == "burn":
            text = f"burn a card and deal the {name}"
        elif plan == "waived":
            what = "a new flop" if street is Street.FLOP else f"the {name}"
            text = f"deal {what} without a burn (RULES {self._waived[street]})"
        elif plan in ("card", "skip"):
            text = f"deal the {name} without a burn: {reason}"
        else:
            text = f"deal the {name} (the burn is taken)"
        return _cap(before + text)

    # -------------------------------------------------------- dealing holes

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
            text = f"{_cap(where)} went to {self.names[seat]}; it was {self.names[due]}'s card"
            if len(self._holes[seat]) >= 2:
                kind = DealerError.WRONG_COUNT
                text = f"{_cap(where)} went to {self.names[seat]}, who holds two cards already"
            return self._misdeal_now(ErrorReported(kind, text, seat, _cards(dealt), position))
        if exposed:
            assert dealt is not None
            self._exposed.append(dealt)
            text = f"{_cap(where)}, the {dealt} to {self.names[seat]}, was exposed"
            error = ErrorReported(DealerError.EXPOSED_CARD, text, seat, (dealt,), position)
            if position <= 2:
                return self._misdeal_now(error, f"the {_ORDINAL[position - 1]} card of the deal")
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
            first, second = self._holes[seat]
            known = None if first is None or second is None else [first, second]
            self.hand.deal_hole(seat, known)
        self._sync()

    # ------------------------------------------------------------ misdeals

    def report_wrong_count(self, seat: int, count: int) -> Ruling:
        """A seat is found holding ``count`` cards instead of two (RULES 9.1, 9.2)."""
        self._check_open("report a wrong number of cards")
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        if count == 2:
            raise IllegalActionError(f"{self.names[seat]} holding 2 cards is right: no error")
        text = f"{_cap(self.names[seat])} holds {count} card{'s' if count != 1 else ''}, not 2"
        error = ErrorReported(DealerError.WRONG_COUNT, text, seat, (), None)
        return self._misdeal_or_refuse(error)

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
        ruling = self._rule(error, "9.1", _MISDEAL)
        self._record.append(Misdealt(self.deal_number, cause or error.text))
        self._new_deal()
        return ruling

    def _rule(self, error: ErrorReported, rule: str, text: str) -> Ruling:
        procedure = ProcedureApplied(rule, text)
        self._record.append(error)
        self._record.append(procedure)
        ruling = Ruling(error, procedure)
        self._rulings.append(ruling)
        return ruling

    def _check_open(self, what: str) -> None:
        if self.hand.finished:
            raise HandFinishedError(f"cannot {what}: the hand is over")

    # -------------------------------------------------------------- board

    def burn(self, card: str | int | None = None) -> None:
        """Burn the top card before the street due (RULES 3.2); ``card`` if the dealer saw it.

        :meth:`deal_board` takes the burn due by itself when it was not entered.
        """
        awaiting = self.awaiting
        street = _STREETS.get(awaiting or "")
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
        back = street is Street.RIVER or self._stub - 1 < _SIZE[street]
        self._check_unseen([burnt], back=self._returning if back else ())
        if back:
            self._return_set_aside()
        self._take_burn(street, burnt)

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
                "the hands are shown before the rest of the board: " + _uncap(self.next_step)
            )
        dealt = parse_cards(cards)
        if not dealt:
            raise IllegalActionError("name the board cards turned face up")
        due = _STREETS.get(awaiting)
        if due is None:
            return self._early_board(dealt)
        if due is Street.FLOP and len(dealt) > 3:
            self._check_unseen(dealt)
            return self._redo_flop(dealt, DealerError.FLOP_TOO_MANY)
        size = _SIZE[due]
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
        return None

    def _early_board(self, dealt: tuple[Card, ...]) -> Ruling:
        board = len(self.hand.board)
        if board == _BOARD:
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

    def _burn_plan(self, street: Street) -> tuple[_BurnPlan, str]:
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
        needed = _BOARD - len(self.hand.board) + self._holes_to_deal()
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
        self._record.append(StubShuffled(cards))

    # ------------------------------------------------------------- betting

    def act(self, action: str) -> None:
        """Play an action text for the seat to act: 'fold', 'check', 'call', 'raise 8' ..."""
        self._betting("act")
        self.hand.act(action)
        self._sync()

    def fold(self) -> None:
        """The seat to act folds."""
        self._betting("fold")
        self.hand.fold()
        self._sync()

    def check(self) -> None:
        """The seat to act checks."""
        self._betting("check")
        self.hand.check()
        self._sync()

    def call(self) -> None:
        """The seat to act calls."""
        self._betting("call")
        self.hand.call()
        self._sync()

    def raise_to(self, amount: int) -> None:
        """The seat to act bets or raises to ``amount`` in all this round."""
        self._betting("raise")
        self.hand.raise_to(amount)
        self._sync()

    def _betting(self, what: str) -> None:
        if self._dealing:
            raise IllegalActionError(f"cannot {what} yet: {_uncap(self.next_step)}")

    # ------------------------------------------------------------ showdown

    def show(self, cards: str | Iterable[str | int] | None = None) -> None:
        """The seat due to show turns its cards up; name them where they are unknown."""
        hand = self.hand
        self._check_open("show")
        if self._dealing or hand.awaiting != "show":
            raise IllegalActionError(f"nothing is shown now: {_uncap(self.next_step)}")
        seat = hand.actor
        assert seat is not None
        known = [c for c in self._holes[seat] if c is not None]
        if cards is None:
            if len(known) < 2:
                raise IllegalActionError(
                    f"name the cards {self.names[seat]} shows: the house has not seen them"
                )
            given = tuple(known)
        else:
            given = parse_cards(cards)
            if len(given) != 2:
                raise IllegalActionError(f"{self.names[seat]} must show 2 cards, not {len(given)}")
            if not set(known) <= set(given) or len(set(given)) != 2:
                raise CardError(
                    f"{self.names[seat]} cannot show {format_cards(given, ' ')}: it was dealt"
                    f" {' '.join('??' if c is None else str(c) for c in self._holes[seat])}"
                )
            self._check_unseen([c for c in given if c not in known])
        hand.show(given)
        self._holes[seat] = list(given)
        self._out.update(given)
        self._sync()

    def muck(self) -> None:
        """The seat due to show throws its cards away unseen (RULES 6.7)."""
        self.hand.muck()
        self._sync()

    # ----------------------------------------------------------- internals

    @staticmethod
    def _one_card(card: str | int | None) -> Card | None:
        if card is None:
            return None
        cards = parse_cards([card])
        if len(cards) != 1:
            raise CardError(f"one card at a time, not {format_cards(cards, ' ')}")
        return cards[0]

    def _check_unseen(self, cards: Iterable[Card | None], back: Iterable[Card] = ()) -> None:
        """Refuse a card already out of the stub (``back``: cards going back in first)."""
        seen = self._out.difference(back)
        for card in cards:
            if card is None:
                continue
            if card in seen:
                raise CardError(f"card {card} is already out of the deck: it cannot be dealt twice")
            seen.add(card)

    def __repr__(self) -> str:
        return (
            f"<LiveHand {self.seats} players, deal {self.deal_number}, awaiting {self.awaiting},"
            f" pot {self.pot}>"
        )


_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncap(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cards(card: Card | None) -> tuple[Card, ...]:
    return () if card is None else (card,)


# -------------------------------------------------------------- session


class LiveSession:
    """The hands of one live game: seats, names, stacks and the button between hands.

    Players with chips are dealt in; the button moves one player clockwise
    after every hand (RULES 2.1), never after a misdeal (a redeal belongs to
    the same hand).

    >>> from bigblind import Rules
    >>> session = LiveSession(Rules.no_limit(blinds=(1, 2)), [("Ann", 50), ("Bob", 50)])
    >>> live = session.start_hand()
    >>> for _ in range(4):
    ...     _ = live.deal_hole()
    >>> live.act("fold")
    >>> session.finish_hand()
    >>> session.stacks, session.button
    ((49, 51), 1)
    >>> print(session.phh().splitlines()[0])
    [1]
    """

    def __init__(
        self, rules: Rules, players: Sequence[tuple[str, int]], *, button: int = 0
    ) -> None:
        self.rules = rules
        self._names: list[str] = []
        self._stacks: list[int] = []
        self._current: LiveHand | None = None
        self.button = 0
        self.set_players(players, button=button)
        self._dealt: tuple[int, ...] = ()
        self._history: list[tuple[LiveHand, tuple[int, ...], tuple[str, ...]]] = []

    def set_players(self, players: Sequence[tuple[str, int]], *, button: int | None = None) -> None:
        """Seat the players (name, chips) in clockwise order; between hands only."""
        if self._current is not None:
            raise IllegalActionError("players change between hands, not during one")
        names = [name for name, _ in players]
        stacks = [chips for _, chips in players]
        if not 2 <= len(names) <= 23:
            raise RulesError(f"a live game seats 2 to 23 players, not {len(names)}")
        if len(set(names)) != len(names):
            raise RulesError("two players have the same name: give each a name of their own")
        for name, chips in players:
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise RulesError(f"{name}'s stack {chips!r} must be whole chips, 0 or more")
        self._names, self._stacks = names, stacks
        if button is not None:
            if not 0 <= button < len(names):
                raise RulesError(f"button {button} must be a seat from 0 to {len(names) - 1}")
            self.button = button
        else:
            self.button = min(self.button, len(names) - 1)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(self._names)

    @property
    def stacks(self) -> tuple[int, ...]:
        """The players' stacks between hands, by seat."""
        return tuple(self._stacks)

    @property
    def current(self) -> LiveHand | None:
        """The hand being dealt, if any."""
        return self._current

    @property
    def dealt(self) -> tuple[int, ...]:
        """The session seat of each hand seat of the current (or last) hand."""
        return self._dealt

    @property
    def history(self) -> tuple[LiveHand, ...]:
        """The finished hands, oldest first."""
        return tuple(hand for hand, _, _ in self._history)

    def can_deal(self) -> bool:
        """Whether two players have chips."""
        return sum(1 for chips in self._stacks if chips > 0) >= 2

    def start_hand(self) -> LiveHand:
        """Start the next hand among the players with chips."""
        if self._current is not None:
            raise IllegalActionError("a hand is being played: finish it first")
        dealt = tuple(s for s, chips in enumerate(self._stacks) if chips > 0)
        if len(dealt) < 2:
            raise RulesError("a hand needs two players with chips")
        button = self.button
        while button not in dealt:
            button = (button + 1) % len(self._stacks)
        self.button = button
        labels = tuple(f"{self._names[s]} (seat {s + 1})" for s in dealt)
        self._dealt = dealt
        self._current = LiveHand(
            self.rules,
            [self._stacks[s] for s in dealt],
            button=dealt.index(button),
            names=labels,
        )
        return self._current

    def finish_hand(self) -> None:
        """Take the finished hand's stacks and move the button (RULES 2.1, 7.1)."""
        live = self._current
        if live is None or live.result is None:
            raise IllegalActionError("no finished hand to take: the hand is not over")
        for hand_seat, seat in enumerate(self._dealt):
            self._stacks[seat] = live.result.stacks[hand_seat]
        self._history.append((live, self._dealt, tuple(self._names[s] for s in self._dealt)))
        self._current = None
        n = len(self._stacks)
        for step in range(1, n + 1):
            seat = (self.button + step) % n
            if self._stacks[seat] > 0:
                self.button = seat
                break

    def phh(self, **metadata: object) -> str:
        """The finished hands as one PHH ``.phhs`` text (those PHH can express)."""
        from bigblind.formats.phh import dump_session, dumps

        items: list[tuple[Hand, Mapping[str, object]]] = []
        for number, (live, _, names) in enumerate(self._history, start=1):
            fields: dict[str, object] = {"hand": number, "players": list(names)}
            if live.deal_number > 1:
                fields["_misdeals"] = live.deal_number - 1
            try:
                dumps(live.hand, **fields)
            except HistoryError:
                continue
            items.append((live.hand, fields))
        return dump_session(items, **metadata)
