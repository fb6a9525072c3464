"""Seconds and memory to solve the benchmark spots, beside postflop-solver's figures.

The spots (examples/spots/*.toml), as solver issue 26 states them: out of position
``66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s``, in position
``QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+`` (every
combo weight 1, those touching the board removed), a pot of 200, 900 behind each,
no rake, out of position first on every street; bets 33%, 75% and all-in, raises
2.5x (unlimited; any size at or over the stack is all-in):

* ``river``: Td 9d 6h Qc 2s, no donk bets, to 0.3% of the pot;
* ``turn``: Td 9d 6h Qc, the same sizes on the turn and river, to 0.5%;
* ``turn-readme``: Td 9d 6h Qc, bets 60%, geometric and all-in, raises 2.5x, a 50%
  river lead after calling the turn, all-in added when the stack is at most 1.5x the
  pot, forced when the stack-to-pot ratio after a call is at most 0.15, sizes within
  10% of the pot merged (by the rules of bigblind's tree, docs/solver.md), to 0.5%;
* ``flop``: the ``turn-readme`` tree from the flop Td 9d 6h, to 0.5% (only when
  asked: ``--spots flop``; without suit isomorphism its tree is about 720,000
  nodes dealt out).

Each repeat builds a fresh solver (the tree dealt out; its seconds are printed
apart) and runs discounted CFR until the exploitability is at most the target,
computing it every ``--check-every`` iterations (10 by default; each costs about
one iteration, and is counted in the time). The figures are medians of the
repeats; memory is the solver's arrays (tree, hands, regrets and strategy
sums: what postflop-solver's ``memory_usage`` counts) and the process's peak.
The CPU seconds of the process (all threads) are printed too: on a machine
shared with other work they move less than the wall-clock seconds.

postflop-solver's figures are those the issue gives, measured on this kind of
machine (two threads, load about 3, medians of 3, about 15% noise): ``river``
0.009 s (70 iterations), ``turn`` 4.34 s (90 iterations, 31 MiB), ``turn-readme``
1.83 s (100 iterations, 11.5 MiB), ``flop`` 94.5 s (90 iterations, 688 MiB). bigblind runs
on ``--threads`` (2 by default, as they did): the subtrees of each card of the
first street dealt are shared out, so a river spot runs on one.

    python benchmarks/solver.py
    python benchmarks/solver.py --spots river --repeats 5 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any, Final

from bigblind.solver.solve import Solver
from bigblind.solver.spot import load_spot

SPOTS: Final = Path(__file__).resolve().parents[1] / "examples" / "spots"
MIB: Final = 2**20
# name: (target exploitability in % of the pot, postflop-solver's seconds, iterations, MiB)
PEER: Final[dict[str, tuple[float, float, int, float | None]]] = {
    "river": (0.3, 0.009, 70, None),
    "turn": (0.5, 4.34, 90, 31.0),
    "turn-readme": (0.5, 1.83, 100, 11.5),
    "flop": (0.5, 94.5, 90, 688.0),
}
DEFAULT_SPOTS: Final = ("river", "turn", "turn-readme")


def measure(name: str, repeats: int, check_every: int, threads: int) -> dict[str, Any]:
    """The medians of ``repeats`` solves of spot ``name``."""
    path = SPOTS / f"{name}.toml"
    spot = load_spot(path)
    target = PEER[name][0]
    builds, seconds, cpu, iterations, memory, peaks, reached = [], [], [], [], [], [], []
    for _ in range(repeats):
        started = time.perf_counter()
        solver = Solver.from_spot(spot, text=path.read_text(encoding="utf-8"), threads=threads)
        builds.append(time.perf_counter() - started)
        cpu_started = time.process_time()
        report = solver.solve(exploitability=target, max_iterations=5000, check_every=check_every)
        cpu.append(time.process_time() - cpu_started)
        seconds.append(report.seconds)
        iterations.append(report.iterations)
        memory.append(report.memory / MIB)
        peaks.append(report.peak / MIB)
        reached.append(report.exploitability)
    return {
        "spot": name,
        "target": target,
        "build_seconds": statistics.median(builds),
        "seconds": statistics.median(seconds),
        "cpu_seconds": statistics.median(cpu),
        "spread": (max(seconds) - min(seconds)) / statistics.median(seconds),
        "iterations": statistics.median(iterations),
        "exploitability": statistics.median(reached),
        "memory_mib": statistics.median(memory),
        "peak_mib": max(peaks),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--spots", nargs="+", choices=sorted(PEER), default=list(DEFAULT_SPOTS))
    parser.add_argument("--repeats", type=int, default=3, help="repeats (median), default 3")
    parser.add_argument("--check-every", type=int, default=10, help="iterations between checks")
    parser.add_argument("--threads", type=int, default=2, help="threads (default 2, as the peer)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.check_every < 1 or args.threads < 1:
        parser.error("--repeats, --check-every and --threads must be positive")
    # Compile (or load) the kernels before anything is timed.
    # The river spot compiles the walk, the turn's its split over threads.
    for spot_name in ("river", "turn"):
        warm = Solver.from_spot(load_spot(SPOTS / f"{spot_name}.toml"), threads=args.threads)
        warm.solve(exploitability=99.0, max_iterations=1)
    del warm
    rows = []
    for name in sorted(args.spots, key=list(PEER).index):
        row = measure(name, args.repeats, args.check_every, args.threads)
        _, peer_seconds, peer_iterations, peer_mib = PEER[name]
        row["peer_seconds"] = peer_seconds
        row["peer_iterations"] = peer_iterations
        row["peer_mib"] = peer_mib
        row["time_ratio"] = row["seconds"] / peer_seconds
        row["memory_ratio"] = row["memory_mib"] / peer_mib if peer_mib else None
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(
        f"solve to the target exploitability on {args.threads} threads, medians of"
        f" {args.repeats}, exploitability every {args.check_every} iterations;"
        " postflop-solver as the issue measured it (2 threads)"
    )
    header = f"{'spot':<11} {'target':>7} {'seconds':>9} {'iters':>6} {'MiB':>7}"
    header += f" {'peer s':>7} {'iters':>6} {'MiB':>6} {'time x':>7} {'mem x':>6}"
    print(header)
    for row in rows:
        peer_text = f"{row['peer_mib']:.1f}" if row["peer_mib"] else "-"
        mem_x = f"{row['memory_ratio']:.2f}" if row["memory_ratio"] else "-"
        print(
            f"{row['spot']:<11} {row['target']:>6.1f}% {row['seconds']:>9.3f}"
            f" {row['iterations']:>6.0f} {row['memory_mib']:>7.1f} {row['peer_seconds']:>7.3f}"
            f" {row['peer_iterations']:>6} {peer_text:>6} {row['time_ratio']:>7.2f} {mem_x:>6}"
        )
    for row in rows:
        print(
            f"{row['spot']}: tree dealt in {row['build_seconds']:.2f} s (not in the time);"
            f" {row['cpu_seconds']:.3f} s of CPU (all threads);"
            f" spread of the times {row['spread'] * 100:.0f}%; exploitability reached"
            f" {row['exploitability']:.3f}%; process peak {row['peak_mib']:.0f} MiB"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
