"""The live layer's events and rulings: what the dealer did wrong and what was done (RULES 9).

They are merged, in order, with the engine's events in :attr:`LiveHand.events`.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from bigblind.cards import Card
from bigblind.engine.events import Street, kind_sensitive

__all__ = [
    "BoardExposed",
    "CardDealt",
    "DealStarted",
    "DealerError",
    "ErrorReported",
    "LiveEvent",
    "Misdealt",
    "ProcedureApplied",
    "Ruling",
    "StubShuffled",
    "Undone",
]


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


@kind_sensitive
class DealStarted(NamedTuple):
    """Deal number ``deal`` of the hand began (2 and up: the redeal after a misdeal)."""

    deal: int


@kind_sensitive
class CardDealt(NamedTuple):
    """A hole card left the deck: card ``position`` of the deal (from 1), to ``seat``.

    ``card`` is None while unknown; ``exposed`` when the dealer turned it face up.
    """

    position: int
    seat: int
    card: Card | None
    exposed: bool


@kind_sensitive
class BoardExposed(NamedTuple):
    """Board cards turned face up by mistake (too many, or too early); not the board."""

    street: Street
    cards: tuple[Card, ...]


@kind_sensitive
class StubShuffled(NamedTuple):
    """Cards went back into the stub (the undealt deck), which was shuffled."""

    returned: tuple[Card, ...]


@kind_sensitive
class ErrorReported(NamedTuple):
    """A dealer's error: what, in words, and which seat, cards and place in the deal."""

    kind: DealerError
    text: str
    seat: int | None
    cards: tuple[Card, ...]
    position: int | None


@kind_sensitive
class ProcedureApplied(NamedTuple):
    """The procedure of rule ``rule`` ('9.3') as told to the dealer."""

    rule: str
    text: str


@kind_sensitive
class Misdealt(NamedTuple):
    """Deal number ``deal`` is void (RULES 9.1); a redeal follows."""

    deal: int
    reason: str


@kind_sensitive
class Undone(NamedTuple):
    """The dealer undid step ``step`` of the hand (from 1): ``what``, in words."""

    step: int
    what: str


LiveEvent = (
    DealStarted
    | CardDealt
    | BoardExposed
    | StubShuffled
    | ErrorReported
    | ProcedureApplied
    | Misdealt
    | Undone
)


class Ruling(NamedTuple):
    """A dealer's error and the procedure applied to it."""

    error: ErrorReported
    procedure: ProcedureApplied

    @property
    def misdeal(self) -> bool:
        """Whether the deal was declared void."""
        return self.procedure.rule == "9.1"
