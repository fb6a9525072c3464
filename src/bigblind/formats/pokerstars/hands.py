"""Reading whole PokerStars history files: every hand on its own, none lost for another.

:func:`loads_each` and :func:`read_each` give one entry per hand of a file, in
the file's order: a :class:`~bigblind.formats.phh.history.HandHistory` for a
hand read, an :class:`OtherGame` for a hand of a game bigblind does not play
(RULES 11.4), an :class:`Unreadable` for a hand that cannot be read, with the
line and the reason. One bad hand never loses the rest of the file.
:func:`loads` and :func:`read` are the strict forms: every hand read, or an
error for the first that is not.

Files come in any encoding a client writes (UTF-8 with or without a mark,
UTF-16, cp1252; see :func:`~bigblind.formats.encoding.decode`) and with any
line ends.

>>> text = '''PokerStars Hand #7:  Razz Limit ($0.01/$0.02 USD) - 2026/12/01 9:05:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
...
... PokerStars Hand #8:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/12/01 9:06:00 ET
... Tabel 'Alpha' 6-max Seat #1 is the button
... '''
>>> [type(entry).__name__ for entry in loads_each(text)]
['OtherGame', 'Unreadable']
>>> loads_each(text)[1].reason
'hand #8, line 5: the second line must be "Table \\'NAME\\' N-max Seat #K is the button"'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.encoding import decode
from bigblind.formats.phh.history import HandHistory
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand

__all__ = [
    "HEADER",
    "OtherGame",
    "Unreadable",
    "is_pokerstars",
    "loads",
    "loads_each",
    "read",
    "read_each",
    "read_text",
]

HEADER: Final = re.compile(
    r"(?P<junk>ï»¿|[?\ufffd]{1,3})?"
    r"(?:PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #[0-9]|Poker Hand #[A-Z]{1,4}[0-9]"
    r"|9stacks Poker Hand #[0-9])"
)
"""How every hand of a PokerStars history begins (a line starting so), or of a GGPoker
or 9stacks history, which are written in the same form.

A byte-order mark damaged by a tool (``ï»¿``, ``?``) may come before it."""
# A client's mark may open a hand in the middle of a file where files were joined.
_BOM: Final = "\ufeff"


@dataclass(frozen=True, slots=True, kw_only=True)
class OtherGame:
    """A hand of a game bigblind does not play: passed over and counted (RULES 11.4)."""

    line: int
    """The line of the file the hand begins on."""
    number: int | str
    game: str
    """The game as the header names it: ``'Omaha Pot Limit'``."""

    @property
    def reason(self) -> str:
        """Why the hand is passed over, in words."""
        return str(OtherGameError(self.number, self.game))


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreadable:
    """A hand that cannot be read: where it begins, and why (naming the line at fault)."""

    line: int
    """The line of the file the hand begins on."""
    reason: str


Entry = HandHistory | OtherGame | Unreadable


def loads_each(text: str) -> list[Entry]:
    """Each hand of a PokerStars history text, read on its own.

    A text without any PokerStars hand header gives an empty list.
    """
    lines = text.replace(_BOM, "").splitlines()
    starts = []
    for index, line in enumerate(lines):
        if header := HEADER.match(line.lstrip()):
            starts.append(index)
            lines[index] = line.lstrip()[header.end("junk") if header["junk"] else 0 :]
    entries: list[Entry] = []
    for begin, end in zip(starts, [*starts[1:], len(lines)], strict=False):
        entries.append(_entry(lines[begin:end], begin + 1))
    return entries


def _entry(lines: list[str], first_line: int) -> Entry:
    try:
        return read_hand(lines, first_line)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=other.number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        # ValueError: whatever the engine refuses of the stakes; never a lost file.
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)


def loads(text: str) -> list[HandHistory]:
    """Read every hand of a PokerStars history text, or raise for the first that cannot be.

    Raises :class:`~bigblind.errors.HistoryError` naming the hand and the line
    (an :class:`~bigblind.formats.pokerstars.heading.OtherGameError` for a
    hand of another game), or when no line starts a PokerStars hand.
    """
    entries = loads_each(text)
    if not entries:
        raise HistoryError(
            "not a PokerStars history: no line starts with 'PokerStars Hand #'"
            " (or 'PokerStars Game #', 'PokerStars Zoom Hand #', 'PokerStars Home Game Hand #')"
        )
    hands = []
    for entry in entries:
        if isinstance(entry, OtherGame):
            raise OtherGameError(entry.number, entry.game)
        if isinstance(entry, Unreadable):
            raise HistoryError(entry.reason)
        hands.append(entry)
    return hands


def read_text(path: str | Path) -> str:
    """The text of a history file in whatever encoding it is in; HistoryError if unreadable."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise HistoryError(f"{path}: cannot read the file: {error.strerror or error}") from None
    return decode(data)


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a PokerStars history file, read on its own (see :func:`loads_each`)."""
    return loads_each(read_text(path))


def read(path: str | Path) -> list[HandHistory]:
    """Read every hand of a PokerStars history file, or raise for the first that cannot be."""
    try:
        return loads(read_text(path))
    except HistoryError as error:
        text = str(error)
        if text.startswith(f"{path}:"):
            raise
        raise HistoryError(f"{path}: {text}") from None


def is_pokerstars(text: str) -> bool:
    """Whether a text holds a PokerStars (or GGPoker) hand: a line starts as a hand's header.

    >>> is_pokerstars("\\n\\ufeffPokerStars Zoom Hand #1:  Hold'em No Limit"), is_pokerstars("x")
    (True, False)
    >>> is_pokerstars("Poker Hand #RC3796098298: Hold'em No Limit ($0.02/$0.05)")
    True
    """
    return any(HEADER.match(line.lstrip()) for line in text.replace(_BOM, "").splitlines())
