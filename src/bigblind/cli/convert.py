"""``bigblind convert``: turn hand histories into PHH, PokerStars text or OHH, hand for hand.

Each hand is read (any history ``bigblind replay`` reads), replayed on the
engine as recorded and checked against its file; a hand that reconciles is
written from the engine's record of it, so what comes out has every chip the
file had. A hand that does not reconcile, cannot be read or is of a game
bigblind does not play is not written, and is said to be so (RULES 11.4).
Each input file gives one output file of the same name in ``--out``
(``.phhs``, ``.txt`` or ``.ohh``; numbered, ``hands-2.txt``, when an earlier
input of the run has the name); the counts come last, in the words ``bigblind
replay`` uses: hands read, converted, not reconciled, not written (read and
reconciled, but the format cannot hold them), unreadable, of games bigblind
does not play; ledgers passed over, files not recognised or unreadable. PokerStars
text needs a time for each hand: a hand whose file gives none (a PHH file
without a date) is written as of 2000/01/01.

>>> ConvertSummary(converted=2, not_written=1, other_games=1).line()
'3 hands read, 2 converted, 0 not reconciled, 1 hand not written, \
1 hand of a game bigblind does not play'
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bigblind.cli.options import Subparsers, plural
from bigblind.cli.replay import (
    ACCEPTED,
    files_under,
    history_text,
    not_recognised,
    site_entries,
    unreadable_reason,
)
from bigblind.engine.hand import Hand
from bigblind.errors import BigblindError
from bigblind.formats import ohh, phh, pokernow, pokerstars
from bigblind.formats.phh import HandHistory

__all__ = ["FORMATS", "ConvertSummary", "add_parser", "convert_paths", "run"]

FORMATS = {"ohh": ".ohh", "phh": ".phhs", "pokerstars": ".txt"}
"""The formats written, and the suffix of their files."""
_EPOCH = datetime(2000, 1, 1)  # the time written for a hand whose file gives none


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind convert``."""
    command = subparsers.add_parser(
        "convert",
        help="turn hand histories into PHH, PokerStars text or OHH JSON, hand for hand",
        description=(
            f"Read {ACCEPTED}, replay every hand and write each one that reconciles with"
            " its file in the format asked for: one output file per input file, of the"
            " same name, in --out. Hands that cannot be read, do not reconcile or are of"
            " games bigblind does not play are listed and left out. Exits 0 only when"
            " every hand of a game bigblind plays was written."
        ),
    )
    command.add_argument("paths", nargs="+", metavar="FILE", help="a history file or a folder")
    command.add_argument("--to", required=True, choices=sorted(FORMATS), help="the format to write")
    command.add_argument(
        "--out",
        type=Path,
        default=Path("converted"),
        metavar="DIR",
        help="the folder to write to (made if missing; default ./converted)",
    )
    command.set_defaults(run=run)


@dataclass(slots=True)
class ConvertSummary:
    """The counts of a conversion: each hand and each file counted once, as one of:

    read and converted; read and not reconciled (not written); read, reconciled and
    not written (the format cannot hold it); unreadable; of a game bigblind does not
    play. Files: ledgers passed over, not recognised, unreadable. ``written`` holds
    the files written, so that two inputs of one name do not overwrite each other.

    >>> ConvertSummary(converted=2, not_reconciled=1, unreadable_hands=1).line()
    '3 hands read, 2 converted, 1 not reconciled, 1 hand unreadable'
    """

    converted: int = 0
    not_reconciled: int = 0
    not_written: int = 0
    unreadable_hands: int = 0
    other_games: int = 0
    ledgers: int = 0
    unrecognised: int = 0
    unreadable: int = 0
    written: set[Path] = field(default_factory=set)

    @property
    def read(self) -> int:
        """The hands read of games bigblind plays: converted or not."""
        return self.converted + self.not_reconciled + self.not_written

    @property
    def not_converted(self) -> int:
        """The hands met that were not converted, whatever the reason."""
        return self.not_reconciled + self.not_written + self.unreadable_hands

    def line(self) -> str:
        """``N hands read, C converted, M not reconciled``, then what else there was."""
        parts = [
            f"{plural(self.read, 'hand')} read",
            f"{self.converted} converted",
            f"{self.not_reconciled} not reconciled",
        ]
        if self.not_written:
            parts.append(f"{plural(self.not_written, 'hand')} not written")
        if self.unreadable_hands:
            parts.append(f"{plural(self.unreadable_hands, 'hand')} unreadable")
        if self.other_games:
            games = "a game" if self.other_games == 1 else "games"
            parts.append(f"{plural(self.other_games, 'hand')} of {games} bigblind does not play")
        if self.ledgers:
            parts.append(f"{plural(self.ledgers, 'ledger')} passed over")
        if self.unrecognised:
            parts.append(f"{plural(self.unrecognised, 'file')} not recognised")
        if self.unreadable:
            parts.append(f"{plural(self.unreadable, 'file')} unreadable")
        return ", ".join(parts)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind convert FILE... --to FORMAT``: 0 when every hand was written, else 1 or 2."""
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"bigblind convert: {path}: no such file or folder", file=err)
    if missing:
        return 2
    target: Path = args.out
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"bigblind convert: {target}: cannot make the folder: {error.strerror}", file=err)
        return 2
    summary = convert_paths(paths, args.to, target, out, err)
    print(summary.line(), file=out)
    if summary.read + summary.unreadable_hands + summary.other_games == 0:
        print(f"bigblind convert: the files hold no hand: it reads {ACCEPTED}", file=err)
        return 2
    clean = not (summary.not_converted or summary.unrecognised or summary.unreadable)
    return 0 if clean else 1


def _convert_file(
    file: Path, to: str, target: Path, out: TextIO, err: TextIO, summary: ConvertSummary
) -> None:
    text = history_text(file, out)
    if text is None:
        summary.unreadable += 1
        return
    if pokernow.is_ledger(text):
        summary.ledgers += 1
        print(f"{file}: passed over: a Poker Now ledger holds no hands to convert", file=err)
        return
    entries = site_entries(text)
    if entries is None:
        if (why := not_recognised(file, text)) is not None:
            summary.unrecognised += 1
            print(f"{file}: not recognised: {why}", file=out)
            return
        try:
            entries = _phh_entries(text)
        except (ValueError, RecursionError) as error:
            summary.unreadable += 1
            print(f"{file}: cannot read: {unreadable_reason(error)}", file=out)
            return
    written: list[str] = []
    hands: list[tuple[Hand, dict[str, object]]] = []
    for index, entry in enumerate(entries, start=1):
        if isinstance(entry, pokerstars.OtherGame):
            summary.other_games += 1
            print(f"{file}: line {entry.line}: passed over: {entry.reason}", file=err)
            continue
        if isinstance(entry, pokerstars.Unreadable):
            summary.unreadable_hands += 1
            print(f"{file}: cannot read a hand: {entry.reason}", file=out)
            continue
        check = pokerstars.reconcile(entry)
        label = f"{file}: hand {entry.number if entry.number is not None else index}"
        if check.hand is None or not check.reconciled:
            summary.not_reconciled += 1
            print(f"{label}: not reconciled, not converted: {check.problem}", file=out)
            continue
        try:
            if to == "pokerstars":
                written.append(_as_pokerstars(check.hand, entry, index))
            elif to == "ohh":
                written.append(_as_ohh(check.hand, entry, index))
            else:
                hands.append((check.hand, _phh_fields(entry, index)))
                phh.dumps(check.hand, **hands[-1][1])  # each hand's refusal is its own
        except BigblindError as error:
            if hands and hands[-1][0] is check.hand:
                hands.pop()
            summary.not_written += 1
            print(f"{label}: not converted: {error}", file=out)
            continue
        summary.converted += 1
    if not written and not hands:
        return
    path = _free_path(target, file.stem, FORMATS[to], summary.written)
    if to == "pokerstars":
        body = pokerstars.dump_session(written)
    elif to == "ohh":
        body = ohh.dump_session(written)
    else:
        body = phh.dump_session(hands)
    path.write_text(body, encoding="utf-8")


def _free_path(target: Path, stem: str, suffix: str, written: set[Path]) -> Path:
    """Where to write an input's hands: its name, numbered when an earlier input of this
    run took it (``hands.txt``, ``hands-2.txt`` ...)."""
    path = target / (stem + suffix)
    number = 1
    while path in written:
        number += 1
        path = target / f"{stem}-{number}{suffix}"
    written.add(path)
    return path


def _phh_entries(text: str) -> list[pokerstars.Entry]:
    """A PHH text's hands as entries: a hand that cannot be read, or of another variant, as
    the PokerStars reader says it."""
    entries: list[pokerstars.Entry] = []
    for index, item in enumerate(phh.parse_each(text), start=1):
        if isinstance(item, BigblindError):
            entries.append(pokerstars.Unreadable(line=index, reason=str(item)))
        elif not item.supported:
            entries.append(pokerstars.OtherGame(line=index, number=index, game=item.variant))
        else:
            entries.append(item)
    return entries


def _names(history: HandHistory) -> list[str]:
    given = list(history.players or ())
    count = len(history.starting_stacks)
    return [given[i] if i < len(given) and given[i] else f"p{i + 1}" for i in range(count)]


def _phh_fields(history: HandHistory, index: int) -> dict[str, object]:
    fields: dict[str, object] = {"players": _names(history)}
    number = history.number
    fields["hand"] = number if isinstance(number, int) else index
    if not isinstance(number, int) and number is not None:
        fields["_site_hand"] = str(number)  # GGPoker's and Winamax's ids hold letters or dashes
    meta = history.metadata
    for name in ("table", "currency"):
        if isinstance(meta.get(name), str):
            fields[name] = meta[name]
    if isinstance(meta.get("site"), str):
        fields["_site"] = meta["site"]
    when = meta.get("time")
    if isinstance(when, datetime):
        fields.update(year=when.year, month=when.month, day=when.day)
    return fields


def _as_pokerstars(hand: Hand, history: HandHistory, index: int) -> str:
    meta = history.metadata
    number = history.number if isinstance(history.number, int) and history.number > 0 else index
    seats = meta.get("seats")
    count = meta.get("seat_count")
    currency = meta.get("currency")
    tournament = meta.get("tournament")
    level = meta.get("level")
    rake = meta.get("_rake")
    when = meta.get("time")
    table = meta.get("table")
    seat_numbers = [s for s in seats if isinstance(s, int)] if isinstance(seats, list) else None
    return pokerstars.dumps(
        hand,
        hand_id=number,
        table=table if isinstance(table, str) and table else "bigblind",
        players=_names(history),
        when=when if isinstance(when, datetime) else _EPOCH,
        seat_numbers=seat_numbers if seat_numbers and len(seat_numbers) == hand.seats else None,
        currency=currency if isinstance(currency, str) else None,
        max_seats=_max_seats(count, seat_numbers, hand.seats),
        tournament=(
            pokerstars.Tournament(tournament, level=level if isinstance(level, int) else 1)
            if isinstance(tournament, int)
            else None
        ),
        rake=rake if isinstance(rake, int) else 0,
    )


def _max_seats(count: object, seat_numbers: list[int] | None, players: int) -> int:
    """The table's size: as the file gives it, else 9, and never below a seat in play.

    >>> _max_seats(None, [1, 4, 10], 3), _max_seats(6, None, 2), _max_seats(2, None, 3)
    (10, 6, 9)
    """
    given = count if isinstance(count, int) and count >= players else max(players, 9)
    highest = max(seat_numbers) if seat_numbers else 0
    return given if given >= highest else highest


def _as_ohh(hand: Hand, history: HandHistory, index: int) -> str:
    meta = history.metadata
    number = history.number if history.number is not None else index
    seats = meta.get("seats")
    count = meta.get("seat_count")
    currency = meta.get("currency")
    rake = meta.get("_rake")
    when = meta.get("time")
    table = meta.get("table")
    site = meta.get("site")
    seat_numbers = [s for s in seats if isinstance(s, int)] if isinstance(seats, list) else None
    return ohh.dumps(
        hand,
        game_number=number,
        table=table if isinstance(table, str) and table else "bigblind",
        players=_names(history),
        when=when if isinstance(when, datetime) else _EPOCH,
        seat_numbers=seat_numbers if seat_numbers and len(seat_numbers) == hand.seats else None,
        currency=currency if isinstance(currency, str) else None,
        max_seats=_max_seats(count, seat_numbers, hand.seats),
        tournament=isinstance(meta.get("tournament"), int),
        rake=rake if isinstance(rake, int) else 0,
        site=site if isinstance(site, str) and site else "bigblind",
    )


def convert_paths(
    paths: Sequence[Path], to: str, target: Path, out: TextIO, err: TextIO
) -> ConvertSummary:
    """Convert every hand under ``paths`` into files in ``target``, as ``FORMATS`` names
    them; problems on ``out``, hands passed over on ``err``. The counts."""
    summary = ConvertSummary()
    for file in files_under(paths):
        _convert_file(file, to, target, out, err, summary)
    return summary
