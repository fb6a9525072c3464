"""Importing history files into the hand database: once each, and only what is new.

Each file's size, the SHA-256 of its bytes and where its last whole hand ended
are kept. A file read before and not changed is passed over; a file that grew
(its old bytes unchanged) is read from where it stopped; any other file is
read whole, its hands stored before passed over by their keys. A last hand
that does not read is read again when the file grows; in a file changed in
the last :data:`WRITING` seconds it is taken for one the site is still
writing and counted apart (``pending``), elsewhere as unreadable.

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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.encoding import decode
from bigblind.formats.phh.history import HandHistory
from bigblind.formats.pokerstars import OtherGame, Unreadable
from bigblind.tracker.database import Database, FileRecord
from bigblind.tracker.facts import HandFacts, hand_facts
from bigblind.tracker.luck import AllIn, all_in_luck

__all__ = [
    "ImportSummary",
    "Job",
    "NotAHistory",
    "Parsed",
    "Reader",
    "commit",
    "import_file",
    "import_files",
    "parse",
    "plan",
    "plural",
]

Reader = Callable[[str], Sequence[object]]
"""Each hand of a text (see the module's notes)."""

BATCH = 2000  # hands a transaction: large enough that a commit costs little per hand
WRITING: Final = 600.0
"""Seconds since a file last changed within which its last hand may still be being written."""


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

    def add(self, other: ImportSummary) -> None:
        """Count ``other``'s hands and files too."""
        for name in self.__slots__:
            value = getattr(other, name)
            if isinstance(value, list):
                getattr(self, name).extend(value)
            else:
                setattr(self, name, getattr(self, name) + value)

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Job:
    """A file to read: its bytes, and the character to read on from (0: all of it)."""

    path: Path
    raw: bytes
    digest: str
    start: int
    writing: bool = False
    """Changed so lately that a site may still be writing its last hand."""


@dataclass(slots=True, kw_only=True)
class Parsed:
    """A file read: its hands' facts, where to read on from next time, and its counts."""

    path: Path
    size: int
    digest: str
    offset: int
    hands: list[tuple[HandFacts, AllIn | None]]
    summary: ImportSummary


def plan(db: Database, path: Path, summary: ImportSummary) -> Job | None:
    """What is left to read of ``path``; None (counted in ``summary``) when nothing is."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        summary.files_unreadable += 1
        summary.problems.append(f"{path}: cannot read: {error.strerror or error}")
        return None
    record = db.file_record(str(path.resolve()))
    digest = _digest(raw)
    if record is not None and record.size == len(raw) and record.digest == digest:
        summary.files_unchanged += 1
        return None
    grew = (
        record is not None
        and len(raw) > record.size
        and _digest(raw[: record.size]) == record.digest
    )
    start = record.offset if grew and record is not None else 0
    try:
        writing = time.time() - path.stat().st_mtime < WRITING
    except OSError:
        writing = False
    return Job(path=path, raw=raw, digest=digest, start=start, writing=writing)


def parse(job: Job, read: Reader) -> Parsed:
    """Read a file's hands and work out their facts (no database: a worker process may)."""
    summary = ImportSummary()
    text = decode(job.raw)
    start = job.start if job.start <= len(text) else 0
    hands: list[tuple[HandFacts, AllIn | None]] = []
    parsed = Parsed(
        path=job.path, size=len(job.raw), digest=job.digest, offset=0, hands=hands, summary=summary
    )
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
            summary.problems.append(f"{job.path}: not recognised: {error}")
            return parsed
    summary.files_read += 1
    parsed.offset = len(text)
    shift = len(text[:start].splitlines())  # the lines before the part read: said in full
    for index, entry in enumerate(entries):
        if isinstance(entry, Unreadable) and index == len(entries) - 1:
            # Perhaps a hand the site is still writing: read it again when the file grows.
            parsed.offset = start + _char_of_line(text[start:], entry.line)
            if job.writing:
                summary.pending += 1
                continue
        facts = _facts(entry, job.path, summary, shift)
        if facts is not None:
            assert isinstance(entry, HandHistory)
            hands.append((facts, all_in_luck(entry, facts) if facts.all_in_candidate else None))
    return parsed


def commit(db: Database, parsed: Parsed, summary: ImportSummary) -> None:
    """Store a file's new hands and where it was read to; add its counts to ``summary``."""
    name = str(parsed.path.resolve())
    hands = parsed.hands
    for at in range(0, max(len(hands), 1), BATCH):
        last = at + BATCH >= len(hands)
        record = None
        if last and parsed.summary.files_read:
            record = FileRecord(
                path=name, size=parsed.size, digest=parsed.digest, offset=parsed.offset
            )
        batch = hands[at : at + BATCH]
        new = db.store(batch, file=name, record=record)
        summary.stored += new
        summary.present += len(batch) - new
    summary.add(parsed.summary)


def import_file(db: Database, path: Path, read: Reader, summary: ImportSummary) -> None:
    """Import one file's new hands into ``db``, counting them in ``summary``."""
    job = plan(db, path, summary)
    if job is not None:
        commit(db, parse(job, read), summary)


def import_files(
    db: Database,
    paths: Sequence[Path],
    read: Reader,
    summary: ImportSummary,
    *,
    jobs: int = 1,
    done: Callable[[int], None] | None = None,
) -> None:
    """Import every file of ``paths``; with ``jobs`` above 1 the files are read in that
    many worker processes (the database is written here, in the files' order).
    ``done`` is told how many files are finished, as they finish."""
    finished = 0

    def tell() -> None:
        nonlocal finished
        finished += 1
        if done is not None:
            done(finished)

    if jobs <= 1:
        for path in paths:
            import_file(db, path, read, summary)
            tell()
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    pending: list[Future[Parsed]] = []
    pool = ProcessPoolExecutor(jobs)
    try:
        for path in paths:
            job = plan(db, path, summary)
            if job is None:
                tell()
                continue
            pending.append(pool.submit(parse, job, read))
            while len(pending) >= 2 * jobs:  # a few files ahead, not every file in memory
                commit(db, pending.pop(0).result(), summary)
                tell()
        for future in pending:
            commit(db, future.result(), summary)
            tell()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _facts(entry: object, path: Path, summary: ImportSummary, shift: int) -> HandFacts | None:
    if isinstance(entry, OtherGame):
        summary.other_games += 1
        return None
    if isinstance(entry, Unreadable):
        summary.unreadable += 1
        summary.problems.append(f"{path}: line {entry.line + shift}: {entry.reason}")
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
    label = (
        f"{path}: line {where + shift}"
        if isinstance(where, int)
        else f"{path}: hand {entry.number}"
    )
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
