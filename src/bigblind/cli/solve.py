"""``bigblind solve``: the equilibrium strategy of a heads-up post-flop spot.

The spot is a TOML file (see :mod:`bigblind.solver.spot`); the solver iterates
until the exploitability is at most the target, computing it every
``--check-every`` iterations and printing a line each time, then prints the
root's strategy: how often the range takes each action (each hand counted as
often as it is held, the opponent's cards removed), and with ``--json`` each
hand's frequencies and expected value. Ctrl-C stops it with the answer so far.

>>> import io, pathlib, tempfile
>>> spot = pathlib.Path(tempfile.mkdtemp()) / "river.toml"
>>> _ = spot.write_text('''
... board = "Td 9d 6h Qc 2s"
... pot = 200
... stack = 900
... oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
... ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"
... [tree]
... donk_bets = false
... [tree.river]
... bets = "33%, 75%, a"
... raises = "2.5x"
... ''')
>>> out = io.StringIO()
>>> run(argparse.Namespace(spot=str(spot), load=None, exploitability=5.0, max_iterations=100,
...     check_every=10, algorithm="dcfr", save=None, json=False), out, io.StringIO())
0
>>> print(out.getvalue())  # doctest: +ELLIPSIS
river spot: board Td 9d 6h Qc 2s, pot 200, stack 900; 167 hands out of position, ...
...
root: out of position to act
  check ...
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any, Final, TextIO

from bigblind.cli.options import Subparsers, count
from bigblind.cli.progress import STOPPED

if TYPE_CHECKING:
    from bigblind.solver.solve import Report, Solver

__all__ = ["add_parser", "run"]

_MIB: Final = 2**20
_PLAYERS: Final = ("out of position", "in position")


def _target(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(
            f"{text!r} is no exploitability: give a share of the pot in %, more than 0 and at"
            " most 100 (such as 0.3)"
        )
    return value


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind solve``."""
    command = subparsers.add_parser(
        "solve",
        help="solve a heads-up post-flop spot (discounted CFR)",
        description=(
            "Solve the spot of a TOML file (board, pot, stack, each player's range with"
            " weights, bet sizes per street) until the strategies' exploitability is at"
            " most the target, then print the first player's strategy."
        ),
    )
    command.add_argument("spot", nargs="?", metavar="SPOT.toml", help="the spot to solve")
    command.add_argument(
        "--load", metavar="FILE", help="go on from a solution saved with --save (no SPOT)"
    )
    command.add_argument(
        "--exploitability",
        type=_target,
        default=0.3,
        metavar="PCT",
        help="stop at this exploitability, in %% of the pot (default 0.3)",
    )
    command.add_argument(
        "--max-iterations",
        type=count("iterations", 1, 1_000_000),
        default=1000,
        metavar="N",
        help="stop after N iterations in all (default 1000)",
    )
    command.add_argument(
        "--check-every",
        type=count("iterations", 1, 1_000_000),
        default=10,
        metavar="N",
        help="compute the exploitability every N iterations (default 10; each costs about"
        " one iteration)",
    )
    command.add_argument(
        "--algorithm", choices=("dcfr", "cfr+"), default="dcfr", help="default dcfr"
    )
    command.add_argument(
        "--threads",
        type=count("threads", 1, 256),
        default=1,
        metavar="N",
        help="share the subtrees of the first card dealt out over N threads (default 1;"
        " the same answer on any number)",
    )
    command.add_argument("--save", metavar="FILE", help="save the solution (numpy .npz)")
    command.add_argument(
        "--json", action="store_true", help="print one JSON object, with every hand"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``bigblind solve``; the exit status (130 when Ctrl-C stopped it)."""
    from bigblind.errors import BigblindError

    try:
        solver = _solver(args)
    except BigblindError as error:
        print(f"bigblind solve: {error}", file=err)
        return 2
    if not args.json:
        print(_describe(solver), file=out, flush=True)

    def progress(report: Report) -> None:
        if not args.json:
            print(_progress(report), file=out, flush=True)

    try:
        report = solver.solve(
            exploitability=args.exploitability,
            max_iterations=args.max_iterations,
            check_every=args.check_every,
            progress=progress,
        )
        if args.save:
            solver.save(args.save)
    except BigblindError as error:
        print(f"bigblind solve: {error}", file=err)
        return 2
    if args.json:
        json.dump(_json(solver, report), out, indent=1)
        out.write("\n")
    else:
        print(_summary(solver, report), file=out)
    if report.stopped:
        print(f"bigblind solve: {STOPPED}", file=err)
        return 130
    return 0


def _solver(args: argparse.Namespace) -> Solver:
    from bigblind.solver.solve import Solver, SolverError
    from bigblind.solver.spot import SpotError, load_spot

    if args.load and args.spot:
        raise SolverError("give a SPOT.toml or --load FILE, not both")
    threads = getattr(args, "threads", 1)
    if args.load:
        return Solver.load(args.load, threads=threads)
    if not args.spot:
        raise SolverError("give the spot to solve, a TOML file (or --load FILE)")
    spot = load_spot(args.spot)
    with open(args.spot, encoding="utf-8") as handle:
        text = handle.read()
    try:
        return Solver.from_spot(spot, algorithm=args.algorithm, text=text, threads=threads)
    except ValueError as error:  # a tree too large to deal out
        raise SpotError(f"cannot solve {args.spot!r}: {error}") from None


def _describe(solver: Solver) -> str:
    from bigblind.cards import format_cards
    from bigblind.solver.spot import read_spot

    spot = read_spot(solver.spot_text)
    hands = [len(w) for w in solver.weights]
    return (
        f"{spot.street} spot: board {format_cards(spot.board, ' ')}, pot {spot.pot}, stack"
        f" {spot.stack}; {hands[0]} hands out of position, {hands[1]} in position; a tree of"
        f" {solver.layout.nodes:,} nodes ({solver.algorithm})"
    )


def _progress(report: Report) -> str:
    return (
        f"iteration {report.iterations}: exploitability {report.exploitability:.3f}% of the"
        f" pot, {report.seconds:.2f} s, {report.memory / _MIB:.1f} MiB"
    )


def _root(solver: Solver) -> tuple[list[str], list[float], Any, Any]:
    """The root's actions, the range's frequency of each, per-hand strategy and weights."""
    player = int(solver.layout.flat.player[0])
    strategy = solver.strategy(0)
    held = solver.weights[player].astype("float64") * solver.compatible[player]
    total = float(held.sum())
    freqs = [float((row * held).sum() / total) if total > 0 else 0.0 for row in strategy]
    return list(solver.root_labels), freqs, strategy, held


def _summary(solver: Solver, report: Report) -> str:
    from bigblind.solver.tree import DECISION

    lines = [
        ("stopped" if report.stopped else "solved")
        + f": {report.iterations} iterations, exploitability {report.exploitability:.3f}% of"
        f" the pot, {report.seconds:.2f} s, {report.memory / _MIB:.1f} MiB of arrays"
        f" ({report.peak / _MIB:.0f} MiB peak for the process)",
        f"value: out of position {solver.value(0):.2f}, in position {solver.value(1):.2f}"
        f" (chips won from the pot of {solver.pot}, less what each put in)",
    ]
    if solver.layout.flat.kind[0] != DECISION:
        lines.append("root: no decision (the players are all in)")
        return "\n".join(lines)
    labels, freqs, _, _ = _root(solver)
    lines.append(f"root: {_PLAYERS[int(solver.layout.flat.player[0])]} to act")
    width = max(len(label) for label in labels)
    lines += [
        f"  {label:<{width}}  {freq * 100:5.1f}%" for label, freq in zip(labels, freqs, strict=True)
    ]
    return "\n".join(lines)


def _json(solver: Solver, report: Report) -> dict[str, Any]:
    from bigblind.solver.tree import DECISION

    data: dict[str, Any] = {
        "iterations": report.iterations,
        "exploitability": report.exploitability,
        "seconds": report.seconds,
        "memory_bytes": report.memory,
        "peak_bytes": report.peak,
        "stopped": report.stopped,
        "algorithm": solver.algorithm,
        "value": {"oop": solver.value(0), "ip": solver.value(1)},
    }
    if solver.layout.flat.kind[0] == DECISION:
        labels, freqs, strategy, _ = _root(solver)
        player = int(solver.layout.flat.player[0])
        evs = solver.hand_evs(player)
        hands = {}
        for i, name in enumerate(solver.game.names[player]):
            ev = float(evs[i])
            hands[name] = {
                "weight": float(solver.weights[player][i]),
                "ev": None if ev != ev else ev,
                "strategy": {label: float(strategy[a, i]) for a, label in enumerate(labels)},
            }
        data["root"] = {
            "player": "oop" if player == 0 else "ip",
            "actions": [
                {"action": lab, "frequency": f} for lab, f in zip(labels, freqs, strict=True)
            ],
            "hands": hands,
        }
    return data
