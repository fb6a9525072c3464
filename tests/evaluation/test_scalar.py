"""Tests of the hand evaluator against RULES 6.1-6.3 and an independent reference."""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bigblind
from bigblind.cards import format_cards, parse_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.scalar import (
    HAND_CLASSES,
    Category,
    HandValue,
    category,
    describe,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_hand,
    rank_pattern,
)

# Defined in scalar.py itself: compiled, mypyc keeps their signatures but not their docs.
COMPILED_WITHOUT_DOCS = {
    "HandValue",
    "checked_cards",
    "refuse_repeats",
    "repeated_card",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_hand",
}

# --- an independent, obviously correct reference ------------------------------------------

RefKey = tuple[int, tuple[int, ...]]


def reference_key(five: Sequence[int]) -> RefKey:
    """Category and tie-break ranks of exactly five cards, straight from RULES 6.2 and 6.3."""
    assert len(five) == 5
    ranks = sorted((card // 4 for card in five), reverse=True)
    is_flush = len({card % 4 for card in five}) == 1
    counts = Counter(ranks)
    # ranks ordered by how often they occur, then by rank: trips before pair, pair before kickers
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = [counts[rank] for rank in grouped]
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low, five high
            straight_top = 3
    if straight_top is not None and is_flush:
        return 8, (straight_top,)
    if shape == [4, 1]:
        return 7, tuple(grouped)
    if shape == [3, 2]:
        return 6, tuple(grouped)
    if is_flush:
        return 5, tuple(ranks)
    if straight_top is not None:
        return 4, (straight_top,)
    if shape == [3, 1, 1]:
        return 3, tuple(grouped)
    if shape == [2, 2, 1]:
        return 2, tuple(grouped)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(grouped)
    return 0, tuple(ranks)


def reference_best(cards: Sequence[int]) -> RefKey:
    """The best five of any number of cards by trying every five-card subset (RULES 6.1)."""
    return max(reference_key(five) for five in combinations(cards, 5))


def assert_same_order(pairs: list[tuple[RefKey, int]]) -> None:
    """Values must order hands exactly as the reference keys do, ties included."""
    pairs.sort()
    for (key_a, value_a), (key_b, value_b) in pairwise(pairs):
        if key_a == key_b:
            assert value_a == value_b, (key_a, value_a, value_b)
        else:
            assert value_a < value_b, (key_a, key_b, value_a, value_b)


def value(text: str) -> int:
    return evaluate(parse_cards(text))


# --- RULES 6.2: every five-card hand --------------------------------------------------------

PUBLISHED_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


def test_rules_6_2_all_2598960_five_card_hands() -> None:
    # RULES 6.2: the published category counts, and exactly 7,462 distinct values 1..7462
    counts = Counter(map(evaluate, combinations(range(52), 5)))
    assert sum(counts.values()) == 2_598_960
    assert len(counts) == HAND_CLASSES == 7462
    assert set(counts) == set(range(1, 7463))
    per_category: Counter[Category] = Counter()
    for hand_value, count in counts.items():
        per_category[category(hand_value)] += count
    assert per_category == PUBLISHED_COUNTS


def test_rules_6_2_unchecked_five_card_path_agrees() -> None:
    hands = list(combinations(range(0, 52, 3), 5))  # 1,287 hands, spread over all suits
    assert [evaluate5(*hand) for hand in hands] == [evaluate(hand) for hand in hands]


def test_rules_6_3_five_card_values_order_like_the_reference() -> None:
    # RULES 6.3: every tie-break, checked on a random sample against the reference ranking
    rng = random.Random(20240601)
    hands = [rng.sample(range(52), 5) for _ in range(40_000)]
    # and one hand of every value class, so that every class is compared with its neighbours
    seen: dict[int, tuple[int, ...]] = {}
    for five in combinations(range(52), 5):
        seen.setdefault(evaluate5(*five), five)
    pairs = [(reference_key(hand), evaluate(hand)) for hand in [*hands, *seen.values()]]
    assert_same_order(pairs)


def test_rules_6_1_seven_cards_match_brute_force() -> None:
    # RULES 6.1: the value of seven cards is the value of their best five
    rng = random.Random(7)
    pairs = []
    for _ in range(20_000):
        hand = rng.sample(range(52), 7)
        hand_value = evaluate(hand)
        assert hand_value == max(evaluate(five) for five in combinations(hand, 5))
        assert evaluate7(*hand) == hand_value
        pairs.append((reference_best(hand), hand_value))
    assert_same_order(pairs)


def test_rules_6_1_six_cards_match_brute_force() -> None:
    rng = random.Random(6)
    pairs = []
    for _ in range(10_000):
        hand = rng.sample(range(52), 6)
        hand_value = evaluate(hand)
        assert hand_value == max(evaluate(five) for five in combinations(hand, 5))
        assert evaluate6(*hand) == hand_value
        pairs.append((reference_best(hand), hand_value))
    assert_same_order(pairs)


def test_rules_6_1_seven_card_flushes_match_brute_force() -> None:
    # flushes are rare in random hands: deal many with five or more cards of one suit
    rng = random.Random(5)
    for _ in range(3_000):
        suited = rng.sample(range(13), rng.choice((5, 6, 7)))
        hand = [rank * 4 + 2 for rank in suited]
        hand += rng.sample([c for c in range(52) if c % 4 != 2], 7 - len(hand))
        rng.shuffle(hand)
        hand_value = evaluate(hand)
        assert hand_value == max(evaluate(five) for five in combinations(hand, 5))
        assert evaluate7(*hand) == hand_value
        assert category(hand_value) >= Category.FLUSH


def test_rules_6_2_category_order() -> None:
    # RULES 6.2: highest first: straight flush ... high card
    ladder = [
        ("Ac Kd 9h 5s 3c", Category.HIGH_CARD),
        ("2c 2d 3h 4s 6c", Category.ONE_PAIR),
        ("2c 2d 3h 3s 4c", Category.TWO_PAIR),
        ("2c 2d 2h 3s 4c", Category.THREE_OF_A_KIND),
        ("Ac 2d 3h 4s 5c", Category.STRAIGHT),
        ("2c 3c 4c 5c 7c", Category.FLUSH),
        ("2c 2d 2h 3s 3c", Category.FULL_HOUSE),
        ("2c 2d 2h 2s 3c", Category.FOUR_OF_A_KIND),
        ("Ac 2c 3c 4c 5c", Category.STRAIGHT_FLUSH),
    ]
    values = [value(text) for text, _ in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [category(v) for v in values] == [cat for _, cat in ladder]
    assert value("7c 5d 4h 3s 2c") == 1
    assert value("As Ks Qs Js Ts") == HAND_CLASSES


# --- RULES 6.2: the ace in straights --------------------------------------------------------


def test_rules_6_2_wheel_is_the_lowest_straight() -> None:
    wheel = value("Ac 2d 3h 4s 5c")
    assert category(wheel) is Category.STRAIGHT
    straights = [v for v in range(1, HAND_CLASSES + 1) if category(v) is Category.STRAIGHT]
    assert wheel == min(straights)
    assert wheel < value("2c 3d 4h 5s 6c")
    assert wheel > value("Ac Ad Ah Ks Qd")  # still a straight: beats any trips
    assert value("Tc Jd Qh Ks Ac") == max(straights)


def test_rules_6_2_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = value("Ah 2h 3h 4h 5h")
    assert category(steel) is Category.STRAIGHT_FLUSH
    assert steel == min(v for v in range(1, 7463) if category(v) is Category.STRAIGHT_FLUSH)
    assert value("Ac Ad Ah As Kc") < steel < value("2h 3h 4h 5h 6h")


@pytest.mark.parametrize("text", ["Kc Ad 2h 3s 4c", "Qc Kd Ah 2s 3c", "Jc Qd Kh As 2c"])
def test_rules_6_2_no_wrap_around_straights(text: str) -> None:
    assert category(value(text)) is Category.HIGH_CARD
    suited = format_cards(card - card % 4 for card in parse_cards(text))  # all clubs
    assert category(value(suited)) is Category.FLUSH


def test_rules_6_2_seven_cards_prefer_the_higher_straight() -> None:
    assert describe(value("Ac 2d 3h 4s 5c 6d 7h")) == "Straight, seven high"
    assert describe(value("Ac 2d 3h 4s 5c Kd Qh")) == "Straight, five high"
    assert describe(value("Ac 2c 3c 4c 5c 6d 7h")) == "Straight flush, five high"
    assert describe(value("Ac 2c 3c 4c 5c 6c Kc")) == "Straight flush, six high"


def test_rules_6_2_suits_never_rank() -> None:
    assert value("Ac Kd Qh Js 9c") == value("Ad Kc Qs Jh 9d")
    assert value("Ac Kc Qc Jc 9c") == value("As Ks Qs Js 9s")
    assert value("As Ks Qs Js Ts") == value("Ac Kc Qc Jc Tc")


# --- RULES 6.3: ties inside a category ------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # straight and straight flush by the top card
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),
        ("9h 8h 7h 6h 5h", "8s 7s 6s 5s 4s"),
        # quads by the quad rank, then the kicker
        ("Ac Ad Ah As 2c", "Kc Kd Kh Ks Ac"),
        ("Ac Ad Ah As Kd", "Ac Ad Ah As Qd"),
        # full house by the trips, then the pair
        ("3c 3d 3h 2s 2c", "2c 2d 2h As Ad"),
        ("Kc Kd Kh 4s 4c", "Ks Kd Kh 3s 3c"),
        # flush by all five cards in order
        ("Ac Jc 9c 6c 4c", "Ad Jd 9d 6d 3d"),
        ("Ac Kc 9c 7c 2c", "Ad Qd Jd 9d 8d"),
        # trips by the trips, then the kickers
        ("8c 8d 8h 3s 2c", "7c 7d 7h As Kd"),
        ("7c 7d 7h As 3d", "7s 7d 7h Ks Qd"),
        ("7c 7d 7h As 3d", "7s 7d 7h Ad 2s"),
        # two pair by the higher pair, the lower pair, then the kicker
        ("Ac Ad 2c 2d 3h", "Kc Kd Qc Qd Jh"),
        ("Ac Ad 9c 9d 3h", "As Ah 8c 8d Kh"),
        ("Ac Ad 9c 9d Kh", "As Ah 9s 9h Qh"),
        # one pair by the pair, then three kickers
        ("Jc Jd 2h 3c 4d", "Tc Td Ah Kc Qd"),
        ("Jc Jd Ah Kc 4d", "Js Jh Ad Qd Tc"),
        ("Jc Jd Ah Kc 5d", "Js Jh Ad Kd 4c"),
        # high card by all five cards in order
        ("Ac Jd 9h 6c 4d", "Ad Jc 9s 6h 3c"),
        ("Kc Qd Jh 9s 8c", "Kd Qc Jd 9c 7d"),
        # seven cards: a third pair only counts as a possible kicker
        ("Ac Ad 9c 9d 5h 5s 2h", "As Ah 9s 9h 4h 3c 2d"),
        ("Ac Ad 9c 9d Kh 5s 5h", "As Ah 9s 9h Qh Jc Tc"),
        # seven cards: two trips make a full house of the higher trips
        ("Kc Kd Kh 2s 2c 2d 3h", "Qc Qd Qh As Ad 4c 5d"),
    ],
)
def test_rules_6_3_tie_breaks(better: str, worse: str) -> None:
    assert value(better) > value(worse)
    assert category(value(better)) == category(value(worse))


@pytest.mark.parametrize(
    ("board", "first", "second"),
    [
        ("Ac Kd Qh Js Tc", "2c 3d", "4h 5s"),  # the board's straight plays for both
        ("As Ad Ah Ac Kd", "Qc Jc", "2s 3s"),  # quads on board, the king kicker too
        ("Ks Kd 9c 9h Ac", "2c 3d", "Qc Jd"),  # two pair and the board's ace kicker
        ("2h 5h 9h Jh Kh", "2c 3d", "4c 7d"),  # the board's flush
    ],
)
def test_rules_6_3_board_plays_splits(board: str, first: str, second: str) -> None:
    # RULES 6.1, 6.3: both players' best five is the board: equal values split
    assert value(f"{board} {first}") == value(f"{board} {second}") == value(board)


# --- words, patterns and best five cards ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9d 8d 7d 6d 5d 2c Ah", "Straight flush, nine high"),
        ("Ac 2c 3c 4c 5c", "Straight flush, five high"),
        ("Ac Ad Ah As Kd 2c 2d", "Four of a kind, aces, king kicker"),
        ("Kh Kd 4s 4c Ks 9d 2c", "Full house, kings full of fours"),
        ("6c 6d 6h Qs Qc Qd 2h", "Full house, queens full of sixes"),
        ("Ah Kh 9h 7h 4h 2h", "Flush, ace high, king-nine-seven-four"),
        ("Ac 2d 3h 4s 5c", "Straight, five high"),
        ("Tc Jd Qh Ks Ac", "Straight, ace high"),
        ("7c 7d 7h As Jd 2c 3d", "Three of a kind, sevens, ace-jack kickers"),
        ("As Ad 9c 9h Kd 2c 2d", "Two pair, aces and nines, king kicker"),
        ("Jh Js Ad Kc 4h", "One pair, jacks, ace-king-four kickers"),
        ("Ac 2d 3h 4s 5c 5d 8d", "Straight, five high"),
        ("6c 6d 7h 8s Tc Qd 2h", "One pair, sixes, queen-ten-eight kickers"),
        ("Ad Kc 9h 5s 3c", "High card, ace, king-nine-five-three"),
        ("7c 5d 4h 3s 2c", "High card, seven, five-four-three-two"),
    ],
)
def test_describe(text: str, words: str) -> None:
    assert describe(value(text)) == words
    assert evaluate_hand(parse_cards(text)).description == words


def test_category_labels() -> None:
    assert [cat.label for cat in Category] == [
        "High card",
        "One pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
    ]
    assert int(Category.HIGH_CARD) == 0 and int(Category.STRAIGHT_FLUSH) == 8


def test_rank_pattern_of_every_value_matches_its_category() -> None:
    shapes = {
        Category.HIGH_CARD: [1, 1, 1, 1, 1],
        Category.ONE_PAIR: [2, 1, 1, 1],
        Category.TWO_PAIR: [2, 2, 1],
        Category.THREE_OF_A_KIND: [3, 1, 1],
        Category.STRAIGHT: [1, 1, 1, 1, 1],
        Category.FLUSH: [1, 1, 1, 1, 1],
        Category.FULL_HOUSE: [3, 2],
        Category.FOUR_OF_A_KIND: [4, 1],
        Category.STRAIGHT_FLUSH: [1, 1, 1, 1, 1],
    }
    patterns = [rank_pattern(v) for v in range(1, HAND_CLASSES + 1)]
    assert len(set(patterns)) == HAND_CLASSES - 1277 - 10  # flushes repeat no-flush patterns
    for v, ranks in enumerate(patterns, start=1):
        counts = Counter(ranks)
        assert sorted(counts.values(), reverse=True) == shapes[category(v)]
        assert describe(v)


@pytest.mark.parametrize(
    ("text", "best"),
    [
        ("Ac 2d 3h 4s 5c Kd Kh", "5c 4s 3h 2d Ac"),
        ("9h 9c As 9d Kd 2c 2s", "9h 9d 9c 2s 2c"),
        ("Kh Kd 4s 4c Ks 4d 2c", "Ks Kh Kd 4s 4d"),
        ("Ah 3h 9h Th 4h 2h Kc", "Ah Th 9h 4h 3h"),
        ("Ah 2h 3h 4h 5h 6c 7d", "5h 4h 3h 2h Ah"),
        ("Ac Ad Ah As Kd Kc 2d", "As Ah Ad Ac Kd"),
        ("Ac Ad 9c 9d 5h 5s Qh", "Ad Ac 9d 9c Qh"),
        ("Jh Js Ad Kc 4h 3c 2d", "Js Jh Ad Kc 4h"),
        ("7c 7d 7h As Jd 2c 3d", "7h 7d 7c As Jd"),
        ("Ad Kc 9h 5s 3c 2d", "Ad Kc 9h 5s 3c"),
    ],
)
def test_best_five_cards(text: str, best: str) -> None:
    hand = evaluate_hand(parse_cards(text))
    assert format_cards(hand.cards, " ") == best
    assert evaluate(hand.cards) == hand.value == value(text)
    assert hand.category is category(hand.value)


def test_hand_value_orders_and_compares_by_value() -> None:
    aces = evaluate_hand(parse_cards("Ac Ad 2h 3s 4c"))
    aces_again = evaluate_hand(parse_cards("Ah As 2c 3d 4s"))
    kings = evaluate_hand(parse_cards("Kc Kd Ah 3s 4c"))
    assert aces == aces_again and hash(aces) == hash(aces_again)
    assert aces.cards != aces_again.cards  # same value, other cards: still a split (RULES 6.3)
    assert kings < aces and kings <= aces and aces > kings and aces >= aces_again
    assert not aces < aces_again
    assert max([kings, aces]) is aces
    assert sorted([aces, kings]) == [kings, aces]
    assert aces != aces.value  # a HandValue is not an int
    with pytest.raises(TypeError):
        _ = aces < 5  # type: ignore[operator]
    with pytest.raises(dataclasses.FrozenInstanceError):
        aces.value = 1  # type: ignore[misc]


def test_public_names() -> None:
    evaluate_module = importlib.import_module("bigblind.evaluation.scalar")
    for name in evaluate_module.__all__:
        documented = not bigblind.__compiled__ or name not in COMPILED_WITHOUT_DOCS
        assert getattr(evaluate_module, name).__doc__ or not documented, name
    assert isinstance(evaluate_hand(parse_cards("Ac Ad 2h 3s 4c")), HandValue)


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 1, 2, 3], r"cannot evaluate 4 cards \(2c 2d 2h 2s\): accepted are 5, 6 or 7"),
        (list(range(8)), r"cannot evaluate 8 cards .*accepted are 5, 6 or 7"),
        ([], r"cannot evaluate 0 cards \(none\)"),
        ([0, 1, 2, 3, 52], r"52 is not a card; accepted are .*card numbers 0 to 51"),
        ([0, 1, 2, 3, -1], r"-1 is not a card"),
        ([0, 1, 2, 3, 4, 5, 99], r"99 is not a card"),
        ([0, 1, 2, 3, "As"], r"'As' is not a card.*parse_cards"),
        ([0, 1, 2, 3, 2.5], r"2\.5 is not a card"),
        ([0, 1, 2, 3, None], r"None is not a card"),
        ([0, 1, 2, 3, [4]], r"\[4\] is not a card"),
        (parse_cards("As Kd Qh Js As"), r"cannot evaluate As Kd Qh Js As: As is given twice"),
        (parse_cards("As Kd Qh Js Tc 9c Kd"), r"Kd is given twice"),
        (parse_cards("As As As As As As As"), r"As is given twice"),
        (5, r"cannot evaluate 5: accepted are 5, 6 or 7"),
    ],
)
def test_bad_input_raises_card_error(cards: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=message):
        evaluate_hand(cards)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True),
    bad=st.one_of(st.integers(max_value=-1), st.integers(min_value=52)),
    at=st.integers(0, 6),
    in_a_tuple=st.booleans(),
)
def test_property_a_number_outside_the_deck_is_refused_anywhere(
    cards: list[int], bad: int, at: int, in_a_tuple: bool
) -> None:
    # RULES 1.1: 52 cards. Negative numbers too: a list would read -1 as its last entry.
    cards.insert(at, bad)
    with pytest.raises(CardError, match=f"{bad} is not a card"):
        evaluate(tuple(cards) if in_a_tuple else cards)


@pytest.mark.parametrize(
    "cards",
    [
        [0, 4, 8, 12, 16, 20, 60],  # six clubs, the flush path
        [0, 4, 8, 12, 16, 60],
        [-104, 4, 8, 12, 16, 20, 24],  # reads entry 0 of a 104-entry table
        [-53, 4, 8, 12, 16],
        [1, 4, 8, 12, 16, 20, -1],
    ],
)
def test_out_of_deck_numbers_on_every_path(cards: list[int]) -> None:
    with pytest.raises(CardError, match="is not a card"):
        evaluate(cards)


@pytest.mark.parametrize("odd", [True, 4.0, "4"])
def test_evaluate_hand_accepts_only_int_cards(odd: object) -> None:
    with pytest.raises(CardError, match=f"{odd!r} is not a card"):
        evaluate_hand([0, 1, 2, 3, odd])  # type: ignore[list-item]


def test_unchecked_entry_points_reject_numbers_above_51() -> None:
    with pytest.raises(CardError, match="52 is not a card"):
        evaluate7(0, 1, 2, 3, 4, 5, 52)
    with pytest.raises(CardError, match="60 is not a card"):
        evaluate6(60, 1, 2, 3, 4, 5)
    with pytest.raises(CardError, match="70 is not a card"):
        evaluate5(0, 1, 2, 3, 70)


@pytest.mark.parametrize("bad", [0, 7463, -1, True, 2.5, "7462"])
def test_bad_values_raise(bad: object) -> None:
    with pytest.raises(BigblindError, match="is not a hand value: accepted are ints 1 to 7462"):
        category(bad)  # type: ignore[arg-type]
    with pytest.raises(BigblindError, match="is not a hand value"):
        describe(bad)  # type: ignore[arg-type]
    with pytest.raises(BigblindError, match="is not a hand value"):
        rank_pattern(bad)  # type: ignore[arg-type]


def test_other_sequences_and_iterables_are_accepted() -> None:
    cards = parse_cards("Ac Ad 2h 3s 4c 9d")
    ints = [int(card) for card in cards]
    assert evaluate(cards) == evaluate(ints) == evaluate(tuple(ints)) == evaluate(set(ints))


# --- properties -----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    data=st.data(),
)
def test_property_permutation_and_suit_relabelling(cards: list[int], data: st.DataObject) -> None:
    # RULES 6.2: suits never rank, and the order cards are given in never matters
    hand_value = evaluate(cards)
    assert evaluate(data.draw(st.permutations(cards))) == hand_value
    suits = data.draw(st.permutations(range(4)))
    relabelled = [card - card % 4 + suits[card % 4] for card in cards]
    assert evaluate(relabelled) == hand_value
    assert evaluate_hand(relabelled).value == hand_value
