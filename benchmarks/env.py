"""Environment steps per second: bigblind's AEC environment next to PettingZoo's own.

PettingZoo's ``texas_holdem_no_limit_v6`` runs on RLCard's engine (it needs
``rlcard`` and ``pygame``, both in the dev extra). Both environments are
built with their wrappers, 6 players, one hand per episode; the same agents
play: each picks uniformly among the actions its mask allows. A step is one
``env.step`` call (the closing steps of finished agents included), each
preceded by ``env.last()`` as in PettingZoo's documented loop.

Each environment runs for ``--seconds`` seconds, ``--repeats`` times, the
two taking turns; the median rates are reported, and the ratio is the median
of the repeats' ratios. bigblind runs in the form installed (pure Python or
compiled), which the output names.

    python benchmarks/env.py
    python benchmarks/env.py --seconds 2 --repeats 7 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

PLAYERS = 6
RATIO_FLOOR = 3.0  # bigblind must make at least this many times PettingZoo's steps per second


def make_bigblind() -> Any:
    from bigblind.env import env

    return env(players=PLAYERS)


def make_pettingzoo() -> Any:
    from pettingzoo.classic import texas_holdem_no_limit_v6

    return texas_holdem_no_limit_v6.env(num_players=PLAYERS)


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int) -> float:
    """Steps per second of random legal play for ``seconds``, episode after episode."""
    game = make()
    rng = np.random.default_rng(seed)
    steps = 0
    episode = seed
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game.reset(seed=episode)
        episode += 1
        for _agent in game.agent_iter():
            observation, _reward, done, cut, _info = game.last()
            if done or cut:
                game.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                game.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def interleaved_rates(
    makers: list[Callable[[], Any]], seconds: float, repeats: int, seed: int
) -> list[list[float]]:
    """Each environment's rate in every repeat, the environments taking turns.

    Taking turns gives both the same share of a shared, noisy machine.
    """
    for make in makers:
        steps_per_second(make, min(seconds, 0.2), seed)  # warm up: imports, tables
    rates: list[list[float]] = [[] for _ in makers]
    for repeat in range(repeats):
        for rate, make in zip(rates, makers, strict=True):
            rate.append(steps_per_second(make, seconds, seed + repeat))
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per environment")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and agents")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds and --repeats must be positive")
    warnings.simplefilter("ignore")  # gymnasium's notes on box precision
    # pygame greets on stdout when imported, which would break the --json line.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    makers = [make_bigblind]
    try:
        import pygame  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard and pygame are needed for the comparison: pip install -e '.[dev]'",
              file=sys.stderr)  # fmt: skip
    else:
        makers.append(make_pettingzoo)
    rates = interleaved_rates(makers, args.seconds, args.repeats, args.seed)
    our_rates = rates[0]
    their_rates = rates[1] if len(rates) > 1 else []
    ours = statistics.median(our_rates)
    theirs = statistics.median(their_rates) if their_rates else None
    # The ratio of each repeat's pair, measured side by side, then their median.
    ratio = (
        statistics.median(a / b for a, b in zip(our_rates, their_rates, strict=True))
        if their_rates
        else None
    )

    import bigblind

    form = "compiled" if bigblind.__compiled__ else "pure Python"
    if args.json:
        result = {
            "bigblind_form": form,
            "bigblind_steps_per_s": round(ours, 1),
            "pettingzoo_steps_per_s": None if theirs is None else round(theirs, 1),
            "ratio": None if ratio is None else round(ratio, 2),
        }
        print(json.dumps(result))
        return 0
    print(f"{PLAYERS} players, no limit, one hand per episode, random legal actions")
    print(f"bigblind is {form} here")
    runs = ", ".join(f"{r:,.0f}" for r in our_rates)
    print(f"bigblind:   {ours:>9,.0f} steps/s (median of {runs})")
    if theirs is not None and ratio is not None:
        runs = ", ".join(f"{r:,.0f}" for r in their_rates)
        print(f"pettingzoo: {theirs:>9,.0f} steps/s (median of {runs})")
        status = "above" if ratio >= RATIO_FLOOR else "BELOW"
        print(f"ratio:      {ratio:>9.1f}x (median of the repeats' ratios),"
              f" {status} the floor of {RATIO_FLOOR:g}x")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
