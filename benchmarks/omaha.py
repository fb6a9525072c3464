"""Omaha evaluations per second, next to phevaluator's Omaha evaluator, in the same run.

Every evaluator values the same pre-generated random PLO4 hands (four hole
cards, five board cards):

* bigblind per call: ``evaluate_omaha(hole, board)`` (checked) and
  ``omaha4(*hole, *board)`` (unchecked), one Python call per hand, against
  phevaluator's ``evaluate_omaha_cards(*board, *hole)``, whose Python function
  checks the count and calls its C library; per-call figures count the thread's
  CPU time, so other programs on a shared machine move them less;
* bigblind batch: ``evaluate_omaha_batch`` on one big array, on every core,
  next to the 32M evaluations per second that phevaluator's C library quotes
  for PLO4 (the floor set for bigblind is 30M on two cores). The low of 8 or
  better, PLO5, PLO6 and short deck (seven cards) are measured in batch too.

Before timing, phevaluator's order of the hands (smaller is stronger) is
compared with bigblind's on a sample: a peer that ranks differently voids the
comparison. Measurements take turns in every repeat, so background load hits
them alike; each figure is the median of the repeats, the ratios the median
of the repeats' ratios, and the spread (max - min) / median says how noisy
the repeats were.

    python benchmarks/omaha.py
    python benchmarks/omaha.py --hands 50000 --batch-hands 2000000 --repeats 5 --json
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bigblind.evaluation.omaha import evaluate_omaha, omaha4
from bigblind.evaluation.omaha_batch import evaluate_omaha_batch, evaluate_omaha_low_batch
from bigblind.evaluation.short_deck_batch import evaluate_short_deck_batch

ANCHOR = 32_000_000  # PLO4 evaluations per second phevaluator's C library quotes
BATCH_FLOOR = 30_000_000  # the least bigblind's batch must reach on two cores
CHECKED = 5_000  # hands on which phevaluator's order is compared with bigblind's

Run = Callable[[], float]


@dataclass
class Measure:
    """A named measurement and the figure of each repeat."""

    name: str
    run: Run
    figures: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.figures)

    @property
    def spread(self) -> float:
        return (max(self.figures) - min(self.figures)) / self.median


def random_deals(n: int, cards: int, seed: int, low_card: int = 0) -> NDArray[np.int8]:
    """``n`` rows of ``cards`` distinct cards from ``low_card`` to 51, uniformly drawn."""
    rng = np.random.default_rng(seed)
    deck = np.arange(low_card, 52, dtype=np.int8)
    out = np.empty((n, cards), dtype=np.int8)
    step = 500_000
    for start in range(0, n, step):
        count = min(step, n - start)
        out[start : start + count] = rng.permuted(np.tile(deck, (count, 1)), axis=1)[:, :cards]
    return out


def _cpu_rate(count: int, call: Callable[[], object]) -> float:
    start = time.thread_time()
    call()
    return count / (time.thread_time() - start)


def _rate(count: int, call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return count / (time.perf_counter() - start)


def _same_order(ours: Sequence[int], theirs: Sequence[int]) -> bool:
    """Whether bigblind (higher wins) and a peer (lower wins) order and tie hands alike."""
    pairs = sorted(zip(ours, (-v for v in theirs), strict=True))
    return all(a[1] <= b[1] for a, b in itertools.pairwise(pairs)) and (
        len(set(pairs)) == len(set(ours)) == len(set(theirs))
    )


def per_call_runs(deals: list[list[int]]) -> dict[str, Run]:
    holes_boards = [(d[:4], d[4:]) for d in deals]

    def checked() -> None:
        ev = evaluate_omaha
        for hole, board in holes_boards:
            ev(hole, board)

    def unchecked() -> None:
        ev = omaha4
        for d in deals:
            ev(*d)

    evaluate_omaha(*holes_boards[0])  # build the tables outside the timing
    runs = {
        "checked": lambda: _cpu_rate(len(deals), checked),
        "unchecked": lambda: _cpu_rate(len(deals), unchecked),
    }
    try:
        phevaluator: Any = importlib.import_module("phevaluator")
    except ImportError:
        return runs
    # phevaluator numbers cards as bigblind does and takes the board first.
    sample = holes_boards[:CHECKED]
    theirs = [phevaluator.evaluate_omaha_cards(*b, *h) for h, b in sample]
    if not _same_order([evaluate_omaha(h, b) for h, b in sample], theirs):
        raise SystemExit("phevaluator orders the hands differently: the comparison is void")
    reordered = [(*d[4:], *d[:4]) for d in deals]

    def peer() -> None:
        ev = phevaluator.evaluate_omaha_cards
        for d in reordered:
            ev(*d)

    runs["phevaluator"] = lambda: _cpu_rate(len(deals), peer)
    return runs


def _batch_run(
    kernel: Callable[[NDArray[np.int8], NDArray[np.int8]], object],
    holes: NDArray[np.int8],
    boards: NDArray[np.int8],
) -> Run:
    return lambda: _rate(len(holes), lambda: kernel(holes, boards))


def batch_runs(n: int, seed: int) -> dict[str, Run]:
    runs: dict[str, Run] = {}
    for size, name in ((4, "plo4"), (5, "plo5"), (6, "plo6")):
        deal = random_deals(n, size + 5, seed + size)
        holes = np.ascontiguousarray(deal[:, :size])
        boards = np.ascontiguousarray(deal[:, size:])
        evaluate_omaha_batch(holes[:1000], boards[:1000])  # compile or load the cache
        runs[name] = _batch_run(evaluate_omaha_batch, holes, boards)
        if size == 4:
            evaluate_omaha_low_batch(holes[:1000], boards[:1000])
            runs["plo8_low"] = _batch_run(evaluate_omaha_low_batch, holes, boards)
    short = random_deals(n, 7, seed, low_card=16)
    evaluate_short_deck_batch(short[:1000])
    runs["short_deck7"] = lambda: _rate(len(short), lambda: evaluate_short_deck_batch(short))
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="hands per per-call repeat")
    parser.add_argument("--batch-hands", type=int, default=4_000_000, help="hands per batch")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per measure (median)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if min(args.hands, args.batch_hands, args.repeats) < 1:
        parser.error("--hands, --batch-hands and --repeats must be positive")

    deals: list[list[int]] = random_deals(args.hands, 9, args.seed).tolist()
    per_call = per_call_runs(deals)
    batch = batch_runs(args.batch_hands, args.seed)
    measures = [Measure(f"per_call_{k}", r) for k, r in per_call.items()]
    measures += [Measure(f"batch_{k}", r) for k, r in batch.items()]
    for _ in range(args.repeats):  # take turns, so background load hits all alike
        for m in measures:
            m.figures.append(m.run())
    found = {m.name: m for m in measures}

    result: dict[str, Any] = {m.name + "_per_s": m.median for m in measures}
    result.update({m.name + "_spread": m.spread for m in measures})
    peer = found.get("per_call_phevaluator")
    for ours in ("checked", "unchecked"):
        key = f"per_call_{ours}"
        result[f"{ours}_vs_phevaluator"] = (
            statistics.median(a / b for a, b in zip(found[key].figures, peer.figures, strict=True))
            if peer
            else None
        )
    plo4 = found["batch_plo4"].median
    result["batch_plo4_vs_anchor"] = plo4 / ANCHOR
    result["batch_plo4_meets_floor"] = plo4 >= BATCH_FLOOR
    result["cores"] = os.cpu_count()

    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.hands:,} hands per call, {args.batch_hands:,} per batch,", end=" ")
    print(f"{args.repeats} repeats (medians; spread = (max - min) / median),", end=" ")
    print(f"{os.cpu_count()} cores")
    for m in measures:
        print(f"  {m.name:<24} {m.median / 1e6:9.2f} M/s   spread {m.spread:5.1%}")
    for ours in ("checked", "unchecked"):
        ratio = result[f"{ours}_vs_phevaluator"]
        if ratio is not None:
            print(f"  per call, {ours} / phevaluator evaluate_omaha_cards: {ratio:.2f}x")
    floor = "meets" if result["batch_plo4_meets_floor"] else "is BELOW"
    print(
        f"  batch PLO4 / phevaluator C's quoted 32M/s: {result['batch_plo4_vs_anchor']:.2f}x"
        f" ({floor} the floor of {BATCH_FLOOR / 1e6:.0f}M/s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
