"""The errors bigblind raises: all are ``ValueError`` subclasses.

Each message names the input and what would have been accepted, so that a
person reading it knows what to do next.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ActionTextError",
    "BigblindError",
    "CardError",
    "HandFinishedError",
    "HistoryError",
    "IllegalActionError",
    "OutOfTurnError",
    "RulesError",
]


class BigblindError(ValueError):
    """The base of every error bigblind raises."""


class CardError(BigblindError):
    """A card text or card number that cannot be read, or a card used twice."""


class RulesError(BigblindError):
    """A rules configuration or a hand set-up that makes no sense."""


class IllegalActionError(BigblindError):
    """An action the rules do not allow the player to act now."""


class ActionTextError(IllegalActionError):
    """Text that names no action at all, as opposed to a legal-looking action refused."""


class OutOfTurnError(IllegalActionError):
    """A seat tried to act when it is not its turn."""


class HandFinishedError(IllegalActionError):
    """An action on a hand that has ended."""


class HistoryError(BigblindError):
    """A hand history that cannot be read or does not replay."""
