"""``bigblind play``: play Texas Hold'em against bots on a full-screen table in the terminal.

A cash game (blinds stay, rebuy when broke) or a one-table tournament
(``--tournament``: blinds rise every ``--level-hands`` hands). On exit the
command prints where the session's hand histories were written: PHH
(``.phhs``) and PokerStars (``.txt``), under ``--history-dir``.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["play", "--players", "3", "--blinds", "5/10", "--bots", "tag"])
>>> config(args).players, config(args).blinds, config(args).bots
(3, (5, 10), ('tag',))
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import TextIO

from bigblind.cli.options import Subparsers, add_history_dir, add_structure, blinds
from bigblind.ui.game import BOT_NAMES, GameConfig

__all__ = ["add_parser", "config", "run"]


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of players: give 2 to 10"
        ) from None
    if not 2 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{value} players: a table seats 2 to 10")
    return value


def _stack(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a stack: give whole chips, e.g. 200"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"stack {value}: a stack is 1 chip or more")
    return value


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(n.strip().lower() for n in text.split(","))
    unknown = [n for n in names if n not in BOT_NAMES]
    if not names or unknown:
        shown = ", ".join(repr(n) for n in unknown) or repr(text)
        raise argparse.ArgumentTypeError(
            f"unknown bot {shown}: accepted are {', '.join(BOT_NAMES)}"
            " (a comma list, cycled over the seats)"
        )
    return names


def _speed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a delay: give seconds, e.g. 0.8, or 0 for instant bots"
        ) from None
    if not math.isfinite(value) or not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"speed {text}: give 0 to 60 seconds")
    return value


def _name(text: str) -> str:
    name = text.strip()
    if not name or len(name) > 20 or not name.isprintable() or "'" in name:
        raise argparse.ArgumentTypeError(
            f"name {text!r}: give 1 to 20 printable characters, without quotes"
        )
    return name


def _level_hands(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a level lasts 1 hand or more")
    return value


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind play`` and its options."""
    command = subparsers.add_parser(
        "play",
        help="play against bots on a full-screen table",
        description=(
            "Play Texas Hold'em against bots in the terminal, keyboard only: f fold,"
            " c check or call, 1-6 bet presets (x2, x3, 33%, 50%, pot, all-in) then Enter,"
            " r to type an amount, n next hand, b rebuy, q quit. On exit the hand histories"
            " of the session (PHH and PokerStars) are written under --history-dir."
        ),
    )
    command.add_argument(
        "--players", type=_players, default=6, metavar="N", help="2 to 10 (default 6)"
    )
    add_structure(command)
    command.add_argument(
        "--blinds",
        type=blinds,
        default=None,
        metavar="S/B",
        help="small/big blind (default 1/2; a tournament's first level, default 10/20)",
    )
    command.add_argument(
        "--stack",
        type=_stack,
        default=None,
        metavar="CHIPS",
        help="starting chips (default 100 big blinds; 1500 in a tournament)",
    )
    command.add_argument(
        "--tournament", action="store_true", help="a one-table tournament with rising blinds"
    )
    command.add_argument(
        "--level-hands",
        type=_level_hands,
        default=10,
        metavar="N",
        help="hands per blind level in a tournament (default 10)",
    )
    command.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    command.add_argument(
        "--bots",
        type=_bots,
        default=("tag", "station", "random", "strong"),
        metavar="NAMES",
        help=f"comma list of bots cycled over the seats: {', '.join(BOT_NAMES)}"
        " (default tag,station,random,strong)",
    )
    command.add_argument(
        "--speed",
        type=_speed,
        default=0.8,
        metavar="SECONDS",
        help="how long the bots think (default 0.8; 0 for instant)",
    )
    command.add_argument("--name", type=_name, default="Hero", help="your name (default Hero)")
    add_history_dir(command)
    command.set_defaults(run=run)


def config(args: argparse.Namespace) -> GameConfig:
    """The game that the parsed options describe."""
    return GameConfig(
        players=args.players,
        structure=args.structure,
        blinds=args.blinds,
        stack=args.stack,
        tournament=args.tournament,
        seed=args.seed,
        bots=tuple(args.bots),
        speed=args.speed,
        name=args.name,
        history_dir=args.history_dir,
        level_hands=args.level_hands,
    )


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Play the game ``args`` describes on the terminal; 0 on a normal exit, 2 for bad options."""
    out = out or sys.stdout
    err = err or sys.stderr
    from bigblind.errors import BigblindError
    from bigblind.ui.game import Game

    settings = config(args)
    big = settings.blinds[1] if settings.blinds else (20 if settings.tournament else 2)
    if settings.starting_stack < big:
        print(
            f"bigblind play: --stack {settings.starting_stack} is less than the big blind"
            f" ({big}): give at least {big} chips",
            file=err,
        )
        return 2
    try:
        game = Game(settings)
    except (BigblindError, ValueError) as error:
        print(f"bigblind play: {error}", file=err)
        return 2
    from bigblind.ui.table_app import TableApp

    TableApp(game).run()
    for line in game.files.summary():
        print(line, file=out)
    return 0
