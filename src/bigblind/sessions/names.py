"""Players' names that every hand history can hold.

A name goes into PHH strings, PokerStars lines and terminal rows. Characters
that end a line or that no file can encode would break them, so a session
refuses such a name when the player sits down, saying which character is wrong.

>>> check_name("Ann Lee", ValueError)
'Ann Lee'
>>> check_name("Ann\\u2028Lee", ValueError)
Traceback (most recent call last):
...
ValueError: the name 'Ann\\u2028Lee' holds a line separator (U+2028): give a name on one line...
"""

from __future__ import annotations

import unicodedata

__all__ = ["check_name"]

# Categories that no history format can carry in a name: control characters
# (\r, \n, \x85 ...), line and paragraph separators, lone surrogates.
_REFUSED = {"Cc": "a control character", "Zl": "a line separator", "Zp": "a paragraph separator"}


def check_name(name: object, error: type[ValueError]) -> str:
    """Return ``name`` when it is fit to seat, else raise ``error`` saying what is wrong.

    A name is a non-empty string, not only spaces, of printable characters on
    one line (no control character, line or paragraph separator, or lone
    surrogate).
    """
    if not isinstance(name, str) or not name.strip():
        raise error(f"a player's name must be some text, not {name!r}")
    for char in name:
        category = unicodedata.category(char)
        what = _REFUSED.get(category)
        if category == "Cs":
            what = "a lone surrogate"
        if what is not None:
            raise error(
                f"the name {name!r} holds {what} (U+{ord(char):04X}):"
                " give a name on one line, of printable characters"
            )
    return name
