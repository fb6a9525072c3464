"""The immutable events that make up the record of a hand.

A hand is the sequence of its events: hand histories, views and replays are
renderings of them. Every event is an immutable record: a named tuple, since
a hand records dozens of them and tuples are the cheapest to make, that
compares equal only to an event of the same kind.

>>> HoleDealt(seat=1, card=None) == Burned(card=None), Burned(None) == Burned(None)
(False, True)

>>> Posted(seat=1, kind=Forced.BIG_BLIND, amount=2, all_in=False)
Posted(seat=1, kind=<Forced.BIG_BLIND: 'big blind'>, amount=2, all_in=False)
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Any, NamedTuple, TypeVar

from bigblind.cards import Card

__all__ = [
    "Acted",
    "ActionKind",
    "BetReturned",
    "BoardDealt",
    "Burned",
    "Event",
    "Forced",
    "HandEnded",
    "HandKilled",
    "HandStarted",
    "HoleDealt",
    "Mucked",
    "Posted",
    "PotAwarded",
    "RunBoardDealt",
    "RunsAgreed",
    "Shown",
    "Street",
]


_E = TypeVar("_E", bound=tuple[Any, ...])


def kind_sensitive(cls: type[_E]) -> type[_E]:
    """Let events of different kinds with equal fields compare unequal."""

    def __eq__(self: tuple[Any, ...], other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self: tuple[Any, ...], other: object) -> bool:
        return not __eq__(self, other)

    def __hash__(self: tuple[Any, ...]) -> int:
        return hash((type(self), tuple.__hash__(self)))

    cls.__eq__ = __eq__  # type: ignore[method-assign]
    cls.__ne__ = __ne__  # type: ignore[assignment,method-assign]
    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


class Street(IntEnum):
    """The four betting rounds (RULES 4.1)."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3

    @property
    def label(self) -> str:
        """The name players use: 'pre-flop', 'flop', 'turn', 'river'."""
        return ("pre-flop", "flop", "turn", "river")[self]


class Forced(Enum):
    """Kinds of forced bet (RULES 2)."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    LIVE_BLIND = "live blind"  # posted out of turn by a new or returning player
    DEAD_BLIND = "dead blind"  # owed from missed blinds: dead money, not a bet


class ActionKind(Enum):
    """What a player did in a betting round (RULES 4.4)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@kind_sensitive
class HandStarted(NamedTuple):
    """The hand began with these stacks and this button."""

    stacks: tuple[int, ...]
    button: int


@kind_sensitive
class Posted(NamedTuple):
    """A forced bet went in (RULES 2.5, 2.6)."""

    seat: int
    kind: Forced
    amount: int
    all_in: bool


@kind_sensitive
class HoleDealt(NamedTuple):
    """One hole card was dealt face down; ``card`` is None while unknown."""

    seat: int
    card: Card | None


@kind_sensitive
class Burned(NamedTuple):
    """The top card was burnt (RULES 3.2); None when not recorded."""

    card: Card | None


@kind_sensitive
class BoardDealt(NamedTuple):
    """Board cards were turned face up for ``street`` (RULES 3.3)."""

    street: Street
    cards: tuple[Card, ...]


@kind_sensitive
class RunsAgreed(NamedTuple):
    """The rest of the board will be dealt ``runs`` times (RULES 10.3: run it twice).

    It comes after the betting has ended with players all-in and before any
    card of the run-out. The first run's board cards are then ordinary
    :class:`BoardDealt` events; each later run's are :class:`RunBoardDealt`.
    """

    runs: int


@kind_sensitive
class RunBoardDealt(NamedTuple):
    """Board cards of run ``run`` (2 for the second run) turned up for ``street``.

    The run shares the board dealt before :class:`RunsAgreed` and completes
    it with its own cards, after its own burns (:class:`Burned`, RULES 3.2, 1.3).
    """

    run: int
    street: Street
    cards: tuple[Card, ...]


@kind_sensitive
class Acted(NamedTuple):
    """A player acted. ``amount``: chips put in for a call, the total for a bet or raise."""

    seat: int
    kind: ActionKind
    amount: int
    all_in: bool


@kind_sensitive
class BetReturned(NamedTuple):
    """An uncalled bet went back to the bettor (RULES 4.8)."""

    seat: int
    amount: int


@kind_sensitive
class Shown(NamedTuple):
    """A player showed their hole cards (RULES 6.7)."""

    seat: int
    cards: tuple[Card, ...]
    description: str


@kind_sensitive
class Mucked(NamedTuple):
    """A player threw their hand away unseen; the house still records it (RULES 6.8)."""

    seat: int
    cards: tuple[Card | None, ...]


@kind_sensitive
class PotAwarded(NamedTuple):
    """One pot went to its winners (RULES 6.4-6.6); ``pot`` 0 is the main pot.

    ``run`` is 0 when the board was dealt once. In a hand run twice (RULES
    10.3) each pot is awarded in two halves, ``run`` 1 then 2, each
    ``amount`` half of the pot (the odd chip with run 1) won on that run's board.

    ``half`` is '' when the pot went whole to the best hand. In a split game
    (RULES 11.2) a pot with a qualifying low is awarded in two events, ``'high'``
    (with the odd chip) then ``'low'``, each ``amount`` that half.
    """

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    description: str
    run: int = 0
    half: str = ""


@kind_sensitive
class HandKilled(NamedTuple):
    """``seat``'s hand was declared dead (RULES 9.2): it wins nothing, its chips stay in."""

    seat: int
    reason: str


@kind_sensitive
class HandEnded(NamedTuple):
    """Every pot is awarded (RULES 7.1); the stacks the players leave with."""

    stacks: tuple[int, ...]


Event = (
    HandStarted
    | Posted
    | HoleDealt
    | Burned
    | BoardDealt
    | RunsAgreed
    | RunBoardDealt
    | Acted
    | BetReturned
    | Shown
    | Mucked
    | PotAwarded
    | HandKilled
    | HandEnded
)
