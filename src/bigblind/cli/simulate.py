"""``bigblind simulate``: bots against bots, each bot's win rate with its 95% interval.

The run is played in chunks of duplicate deals (see
:mod:`bigblind.bots.matches`), here or as Ray tasks with ``--backend ray``, or
on the batch engine (:mod:`bigblind.bots.batch_matches`) when every bot is one
of its policies, and merged in deal order: a bar shows the progress on a terminal, and Ctrl-C
prints the results of the chunks played so far. ``--plot`` is checked before
the run (a folder that cannot be written, a format matplotlib does not know),
and the results are printed before the picture is saved.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> run(parser.parse_args(["simulate", "--bots", "station,random", "--hands", "20", "--json"]))
{"hands": 20, "engine": "batch", "bots": [{"name": "station", "bb_per_100": ..., "ci95": ...}, ...]}
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import numpy as np
from numpy.typing import NDArray

from bigblind.bots.base import BOTS
from bigblind.bots.batch_matches import batch_refusal, play_batch
from bigblind.bots.distributed import Runner
from bigblind.bots.intervals import half_width_95
from bigblind.bots.matches import MAX_BOTS, ChunkResult, MatchPlan, play_chunks
from bigblind.cli.options import (
    STRUCTURE_CODES,
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
from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError
from bigblind.evaluation.games import HOLDEM

__all__ = ["Merged", "add_parser", "check_plot", "run"]

_MAX_HANDS = 100_000_000


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind simulate`` and its options."""
    command = subparsers.add_parser(
        "simulate",
        help="play bots against each other and measure their win rates",
        description=(
            f"Seat 2 to {MAX_BOTS} bots and play them against each other with duplicate deals:"
            " every deck is replayed once per seat rotation, so each bot holds each"
            " seat's cards once. Every hand starts from the same stacks. Prints each"
            " bot's winnings in big blinds per 100 hands with a 95% confidence interval"
            " (a progress bar on a terminal; Ctrl-C prints the hands played so far)."
            f" Bots: {', '.join(sorted(BOTS))}."
        ),
    )
    command.add_argument(
        "--bots",
        required=True,
        metavar="NAMES",
        help="comma-separated bot names, one per seat (e.g. tag,station,random)",
    )
    command.add_argument(
        "--hands",
        type=count("hands", 1, _MAX_HANDS),
        default=10_000,
        metavar="N",
        help="hands to play (default 10000)",
    )
    command.add_argument(
        "--seed",
        type=count("seed", 0, 2**63, single="seed"),
        default=0,
        metavar="NUMBER",
        help="seed of the run (default 0)",
    )
    add_game(command)
    add_structure(command, by_game=True)
    command.add_argument(
        "--blinds", type=blinds, default=(1, 2), metavar="S/B", help="small/big (default 1/2)"
    )
    command.add_argument(
        "--stack",
        type=count("chips", 1, 10**9),
        default=None,
        metavar="CHIPS",
        help="starting chips of every hand, a whole number of big blinds (default 100 big blinds)",
    )
    command.add_argument(
        "--engine",
        choices=("auto", "batch", "object"),
        default="auto",
        help="batch: the batch engine, millions of hands a second, for the bots random and"
        " station (other draws than the object engine's, the same rules and law of play);"
        " object: hand by hand, every bot, also on Ray; auto (default): batch where it can,"
        " on this machine",
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the cumulative winnings to FILE.png, .svg, .pdf ... (needs matplotlib:"
        " pip install '.[plot]' in the project folder)",
    )
    add_backend(command)
    command.set_defaults(run=run)


@dataclass(slots=True)
class Merged:
    """The parts of a run, merged: each bot's winnings per duplicate deal, in big blinds."""

    names: list[str]
    seats: int
    parts: list[NDArray[np.float64]] = field(default_factory=list)  # (deals, bots) blocks
    seconds: float = 0.0
    engine: str = "object"

    @property
    def per_deal(self) -> NDArray[np.float64]:
        """Each bot's winnings in each deal, in deal order: (bots, deals)."""
        if not self.parts:
            return np.zeros((len(self.names), 0))
        return np.concatenate(self.parts).T

    @property
    def deals(self) -> int:
        """Duplicate deals played."""
        return sum(part.shape[0] for part in self.parts)

    @property
    def hands(self) -> int:
        """Hands played."""
        return self.deals * self.seats

    def add(self, winnings: Sequence[Sequence[float]] | NDArray[np.float64]) -> None:
        """Add a part: each bot's winnings in each of its deals, (bots, deals)."""
        block = np.asarray(winnings, dtype=np.float64).reshape(len(self.names), -1)
        if block.shape[1]:
            self.parts.append(block.T)

    def rows(self) -> list[tuple[str, float, float]]:
        """Each bot's name, big blinds per 100 hands and 95% half-width (inf with one deal)."""
        out = []
        for name, values in zip(self.names, self.per_deal, strict=True):
            won = float(values.sum())
            out.append((name, 100 * won / max(1, self.hands), _half_width(values, self.seats)))
        return out

    def document(self) -> dict[str, Any]:
        """JSON-ready: the hands, the engine, and each bot's name, bb/100 and half-width
        (None if unknown)."""
        return {
            "hands": self.hands,
            "engine": self.engine,
            "bots": [
                {"name": n, "bb_per_100": rate, "ci95": ci if math.isfinite(ci) else None}
                for n, rate, ci in self.rows()
            ],
        }


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the simulation ``args`` describes; 0 on success, 2 for bad options, 130 stopped."""
    out = out or sys.stdout
    err = err or sys.stderr
    settle_game(args)
    names = [name.strip().lower() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        print(
            f"bigblind simulate: unknown bot {unknown[0]!r}: the bots are"
            f" {', '.join(sorted(BOTS))}",
            file=err,
        )
        return 2
    if not 2 <= len(names) <= MAX_BOTS:
        print(
            f"bigblind simulate: {len(names)} bot{'' if len(names) == 1 else 's'}:"
            f" a simulation seats 2 to {MAX_BOTS} bots",
            file=err,
        )
        return 2
    small, big = args.blinds
    chips = 100 * big if args.stack is None else args.stack
    if chips % big:
        print(
            f"bigblind simulate: --stack {chips}: give a whole number of big blinds in chips"
            f" (a multiple of {big}), e.g. {max(1, chips // big) * big}",
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
                " pip install '.[plot]' in the project folder (or pip install matplotlib)",
                file=err,
            )
            return 2
        problem = check_plot(Path(args.plot), pyplot)
        if problem is not None:
            print(f"bigblind simulate: --plot {args.plot}: {problem}", file=err)
            return 2
    rules = Rules(structure=args.structure, small_blind=small, big_blind=big, game=args.game)
    try:
        plan = MatchPlan(
            bots=tuple(names),
            deals=-(-args.hands // len(names)),
            seed=args.seed,
            rules=rules,
            stack=chips // big,
        )
    except BigblindError as error:
        print(f"bigblind simulate: {error}", file=err)
        return 2
    if plan.hands != args.hands:
        # Duplicate play deals each deck once to every seat: a part of a set would favour
        # the seats that got it.
        print(
            f"bigblind simulate: --hands {args.hands} plays {plan.hands:,} hands:"
            f" {plan.deals:,} deals, each played once from every one of the {len(names)} seats",
            file=err,
        )
    refusal = batch_refusal(plan)
    engine = args.engine
    if engine == "batch" and refusal is not None:
        print(f"bigblind simulate: --engine batch: {refusal} (leave out --engine)", file=err)
        return 2
    batch = engine == "batch" or (engine == "auto" and refusal is None and not uses_ray(args))
    if batch and uses_ray(args):
        print(
            "bigblind simulate: --engine batch plays here on every core: leave out --backend",
            file=err,
        )
        return 2
    merged = Merged(_labels(names), len(names), engine="batch" if batch else "object")
    try:
        if batch:
            _play_batch(merged, plan, args.json, err)
        else:
            with backend(args) as runner:
                _play(merged, plan, args.json, err, runner)
    except BigblindError as error:
        print(f"bigblind simulate: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        if merged.deals:
            _print(merged, args, chips, out, stopped=True)
        print(f"bigblind simulate: {STOPPED}", file=err)
        return 130
    _print(merged, args, chips, out)
    if pyplot is not None:
        try:
            _plot(pyplot, merged, args.seed, args.plot)
        except (OSError, ValueError, RuntimeError) as error:
            reason = getattr(error, "strerror", None) or error
            print(
                f"bigblind simulate: the plot could not be saved to {args.plot}: {reason}",
                file=err,
            )
            return 1
    return 0


def _play(merged: Merged, plan: MatchPlan, quiet: bool, err: TextIO, runner: Runner | None) -> None:
    """Play the run's chunks into ``merged``, in deal order, also when stopped early."""
    seats = len(plan.bots)
    parts: dict[int, ChunkResult] = {}
    # The deal sets of the chunk being played here, kept for a stop inside it (Ctrl-C
    # before the first chunk is done would otherwise report nothing).
    playing: list[tuple[float, ...]] = []
    started = time.perf_counter()
    try:
        with Progress(err, "hands", total=plan.hands, quiet=quiet) as bar:
            done = 0

            def dealt(winnings: tuple[float, ...]) -> None:
                nonlocal done
                done += seats
                playing.append(winnings)
                bar.update(done)

            for part in play_chunks(plan, runner=runner, on_deal=dealt):
                parts[part.index] = part
                playing.clear()
                if runner is not None:  # chunks elsewhere report only when done
                    done += len(part.winnings[0]) * seats
                    bar.update(done)
    finally:
        for index in sorted(parts):
            merged.add(parts[index].winnings)
        if playing and runner is None:  # chunks here come in order: these deals follow
            merged.add(tuple(zip(*playing, strict=True)))
        merged.seconds = time.perf_counter() - started


def _play_batch(merged: Merged, plan: MatchPlan, quiet: bool, err: TextIO) -> None:
    """Play the run on the batch engine into ``merged``, a block of deals at a time (a
    Ctrl-C between blocks keeps the blocks played)."""
    started = time.perf_counter()
    try:
        with Progress(err, "hands", total=plan.hands, quiet=quiet) as bar:
            for block in play_batch(plan):
                merged.add(block.T)
                bar.update(merged.hands)
    finally:
        merged.seconds = time.perf_counter() - started


def _print(
    merged: Merged, args: argparse.Namespace, chips: int, out: TextIO, *, stopped: bool = False
) -> None:
    if args.json:
        document = merged.document()
        if stopped:
            document["stopped"] = True
        print(json.dumps(document), file=out)
        return
    rate = merged.hands / merged.seconds if merged.seconds > 0 else 0.0
    big = args.blinds[1]
    cut = " (stopped early)" if stopped else ""
    print(
        f"{merged.hands:,} hands{cut} ({merged.deals:,} duplicate deal"
        f"{'' if merged.deals == 1 else 's'} of {merged.seats}),"
        f" {_structure_name(args)}{_game_words(args)} {args.blinds[0]}/{big}, {chips} chips"
        f" ({chips // big} big blinds) deep, seed {args.seed}:"
        f" {merged.seconds:.1f} s, {rate:,.0f} hands/s"
        f"{' on the batch engine' if merged.engine == 'batch' else ''}",
        file=out,
    )
    rows = merged.rows()
    width = max(3, *(len(name) for name, _, _ in rows))
    print(f"{'bot':<{width}}  {'bb/100':>9}  {'95% CI':>10}", file=out)
    for name, value, ci in rows:
        interval = f"± {ci:>8.2f}" if math.isfinite(ci) else f"{'n/a':>10}"
        print(f"{name:<{width}}  {value:>+9.2f}  {interval}", file=out)
    if not all(math.isfinite(ci) for _, _, ci in rows):
        print("(an interval needs 2 duplicate deals or more: play more hands)", file=out)


def _game_words(args: argparse.Namespace) -> str:
    """' Omaha', ' Short deck'...: the game named after the structure, hold'em left unsaid
    as it always was (RULES 11)."""
    played = getattr(args, "game", HOLDEM)
    return "" if played is HOLDEM else f" {played.name}"


def _structure_name(args: argparse.Namespace) -> str:
    return {"nl": "no-limit", "pl": "pot-limit", "fl": "fixed-limit"}[
        STRUCTURE_CODES[args.structure]
    ]


def check_plot(path: Path, pyplot: Any) -> str | None:
    """Why a picture cannot be saved at ``path`` (format, folder, file), or None when it can.

    >>> check_plot(Path("run.xyz"), None)  # doctest: +ELLIPSIS
    "the format 'xyz' is not one matplotlib writes: ..."
    """
    if path.is_dir():
        return "is a folder: give a file name such as run.png"
    suffix = path.suffix.lower().lstrip(".")
    known = _formats(pyplot)
    if not suffix:
        return f"give the file a picture extension: {', '.join('.' + f for f in known)}"
    if suffix not in known:
        return f"the format {suffix!r} is not one matplotlib writes: {', '.join(known)}"
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"there is no folder {folder}"
    # Permission bits say nothing for root, nor for /proc or a read-only mount: open the
    # file as the save will (appending, so nothing written is lost), and remove a new one.
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        where = "the file" if existed else f"the folder {folder}"
        return f"{where} cannot be written ({error.strerror or error})"
    if not existed:
        path.unlink(missing_ok=True)
    return None


def _formats(pyplot: Any) -> list[str]:
    """The file extensions matplotlib saves pictures as."""
    try:
        figure = pyplot.figure()
    except AttributeError:  # a stand-in pyplot (tests): the usual formats
        return ["eps", "jpeg", "jpg", "pdf", "png", "ps", "svg", "tif", "tiff", "webp"]
    try:
        return sorted(figure.canvas.get_supported_filetypes())
    finally:
        pyplot.close(figure)


def _pyplot() -> Any:
    """matplotlib's pyplot on a backend that draws to files (ImportError if missing)."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _plot(pyplot: Any, merged: Merged, seed: int, path: str) -> None:
    figure, axes = pyplot.subplots(figsize=(9, 5))
    try:
        # A point per deal up to 20,000 of them, then every k-th: the line looks the same.
        step = max(1, merged.deals // 20_000)
        hands = (np.arange(merged.deals) + 1)[step - 1 :: step] * merged.seats
        for (name, rate, ci), values in zip(merged.rows(), merged.per_deal, strict=True):
            interval = f" ± {ci:.1f}" if math.isfinite(ci) else ""
            curve = np.cumsum(values)[step - 1 :: step]
            axes.plot(hands, curve, label=f"{name}: {rate:+.1f}{interval} bb/100", linewidth=1)
        axes.axhline(0, color="grey", linewidth=0.5)
        axes.set_xlabel("hands")
        axes.set_ylabel("winnings (big blinds)")
        axes.set_title(f"{merged.hands:,} hands, duplicate deals, seed {seed}")
        axes.legend()
        figure.tight_layout()
        figure.savefig(path)
    finally:
        pyplot.close(figure)


def _labels(names: Sequence[str]) -> list[str]:
    """Names made distinct: a second ``tag`` is ``tag-2`` (as the simulation names them)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return out


def _half_width(values: Sequence[float] | NDArray[np.float64], per_deal: int) -> float:
    """The 95% half-width of bb/100 from the spread of the deal sets' winnings (inf for one).

    >>> round(_half_width([1.0, -1.0, 1.0, -1.0], 2), 2)
    56.58
    """
    return 100 * half_width_95(values) / per_deal
