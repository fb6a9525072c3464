"""The one reader of action text (RULES 4.4, 5): what :meth:`Action.parse
<bigblind.engine.actions.Action.parse>` and :meth:`Hand.act <bigblind.engine.hand.Hand.act>`
read.

A module of its own so that the build compiles it with the betting that calls it on
every action played from text, while the :class:`~bigblind.engine.actions.Action` value
stays Python (see setup.py).
"""

from __future__ import annotations

from typing import Final

__all__ = ["ACCEPTED", "BEYOND", "read_action_text"]

ACCEPTED: Final = (
    "accepted are 'fold', 'check', 'call', 'bet N', 'raise N' (raise to N) and 'all-in'"
    " with N in digits"
)
"""What the reader reads, in words, for error messages."""

BEYOND: Final = -1
"""The amount read for more than 30 digits: more chips than are in play (no text of
digits reads as a negative amount, so this one stands for them all)."""

_SIMPLE: Final = {
    "fold": "fold",
    "f": "fold",
    "check": "check",
    "x": "check",
    "k": "check",
    "call": "call",
    "c": "call",
    "allin": "all-in",
    "all-in": "all-in",
    "shove": "all-in",
}
_SIZED: Final = {"bet": "bet", "b": "bet", "raise": "raise", "r": "raise"}
_MAX_DIGITS: Final = 30  # more digits than any count of chips: read as BEYOND


def read_action_text(text: object) -> tuple[str, int]:
    """The kind and amount (0 when it has none) a text names; the kind is '' for text that
    names no action (a plain pair: compiled, it is returned without building a tuple).

    The one reader of action text: case and spacing are free, 'to' may stand
    between the verb and the amount, and f/x/k/c/b/r abbreviate. Amounts are
    plain digits 0-9; more than 30 of them are read as :data:`BEYOND`.

    >>> read_action_text("Raise to 50"), read_action_text("x"), read_action_text("bet -5")
    (('raise', 50), ('check', 0), ('', 0))
    """
    words = text.lower().split() if isinstance(text, str) else []
    if len(words) == 3 and words[0] in _SIZED and words[1] == "to":
        del words[1]
    joined = "".join(words)
    if joined in _SIMPLE:
        return _SIMPLE[joined], 0
    if len(words) == 2 and words[0] in _SIZED:
        digits = words[1]
        if digits.isascii() and digits.isdigit():
            return _SIZED[words[0]], int(digits) if len(digits) <= _MAX_DIGITS else BEYOND
    return "", 0
