"""``bigblind live``: the dealer's assistant, for a game dealt with real cards.

A person deals; the full-screen assistant keeps the game (blinds, bets, pots,
stacks), says what to do next and applies the dealer-error procedures
(RULES 9). Without ``--players`` the assistant opens on its set-up form. On
exit the command prints where the session's hand histories (PHH) were
written.

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
from pathlib import Path
from typing import TextIO, TypeAlias

from bigblind.rules import Rules, Structure

__all__ = ["add_parser", "run"]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

_STRUCTURES = {"nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT}


def _players(text: str) -> list[tuple[str, int]]:
    players = []
    for item in text.split(","):
        name, colon, chips = item.strip().rpartition(":")
        name = name.strip()
        if not colon or not name or not chips.strip().isdigit() or int(chips) < 1:
            raise argparse.ArgumentTypeError(
                f"{item.strip()!r}: give each player as name:chips, e.g. Ann:200,Bob:200"
            )
        players.append((name, int(chips)))
    if not 2 <= len(players) <= 23:
        raise argparse.ArgumentTypeError(f"{len(players)} players: a live game seats 2 to 23")
    if len({name for name, _ in players}) != len(players):
        raise argparse.ArgumentTypeError("two players have the same name")
    return players


def _blinds(text: str) -> tuple[int, int]:
    small, slash, big = text.partition("/")
    if not slash or not small.strip().isdigit() or not big.strip().isdigit():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not blinds: give small/big in whole chips, e.g. 1/2 or 5/10"
        )
    pair = int(small), int(big)
    if not 1 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(
            f"blinds {text!r}: the small blind must be at least 1 and at most the big blind"
        )
    return pair


def _structure(text: str) -> Structure:
    try:
        return _STRUCTURES[text.strip().lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a betting structure: accepted are nl (no limit),"
            " pl (pot limit) and fl (fixed limit)"
        ) from None


def _seat(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat: seats are numbered from 1")
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
            " early); s u show or muck; e between hands edits seats and blinds; q quits."
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
        "--blinds", type=_blinds, default=(1, 2), metavar="S/B", help="small/big (default 1/2)"
    )
    command.add_argument(
        "--structure",
        type=_structure,
        default=Structure.NO_LIMIT,
        metavar="nl|pl|fl",
        help="no limit, pot limit or fixed limit (default nl)",
    )
    command.add_argument(
        "--button", type=_seat, default=1, metavar="SEAT", help="the first button (default 1)"
    )
    command.add_argument(
        "--history-dir",
        type=Path,
        default=Path("bigblind-histories"),
        metavar="DIR",
        help="where the hand histories go (default ./bigblind-histories)",
    )
    command.set_defaults(run=run)


def _rules(structure: Structure, blinds: tuple[int, int]) -> Rules:
    if structure is Structure.FIXED_LIMIT:
        return Rules.fixed_limit(blinds=blinds)
    if structure is Structure.POT_LIMIT:
        return Rules.pot_limit(blinds=blinds)
    return Rules.no_limit(blinds=blinds)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the assistant; 0 on a normal exit, 2 for options that make no game."""
    out = out or sys.stdout
    err = err or sys.stderr
    from bigblind.errors import BigblindError
    from bigblind.live import LiveSession

    session = None
    if args.players is not None:
        if args.button > len(args.players):
            print(
                f"bigblind live: --button {args.button}: there are {len(args.players)} seats",
                file=err,
            )
            return 2
        try:
            rules = _rules(args.structure, args.blinds)
            session = LiveSession(rules, args.players, button=args.button - 1)
        except BigblindError as error:
            print(f"bigblind live: {error}", file=err)
            return 2
    from bigblind.ui.live_app import LiveApp

    app = LiveApp(
        session, history_dir=args.history_dir, blinds=args.blinds, structure=args.structure
    )
    app.run()
    if app.history_file is not None:
        print(f"Hand histories (PHH): {app.history_file}", file=out)
    return 0
