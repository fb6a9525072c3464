"""The state of one live deal that the dealing, the betting and the procedures share."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Concatenate, Literal, NamedTuple, ParamSpec, TypeVar

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.engine.events import Event, Street
from bigblind.engine.hand import Hand, HandResult, Legal
from bigblind.engine.pots import Pot
from bigblind.engine.rules import Rules
from bigblind.errors import CardError, HandFinishedError, IllegalActionError, RulesError
from bigblind.sessions.live.events import DealStarted, LiveEvent, Ruling, Undone

_DECK = 52
BOARD_CARDS = 5
STREET_CARDS = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
MISDEAL_NOTE = (
    "Misdeal: collect all cards, reshuffle and deal again."
    " The button does not move; the same blinds play."
)

STREET_NAMES = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}

BurnPlan = Literal["burn", "card", "waived", "skip", "done"]

_S = TypeVar("_S", bound="LiveState")
_P = ParamSpec("_P")
_R = TypeVar("_R")

_WORDS = {
    "deal_hole": "a hole card",
    "burn": "a burn",
    "deal_board": "board cards",
    "act": "an action",
    "fold": "a fold",
    "check": "a check",
    "call": "a call",
    "raise_to": "a raise",
    "show": "a show",
    "muck": "a muck",
    "report_wrong_count": "a wrong number of cards reported",
    "misdeal": "a misdeal called",
    "run_twice": "run it twice",
    "run_once": "run it once",
}


class _Step(NamedTuple):
    """One input of the dealer, as the method called and its arguments."""

    method: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def words(self) -> str:
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        detail = f" ({', '.join(shown)})" if shown else ""
        return _WORDS[self.method] + detail


def _cancelled(log: Sequence[_Step | Undone]) -> set[int]:
    """The log entries undone: each undo takes back the latest step still standing."""
    standing: list[int] = []
    cancelled: set[int] = set()
    for index, entry in enumerate(log):
        if isinstance(entry, Undone):
            cancelled.add(standing.pop())
        else:
            standing.append(index)
    return cancelled


def recorded(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """Log a dealer's step once it is taken (a step that raises changed nothing)."""

    @functools.wraps(method)
    def step(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self._depth:
            return method(self, *args, **kwargs)
        self._depth += 1
        try:
            result = method(self, *args, **kwargs)
        finally:
            self._depth -= 1
        self._log.append(_Step(method.__name__, tuple(args), dict(kwargs)))
        return result

    return step


class LiveState:
    """The cards, the deck and the record of a live hand; see :class:`LiveHand`."""

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
        offer_run_twice: bool = False,
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
        self.offer_run_twice = offer_run_twice
        """Whether the hand stops for the players' answer to run it twice (RULES 10.3)."""
        self.button = button
        self.seats = n
        # The dealer's steps and undos, in order: the hand is a replay of the steps
        # not undone (undo).
        self._log: list[_Step | Undone] = []
        self._depth = 0
        self._reset()

    def _reset(self) -> None:
        self._deals: list[Hand] = []
        self._record: list[Event | LiveEvent] = []
        self._rulings: list[Ruling] = []
        self._new_deal()

    # ------------------------------------------------------------------ undo

    @property
    def steps(self) -> tuple[str, ...]:
        """The dealer's steps that stand (not undone), in words, oldest first."""
        cancelled = _cancelled(self._log)
        return tuple(
            entry.words()
            for index, entry in enumerate(self._log)
            if isinstance(entry, _Step) and index not in cancelled
        )

    def undo(self) -> Undone:
        """Undo the last step that stands: an action, a card, a burn, a show, a ruling.

        Any number of times, back to the start of the hand. The undo stays in
        :attr:`events` as an :class:`Undone` event; the hand is replayed from
        its start without the steps undone.
        """
        cancelled = _cancelled(self._log)
        standing = [
            i for i, e in enumerate(self._log) if isinstance(e, _Step) and i not in cancelled
        ]
        if not standing:
            raise IllegalActionError("nothing to undo: the hand is at its start")
        last = self._log[standing[-1]]
        assert isinstance(last, _Step)
        undone = Undone(len(standing), last.words())
        self._log.append(undone)
        self._replay()
        return undone

    def _replay(self) -> None:
        cancelled = _cancelled(self._log)
        self._depth += 1
        try:
            self._reset()
            for index, entry in enumerate(self._log):
                if isinstance(entry, Undone):
                    self._record.append(entry)
                elif index not in cancelled:
                    getattr(self, entry.method)(*entry.args, **entry.kwargs)
        finally:
            self._depth -= 1

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
            offer_run_twice=self.offer_run_twice,
        )
        n = self.seats
        self._deals.append(hand)
        self._seen = 0
        order = [(self.button + 1 + i) % n for i in range(n)]
        self._order = order
        # RULES 3.1, 11.1: a round of the table per hole card, two in hold'em, four to six
        # in Omaha.
        self._sequence: list[int] = order * self.rules.game.hole_cards
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
        # Board cards seen and put back into the stub (RULES 9.4, 9.6): every hole card was
        # dealt before them, so nobody can show one as theirs.
        self._in_stub: set[Card] = set()
        self._second = False  # the second run's burns have begun (RULES 10.3)
        self._record.append(DealStarted(len(self._deals)))
        self._sync()

    def _sync(self) -> None:
        """Take the engine's new events into the record."""
        events = self.hand.events
        self._record.extend(events[self._seen :])
        self._seen = len(events)

    @property
    def dead_seats(self) -> frozenset[int]:
        """The seats whose hand was declared dead (RULES 9.2)."""
        return self.hand.dead_hands

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
        """'hole card', 'action', 'flop', 'turn', 'river', 'show', 'runs' (the players'
        answer to run it twice, RULES 10.3), or None when over."""
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

    def _check_open(self, what: str) -> None:
        if self.hand.finished:
            raise HandFinishedError(f"cannot {what}: the hand is over")

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
        game = self.rules.game
        for card in cards:
            if card is None:
                continue
            if len(game.deck) < 52 and card not in game.deck:  # RULES 11.3: 36 cards
                raise CardError(f"card {card} is not in the deck of {game.name}")
            if card in seen:
                raise CardError(f"card {card} is already out of the deck: it cannot be dealt twice")
            seen.add(card)


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def uncapitalized(text: str) -> str:
    return text[:1].lower() + text[1:]


def card_tuple(card: Card | None) -> tuple[Card, ...]:
    return () if card is None else (card,)
