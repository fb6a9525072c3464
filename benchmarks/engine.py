"""Hands per second of the engine, next to PokerKit playing the same random policy.

Six players, no limit, blinds 1/2, 200 chips each at the start of every hand,
cards dealt and hands shown down automatically. The policy: facing a bet, fold
20%, raise 25% (an amount drawn uniformly from the minimum to the maximum),
else call; facing no bet, bet 25% (drawn the same way), else check.

Each engine plays up to ``--hands`` hands or for ``--seconds`` seconds,
whichever comes first, ``--repeats`` times, taking turns so that background
load hits them alike; the median rate is reported. Rates count the process's
CPU time, so other programs on a shared machine move them less.

bigblind is measured in three forms: the one installed (``bigblind``), and
in a subprocess each, pure Python and compiled (see ``forms.py``).

    python benchmarks/engine.py
    python benchmarks/engine.py --hands 20000 --seconds 2 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import bigblind
import forms
from bigblind import Deck, Hand, Rules

PLAYERS = 6
STACK = 200
BLINDS = (1, 2)
FLOOR = 10_000  # hands per second the pure-Python engine must reach
COMPILED_FLOOR = 30_000  # hands per second the compiled engine must reach

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
    start = time.process_time()
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
        if played % 64 == 0 and time.process_time() >= deadline:
            break
    return played, time.process_time() - start


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
    start = time.process_time()
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
        if time.process_time() >= deadline:
            break
    return played, time.process_time() - start


def run_openspiel(hands: int, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Play up to ``hands`` hands with OpenSpiel's universal_poker, stopping after ``seconds``.

    The full game (every raise size an action): fold is action 0, check or call 1,
    and a raise is its raise-to amount. Chance nodes (the deal) draw from ``rng``.
    """
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": PLAYERS,
            "numRounds": 4,
            "blind": " ".join(str(b) for b in [*BLINDS, *[0] * (PLAYERS - 2)]),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * PLAYERS),
            "bettingAbstraction": "fullgame",
        },
    )
    played = 0
    start = time.process_time()
    deadline = start + seconds
    while played < hands:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            raises = [a for a in legal if a >= 2]
            lo, hi = (raises[0], raises[-1]) if raises else (None, None)
            kind, amount = _choose(rng, 0 in legal, lo, hi)  # fold is legal facing a bet only
            if kind == "fold":
                state.apply_action(0)
            elif kind == "raise":
                state.apply_action(min(raises, key=lambda a: abs(a - amount)))
            else:
                state.apply_action(1)
        played += 1
        if time.process_time() >= deadline:
            break
    return played, time.process_time() - start


def serve(seed: int) -> int:
    """The worker's side: one repeat for each request ``[hands, seconds]``."""
    rng = random.Random(seed)
    run_bigblind(20, 1.0, rng)  # warm up: lookup tables, imports, caches
    return forms.serve(lambda request: run_bigblind(request[0], request[1], rng))


def _in_worker(worker: forms.Worker) -> Runner:
    def run(hands: int, seconds: float, rng: random.Random) -> tuple[int, float]:
        played, elapsed = worker.request([hands, seconds])
        return int(played), float(elapsed)

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000, help="most hands per repeat")
    parser.add_argument("--seconds", type=float, default=1.0, help="most CPU seconds per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per engine (median)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random policy")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-pokerkit", action="store_true", help="measure bigblind only")
    parser.add_argument("--compiled-python", help="an interpreter with compiled bigblind")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.seconds <= 0 or args.repeats < 1:
        parser.error("--hands, --seconds and --repeats must be positive")
    if args.worker:
        return serve(args.seed)

    rng = random.Random(args.seed)
    seed = ["--seed", str(args.seed + 1)]
    pure, compiled, notes = forms.start(__file__, seed, args.compiled_python)
    runners: dict[str, Runner] = {"bigblind": run_bigblind}
    if pure is not None:
        runners["pure"] = _in_worker(pure)
    if compiled is not None:
        runners["compiled"] = _in_worker(compiled)
    peers: list[tuple[str, str, Runner]] = [
        ("pokerkit", "pokerkit", run_pokerkit),
        ("openspiel", "pyspiel", run_openspiel),
    ]
    for name, module, runner in peers:
        if name == "pokerkit" and args.no_pokerkit:
            continue
        try:
            __import__(module)
        except ImportError:
            notes.append(f"{name} is not installed: not measured")
        else:
            runners[name] = runner
    rates: dict[str, list[float]] = {name: [] for name in runners}
    run_bigblind(20, args.seconds, rng)  # warm up: lookup tables, imports, caches
    for _ in range(args.repeats):  # take turns, so background load hits all alike
        for name, runner in runners.items():
            played, elapsed = runner(args.hands, args.seconds, rng)
            rates[name].append(played / elapsed)
    for worker in (pure, compiled):
        if worker is not None:
            worker.close()
    median = {name: statistics.median(r) for name, r in rates.items()}

    if args.json:
        out: dict[str, object] = {
            f"{name}_hands_per_s": round(median[name], 1) if name in median else None
            for name in ("bigblind", "pure", "compiled", "pokerkit", "openspiel")
        }
        out["compiled_installed"] = bigblind.__compiled__
        theirs = median.get("pokerkit")
        out["ratio"] = round(median["bigblind"] / theirs, 2) if theirs else None
        out["spread"] = {name: round(_spread(r), 3) for name, r in rates.items()}
        print(json.dumps(out))
        return 0

    form = "compiled" if bigblind.__compiled__ else "pure Python"
    print(f"{PLAYERS} players, no limit {BLINDS[0]}/{BLINDS[1]}, stacks {STACK}, random policy")
    print(f"hands per CPU second, median of {args.repeats} (spread = (max - min) / median)")
    labels = {
        "bigblind": f"bigblind ({form}, installed)",
        "pure": "bigblind pure Python",
        "compiled": "bigblind compiled",
        "pokerkit": "pokerkit",
        "openspiel": "open_spiel",
    }
    for name, label in labels.items():
        if name in median:
            print(f"  {label:<34}{median[name]:>10,.0f}  (spread {_spread(rates[name]):4.0%})")
    for name, floor in (("pure", FLOOR), ("compiled", COMPILED_FLOOR)):
        if name in median:
            status = "above" if median[name] >= floor else "BELOW"
            print(f"  {labels[name]} is {status} its floor of {floor:,} hands/s")
    for peer in ("pokerkit", "openspiel"):
        if peer in median:
            ratios = ", ".join(
                f"{name} {median[name] / median[peer]:.1f}x"
                for name in ("bigblind", "pure", "compiled")
                if name in median
            )
            print(f"  vs {peer}: {ratios}")
    for note in notes:
        print(f"  ({note})")
    return 0


def _spread(rates: list[float]) -> float:
    return (max(rates) - min(rates)) / statistics.median(rates)


if __name__ == "__main__":
    raise SystemExit(main())
