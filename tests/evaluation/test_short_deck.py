"""Short-deck values against a brute force written here (RULES 11.3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.cards import parse_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.short_deck import (
    SHORT_DECK,
    SHORT_DECK_CLASSES,
    ShortDeckCategory,
    describe_short_deck,
    evaluate_short_deck,
    short_deck7,
    short_deck_category,
    short_deck_hand,
    short_deck_pattern,
)
from bigblind.evaluation.short_deck_batch import evaluate_short_deck_batch

# The short-deck order of RULES 11.3, lowest first, as this test numbers it.
ORDER = ["high", "pair", "two pair", "straight", "trips", "full", "flush", "quads", "sf"]


def naive_five(cards: Sequence[int]) -> tuple[int, ...]:
    """A five-card short-deck hand as a tuple, larger is better."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = -1
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 7, 6, 5, 4]:
        top = 7  # A-6-7-8-9: nine high, the lowest straight
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if top >= 0 and flush:
        return (ORDER.index("sf"), top)
    if shape == [4, 1]:
        return (ORDER.index("quads"), *order)
    if flush:
        return (ORDER.index("flush"), *ranks)
    if shape == [3, 2]:
        return (ORDER.index("full"), *order)
    if shape == [3, 1, 1]:
        return (ORDER.index("trips"), *order)
    if top >= 0:
        return (ORDER.index("straight"), top)
    if shape == [2, 2, 1]:
        return (ORDER.index("two pair"), *order)
    if shape == [2, 1, 1, 1]:
        return (ORDER.index("pair"), *order)
    return (ORDER.index("high"), *ranks)


def naive(cards: Sequence[int]) -> tuple[int, ...]:
    return max(naive_five(five) for five in combinations(cards, 5))


def test_values_match_the_brute_force_on_random_hands() -> None:
    # RULES 11.3: the best five of seven, in the short-deck order
    rng = random.Random(3)
    deck = list(SHORT_DECK)
    sample = [rng.sample(deck, rng.choice((5, 6, 7, 7))) for _ in range(8000)]
    ours = [evaluate_short_deck(h) for h in sample]
    pairs = sorted(set(zip((naive(h) for h in sample), ours, strict=True)))
    assert len({t for t, _ in pairs}) == len(pairs) == len({o for _, o in pairs})
    assert all(a[1] < b[1] for a, b in pairwise(pairs))
    for hand, value in zip(sample, ours, strict=True):
        assert ORDER[naive(hand)[0]] == ORDER[short_deck_category(value)]


def test_a_flush_beats_a_full_house_and_trips_beat_a_straight() -> None:
    # RULES 11.3
    flush = evaluate_short_deck(parse_cards("6h 8h 9h Jh Qh"))
    full = evaluate_short_deck(parse_cards("Ac Ad As Kc Kd"))
    trips = evaluate_short_deck(parse_cards("6c 6d 6h 7s 8d"))
    straight = evaluate_short_deck(parse_cards("Tc Jd Qh Ks Ad"))
    assert flush > full and trips > straight
    # seven cards holding a flush and a full house play the flush
    both = evaluate_short_deck(parse_cards("Kh Kd Ks 9h 9c 7h 6h"))
    assert short_deck_category(both) is ShortDeckCategory.FULL_HOUSE
    both = evaluate_short_deck(parse_cards("Kh Kd Ks 9h 7h 6h Th"))
    assert short_deck_category(both) is ShortDeckCategory.FLUSH
    # seven cards holding trips and a straight play the trips
    both = evaluate_short_deck(parse_cards("6c 7d 8h 9s Tc Td Th"))
    assert describe_short_deck(both) == "Three of a kind, tens, nine-eight kickers"


def test_ace_six_seven_eight_nine_is_the_lowest_straight() -> None:
    # RULES 11.3: the ace plays low there and nowhere else
    wheel = evaluate_short_deck(parse_cards("Ac 6d 7h 8s 9c"))
    assert describe_short_deck(wheel) == "Straight, nine high"
    assert wheel < evaluate_short_deck(parse_cards("6c 7d 8h 9s Tc"))
    assert short_deck_pattern(wheel) == (7, 6, 5, 4, 12)
    steel = evaluate_short_deck(parse_cards("Ah 6h 7h 8h 9h"))
    assert describe_short_deck(steel) == "Straight flush, nine high"
    # no wrap round the ace
    assert short_deck_category(evaluate_short_deck(parse_cards("Qc Kd Ah 6s 7c"))) is (
        ShortDeckCategory.HIGH_CARD
    )


def test_the_names_are_in_short_deck_order() -> None:
    # RULES 11.3: "a flush beats a full house" reads off the categories' order
    labels = [c.label for c in ShortDeckCategory]
    assert labels == [
        "High card",
        "One pair",
        "Two pair",
        "Straight",
        "Three of a kind",
        "Full house",
        "Flush",
        "Four of a kind",
        "Straight flush",
    ]
    seen = [short_deck_category(v) for v in range(1, SHORT_DECK_CLASSES + 1)]
    assert seen == sorted(seen)
    assert Counter(seen) == {
        ShortDeckCategory.HIGH_CARD: 120,
        ShortDeckCategory.ONE_PAIR: 504,
        ShortDeckCategory.TWO_PAIR: 252,
        ShortDeckCategory.STRAIGHT: 6,
        ShortDeckCategory.THREE_OF_A_KIND: 252,
        ShortDeckCategory.FULL_HOUSE: 72,
        ShortDeckCategory.FLUSH: 120,
        ShortDeckCategory.FOUR_OF_A_KIND: 72,
        ShortDeckCategory.STRAIGHT_FLUSH: 6,
    }


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9d 8d 7d 6d Ad", "Straight flush, nine high"),
        ("7c 7d 7h 7s Ah", "Four of a kind, sevens, ace kicker"),
        ("Ah Jh 9h 7h 6h", "Flush, ace high, jack-nine-seven-six"),
        ("6c 6d 6h Ks Kd", "Full house, sixes full of kings"),
        ("Tc Td Th 7s 6d", "Three of a kind, tens, seven-six kickers"),
        ("Kc Qd Jh Ts 9d", "Straight, king high"),
        ("Kc Kd 9h 9s 6d", "Two pair, kings and nines, six kicker"),
        ("Ac Ad 9h 8s 6d", "One pair, aces, nine-eight-six kickers"),
        ("Ac Qd 9h 8s 6d", "High card, ace, queen-nine-eight-six"),
    ],
)
def test_every_form_of_a_name(cards: str, text: str) -> None:
    assert describe_short_deck(evaluate_short_deck(parse_cards(cards))) == text


def test_best_hand_shows_its_five_cards() -> None:
    hand = short_deck_hand(parse_cards("Kh Kd Ks 9h 7h 6h Th"))
    assert hand.category is ShortDeckCategory.FLUSH
    assert evaluate_short_deck(hand.cards) == hand.value


def test_bad_input_is_refused() -> None:
    with pytest.raises(CardError, match="5c is not in the short deck"):
        evaluate_short_deck(parse_cards("5c 7d 8h 9s Tc"))
    with pytest.raises(CardError, match="Tc is given twice"):
        evaluate_short_deck(parse_cards("Tc 7d 8h 9s Tc"))
    with pytest.raises(CardError, match="4 cards"):
        evaluate_short_deck(parse_cards("Tc 7d 8h 9s"))
    with pytest.raises(BigblindError, match="accepted are ints 1 to 1404"):
        describe_short_deck(0)


@settings(max_examples=150, deadline=None)
@given(st.permutations(SHORT_DECK), st.permutations(range(4)))
def test_seven_card_values_ignore_order_and_suit_names(deck: list[int], suits: list[int]) -> None:
    hand = deck[:7]
    value = evaluate_short_deck(hand)
    assert short_deck7(*hand) == value == evaluate_short_deck(hand[::-1])
    assert evaluate_short_deck([c & ~3 | suits[c & 3] for c in hand]) == value
    assert value >= evaluate_short_deck(hand[:5])


def test_batch_equals_scalar() -> None:
    rng = np.random.default_rng(7)
    deck = np.arange(16, 52, dtype=np.int64)
    for size in (5, 7):
        hands = rng.permuted(np.tile(deck, (10_000, 1)), axis=1)[:, :size]
        expected = [evaluate_short_deck(h) for h in hands.tolist()]
        assert evaluate_short_deck_batch(hands).tolist() == expected
    with pytest.raises(CardError, match=r"row 1 .*2c is not in the short deck"):
        evaluate_short_deck_batch(np.array([[16, 20, 24, 28, 33], [0, 20, 24, 28, 33]]))
    with pytest.raises(CardError, match="6c is given twice"):
        evaluate_short_deck_batch(np.array([[16, 16, 24, 28, 33]]))


def test_hands_tie_by_value_whichever_cards_made_them() -> None:
    spades = short_deck_hand(parse_cards("As Ks Qd Jc Th"))
    hearts = short_deck_hand(parse_cards("Ah Kh Qc Jd Ts"))
    assert spades == hearts and spades.cards != hearts.cards
    assert short_deck_hand(parse_cards("Ac 6d 7h 8s 9c")) < spades
