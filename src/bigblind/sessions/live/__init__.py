"""Live mode: a person deals real cards, bigblind keeps the game (RULES 1.3, 3, 9, 10.1, 10.3).

- :mod:`~bigblind.sessions.live.events`: the live events and rulings;
- :mod:`~bigblind.sessions.live.procedures`: the dealer-error procedures (RULES 9);
- :mod:`~bigblind.sessions.live.runs`: run it twice, each run with its own burns (RULES 10.3);
- :mod:`~bigblind.sessions.live.hand`: :class:`LiveHand`, one hand dealt by a person;
- :mod:`~bigblind.sessions.live.session`: :class:`LiveSession`, the hands of one game.
"""

from bigblind.sessions.live.events import (
    BoardExposed,
    CardDealt,
    DealerError,
    DealStarted,
    ErrorReported,
    LiveEvent,
    Misdealt,
    ProcedureApplied,
    Ruling,
    StubShuffled,
    Undone,
)
from bigblind.sessions.live.hand import LiveHand, legal_words
from bigblind.sessions.live.session import LiveSession

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
    "Undone",
    "legal_words",
]
