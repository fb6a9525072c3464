"""Check the batch engine against the object engine over many hands.

Batches of random games (2 to 10 players; no limit, pot limit or fixed limit;
blinds, antes of every player or of the big blind; short stacks on purpose)
are played by the batch engine with the random policy, and every hand is
replayed by ``Hand`` from its deck, button and actions: each action must be
legal there and the stacks must end the same. A line of progress follows
each batch; Ctrl-C stops with the count so far.

    python scripts/check_batch.py                   # a million hands
    python scripts/check_batch.py --hands 100000 --seed 7
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from bigblind import Rules
from bigblind.engine.rules import AnteType
from bigblind.errors import BigblindError
from bigblind.fast import play, replay

BATCH = 2_000


def random_rules(rng: random.Random) -> Rules:
    small = rng.choice([1, 2, 5])
    big = small * rng.choice([2, 3])
    make = rng.choice([Rules.no_limit, Rules.pot_limit, Rules.fixed_limit])
    ante = rng.choice(["none", "each", "big blind"])
    if ante == "each":
        return make(blinds=(small, big), ante=rng.choice([1, 2]), ante_type=AnteType.PER_PLAYER)
    if ante == "big blind":
        return make(blinds=(small, big), ante=big, ante_type=AnteType.BIG_BLIND)
    return make(blinds=(small, big))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands to check")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and deals")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be 1 or more")
    rng = random.Random(args.seed)
    checked = wrong = 0
    start = time.monotonic()
    try:
        while checked < args.hands:
            rules = random_rules(rng)
            players = rng.randint(2, 10)
            count = min(BATCH, args.hands - checked)
            big = rules.big_blind
            stacks = np.array(
                [
                    [
                        rng.choice([1, 2, big, 3 * big, rng.randint(1, 2_000)])
                        for _ in range(players)
                    ]
                    for _ in range(count)
                ]
            )
            batch = play(rules, stacks, seed=rng.getrandbits(32))
            for index in range(count):
                try:
                    hand = replay(batch, index)
                    same = hand.result is not None and list(hand.result.stacks) == (
                        batch.stacks[index].tolist()
                    )
                except BigblindError as error:
                    same = False
                    print(f"hand {checked + index}: {error}", file=sys.stderr)
                if not same:
                    wrong += 1
                    print(
                        f"hand {checked + index} differs: {rules}, stacks {stacks[index].tolist()}",
                        file=sys.stderr,
                    )
            checked += count
            rate = checked / (time.monotonic() - start)
            print(f"{checked:,} hands checked, {wrong} differ ({rate:,.0f} hands/s)", flush=True)
    except KeyboardInterrupt:
        print(f"stopped: {checked:,} hands checked, {wrong} differ")
        return 1
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
