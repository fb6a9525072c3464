"""Players' names that every hand history can hold.

A name goes into PHH strings, PokerStars lines and terminal rows, so a session
refuses, when the player sits down, any name the history writers would refuse
(:func:`bigblind.formats.check_name`), with the session's own error.

>>> check_name("Ann Lee", ValueError)
'Ann Lee'
>>> check_name("Ann\\u2028Lee", ValueError)
Traceback (most recent call last):
...
ValueError: player name 'Ann\\u2028Lee' cannot be written in a hand history: it holds U+2028...
"""

from __future__ import annotations

from bigblind.errors import HistoryError
from bigblind.formats import check_name as _check_for_histories

__all__ = ["check_name"]


def check_name(name: object, error: type[ValueError]) -> str:
    """Return ``name`` when it is fit to seat, else raise ``error`` saying what is wrong."""
    if not isinstance(name, str):
        raise error(f"a player's name must be some text, not {name!r}")
    try:
        return _check_for_histories(name)
    except HistoryError as problem:
        raise error(str(problem)) from None
