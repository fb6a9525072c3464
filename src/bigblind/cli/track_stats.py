"""``bigblind track stats``: the statistics of the stored hands, as a table or JSON.

``--position``, ``--stakes`` and ``--game`` alone split the statistics by
that; with a value (``--position BTN``) they keep those hands only.

>>> _date("2026-12-01")
datetime.datetime(2026, 12, 1, 0, 0)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from datetime import datetime
from typing import TextIO

from bigblind.cli.options import Subparsers
from bigblind.cli.track_database import add_database, open_database
from bigblind.tracker.stats import Filters

__all__ = ["add_filters", "add_stats", "filters_of", "format_table"]

_SPLIT = "*"
_ROWS = (
    ("VPIP", "vpip"),
    ("PFR", "pfr"),
    ("3-bet", "three_bet"),
    ("fold to 3-bet", "fold_to_three_bet"),
    ("4-bet", "four_bet"),
    ("steal", "steal"),
    ("fold to steal", "fold_to_steal"),
    ("c-bet flop", "cbet_flop"),
    ("c-bet turn", "cbet_turn"),
    ("fold to c-bet flop", "fold_to_cbet_flop"),
    ("fold to c-bet turn", "fold_to_cbet_turn"),
    ("WTSD", "wtsd"),
    ("W$SD", "wsd"),
)


def _date(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is no date: write it as YYYY-MM-DD (or YYYY-MM-DDTHH:MM)"
        ) from None


def add_stats(inner: Subparsers) -> None:
    """Declare ``bigblind track stats``."""
    command = inner.add_parser(
        "stats",
        help="the statistics of the stored hands",
        description=(
            "VPIP, PFR, 3-bet, fold to 3-bet, 4-bet, steal, fold to steal, c-bets, fold to"
            " c-bets, aggression, WTSD, W$SD, winnings and bb/100 with its 95%% interval."
        ),
    )
    add_filters(command, split=True)
    command.add_argument("--json", action="store_true", help="print JSON")
    add_database(command)
    command.set_defaults(run=run_stats)


def add_filters(command: argparse.ArgumentParser, *, split: bool) -> None:
    """Declare ``--player``, ``--position``, ``--stakes``, ``--game``, ``--since`` and
    ``--until``; with ``split`` the middle three alone split by themselves."""
    command.add_argument("--player", help="one player's hands (by default everyone's)")
    for name in ("position", "stakes", "game"):
        if split:
            command.add_argument(
                f"--{name}",
                nargs="?",
                const=_SPLIT,
                metavar=name.upper(),
                help=f"alone: split by {name}; with a value: only the hands at that {name}",
            )
        else:
            command.add_argument(f"--{name}", help=f"only the hands at that {name}")
    command.add_argument("--since", type=_date, help="hands played from this date (YYYY-MM-DD)")
    command.add_argument("--until", type=_date, help="hands played before this date")


def filters_of(args: argparse.Namespace) -> tuple[Filters, str | None]:
    """The filters the options give, and what to split by (None: not split)."""
    split = [name for name in ("position", "stakes", "game") if getattr(args, name) == _SPLIT]
    kept = {
        name: getattr(args, name)
        for name in ("position", "stakes", "game")
        if getattr(args, name) not in (None, _SPLIT)
    }
    filters = Filters(player=args.player, since=args.since, until=args.until, **kept)
    return filters, split[0] if split else None


def run_stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the statistics; 1 when no stored hand is kept by the options."""
    from bigblind.tracker.stats import stats

    filters, split = filters_of(args)
    db = open_database(args, err)
    if db is None:
        return 2
    try:
        found = stats(db, filters, by=split)
    finally:
        db.close()
    if args.json:
        print(json.dumps({k: v.as_dict() for k, v in found.items()}, indent=2), file=out)
    if not found:
        who = f" of {args.player}" if args.player else ""
        print(f"bigblind track stats: no hand{who} stored matches", file=err)
        return 1
    if not args.json:
        print(format_table(found), file=out)
    return 0


def format_table(found: Mapping[str, object]) -> str:
    """The statistics, one column per group."""
    from bigblind.tracker.stats import Stats

    groups = {k: v for k, v in found.items() if isinstance(v, Stats)}
    names = list(groups)
    lines = [("", names)]

    def cell(value: float | None, digits: int = 1) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    rows: list[tuple[str, list[str]]] = [("hands", [f"{s.hands:,}" for s in groups.values()])]
    for label, key in _ROWS:
        rows.append((label, [cell(s.ratios[key].percent) for s in groups.values()]))
    rows.append(("aggression factor", [cell(s.aggression_factor, 2) for s in groups.values()]))
    rows.append(
        ("aggression frequency", [cell(s.aggression_frequency.percent) for s in groups.values()])
    )
    rows.append(("won (bb)", [f"{s.net_bb:.1f}" for s in groups.values()]))
    rows.append(("at showdown (bb)", [f"{s.showdown_bb:.1f}" for s in groups.values()]))
    rows.append(("without showdown (bb)", [f"{s.non_showdown_bb:.1f}" for s in groups.values()]))
    rows.append(("all-in adjusted (bb)", [f"{s.all_in_adjusted_bb:.1f}" for s in groups.values()]))
    rows.append(
        (
            "bb/100",
            [
                f"{s.bb_per_100:.1f} ± {s.bb_per_100_ci:.1f}"
                if s.bb_per_100_ci != float("inf")
                else f"{s.bb_per_100:.1f}"
                for s in groups.values()
            ],
        )
    )
    lines += rows
    width = max(len(label) for label, _ in lines)
    widths = [max(len(names[i]), *(len(r[i]) for _, r in rows)) for i in range(len(names))]
    out = []
    for label, values in lines:
        cells = "  ".join(v.rjust(w) for v, w in zip(values, widths, strict=True))
        out.append(f"{label.ljust(width)}  {cells}".rstrip())
    return "\n".join(out)
