"""The other games' values against PokerKit's on random hands (RULES 11.1-11.3).

Where PokerKit and RULES differ, RULES wins and the test says where: PokerKit's
short deck ranks a straight above three of a kind; RULES 11.3 ranks three of a
kind above a straight.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest

from bigblind.cards import format_cards, parse_cards
from bigblind.evaluation.omaha import evaluate_omaha, evaluate_omaha_low
from bigblind.evaluation.short_deck import (
    SHORT_DECK,
    ShortDeckCategory,
    evaluate_short_deck,
    short_deck_category,
)

pokerkit = pytest.importorskip("pokerkit")


def same_order(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """Whether two evaluators order and tie the same hands alike (theirs compare as hands)."""
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for a, b in pairwise(order):
        if (ours[a] == ours[b]) != (theirs[a] == theirs[b]) or (
            ours[a] < ours[b] and not theirs[a] < theirs[b]
        ):
            return False
    return True


def text(cards: Sequence[int]) -> str:
    return format_cards(list(cards))


@pytest.mark.parametrize("size", [4, 5, 6])
def test_omaha_high_orders_hands_as_pokerkit(size: int) -> None:
    # RULES 11.1: exactly two hole cards and three board cards, in both
    rng = random.Random(size)
    ours: list[int] = []
    theirs: list[Any] = []
    for _ in range(300):
        cards = rng.sample(range(52), size + 5)
        hole, board = cards[:size], cards[size:]
        ours.append(evaluate_omaha(hole, board))
        theirs.append(pokerkit.OmahaHoldemHand.from_game(text(hole), text(board)))
    assert same_order(ours, theirs)


def test_the_low_orders_hands_as_pokerkit() -> None:
    # RULES 11.2: PokerKit's eight-or-better low, exactly two plus three
    rng = random.Random(8)
    ours: list[int] = []
    theirs: list[Any] = []
    lows = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    while len(ours) < 300:
        cards = rng.sample(lows, 6) + rng.sample(range(52), 3)
        if len(set(cards)) < 9:
            continue
        rng.shuffle(cards)
        hole, board = cards[:4], cards[4:]
        low = evaluate_omaha_low(hole, board)
        try:
            their = pokerkit.OmahaEightOrBetterLowHand.from_game(text(hole), text(board))
        except ValueError:  # PokerKit has no hand where no low qualifies
            assert low is None
            continue
        assert low is not None
        ours.append(low)
        theirs.append(their)
    assert same_order(ours, theirs)


def test_short_deck_orders_hands_as_pokerkit_but_for_trips_and_straights() -> None:
    # RULES 11.3 against PokerKit's short deck: the same order where neither evaluator
    # names a straight or three of a kind; there, PokerKit ranks the straight higher
    rng = random.Random(6)
    ours: list[int] = []
    theirs: list[Any] = []
    disputed = {ShortDeckCategory.STRAIGHT, ShortDeckCategory.THREE_OF_A_KIND}
    for _ in range(600):
        cards = rng.sample(SHORT_DECK, 7)
        value = evaluate_short_deck(cards)
        their = pokerkit.ShortDeckHoldemHand.from_game(text(cards[:2]), text(cards[2:]))
        if short_deck_category(value) in disputed or their.entry.label.value in (
            "Straight",
            "Three of a kind",
        ):
            continue
        ours.append(value)
        theirs.append(their)
    assert len(ours) > 400
    assert same_order(ours, theirs)


def test_pokerkit_plays_the_straight_where_rules_play_the_trips() -> None:
    # RULES 11.3: three of a kind beats a straight; PokerKit's short deck says otherwise
    trips, straight = "6c 6d 6h 7s 8d Kc Qc", "Tc Jd Qh Ks Ad 7c 6s"
    assert evaluate_short_deck(parse_cards(trips)) > evaluate_short_deck(parse_cards(straight))
    hand = pokerkit.ShortDeckHoldemHand.from_game
    assert hand(trips[:5], trips[6:]) < hand(straight[:5], straight[6:])
    # seven cards holding both: RULES play the trips, PokerKit the straight
    both = "6c 7d 8h 9s Tc Td Th"
    assert short_deck_category(evaluate_short_deck(parse_cards(both))) is (
        ShortDeckCategory.THREE_OF_A_KIND
    )
    assert hand(both[:5], both[6:]).entry.label.value == "Straight"
