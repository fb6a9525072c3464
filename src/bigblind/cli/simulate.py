"""``bigblind simulate``: bots against bots, each bot's win rate with its 95% interval.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> run(parser.parse_args(["simulate", "--bots", "station,random", "--hands", "20", "--json"]))
{"hands": 20, "bots": [{"name": "station", "bb_per_100": ..., "ci95": ...}, {"name": ...}]}
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import Any, TextIO

from bigblind.bots.base import BOTS
from bigblind.bots.matches import SimulationResult, simulate
from bigblind.cli.options import Subparsers, add_backend, backend
from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError

__all__ = ["ProgressBar", "add_parser", "run"]

_STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind simulate`` and its options."""
    command = subparsers.add_parser(
        "simulate",
        help="play bots against each other and measure their win rates",
        description=(
            "Seat 2 to 9 bots and play them against each other with duplicate deals:"
            " every deck is replayed once per seat rotation, so each bot holds each"
            " seat's cards once. Every hand starts from the same stacks. Prints each"
            " bot's winnings in big blinds per 100 hands with a 95% confidence interval."
            f" Bots: {', '.join(sorted(BOTS))}."
        ),
    )
    command.add_argument(
        "--bots",
        required=True,
        metavar="NAMES",
        help="comma-separated bot names, one per seat (e.g. tag,station,random)",
    )
    command.add_argument("--hands", type=int, default=10_000, help="hands to play (default 10000)")
    command.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    command.add_argument(
        "--structure",
        choices=_STRUCTURES,
        default="no-limit",
        help="betting structure (default no-limit)",
    )
    command.add_argument(
        "--stack", type=int, default=100, help="starting stack in big blinds (default 100)"
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument(
        "--plot", metavar="FILE.png", help="draw the cumulative winnings (needs matplotlib)"
    )
    add_backend(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the simulation ``args`` describes; 0 on success, 2 for bad options."""
    out = out or sys.stdout
    err = err or sys.stderr
    names = [name.strip().lower() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        print(
            f"bigblind simulate: unknown bot {unknown[0]!r}: the bots are"
            f" {', '.join(sorted(BOTS))}",
            file=err,
        )
        return 2
    pyplot: Any = None
    if args.plot:
        try:
            pyplot = _pyplot()
        except ImportError:
            print(
                "bigblind simulate: --plot needs matplotlib, which is not installed:"
                " pip install matplotlib",
                file=err,
            )
            return 2
    rules = _rules(args.structure)
    bar = ProgressBar(err)
    bar.enabled = bar.enabled and not args.json
    try:
        with backend(args) as runner:
            bar.start()
            result = simulate(
                names,
                args.hands,
                seed=args.seed,
                rules=rules,
                stack=args.stack,
                progress=bar,
                runner=runner,
            )
    except BigblindError as error:
        bar.close()
        print(f"bigblind simulate: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        bar.close()
        print("bigblind simulate: interrupted", file=err)
        return 130
    bar.close()
    if pyplot is not None:
        _plot(pyplot, result, args.plot)
    if args.json:
        print(json.dumps(result.as_dict()), file=out)
        return 0
    _report(result, args, out)
    return 0


def _rules(structure: str) -> Rules:
    if structure == "pot-limit":
        return Rules.pot_limit(blinds=(1, 2))
    if structure == "fixed-limit":
        return Rules.fixed_limit(blinds=(1, 2))
    return Rules.no_limit(blinds=(1, 2))


def _report(result: SimulationResult, args: argparse.Namespace, out: TextIO) -> None:
    rate = result.hands / result.seconds if result.seconds > 0 else 0.0
    print(
        f"{result.hands:,} hands ({result.deals:,} duplicate deals of {result.seats}),"
        f" {args.structure}, {args.stack} big blinds deep, seed {result.seed}:"
        f" {result.seconds:.1f} s, {rate:,.0f} hands/s",
        file=out,
    )
    width = max(3, *(len(b.name) for b in result.bots))
    print(f"{'bot':<{width}}  {'bb/100':>9}  {'95% CI':>10}", file=out)
    for b in result.bots:
        print(f"{b.name:<{width}}  {b.bb_per_100:>+9.2f}  ± {b.ci95:>8.2f}", file=out)


def _pyplot() -> Any:
    """matplotlib's pyplot on a backend that draws to files (ImportError if missing)."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _plot(pyplot: Any, result: SimulationResult, path: str) -> None:
    figure, axes = pyplot.subplots(figsize=(9, 5))
    hands = [(k + 1) * result.seats for k in range(result.deals)]
    for bot, curve in zip(result.bots, result.cumulative, strict=True):
        label = f"{bot.name}: {bot.bb_per_100:+.1f} ± {bot.ci95:.1f} bb/100"
        axes.plot(hands, curve, label=label, linewidth=1)
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("hands")
    axes.set_ylabel("winnings (big blinds)")
    axes.set_title(f"{result.hands:,} hands, duplicate deals, seed {result.seed}")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


class ProgressBar:
    """A one-line progress bar on a terminal, redrawn in place; silent when not a terminal.

    >>> import io
    >>> bar = ProgressBar(io.StringIO())
    >>> bar.enabled
    False
    >>> bar(50, 100); bar.close()
    """

    def __init__(
        self, stream: TextIO, *, width: int = 30, every: float = 0.1, unit: str = "hands"
    ) -> None:
        isatty = getattr(stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self._stream = stream
        self._width = width
        self._every = every
        self._unit = unit
        self._start = time.perf_counter()
        self._last = -1.0
        self._drawn = False

    def start(self) -> None:
        """Start the clock the rate is measured from (when the work starts, not Ray)."""
        self._start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` units (at most every ``every`` seconds, and at the end)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < total and now - self._last < self._every:
            return
        self._last = now
        share = done / total if total else 1.0
        filled = int(self._width * share)
        elapsed = now - self._start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        line = (
            f"\r[{'#' * filled}{'.' * (self._width - filled)}] {100 * share:5.1f}%"
            f" {done:,}/{total:,} {self._unit}, {rate:,.0f}/s, {left:,.0f} s left "
        )
        self._stream.write(line)
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False
