"""Importing history files into the hand database: once each, and only what is new.

Each file's size, the SHA-256 of its bytes and where its last whole hand ended
are kept. A file read before and not changed is passed over; a file that grew
(its old bytes unchanged) is read from where it stopped; any other file is
read whole, its hands stored before passed over by their keys. A last hand
that does not read is taken for one the site is still writing: it is read
again when the file grows, and counted apart (``pending``), not as unreadable.

The reader of texts is given by the caller (the command line passes the one
``bigblind replay`` uses), so that every format bigblind reads is imported:
it returns each hand of a text as a
:class:`~bigblind.formats.phh.history.HandHistory`, an
:class:`~bigblind.formats.pokerstars.OtherGame`, an
:class:`~bigblind.formats.pokerstars.Unreadable` or a
:class:`~bigblind.errors.HistoryError`, and raises :class:`NotAHistory` for a
text that is no history it reads.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.encoding import decode
from bigblind.formats.phh.history import HandHistory
from bigblind.formats.pokerstars import OtherGame, Unreadable
from bigblind.tracker.database import Database, FileRecord
from bigblind.tracker.facts import HandFacts, hand_facts
from bigblind.tracker.luck import AllIn, all_in_luck

__all__ = ["ImportSummary", "NotAHistory", "Reader", "import_file", "plural"]

Reader = Callable[[str], Sequence[object]]
"""Each hand of a text (see the module's notes)."""

BATCH = 2000  # hands a transaction: large enough that a commit costs little per hand


class NotAHistory(BigblindError):
    """A text that is no hand history the reader reads; the message says what it may be."""


def plural(count: int, word: str) -> str:
    """``1 hand``, ``2 hands``.

    >>> plural(1, "hand"), plural(3, "file")
    ('1 hand', '3 files')
    """
    return f"{count:,} {word}{'' if count == 1 else 's'}"


@dataclass(slots=True)
class ImportSummary:
    """What an import met; each hand and each file counted once.

    >>> ImportSummary(stored=2, present=1, other_games=1).line()
    '2 hands stored, 1 already there, 1 hand of a game bigblind does not play'
    """

    stored: int = 0
    present: int = 0
    unreadable: int = 0
    other_games: int = 0
    pending: int = 0
    files_read: int = 0
    files_unchanged: int = 0
    files_not_recognised: int = 0
    files_unreadable: int = 0
    problems: list[str] = field(default_factory=list)
    """One line for each hand or file not read: where, and why."""

    def line(self) -> str:
        """The counts in one line."""
        parts = [f"{plural(self.stored, 'hand')} stored", f"{self.present:,} already there"]
        if self.unreadable:
            parts.append(f"{plural(self.unreadable, 'hand')} unreadable")
        if self.other_games:
            games = "a game" if self.other_games == 1 else "games"
            parts.append(f"{plural(self.other_games, 'hand')} of {games} bigblind does not play")
        if self.pending:
            parts.append(f"{plural(self.pending, 'last hand')} not finished yet")
        if self.files_unchanged:
            parts.append(f"{plural(self.files_unchanged, 'file')} unchanged")
        if self.files_not_recognised:
            parts.append(f"{plural(self.files_not_recognised, 'file')} not recognised")
        if self.files_unreadable:
            parts.append(f"{plural(self.files_unreadable, 'file')} unreadable")
        return ", ".join(parts)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def import_file(db: Database, path: Path, read: Reader, summary: ImportSummary) -> None:
    """Import one file's new hands into ``db``, counting them in ``summary``."""
    name = str(path.resolve())
    try:
        raw = path.read_bytes()
    except OSError as error:
        summary.files_unreadable += 1
        summary.problems.append(f"{path}: cannot read: {error.strerror or error}")
        return
    record = db.file_record(name)
    digest = _digest(raw)
    if record is not None and record.size == len(raw) and record.digest == digest:
        summary.files_unchanged += 1
        return
    grew = (
        record is not None
        and len(raw) > record.size
        and _digest(raw[: record.size]) == record.digest
    )
    text = decode(raw)
    start = record.offset if grew and record is not None and record.offset <= len(text) else 0
    try:
        entries = read(text[start:]) if text[start:].strip() else []
    except NotAHistory:
        entries = None
    if entries is None or (start and not entries and text[start:].strip()):
        start = 0  # the new part alone is no history (a format read whole: XML, JSON)
        try:
            entries = read(text)
        except NotAHistory as error:
            summary.files_not_recognised += 1
            summary.problems.append(f"{path}: not recognised: {error}")
            return
    summary.files_read += 1
    offset = len(text)
    batch: list[tuple[HandFacts, AllIn | None]] = []
    for index, entry in enumerate(entries):
        last = index == len(entries) - 1
        if isinstance(entry, Unreadable) and last:
            # Perhaps a hand the site is still writing: read it again when the file grows.
            summary.pending += 1
            offset = start + _char_of_line(text[start:], entry.line)
            continue
        facts = _facts(entry, path, summary)
        if facts is None:
            continue
        batch.append((facts, all_in_luck(entry, facts) if facts.all_in_candidate else None))  # type: ignore[arg-type]
        if len(batch) >= BATCH:
            _store(db, batch, name, summary, None)
            batch = []
    _store(
        db, batch, name, summary, FileRecord(path=name, size=len(raw), digest=digest, offset=offset)
    )


def _store(
    db: Database,
    batch: list[tuple[HandFacts, AllIn | None]],
    name: str,
    summary: ImportSummary,
    record: FileRecord | None,
) -> None:
    new = db.store(batch, file=name, record=record)
    summary.stored += new
    summary.present += len(batch) - new


def _facts(entry: object, path: Path, summary: ImportSummary) -> HandFacts | None:
    if isinstance(entry, OtherGame):
        summary.other_games += 1
        return None
    if isinstance(entry, Unreadable):
        summary.unreadable += 1
        summary.problems.append(f"{path}: line {entry.line}: {entry.reason}")
        return None
    if isinstance(entry, BaseException):
        summary.unreadable += 1
        summary.problems.append(f"{path}: {entry}")
        return None
    if not isinstance(entry, HandHistory):
        raise TypeError(f"a reader gave {type(entry).__name__}, not a hand")
    if not entry.supported:
        summary.other_games += 1
        return None
    where = entry.metadata.get("line")
    label = f"{path}: line {where}" if where else f"{path}: hand {entry.number}"
    try:
        return hand_facts(entry, _net_by_replay(entry) if entry.finishing_stacks is None else None)
    except (HistoryError, ValueError) as error:
        summary.unreadable += 1
        summary.problems.append(f"{label}: {str(error).splitlines()[0] if str(error) else error}")
        return None


def _net_by_replay(history: HandHistory) -> tuple[int, ...]:
    """What each player won, from a replay, for a history that gives no final stacks."""
    from bigblind.formats.phh import replay

    hand = replay(history)
    if hand.result is None:
        raise HistoryError("the hand is not over after its last action")
    return tuple(
        end - begin for end, begin in zip(hand.result.stacks, history.starting_stacks, strict=True)
    )


def _char_of_line(text: str, line: int) -> int:
    """Where line ``line`` (1 for the first) of ``text`` begins."""
    at = 0
    for number, content in enumerate(text.splitlines(keepends=True), start=1):
        if number == line:
            return at
        at += len(content)
    return len(text)
