"""``bigblind acpc``: the ACPC protocol: a dealer, any bot as a client, log replay.

GAMEDEF is a game definition file or the name of one shipped with bigblind
(``holdem.nolimit.2p.reverse_blinds.game`` ...).

>>> import argparse, io, tempfile, pathlib
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> log = pathlib.Path(tempfile.mkdtemp()) / "match.log"
>>> _ = log.write_text("STATE:0:r300f:9hQd|AsKd:-100|100:a|b\\n")
>>> args = parser.parse_args(["acpc", "replay", "holdem.nolimit.2p.reverse_blinds.game", str(log)])
>>> args.run(args, io.StringIO(), io.StringIO())
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import TextIO

from bigblind.bots.base import BOTS, make_bot
from bigblind.cli.acpc_dealer import add_dealer_parser, run_dealer
from bigblind.cli.options import Subparsers
from bigblind.cli.progress import STOPPED
from bigblind.cli.replay import ReplaySummary, unreadable_reason
from bigblind.errors import BigblindError
from bigblind.formats.acpc import (
    STANDARD_GAMES,
    AcpcHand,
    GameDef,
    ProtocolError,
    format_value,
    load_gamedef,
    parse_state_line,
)

__all__ = ["add_parser", "replay_log", "run_dealer", "run_play", "run_replay"]

_GAMEDEF_HELP = "a game definition file, or one shipped: " + ", ".join(STANDARD_GAMES)


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind acpc dealer|play|replay``."""
    command = subparsers.add_parser(
        "acpc",
        help="the ACPC protocol: dealer, bot client, log replay",
        description="Play and check matches in the Annual Computer Poker Competition protocol.",
    )
    commands = command.add_subparsers(title="commands")

    add_dealer_parser(commands)

    play = commands.add_parser(
        "play",
        help="play a bigblind bot as an ACPC client",
        description=(
            f"Connect to an ACPC dealer and play its match with a bot ({', '.join(sorted(BOTS))})."
        ),
    )
    play.add_argument("gamedef", metavar="GAMEDEF", help=_GAMEDEF_HELP)
    play.add_argument("host", metavar="HOST")
    play.add_argument("port", metavar="PORT", type=int)
    play.add_argument("--bot", default="tag", help="the bot to play (default tag)")
    play.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    play.set_defaults(run=run_play)

    replay = commands.add_parser(
        "replay",
        help="replay ACPC dealer logs and check every hand's values",
        description=(
            "Replay every STATE line of the logs through the engine and compare each"
            " position's value, raises taken by the ACPC server's rule (a short all-in"
            " reopens the betting). ACPC splits pots in fractions with no odd-chip rule, so a"
            " value matches when it differs by less than one chip per split pot. Prints one"
            " line per hand that fails or mismatches, then a summary. Exits 0 only when"
            " every hand replayed and matched."
        ),
    )
    replay.add_argument("gamedef", metavar="GAMEDEF", help=_GAMEDEF_HELP)
    replay.add_argument("logs", nargs="+", metavar="LOG", type=Path)
    replay.set_defaults(run=run_replay)
    command.set_defaults(run=lambda args, out, err: _usage(command, err))


def _usage(command: argparse.ArgumentParser, err: TextIO) -> int:
    """No subcommand: the usage, and a line that says what is missing."""
    command.print_usage(err)
    print(
        f"{command.prog}: choose dealer, play or replay (`{command.prog} --help` says what"
        " each does)",
        file=err,
    )
    return 2


def _game(text: str, prog: str, err: TextIO) -> GameDef | None:
    try:
        return load_gamedef(text)
    except BigblindError as error:
        print(f"bigblind acpc {prog}: {error}", file=err)
        return None


def run_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind acpc play``: 0 when the match ended, 1 on a protocol error, 2 for bad options."""
    from bigblind.bots.acpc_client import play_match

    game = _game(args.gamedef, "play", err)
    if game is None:
        return 2
    if not 0 < args.port < 65536:
        print(f"bigblind acpc play: PORT {args.port}: give a port from 1 to 65535", file=err)
        return 2
    try:
        bot = make_bot(args.bot, args.seed)
    except BigblindError as error:
        print(f"bigblind acpc play: {error}", file=err)
        return 2
    try:
        result = play_match(game, args.host, args.port, bot)
    except BigblindError as error:
        print(f"bigblind acpc play: {error}", file=err)
        return 1
    except KeyboardInterrupt:
        print(f"bigblind acpc play: {STOPPED}; left the match", file=err)
        return 130
    per_hand = result.total / result.hands if result.hands else result.total
    print(
        f"{bot.name}: {result.hands} hands, {_signed(result.total)} chips"
        f" ({_signed(per_hand)} per hand)",
        file=out,
    )
    return 0


def _signed(value: Fraction) -> str:
    """A value in full, as the ACPC dealer prints one, with its sign.

    >>> _signed(Fraction(14673800)), _signed(Fraction(-1, 3)), _signed(Fraction(0))
    ('+14673800', '-0.333333', '0')
    """
    text = format_value(value)
    return f"+{text}" if value > 0 else text


def run_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind acpc replay``: 0 when every hand matched, 1 if not, 2 for a missing file."""
    game = _game(args.gamedef, "replay", err)
    if game is None:
        return 2
    missing = [p for p in args.logs if not p.is_file()]
    for path in missing:
        what = "a folder, not a log file" if path.is_dir() else "no such file"
        print(f"bigblind acpc replay: {path}: {what}", file=err)
    if missing:
        return 2
    summary = ReplaySummary()
    try:
        for path in args.logs:
            _replay_file(game, path, out, summary)
    except KeyboardInterrupt:
        print(f"{summary.line()} (stopped before the end)", file=out)
        print(f"bigblind acpc replay: {STOPPED}", file=err)
        return 130
    print(summary.line(), file=out)
    if summary.hands == 0:  # as `bigblind replay` does: nothing replayed is exit 2
        print("bigblind acpc replay: the logs hold no STATE line", file=err)
        return 2
    return 0 if summary.clean else 1


def _replay_file(game: GameDef, path: Path, out: TextIO, summary: ReplaySummary) -> None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        summary.unreadable += 1
        print(f"{path}: cannot read: {unreadable_reason(error)}", file=out)
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("STATE"):
            continue
        try:
            parse_state_line(line, no_limit=game.no_limit)
        except ProtocolError as error:
            # Not a hand that fails to reconcile: a line that is no hand at all.
            summary.unreadable_hands += 1
            print(f"{path}:{number}: cannot read the line: {error}", file=out)
            continue
        problem = replay_log(game, line)
        if problem:
            summary.not_reconciled += 1
            print(f"{path}:{number}: {problem}", file=out)
        else:
            summary.reconciled += 1


def replay_log(game: GameDef, line: str) -> str | None:
    """Replay one ``STATE`` line; None when it replays and its values match, else why not.

    >>> game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    >>> replay_log(game, "STATE:0:r300c/cc/cc/cc:9hQd|AsKd/2c3c4c/5d/Kh:-300|300:a|b")
    >>> replay_log(game, "STATE:0:r300f:9hQd|AsKd:-100|300:a|b")
    'hand 0: position 1: the log says 300, the engine gives 100'
    """
    try:
        state = parse_state_line(line, no_limit=game.no_limit)
        hand = AcpcHand.rebuild(game, state.betting, state.hole, state.board)
    except BigblindError as error:  # unreadable, illegal betting, or a card seen twice
        return f"cannot replay: {error}"
    result = hand.hand.result
    if result is None:
        awaits = hand.hand.awaiting
        return f"hand {state.hand_number}: not over after the last action (awaits {awaits})"
    for position, logged in enumerate(state.values):
        net = result.stacks[position] - hand.hand.starting_stacks[position]
        split = sum(1 for pot in result.pots if len(pot.winners) > 1 and position in pot.winners)
        difference = abs(logged - net)
        # ACPC values are printed to six decimals; a split pot may move less than a chip.
        if difference > 1e-6 and not difference < split:
            return (
                f"hand {state.hand_number}: position {position}: the log says"
                f" {format_value(logged)}, the engine gives {net}"
            )
    return None
