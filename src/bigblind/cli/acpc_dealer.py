"""``bigblind acpc dealer``: an ACPC dealer, run as bigblind's or as the ACPC's own is run.

Two forms. bigblind's: ``bigblind acpc dealer GAMEDEF [--hands N] [--seed S]
[--port P] [--log FILE] ...``. The ACPC dealer's, in its argument order, so
that ACPC's ``play_match.pl`` and scripts can run it in the ACPC dealer's
place: ``bigblind acpc dealer MATCH GAMEDEF HANDS SEED NAME... [-f] [-l|-L]
[-p P,P...] [-q] [-t] [-a] [--t_response MS] [--t_hand MS] [--t_per_hand MS]
[--start_timeout MS]``; the log is then ``MATCH.log``, and the seats listen
on every interface, as the ACPC dealer's do (``play_match.pl`` connects its
players to the machine's address, not to loopback).

In both forms the first line on standard output is the seats' ports, in seat
order, as the ACPC dealer prints them; the log's header carries the match
and its time limits; the cards are the ACPC dealer's for the seed (``--deal
bigblind`` shuffles bigblind's own deck instead); the last line on standard
output is ``SCORE``.

>>> _acpc_form(["m", "holdem.limit.3p.game", "10", "0", "a", "b", "c"])
True
>>> _acpc_form(["holdem.limit.3p.game"])
False
"""

from __future__ import annotations

import argparse
import contextlib
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bigblind.bots.base import BOTS, make_bot
from bigblind.cli.options import Subparsers
from bigblind.cli.progress import STOPPED
from bigblind.errors import BigblindError
from bigblind.formats.acpc import STANDARD_GAMES, GameDef, load_gamedef
from bigblind.formats.acpc.deal import MAX_SEED
from bigblind.formats.acpc.dealer import MAX_TIMEOUT, Dealer

__all__ = ["add_dealer_parser", "run_dealer"]

_PROG = "bigblind acpc dealer"
_ACPC_DEFAULT_RESPONSE_MS = 600_000
_ACPC_DEFAULT_HAND_MS = 600_000
_ACPC_DEFAULT_PER_HAND_MS = 7_000


class _Refused(Exception):
    """A bad option: its one line for stderr."""


def add_dealer_parser(commands: Subparsers) -> None:
    """Declare ``bigblind acpc dealer`` in both of its forms."""
    dealer = commands.add_parser(
        "dealer",
        help="seat ACPC clients over TCP and play a match",
        usage=(
            f"{_PROG} GAMEDEF [--hands N] [--seed S] [--port P[,P...]] [--log FILE] ...\n"
            f"       {_PROG} MATCH GAMEDEF HANDS SEED NAME... [-f] [-l|-L] [-p P,P...] [-q]"
            " [-t] [-a] [--t_response MS] [--t_hand MS] [--t_per_hand MS]"
            " [--start_timeout MS]"
        ),
        description=(
            "Listen on one port per seat, seat the clients in order, play the match with"
            " seats rotating each hand as the ACPC dealer does, and write its log (header,"
            " STATE lines, then SCORE). The first line on stdout is the seats' ports. The"
            " second form takes the ACPC dealer's own arguments, in its order, so that"
            " play_match.pl can run it. Changed or ignored answers are reported on stderr."
        ),
    )
    dealer.add_argument(
        "arguments",
        nargs="+",
        metavar="ARG",
        help="GAMEDEF alone, or MATCH GAMEDEF HANDS SEED and one NAME per seat (ACPC's order);"
        " GAMEDEF is " + ", ".join(STANDARD_GAMES) + " or a file",
    )
    bigblind = dealer.add_argument_group("bigblind's form")
    bigblind.add_argument("--hands", type=int, help="hands to play (default 1000)")
    bigblind.add_argument("--seed", type=int, help="seed of the deal (default 0)")
    bigblind.add_argument("--names", metavar="A,B,...", help="one name per seat")
    bigblind.add_argument(
        "--log", type=Path, metavar="FILE", help="write the log here (default stdout)"
    )
    bigblind.add_argument(
        "--timeout",
        type=float,
        help=f"seconds a seat has for each answer (default 600, at most {MAX_TIMEOUT})",
    )
    bigblind.add_argument(
        "--bots", metavar="NAMES", help="also seat these bigblind bots (tests, demos)"
    )
    both = dealer.add_argument_group("both forms")
    both.add_argument(
        "-p",
        "--port",
        metavar="P[,P...]",
        help="ports by seat (0: any free); in bigblind's form one port is the first of a row",
    )
    both.add_argument(
        "--deal",
        choices=("acpc", "bigblind"),
        default="acpc",
        help="acpc (default): the ACPC dealer's cards for the seed; bigblind: its own shuffle",
    )
    both.add_argument(
        "--host",
        help="the address to listen on (default 127.0.0.1; in the ACPC form every interface)",
    )
    both.add_argument("--t_response", type=int, metavar="MS", help="most ms for one answer")
    both.add_argument("--t_hand", type=int, metavar="MS", help="most ms a seat uses in a hand")
    both.add_argument(
        "--t_per_hand", type=int, metavar="MS", help="most ms a seat uses a hand on average"
    )
    both.add_argument(
        "--start_timeout",
        type=int,
        metavar="MS",
        help="most ms to wait for each seat to connect (below 0: no limit)",
    )
    acpc = dealer.add_argument_group("the ACPC dealer's options")
    acpc.add_argument("-f", dest="fixed", action="store_true", help="fixed seats: no rotation")
    acpc.add_argument("-l", dest="log_file", action="store_false", help="no log file")
    acpc.add_argument("-L", dest="log_file", action="store_true", help="a log file (default)")
    acpc.add_argument("-q", dest="quiet", action="store_true", help="quiet (bigblind's default)")
    acpc.add_argument("-t", dest="transactions", action="store_false", help="no transaction file")
    acpc.add_argument(
        "-T", dest="transactions", action="store_true", help="a transaction file (not supported)"
    )
    acpc.add_argument("-a", dest="append", action="store_true", help="append to the log")
    dealer.set_defaults(run=run_dealer, log_file=True, transactions=False)


def _acpc_form(arguments: list[str]) -> bool:
    """Whether the arguments are the ACPC dealer's: more than a GAMEDEF alone."""
    return len(arguments) > 1


@dataclass(frozen=True, slots=True)
class _Match:
    """What the command line asks for, in either form."""

    game: GameDef
    game_name: str
    match_name: str
    hands: int
    seed: int
    names: list[str] | None
    ports: list[int]
    host: str
    timeout: float
    hand_timeout: float
    per_hand_timeout: float
    start_timeout: float | None
    log: Path | None
    append: bool
    acpc: bool


def run_dealer(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind acpc dealer``: 0 when the match finished, 1 if it stopped, 2 for bad options."""
    try:
        match = _read(args)
        bots = _bots(args, match.game)
    except _Refused as refusal:
        print(f"{_PROG}: {refusal}", file=err)
        return 2

    def warn(message: str) -> None:
        print(f"{_PROG}: {message}", file=err)

    try:
        dealer = Dealer(
            match.game,
            hands=match.hands,
            seed=match.seed,
            names=match.names,
            host=match.host,
            ports=match.ports,
            timeout=match.timeout,
            warn=warn,
            deal=args.deal,
            fixed_seats=args.fixed,
            hand_timeout=match.hand_timeout,
            per_hand_timeout=match.per_hand_timeout,
            start_timeout=match.start_timeout,
        )
    except BigblindError as error:
        print(f"{_PROG}: {error}", file=err)
        return 2
    log: TextIO | None = None if match.acpc else out
    try:
        if match.log is not None:
            log = match.log.open("a" if match.append else "w", encoding="utf-8")
    except OSError as error:
        dealer.close()
        print(f"{_PROG}: cannot write {match.log}: {error.strerror}", file=err)
        return 2
    try:
        with dealer:
            # The ACPC dealer's first line: the ports, which play_match.pl reads.
            print(" ".join(map(str, dealer.ports)), file=out, flush=True)
            if match.acpc:
                print(dealer.header(match.match_name, match.game_name), end="", file=err)
            else:
                print(
                    f"{_PROG}: seats listen on ports {' '.join(map(str, dealer.ports))}", file=err
                )
            err.flush()
            _start_bots(match.game, bots, dealer.ports, match.seed)
            result = dealer.run(log, match_name=match.match_name, game_name=match.game_name)
    except (BigblindError, OSError) as error:
        print(f"{_PROG}: {error}", file=err)
        return 1
    except KeyboardInterrupt:
        print(f"{_PROG}: {STOPPED}; the match stopped", file=err)
        return 130
    finally:
        if log is not None and log is not out:
            log.close()
    if log is not out:
        print(result.score_line(), file=out)
    if match.acpc:
        print(result.score_line(), file=err)
    return 0


def _read(args: argparse.Namespace) -> _Match:
    arguments: list[str] = args.arguments
    acpc = _acpc_form(arguments)
    names: list[str] | None
    if args.transactions:
        raise _Refused("-T: bigblind's dealer writes no transaction file; leave -T out")
    if acpc:
        given = [
            f"--{o}" for o in ("hands", "seed", "names", "log") if getattr(args, o) is not None
        ]
        if given:
            raise _Refused(
                f"{', '.join(given)}: in the ACPC form the match, game, hands, seed and names"
                " are the arguments MATCH GAMEDEF HANDS SEED NAME..."
            )
        if len(arguments) < 4:
            raise _Refused(
                f"{len(arguments)} arguments: give GAMEDEF alone, or MATCH GAMEDEF HANDS SEED"
                " and one NAME per seat"
            )
        match_name, game_name = arguments[0], arguments[1]
        game = _game(game_name)
        hands = _whole(arguments[2], "HANDS", 1, 2**32 - 1)
        seed = _whole(arguments[3], "SEED", 0, MAX_SEED)
        names = arguments[4:]
        if len(names) != game.num_players:
            raise _Refused(
                f"{len(names)} names for a {game.num_players}-player game: give one NAME per seat"
            )
    else:
        match_name = args.log.stem if args.log else "match"
        game_name = arguments[0]
        game = _game(game_name)
        hands = 1000 if args.hands is None else args.hands
        seed = 0 if args.seed is None else args.seed
        names = [n.strip() for n in args.names.split(",")] if args.names else None
        if args.deal == "acpc" and not 0 <= seed <= MAX_SEED:
            raise _Refused(
                f"--seed {seed}: the ACPC dealer's cards need a seed from 0 to {MAX_SEED};"
                " --deal bigblind takes any"
            )
    if not acpc and not args.log_file:
        raise _Refused("-l: in bigblind's form the log goes to --log FILE or to stdout")
    ports = _ports(args.port, game.num_players, acpc)
    timeout = _timeout(args)
    start: float | None
    if args.start_timeout is not None:
        start = math.inf if args.start_timeout < 0 else _seconds(args.start_timeout, "start")
    else:
        start = math.inf if acpc else None
    per_hand = args.t_per_hand if args.t_per_hand is not None else _ACPC_DEFAULT_PER_HAND_MS
    return _Match(
        game=game,
        game_name=game_name,
        match_name=match_name,
        hands=hands,
        seed=seed,
        names=names,
        ports=ports,
        # Every interface in the ACPC form, as the ACPC dealer listens.
        host=args.host or ("0.0.0.0" if acpc else "127.0.0.1"),
        timeout=timeout,
        hand_timeout=_seconds(
            args.t_hand if args.t_hand is not None else _ACPC_DEFAULT_HAND_MS, "t_hand"
        ),
        per_hand_timeout=_seconds(per_hand, "t_per_hand"),
        start_timeout=start,
        log=(Path(f"{match_name}.log") if args.log_file else None) if acpc else args.log,
        append=args.append,
        acpc=acpc,
    )


def _game(text: str) -> GameDef:
    try:
        return load_gamedef(text)
    except BigblindError as error:
        raise _Refused(str(error)) from None


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise _Refused(f"{what} {text!r}: give a whole number from {low} to {high}")
    return value


def _ports(text: str | None, players: int, acpc: bool) -> list[int]:
    if text is None:
        return [0] * players if acpc else [0]
    try:
        ports = [int(p) for p in text.split(",")]
    except ValueError:
        ports = [-1]
    if not ports or not all(0 <= p < 65536 for p in ports) or len(ports) > players:
        raise _Refused(
            f"port {text!r}: give up to {players} whole numbers 0-65535, separated by commas"
        )
    # The ACPC dealer gives the seats without a port any free one.
    return ports + [0] * (players - len(ports)) if acpc else ports


def _timeout(args: argparse.Namespace) -> float:
    if args.timeout is not None and args.t_response is not None:
        raise _Refused("give --timeout (seconds) or --t_response (milliseconds), not both")
    if args.t_response is not None:
        return _seconds(args.t_response, "t_response")
    timeout: float = 600.0 if args.timeout is None else args.timeout
    if not 0 < timeout <= MAX_TIMEOUT:
        raise _Refused(f"--timeout {timeout:g}: give seconds above 0, at most {MAX_TIMEOUT}")
    return timeout


def _seconds(millis: int, what: str) -> float:
    if not 0 < millis <= MAX_TIMEOUT * 1000:
        raise _Refused(
            f"--{what} {millis}: give milliseconds above 0, at most {MAX_TIMEOUT * 1000}"
        )
    return millis / 1000


def _bots(args: argparse.Namespace, game: GameDef) -> list[str]:
    bots = [b.strip().lower() for b in args.bots.split(",")] if args.bots else []
    unknown = [b for b in bots if b not in BOTS]
    if unknown or len(bots) > game.num_players:
        raise _Refused(
            f"--bots {args.bots!r}: up to {game.num_players} of {', '.join(sorted(BOTS))}"
        )
    return bots


def _start_bots(game: GameDef, bots: list[str], ports: tuple[int, ...], seed: int) -> None:
    from bigblind.bots.acpc_client import play_match

    for seat, name in enumerate(bots):
        bot = make_bot(name, seed + seat)
        thread = threading.Thread(
            target=_quietly, args=(play_match, game, "127.0.0.1", ports[seat], bot), daemon=True
        )
        thread.start()


def _quietly(*call: object) -> None:
    function, *rest = call
    # The dealer reports a seat that stops answering.
    with contextlib.suppress(BigblindError):
        function(*rest)  # type: ignore[operator]
