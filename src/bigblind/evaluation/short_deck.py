"""Short-deck (6+) hold'em hand values (RULES 11.3).

The deck has 36 cards, six to ace (:data:`SHORT_DECK`); a hand is the best five
of the two hole cards and the board, as in hold'em, ranked in the short-deck
order: a flush beats a full house, three of a kind beats a straight, and the
ace also plays low in A-6-7-8-9, the lowest straight. :class:`ShortDeckCategory`
lists the categories in that order, and values run from 1 (J-9-8-7-6, the
lowest high card) to :data:`SHORT_DECK_CLASSES` (the royal flush), category by
category. They are not hold'em values: compare them only with each other.

>>> from bigblind.cards import parse_cards
>>> flush = evaluate_short_deck(parse_cards("Ah 9h 7h 6h Kh Kd Ks"))
>>> full = evaluate_short_deck(parse_cards("Ac Ad As Kc Kd 7h 6s"))
>>> flush > full, describe_short_deck(flush), describe_short_deck(full)
(True, 'Flush, ace high, king-nine-seven-six', 'Full house, aces full of kings')
>>> describe_short_deck(evaluate_short_deck(parse_cards("Ac 6d 7h 8s 9c Jd Qd")))
'Straight, nine high'
>>> [c.label for c in ShortDeckCategory][4:7]
['Three of a kind', 'Full house', 'Flush']
"""

from __future__ import annotations

import threading
from array import array
from bisect import bisect_right
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations
from typing import Final

from bigblind.cards import CARDS, Card, format_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.scalar import checked_cards, refuse_repeats

__all__ = [
    "SHORT_DECK",
    "SHORT_DECK_CLASSES",
    "ShortDeckCategory",
    "ShortDeckHand",
    "describe_short_deck",
    "evaluate_short_deck",
    "short_deck7",
    "short_deck_category",
    "short_deck_hand",
    "short_deck_pattern",
    "short_deck_tables",
]

SHORT_DECK: Final = tuple(CARDS[c] for c in range(16, 52))
"""The 36 cards of the short deck, six of clubs to ace of spades (RULES 11.3)."""

_LOWEST_RANK: Final = 4  # the six
_RANKS: Final = range(_LOWEST_RANK, 13)


class ShortDeckCategory(IntEnum):
    """The hand categories of short deck, lowest first (RULES 11.3).

    >>> ShortDeckCategory.FLUSH > ShortDeckCategory.FULL_HOUSE
    True
    >>> ShortDeckCategory.THREE_OF_A_KIND > ShortDeckCategory.STRAIGHT
    True
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    FULL_HOUSE = 5
    FLUSH = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's name as a sentence start, e.g. ``'Full house'``."""
        return self.name.replace("_", " ").capitalize()


_C = ShortDeckCategory


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (7, 6, 5, 4, 12) if top == 7 else tuple(range(top, top - 5, -1))


def _straight_top(mask: int) -> int:
    """The top rank of the highest straight in a rank mask (six up), or -1."""
    for top in range(12, 7, -1):
        window = 0x1F << (top - 4)
        if mask & window == window:
            return top
    wheel = 1 << 12 | 0xF << 4  # A-6-7-8-9 (RULES 11.3)
    return 7 if mask & wheel == wheel else -1


def _class_patterns() -> list[list[tuple[int, ...]]]:
    """Every value class as five ranks, by category in short-deck order, each ascending."""
    Pattern = tuple[int, ...]
    straights = [_straight_ranks(top) for top in range(7, 13)]
    straight_sets = {frozenset(s) for s in straights}
    fives: list[Pattern] = [tuple(reversed(c)) for c in combinations(_RANKS, 5)]
    plain = [f for f in fives if frozenset(f) not in straight_sets]
    pairs: list[Pattern] = []
    two_pairs: list[Pattern] = []
    trips: list[Pattern] = []
    for p in _RANKS:
        others = [r for r in _RANKS if r != p]
        pairs += [(p, p, *reversed(k)) for k in combinations(others, 3)]
        trips += [(p, p, p, *reversed(k)) for k in combinations(others, 2)]
    for low, high in combinations(_RANKS, 2):
        two_pairs += [(high, high, low, low, k) for k in _RANKS if k not in (low, high)]
    full: list[Pattern] = [(t, t, t, p, p) for t in _RANKS for p in _RANKS if p != t]
    quads: list[Pattern] = [(q, q, q, q, k) for q in _RANKS for k in _RANKS if k != q]
    groups: dict[ShortDeckCategory, list[Pattern]] = {
        _C.HIGH_CARD: plain,
        _C.ONE_PAIR: pairs,
        _C.TWO_PAIR: two_pairs,
        _C.STRAIGHT: straights,
        _C.THREE_OF_A_KIND: trips,
        _C.FULL_HOUSE: full,
        _C.FLUSH: plain,
        _C.FOUR_OF_A_KIND: quads,
        _C.STRAIGHT_FLUSH: straights,
    }
    return [sorted(groups[c]) for c in ShortDeckCategory]


_PATTERNS: Final[list[tuple[int, ...]]] = [()]  # value -> five ranks
_LOWEST: Final[list[int]] = []  # the lowest value of each category
for _group in _class_patterns():
    _LOWEST.append(len(_PATTERNS))
    _PATTERNS.extend(_group)
SHORT_DECK_CLASSES: Final = len(_PATTERNS) - 1
"""The number of distinct short-deck five-card values: 1,404."""
_VALUE_OF: Final = {
    (cat, p): v
    for cat in ShortDeckCategory
    for v, p in enumerate(_PATTERNS)
    if _LOWEST[cat] <= v < (_LOWEST[cat + 1] if cat < 8 else len(_PATTERNS))
}


def _classify(counts: dict[int, int]) -> int:
    """The value of the best non-flush five of a multiset of 5 to 7 ranks (six up)."""
    by = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    mask = sum(1 << r for r in counts)
    quads = [r for r in by if counts[r] == 4]
    trips = [r for r in by if counts[r] == 3]
    pairs = [r for r in by if counts[r] == 2]
    singles = sorted((r for r in counts), reverse=True)
    if quads:
        q = quads[0]
        return _VALUE_OF[_C.FOUR_OF_A_KIND, (q, q, q, q, max(r for r in counts if r != q))]
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1:] + pairs)
        return _VALUE_OF[_C.FULL_HOUSE, (t, t, t, p, p)]
    if trips:  # three of a kind beats a straight (RULES 11.3)
        t = trips[0]
        k = [r for r in singles if r != t][:2]
        return _VALUE_OF[_C.THREE_OF_A_KIND, (t, t, t, *k)]
    top = _straight_top(mask)
    if top >= 0:
        return _VALUE_OF[_C.STRAIGHT, _straight_ranks(top)]
    if len(pairs) > 1:
        high, low = sorted(pairs, reverse=True)[:2]
        kicker = max(r for r in counts if r not in (high, low))
        return _VALUE_OF[_C.TWO_PAIR, (high, high, low, low, kicker)]
    if pairs:
        p = pairs[0]
        k = [r for r in singles if r != p][:3]
        return _VALUE_OF[_C.ONE_PAIR, (p, p, *k)]
    return _VALUE_OF[_C.HIGH_CARD, tuple(singles[:5])]


def _flush_value(mask: int) -> int:
    top = _straight_top(mask)
    if top >= 0:
        return _VALUE_OF[_C.STRAIGHT_FLUSH, _straight_ranks(top)]
    return _VALUE_OF[_C.FLUSH, tuple(r for r in range(12, 3, -1) if mask >> r & 1)[:5]]


# --- tables ----------------------------------------------------------------------------------
# A card's key: the base-5 digit of its rank (six = digit 0) from bit 16, and a 4-bit suit
# counter below, biased to 3 so that a fifth card of a suit sets its top bit (0x8888). The
# rank field indexes one table of every multiset of 5 to 7 ranks (5**9 entries, 4 MB).
_BIAS: Final = 0x3333
_KEYS: Final[list[int]] = []  # card -> key; a card below six gets a key no table reads
_NON_FLUSH: Final = array("H")  # rank field -> value
_FLUSH: Final = array("H")  # 13-bit rank mask of the flush suit -> value
_LOCK: Final = threading.Lock()


def short_deck_tables() -> tuple[list[int], array[int], array[int]]:
    """The card keys, the table by rank counts and the table by flush ranks (built once).

    >>> keys, non_flush, flush = short_deck_tables()
    >>> len(keys), len(non_flush) == 5**9, len(flush)
    (52, True, 8192)
    """
    if not _KEYS:
        with _LOCK:
            if not _KEYS:
                _build()
    return _KEYS, _NON_FLUSH, _FLUSH


def _build() -> None:
    non_flush = array("H", bytes(2 * 5**9))

    def grow(below: int, size: int, field: int, counts: dict[int, int]) -> None:
        if size >= 5:
            non_flush[field] = _classify(counts)
            if size == 7:
                return
        for rank in range(below - 1, _LOWEST_RANK - 1, -1):
            for count in range(1, min(4, 7 - size) + 1):
                counts[rank] = count
                grow(rank, size + count, field + count * 5 ** (rank - _LOWEST_RANK), counts)
            del counts[rank]

    grow(13, 0, 0, {})
    flush = array("H", bytes(2 * 8192))
    for mask in range(8192):
        if mask & 0xF == 0 and mask.bit_count() >= 5:
            flush[mask] = _flush_value(mask)
    keys = [
        (5 ** ((c >> 2) - _LOWEST_RANK) << 16 if c >> 2 >= _LOWEST_RANK else 1 << 62)
        | 1 << 4 * (c & 3)
        for c in range(52)
    ]
    _NON_FLUSH.extend(non_flush)
    _FLUSH.extend(flush)
    _KEYS.extend(keys)  # last: a call that finds the keys finds the tables


# --- evaluating ------------------------------------------------------------------------------


def short_deck7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The short-deck value of seven distinct cards six to ace, unchecked.

    >>> from bigblind.cards import parse_cards
    >>> describe_short_deck(short_deck7(*parse_cards("Ah Ad As Kc Kd 7h 6s")))
    'Full house, aces full of kings'
    """
    k = _KEYS
    try:
        key = _BIAS + k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
        if not key & 0x8888:
            return _NON_FLUSH[key >> 16]
    except IndexError:
        return evaluate_short_deck((a, b, c, d, e, f, g))
    return _flush((a, b, c, d, e, f, g), key)


def _flush(cards: Iterable[int], key: int) -> int:
    suit = (key & 0x8888).bit_length() // 4 - 1
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return _FLUSH[mask]


_ACCEPTED: Final = "5, 6 or 7 distinct cards of the short deck, sixes to aces"


def evaluate_short_deck(cards: Collection[int]) -> int:
    """The short-deck value of the best five of 5, 6 or 7 cards (RULES 11.3); checked.

    Higher wins, equal values split. A card below six, a wrong count or a repeated
    card raises :class:`~bigblind.errors.CardError`.

    >>> from bigblind.cards import parse_cards
    >>> trips = evaluate_short_deck(parse_cards("7c 7d 7h Ks Qd"))
    >>> trips > evaluate_short_deck(parse_cards("Tc Jd Qh Ks Ad"))
    True
    >>> evaluate_short_deck(parse_cards("2c 7d 7h Ks Qd"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate 2c 7d 7h Ks Qd: 2c is not in the short deck; ...
    """
    if not _KEYS:
        short_deck_tables()
    hand = _check(cards)
    k = _KEYS
    key = _BIAS
    for card in hand:
        key += k[card]
    if not key & 0x8888:
        return _NON_FLUSH[key >> 16]
    return _flush(hand, key)


def _check(cards: Iterable[int]) -> tuple[Card, ...]:
    hand = checked_cards(cards, _ACCEPTED)
    text = format_cards(hand, " ") or "no cards"
    if len(hand) not in (5, 6, 7):
        raise CardError(f"cannot evaluate {len(hand)} cards ({text}): accepted are {_ACCEPTED}")
    for card in hand:
        if card.rank < _LOWEST_RANK:
            raise CardError(
                f"cannot evaluate {text}: {card} is not in the short deck; accepted are {_ACCEPTED}"
            )
    refuse_repeats(hand, text, _ACCEPTED)
    return hand


# --- reading values --------------------------------------------------------------------------


def _check_value(value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < len(_PATTERNS):
        raise BigblindError(
            f"{value!r} is not a short-deck value: accepted are ints 1 to {SHORT_DECK_CLASSES}"
        )


def short_deck_category(value: int) -> ShortDeckCategory:
    """The category of a short-deck value.

    >>> short_deck_category(SHORT_DECK_CLASSES)
    <ShortDeckCategory.STRAIGHT_FLUSH: 8>
    """
    _check_value(value)
    return ShortDeckCategory(bisect_right(_LOWEST, value) - 1)


def short_deck_pattern(value: int) -> tuple[int, ...]:
    """The five ranks of a short-deck value, most significant first (A-6-7-8-9 as 9-8-7-6-A).

    >>> short_deck_pattern(_LOWEST[ShortDeckCategory.STRAIGHT])
    (7, 6, 5, 4, 12)
    """
    _check_value(value)
    return _PATTERNS[value]


_NAMES: Final = ("", "", "", "", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")
_NAMES_ACE: Final = (*_NAMES, "ace")
_PLURALS: Final = tuple("sixes" if n == "six" else n + "s" for n in _NAMES_ACE)


def describe_short_deck(value: int) -> str:
    """A short-deck value in words, in the words hold'em's values use.

    >>> describe_short_deck(SHORT_DECK_CLASSES), describe_short_deck(1)
    ('Royal flush', 'High card, jack, nine-eight-seven-six')
    """
    cat = short_deck_category(value)
    r = _PATTERNS[value]
    name, plural = _NAMES_ACE, _PLURALS
    if cat is _C.STRAIGHT_FLUSH and r[0] == 12:
        return "Royal flush"
    if cat in (_C.STRAIGHT, _C.STRAIGHT_FLUSH):
        detail = f"{name[r[0]]} high"
    elif cat is _C.FOUR_OF_A_KIND:
        detail = f"{plural[r[0]]}, {name[r[4]]} kicker"
    elif cat is _C.FULL_HOUSE:
        detail = f"{plural[r[0]]} full of {plural[r[3]]}"
    elif cat is _C.THREE_OF_A_KIND:
        detail = f"{plural[r[0]]}, {name[r[3]]}-{name[r[4]]} kickers"
    elif cat is _C.TWO_PAIR:
        detail = f"{plural[r[0]]} and {plural[r[2]]}, {name[r[4]]} kicker"
    elif cat is _C.ONE_PAIR:
        detail = f"{plural[r[0]]}, " + "-".join(name[x] for x in r[2:]) + " kickers"
    elif cat is _C.FLUSH:
        detail = f"{name[r[0]]} high, " + "-".join(name[x] for x in r[1:])
    else:
        detail = f"{name[r[0]]}, " + "-".join(name[x] for x in r[1:])
    return f"{cat.label}, {detail}"


@dataclass(frozen=True, slots=True, order=True, kw_only=True)
class ShortDeckHand:
    """A short-deck value with its category, best five cards and description.

    Hands order (and tie) by ``value`` alone, whichever cards made it.
    """

    value: int
    category: ShortDeckCategory = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    description: str = field(compare=False)


def short_deck_hand(cards: Iterable[int]) -> ShortDeckHand:
    """The best five of 5, 6 or 7 short-deck cards as a :class:`ShortDeckHand`.

    >>> from bigblind.cards import format_cards, parse_cards
    >>> hand = short_deck_hand(parse_cards("Ac 6d 7h 8s 9c Jd Qd"))
    >>> hand.description, format_cards(hand.cards, " ")
    ('Straight, nine high', '9c 8s 7h 6d Ac')
    """
    hand = _check(cards)
    value = evaluate_short_deck(hand)
    for five in combinations(sorted(hand, reverse=True), 5):
        if evaluate_short_deck(five) == value:
            pool = list(five)
            best = []
            for rank in _PATTERNS[value]:
                card = next(c for c in pool if c.rank == rank)
                pool.remove(card)
                best.append(card)
            return ShortDeckHand(
                value=value,
                category=short_deck_category(value),
                cards=tuple(best),
                description=describe_short_deck(value),
            )
    raise AssertionError("no five cards make the value found")  # pragma: no cover
