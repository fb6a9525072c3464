"""``bigblind tournament``: play tournaments of bots; the places and payouts, or a summary.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> run(parser.parse_args(["tournament", "--players", "3", "--seed", "2", "--json"]))
{"players": 3, "prize_pool": 300, "hands": ..., "places": [{"place": 1, ...}]}
0
>>> run(parser.parse_args(["tournament", "--players", "3", "--runs", "2", "--seed", "2",
...                         "--json"]))
{"runs": 2, "seed": 2, "players": 3, "prize_pool": 300, "hands": ..., "bots": [{"name": ...}]}
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from bigblind.bots import BOTS
from bigblind.bots.series import (
    SeriesResult,
    TournamentPlan,
    TournamentRun,
    play_series,
    play_tournament,
)
from bigblind.cli.options import Subparsers, add_backend, backend
from bigblind.cli.simulate import ProgressBar
from bigblind.errors import BigblindError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind tournament`` and its options."""
    command = subparsers.add_parser(
        "tournament",
        help="play tournaments of bots and print the places and payouts",
        description=(
            "Seat the players at random at tables, play no-limit hands with rising blinds"
            " (antes from level 5) and a dead button until one player has every chip, then"
            " print each place and its payout. With --runs N, play N tournaments (run r is"
            " the one --seed SEED+r plays) and print each bot's record over them."
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
    command.add_argument(
        "--runs", type=int, default=1, help="tournaments to play and sum up (default 1)"
    )
    add_backend(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Play the tournaments ``args`` describes; 0 on success, 2 for bad options."""
    out = out or sys.stdout
    err = err or sys.stderr
    bar = ProgressBar(err, unit="tournaments")
    bar.enabled = bar.enabled and not args.json and args.runs > 1
    try:
        plan = TournamentPlan(
            players=args.players,
            bots=tuple(args.bots.split(",")),
            starting_stack=args.stack,
            table_size=args.table_size,
            buy_in=args.buy_in,
            hands_per_level=args.hands_per_level,
        )
        # Without --seed a single local tournament is seated at random; many need a seed
        # to derive theirs from, drawn here and printed.
        seed = args.seed
        if seed is None and (args.runs != 1 or args.backend != "local" or args.address):
            seed = random.SystemRandom().randrange(2**31)
        with backend(args) as runner:
            bar.start()
            if seed is None:
                series = None
                single = play_tournament(plan, None)
            else:
                series = play_series(plan, args.runs, seed=seed, progress=bar, runner=runner)
                single = series.results[0]
    except BigblindError as error:
        bar.close()
        print(f"bigblind tournament: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        bar.close()
        print("bigblind tournament: interrupted", file=err)
        return 130
    bar.close()
    if series is not None and series.runs > 1:
        _summary(series, args, out)
    else:
        _places(single, args, out)
    return 0


def _places(played: TournamentRun, args: argparse.Namespace, out: TextIO) -> None:
    if args.json:
        places: list[dict[str, object]] = []
        for finish in played.finishes:
            entry: dict[str, object] = {
                "place": finish.place,
                "name": finish.name,
                "payout": finish.payout,
            }
            if len(finish.places) > 1:
                entry["shared"] = list(finish.places)
            places.append(entry)
        document = {
            "players": len(played.finishes),
            "prize_pool": played.prize_pool,
            "hands": played.hands,
            "places": places,
        }
        print(json.dumps(document), file=out)
        return
    print(
        f"{len(played.finishes)} players, prize pool {played.prize_pool}, {played.hands} hands",
        file=out,
    )
    results = played.finishes
    shown = [
        str(f.place) if len(f.places) == 1 else f"{f.places[0]}-{f.places[-1]}" for f in results
    ]
    width = max(len(f.name) for f in results)
    place_width = max(5, *map(len, shown))
    print(f"{'place':>{place_width}}  {'player':<{width}}  {'payout':>8}", file=out)
    for place, finish in zip(shown, results, strict=True):
        print(f"{place:>{place_width}}  {finish.name:<{width}}  {finish.payout:>8}", file=out)


def _summary(series: SeriesResult, args: argparse.Namespace, out: TextIO) -> None:
    if args.json:
        print(json.dumps(series.as_dict()), file=out)
        return
    print(
        f"{series.runs:,} tournaments of {series.players} players, seed {series.seed},"
        f" prize pool {series.prize_pool} each, {series.hands:,} hands: {series.seconds:.1f} s",
        file=out,
    )
    width = max(3, *(len(b.name) for b in series.bots))
    print(
        f"{'bot':<{width}}  {'entries':>8}  {'wins':>6}  {'paid':>6}  {'place':>6}"
        f"  {'payout':>8}  {'95% CI':>10}  {'ROI':>7}",
        file=out,
    )
    for b in series.bots:
        roi = "" if b.roi is None else f"{b.roi:+.1f}%"
        print(
            f"{b.name:<{width}}  {b.entries:>8,}  {b.wins:>6,}  {b.paid:>6,}  {b.mean_place:>6.2f}"
            f"  {b.mean_payout:>8.2f}  ± {b.ci95:>8.2f}  {roi:>7}",
            file=out,
        )
