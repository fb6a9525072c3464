"""Hands per second of the batch engine, next to the object engine, in the same run.

The game and the policy are those of ``engine.py`` (six players, no limit,
blinds 1/2, 200 chips, the button moving; facing a bet fold 20%, raise 25% to
an amount drawn from the minimum to the maximum, else call; facing none, bet
25%, else check), written as a numba function for the batch engine, as any
user's policy would be. The batch engine plays ``--hands`` hands a repeat on
every core and keeps no action log (as a simulation would); its rate is
wall-clock, and per core it is that rate divided by the threads. The object
engine's rate counts this process's CPU time (one core). Repeats take turns;
medians are reported, with the spread (max - min) / median.

    python benchmarks/batch.py
    python benchmarks/batch.py --hands 2000000 --repeats 5 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numba

from bigblind import Rules
from bigblind.fast import layout, play
from engine import BLINDS, PLAYERS, STACK, run_bigblind

FLOOR = 1_000_000  # hands per second of the batch engine on two cores


@numba.njit(cache=True)
def benchmark_policy(view, u):  # type: ignore[no-untyped-def]
    """engine.py's policy: one uniform number gives the choice and the amount."""
    low, high = view[layout.V_MIN_TO], view[layout.V_MAX_TO]
    if view[layout.V_TO_CALL] > 0:
        if u < 0.20:
            return layout.FOLD, 0
        if u < 0.45 and low >= 0:
            return layout.RAISE, low + int((u - 0.20) / 0.25 * (high - low + 1))
        return layout.CALL, 0
    if u < 0.25 and low >= 0:
        return layout.RAISE, low + int(u / 0.25 * (high - low + 1))
    return layout.CALL, 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1_000_000, help="batch hands per repeat")
    parser.add_argument("--seconds", type=float, default=1.0, help="object engine CPU seconds")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (median)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.seconds <= 0 or args.repeats < 1:
        parser.error("--hands, --seconds and --repeats must be positive")
    rules = Rules.no_limit(blinds=BLINDS)
    stacks = [STACK] * PLAYERS
    play(rules, stacks, hands=1000, policy=benchmark_policy, record=False)  # compile
    rng = random.Random(0)
    run_bigblind(20, 0.1, rng)
    batch: list[float] = []
    single: list[float] = []
    for repeat in range(args.repeats):
        start = time.perf_counter()
        play(rules, stacks, hands=args.hands, seed=repeat, policy=benchmark_policy, record=False)
        batch.append(args.hands / (time.perf_counter() - start))
        played, elapsed = run_bigblind(10**9, args.seconds, rng)
        single.append(played / elapsed)
    threads = numba.get_num_threads()
    median_batch, median_single = statistics.median(batch), statistics.median(single)

    def spread(values: list[float]) -> float:
        return (max(values) - min(values)) / statistics.median(values)

    result = {
        "batch_hands_per_s": round(median_batch),
        "batch_threads": threads,
        "batch_per_core_hands_per_s": round(median_batch / threads),
        "object_hands_per_s": round(median_single),
        "batch_per_core_over_object": round(median_batch / threads / median_single, 1),
        "batch_spread": round(spread(batch), 3),
        "object_spread": round(spread(single), 3),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    game = f"{PLAYERS} players, no limit {BLINDS[0]}/{BLINDS[1]}, {STACK} chips"
    print(f"{game}, {args.repeats} repeats")
    print(
        f"  batch engine   {median_batch:>12,.0f} hands/s on {threads} threads"
        f" ({median_batch / threads:,.0f} per core)   spread {spread(batch):.1%}"
    )
    print(
        f"  object engine  {median_single:>12,.0f} hands/s (one core)   spread {spread(single):.1%}"
    )
    print(f"  batch per core / object engine: {median_batch / threads / median_single:.1f}x")
    verdict = "meets" if median_batch >= FLOOR else "is below"
    print(f"  the batch engine {verdict} the floor of {FLOOR:,} hands/s on two cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
