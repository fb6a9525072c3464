"""Omaha hand values: the high hand and the low of 8 or better (RULES 11.1, 11.2).

An Omaha hand is the best five cards made of exactly two of the player's 4, 5
or 6 hole cards and exactly three of the board's. :func:`evaluate_omaha`
gives it the value :func:`~bigblind.evaluation.scalar.evaluate` gives those
five cards (1 to 7,462, higher wins), so it reads with
:func:`~bigblind.evaluation.scalar.describe`. :func:`evaluate_omaha_low`
gives the low of Omaha hi-lo: five cards of different ranks, eight or lower,
ace low, again two from the hand and three from the board, valued 1
(8-7-6-5-4) to 56 (5-4-3-2-A, the wheel), or ``None`` when no low qualifies.

A value costs a handful of table lookups, never the 60 (or 100, or 150)
choices of five cards (see :mod:`bigblind.evaluation.omaha_tables`; the tables
are built on first use, in about a second).

>>> from bigblind.cards import parse_cards
>>> from bigblind.evaluation.scalar import describe
>>> hole, board = parse_cards("Ah Kh 7c 7d"), parse_cards("Qh Jh 2h 7s 3c")
>>> describe(evaluate_omaha(hole, board))
'Flush, ace high, king-queen-jack-two'
>>> describe(evaluate_omaha(parse_cards("Ah Kh Qh Jh"), parse_cards("Th 2h 3c 8d 9s")))
'Straight, queen high'
>>> describe_low(evaluate_omaha_low(parse_cards("Ac 2d Kh Ks"), parse_cards("3h 4s 5c Qd Qc")))
'Wheel, 5-4-3-2-A'
>>> evaluate_omaha_low(parse_cards("Ac 2d Kh Ks"), parse_cards("3h 4s 9c Qd Qc")) is None
True
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

from bigblind.cards import Card, format_cards
from bigblind.errors import CardError
from bigblind.evaluation.hand_classes import describe
from bigblind.evaluation.omaha_tables import (
    HOLE_SETS,
    LOW_CLASSES,
    LOW_RANKS,
    PY_RANKS_AT,
    PY_SUITS_AT,
    low_ranks,
    omaha_lookups,
)
from bigblind.evaluation.scalar import (
    HandValue,
    category,
    checked_cards,
    evaluate5,
    rank_pattern,
    refuse_repeats,
)

__all__ = [
    "LOW_CLASSES",
    "LowHand",
    "describe_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "low_ranks",
    "omaha4",
    "omaha5",
    "omaha6",
    "omaha_hand",
    "omaha_low",
    "omaha_low_hand",
]

_HOLE_SIZES: Final = (4, 5, 6)
_BOARD_SIZES: Final = (3, 4, 5)
_ACCEPTED: Final = (
    "4, 5 or 6 hole cards and 3, 4 or 5 board cards, all distinct card numbers 0 to 51"
    " (read text with parse_cards)"
)
# The key layout of OmahaLookups: card bits (suit-major) from 0, suit counters from 52,
# rank codes from 72. A board's counters start at 5, a hand's at 6: three board cards or
# two hole cards of a suit set its counter's top bit, and a flush needs both.
_CARDS: Final = (1 << 52) - 1
_FLAGS: Final = 0x8888 << PY_SUITS_AT
_BOARD_BIAS: Final = 0x5555 << PY_SUITS_AT
_HOLE_BIAS: Final = 0x6666 << PY_SUITS_AT
_SUIT_AT: Final = {0x8 << PY_SUITS_AT << 4 * s: 13 * s for s in range(4)}  # flag -> its field
_SUIT: Final = 0x1FFF

# Empty until first use, so the fast paths never test whether the tables are built: the
# first call fails a key lookup and loads (_load binds the tables here, then fills the
# keys), and retries.
_BOARD_KEYS: Final[dict[int, int]] = {}
_HOLE_KEYS: Final[dict[int, int]] = {}
_ROWS: list[int] = []
_COLUMNS: list[int] = []
_HIGH = array("H")
_FLUSH = array("H")
_FLUSH_ROWS: list[int] = []
_FLUSH_COLUMNS: list[int] = []
_FLUSH_HANDS = array("H")
_LOW: list[int] = []
_LOW_BITS: list[int] = []  # card -> its bit among the low ranks (ace 1, eight 128)
_LOCK: Final = threading.Lock()


def _load() -> None:
    global _ROWS, _COLUMNS, _HIGH, _FLUSH, _FLUSH_ROWS, _FLUSH_COLUMNS, _FLUSH_HANDS, _LOW
    global _LOW_BITS
    with _LOCK:
        if _HOLE_KEYS:
            return
        t = omaha_lookups()  # bound, not copied: the tables are tens of megabytes
        _ROWS, _COLUMNS, _HIGH, _FLUSH = t.board_rows, t.hole_columns, t.high, t.flush
        _FLUSH_ROWS, _FLUSH_COLUMNS, _FLUSH_HANDS = t.flush_rows, t.flush_columns, t.flush_hands
        _LOW, _LOW_BITS = t.low, t.low_bits
        _BOARD_KEYS.update(t.board_keys)
        _HOLE_KEYS.update(t.hole_keys)  # last: a call that finds them finds every table


# --- high ----------------------------------------------------------------------------------


def omaha4(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int) -> int:
    """The high value of four hole cards ``a b c d`` and a board ``e f g h i``, unchecked.

    The caller promises nine distinct cards; use :func:`evaluate_omaha` for untrusted
    input (it is as fast: the check costs about what a call costs).

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import describe, evaluate
    >>> value = omaha4(*parse_cards("As Ad Kc Qd"), *parse_cards("Ah 7s 7d 2c 3h"))
    >>> value == evaluate(parse_cards("As Ad Ah 7s 7d")), describe(value)
    (True, 'Full house, aces full of sevens')
    """
    try:
        return _high4(a, b, c, d, e, f, g, h, i)
    except KeyError:
        _load()
        return evaluate_omaha((a, b, c, d), (e, f, g, h, i))


def _high4(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int) -> int:
    kb = _BOARD_KEYS
    kh = _HOLE_KEYS
    board = _BOARD_BIAS + kb[e] + kb[f] + kb[g] + kb[h] + kb[i]
    hole = _HOLE_BIAS + kh[a] + kh[b] + kh[c] + kh[d]
    value = _HIGH[_ROWS[board >> PY_RANKS_AT] + _COLUMNS[hole >> PY_RANKS_AT]]
    flags = board & hole & _FLAGS
    if flags:
        at = _SUIT_AT[flags]
        flush = _FLUSH_HANDS[_FLUSH_ROWS[board >> at & _SUIT] + _FLUSH_COLUMNS[hole >> at & _SUIT]]
        if flush > value:
            return flush
    return value


def omaha5(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int, j: int) -> int:
    """The high value of five hole cards ``a``..``e`` and a board ``f``..``j``, unchecked.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import describe
    >>> describe(omaha5(*parse_cards("2c 3d 4h 9s 9c"), *parse_cards("9d 5s 8c Kh Ad")))
    'Three of a kind, nines, ace-king kickers'
    """
    try:
        kh = _HOLE_KEYS
        return _many((kh[a] + kh[b], kh[c], kh[d], kh[e]), (f, g, h, i, j))
    except KeyError:
        _load()
        return evaluate_omaha((a, b, c, d, e), (f, g, h, i, j))


def omaha6(
    a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int, j: int, m: int
) -> int:
    """The high value of six hole cards ``a``..``f`` and a board ``g``..``m``, unchecked.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import describe
    >>> describe(omaha6(*parse_cards("Ks Kh 2c 3d 4h 5s"), *parse_cards("Kd Qc Jh 9s 7c")))
    'Three of a kind, kings, queen-jack kickers'
    """
    try:
        kh = _HOLE_KEYS
        return _many((kh[a] + kh[b], kh[c] + kh[d], kh[e] + kh[f]), (g, h, i, j, m))
    except KeyError:
        _load()
        return evaluate_omaha((a, b, c, d, e, f), (g, h, i, j, m))


def _many(parts: tuple[int, ...], board: tuple[int, ...]) -> int:
    """Five or six hole cards as the sums of their keys, in the groups of HOLE_SETS.

    Five: ``ab, c, d, e``, valued as abcd, abce, abde; six: ``ab, cd, ef``, valued as
    abcd, abef, cdef. Every pair of hole cards lies in one of those sets of four.
    """
    kb = _BOARD_KEYS
    e, f, g, h, i = board
    key = _BOARD_BIAS + kb[e] + kb[f] + kb[g] + kb[h] + kb[i]
    row = _ROWS[key >> PY_RANKS_AT]
    columns = _COLUMNS
    high = _HIGH
    if len(parts) == 4:
        ab, c, d, x = parts
        fours = (ab + c + d, ab + c + x, ab + d + x)
    else:
        ab, cd, ef = parts
        fours = (ab + cd, ab + ef, cd + ef)
    value = max(high[row + columns[four >> PY_RANKS_AT]] for four in fours)
    hole = _HOLE_BIAS + sum(parts)
    flags = key & hole & _FLAGS
    if flags:
        at = _SUIT_AT[flags]
        flush = _flush(key >> at & _SUIT, hole >> at & _SUIT)
        if flush > value:
            return flush
    return value


def _flush(board: int, hole: int) -> int:
    """The best flush of two ranks of a hole suit mask with three of a board suit mask."""
    if hole.bit_count() <= 4:
        return _FLUSH_HANDS[_FLUSH_ROWS[board] + _FLUSH_COLUMNS[hole]]
    ranks = [r for r in range(13) if hole >> r & 1]
    row = board * 169
    return max(_FLUSH[row + 13 * x + y] for x, y in combinations(ranks, 2))


assert HOLE_SETS[5] == ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4))  # as _many reads five
assert HOLE_SETS[6] == ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5))  # and six


def evaluate_omaha(hole: Collection[int], board: Collection[int]) -> int:
    """The Omaha high value of 4, 5 or 6 hole cards with 3, 4 or 5 board cards (RULES 11.1).

    The best five cards of exactly two hole cards and exactly three board cards,
    valued as :func:`~bigblind.evaluation.scalar.evaluate` values five cards.
    Checked: a wrong count, a card outside 0..51 or a card given twice raises
    :class:`~bigblind.errors.CardError`.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import describe
    >>> describe(evaluate_omaha(parse_cards("Ah Kh Qh Jh"), parse_cards("Th 9c 9d 3s 2h")))
    'One pair, nines, ace-king-ten kickers'
    >>> describe(evaluate_omaha(parse_cards("As Ad Ah 2c"), parse_cards("Ks Qd Jh")))
    'One pair, aces, king-queen-jack kickers'
    >>> evaluate_omaha(parse_cards("As Ad Ah 2c"), parse_cards("As Qd Jh"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate As Ad Ah 2c with As Qd Jh: As is given twice; ...
    """
    try:
        a, b, c, d = hole  # the common case first, written out: a call costs a tenth
        e, f, g, h, i = board
        kb = _BOARD_KEYS
        kh = _HOLE_KEYS
        table = _BOARD_BIAS + kb[e] + kb[f] + kb[g] + kb[h] + kb[i]
        own = _HOLE_BIAS + kh[a] + kh[b] + kh[c] + kh[d]
        # nine distinct cards set nine card bits; a repeat carries and sets fewer
        if ((table + own) & _CARDS).bit_count() == 9:
            value = _HIGH[_ROWS[table >> PY_RANKS_AT] + _COLUMNS[own >> PY_RANKS_AT]]
            flags = table & own & _FLAGS
            if flags:
                at = _SUIT_AT[flags]
                flush = _FLUSH_HANDS[
                    _FLUSH_ROWS[table >> at & _SUIT] + _FLUSH_COLUMNS[own >> at & _SUIT]
                ]
                if flush > value:
                    return flush
            return value
    except (KeyError, TypeError, ValueError):
        pass
    cards, shared = _check(hole, board)
    if len(shared) == 5:
        if len(cards) == 4:
            return _high4(*cards, *shared)
        kh = _HOLE_KEYS
        keys = [kh[card] for card in cards]
        if len(cards) == 5:
            return _many((keys[0] + keys[1], keys[2], keys[3], keys[4]), shared)
        return _many((keys[0] + keys[1], keys[2] + keys[3], keys[4] + keys[5]), shared)
    pairs = list(combinations(cards, 2))
    return max(evaluate5(x, y, *three) for three in combinations(shared, 3) for x, y in pairs)


def _check(hole: Any, board: Any) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``hole`` and ``board`` as cards, or a :class:`CardError` saying what is wrong."""
    _load()
    parts = [checked_cards(cards, _ACCEPTED) for cards in (hole, board)]
    own, shared = parts
    text = f"{format_cards(own, ' ') or 'no cards'} with {format_cards(shared, ' ') or 'no board'}"
    if len(own) not in _HOLE_SIZES or len(shared) not in _BOARD_SIZES:
        raise CardError(
            f"cannot evaluate {len(own)} hole cards with {len(shared)} board cards ({text}):"
            f" accepted are {_ACCEPTED}"
        )
    refuse_repeats(own + shared, text, _ACCEPTED)
    return own, shared


def omaha_hand(hole: Collection[int], board: Collection[int]) -> HandValue:
    """The best Omaha high hand as a :class:`~bigblind.evaluation.scalar.HandValue`.

    Its five cards are the two hole cards and three board cards that make it, most
    significant first (as :func:`~bigblind.evaluation.scalar.evaluate_hand` orders them).

    >>> from bigblind.cards import format_cards, parse_cards
    >>> best = omaha_hand(parse_cards("Ah Kh 7c 7d"), parse_cards("Qh Jh 2h 7s 3c"))
    >>> best.description, format_cards(best.cards, " ")
    ('Flush, ace high, king-queen-jack-two', 'Ah Kh Qh Jh 2h')
    """
    cards, table = _check(hole, board)
    value = evaluate_omaha(cards, table)
    for x, y in combinations(cards, 2):
        for three in combinations(table, 3):
            five = (x, y, *three)
            if evaluate5(*five) == value:
                pool = sorted(five, reverse=True)
                best = []
                for rank in rank_pattern(value):
                    card = next(c for c in pool if c.rank == rank)
                    pool.remove(card)
                    best.append(card)
                return HandValue(
                    value=value,
                    category=category(value),
                    cards=tuple(best),
                    description=describe(value),
                )
    raise AssertionError("no five cards make the value found")  # pragma: no cover


# --- low -----------------------------------------------------------------------------------


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """The low value of 4 to 6 hole cards with a five-card board, unchecked: 0 for no low.

    >>> from bigblind.cards import parse_cards
    >>> describe_low(omaha_low(parse_cards("Ac 2d 3h Ks"), parse_cards("4c 8d 7h 9s Kd")))
    '8-7-4-2-A low'
    >>> omaha_low(parse_cards("Ac 2d 3h Ks"), parse_cards("4c 8d 8h 9s Kd"))  # one low rank
    0
    """
    bits = _LOW_BITS
    try:
        hand = 0
        for card in hole:
            hand |= bits[card]
        table = 0
        for card in board:
            table |= bits[card]
        return _LOW[table << 8 | hand]
    except IndexError:
        pass
    _load()
    return evaluate_omaha_low(hole, board) or 0


def evaluate_omaha_low(hole: Collection[int], board: Collection[int]) -> int | None:
    """The low of 8 or better of an Omaha hi-lo hand (RULES 11.2), or ``None``.

    Five cards of different ranks, none above an eight, the ace low, made of
    exactly two hole cards and exactly three board cards; straights and flushes
    do not matter. Values run from 1 (8-7-6-5-4) to :data:`LOW_CLASSES`
    (5-4-3-2-A); a higher value is the better low. Checked as
    :func:`evaluate_omaha`.

    >>> from bigblind.cards import parse_cards
    >>> low = evaluate_omaha_low(parse_cards("Ah 3h Kc Kd"), parse_cards("2h 6h 8c Qs Jd"))
    >>> describe_low(low)
    '8-6-3-2-A low'
    >>> evaluate_omaha_low(parse_cards("Ah 2h 3c 4d"), parse_cards("5h 6h Kc Qs Jd")) is None
    True
    """
    k = _HOLE_KEYS
    try:
        if len(hole) == 4 and len(board) == 5:
            a, b, c, d = hole
            e, f, g, h, i = board
            present = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g] + k[h] + k[i]
            if (present & _CARDS).bit_count() == 9:  # nine distinct cards (see evaluate_omaha)
                low = _LOW_BITS
                value = _LOW[
                    (low[e] | low[f] | low[g] | low[h] | low[i]) << 8
                    | low[a]
                    | low[b]
                    | low[c]
                    | low[d]
                ]
                return value or None
    except (KeyError, TypeError, ValueError):
        pass
    cards, table = _check(hole, board)
    if len(table) == 5 and len(cards) == 4:
        return evaluate_omaha_low(cards, table)
    best = 0
    for x, y in combinations(cards, 2):
        for three in combinations(table, 3):
            best = max(best, _five_low((x, y, *three)))
    return best or None


def _five_low(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= _LOW_BITS[card]
    if mask.bit_count() != 5:
        return 0
    return _LOW[mask << 8 | mask]  # the five ranks on the board and in the hand alike


def describe_low(value: int | None) -> str:
    """A low value in words: ``'Wheel, 5-4-3-2-A'``, ``'8-6-5-4-3 low'`` or ``'No low'``.

    >>> describe_low(LOW_CLASSES), describe_low(1), describe_low(None)
    ('Wheel, 5-4-3-2-A', '8-7-6-5-4 low', 'No low')
    """
    if value is None or value == 0:
        return "No low"
    text = "-".join("A" if r == 12 else str(r + 2) for r in low_ranks(value))
    return f"Wheel, {text}" if value == LOW_CLASSES else f"{text} low"


@dataclass(frozen=True, slots=True, order=True, kw_only=True)
class LowHand:
    """A qualifying low with its five cards (highest first) and its description.

    Lows order by ``value`` alone, higher the better (RULES 11.2).

    >>> from bigblind.cards import format_cards, parse_cards
    >>> low = omaha_low_hand(parse_cards("Ac 2d Kh Ks"), parse_cards("3h 4s 7c Qd Qc"))
    >>> low is not None and (low.description, format_cards(low.cards, " "))
    ('7-4-3-2-A low', '7c 4s 3h 2d Ac')
    """

    value: int
    cards: tuple[Card, ...] = field(compare=False)
    description: str = field(compare=False)


def omaha_low_hand(hole: Collection[int], board: Collection[int]) -> LowHand | None:
    """The best low of an Omaha hi-lo hand as a :class:`LowHand`, or ``None`` (RULES 11.2).

    >>> from bigblind.cards import parse_cards
    >>> omaha_low_hand(parse_cards("Ac 2d Kh Ks"), parse_cards("3h 4s 9c Qd Qc")) is None
    True
    """
    cards, table = _check(hole, board)
    value = evaluate_omaha_low(cards, table)
    if value is None:
        return None
    for x, y in combinations(cards, 2):
        for three in combinations(table, 3):
            five = (x, y, *three)
            if _five_low(five) == value:
                order = sorted(five, key=lambda c: LOW_RANKS[c.rank], reverse=True)
                return LowHand(value=value, cards=tuple(order), description=describe_low(value))
    raise AssertionError("no five cards make the low found")  # pragma: no cover
