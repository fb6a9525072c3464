"""``bigblind tournament``: play a whole tournament of bots and print the places and payouts.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> run(parser.parse_args(["tournament", "--players", "3", "--seed", "2", "--json"]))
{"players": 3, "prize_pool": 300, "hands": ..., "places": [{"place": 1, ...}]}
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from bigblind.bots import BOTS, make_bot
from bigblind.cli.options import Subparsers
from bigblind.errors import BigblindError
from bigblind.sessions.table import Decide
from bigblind.sessions.tournament import BlindStructure, Tournament

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind tournament`` and its options."""
    command = subparsers.add_parser(
        "tournament",
        help="play a tournament of bots and print the places and payouts",
        description=(
            "Seat the players at random at tables, play no-limit hands with rising blinds"
            " (antes from level 5) and a dead button until one player has every chip, then"
            " print each place and its payout."
        ),
    )
    command.add_argument("--players", type=int, default=9, help="field size (default 9)")
    command.add_argument("--seed", type=int, default=None, help="seed for a reproducible run")
    command.add_argument(
        "--bots",
        default="random",
        help=f"bots, comma-separated, cycled over the players ({', '.join(sorted(BOTS))})",
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument(
        "--stack", type=int, default=1500, help="starting chips per player (default 1500)"
    )
    command.add_argument("--table-size", type=int, default=9, help="seats per table (default 9)")
    command.add_argument(
        "--buy-in", type=int, default=100, help="buy-in per player; the prize pool (default 100)"
    )
    command.add_argument(
        "--hands-per-level", type=int, default=10, help="hands per blind level (default 10)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Play the tournament ``args`` describes; 0 on success, 2 for bad options."""
    out = out or sys.stdout
    err = err or sys.stderr
    names = [f"Player {i}" for i in range(1, args.players + 1)]
    seed = 0 if args.seed is None else args.seed
    kinds = [kind.strip() for kind in args.bots.split(",")]
    try:
        bots: dict[str, Decide] = {
            name: make_bot(kinds[i % len(kinds)], seed * 1000 + i).act
            for i, name in enumerate(names)
        }
        tournament = Tournament(
            names,
            starting_stack=args.stack,
            structure=BlindStructure.default(hands=args.hands_per_level),
            table_size=args.table_size,
            seed=args.seed,
            buy_in=args.buy_in,
        )
        results = tournament.play(bots)
    except BigblindError as error:
        print(f"bigblind tournament: {error}", file=err)
        return 2
    if args.json:
        places: list[dict[str, object]] = []
        for finish in results:
            entry: dict[str, object] = {
                "place": finish.place,
                "name": finish.name,
                "payout": finish.payout,
            }
            if len(finish.places) > 1:
                entry["shared"] = list(finish.places)
            places.append(entry)
        document = {
            "players": len(names),
            "prize_pool": tournament.prize_pool,
            "hands": tournament.hands_played,
            "places": places,
        }
        print(json.dumps(document), file=out)
        return 0
    print(
        f"{len(names)} players, prize pool {tournament.prize_pool},"
        f" {tournament.hands_played} hands",
        file=out,
    )
    shown = [
        str(f.place) if len(f.places) == 1 else f"{f.places[0]}-{f.places[-1]}" for f in results
    ]
    width = max(len(name) for name in names)
    place_width = max(5, *map(len, shown))
    print(f"{'place':>{place_width}}  {'player':<{width}}  {'payout':>8}", file=out)
    for place, finish in zip(shown, results, strict=True):
        print(f"{place:>{place_width}}  {finish.name:<{width}}  {finish.payout:>8}", file=out)
    return 0
