"""The immutable events that make up the record of a hand.

A hand is the sequence of its events: hand histories, views and replays are
renderings of them. Every event is a frozen dataclass.

>>> Posted(seat=1, kind=Forced.BIG_BLIND, amount=2, all_in=False)
Posted(seat=1, kind=<Forced.BIG_BLIND: 'big blind'>, amount=2, all_in=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

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
    "HandStarted",
    "HoleDealt",
    "Mucked",
    "PotAwarded",
    "Shown",
    "Street",
]


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


class ActionKind(Enum):
    """What a player did in a betting round (RULES 4.4)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True)
class HandStarted:
    """The hand began with these stacks and this button."""

    stacks: tuple[int, ...]
    button: int


@dataclass(frozen=True, slots=True)
class Posted:
    """A forced bet went in (RULES 2.5, 2.6)."""

    seat: int
    kind: Forced
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleDealt:
    """One hole card was dealt face down; ``card`` is None while unknown."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class Burned:
    """The top card was burnt (RULES 3.2); None when not recorded."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Board cards were turned face up for ``street`` (RULES 3.3)."""

    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Acted:
    """A player acted. ``amount``: chips put in for a call, the total for a bet or raise."""

    seat: int
    kind: ActionKind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BetReturned:
    """An uncalled bet went back to the bettor (RULES 4.8)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Shown:
    """A player showed their hole cards (RULES 6.7)."""

    seat: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class Mucked:
    """A player threw their hand away unseen; the house still records it (RULES 6.8)."""

    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One pot went to its winners (RULES 6.4-6.6); ``pot`` 0 is the main pot."""

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    description: str


@dataclass(frozen=True, slots=True)
class HandEnded:
    """Every pot is awarded (RULES 7.1); the stacks the players leave with."""

    stacks: tuple[int, ...]


Event = (
    HandStarted
    | Posted
    | HoleDealt
    | Burned
    | BoardDealt
    | Acted
    | BetReturned
    | Shown
    | Mucked
    | PotAwarded
    | HandEnded
)
