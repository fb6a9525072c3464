"""Check the Omaha, Omaha hi-lo and short-deck evaluators against a brute force.

For each variant, random hands are valued twice: by bigblind's batch
evaluators (which read the same tables as the scalar ones) and by a brute force
written here, compiled with numba but sharing nothing with bigblind's tables: it
ranks every five-card choice from scratch (rank counts, flush, straight) and
keeps the best, every one of the 60 (100, 150) choices of two hole cards and
three board cards for Omaha (RULES 11.1), every low candidate for the 8 or
better (RULES 11.2), all 21 choices of five of seven for short deck in its own
order (RULES 11.3). The two must order and tie every hand alike.

    python scripts/check_games.py                 # a million hands per variant
    python scripts/check_games.py --hands 100000 --seed 7
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from bigblind.evaluation.omaha_batch import evaluate_omaha_batch, evaluate_omaha_low_batch
from bigblind.evaluation.short_deck_batch import evaluate_short_deck_batch

# --- the brute force -------------------------------------------------------------------


@numba.njit(cache=True)
def _five(cards: Any, short: bool) -> int:
    """A five-card hand as an integer, larger is better: category, then tie-break ranks."""
    counts = np.zeros(13, np.int64)
    suit = cards[0] & 3
    flush = True
    for c in cards:
        counts[c >> 2] += 1
        if c & 3 != suit:
            flush = False
    mask = 0
    for r in range(13):
        if counts[r]:
            mask |= 1 << r
    top = -1
    for t in range(12, 3, -1):
        if mask == 0x1F << (t - 4):
            top = t
    if short and mask == (1 << 12 | 0xF << 4):
        top = 7  # A-6-7-8-9
    if not short and mask == 0x100F:
        top = 3  # A-2-3-4-5
    # tie-break: ranks by (count, rank) descending, four bits each
    order = 0
    for n in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == n:
                for _ in range(n):
                    order = order << 4 | r
    shape = 0  # the sorted counts as a number: 41, 32, 311, 221, 2111, 11111
    for n in range(4, 0, -1):
        for r in range(13):
            if counts[r] == n:
                shape = shape * 10 + n
    if short:  # RULES 11.3: high, pair, two pair, straight, trips, full, flush, quads, SF
        if top >= 0 and flush:
            return 8 << 20 | top
        if shape == 41:
            return 7 << 20 | order
        if flush:
            return 6 << 20 | order
        if shape == 32:
            return 5 << 20 | order
        if shape == 311:
            return 4 << 20 | order
        if top >= 0:
            return 3 << 20 | top
    else:  # RULES 6.2
        if top >= 0 and flush:
            return 8 << 20 | top
        if shape == 41:
            return 7 << 20 | order
        if shape == 32:
            return 6 << 20 | order
        if flush:
            return 5 << 20 | order
        if top >= 0:
            return 4 << 20 | top
        if shape == 311:
            return 3 << 20 | order
    if shape == 221:
        return 2 << 20 | order
    if shape == 2111:
        return 1 << 20 | order
    return order


@numba.njit(cache=True, parallel=True)
def _omaha(holes: Any, boards: Any, out_high: Any, out_low: Any) -> None:
    n = holes.shape[1]
    for i in numba.prange(holes.shape[0]):
        five = np.empty(5, np.int64)
        best = -1
        best_low = 1 << 30
        for x in range(n):
            for y in range(x + 1, n):
                for a in range(5):
                    for b in range(a + 1, 5):
                        for c in range(b + 1, 5):
                            five[0], five[1] = holes[i, x], holes[i, y]
                            five[2], five[3], five[4] = boards[i, a], boards[i, b], boards[i, c]
                            best = max(best, _five(five, False))
                            # the low: five different ranks, ace 1, none above 8
                            seen = 0
                            low = 0
                            ok = True
                            for c5 in five:
                                r = c5 >> 2
                                v = 1 if r == 12 else r + 2
                                if v > 8 or seen >> v & 1:
                                    ok = False
                                seen |= 1 << v
                            if ok:
                                for v in range(8, 0, -1):  # highest first
                                    if seen >> v & 1:
                                        low = low << 4 | v
                                best_low = min(best_low, low)
        out_high[i] = best
        out_low[i] = best_low if best_low < 1 << 30 else -1


@numba.njit(cache=True, parallel=True)
def _short(hands: Any, out: Any) -> None:
    for i in numba.prange(hands.shape[0]):
        five = np.empty(5, np.int64)
        best = -1
        for a in range(7):
            for b in range(a + 1, 7):
                # leave out cards a and b
                k = 0
                for j in range(7):
                    if j != a and j != b:
                        five[k] = hands[i, j]
                        k += 1
                best = max(best, _five(five, True))
        out[i] = best


# --- the comparison ---------------------------------------------------------------------


def same_order(ours: NDArray[Any], theirs: NDArray[Any]) -> int:
    """How many hands are ordered or tied differently (0 when the two agree)."""
    order = np.lexsort((ours, theirs))
    a, b = theirs[order], ours[order]
    same_theirs = a[1:] == a[:-1]
    same_ours = b[1:] == b[:-1]
    wrong = (same_theirs != same_ours) | (~same_theirs & (b[1:] < b[:-1]))
    return int(wrong.sum())


def deals(n: int, cards: int, seed: int, low: int = 0) -> NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    deck = np.arange(low, 52, dtype=np.int64)
    out = np.empty((n, cards), dtype=np.int64)
    step = 200_000
    for start in range(0, n, step):
        count = min(step, n - start)
        out[start : start + count] = rng.permuted(np.tile(deck, (count, 1)), axis=1)[:, :cards]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    failures = 0
    for size in (4, 5, 6):
        start = time.perf_counter()
        cards = deals(args.hands, size + 5, args.seed + size)
        holes, boards = cards[:, :size], np.ascontiguousarray(cards[:, size:])
        holes = np.ascontiguousarray(holes)
        high = np.empty(len(cards), np.int64)
        low = np.empty(len(cards), np.int64)
        _omaha(holes, boards, high, low)
        wrong = same_order(evaluate_omaha_batch(holes, boards).astype(np.int64), high)
        ours_low = evaluate_omaha_low_batch(holes, boards).astype(np.int64)
        none_wrong = int(((ours_low == 0) != (low < 0)).sum())
        made = low >= 0
        # a smaller brute-force low is better; ours is larger when better
        low_wrong = same_order(ours_low[made], -low[made]) + none_wrong
        took = time.perf_counter() - start
        print(
            f"Omaha, {size} hole cards: {len(cards):,} hands, {wrong} high and {low_wrong} low"
            f" disagreements ({int(made.sum()):,} lows) in {took:.1f} s"
        )
        failures += wrong + low_wrong
    start = time.perf_counter()
    hands = deals(args.hands, 7, args.seed, low=16)
    brute = np.empty(len(hands), np.int64)
    _short(hands, brute)
    wrong = same_order(evaluate_short_deck_batch(hands).astype(np.int64), brute)
    took = time.perf_counter() - start
    print(f"Short deck, seven cards: {len(hands):,} hands, {wrong} disagreements in {took:.1f} s")
    failures += wrong
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
