"""Wall time of one duplicate match in one process and as Ray tasks, and Ray's cost per task.

Plays the same ``--hands`` hands (200,000 by default) among ``--bots``
(``station,random``) with the same seed, first in this process, then on a
local Ray instance of ``--workers`` CPUs (2), and prints both wall times and
the speed-up (Ray's start-up is timed apart). Both runs must give the same
result, which is checked. Then the round trip of a task that does nothing, one
at a time, and the time per task when many are in flight. ``--repeats`` runs
the match that many times each way and reports the spread; the load average of
the machine before and after says how busy it was.

    python benchmarks/distributed.py
    python benchmarks/distributed.py --hands 20000 --repeats 3 --json
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import time
from typing import Any

from bigblind.bots.distributed import INSTALL, ray_available, ray_runner
from bigblind.bots.matches import SimulationResult, simulate


def _match(args: argparse.Namespace, runner: Any = None) -> tuple[float, SimulationResult]:
    start = time.perf_counter()
    result = simulate(args.bots.split(","), args.hands, seed=args.seed, runner=runner)
    return time.perf_counter() - start, result


def _nothing() -> None:
    """The task whose round trip is Ray's own cost."""


def _overhead(ray: Any, tasks: int) -> dict[str, float]:
    remote = ray.remote(_nothing)
    ray.get([remote.remote() for _ in range(10)])  # warm the workers
    trips = []
    for _ in range(tasks):
        start = time.perf_counter()
        ray.get(remote.remote())
        trips.append(time.perf_counter() - start)
    start = time.perf_counter()
    ray.get([remote.remote() for _ in range(tasks)])
    batch = time.perf_counter() - start
    return {
        "round_trip_ms": 1000 * statistics.median(trips),
        "round_trip_p90_ms": 1000 * statistics.quantiles(trips, n=10)[-1],
        "in_flight_ms_per_task": 1000 * batch / tasks,
    }


def _spread(times: list[float]) -> dict[str, float]:
    return {"min": min(times), "median": statistics.median(times), "max": max(times)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands a match (200000)")
    parser.add_argument("--bots", default="station,random", help="bots (station,random)")
    parser.add_argument("--workers", type=int, default=2, help="Ray's CPUs (2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the match (1)")
    parser.add_argument("--repeats", type=int, default=1, help="matches each way (1)")
    parser.add_argument("--tasks", type=int, default=500, help="empty tasks timed (500)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not ray_available():
        print(f"distributed.py needs Ray: {INSTALL}", file=sys.stderr)
        return 2
    import ray

    load_before = os.getloadavg()[0]
    local_times = []
    for _ in range(args.repeats):
        seconds, local = _match(args)
        local_times.append(seconds)
    start = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=args.workers,
        include_dashboard=False,
        logging_level=logging.ERROR,
        log_to_driver=False,
    )
    ray_start = time.perf_counter() - start
    ray_times = []
    try:
        with ray_runner(workers=args.workers) as runner:
            for _ in range(args.repeats):
                seconds, there = _match(args, runner)
                ray_times.append(seconds)
                if there.as_dict() != local.as_dict() or there.cumulative != local.cumulative:
                    print("the Ray run gave another result than the local one", file=sys.stderr)
                    return 1
        overhead = _overhead(ray, args.tasks)
    finally:
        ray.shutdown()
    load_after = os.getloadavg()[0]
    report: dict[str, Any] = {
        "hands": local.hands,
        "bots": args.bots,
        "workers": args.workers,
        "cores": os.cpu_count(),
        "local_s": _spread(local_times),
        "ray_s": _spread(ray_times),
        "ray_start_s": ray_start,
        "speedup": statistics.median(local_times) / statistics.median(ray_times),
        "speedup_with_start": statistics.median(local_times)
        / (statistics.median(ray_times) + ray_start),
        "task": overhead,
        "load_average": [load_before, load_after],
    }
    if args.json:
        print(json.dumps(report))
        return 0
    local_s, ray_s = report["local_s"], report["ray_s"]
    print(
        f"{local.hands:,} hands of {args.bots}, {args.repeats} time(s) each way,"
        f" {os.cpu_count()} cores, load average {load_before:.2f} before, {load_after:.2f} after"
    )
    print(
        f"one process     {local_s['median']:8.1f} s"
        f"  (min {local_s['min']:.1f}, max {local_s['max']:.1f})"
    )
    print(
        f"Ray, {args.workers} workers  {ray_s['median']:8.1f} s"
        f"  (min {ray_s['min']:.1f}, max {ray_s['max']:.1f}); Ray start-up {ray_start:.1f} s"
    )
    print(
        f"speed-up        {report['speedup']:8.2f}x"
        f"  ({report['speedup_with_start']:.2f}x counting Ray's start-up); same result: yes"
    )
    print(
        f"empty task      {overhead['round_trip_ms']:8.2f} ms a round trip"
        f" (p90 {overhead['round_trip_p90_ms']:.2f} ms),"
        f" {overhead['in_flight_ms_per_task']:.2f} ms each with {args.tasks} in flight"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
