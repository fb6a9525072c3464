"""Hand values by table lookup (RULES 6.1-6.3).

:func:`evaluate` gives 5, 6 or 7 cards a single ``int``: higher wins, equal
values split. The 7,462 distinct five-card hands are numbered 1 (7-5-4-3-2
offsuit) to 7,462 (royal flush) without gaps, and six or seven cards get the
value of their best five, so values from hands of any size compare directly.

Nothing searches the 21 five-card subsets of a seven-card hand. Each card has
a precomputed key; the sum of a hand's keys holds, in separate bit fields, a
count of every rank and a counter per suit that overflows into a flag bit at
five cards. A hand without a flush looks its rank counts up in tables holding
every multiset of 5, 6 or 7 ranks; a flush looks up the ranks of its suit.
The checked :func:`evaluate` also adds a bit per card: a repeated card carries.
The tables (:mod:`bigblind.evaluation.lookup_tables`) are built on first use.
Built as a wheel with a C compiler, this module is compiled by mypyc (see
``setup.py``): every key fits a machine word for that.

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
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Final

from bigblind.cards import CARDS, Card, format_cards
from bigblind.errors import CardError
from bigblind.evaluation.hand_classes import (
    HAND_CLASSES,
    Category,
    category,
    describe,
    rank_pattern,
)
from bigblind.evaluation.lookup_tables import (
    BASE5,
    BASE6,
    BASE7,
    BASES,
    CARD_BITS,
    CHECKED_KEYS,
    FAST_HIGH_AT,
    FAST_KEYS,
    FAST_LOW_AT,
    FIRST_CHECKED_KEYS,
    FIRST_FAST_KEYS,
    FIRST_SEVEN_KEYS,
    FLUSH_VALUE,
    LOW_INDEX,
    LOW_MASK,
    SEVEN,
    SEVEN_KEYS,
    VALUES,
    build,
)

__all__ = [
    "HAND_CLASSES",
    "Category",
    "HandValue",
    "category",
    "checked_cards",
    "describe",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_hand",
    "rank_pattern",
    "refuse_repeats",
    "repeated_card",
]

_ACCEPTED: Final = "5, 6 or 7 distinct card numbers 0 to 51 (read text with parse_cards)"

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
    keys = SEVEN_KEYS
    bits = CARD_BITS
    try:
        if len(cards) == 7:  # the common case first, then 6 and 5 in _evaluate_short
            # Declared ints: compiled, each card is then read as a C integer once.
            a: int
            b: int
            c: int
            d: int
            e: int
            f: int
            g: int
            if isinstance(cards, list):  # compiled, a list unpacks without an iterator
                a, b, c, d, e, f, g = cards
            else:
                a, b, c, d, e, f, g = cards
            k = FIRST_SEVEN_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
            # Seven distinct cards in 0..51: seven bits (a repeat carries, others read none).
            present = bits[a] + bits[b] + bits[c] + bits[d] + bits[e] + bits[f] + bits[g]
            if present.bit_count() == 7:
                if not k & 0x8888:
                    # Two bytes per value at twice the rank field; bit 15 is a clear flag.
                    seven = SEVEN[0]
                    i = k >> 15
                    return seven[i] | seven[i + 1] << 8
                return _unchecked_flush(k, cards)
        else:
            return _evaluate_short(cards)
    except (IndexError, OverflowError, TypeError, ValueError):
        pass
    return _evaluate_slow(cards)


def _evaluate_short(cards: Collection[int]) -> int:
    """:func:`evaluate` for 5 or 6 cards."""
    first = FIRST_CHECKED_KEYS
    keys = CHECKED_KEYS
    bits = CARD_BITS
    try:
        n = len(cards)
        if n == 6:
            a, b, c, d, e, f = cards
            k = first[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
            present = bits[a] + bits[b] + bits[c] + bits[d] + bits[e] + bits[f]
            base = BASE6
        elif n == 5:
            a, b, c, d, e = cards
            k = first[a] + keys[b] + keys[c] + keys[d] + keys[e]
            present = bits[a] + bits[b] + bits[c] + bits[d] + bits[e]
            base = BASE5
        else:
            return _evaluate_slow(cards)
        if present.bit_count() == n:  # n distinct cards in 0..51 (see evaluate)
            if not k & 0x8888:
                return VALUES[base[k >> 33] + LOW_INDEX[k >> 16 & 0x1FFFF]]
            return _unchecked_flush(k, cards)
    except (IndexError, OverflowError, TypeError, ValueError):
        pass
    return _evaluate_slow(cards)


def _evaluate_slow(cards: Collection[int]) -> int:
    """Build the tables and retry, or check ``cards`` with a clear error, then evaluate."""
    if not FIRST_FAST_KEYS:
        build()
        return evaluate(cards)  # the first call: the same rules as every later call
    hand = _check(cards)
    k = FIRST_FAST_KEYS[hand[0]] + sum(FAST_KEYS[c] for c in hand[1:])
    if not k & 0x8888:
        high, low = k >> FAST_HIGH_AT, k >> FAST_LOW_AT & LOW_MASK
        return VALUES[BASES[len(hand)][high] + LOW_INDEX[low]]
    return _unchecked_flush(k, hand)


def checked_cards(cards: Iterable[int], accepted: str) -> tuple[Card, ...]:
    """``cards`` (card numbers or :class:`Card`) as cards, or a :class:`CardError` naming
    the one that is not a card and what is ``accepted``; every evaluator reads its input so.

    >>> checked_cards([51, 0], "cards 0 to 51")
    (Card('As'), Card('2c'))
    >>> checked_cards([52], "cards 0 to 51")
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate (52,): 52 is not a card; accepted are cards 0 to 51
    """
    try:
        items: tuple[Any, ...] = tuple(cards)  # compiled, int items would be unboxed unchecked
    except TypeError:
        raise CardError(f"cannot evaluate {cards!r}: accepted are {accepted}") from None
    hand = []
    for item in items:
        try:
            number = -1 if isinstance(item, bool) else operator.index(item)
        except TypeError:
            number = -1
        if not 0 <= number < 52:
            raise CardError(
                f"cannot evaluate {items!r}: {item!r} is not a card; accepted are {accepted}"
            )
        hand.append(CARDS[number])
    return tuple(hand)


def repeated_card(cards: tuple[Card, ...]) -> Card | None:
    """The first card of ``cards`` given a second time, or None when all are distinct.

    >>> from bigblind.cards import parse_cards
    >>> str(repeated_card(parse_cards("As Kd As"))), repeated_card(parse_cards("As Kd"))
    ('As', None)
    """
    if len(set(cards)) == len(cards):
        return None
    return next(c for i, c in enumerate(cards) if c in cards[:i])


def refuse_repeats(hand: tuple[Card, ...], text: str, accepted: str) -> None:
    """A :class:`CardError` when a card of ``hand`` (written ``text``) is given twice."""
    twice = repeated_card(hand)
    if twice is not None:
        raise CardError(f"cannot evaluate {text}: {twice} is given twice; accepted are {accepted}")


def _check(cards: Iterable[int]) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card`, or a :class:`CardError` saying what is wrong."""
    hand = checked_cards(cards, _ACCEPTED)
    text = format_cards(hand, " ")
    if len(hand) not in (5, 6, 7):
        raise CardError(
            f"cannot evaluate {len(hand)} cards ({text or 'none'}): accepted are {_ACCEPTED}"
        )
    refuse_repeats(hand, text, _ACCEPTED)
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
    keys = FAST_KEYS
    try:
        k = FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e, f, g))
    if not k & 0x8888:
        return VALUES[BASE7[k >> 33] + LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e, f, g))


def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """The value of six distinct cards, unchecked (see :func:`evaluate7`).

    >>> from bigblind.cards import parse_cards
    >>> describe(evaluate6(*parse_cards("5d 4c 3h 2s Ad Kd")))
    'Straight, five high'
    """
    keys = FAST_KEYS
    try:
        k = FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e, f))
    if not k & 0x8888:
        return VALUES[BASE6[k >> 33] + LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e, f))


def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
    """The value of five distinct cards, unchecked (see :func:`evaluate7`).

    >>> evaluate5(51, 47, 43, 39, 35)  # As Ks Qs Js Ts
    7462
    """
    keys = FAST_KEYS
    try:
        k = FIRST_FAST_KEYS[a] + keys[b] + keys[c] + keys[d] + keys[e]
    except IndexError:
        return _unchecked_slow((a, b, c, d, e))
    if not k & 0x8888:
        return VALUES[BASE5[k >> 33] + LOW_INDEX[k >> 16 & 0x1FFFF]]
    return _unchecked_flush(k, (a, b, c, d, e))


def _unchecked_flush(k: int, cards: Iterable[int]) -> int:
    suit = (k & 0x8888).bit_length() // 4 - 1
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return FLUSH_VALUE[mask]


def _unchecked_slow(cards: tuple[int, ...]) -> int:
    """The first call (tables empty) or a card above 51: build, then evaluate checked."""
    build()
    return evaluate(cards)


# --- reading values -----------------------------------------------------------------------


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
    build()
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
