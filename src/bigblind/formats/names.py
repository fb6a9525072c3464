"""Player and table names that every hand-history format can hold.

A name is written on one line of a PokerStars history and inside a TOML
string of a PHH file. :func:`check_name` refuses what would break either:
line breaks of any kind (``\\r``, ``\\x85``, U+2028 ...), other control
characters, text-direction overrides, lone surrogates (which cannot be saved
as UTF-8), and blank or padded names. Call it where players are seated, so
that a bad name is refused before a hand is played rather than when its
history is written.

>>> check_name("Ann")
'Ann'
>>> check_name("Ann\\u2028Seat 9: Bob")
Traceback (most recent call last):
...
bigblind.errors.HistoryError: player name 'Ann\\u2028Seat 9: Bob' cannot be written ...: it holds
U+2028 (a line or paragraph break); names are one line of printable text
"""

from __future__ import annotations

import unicodedata
from typing import Final

from bigblind.errors import HistoryError

__all__ = ["brief", "check_name"]

# Categories that end a line, control the terminal or cannot be encoded.
_REFUSED: Final = {
    "Cc": "a control character",
    "Cs": "a lone surrogate, which cannot be saved as UTF-8",
    "Zl": "a line or paragraph break",
    "Zp": "a line or paragraph break",
}
# Direction overrides and isolates make a line read differently from its bytes.
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _problem(name: object) -> str | None:
    """Why ``name`` cannot be written in a hand history, or None when it can."""
    if not isinstance(name, str):
        return f"it is a {type(name).__name__}, not text"
    if not name.strip():
        return "it is blank"
    if name != name.strip():
        return "it starts or ends with a space"
    for char in name:
        category = unicodedata.category(char)
        reason = _REFUSED.get(category)
        if reason is None and char in _BIDI_CONTROLS:
            reason = "a text-direction control"
        if reason is not None:
            return f"it holds U+{ord(char):04X} ({reason})"
    return None


def check_name(name: str, *, what: str = "player name") -> str:
    """Return ``name`` if every format can write it, else raise a ``HistoryError``.

    ``what`` names the thing in the message (``'table name'`` ...).

    >>> check_name("  ", what="table name")
    Traceback (most recent call last):
    ...
    bigblind.errors.HistoryError: table name '  ' cannot be written in a hand history: it is
    blank; names are one line of printable text
    """
    problem = _problem(name)
    if problem is not None:
        raise HistoryError(
            f"{what} {brief(name)} cannot be written in a hand history: {problem};"
            " names are one line of printable text"
        )
    return name


def brief(value: object) -> str:
    """A one-line rendering of a bad value, shortened when long."""
    try:
        text = repr(value)  # escapes every character that is not printable
    except ValueError:  # an integer too long to write in decimal
        return "a number too long to show"
    except RecursionError:
        return "values nested too deep to show"
    return text if len(text) <= 60 else text[:57] + "..."
