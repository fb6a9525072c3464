"""``bigblind replay``: replay hand histories through the engine and check every chip.

PHH files (``.phh``, ``.phhs``), PokerStars text (any header form, any
encoding), the sites read in PokerStars' words (GGPoker, 9stacks, Winamax,
888poker and its network, Bovada and Ignition, WPN, partypoker), iPoker and
partypoker XML, Poker Now's full logs and Open Hand History JSON are read,
each file by what it holds, whatever its name; a folder is searched through.
Each hand is counted once, as one of: read and reconciled (the replay ends
with the stacks the file gives, the rake allowed for); read and not reconciled
(with the reason, and the file's line where one is at fault); unreadable (with
the line and the reason: the rest of its file is still read); of a game
bigblind does not play (RULES 11.4). A Poker Now ledger holds no hands: it is
summed in one line. A file is counted apart when it cannot be read at all, or
is not a history bigblind reads (its site named where it can be told). Players
are named as the file names them: their name when it gives names, else ``p1``,
``p2`` ...

A site's hand is replayed as recorded, what the site allowed taken
(:mod:`bigblind.formats.pokerstars.recorded`); ``--strict`` holds every action
to RULES, as for bigblind's own files.

>>> ReplaySummary(reconciled=1, other_games=2, unrecognised=1).line()
'1 hand read, 1 reconciled, 0 not reconciled, 2 hands of games bigblind does not play, \
1 file not recognised'
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
from bigblind.formats import (
    bovada,
    globalpoker,
    horizon,
    ipoker,
    ohh,
    partypoker,
    partypoker_xml,
    poker888,
    pokernow,
    pokerstars,
    winamax,
    wpn,
    wpn_classic,
)
from bigblind.formats.encoding import decode
from bigblind.formats.phh import (
    HandHistory,
    UnsupportedVariantError,
    loads_appended,
    parse_each,
    replay,
    stacks_match,
)
from bigblind.formats.phh.reader import TOMLError
from bigblind.formats.sites import guess_site

__all__ = [
    "ACCEPTED",
    "PHH_SUFFIXES",
    "ReplaySummary",
    "add_parser",
    "files_under",
    "history_text",
    "not_recognised",
    "replay_paths",
    "run",
    "site_entries",
    "unreadable_reason",
]

PHH_SUFFIXES = (".phh", ".phhs")
ACCEPTED = (
    "PHH (.phh, .phhs), PokerStars, GGPoker, 9stacks, Winamax, 888poker, partypoker (text"
    " and XML), iPoker (XML),"
    " Bovada/Ignition, WPN ('Game Hand #' and 'Game started at:') and Horizon hand histories,"
    " Poker Now logs and ledgers (CSV), Global Poker JSON"
    " and Open Hand History JSON"
)
"""What ``bigblind replay`` reads, for its messages."""
_SEAT = re.compile(r"\bseat (\d+)\b")
_PHH_FIELD = re.compile(r"^\s*(?:variant|actions|starting_stacks)\s*=", re.MULTILINE)
_PROGRESS_FROM = 20  # files: fewer go by too fast for a bar


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind replay``."""
    command = subparsers.add_parser(
        "replay",
        help="replay hand histories (PHH, PokerStars, GGPoker, Winamax ...) and check every chip",
        description=(
            f"Replay every hand of the given {ACCEPTED} (any header form and encoding;"
            " folders are searched recursively)"
            " and check each player's final stack against the file. Prints one line per"
            " hand that does not reconcile or cannot be read (with the file's line), one"
            " per file not read, then the counts: hands read, reconciled, not reconciled,"
            " unreadable, of games bigblind does not play (listed on stderr), files not"
            " recognised. Exits 0 only when every hand read reconciled and every file and"
            " hand could be read."
        ),
    )
    command.add_argument(
        "paths", nargs="+", metavar="PATH", help="a hand-history file or a folder of them"
    )
    command.add_argument(
        "--show", action="store_true", help="print each hand street by street as it replays"
    )
    command.add_argument(
        "--strict",
        action="store_true",
        help=(
            "replay PokerStars hands by bigblind's rules, every action (as for bigblind's own"
            " files), not as the site recorded them"
        ),
    )
    command.set_defaults(run=run)


@dataclass(slots=True)
class ReplaySummary:
    """The counts of a replay run; each hand and each file is counted once.

    ``reconciled`` and ``not_reconciled`` are the hands read of games bigblind
    plays; ``unreadable_hands`` could not be read (their files were read on);
    ``other_games`` are hands of games bigblind does not play (RULES 11.4);
    ``unrecognised`` files are not a history bigblind reads, ``unreadable``
    files could not be read at all.
    """

    reconciled: int = 0
    not_reconciled: int = 0
    unreadable_hands: int = 0
    other_games: int = 0
    unrecognised: int = 0
    unreadable: int = 0
    ledgers: int = 0

    @property
    def read(self) -> int:
        """The hands read of games bigblind plays: reconciled or not."""
        return self.reconciled + self.not_reconciled

    @property
    def hands(self) -> int:
        """Every hand met, read or not."""
        return self.read + self.unreadable_hands + self.other_games

    def line(self) -> str:
        """``N hands read, R reconciled, M not reconciled``, then what else there was."""
        parts = [
            f"{plural(self.read, 'hand')} read",
            f"{self.reconciled} reconciled",
            f"{self.not_reconciled} not reconciled",
        ]
        if self.unreadable_hands:
            parts.append(f"{plural(self.unreadable_hands, 'hand')} unreadable")
        if self.other_games:
            games = "a game" if self.other_games == 1 else "games"
            parts.append(f"{plural(self.other_games, 'hand')} of {games} bigblind does not play")
        if self.ledgers:
            parts.append(f"{plural(self.ledgers, 'ledger')} summed")
        if self.unrecognised:
            parts.append(f"{plural(self.unrecognised, 'file')} not recognised")
        if self.unreadable:
            parts.append(f"{plural(self.unreadable, 'file')} unreadable")
        return ", ".join(parts)

    @property
    def clean(self) -> bool:
        """Whether every hand read reconciled and every file and hand could be read."""
        return not (
            self.not_reconciled or self.unreadable_hands or self.unrecognised or self.unreadable
        )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind replay PATH...``: 0 when every hand reconciled, 1 if not, 2 for nothing read."""
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"bigblind replay: {path}: no such file or folder", file=err)
    if missing:
        return 2
    files = list(files_under(paths))
    if not files:
        shown = ", ".join(str(p) for p in paths)
        print(f"bigblind replay: no file in {shown}: it reads {ACCEPTED}", file=err)
        return 2
    summary = ReplaySummary()
    try:
        replay_paths(
            files,
            out,
            err,
            summary=summary,
            show=getattr(args, "show", False),
            strict=getattr(args, "strict", False),
        )
    except KeyboardInterrupt:
        print(f"{summary.line()} (stopped before the end)", file=out)
        print(f"bigblind replay: {STOPPED}", file=err)
        return 130
    print(summary.line(), file=out)
    if summary.hands == 0 and not summary.ledgers:
        print(f"bigblind replay: the files hold no hand: it reads {ACCEPTED}", file=err)
        return 2
    return 0 if summary.clean else 1


def replay_paths(
    paths: Sequence[Path],
    out: TextIO,
    err: TextIO,
    *,
    summary: ReplaySummary | None = None,
    show: bool = False,
    strict: bool = False,
) -> ReplaySummary:
    """Replay every hand under ``paths``: problems on ``out``, hands passed over on ``err``.

    ``summary`` is filled as the run goes (so an interrupted run still has its
    counts); ``show`` prints each hand street by street; ``strict`` replays
    PokerStars hands by RULES.
    """
    summary = summary if summary is not None else ReplaySummary()
    files = list(files_under(paths))
    quiet = len(files) < _PROGRESS_FROM or show
    with Progress(err, "files", total=len(files), quiet=quiet) as bar:
        for done, file in enumerate(files):
            bar.update(done)
            _replay_file(file, out, err, summary, show=show, strict=strict)
    return summary


def _replay_file(
    file: Path, out: TextIO, err: TextIO, summary: ReplaySummary, *, show: bool, strict: bool
) -> None:
    text = history_text(file, out)
    if text is None:
        summary.unreadable += 1
        return
    if pokernow.is_ledger(text):
        try:
            ledger = pokernow.loads_ledger(text)
        except pokernow.LedgerError as error:
            summary.unreadable += 1
            print(f"{file}: cannot read the ledger: {error}", file=out)
            return
        summary.ledgers += 1
        print(f"{file}: {ledger.line()}", file=out)
        return
    entries = site_entries(text)
    if entries is not None:
        _replay_entries(file, entries, out, err, summary, show=show, strict=strict)
        return
    if (why := not_recognised(file, text)) is not None:
        summary.unrecognised += 1
        print(f"{file}: not recognised: {why}", file=out)
        return
    try:
        items = _phh_each(file, text, err)
    except (ValueError, RecursionError) as error:
        # ValueError covers HistoryError and what the TOML reader lets through
        # (an integer of thousands of digits); one bad file never stops the run.
        summary.unreadable += 1
        print(f"{file}: cannot read: {unreadable_reason(error)}", file=out)
        return
    for index, item in enumerate(items, start=1):
        if isinstance(item, BigblindError):
            summary.unreadable_hands += 1
            print(f"{file}: {item}", file=out)
            continue
        label = f"{file}: hand {item.number if item.number is not None else index}"
        if not item.supported:
            summary.other_games += 1
            print(f"{label}: skipped: {UnsupportedVariantError(item.variant)}", file=err)
            continue
        problem = _check(item)
        if problem is None:
            summary.reconciled += 1
        else:
            summary.not_reconciled += 1
            print(f"{label}: {problem}", file=out)
        if show:
            _show(item, label, out)


def not_recognised(file: Path, text: str) -> str | None:
    """Why a text that is no site's history is no PHH file either, or None if it may be."""
    if file.suffix in PHH_SUFFIXES or _PHH_FIELD.search(text):
        return None
    site = guess_site(text)
    told = f"it looks like {site}" if site else "it is not a hand history"
    return f"{told}; bigblind reads {ACCEPTED}"


def site_entries(text: str) -> list[pokerstars.Entry] | None:
    """Each hand of a PokerStars (GGPoker, 9stacks), Winamax, 888poker, Bovada, WPN or
    partypoker history text, of iPoker or partypoker XML, of a Poker Now log or of Open
    Hand History JSON; None for
    other text."""
    if ohh.is_ohh(text):
        return ohh.loads_each(text)
    if globalpoker.is_globalpoker(text):
        return globalpoker.loads_each(text)
    if pokernow.is_log(text):
        return pokernow.loads_each(text)
    if ipoker.is_ipoker(text):
        return ipoker.loads_each(text)
    if partypoker_xml.is_party_xml(text):
        return partypoker_xml.loads_each(text)
    if pokerstars.is_pokerstars(text):
        return pokerstars.loads_each(text)
    if winamax.is_winamax(text):
        return winamax.loads_each(text)
    if poker888.is_888(text):
        return poker888.loads_each(text)
    if bovada.is_bovada(text):
        return bovada.loads_each(text)
    if wpn.is_wpn(text):
        return wpn.loads_each(text)
    if wpn_classic.is_wpn_classic(text):
        return wpn_classic.loads_each(text)
    if horizon.is_horizon(text):
        return horizon.loads_each(text)
    if partypoker.is_party(text):
        return partypoker.loads_each(text)
    return None


def _replay_entries(
    file: Path,
    entries: Sequence[pokerstars.Entry],
    out: TextIO,
    err: TextIO,
    summary: ReplaySummary,
    *,
    show: bool,
    strict: bool,
) -> None:
    for entry in entries:
        if isinstance(entry, pokerstars.OtherGame):
            summary.other_games += 1
            print(f"{file}: line {entry.line}: passed over: {entry.reason}", file=err)
            continue
        if isinstance(entry, pokerstars.Unreadable):
            summary.unreadable_hands += 1
            print(f"{file}: cannot read a hand: {entry.reason}", file=out)
            continue
        label = f"{file}: line {entry.metadata.get('line', '?')}: hand #{entry.number}"
        check = pokerstars.reconcile(entry, strict=strict)
        if check.reconciled:
            summary.reconciled += 1
        else:
            summary.not_reconciled += 1
            print(f"{label}: {check.problem}", file=out)
        if show:
            _show_hand(check.hand, entry, label, out)


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


def _check(item: HandHistory) -> str | None:
    """What is wrong with a PHH hand's replay, in the file's names; None when it matches."""
    names = player_names(item)
    try:
        hand = replay(item)
    except (BigblindError, ValueError) as error:
        return _named(str(error), names)
    expected = item.finishing_stacks
    if expected is None:
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


def _show(item: HandHistory, label: str, out: TextIO) -> None:
    """A PHH hand street by street, as far as it replays."""
    try:
        hand: Hand | None = replay(item)
    except (BigblindError, ValueError):
        hand = None
    _show_hand(hand, item, label, out)


def _show_hand(hand: Hand | None, item: HandHistory, label: str, out: TextIO) -> None:
    """The replayed hand street by street, in the terminal's words
    (:func:`bigblind.formats.words.log_lines`: every card the file records, the hands
    named as their game values them, RULES 11); a line saying so where it did not replay."""
    from bigblind.formats.words import log_lines

    names = player_names(item)
    print(f"── {label}", file=out)
    if hand is None:
        print("   (does not replay; see above)", file=out)
        return
    print(
        "   " + " · ".join(f"{n} {s}" for n, s in zip(names, item.starting_stacks, strict=False)),
        file=out,
    )
    for line in log_lines(hand.events, names, game=hand.rules.game):
        print(f"   {line}", file=out)


def files_under(paths: Sequence[Path]) -> Iterator[Path]:
    """The files named, and every file found (recursively, in name order) under the folders
    named; hidden files and folders (``.name``) are passed over."""
    for path in paths:
        if path.is_dir():
            found = (
                p
                for p in path.rglob("*")
                if p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            )
            yield from sorted(found)
        else:
            yield path


def history_text(file: Path, out: TextIO) -> str | None:
    """The text of ``file`` in whatever encoding it is in; None, said on ``out``, when it
    cannot be read or holds nothing."""
    try:
        text = decode(file.read_bytes())
    except OSError as error:
        print(f"{file}: cannot read: {unreadable_reason(error)}", file=out)
        return None
    if not text.strip("\ufeff\x00 \t\r\n"):
        print(f"{file}: cannot read: the file is empty", file=out)
        return None
    return text


def unreadable_reason(error: BaseException) -> str:
    """Why a file could not be read, in one line: the system's words, or the reader's."""
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
