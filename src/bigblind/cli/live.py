"""``bigblind live``: the dealer's assistant, for a game dealt with real cards.

A person deals; the full-screen assistant keeps the game (blinds, bets, pots,
stacks), says what to do next and applies the dealer-error procedures
(RULES 9). Without ``--players`` the assistant opens on its set-up form. Each
hand is appended to the session's hand histories as it ends: PHH with every
ruling of the hand, and PokerStars text. On exit the command prints where
they are.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["live", "--players", "Ann:200,Bob:150", "--blinds", "5/10"])
>>> args.players, args.blinds, args.button
([('Ann', 200), ('Bob', 150)], (5, 10), 1)
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from bigblind.cli.options import (
    Subparsers,
    add_game,
    add_history_dir,
    add_structure,
    blinds,
    count,
    settle_game,
    shown,
)
from bigblind.cli.progress import STOPPED
from bigblind.engine.rules import Rules

__all__ = ["add_parser", "run"]


def _players(text: str) -> list[tuple[str, int]]:
    players = []
    for item in text.split(","):
        name, colon, chips = item.strip().rpartition(":")
        name = name.strip()
        if not colon or not name or not _whole(chips) or int(chips) < 1:
            raise argparse.ArgumentTypeError(
                f"{shown(item.strip())}: give each player as name:chips, e.g. Ann:200,Bob:200"
            )
        players.append((name, int(chips)))
    if not 2 <= len(players) <= 23:
        seated = f"{len(players)} player{'' if len(players) == 1 else 's'}"
        raise argparse.ArgumentTypeError(f"{seated}: a live game seats 2 to 23")
    if len({name for name, _ in players}) != len(players):
        raise argparse.ArgumentTypeError("two players have the same name")
    return players


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number of at most 12 digits 0-9."""
    word = text.strip()
    return 0 < len(word) <= 12 and word.isascii() and word.isdigit()


def _seat(text: str) -> int:
    if not _whole(text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a seat: seats are numbered from 1")
    return int(text)


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind live`` and its options."""
    command = subparsers.add_parser(
        "live",
        help="the dealer's assistant for a game dealt with real cards",
        description=(
            "A person deals real cards; bigblind keeps the game and applies the dealer-error"
            " procedures. Enter does what is due (a card face down, the board, the next hand);"
            " k names a card, x reports an exposed card, o a card out of turn, w a wrong number"
            " of cards, m a misdeal; f c r a for the actions; b board cards (also turned too"
            " early); s u show or muck; y n whether a player straddles (--straddle) or the"
            " players all-in agreed to run it twice (--run-twice); e between"
            " hands edits seats and blinds; q quits."
        ),
    )
    command.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="NAME:CHIPS,...",
        help="the players in seat order, e.g. Ann:200,Bob:200 (default: the set-up form)",
    )
    command.add_argument(
        "--blinds", type=blinds, default=(1, 2), metavar="S/B", help="small/big (default 1/2)"
    )
    add_game(command)
    add_structure(command, by_game=True)
    command.add_argument(
        "--straddle",
        type=count("chips", 0, 10**9),
        default=0,
        metavar="CHIPS",
        help="allow a straddle of this many chips (at least the big blind, usually twice"
        " it): before each hand the assistant asks whether the player left of the big"
        " blind straddles, y or n (default none)",
    )
    command.add_argument(
        "--run-twice",
        action="store_true",
        help="offer to run it twice when the betting ends all-in before the river: the"
        " assistant asks whether every player all-in agreed, y or n (RULES 10.3)",
    )
    command.add_argument(
        "--button", type=_seat, default=1, metavar="SEAT", help="the first button (default 1)"
    )
    add_history_dir(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the assistant; 0 on a normal exit, 2 for options that make no game."""
    out = out or sys.stdout
    err = err or sys.stderr
    settle_game(args)
    from bigblind.errors import BigblindError
    from bigblind.sessions.live import LiveSession

    small, big = args.blinds
    try:
        rules = Rules(
            structure=args.structure,
            small_blind=small,
            big_blind=big,
            straddle=args.straddle,
            game=args.game,
        )
    except BigblindError as error:
        print(f"bigblind live: {error}", file=err)
        return 2
    session = None
    if args.players is not None:
        if args.button > len(args.players):
            print(
                f"bigblind live: --button {args.button}: there are {len(args.players)} seats",
                file=err,
            )
            return 2
        try:
            session = LiveSession(
                rules, args.players, button=args.button - 1, run_twice=args.run_twice
            )
        except BigblindError as error:
            print(f"bigblind live: {error}", file=err)
            return 2
    from bigblind.sessions.histories import check_folder
    from bigblind.ui.live_app import LiveApp

    problem = check_folder(args.history_dir)
    if problem is not None:
        print(f"bigblind live: --history-dir: {problem}", file=err)
        return 2
    app = LiveApp(
        session,
        history_dir=args.history_dir,
        blinds=args.blinds,
        structure=args.structure,
        straddle=args.straddle,
        run_twice=args.run_twice,
        game=args.game,
    )
    stopped = False
    try:
        app.run()
        stopped = app.return_code == 130
    except KeyboardInterrupt:
        stopped = True
    if app.history_file is not None and app.history_file.exists():
        print(f"Hand histories (PHH): {app.history_file}", file=out)
    elif app.phh_error is not None:
        print(f"Hand histories (PHH): not written: {app.phh_error}", file=out)
    if app.pokerstars_file is not None and app.pokerstars_file.exists():
        print(f"Hand histories (PokerStars): {app.pokerstars_file}", file=out)
    if app.save_error is not None:
        print(f"bigblind live: {app.save_error}", file=err)
        return 1
    if stopped:
        print(f"bigblind live: {STOPPED}", file=err)
        return 130
    return 0
