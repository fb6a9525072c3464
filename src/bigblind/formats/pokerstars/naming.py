"""Hand values in PokerStars' words: :func:`describe_hand` and the kicker note of a shown hand.

>>> from bigblind.cards import parse_cards
>>> from bigblind.evaluation.scalar import evaluate
>>> describe_hand(evaluate(parse_cards("7h 7d 7s 2c 3d")))
'three of a kind, Sevens'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bigblind.evaluation.scalar import Category, category, rank_pattern

__all__ = ["describe_hand"]

_NAMES: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURALS: Final = tuple(name + ("es" if name == "Six" else "s") for name in _NAMES)
# How many leading ranks of a value's rank pattern name the hand; the others are
# kickers, which PokerStars adds to a shown hand only to tell it from one shown before.
_NAMED_RANKS: Final = {
    Category.HIGH_CARD: 1,
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}


def describe_hand(value: int) -> str:
    """A hand value in PokerStars' words, e.g. ``'a full house, Kings full of Fours'``.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation.scalar import evaluate
    >>> describe_hand(evaluate(parse_cards("Kh Kd 4s 4c Ks 9d 2c")))
    'a full house, Kings full of Fours'
    >>> describe_hand(evaluate(parse_cards("Ad 2c 3h 4s 5d Kc Kd")))
    'a straight, Ace to Five'
    """
    cat = category(value)
    ranks = rank_pattern(value)
    name, plural = _NAMES, _PLURALS
    if cat is Category.HIGH_CARD:
        return f"high card {name[ranks[0]]}"
    if cat is Category.ONE_PAIR:
        return f"a pair of {plural[ranks[0]]}"
    if cat is Category.TWO_PAIR:
        return f"two pair, {plural[ranks[0]]} and {plural[ranks[2]]}"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {plural[ranks[0]]}"
    if cat is Category.STRAIGHT:
        return f"a straight, {name[ranks[4]]} to {name[ranks[0]]}"
    if cat is Category.FLUSH:
        return f"a flush, {name[ranks[0]]} high"
    if cat is Category.FULL_HOUSE:
        return f"a full house, {plural[ranks[0]]} full of {plural[ranks[3]]}"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {plural[ranks[0]]}"
    if ranks[0] == 12:
        return "a Royal Flush"
    return f"a straight flush, {name[ranks[4]]} to {name[ranks[0]]}"


def kicker_words(value: int, earlier: Iterable[int]) -> str:
    """The kicker PokerStars adds to a shown hand that ties an earlier one but for kickers.

    Against the best such earlier hand: ``' - Ace+King kicker'`` (the kickers
    up to the first that differs) when this hand is better, ``' - lower
    kicker'`` when it is worse, nothing when they are equal.
    """
    cat = category(value)
    named = _NAMED_RANKS.get(cat)
    if named is None:
        return ""
    ranks = rank_pattern(value)
    rivals = [v for v in earlier if category(v) is cat and rank_pattern(v)[:named] == ranks[:named]]
    if not rivals:
        return ""
    best = max(rivals)
    if best == value:
        return ""
    if value < best:
        return " - lower kicker"
    other = rank_pattern(best)
    last = next(i for i in range(named, 5) if ranks[i] != other[i])
    return " - " + "+".join(_NAMES[r] for r in ranks[named : last + 1]) + " kicker"
