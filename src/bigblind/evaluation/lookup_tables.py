"""The evaluator's lookup tables: card keys, and hand values by rank counts or flush ranks.

Built once, on first use, in about a tenth of a second; the tables start empty and
are filled in place, so :mod:`bigblind.evaluation.scalar` reads them without testing
whether they are built (see there). :mod:`bigblind.evaluation.batch` copies them
into arrays for its compiled cores.

>>> build()
>>> len(PATTERNS), len(FLUSH_VALUE), len(SEVEN_KEYS)  # value 0 is no hand
(7463, 8192, 104)
>>> max(FIRST_SEVEN_KEYS) * 7 < 2**62 and max(FIRST_CHECKED_KEYS) * 7 < 2**62
True
"""

from __future__ import annotations

import sys
import threading
from array import array
from typing import Final

from bigblind.evaluation.hand_classes import (
    CLASS_COUNTS,
    HAND_CLASSES,
    LOWEST,
    Category,
    class_patterns,
    straight_ranks,
    straight_top,
)

__all__ = ["build"]

# --- key layout ---------------------------------------------------------------------------
# A hand's key is the sum of its cards' keys, in bit fields that never carry into each
# other, lowest bits first:
#   0..15     a 4-bit counter per suit that starts at 3 (the first card's key carries the
#             3s), so 5 or more cards of one suit set its top bit, one of 0x8888
#   16..32    the low ranks (deuce to eight) in base 5: sum of 5**rank, a digit per rank
#   33..      the high ranks (nine to ace) in base 5: sum of 5**(rank - 7)
# A hand without a flush finds its value at BASES[n][high] + LOW_INDEX[low]: each
# multiset of high ranks owns a run of VALUES, one entry per multiset of low ranks
# that completes it to n cards. That is a perfect hash of the rank counts into a dense
# list: a few list lookups, faster than one dict lookup in a table this big.
# Every key and sum stays below 2**62, a machine word: the compiled form of scalar.py
# (mypyc) then adds them as C integers, where wider keys would cost objects.
# The checked evaluate() sees repeated cards apart from the keys: the sum of n distinct
# cards' bits (CARD_BITS) has n bits set; a repeat carries and leaves fewer. (A count of
# bits is one call in Python, where comparing the sum with the union of the bits costs a
# dozen more steps.)
FAST_LOW_AT: Final = 16
FAST_HIGH_AT: Final = 33
LOW_MASK: Final = (1 << 17) - 1
_LOW_RANKS: Final = 7
SUIT_BIAS: Final = 0x3333
# Seven cards, the common case, have keys of their own whose rank field (from bit 16) is
# a sum of these per-rank numbers: distinct for every multiset of seven ranks (each at
# most four times) and below 7,825,760, so the field indexes one flat table of values
# directly (15.6 MB), a lookup fewer than the perfect hash.
_SEVEN_RANK_KEYS: Final = (
    0,
    1,
    5,
    22,
    98,
    453,
    2031,
    8698,
    22854,
    83661,
    262349,
    636345,
    1479181,
)
# The checked tables are padded so that no number outside 0..51 reads a card: the key
# tables (104 entries) read 0 for 52..103, CARD_BITS (156 entries) reads no bit for
# 52..155. A negative number -m reads entry 104 - m or 156 - m: at most one of the two
# is a card, so a bit is missing from the count, or the lookup fails. No test of the
# range on the fast path.
CARD_BITS: Final = [1 << c for c in range(52)] + [0] * 104

# The tables. They start empty and are filled in place on first use, so the evaluating
# functions of scalar.py never test whether they are built: the first call fails a
# lookup, takes the slow path, builds, and every later call finds them full.
FIRST_FAST_KEYS: Final[list[int]] = []  # card -> key, suit bias included
FAST_KEYS: Final[list[int]] = []  # card -> key
FIRST_CHECKED_KEYS: Final[list[int]] = []  # the same, 104 entries (see the padding above)
CHECKED_KEYS: Final[list[int]] = []
FIRST_SEVEN_KEYS: Final[list[int]] = []  # card -> seven-card key, bias included; 104
SEVEN_KEYS: Final[list[int]] = []
# The rank field of a seven-card key (no flush) -> value, as two little-endian bytes per
# value: a bytes object, whose items both forms read fastest. Held in a list, filled once.
SEVEN: Final[list[bytes]] = []
LOW_INDEX: Final[list[int]] = []  # low ranks in base 5 -> index among those of its size
BASE5: Final[list[int]] = []  # high ranks in base 5 -> start of its run in VALUES
BASE6: Final[list[int]] = []
BASE7: Final[list[int]] = []
BASES: Final = {5: BASE5, 6: BASE6, 7: BASE7}
VALUES: Final[list[int]] = []  # the values of all hands without a flush
FLUSH_VALUE: Final[list[int]] = []  # 13-bit rank mask of the flush suit -> value
PATTERNS: Final[list[tuple[int, ...]]] = []  # value -> five ranks, most significant first
_BUILD_LOCK: Final = threading.Lock()


def build() -> None:
    """Fill the tables (idempotent, thread-safe).

    >>> build()
    >>> len(VALUES)  # every multiset of 5, 6 or 7 ranks, each at most four times
    73775
    """
    with _BUILD_LOCK:
        if FIRST_FAST_KEYS:
            return
        patterns: list[tuple[int, ...]] = [()]
        value_of: dict[tuple[int, tuple[int, ...]], int] = {}
        for cat, group in enumerate(class_patterns()):
            assert len(patterns) == LOWEST[cat] and len(group) == CLASS_COUNTS[cat]
            for pattern in group:
                value_of[cat, pattern] = len(patterns)
                patterns.append(pattern)
        assert len(patterns) == HAND_CLASSES + 1

        top_of = [straight_top(mask) for mask in range(1 << 13)]
        flush_value = [0] * (1 << 13)
        for mask in range(1 << 13):
            if mask.bit_count() < 5:
                continue
            top = top_of[mask]
            if top >= 0:
                value = value_of[Category.STRAIGHT_FLUSH, straight_ranks(top)]
            else:
                high = tuple(r for r in range(12, -1, -1) if mask >> r & 1)[:5]
                value = value_of[Category.FLUSH, high]
            flush_value[mask] = value

        hands = _rank_multisets(value_of, top_of)
        low_index, bases, values = _perfect_hash(hands)

        fast = []
        for c in range(52):
            rank, suit = c >> 2, c & 3
            ranks = 5**rank if rank < _LOW_RANKS else 5 ** (rank - _LOW_RANKS) << 17
            fast.append(ranks << FAST_LOW_AT | 1 << (4 * suit))
        seven = _seven_table(hands)
        if sys.byteorder == "big":
            seven.byteswap()
        seven_keys = [
            _SEVEN_RANK_KEYS[c >> 2] << FAST_LOW_AT | 1 << (4 * (c & 3)) for c in range(52)
        ]
        bad = [0] * 52
        # Publish the card keys last: a call that finds them finds every table full.
        PATTERNS.extend(patterns)
        FLUSH_VALUE.extend(flush_value)
        LOW_INDEX.extend(low_index)
        for n, base in bases.items():
            BASES[n].extend(base)
        VALUES.extend(values)
        SEVEN.append(seven.tobytes())
        SEVEN_KEYS.extend(seven_keys + bad)
        FIRST_SEVEN_KEYS.extend([k + SUIT_BIAS for k in seven_keys] + bad)
        CHECKED_KEYS.extend(fast + bad)
        FIRST_CHECKED_KEYS.extend([k + SUIT_BIAS for k in fast] + bad)
        FAST_KEYS.extend(fast)
        FIRST_FAST_KEYS.extend(k + SUIT_BIAS for k in fast)


def _seven_table(hands: list[_RankHand]) -> array[int]:
    """The flat table of seven-card values by rank field (see ``_SEVEN_RANK_KEYS``)."""
    size = 4 * _SEVEN_RANK_KEYS[12] + 3 * _SEVEN_RANK_KEYS[11] + 1
    table = array("H", bytes(2 * size))
    for n, high, low, _, value in hands:
        if n != 7:
            continue
        key = 0
        for rank in range(13):
            if rank < _LOW_RANKS:
                low, count = divmod(low, 5)
            else:
                high, count = divmod(high, 5)
            key += count * _SEVEN_RANK_KEYS[rank]
        table[key] = value
    return table


# (number of cards, high ranks in base 5, low ranks in base 5, number of low cards, value)
_RankHand = tuple[int, int, int, int, int]


def _rank_multisets(
    value_of: dict[tuple[int, tuple[int, ...]], int], top_of: list[int]
) -> list[_RankHand]:
    """Value every multiset of 5, 6 or 7 ranks (each at most 4 times) as a non-flush hand.

    The category comes straight from the rank counts and the straight table. The
    multisets are grown from the ace down, so each group list stays in descending order.
    """
    out: list[_RankHand] = []
    powers = [5**r if r < _LOW_RANKS else 5 ** (r - _LOW_RANKS) for r in range(13)]
    # groups[n - 1]: the ranks held n times so far, descending
    groups: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])

    def grow(below: int, size: int, high: int, low: int, low_size: int, mask: int) -> None:
        if size >= 5:
            out.append((size, high, low, low_size, value_of[_classify(groups, mask, top_of)]))
            if size == 7:
                return
        room = min(4, 7 - size)
        for rank in range(below - 1, -1, -1):
            power = powers[rank]
            bit = mask | 1 << rank
            for count in range(1, room + 1):
                group = groups[count - 1]
                group.append(rank)
                if rank < _LOW_RANKS:
                    grow(rank, size + count, high, low + count * power, low_size + count, bit)
                else:
                    grow(rank, size + count, high + count * power, low, low_size, bit)
                group.pop()

    grow(13, 0, 0, 0, 0, 0)
    return out


def _perfect_hash(hands: list[_RankHand]) -> tuple[list[int], dict[int, list[int]], list[int]]:
    """Lay the rank-multiset values out densely (see the key layout above)."""
    low_index = [0] * 5**_LOW_RANKS
    seen: set[int] = set()
    per_size = [0] * 8  # how many low multisets of each size
    for _, _, low, low_size, _ in hands:
        if low not in seen:
            seen.add(low)
            low_index[low] = per_size[low_size]
            per_size[low_size] += 1
    high_count = 5 ** (13 - _LOW_RANKS)
    bases = {n: [0] * high_count for n in (5, 6, 7)}
    starts: set[tuple[int, int]] = set()
    values = [0] * len(hands)
    end = 0
    for size, high, low, low_size, value in hands:
        base = bases[size]
        if (size, high) not in starts:
            starts.add((size, high))
            base[high] = end
            end += per_size[low_size]
        values[base[high] + low_index[low]] = value
    assert end == len(hands)
    return low_index, bases, values


def _classify(
    groups: tuple[list[int], list[int], list[int], list[int]],
    mask: int,
    top_of: list[int],
) -> tuple[int, tuple[int, ...]]:
    """The category and five ranks of the best non-flush hand with these rank groups.

    ``groups`` holds the ranks seen once, twice, three and four times, each descending;
    ``mask`` has a bit for every rank present.
    """
    singles, pairs, trips, quads = groups
    if quads:
        q = quads[0]
        kicker = (mask & ~(1 << q)).bit_length() - 1
        return Category.FOUR_OF_A_KIND, (q, q, q, q, kicker)
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1:] + pairs)
        return Category.FULL_HOUSE, (t, t, t, p, p)
    top = top_of[mask]
    if top >= 0:
        return Category.STRAIGHT, straight_ranks(top)
    if trips:
        t = trips[0]
        return Category.THREE_OF_A_KIND, (t, t, t, singles[0], singles[1])
    if len(pairs) > 1:
        high, low = pairs[0], pairs[1]
        kicker = (mask & ~(1 << high | 1 << low)).bit_length() - 1
        return Category.TWO_PAIR, (high, high, low, low, kicker)
    if pairs:
        p = pairs[0]
        return Category.ONE_PAIR, (p, p, singles[0], singles[1], singles[2])
    return Category.HIGH_CARD, tuple(singles[:5])
