"""``.phhs`` session files written a hand at a time, and read back after a crash.

:func:`append` adds one finished hand to a session file as its own table
(``[1]``, ``[2]`` ...) and flushes it to the disk before returning, so that a
crash loses at most the hand being written. Its record fields come first and
``finishing_stacks`` last: a hand cut short lacks them.

:func:`loads_appended` and :func:`read_appended` read such a file. A last
hand that was only partly written (its TOML cut short, or its finishing
stacks missing) is left out and returned apart in ``partial``; any other
damage is an error, as with :func:`~bigblind.formats.phh.reader.loads`.

>>> import io
>>> from bigblind import Deck, Hand, Rules
>>> file = io.StringIO()
>>> for number in (1, 2):
...     hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50], deck=Deck.shuffled(number))
...     hand.fold()
...     append(file, hand, number=number, players=["ann", "bob"])
>>> text = file.getvalue()
>>> session = loads_appended(text[:-30])  # the crash cut the second hand short
>>> [h.number for h in session.hands], session.partial is not None
([1], True)
>>> [h.number for h in loads_appended(text).hands]
[1, 2]
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from bigblind.engine.hand import Hand
from bigblind.engine.views import SeenHand
from bigblind.errors import HistoryError
from bigblind.formats.phh.history import HandHistory
from bigblind.formats.phh.reader import (
    TOMLError,
    parse_document,
    read_text,
    toml_document,
)
from bigblind.formats.phh.writer import history_lines

__all__ = [
    "AppendedHands",
    "append",
    "append_section",
    "loads_appended",
    "read_appended",
    "section",
]

# A table header at the start of a line: where each appended hand begins.
_HEADER: Final = re.compile(r"^\[", re.MULTILINE)
_POSITION: Final = re.compile(r"\(at line (\d+), column \d+\)|\(at end of document\)")


@dataclass(frozen=True, slots=True)
class AppendedHands:
    """The hands of a session file, and the last one if it was only partly written.

    ``partial`` is the text of that cut-short hand (None when every hand was
    whole): a caller may say that one hand was lost, or keep the text.
    """

    hands: tuple[HandHistory, ...]
    partial: str | None = None


def append(
    target: str | os.PathLike[str] | TextIO,
    hand: Hand | SeenHand,
    /,
    *,
    number: int,
    **metadata: object,
) -> None:
    """Append a finished hand to a ``.phhs`` file as table ``[number]``, flushed to the disk.

    ``target`` is a path (the file is created if need be) or a text file open
    for writing; ``metadata`` adds fields as in
    :func:`~bigblind.formats.phh.writer.dumps`. The text is written in one
    piece, flushed and synced (``os.fsync``) before this returns, so a crash
    leaves at most this hand partly written, which :func:`read_appended`
    then leaves out; appending to that path later first cuts the partly
    written hand away. Numbers must differ within a file.
    """
    if hand.result is None or not hand.finished:
        raise HistoryError(f"only a finished hand is appended: this one awaits {hand.awaiting}")
    text = section(hand, number=number, **metadata)
    if isinstance(target, str | os.PathLike):
        try:
            append_section(Path(target), text)
        except OSError as error:
            raise HistoryError(f"{target}: cannot append: {error.strerror or error}") from None
    else:
        _write_through(target, text)


def append_section(path: Path, text: str) -> None:
    """Append a hand's :func:`section` text to the ``.phhs`` file ``path`` (made if
    missing), flushed and synced: a hand a crash left partly written is cut away first.

    For writers that build the text themselves; an OS error is raised as it is.
    """
    _drop_partial_hand(path)
    with open(path, "a", encoding="utf-8", newline="\n") as file:
        _write_through(file, text)


def section(hand: Hand | SeenHand, /, *, number: int, **metadata: object) -> str:
    """The text :func:`append` adds for ``hand``: table ``[number]``, its record fields
    before the actions and the finishing stacks last, then a blank line.

    For writers that append it themselves: a hand cut short anywhere lacks its
    finishing stacks or breaks the TOML, and :func:`loads_appended` leaves it out.
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise HistoryError(f"hand number {number!r} must be a whole number of at least 1")
    return f"[{number}]\n" + "".join(history_lines(hand, metadata, record_last=True)) + "\n"


def _drop_partial_hand(path: Path) -> None:
    """Cut away a hand a crash left partly written, so the file stays readable.

    Every appended hand ends with a blank line; only a file that does not is
    read, and only a last hand that :func:`loads_appended` finds cut short goes.
    """
    try:
        with path.open("rb") as file:
            size = file.seek(0, os.SEEK_END)
            file.seek(max(0, size - 2))
            if size == 0 or file.read() == b"\n\n":
                return
    except FileNotFoundError:
        return
    try:
        text = path.read_bytes().decode("utf-8")
        partial = loads_appended(text).partial
    except (UnicodeDecodeError, HistoryError):
        return  # damaged otherwise: left as it is for a person to look at
    if partial is not None:
        with path.open("r+b") as file:
            file.truncate(len(text[: len(text) - len(partial)].encode("utf-8")))


def _write_through(file: TextIO, text: str) -> None:
    file.write(text)
    file.flush()
    try:
        descriptor = file.fileno()
    except (OSError, io.UnsupportedOperation):
        return  # an in-memory file: nothing to sync
    os.fsync(descriptor)


def loads_appended(text: str) -> AppendedHands:
    """Read a session text written by :func:`append`, leaving out a partly written last hand.

    Raises :class:`~bigblind.errors.HistoryError` for any other damage: TOML
    broken before the last hand, or a hand that cannot be read.

    >>> loads_appended('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_st').partial
    '[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_st'
    >>> loads_appended('[1]\\nvariant = 3\\n[2]\\n')
    Traceback (most recent call last):
    ...
    bigblind.errors.HistoryError: hand 1: field 'variant' 3 must be a string such as 'NT'
    """
    start = _last_section(text)
    try:
        document = toml_document(text)
    except TOMLError as error:
        # Cut short: the TOML breaks in the last section, at its last line or its end.
        if start is None or not _breaks_at_end(error.detail, text, start):
            raise
        document = toml_document(text[:start])
        return AppendedHands(_strict(document), text[start:])
    if "variant" in document or not document or start is None:
        return AppendedHands(_strict(document))  # a lone .phh hand, or nothing
    *_, last = document
    table = document[last]
    if isinstance(table, dict) and "finishing_stacks" not in table:
        # Appended hands are finished and end with their finishing stacks.
        rest = {key: value for key, value in document.items() if key != last}
        return AppendedHands(_strict(rest), text[start:])
    return AppendedHands(_strict(document))


def read_appended(path: str | os.PathLike[str]) -> AppendedHands:
    """Read a session file written by :func:`append` (see :func:`loads_appended`)."""
    path = Path(path)
    text = read_text(path)
    try:
        return loads_appended(text)
    except HistoryError as error:
        raise HistoryError(f"{path}: {error}") from None


def _last_section(text: str) -> int | None:
    """Where the last table header starts, or None when there is none."""
    starts = [match.start() for match in _HEADER.finditer(text)]
    return starts[-1] if starts else None


def _breaks_at_end(detail: str, text: str, start: int) -> bool:
    """Whether a TOML error lies where a cut-short write would put it: on the last line."""
    match = _POSITION.search(detail)
    if match is None:
        return False
    if match.group(1) is None:
        return True  # at the end of the document
    line = int(match.group(1))
    last_line = text.count("\n", 0, len(text.rstrip("\n"))) + 1
    return line >= max(last_line, text.count("\n", 0, start) + 1)


def _strict(document: Mapping[str, object]) -> tuple[HandHistory, ...]:
    if not document:
        return ()  # an empty file, or one whose first hand was cut short
    hands: list[HandHistory] = []
    for item in parse_document(document):
        if isinstance(item, HistoryError):
            raise item
        hands.append(item)
    return tuple(hands)
