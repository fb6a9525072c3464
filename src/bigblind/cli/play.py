"""``bigblind play``: play Texas Hold'em, Omaha, Omaha hi-lo or short deck against bots on a
full-screen table in the terminal (``--game``, RULES 11).

A cash game (blinds stay, rebuy when broke) or a one-table tournament
(``--tournament``: blinds rise every ``--hands-per-level`` hands). Every
hand is appended to the session's hand histories as it ends: PHH (``.phhs``)
and PokerStars (``.txt``) of what you saw under ``--history-dir``, the full
record (every card) in a folder of its own beside it. A folder that cannot be
written is refused before the game starts. On exit the command prints the
session: hands played, the result, and where the histories are.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["play", "--players", "3", "--blinds", "5/10", "--bots", "tag"])
>>> config(args).players, config(args).blinds, config(args).bots
(3, (5, 10), ('tag',))
>>> plo = config(parser.parse_args(["play", "--game", "plo"]))
>>> plo.game.name, plo.structure.value
('Omaha', 'pot limit')
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import TextIO

from bigblind.cli.options import (
    Subparsers,
    add_game,
    add_history_dir,
    add_structure,
    blinds,
    count,
    shown,
    usual_structure,
)
from bigblind.cli.progress import STOPPED
from bigblind.ui.game import BOT_NAMES, GameConfig

__all__ = ["add_parser", "config", "run"]


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a number of players: give 2 to 10"
        ) from None
    if not 2 <= value <= 10:
        noun = "player" if value == 1 else "players"
        raise argparse.ArgumentTypeError(f"{value} {noun}: a table seats 2 to 10")
    return value


def _stack(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a stack: give whole chips, e.g. 200"
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


_level_hands = count("hands per level", 1, 10**6)


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind play`` and its options."""
    command = subparsers.add_parser(
        "play",
        help="play against bots on a full-screen table",
        description=(
            "Play Texas Hold'em (or --game plo, plo5, plo6, plo8, 6+) against bots in the"
            " terminal, keyboard only: f fold,"
            " c check or call, 1-6 bet presets (x2, x3, 33%, 50%, pot, all-in) then Enter,"
            " r to type an amount, n next hand, s sit out or come back, b rebuy, q quit;"
            " y or n answers a question (straddle, run it twice), and at the showdown s"
            " shows and m mucks where the rules let you muck."
            " Each hand is appended to your hand histories (PHH and PokerStars) under"
            " --history-dir as it ends; the full record of every card goes to a folder"
            " beside it. Without --seed every deck is shuffled from the system's secure"
            " random source."
        ),
    )
    command.add_argument(
        "--players", type=_players, default=6, metavar="N", help="2 to 10 (default 6)"
    )
    add_game(command)
    add_structure(command, by_game=True)
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
        "--hands-per-level",
        type=_level_hands,
        default=10,
        dest="level_hands",
        metavar="N",
        help="hands per blind level in a tournament (default 10)",
    )
    command.add_argument(  # the name it had before
        "--level-hands", type=_level_hands, dest="level_hands", help=argparse.SUPPRESS
    )
    command.add_argument(
        "--ante",
        type=count("chips", 0, 10**9),
        default=0,
        metavar="CHIPS",
        help="each player's ante in a cash game (default none)",
    )
    command.add_argument(
        "--straddle",
        type=count("chips", 0, 10**9),
        default=0,
        metavar="CHIPS",
        help="allow a straddle in a cash game: the player left of the big blind may post"
        " this many chips, at least the big blind (usually twice it); when it is you, the"
        " table asks (y or n) before the deal, and a bot straddles with 50 big blinds or"
        " more (default none)",
    )
    command.add_argument(
        "--run-twice",
        action="store_true",
        help="offer to run it twice when the betting ends all-in before the river; you"
        " are asked (y or n) when you are in the hand, and the bots always agree",
    )
    command.add_argument(
        "--clock",
        type=count("seconds", 0, 3600),
        default=30,
        metavar="SECONDS",
        help="seconds for each of your decisions, with a time bank of twice that; when"
        " both run out you check or fold (default 30; 0: no clock)",
    )
    command.add_argument(
        "--seat",
        type=count("seat", 1, 10, single="seat"),
        default=None,
        metavar="N",
        help="your seat at a cash table, from 1 (default 1)",
    )
    command.add_argument(
        "--seed",
        type=count("seed", 0, 2**63, single="seed"),
        default=None,
        metavar="NUMBER",
        help="seed for a reproducible game (tests and replays; without it every deck is"
        " shuffled from the system's secure source)",
    )
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
        structure=args.structure or usual_structure(args.game),
        game=args.game,
        blinds=args.blinds,
        stack=args.stack,
        tournament=args.tournament,
        seed=args.seed,
        bots=tuple(args.bots),
        speed=args.speed,
        name=args.name,
        history_dir=args.history_dir,
        level_hands=args.level_hands,
        ante=args.ante,
        straddle=args.straddle,
        seat=None if args.seat is None else args.seat - 1,
        clock=float(args.clock) if args.clock else None,
        run_twice=args.run_twice,
    )


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Play the game ``args`` describes on the terminal.

    0 on a normal exit, 1 when hand histories could not be written, 2 for bad
    options or a history folder that cannot be written.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    from bigblind.errors import BigblindError
    from bigblind.sessions.histories import check_folder
    from bigblind.ui.game import Game

    settings = config(args)
    problem = _check(settings)
    if problem is not None:
        print(f"bigblind play: {problem}", file=err)
        return 2
    try:
        game = Game(settings)
    except (BigblindError, ValueError) as error:
        print(f"bigblind play: {error}", file=err)
        return 2
    for folder in (game.files.phh.parent, game.files.house.parent if game.files.house else None):
        if folder is None:
            continue
        problem = check_folder(folder)
        if problem is not None:
            print(f"bigblind play: --history-dir: {problem}", file=err)
            return 2
    from bigblind.ui.table_app import TableApp

    app = TableApp(game)
    stopped = False
    try:
        app.run()
        stopped = app.return_code == 130
    except KeyboardInterrupt:
        stopped = True
    for line in game.session_summary():
        print(line, file=out)
    if game.files.error is not None:
        print(f"bigblind play: hand histories could not be written: {game.files.error}", file=err)
        return 1
    if stopped:
        print(f"bigblind play: {STOPPED}", file=err)
        return 130
    return 0


def _check(settings: GameConfig) -> str | None:
    """What makes no game in the options, in the options' words; None when they make one."""
    big = settings.blinds[1] if settings.blinds else (20 if settings.tournament else 2)
    if settings.starting_stack < big:
        return (
            f"--stack {settings.starting_stack} is less than the big blind ({big}):"
            f" give at least {big} chips"
        )
    if settings.tournament:
        for name, value in (("--ante", settings.ante), ("--straddle", settings.straddle)):
            if value:
                return f"{name} is for cash games: a tournament's antes come with its levels"
        if settings.seat is not None:
            return "--seat is for cash games: tournament seats are drawn"
    if settings.seat is not None and settings.seat >= settings.players:
        return f"--seat {settings.seat + 1}: the table has {settings.players} seats"
    if settings.straddle and settings.straddle < big:
        return f"--straddle {settings.straddle} is less than the big blind ({big})"
    if settings.straddle and settings.players < 3:
        return "--straddle needs 3 players or more"
    stack = settings.starting_stack
    if settings.ante >= stack:
        return (
            f"--ante {settings.ante} is not less than the stack ({stack}):"
            " everyone would be all-in from the ante"
        )
    if settings.straddle > stack:
        return f"--straddle {settings.straddle} is more than the stack ({stack})"
    return None
