"""Seven-card evaluations and equity per second, next to eval7, phevaluator and treys.

Every evaluator values the same pre-generated random seven-card hands:

* bigblind scalar: ``evaluate(list_of_7_ints)``, one Python call per hand;
  the per-call figures count the thread's CPU time, the others the wall clock;
* bigblind batch: ``evaluate_batch`` on one big array (a warm-up call first,
  so compilation is not timed), on every core;
* eval7 ``evaluate`` (cards converted beforehand), phevaluator
  ``evaluate_cards`` and treys ``Evaluator().evaluate(board, hand)``, one call
  per hand, when installed.

The scalar evaluator is also measured in both forms of bigblind, pure Python
and compiled, each in a subprocess (see ``forms.py``) timing eval7 on the same
hands in turn, so each form's ratio to eval7 comes from one process.

Equity: the exact heads-up pre-flop enumeration of AcAd against KhKs (all
1,712,304 boards), and Monte Carlo trials per second of AsKs against the range
JJ+, bigblind next to eval7's ``py_hand_vs_range_monte_carlo`` at the same
number of trials. Measurements take turns in every repeat, so background load
hits them alike; each figure is the median over the repeats.

    python benchmarks/evaluate.py
    python benchmarks/evaluate.py --hands 50000 --repeats 3 --json
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

import bigblind
import forms
from bigblind.cards import format_cards
from bigblind.evaluation.batch import evaluate_batch
from bigblind.evaluation.scalar import evaluate

BATCH_FLOOR = 50_000_000  # seven-card evaluations per second the batch must reach
EXACT_PLAYERS = ["AcAd", "KhKs"]
MC_HAND, MC_RANGE = "AsKs", "JJ+"
CHECKED = 2_000  # hands on which every peer's order is compared with bigblind's

# One repeat: () -> a rate (per second) or a time (seconds).
Run = Callable[[], float]


@dataclass
class Measure:
    """A named measurement and the figure of each repeat."""

    name: str
    run: Run
    unit: str  # "per_s" or "s"
    figures: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.figures)

    @property
    def spread(self) -> float:
        """(max - min) / median: how noisy the repeats were."""
        return (max(self.figures) - min(self.figures)) / self.median


def random_hands(n: int, seed: int) -> NDArray[np.int8]:
    """``n`` rows of seven distinct cards, uniformly drawn (rows with a repeat are redrawn)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), np.int8)
    todo = np.arange(n)
    while todo.size:
        draw = rng.integers(0, 52, size=(todo.size, 7), dtype=np.int8)
        distinct = (np.diff(np.sort(draw, axis=1), axis=1) != 0).all(axis=1)
        out[todo[distinct]] = draw[distinct]
        todo = todo[~distinct]
    return out


def _rate(count: int, call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return count / (time.perf_counter() - start)


def _cpu_rate(count: int, call: Callable[[], object]) -> float:
    """Per second of this thread's CPU time: for the one-thread, per-call measures, which
    background load on a shared machine then moves less than it moves the wall clock."""
    start = time.thread_time()
    call()
    return count / (time.thread_time() - start)


def _seconds(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def _same_order(ours: Sequence[int], theirs: Sequence[int], higher_wins: bool) -> bool:
    """Whether two evaluators order (and tie) the same hands alike."""
    pairs = sorted(zip(ours, theirs if higher_wins else [-v for v in theirs], strict=True))
    distinct = len(set(ours))
    return all(a[1] <= b[1] for a, b in itertools.pairwise(pairs)) and len(
        set(pairs)
    ) == distinct == len({p[1] for p in pairs})


# --- per-call evaluators ------------------------------------------------------------------


def scalar_run(hands: list[list[int]]) -> Run:
    def loop() -> None:
        ev = evaluate
        for hand in hands:
            ev(hand)

    return lambda: _cpu_rate(len(hands), loop)


def batch_run(array: NDArray[np.int8]) -> Run:
    evaluate_batch(array[:1000])  # compile (or load the cache) outside the timing
    return lambda: _rate(len(array), lambda: evaluate_batch(array))


def eval7_run(hands: list[list[int]], ours: list[int]) -> Run | None:
    eval7 = _optional("eval7")
    if eval7 is None:
        return None
    converted = [[eval7.Card(format_cards([c])) for c in hand] for hand in hands]
    check = [eval7.evaluate(hand) for hand in converted[:CHECKED]]
    if not _same_order(ours, check, higher_wins=True):
        raise SystemExit("eval7 orders the hands differently: the comparison is void")

    def loop() -> None:
        ev = eval7.evaluate
        for hand in converted:
            ev(hand)

    return lambda: _cpu_rate(len(converted), loop)


def phevaluator_run(hands: list[list[int]], ours: list[int]) -> Run | None:
    phevaluator = _optional("phevaluator")
    if phevaluator is None:
        return None
    # phevaluator numbers cards as bigblind does: rank * 4 + suit, clubs to spades.
    check = [phevaluator.evaluate_cards(*hand) for hand in hands[:CHECKED]]
    if not _same_order(ours, check, higher_wins=False):
        raise SystemExit("phevaluator orders the hands differently: the comparison is void")

    def loop() -> None:
        ev = phevaluator.evaluate_cards
        for hand in hands:
            ev(*hand)

    return lambda: _cpu_rate(len(hands), loop)


def treys_run(hands: list[list[int]], ours: list[int]) -> Run | None:
    treys = _optional("treys")
    if treys is None:
        return None
    new = treys.Card.new
    converted = [
        ([new(format_cards([c])) for c in hand[:5]], [new(format_cards([c])) for c in hand[5:]])
        for hand in hands
    ]
    evaluator = treys.Evaluator()
    check = [evaluator.evaluate(board, hole) for board, hole in converted[:CHECKED]]
    if not _same_order(ours, check, higher_wins=False):
        raise SystemExit("treys orders the hands differently: the comparison is void")

    def loop() -> None:
        ev = evaluator.evaluate
        for board, hole in converted:
            ev(board, hole)

    return lambda: _cpu_rate(len(converted), loop)


# --- the two forms, each in a worker ----------------------------------------------------


def serve(hands_count: int, seed: int) -> int:
    """The worker's side: each request times the scalar evaluator and eval7 once."""
    hands: list[list[int]] = random_hands(max(hands_count, CHECKED), seed)[:hands_count].tolist()
    ours = [evaluate(hand) for hand in hands[:CHECKED]]
    scalar = scalar_run(hands)
    peer = eval7_run(hands, ours)
    return forms.serve(lambda _: [scalar(), peer() if peer else None])


@dataclass
class FormMeasure:
    """The scalar evaluator and eval7, per call, timed in turn in one worker."""

    name: str
    worker: forms.Worker
    scalar: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)

    def run(self) -> None:
        scalar, eval7 = self.worker.request(None)
        self.scalar.append(scalar)
        if eval7:
            self.ratios.append(scalar / eval7)


# --- equity -------------------------------------------------------------------------------


def equity_runs(samples: int) -> tuple[Run | None, Run | None, list[str]]:
    """The exact heads-up pre-flop run, the Monte Carlo run, and lines about their results."""
    try:
        from bigblind.evaluation.hand_equity import equity
    except ImportError:
        return (
            None,
            None,
            ["bigblind.evaluation.hand_equity is not importable: equity not measured"],
        )
    exact = equity(EXACT_PLAYERS, exact=True)  # compile outside the timing
    mc = equity([MC_HAND, MC_RANGE], exact=False, samples=samples, seed=1)
    notes = [
        f"exact {' vs '.join(EXACT_PLAYERS)}: {exact.boards:,} boards, "
        f"equity {exact.players[0].equity:.4f}",
        f"Monte Carlo {MC_HAND} vs {MC_RANGE}, {samples:,} trials: bigblind equity "
        f"{mc.players[0].equity:.4f}",
    ]

    def run_exact() -> float:
        return _seconds(lambda: equity(EXACT_PLAYERS, exact=True))

    def run_mc() -> float:
        return _rate(
            samples, lambda: equity([MC_HAND, MC_RANGE], exact=False, samples=samples, seed=1)
        )

    return run_exact, run_mc, notes


def eval7_mc_run(samples: int) -> tuple[Run | None, list[str]]:
    eval7 = _optional("eval7")
    if eval7 is None:
        return None, []
    hand = [eval7.Card(MC_HAND[:2]), eval7.Card(MC_HAND[2:])]
    villain = eval7.HandRange(MC_RANGE)
    share = eval7.py_hand_vs_range_monte_carlo(hand, villain, [], samples)
    note = f"Monte Carlo {MC_HAND} vs {MC_RANGE}, {samples:,} trials: eval7 equity {share:.4f}"

    def run() -> float:
        return _rate(
            samples, lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], samples)
        )

    return run, [note]


# --- report -------------------------------------------------------------------------------


def _fmt_rate(value: float) -> str:
    return f"{value / 1e6:9.2f} M/s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="hands per per-call repeat")
    parser.add_argument(
        "--batch-hands", type=int, default=4_000_000, help="hands in the batch array"
    )
    parser.add_argument("--samples", type=int, default=1_000_000, help="Monte Carlo trials")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per measure (median)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--compiled-python", help="an interpreter with compiled bigblind")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if min(args.hands, args.batch_hands, args.samples, args.repeats) < 1:
        parser.error("--hands, --batch-hands, --samples and --repeats must be positive")
    if args.worker:
        return serve(args.hands, args.seed)
    worker_args = ["--hands", str(args.hands), "--seed", str(args.seed)]
    pure, compiled, form_notes = forms.start(__file__, worker_args, args.compiled_python)
    in_forms = [
        FormMeasure(name, worker)
        for name, worker in (("pure", pure), ("compiled", compiled))
        if worker is not None
    ]

    array = random_hands(max(args.hands, args.batch_hands, CHECKED), args.seed)
    hands: list[list[int]] = array[: args.hands].tolist()
    ours = [evaluate(hand) for hand in array[:CHECKED].tolist()]
    peers = {
        "eval7": eval7_run(hands, ours),
        "phevaluator": phevaluator_run(hands, ours),
        "treys": treys_run(hands, ours),
    }
    run_exact, run_mc, notes = equity_runs(args.samples)
    run_eval7_mc, more = eval7_mc_run(args.samples)
    notes += more + form_notes

    candidates: list[tuple[str, Run | None, str]] = [
        ("scalar_per_s", scalar_run(hands), "per_s"),
        ("batch_per_s", batch_run(array), "per_s"),
        *((f"{name}_per_s", run, "per_s") for name, run in peers.items()),
        ("exact_headsup_preflop_s", run_exact, "s"),
        ("mc_trials_per_s", run_mc, "per_s"),
        ("eval7_mc_trials_per_s", run_eval7_mc, "per_s"),
    ]
    measures = [Measure(key, run, unit) for key, run, unit in candidates if run is not None]
    for _ in range(args.repeats):  # take turns, so background load hits all alike
        for m in measures:
            m.figures.append(m.run())
        for f in in_forms:
            f.run()
    for f in in_forms:
        f.worker.close()
    found = {m.name: m for m in measures}
    result: dict[str, float | bool | None] = {
        key: (found[key].median if key in found else None) for key, _, _ in candidates
    }
    result["compiled_installed"] = bigblind.__compiled__
    peer = _figures(found, "eval7_per_s")
    ratios = [s / e for s, e in zip(found["scalar_per_s"].figures, peer, strict=False) if peer]
    result["scalar_vs_eval7"] = statistics.median(ratios) if ratios else None
    for form in ("pure", "compiled"):
        got = next((f for f in in_forms if f.name == form), None)
        result[f"{form}_scalar_per_s"] = statistics.median(got.scalar) if got else None
        result[f"{form}_scalar_vs_eval7"] = (
            statistics.median(got.ratios) if got and got.ratios else None
        )

    if args.json:
        print(json.dumps(result))
        return 0
    _print_report(args, found, notes)
    _print_forms(in_forms, result)
    return 0


def _figures(found: dict[str, Measure], key: str) -> list[float]:
    return found[key].figures if key in found else []


def _print_forms(in_forms: list[FormMeasure], result: dict[str, float | bool | None]) -> None:
    form = "compiled" if bigblind.__compiled__ else "pure Python"
    print("Scalar evaluate() per call by form, each next to eval7 in its own process")
    ratio = result["scalar_vs_eval7"]
    if ratio is not None:
        print(f"  {'this process (' + form + ')':<58}{ratio:9.2f}x eval7")
    for f in in_forms:
        spread = (max(f.scalar) - min(f.scalar)) / statistics.median(f.scalar)
        shown = f"{_fmt_rate(statistics.median(f.scalar))}  (spread {spread:4.0%})"
        if f.ratios:
            shown += f"  {statistics.median(f.ratios):5.2f}x eval7"
        print(f"  {f.name:<58}{shown}")


def _print_report(args: argparse.Namespace, found: dict[str, Measure], notes: list[str]) -> None:
    import numba
    from numba.np.ufunc import parallel

    layer = parallel.threading_layer()  # type: ignore[no-untyped-call]
    threads = f"{numba.get_num_threads()} threads, {layer} layer"
    print(
        f"Seven-card evaluations per second: median of {args.repeats} repeats "
        f"(spread = (max - min) / median); {os.cpu_count()} CPUs"
    )
    labels = {
        "scalar_per_s": f"bigblind evaluate(), per call ({args.hands:,} hands)",
        "batch_per_s": f"bigblind evaluate_batch ({args.batch_hands:,}, {threads})",
        "eval7_per_s": "eval7 evaluate(), per call",
        "phevaluator_per_s": "phevaluator evaluate_cards(), per call",
        "treys_per_s": "treys Evaluator().evaluate(), per call",
    }
    for key, label in labels.items():
        m = found.get(key)
        shown = f"{_fmt_rate(m.median)}  (spread {m.spread:4.0%})" if m else "  not installed"
        print(f"  {label:<58}{shown}")
    batch = found["batch_per_s"].median
    verdict = "above" if batch >= BATCH_FLOOR else "BELOW"
    print(f"  batch is {verdict} the floor of {BATCH_FLOOR / 1e6:.0f} M/s")
    scalar = found["scalar_per_s"].median
    for peer in ("eval7", "phevaluator", "treys"):
        m = found.get(f"{peer}_per_s")
        if m is not None:
            print(
                f"  vs {peer:<12} scalar {scalar / m.median:6.2f}x   batch {batch / m.median:8.1f}x"
            )
    print("Equity (bigblind on every core; eval7 on one)")
    exact = found.get("exact_headsup_preflop_s")
    if exact is not None:
        print(
            f"  exact heads-up pre-flop ({' vs '.join(EXACT_PLAYERS)})".ljust(60)
            + f"{exact.median:9.3f} s    (spread {exact.spread:4.0%})"
        )
    for key, label in (
        ("mc_trials_per_s", f"bigblind Monte Carlo {MC_HAND} vs {MC_RANGE}"),
        ("eval7_mc_trials_per_s", f"eval7 py_hand_vs_range_monte_carlo {MC_HAND} vs {MC_RANGE}"),
    ):
        m = found.get(key)
        if m is not None:
            print(f"  {label:<58}{_fmt_rate(m.median)}  (spread {m.spread:4.0%})")
    mc, e7 = found.get("mc_trials_per_s"), found.get("eval7_mc_trials_per_s")
    if mc is not None and e7 is not None:
        print(f"  Monte Carlo vs eval7: {mc.median / e7.median:.2f}x")
    for note in notes:
        print(f"  ({note})")


if __name__ == "__main__":
    raise SystemExit(main())
