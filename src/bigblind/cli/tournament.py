"""``bigblind tournament``: play a whole tournament of bots and print the places and payouts.

The field is a mix of bots unless ``--bots`` says otherwise; every finisher
is printed with the kind of bot that played it, places shared by players out
in the same hand as ``2-3``, and the blind schedule the tournament went
through. A bar shows the players left on a terminal; Ctrl-C prints the
places given so far. ``--runs N`` plays N tournaments (run ``r`` is the one
``--seed SEED+r`` plays), here or as Ray tasks with ``--backend ray``, and
prints each bot's record over them.

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
import math
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from bigblind.bots import BOTS, make_bot
from bigblind.bots.distributed import DistributedError
from bigblind.bots.series import SeriesResult, TournamentPlan, play_series
from bigblind.cli.options import (
    Subparsers,
    add_backend,
    add_game,
    add_structure,
    backend,
    blinds,
    count,
    settle_game,
    uses_ray,
)
from bigblind.cli.progress import STOPPED, Progress
from bigblind.errors import BigblindError
from bigblind.sessions.table import Decide
from bigblind.sessions.tournament import BlindStructure, Finish, Tournament

__all__ = ["DEFAULT_BOTS", "MAX_FIELD", "add_parser", "blind_schedule", "run"]

DEFAULT_BOTS = ("tag", "station", "random", "strong")
"""The mix of bots a tournament seats when ``--bots`` is not given."""
MAX_FIELD = 5_000
"""The most players a tournament takes from the command line."""
MAX_TABLE = 10
"""The most seats at a table, as at ``bigblind play``."""


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in BOTS]
    if not names or unknown:
        shown = ", ".join(repr(n) for n in unknown) or repr(text)
        raise argparse.ArgumentTypeError(
            f"unknown bot {shown}: accepted are {', '.join(sorted(BOTS))}"
            " (a comma list, cycled over the players)"
        )
    return names


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind tournament`` and its options."""
    command = subparsers.add_parser(
        "tournament",
        help="play a tournament of bots and print the places and payouts",
        description=(
            "Seat the players at random at tables, play hands with rising blinds (antes from"
            " level 5) and a dead button until one player has every chip, then print each"
            " place, the bot that played it and its payout, and the blind levels played."
            f" The field is a mix of bots ({','.join(DEFAULT_BOTS)}, cycled) unless --bots"
            " says otherwise."
        ),
    )
    command.add_argument(
        "--players",
        type=count("players", 2, MAX_FIELD),
        default=9,
        metavar="N",
        help=f"field size, 2 to {MAX_FIELD:,} (default 9)",
    )
    command.add_argument(
        "--seed",
        type=count("seed", 0, 2**63, single="seed"),
        default=None,
        metavar="NUMBER",
        help="seed for a reproducible run",
    )
    command.add_argument(
        "--bots",
        type=_bots,
        default=DEFAULT_BOTS,
        metavar="NAMES",
        help=f"bots, comma-separated, cycled over the players: {', '.join(sorted(BOTS))}"
        f" (default {','.join(DEFAULT_BOTS)})",
    )
    add_game(command)
    add_structure(command, by_game=True)
    command.add_argument(
        "--blinds",
        type=blinds,
        default=None,
        metavar="S/B",
        help="the first level's small/big blind; later levels scale with it (default 10/20)",
    )
    command.add_argument(
        "--stack",
        type=count("chips", 1, 10**9),
        default=1500,
        metavar="CHIPS",
        help="starting chips per player (default 1500)",
    )
    command.add_argument(
        "--table-size",
        type=count("seats", 2, MAX_TABLE),
        default=9,
        metavar="SEATS",
        help=f"seats per table, 2 to {MAX_TABLE} (default 9)",
    )
    command.add_argument(
        "--buy-in",
        type=count("chips", 0, 10**9),
        default=100,
        metavar="AMOUNT",
        help="buy-in per player; the buy-ins make the prize pool (default 100)",
    )
    command.add_argument(
        "--hands-per-level",
        type=count("hands per level", 1, 10**6),
        default=10,
        metavar="N",
        help="hands per blind level (default 10)",
    )
    command.add_argument(
        "--hand-for-hand",
        action="store_true",
        help="on the bubble, play hand for hand: every table plays its hand, and players out"
        " in the same round share places by their stacks (RULES 8.3)",
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument(
        "--runs",
        type=count("runs", 1, 10**7),
        default=1,
        metavar="N",
        help="tournaments to play; more than 1 (or --backend ray) prints each bot's record"
        " over them (default 1)",
    )
    add_backend(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Play the tournament ``args`` describes; 0 on success, 2 for bad options, 130 stopped."""
    from bigblind.ui.game import tournament_structure

    out = out or sys.stdout
    err = err or sys.stderr
    settle_game(args)
    names = [f"Player {i}" for i in range(1, args.players + 1)]
    seed = 0 if args.seed is None else args.seed
    kinds = list(args.bots)
    kind_of = {name: kinds[i % len(kinds)] for i, name in enumerate(names)}
    try:
        bots: dict[str, Decide] = {
            name: make_bot(kind_of[name], seed * 1000 + i, game=args.game).act
            for i, name in enumerate(names)
        }
        structure = tournament_structure(
            args.blinds, args.structure, args.hands_per_level, args.game
        )
        if structure.level(0).big_blind > args.stack:
            print(
                f"bigblind tournament: --stack {args.stack} is less than the first big blind"
                f" ({structure.level(0).big_blind})",
                file=err,
            )
            return 2
        if args.runs > 1 or uses_ray(args):
            return _series(args, structure, out, err)
        tournament = Tournament(
            names,
            starting_stack=args.stack,
            structure=structure,
            table_size=args.table_size,
            seed=args.seed,
            buy_in=args.buy_in,
            hand_for_hand=args.hand_for_hand,
        )
    except BigblindError as error:
        print(f"bigblind tournament: {error}", file=err)
        return 2
    try:
        with Progress(err, "players out", total=len(names) - 1, quiet=args.json) as bar:

            def moved(_record: object) -> None:
                bar.update(len(tournament.results), note=f"level {tournament.level}")

            results = tournament.play(bots, on_hand=moved)
    except KeyboardInterrupt:
        _print(args, tournament, structure, tournament.results, kind_of, out, stopped=True)
        print(f"bigblind tournament: {STOPPED}", file=err)
        return 130
    except BigblindError as error:
        print(f"bigblind tournament: {error}", file=err)
        return 1
    _print(args, tournament, structure, results, kind_of, out)
    return 0


def _series(args: argparse.Namespace, structure: BlindStructure, out: TextIO, err: TextIO) -> int:
    """Play ``--runs`` tournaments, here or on Ray, and print each bot's record."""
    # Many runs need a seed to derive theirs from: drawn when not given, and printed.
    seed = random.SystemRandom().randrange(2**31) if args.seed is None else args.seed
    try:
        plan = TournamentPlan(
            players=args.players,
            bots=tuple(args.bots),
            starting_stack=args.stack,
            structure=structure,
            table_size=args.table_size,
            buy_in=args.buy_in,
            hand_for_hand=args.hand_for_hand,
        )
    except BigblindError as error:
        print(f"bigblind tournament: {error}", file=err)
        return 2
    try:
        with (
            backend(args) as runner,
            Progress(err, "tournaments", total=args.runs, quiet=args.json) as bar,
        ):
            series = play_series(plan, args.runs, seed=seed, progress=bar, runner=runner)
    except DistributedError as error:  # Ray missing, or no cluster at --address
        print(f"bigblind tournament: {error}", file=err)
        return 2
    except BigblindError as error:
        print(f"bigblind tournament: {error}", file=err)
        return 1
    except KeyboardInterrupt:
        print(f"bigblind tournament: {STOPPED}", file=err)
        return 130
    _summary(series, args, out)
    return 0


def _summary(series: SeriesResult, args: argparse.Namespace, out: TextIO) -> None:
    if args.json:
        print(json.dumps(series.as_dict()), file=out)
        return
    print(
        f"{series.runs:,} tournaments of {series.players} players, seed {series.seed}"
        f" (run r is --seed {series.seed}+r), prize pool {series.prize_pool} each,"
        f" {series.hands:,} hands: {series.seconds:.1f} s",
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
        interval = f"± {b.ci95:>8.2f}" if math.isfinite(b.ci95) else f"{'n/a':>10}"
        print(
            f"{b.name:<{width}}  {b.entries:>8,}  {b.wins:>6,}  {b.paid:>6,}  {b.mean_place:>6.2f}"
            f"  {b.mean_payout:>8.2f}  {interval}  {roi:>7}",
            file=out,
        )


def blind_schedule(structure: BlindStructure, levels: int) -> list[str]:
    """The first ``levels`` levels as ``'1: 10/20'``, ``'5: 100/200 ante 50'``.

    >>> blind_schedule(BlindStructure.default(hands=10), 5)[-1]
    '5: 100/200 ante 50'
    """
    out = []
    for index in range(levels):
        level = structure.level(index)
        ante = ""
        if level.ante:
            ante = (
                f" big-blind ante {level.ante}" if level.big_blind_ante else f" ante {level.ante}"
            )
        out.append(f"{index + 1}: {level.small_blind}/{level.big_blind}{ante}")
    return out


def _print(
    args: argparse.Namespace,
    tournament: Tournament,
    structure: BlindStructure,
    results: Sequence[Finish],
    kind_of: dict[str, str],
    out: TextIO,
    *,
    stopped: bool = False,
) -> None:
    levels = tournament.level
    if args.json:
        places: list[dict[str, object]] = []
        for finish in results:
            entry: dict[str, object] = {
                "place": finish.place,
                "name": finish.name,
                "bot": kind_of[finish.name],
                "payout": finish.payout,
            }
            if len(finish.places) > 1:
                entry["shared"] = list(finish.places)
            places.append(entry)
        document: dict[str, object] = {
            "players": len(tournament.players),
            "prize_pool": tournament.prize_pool,
            "hands": tournament.hands_played,
            "levels": blind_schedule(structure, levels),
            "places": places,
        }
        if stopped:
            document["stopped"] = True
        print(json.dumps(document), file=out)
        return
    game = {"no limit": "no-limit", "pot limit": "pot-limit", "fixed limit": "fixed-limit"}
    name = game.get(structure.structure.value, structure.structure.value)
    print(
        f"{len(tournament.players)} players, {name}, prize pool {tournament.prize_pool},"
        f" {tournament.hands_played} hands",
        file=out,
    )
    print(
        f"Blind levels ({args.hands_per_level} hands each): "
        + ", ".join(blind_schedule(structure, levels)),
        file=out,
    )
    if stopped:
        print(
            f"Stopped after {tournament.hands_played} hands with {tournament.remaining}"
            " players left; the places given so far:",
            file=out,
        )
    shown = [
        str(f.place) if len(f.places) == 1 else f"{f.places[0]}-{f.places[-1]}" for f in results
    ]
    width = max(6, *(len(f.name) for f in results)) if results else 6
    place_width = max(5, *map(len, shown)) if shown else 5
    bot_width = max(3, *(len(k) for k in kind_of.values()))
    print(
        f"{'place':>{place_width}}  {'player':<{width}}  {'bot':<{bot_width}}  {'payout':>8}",
        file=out,
    )
    for place, finish in zip(shown, results, strict=True):
        print(
            f"{place:>{place_width}}  {finish.name:<{width}}  {kind_of[finish.name]:<{bot_width}}"
            f"  {finish.payout:>8}",
            file=out,
        )
