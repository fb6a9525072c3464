"""The 7,462 hand values by category (RULES 6.2, 6.3), and the five ranks of each.

Values run from 1 (7-5-4-3-2 offsuit) to :data:`HAND_CLASSES` (royal flush),
category by category, each category's classes in ascending order of strength.
:mod:`bigblind.evaluation.lookup_tables` numbers the classes this way and
:mod:`bigblind.evaluation.scalar` evaluates hands to them.

>>> category(1), category(HAND_CLASSES)
(<Category.HIGH_CARD: 0>, <Category.STRAIGHT_FLUSH: 8>)
"""

from __future__ import annotations

from bisect import bisect_right
from enum import IntEnum
from itertools import combinations
from typing import Final

from bigblind.errors import BigblindError

__all__ = [
    "CLASS_COUNTS",
    "HAND_CLASSES",
    "LOWEST",
    "Category",
    "category",
    "class_patterns",
    "describe",
    "rank_pattern",
    "straight_ranks",
    "straight_top",
    "value_patterns",
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
CLASS_COUNTS: Final = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)


def _lowest_values() -> tuple[int, ...]:
    lows = []
    low = 1
    for count in CLASS_COUNTS:
        lows.append(low)
        low += count
    return tuple(lows)


# The lowest value of each category: 1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453.
LOWEST: Final = _lowest_values()
_CATEGORIES: Final = tuple(Category)


def straight_top(mask: int) -> int:
    """The top rank of the highest straight in a 13-bit rank mask, or -1."""
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if mask & window == window:
            return top
    return 3 if mask & 0x100F == 0x100F else -1  # A-2-3-4-5, the wheel (RULES 6.2)


def straight_ranks(top: int) -> tuple[int, ...]:
    return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))


def class_patterns() -> list[list[tuple[int, ...]]]:
    """Every value class as its five ranks, grouped by category, each group ascending."""
    ranks = range(13)
    Pattern = tuple[int, ...]
    fives: list[Pattern] = [tuple(reversed(c)) for c in combinations(ranks, 5)]  # descending
    straight_sets = {frozenset(straight_ranks(top)) for top in range(3, 13)}
    no_straight = [f for f in fives if frozenset(f) not in straight_sets]
    straights = [straight_ranks(top) for top in range(3, 13)]
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
    return _CATEGORIES[bisect_right(LOWEST, value) - 1]


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


def rank_pattern(value: int) -> tuple[int, ...]:
    """The five ranks (0 = deuce .. 12 = ace) of a hand value, most significant first.

    Groups come first (the trips, then the pair of a full house); the wheel is 5-4-3-2-A.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import evaluate
    >>> rank_pattern(evaluate(parse_cards("4s 4c Kh Kd Ks")))
    (11, 11, 11, 2, 2)
    >>> rank_pattern(evaluate(parse_cards("Ad 2c 3h 4s 5d")))
    (3, 2, 1, 0, 12)
    """
    _check_value(value)
    return value_patterns()[value]


def value_patterns() -> tuple[tuple[int, ...], ...]:
    """Every hand value's five ranks, by value (index 0, no hand, is empty): the classes
    of :func:`class_patterns` in order, built on the first call.

    >>> patterns = value_patterns()
    >>> len(patterns) - 1 == HAND_CLASSES, patterns[1], patterns[HAND_CLASSES]
    (True, (5, 3, 2, 1, 0), (12, 11, 10, 9, 8))
    """
    if not _VALUE_PATTERNS:
        built = [(), *(pattern for group in class_patterns() for pattern in group)]
        _VALUE_PATTERNS[:] = [tuple(built)]  # one assignment: a racing thread sees all or none
    return _VALUE_PATTERNS[0]


_VALUE_PATTERNS: list[tuple[tuple[int, ...], ...]] = []


def describe(value: int) -> str:
    """A hand value in words, e.g. ``'Full house, kings full of fours'``.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import evaluate
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
