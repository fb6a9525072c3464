"""Hand values by table lookup (RULES 6.1-6.3).

:func:`evaluate` gives 5, 6 or 7 cards a single ``int``: higher wins, equal
values split. The 7,462 distinct five-card hands are numbered 1 (7-5-4-3-2
offsuit) to 7,462 (royal flush) without gaps, and six or seven cards get the
value of their best five, so values from hands of any size compare directly.

Nothing searches the 21 five-card subsets of a seven-card hand. Each card has
a precomputed key; the sum of a hand's keys holds, in separate bit fields, a
base-5 count of every rank, a counter per suit that overflows into a flag bit
at five cards, and (for the checked :func:`evaluate`) a counter per card that
shows a repeated card. A hand without a flush looks its rank counts up in a
dict holding every multiset of 5, 6 or 7 ranks; a flush looks up the ranks of
its suit. The tables are built on first use, in about a tenth of a second.

Entry points:

* :func:`evaluate` -- checked and fast: rejects a wrong count, cards outside
  0..51 and repeated cards with :class:`~bigblind.errors.CardError`.
* :func:`evaluate5`, :func:`evaluate6`, :func:`evaluate7` -- unchecked and
  fastest, cards as positional arguments: the caller promises distinct cards
  0..51 (negative numbers and repeated cards give meaningless values).
* :func:`evaluate_hand` -- checked, slower: a :class:`HandValue` with the
  category, the best five cards and a description.

>>> from bigblind.cards import parse_cards
>>> describe(evaluate(parse_cards("As Ks Qs Js Ts 2d 3c")))
'Royal flush'
>>> evaluate(parse_cards("7c 5d 4h 3s 2c")), evaluate(parse_cards("As Ks Qs Js Ts"))
(1, 7462)
>>> evaluate_hand(parse_cards("Kh Kd 4s 4c Ks 9d 2c")).description
'Full house, kings full of fours'
"""

from __future__ import annotations

import operator
import threading
from array import array
from bisect import bisect_right
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import Final

from bigblind.cards import CARDS, Card, format_cards
from bigblind.errors import BigblindError, CardError

__all__ = [
    "HAND_CLASSES",
    "Category",
    "HandValue",
    "category",
    "describe",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_hand",
    "rank_pattern",
]

HAND_CLASSES: Final = 7462
"""The number of distinct five-card hand values: values run from 1 to this."""


class Category(IntEnum):
    """The nine hand categories of RULES 6.2, lowest first.

    >>> Category.FULL_HOUSE > Category.FLUSH
    True
    >>> Category.TWO_PAIR.label
    'Two pair'
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's name as a sentence start, e.g. ``'Four of a kind'``.

        >>> Category.STRAIGHT_FLUSH.label
        'Straight flush'
        """
        return _LABELS[self]


_LABELS: Final = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)

# How many value classes each category has (RULES 6.2, 6.3), lowest first.
_CLASS_COUNTS: Final = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)


def _lowest_values() -> tuple[int, ...]:
    lows = []
    low = 1
    for count in _CLASS_COUNTS:
        lows.append(low)
        low += count
    return tuple(lows)


# The lowest value of each category: 1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453.
_LOWEST: Final = _lowest_values()
_CATEGORIES: Final = tuple(Category)

_RANK_NAMES: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANK_PLURALS: Final = tuple("sixes" if n == "six" else n + "s" for n in _RANK_NAMES)

_ACCEPTED: Final = "5, 6 or 7 distinct card numbers 0 to 51 (read text with parse_cards)"

# --- key layout ---------------------------------------------------------------------------
# A hand's key is the sum of its cards' keys, in bit fields that never carry into each
# other. Unchecked keys (for evaluate5/6/7), lowest bits first:
#   0..15     a 4-bit counter per suit that starts at 3 (the first card's key carries the
#             3s), so 5 or more cards of one suit set its top bit, one of 0x8888
#   16..32    the low ranks (deuce to eight) in base 5: sum of 5**rank, a digit per rank
#   33..      the high ranks (nine to ace) in base 5: sum of 5**(rank - 7)
# Checked keys (for evaluate) put one bit per card below that (card c at bit c) and the
# unchecked key from bit _PRESENT_BITS on: n cards are distinct exactly when the low
# 52 bits of their sum have n bits set (a repeated card carries, losing a bit).
# A hand without a flush finds its value at _BASES[n][high] + _LOW_INDEX[low]: each
# multiset of high ranks owns a run of _VALUES, one entry per multiset of low ranks
# that completes it to n cards. That is a perfect hash of the rank counts into a dense
# list: a few list lookups, faster than one dict lookup in a table this big.
_PRESENT_BITS: Final = 56  # 52 card bits and room for a carry
_PRESENT: Final = (1 << 52) - 1
_FLUSH_BITS: Final = 0x8888 << _PRESENT_BITS
_FAST_LOW_AT: Final = 16
_FAST_HIGH_AT: Final = 33
_LOW_MASK: Final = (1 << 17) - 1
_LOW_RANKS: Final = 7
_SUIT_BIAS: Final = 0x3333
# Seven cards, the common case, have keys of their own whose rank field (from bit
# _SEVEN_AT) is a sum of these per-rank numbers: distinct for every multiset of seven
# ranks (each at most four times) and below 7,825,760, so the field indexes one flat
# table of values directly (15.6 MB of uint16), a lookup fewer than the perfect hash.
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
_SEVEN_AT: Final = 72

# The tables. They start empty and are filled in place on first use, so the functions
# below never test whether they are built: the first call fails a lookup, takes the
# slow path, builds, and every later call finds them full.
# card -> checked key (suit bias included in the first); 104 entries, so that a
# negative number or one from 52 to 103 reads a 0 key, which lacks its card bit
# and so fails the count of card bits: no test of the range on the fast path.
_FIRST_KEYS: Final[list[int]] = []
_CHECKED_KEYS: Final[list[int]] = []
_FIRST_SEVEN_KEYS: Final[list[int]] = []  # the same for seven cards
_SEVEN_KEYS: Final[list[int]] = []
_SEVEN: Final = array("H")  # rank field of a seven-card key -> value (no flush)
_FIRST_FAST_KEYS: Final[list[int]] = []  # card -> unchecked key, suit bias included
_FAST_KEYS: Final[list[int]] = []  # card -> unchecked key
_LOW_INDEX: Final[list[int]] = []  # low ranks in base 5 -> index among those of its size
_BASE5: Final[list[int]] = []  # high ranks in base 5 -> start of its run in _VALUES
_BASE6: Final[list[int]] = []
_BASE7: Final[list[int]] = []
_BASES: Final = {5: _BASE5, 6: _BASE6, 7: _BASE7}
_VALUES: Final[list[int]] = []  # the values of all hands without a flush
_FLUSH_VALUE: Final[list[int]] = []  # 13-bit rank mask of the flush suit -> value
_PATTERNS: Final[list[tuple[int, ...]]] = []  # value -> five ranks, most significant first
_BUILD_LOCK: Final = threading.Lock()


# --- building -----------------------------------------------------------------------------


def _straight_top(mask: int) -> int:
    """The top rank of the highest straight in a 13-bit rank mask, or -1."""
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if mask & window == window:
            return top
    return 3 if mask & 0x100F == 0x100F else -1  # A-2-3-4-5, the wheel (RULES 6.2)


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))


def _class_patterns() -> list[list[tuple[int, ...]]]:
    """Every value class as its five ranks, grouped by category, each group ascending."""
    ranks = range(13)
    Pattern = tuple[int, ...]
    fives: list[Pattern] = [tuple(reversed(c)) for c in combinations(ranks, 5)]  # descending
    straight_sets = {frozenset(_straight_ranks(top)) for top in range(3, 13)}
    no_straight = [f for f in fives if frozenset(f) not in straight_sets]
    straights = [_straight_ranks(top) for top in range(3, 13)]
    pairs: list[Pattern] = []
    for p in ranks:
        others = [r for r in ranks if r != p]
        pairs += [(p, p, *reversed(k)) for k in combinations(others, 3)]
    two_pairs: list[Pattern] = []
    for low, high in combinations(ranks, 2):
        two_pairs += [(high, high, low, low, k) for k in ranks if k not in (low, high)]
    trips: list[Pattern] = []
    for t in ranks:
        others = [r for r in ranks if r != t]
        trips += [(t, t, t, *reversed(k)) for k in combinations(others, 2)]
    full: list[Pattern] = [(t, t, t, p, p) for t in ranks for p in ranks if p != t]
    quads: list[Pattern] = [(q, q, q, q, k) for q in ranks for k in ranks if k != q]
    groups = [no_straight, pairs, two_pairs, trips, straights, no_straight, full, quads, straights]
    return [sorted(g) for g in groups]


def _build() -> None:
    """Fill the tables (idempotent, thread-safe)."""
    with _BUILD_LOCK:
        if _FIRST_KEYS:
            return
        patterns: list[tuple[int, ...]] = [()]
        value_of: dict[tuple[int, tuple[int, ...]], int] = {}
        for cat, group in enumerate(_class_patterns()):
            assert len(patterns) == _LOWEST[cat] and len(group) == _CLASS_COUNTS[cat]
            for pattern in group:
                value_of[cat, pattern] = len(patterns)
                patterns.append(pattern)
        assert len(patterns) == HAND_CLASSES + 1

        top_of = [_straight_top(mask) for mask in range(1 << 13)]
        flush_value = [0] * (1 << 13)
        for mask in range(1 << 13):
            if mask.bit_count() < 5:
                continue
            top = top_of[mask]
            if top >= 0:
                value = value_of[Category.STRAIGHT_FLUSH, _straight_ranks(top)]
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
            fast.append(ranks << _FAST_LOW_AT | 1 << (4 * suit))
        seven = _seven_table(hands)
        seven_keys = [
            _SEVEN_RANK_KEYS[c >> 2] << _SEVEN_AT | 1 << (_PRESENT_BITS + 4 * (c & 3)) | 1 << c
            for c in range(52)
        ]
        # Publish the card keys last: a call that finds them finds every table full.
        _PATTERNS.extend(patterns)
        _FLUSH_VALUE.extend(flush_value)
        _LOW_INDEX.extend(low_index)
        for n, base in bases.items():
            _BASES[n].extend(base)
        _VALUES.extend(values)
        _SEVEN.extend(seven)
        _SEVEN_KEYS.extend(seven_keys + [0] * 52)
        _FIRST_SEVEN_KEYS.extend([k + (_SUIT_BIAS << _PRESENT_BITS) for k in seven_keys] + [0] * 52)
        _FAST_KEYS.extend(fast)
        _FIRST_FAST_KEYS.extend(k + _SUIT_BIAS for k in fast)
        _CHECKED_KEYS.extend([k << _PRESENT_BITS | 1 << c for c, k in enumerate(fast)] + [0] * 52)
        _FIRST_KEYS.extend(
            [(k + _SUIT_BIAS) << _PRESENT_BITS | 1 << c for c, k in enumerate(fast)] + [0] * 52
        )


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
        return Category.STRAIGHT, _straight_ranks(top)
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


# --- evaluating ---------------------------------------------------------------------------


def evaluate(cards: Collection[int]) -> int:
    """The value of the best five of 5, 6 or 7 cards: higher wins, equal values split.

    Checked: a wrong number of cards, a card outside 0..51 or a card given twice
    raises :class:`~bigblind.errors.CardError`. Cards are ints 0..51 (:class:`Card`
    or plain), fastest in a list or tuple; read text with
    :func:`~bigblind.cards.parse_cards`.

    >>> from bigblind.cards import parse_cards
    >>> evaluate(parse_cards("Ah Kh Qh Jh Th"))
    7462
    >>> evaluate(parse_cards("Ac Ad 5h 5s 9c 2d 3h")) > evaluate(parse_cards("Kc Kd Ks 2h 7c"))
    False
    >>> evaluate([0, 0, 1, 2, 3])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate 2c 2c 2d 2h 2s: 2c is given twice; accepted are ...
    """
    first = _FIRST_SEVEN_KEYS
    keys = _SEVEN_KEYS
    try:
        if len(cards) == 7:  # the common case first, then 6 and 5 in _evaluate_short
            a, b, c, d, e, f, g = cards
            k = first[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
            # 7: the card bits (a repeated or bad card has fewer); 72: _SEVEN_AT.
            if (k & _PRESENT).bit_count() == 7:
                if not k & _FLUSH_BITS:
                    return _SEVEN[k >> 72]
                return _unchecked_flush(k >> _PRESENT_BITS, cards)
        else:
            return _evaluate_short(cards)
    except (IndexError, TypeError, ValueError):
        pass
    return _evaluate_slow(cards)


def _evaluate_short(cards: Collection[int]) -> int:
    """:func:`evaluate` for 5 or 6 cards."""
    first = _FIRST_KEYS
    keys = _CHECKED_KEYS
    try:
        n = len(cards)
        if n == 6:
            a, b, c, d, e, f = cards
            k = first[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
            base = _BASE6
        elif n == 5:
            a, b, c, d, e = cards
            k = first[a] + keys[b] + keys[c] + keys[d] + keys[e]
            base = _BASE5
        else:
            return _evaluate_slow(cards)
        if (k & _PRESENT).bit_count() == n:
            if not k & _FLUSH_BITS:
                return _VALUES[base[k >> 89] + _LOW_INDEX[k >> 72 & 0x1FFFF]]
            return _unchecked_flush(k >> _PRESENT_BITS, cards)
    except (IndexError, TypeError, ValueError):
        pass
    return _evaluate_slow(cards)


def _evaluate_slow(cards: Collection[int]) -> int:
    """Build the tables and retry, or check ``cards`` with a clear error, then evaluate."""
    if not _FIRST_KEYS:
        _build()
        return evaluate(cards)  # the first call: the same rules as every later call
    hand = _check(cards)
    k = _FIRST_FAST_KEYS[hand[0]] + sum(_FAST_KEYS[c] for c in hand[1:])
    if not k & 0x8888:
        high, low = k >> _FAST_HIGH_AT, k >> _FAST_LOW_AT & _LOW_MASK
        return _VALUES[_BASES[len(hand)][high] + _LOW_INDEX[low]]
    return _unchecked_flush(k, hand)


def _check(cards: Iterable[int]) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card`, or a :class:`CardError` saying what is wrong."""
    try:
        items = tuple(cards)
    except TypeError:
        raise CardError(f"cannot evaluate {cards!r}: accepted are {_ACCEPTED}") from None
    numbers = []
    for item in items:
        try:
            number = -1 if isinstance(item, bool) else operator.index(item)
        except TypeError:
            number = -1
        if not 0 <= number < 52:
            raise CardError(
                f"cannot evaluate {items!r}: {item!r} is not a card; accepted are {_ACCEPTED}"
            )
        numbers.append(number)
    hand = tuple(CARDS[c] for c in numbers)
    text = format_cards(hand, " ")
    if len(hand) not in (5, 6, 7):
        raise CardError(
            f"cannot evaluate {len(hand)} cards ({text or 'none'}): accepted are {_ACCEPTED}"
        )
    if len(set(hand)) != len(hand):
        twice = next(c for i, c in enumerate(hand) if c in hand[:i])
        raise CardError(f"cannot evaluate {text}: {twice} is given twice; accepted are {_ACCEPTED}")
    return hand


def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The value of seven distinct cards, unchecked: the fastest entry point.

    The caller promises seven distinct cards 0..51; anything else gives a
    meaningless value or an error. Use :func:`evaluate` for untrusted input.

    >>> from bigblind.cards import parse_cards
    >>> hand = parse_cards("As Ks 2d 7c 9h Qs 3s")
    >>> evaluate7(*hand) == evaluate(hand) == evaluate(parse_cards("As Ks Qs 9h 7c"))
    True
    """
    keys = _FAST_KEYS
    try:
        k = _FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e, f, g))
    if not k & 0x8888:
        return _VALUES[_BASE7[k >> 33] + _LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e, f, g))


def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """The value of six distinct cards, unchecked (see :func:`evaluate7`).

    >>> from bigblind.cards import parse_cards
    >>> describe(evaluate6(*parse_cards("5d 4c 3h 2s Ad Kd")))
    'Straight, five high'
    """
    keys = _FAST_KEYS
    try:
        k = _FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e, f))
    if not k & 0x8888:
        return _VALUES[_BASE6[k >> 33] + _LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e, f))


def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
    """The value of five distinct cards, unchecked (see :func:`evaluate7`).

    >>> evaluate5(51, 47, 43, 39, 35)  # As Ks Qs Js Ts
    7462
    """
    keys = _FAST_KEYS
    try:
        k = _FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e))
    if not k & 0x8888:
        return _VALUES[_BASE5[k >> 33] + _LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e))


def _unchecked_flush(k: int, cards: Iterable[int]) -> int:
    suit = (k & 0x8888).bit_length() // 4 - 1
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return _FLUSH_VALUE[mask]


def _unchecked_slow(cards: tuple[int, ...]) -> int:
    """The first call (tables empty) or a card above 51: build, then evaluate checked."""
    _build()
    return evaluate(cards)


# --- reading values -----------------------------------------------------------------------


def _check_value(value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= HAND_CLASSES:
        raise BigblindError(
            f"{value!r} is not a hand value: accepted are ints 1 to {HAND_CLASSES} from evaluate"
        )


def category(value: int) -> Category:
    """The category of a hand value (RULES 6.2).

    >>> category(7462), category(1)
    (<Category.STRAIGHT_FLUSH: 8>, <Category.HIGH_CARD: 0>)
    """
    _check_value(value)
    return _CATEGORIES[bisect_right(_LOWEST, value) - 1]


def rank_pattern(value: int) -> tuple[int, ...]:
    """The five ranks (0 = deuce .. 12 = ace) of a hand value, most significant first.

    Groups come first (the trips, then the pair of a full house); the wheel is 5-4-3-2-A.

    >>> from bigblind.cards import parse_cards
    >>> rank_pattern(evaluate(parse_cards("4s 4c Kh Kd Ks")))
    (11, 11, 11, 2, 2)
    >>> rank_pattern(evaluate(parse_cards("Ad 2c 3h 4s 5d")))
    (3, 2, 1, 0, 12)
    """
    _check_value(value)
    if not _PATTERNS:
        _build()
    return _PATTERNS[value]


def describe(value: int) -> str:
    """A hand value in words, e.g. ``'Full house, kings full of fours'``.

    >>> from bigblind.cards import parse_cards
    >>> describe(evaluate(parse_cards("As Ad 9c 9h Kd")))
    'Two pair, aces and nines, king kicker'
    >>> describe(evaluate(parse_cards("Jh Js Ad Kc 4h")))
    'One pair, jacks, ace-king-four kickers'
    """
    text = _DESCRIPTIONS.get(value) if type(value) is int else None
    if text is None:
        text = _DESCRIPTIONS[value] = _describe(value)
    return text


_DESCRIPTIONS: dict[int, str] = {}


def _describe(value: int) -> str:
    cat = category(value)
    ranks = rank_pattern(value)
    name = _RANK_NAMES
    plural = _RANK_PLURALS
    if cat is Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal flush"
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        detail = f"{name[ranks[0]]} high"
    elif cat is Category.FLUSH:
        detail = f"{name[ranks[0]]} high, " + "-".join(name[r] for r in ranks[1:])
    elif cat is Category.FOUR_OF_A_KIND:
        detail = f"{plural[ranks[0]]}, {name[ranks[4]]} kicker"
    elif cat is Category.FULL_HOUSE:
        detail = f"{plural[ranks[0]]} full of {plural[ranks[3]]}"
    elif cat is Category.THREE_OF_A_KIND:
        detail = f"{plural[ranks[0]]}, {name[ranks[3]]}-{name[ranks[4]]} kickers"
    elif cat is Category.TWO_PAIR:
        detail = f"{plural[ranks[0]]} and {plural[ranks[2]]}, {name[ranks[4]]} kicker"
    elif cat is Category.ONE_PAIR:
        detail = f"{plural[ranks[0]]}, " + "-".join(name[r] for r in ranks[2:]) + " kickers"
    else:
        detail = f"{name[ranks[0]]}, " + "-".join(name[r] for r in ranks[1:])
    return f"{cat.label}, {detail}"


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """A hand's value with its category, best five cards and description.

    Hand values compare (and hash) by ``value`` alone: equal values split a pot
    (RULES 6.3), whichever cards made them.

    >>> from bigblind.cards import parse_cards
    >>> best = evaluate_hand(parse_cards("Ac 2d 3h 4s 5c Kd Kh"))
    >>> best.category.label, best.cards
    ('Straight', (Card('5c'), Card('4s'), Card('3h'), Card('2d'), Card('Ac')))
    >>> best > evaluate_hand(parse_cards("Ks Kc Kd 7h 2c"))
    True
    """

    value: int
    category: Category
    cards: tuple[Card, ...]
    description: str

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.value == other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.value < other.value
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.value <= other.value
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.value > other.value
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self.value >= other.value
        return NotImplemented


def evaluate_hand(cards: Iterable[int]) -> HandValue:
    """The best five of 5, 6 or 7 cards as a :class:`HandValue` (RULES 6.1); checked.

    The five cards come most significant first: trips before the pair, pairs
    before kickers, the wheel as 5-4-3-2-A. Among cards of equal rank the
    higher suit (spades, hearts, diamonds, clubs) is shown.

    >>> from bigblind.cards import format_cards, parse_cards
    >>> hand = evaluate_hand(parse_cards("9h 9c As 9d Kd 2c 2s"))
    >>> hand.description, format_cards(hand.cards, " ")
    ('Full house, nines full of twos', '9h 9d 9c 2s 2c')
    """
    _build()
    hand = _check(cards)
    value = evaluate(hand)
    cat = category(value)
    pool = sorted(hand, reverse=True)
    if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [c.suit for c in hand]
        flush_suit = max(range(4), key=suits.count)
        pool = [c for c in pool if c.suit == flush_suit]
    best: list[Card] = []
    for rank in rank_pattern(value):
        card = next(c for c in pool if c.rank == rank)
        pool.remove(card)
        best.append(card)
    return HandValue(value, cat, tuple(best), describe(value))
