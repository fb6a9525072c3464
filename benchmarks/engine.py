"""Hands per second of the engine, next to PokerKit playing the same random policy.

Six players, no limit, blinds 1/2, 200 chips each at the start of every hand,
cards dealt and hands shown down automatically. The policy: facing a bet, fold
20%, raise 25% (an amount drawn uniformly from the minimum to the maximum),
else call; facing no bet, bet 25% (drawn the same way), else check.

Each engine plays up to ``--hands`` hands or for ``--seconds`` seconds,
whichever comes first, ``--repeats`` times; the median rate is reported.

    python benchmarks/engine.py
    python benchmarks/engine.py --hands 20000 --seconds 2 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

from bigblind import Deck, Hand, Rules

PLAYERS = 6
STACK = 200
BLINDS = (1, 2)
FLOOR = 10_000  # hands per second the engine must reach

# One repeat: (hands, seconds) -> hands played, seconds taken.
Runner = Callable[[int, float, random.Random], tuple[int, float]]


def _choose(rng: random.Random, facing: bool, lo: int | None, hi: int | None) -> tuple[str, int]:
    """The policy: ('fold' | 'call' | 'check' | 'raise', raise-to amount)."""
    roll = rng.random()
    if facing:
        if roll < 0.20:
            return "fold", 0
        if roll < 0.45 and lo is not None and hi is not None:
            return "raise", rng.randint(lo, hi)
        return "call", 0
    if roll < 0.25 and lo is not None and hi is not None:
        return "raise", rng.randint(lo, hi)
    return "check", 0


def run_bigblind(hands: int, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Play up to ``hands`` hands with bigblind, stopping after ``seconds``."""
    rules = Rules.no_limit(blinds=BLINDS)
    stacks = [STACK] * PLAYERS
    played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while played < hands:
        # Each engine deals from its own default deck: bigblind's is securely shuffled.
        hand = Hand(rules, stacks, button=played % PLAYERS, deck=Deck())
        while (legal := hand.legal) is not None:  # None once the hand is settled
            kind, amount = _choose(
                rng, legal.call is not None, legal.min_raise_to, legal.max_raise_to
            )
            if kind == "fold":
                hand.fold()
            elif kind == "call":
                hand.call()
            elif kind == "check":
                hand.check()
            else:
                hand.raise_to(amount)
        played += 1
        if played % 64 == 0 and time.perf_counter() >= deadline:
            break
    return played, time.perf_counter() - start


def run_pokerkit(hands: int, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Play up to ``hands`` hands with PokerKit, stopping after ``seconds``."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    # PokerKit shuffles with the module-level generator: seed it for repeatable runs.
    random.seed(rng.getrandbits(64))
    played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while played < hands:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, BLINDS, BLINDS[1], STACK, PLAYERS
        )
        while state.status:
            to_call = state.checking_or_calling_amount
            assert to_call is not None
            kind, amount = _choose(
                rng,
                to_call > 0,
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
            if kind == "fold":
                state.fold()
            elif kind == "raise":
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
        played += 1
        if time.perf_counter() >= deadline:
            break
    return played, time.perf_counter() - start


def median_rate(
    runner: Runner, hands: int, seconds: float, repeats: int, rng: random.Random
) -> tuple[float, list[float]]:
    """The median hands per second over ``repeats`` runs, and every run's rate."""
    runner(20, seconds, rng)  # warm up: lookup tables, imports, caches
    rates = []
    for _ in range(repeats):
        played, elapsed = runner(hands, seconds, rng)
        rates.append(played / elapsed)
    return statistics.median(rates), rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000, help="most hands per repeat")
    parser.add_argument("--seconds", type=float, default=1.0, help="most seconds per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per engine (median)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random policy")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-pokerkit", action="store_true", help="measure bigblind only")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.seconds <= 0 or args.repeats < 1:
        parser.error("--hands, --seconds and --repeats must be positive")

    rng = random.Random(args.seed)
    ours, our_rates = median_rate(run_bigblind, args.hands, args.seconds, args.repeats, rng)
    theirs: float | None = None
    their_rates: list[float] = []
    if not args.no_pokerkit:
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            print("pokerkit is not installed: pip install -e '.[dev]'", file=sys.stderr)
        else:
            theirs, their_rates = median_rate(
                run_pokerkit, args.hands, args.seconds, args.repeats, rng
            )
    ratio = ours / theirs if theirs else None

    if args.json:
        print(
            json.dumps(
                {
                    "bigblind_hands_per_s": round(ours, 1),
                    "pokerkit_hands_per_s": None if theirs is None else round(theirs, 1),
                    "ratio": None if ratio is None else round(ratio, 2),
                }
            )
        )
        return 0

    print(f"{PLAYERS} players, no limit {BLINDS[0]}/{BLINDS[1]}, stacks {STACK}, random policy")
    runs = ", ".join(f"{r:,.0f}" for r in our_rates)
    status = "above" if ours >= FLOOR else "BELOW"
    print(f"bigblind: {ours:>10,.0f} hands/s (median of {runs})")
    print(f"          {status} the floor of {FLOOR:,} hands/s")
    if theirs is not None:
        runs = ", ".join(f"{r:,.0f}" for r in their_rates)
        print(f"pokerkit: {theirs:>10,.0f} hands/s (median of {runs})")
        print(f"ratio:    {ratio:>10.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
