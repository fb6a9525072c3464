"""``bigblind track graph`` and ``bigblind track leaks``: winnings drawn, gaps named."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from bigblind.cli.options import Subparsers
from bigblind.cli.track_database import add_database, open_database
from bigblind.cli.track_stats import add_filters, filters_of

__all__ = ["add_graph", "add_leaks"]


def add_graph(inner: Subparsers) -> None:
    """Declare ``bigblind track graph``."""
    command = inner.add_parser(
        "graph",
        help="draw the winnings over hands (PNG or SVG)",
        description=(
            "Draw the winnings over hands: won, all-in adjusted, at showdown and without,"
            " in big blinds (or chips)."
        ),
    )
    add_filters(command, split=False)
    command.add_argument(
        "--out", type=Path, default=Path("winnings.png"), help="the file: .png or .svg"
    )
    command.add_argument("--chips", action="store_true", help="in chips, not big blinds")
    add_database(command)
    command.set_defaults(run=run_graph)


def run_graph(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Draw the graph; 1 when no hand is kept, 2 when it cannot be drawn."""
    from bigblind.tracker.graph import GraphError, draw, winnings

    filters, _ = filters_of(args)
    db = open_database(args, err)
    if db is None:
        return 2
    try:
        lines = winnings(db, filters, chips=args.chips)
    finally:
        db.close()
    if not lines.hands:
        print("bigblind track graph: no hand stored matches", file=err)
        return 1
    who = f"{args.player}: " if args.player else ""
    try:
        draw(lines, args.out, title=f"{who}winnings over {lines.hands:,} hands")
    except GraphError as error:
        print(f"bigblind track graph: {error}", file=err)
        return 2
    print(f"{args.out}: {lines.hands:,} hands, won {lines.total[-1]:,.1f} {lines.unit}", file=out)
    return 0


def add_leaks(inner: Subparsers) -> None:
    """Declare ``bigblind track leaks``."""
    command = inner.add_parser(
        "leaks",
        help="the statistics furthest from a winning player's, weighted by how often",
        description=(
            "Compare the statistics with the ranges a winning tight-aggressive player"
            " usually shows and name the gaps, the largest (weighted by how often the spot"
            " arises) first."
        ),
    )
    add_filters(command, split=False)
    command.add_argument("--json", action="store_true", help="print JSON")
    add_database(command)
    command.set_defaults(run=run_leaks)


def run_leaks(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the leaks; 1 when no hand is kept."""
    from bigblind.tracker.leaks import MIN_CHANCES, SOURCE, leaks
    from bigblind.tracker.stats import stats

    filters, _ = filters_of(args)
    db = open_database(args, err)
    if db is None:
        return 2
    try:
        found = stats(db, filters).get("all")
    finally:
        db.close()
    if found is None:
        print("bigblind track leaks: no hand stored matches", file=err)
        return 1
    gaps = leaks(found)
    if args.json:
        items = [
            {
                "statistic": g.name,
                "percent": g.percent,
                "range": [g.low, g.high],
                "gap": g.gap,
                "frequency": g.frequency,
                "weight": g.weight,
            }
            for g in gaps
        ]
        print(json.dumps({"hands": found.hands, "leaks": items, "source": SOURCE}), file=out)
        return 0
    if not gaps:
        print(
            f"no statistic over {MIN_CHANCES} spots or more lies outside a winning"
            f" player's range ({found.hands:,} hands)",
            file=out,
        )
    for g in gaps:
        print(
            f"{g.label}: {g.percent:.1f}% is {g.direction} (a winning player shows"
            f" {g.low:g}-{g.high:g}%): {g.gap:.1f} points off, in {g.frequency:.0%} of hands",
            file=out,
        )
    print(f"ranges: {SOURCE}", file=out)
    return 0
