"""``bigblind replay``: replay hand histories through the engine and check their final stacks.

A file that cannot be read is counted as unreadable and the run goes on with
the next one; a hand that does not replay, or ends with other stacks than the
file says, is a mismatch. Players are named as the file names them: their
name when it gives names, else ``p1``, ``p2`` ...

>>> ReplaySummary(replayed=1, mismatched=0, skipped=2, unreadable=1).line()
'1 hand replayed, 0 mismatched, 2 skipped, 1 file unreadable'
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bigblind.cli.options import Subparsers, plural
from bigblind.cli.progress import STOPPED, Progress
from bigblind.engine.hand import Hand
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.phh import (
    HandHistory,
    UnsupportedVariantError,
    loads_appended,
    parse_each,
    replay,
    stacks_match,
)
from bigblind.formats.phh.reader import TOMLError

__all__ = ["PHH_SUFFIXES", "ReplaySummary", "add_parser", "replay_paths", "run"]

PHH_SUFFIXES = (".phh", ".phhs")
STARS_START = "PokerStars Hand #"
"""How every hand of a PokerStars history begins (the files are ``.txt``)."""
_SEAT = re.compile(r"\bseat (\d+)\b")
_PROGRESS_FROM = 20  # files: fewer go by too fast for a bar


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind replay``."""
    command = subparsers.add_parser(
        "replay",
        help="replay hand histories (PHH, PokerStars) and check their final stacks",
        description=(
            "Replay every hand of the given .phh and .phhs files and PokerStars hand"
            " histories (.txt; folders are searched recursively) and compare the final"
            " stacks with those the file gives. Prints one"
            " line per hand that fails or ends with other stacks, one per file that cannot"
            " be read, then a summary; hands of other variants than NT and FT are skipped"
            " (listed on stderr). Exits 0 only when every hand replayed and matched."
        ),
    )
    command.add_argument("paths", nargs="+", metavar="PATH", help="a PHH file or a folder")
    command.add_argument(
        "--show", action="store_true", help="print each hand street by street as it replays"
    )
    command.set_defaults(run=run)


@dataclass(slots=True)
class ReplaySummary:
    """Counts of a replay run: ``mismatched`` includes the hands that failed to replay."""

    replayed: int = 0
    mismatched: int = 0
    skipped: int = 0
    unreadable: int = 0

    def line(self) -> str:
        """The summary line: ``N hands replayed, M mismatched, K skipped[, U files unreadable]``."""
        text = (
            f"{plural(self.replayed, 'hand')} replayed, {self.mismatched} mismatched,"
            f" {self.skipped} skipped"
        )
        if self.unreadable:
            text += f", {plural(self.unreadable, 'file')} unreadable"
        return text

    @property
    def clean(self) -> bool:
        """Whether every hand replayed and matched, and every file could be read."""
        return self.mismatched == 0 and self.unreadable == 0


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind replay PATH...``: 0 when every hand matched, 1 if not, 2 for nothing to replay."""
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"bigblind replay: {path}: no such file or folder", file=err)
    if missing:
        return 2
    files = list(_phh_files(paths))
    if not files:
        shown = ", ".join(str(p) for p in paths)
        print(
            f"bigblind replay: no hand history (.phh, .phhs, PokerStars .txt) in {shown}", file=err
        )
        return 2
    summary = ReplaySummary()
    try:
        replay_paths(files, out, err, summary=summary, show=getattr(args, "show", False))
    except KeyboardInterrupt:
        print(f"{summary.line()} (stopped before the end)", file=out)
        print(f"bigblind replay: {STOPPED}", file=err)
        return 130
    print(summary.line(), file=out)
    if summary.replayed + summary.skipped == 0:
        print("bigblind replay: the files hold no hand", file=err)
        return 2
    return 0 if summary.clean else 1


def replay_paths(
    paths: Sequence[Path],
    out: TextIO,
    err: TextIO,
    *,
    summary: ReplaySummary | None = None,
    show: bool = False,
) -> ReplaySummary:
    """Replay every hand under ``paths``: problems on ``out``, skipped hands on ``err``.

    ``summary`` is filled as the run goes (so an interrupted run still has its
    counts); ``show`` prints each hand street by street.
    """
    summary = summary if summary is not None else ReplaySummary()
    files = list(_phh_files(paths))
    quiet = len(files) < _PROGRESS_FROM or show
    with Progress(err, "files", total=len(files), quiet=quiet) as bar:
        for done, file in enumerate(files):
            bar.update(done)
            _replay_file(file, out, err, summary, show)
    return summary


def _replay_file(file: Path, out: TextIO, err: TextIO, summary: ReplaySummary, show: bool) -> None:
    try:
        text = file.read_text(encoding="utf-8-sig")
        if not text.strip():
            summary.unreadable += 1
            print(f"{file}: cannot read: the file is empty", file=out)
            return
        stars = text.lstrip("\ufeff").startswith(STARS_START)
        items = _stars_each(text) if stars else _phh_each(file, text, err)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        # ValueError covers HistoryError and what the TOML reader lets through
        # (an integer of thousands of digits); one bad file never stops the run.
        summary.unreadable += 1
        print(f"{file}: cannot read: {_reason(error)}", file=out)
        return
    for index, item in enumerate(items, start=1):
        if isinstance(item, BigblindError):
            summary.replayed += 1
            summary.mismatched += 1
            print(f"{file}: {item}", file=out)
            continue
        label = f"{file}: hand {item.number if item.number is not None else index}"
        if not item.supported:
            summary.skipped += 1
            print(f"{label}: skipped: {UnsupportedVariantError(item.variant)}", file=err)
            continue
        summary.replayed += 1
        problem = _check(item, stars=stars)
        if problem is not None:
            summary.mismatched += 1
            print(f"{label}: {problem}", file=out)
        if show:
            _show(item, label, out, stars=stars)


def _phh_each(file: Path, text: str, err: TextIO) -> list[HandHistory | HistoryError]:
    """Each hand of a PHH text; a session file whose last hand a crash cut short while it
    was being saved gives its whole hands, and the cut one is said to be left out."""
    try:
        return parse_each(text)
    except TOMLError:
        # Cut inside a line, the TOML of the whole file breaks: without this every hand
        # would be lost. (Cut at the end of a line, the last hand reads as one whose
        # fields are missing, and is said to be so on its own.)
        session = loads_appended(text)  # the same error again, unless only the end is cut
        assert session.partial is not None  # a text that is TOML whole parsed above
        print(f"{file}: the last hand was cut short while being saved: left out", file=err)
        return list(session.hands)


def _stars_each(text: str) -> list[HandHistory | HistoryError]:
    """Each hand of a PokerStars history, or the error that one hand gives."""
    from bigblind.formats import pokerstars

    body = text.lstrip("\ufeff")
    out: list[HandHistory | HistoryError] = []
    for number, chunk in enumerate(body.split(STARS_START)[1:], start=1):
        try:
            out.extend(pokerstars.loads(STARS_START + chunk))
        except HistoryError as error:
            out.append(HistoryError(f"hand {number}: {error}"))
    return out


def _check(item: HandHistory, *, stars: bool = False) -> str | None:
    """What is wrong with the hand's replay, in the file's names; None when it matches."""
    from bigblind.formats import pokerstars

    names = player_names(item)
    try:
        hand = pokerstars.replay(item) if stars else replay(item)
    except (BigblindError, ValueError) as error:
        return _named(str(error), names)
    expected = item.finishing_stacks
    if expected is None:
        return None
    if stars and hand.result is not None and pokerstars.results_match(item, hand):
        return None
    if hand.result is None:
        return (
            f"the hand is not over after the last action (it awaits {hand.awaiting});"
            f" the file gives final stacks {_stacks(expected, names)}"
        )
    if not stacks_match(expected, hand.result.stacks):
        differ = [
            f"{names[i]} {_chips(want)} in the file, {got} replayed"
            for i, (want, got) in enumerate(zip(expected, hand.result.stacks, strict=False))
            if not stacks_match([want], [got])
        ]
        if len(expected) != len(hand.result.stacks):
            differ.append(f"{len(expected)} stacks in the file for {len(names)} players")
        return "final stacks differ: " + "; ".join(differ)
    return None


def player_names(item: HandHistory) -> list[str]:
    """The players as the file names them: their names, else ``p1``, ``p2`` ...

    >>> from bigblind.formats.phh import loads
    >>> text = 'variant = "NT"\\nstarting_stacks = [5, 5]\\nblinds_or_straddles = [1, 2]'
    >>> player_names(loads(text + '\\nantes = [0, 0]\\nmin_bet = 2\\nactions = []')[0])
    ['p1', 'p2']
    """
    count = len(item.starting_stacks)
    given = list(item.players or ())
    return [given[i] if i < len(given) and given[i] else f"p{i + 1}" for i in range(max(count, 1))]


def _named(text: str, names: Sequence[str]) -> str:
    """An engine message about ``seat N`` (0-based) with the player's name instead."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) if len(match.group(1)) < 4 else -1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT.sub(name, text.splitlines()[0] if text else text)


def _show(item: HandHistory, label: str, out: TextIO, *, stars: bool = False) -> None:
    """The hand street by street, as far as it replays."""
    from bigblind.formats import pokerstars
    from bigblind.ui.render import showdown_lines

    names = player_names(item)
    print(f"── {label}", file=out)
    try:
        hand = pokerstars.replay(item) if stars else replay(item)
    except (BigblindError, ValueError):
        print("   (does not replay; see above)", file=out)
        return
    print(
        "   " + " · ".join(f"{n} {s}" for n, s in zip(names, item.starting_stacks, strict=False)),
        file=out,
    )
    for line in _hand_lines(hand, names):
        print(f"   {line}", file=out)
    for line in showdown_lines(hand.events, names):
        print(f"   {line}", file=out)


def _hand_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    """The hand's events in words, the known hole cards after the blinds."""
    from bigblind.engine.events import HoleDealt
    from bigblind.ui.render import cards_text as text_of
    from bigblind.ui.render import event_line as line_of

    holes: dict[int, list[int]] = {}
    lines: list[str] = []
    told = False
    for event in hand.events:
        if isinstance(event, HoleDealt):
            if event.card is not None:
                holes.setdefault(event.seat, []).append(event.card)
            continue
        line = line_of(event, names)
        if line is None:
            continue
        if not told and not line.startswith(tuple(f"{n} posts" for n in names)):
            told = True
            for seat in sorted(holes):
                lines.append(f"Dealt to {names[seat]}: {text_of(holes[seat])}")
        lines.append(line)
    return lines


def _phh_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The PHH files named or found (recursively, in name order) under the folders named."""
    for path in paths:
        if path.is_dir():
            found = (p for p in path.rglob("*") if p.is_file() and _is_history(p))
            yield from sorted(found)
        else:
            yield path


def _is_history(path: Path) -> bool:
    """A PHH file, or a ``.txt`` file that begins as a PokerStars history does."""
    if path.suffix in PHH_SUFFIXES:
        return True
    if path.suffix != ".txt":
        return False
    try:
        with path.open("rb") as file:
            head = file.read(64)
    except OSError:
        return False
    return head.lstrip(b"\xef\xbb\xbf").startswith(STARS_START.encode())


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 text ({error.reason})"
    if isinstance(error, RecursionError):
        return "nested too deeply to be a hand history"
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if "Exceeds the limit" in text and "digits" in text:
        return "a number of thousands of digits: not a hand history"
    return text


def _chips(amount: float) -> str:
    return str(int(amount)) if float(amount).is_integer() else str(amount)


def _stacks(stacks: Sequence[float], names: Sequence[str]) -> str:
    return ", ".join(
        f"{names[i] if i < len(names) else f'p{i + 1}'} {_chips(s)}" for i, s in enumerate(stacks)
    )
