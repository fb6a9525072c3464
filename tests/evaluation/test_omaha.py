"""Omaha high and the low of 8 or better against a brute force written here (RULES 11.1, 11.2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.cards import Card, parse_cards
from bigblind.errors import CardError
from bigblind.evaluation.omaha import (
    LOW_CLASSES,
    LowHand,
    describe_low,
    evaluate_omaha,
    evaluate_omaha_low,
    omaha4,
    omaha5,
    omaha6,
    omaha_hand,
    omaha_low,
    omaha_low_hand,
)
from bigblind.evaluation.omaha_batch import evaluate_omaha_batch, evaluate_omaha_low_batch
from bigblind.evaluation.scalar import Category, category, describe, evaluate

# --- an independent five-card ranking: a tuple, larger is better -------------------------


def naive_five(cards: Sequence[int]) -> tuple[int, ...]:
    """Category (0 high card .. 8 straight flush) and the ranks that break ties."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = -1
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        straight_top = 3  # the wheel: five high
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if straight_top >= 0 and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top >= 0:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def naive_omaha(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The best of every choice of exactly two hole cards and three board cards."""
    twos = list(combinations(hole, 2))
    return max(naive_five((*two, *three)) for three in combinations(board, 3) for two in twos)


def naive_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """The best low as its ranks, highest first (ace 1): smaller is better; None for none."""
    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in (*two, *three)]
            if len(set(ranks)) == 5 and max(ranks) <= 8:
                low = tuple(sorted(ranks, reverse=True))
                if best is None or low < best:
                    best = low
    return best


def deals(n: int, hole: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(52), hole + 5)
        out.append((cards[:hole], cards[hole:]))
    return out


def assert_same_order(ours: list[int], theirs: list[tuple[int, ...]]) -> None:
    """Our values order and tie the hands exactly as the brute force does."""
    pairs = sorted(set(zip(theirs, ours, strict=True)))
    assert len({t for t, _ in pairs}) == len(pairs) == len({o for _, o in pairs})
    assert all(a[1] < b[1] for a, b in pairwise(pairs))


# --- RULES 11.1: exactly two hole cards and three board cards ------------------------------


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_high_matches_the_brute_force_on_random_hands(hole: int) -> None:
    # RULES 11.1: every one of the 60 (100, 150) choices of two plus three, ranked apart
    sample = deals({4: 4000, 5: 2000, 6: 1500}[hole], hole, seed=hole)
    ours = [evaluate_omaha(h, b) for h, b in sample]
    assert_same_order(ours, [naive_omaha(h, b) for h, b in sample])
    # and each value is the five-card value of some two plus three
    for (h, b), value in zip(sample[:300], ours, strict=False):
        twos = list(combinations(h, 2))
        best = max(evaluate((*two, *three)) for three in combinations(b, 3) for two in twos)
        assert value == best


def test_four_hearts_and_two_on_the_board_is_no_flush() -> None:
    # RULES 11.1: the example of the rules
    value = evaluate_omaha(parse_cards("Ah Kh Qh Jh"), parse_cards("Th 2h 3c 8d 9s"))
    assert category(value) is Category.STRAIGHT
    assert describe(value) == "Straight, queen high"


def test_a_straight_on_the_board_plays_only_with_two_hole_cards() -> None:
    # RULES 11.1: a board straight is no hand without exactly two hole cards
    value = evaluate_omaha(parse_cards("2c 2d 3h 3s"), parse_cards("9c Td Jh Qs Kc"))
    assert describe(value) == "One pair, threes, king-queen-jack kickers"
    assert evaluate(parse_cards("9c Td Jh Qs Kc 2c 2d")) > value  # hold'em plays the board


def test_one_hole_card_of_a_suit_with_four_on_the_board_is_no_flush() -> None:
    # RULES 11.1: three board cards, so a flush needs two of the hand
    hole, board = parse_cards("Ah Kc Qd Js"), parse_cards("2h 5h 8h Th 3c")
    assert category(evaluate_omaha(hole, board)) is Category.HIGH_CARD


def test_trips_in_the_hand_play_as_a_pair() -> None:
    # RULES 11.1: at most two hole cards, so three aces in the hand are a pair of aces
    value = evaluate_omaha(parse_cards("As Ad Ah 2c"), parse_cards("Ks Qd Jh 7c 4d"))
    assert describe(value) == "One pair, aces, king-queen-jack kickers"


def test_short_boards_take_all_three_or_three_of_four() -> None:
    # RULES 11.1: on the flop and the turn the hand is valued the same way
    hole = parse_cards("Ah Kh 7c 7d")
    flop = parse_cards("Qh Jh 2h")
    assert describe(evaluate_omaha(hole, flop)) == "Flush, ace high, king-queen-jack-two"
    turn = [*flop, Card.parse("7s")]
    assert evaluate_omaha(hole, turn) == max(
        evaluate((*two, *three)) for two in combinations(hole, 2) for three in combinations(turn, 3)
    )


def test_omaha_hand_shows_two_hole_cards_and_three_board_cards() -> None:
    hole, board = parse_cards("Ah Kh 7c 7d"), parse_cards("Qh Jh 2h 7s 3c")
    best = omaha_hand(hole, board)
    assert best.value == evaluate_omaha(hole, board) == evaluate(best.cards)
    assert len(set(best.cards) & set(hole)) == 2 and len(set(best.cards) & set(board)) == 3
    assert best.description == "Flush, ace high, king-queen-jack-two"


def test_the_unchecked_entry_points_agree_with_the_checked_one() -> None:
    for size, fast in ((4, omaha4), (5, omaha5), (6, omaha6)):
        for h, b in deals(500, size, seed=10 + size):
            assert fast(*h, *b) == evaluate_omaha(h, b)


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Ad Ah", "Ks Qd Jh 7c 4d", "3 hole cards with 5 board cards"),
        ("As Ad Ah 2c", "Ks Qd", "4 hole cards with 2 board cards"),
        ("As Ad Ah 2c", "As Qd Jh 7c 4d", "As is given twice"),
    ],
)
def test_bad_hands_are_refused_with_what_is_accepted(hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError, match=message) as caught:
        evaluate_omaha(parse_cards(hole), parse_cards(board))
    assert "accepted are 4, 5 or 6 hole cards" in str(caught.value)
    with pytest.raises(CardError, match="not a card"):
        evaluate_omaha([51, 47, 43, 39], [0, 1, 2, 3, 52])
    with pytest.raises(CardError, match="not a card"):
        evaluate_omaha([51, 47, 43, -1], [0, 1, 2, 3, 4])


# --- RULES 11.2: the low of 8 or better ----------------------------------------------------


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_low_matches_the_brute_force_on_random_hands(hole: int) -> None:
    # RULES 11.2: every low candidate of two plus three, five ranks 8 or lower, ace low
    sample = deals(4000, hole, seed=20 + hole)
    # low-heavy deals too, where most hands have a low to compare
    rng = random.Random(hole)
    lows = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    for _ in range(2000):
        cards = rng.sample(lows, 3) + rng.sample([c for c in range(52)], hole + 2)
        if len(set(cards)) == len(cards):
            rng.shuffle(cards)
            sample.append((cards[:hole], cards[hole:]))
    ours = [evaluate_omaha_low(h, b) for h, b in sample]
    theirs = [naive_low(h, b) for h, b in sample]
    assert [o is None for o in ours] == [t is None for t in theirs]
    made = [(o, t) for o, t in zip(ours, theirs, strict=True) if o is not None and t is not None]
    assert len(made) > 1000
    # a smaller naive tuple is a better low: negate it to order as ours
    assert_same_order([o for o, _ in made], [tuple(-r for r in t) for _, t in made])
    assert [omaha_low(h, b) for h, b in sample] == [o or 0 for o in ours]


def test_lows_compare_from_the_highest_card_down() -> None:
    # RULES 11.2: 8-6-5-4-3 beats 8-7-3-2-A; the wheel is the best low
    board = parse_cards("8c 4d 3h Kd Qs")
    eight_six = evaluate_omaha_low(parse_cards("6c 5d Ks Kh"), board)
    eight_seven = evaluate_omaha_low(parse_cards("7c As Kh Kc"), parse_cards("8c 3d 2h Kd Qs"))
    assert eight_six is not None and eight_seven is not None
    assert describe_low(eight_six) == "8-6-5-4-3 low"
    assert describe_low(eight_seven) == "8-7-3-2-A low"
    assert eight_six > eight_seven
    wheel = evaluate_omaha_low(parse_cards("Ac 2d Ks Kh"), parse_cards("3c 4d 5h Kd Qs"))
    assert wheel == LOW_CLASSES and describe_low(wheel) == "Wheel, 5-4-3-2-A"


def test_straights_and_flushes_do_not_spoil_a_low() -> None:
    # RULES 11.2: the wheel in hearts is the best low and a straight flush high
    hole, board = parse_cards("Ah 2h Ks Kd"), parse_cards("3h 4h 5h Qc Jd")
    assert evaluate_omaha_low(hole, board) == LOW_CLASSES
    assert category(evaluate_omaha(hole, board)) is Category.STRAIGHT_FLUSH


def test_a_low_needs_two_hole_cards_and_three_board_cards() -> None:
    # RULES 11.2: four low cards in the hand and two low board cards make no low
    assert evaluate_omaha_low(parse_cards("Ac 2d 3h 4s"), parse_cards("5c 6d Kh Qs Jc")) is None
    # a pair on the board counts once: 7 7 5 is two low ranks
    assert evaluate_omaha_low(parse_cards("Ac 2d Kh Ks"), parse_cards("7c 7d 5h Qs Jc")) is None
    # a nine does not qualify
    assert evaluate_omaha_low(parse_cards("Ac 2d Kh Ks"), parse_cards("9c 7d 5h Qs Jc")) is None


def test_high_and_low_may_use_different_cards() -> None:
    # RULES 11.2: the ace-deuce low and the king-king high of one hand
    hole, board = parse_cards("Ac 2d Kh Ks"), parse_cards("3c 6d 7h Kd Qs")
    low = omaha_low_hand(hole, board)
    high = omaha_hand(hole, board)
    assert low is not None and low.description == "7-6-3-2-A low"
    assert high.description == "Three of a kind, kings, queen-seven kickers"
    assert set(low.cards) & set(hole) == set(parse_cards("Ac 2d"))
    assert set(high.cards) & set(hole) == set(parse_cards("Kh Ks"))


def test_low_hands_order_by_value_alone() -> None:
    better = LowHand(value=10, cards=(), description="x")
    assert better > LowHand(value=9, cards=parse_cards("8c 7d 6h 5s Ac"), description="y")
    assert better == LowHand(value=10, cards=parse_cards("8c 7d 6h 5s Ac"), description="y")


@pytest.mark.parametrize(
    ("value", "text"),
    [(LOW_CLASSES, "Wheel, 5-4-3-2-A"), (1, "8-7-6-5-4 low"), (None, "No low"), (0, "No low")],
)
def test_every_form_of_a_low_name(value: int | None, text: str) -> None:
    assert describe_low(value) == text


def test_every_low_value_has_a_name_in_order() -> None:
    names = [describe_low(v) for v in range(1, LOW_CLASSES + 1)]
    assert len(set(names)) == LOW_CLASSES
    assert names[-2] == "6-4-3-2-A low" and names[-1].startswith("Wheel")
    with pytest.raises(ValueError, match="accepted are ints 1 to 56"):
        describe_low(57)


# --- properties ----------------------------------------------------------------------------

hands = st.integers(4, 6).flatmap(
    lambda n: st.permutations(range(52)).map(lambda deck: (list(deck[:n]), list(deck[n : n + 5])))
)


@settings(max_examples=150, deadline=None)
@given(hands, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_values_ignore_card_order_and_suit_names(
    hand: tuple[list[int], list[int]], suits: list[int], rng: random.Random
) -> None:
    hole, board = hand

    def renamed(cards: list[int]) -> list[int]:
        return [c & ~3 | suits[c & 3] for c in cards]

    shuffled_hole, shuffled_board = rng.sample(hole, len(hole)), rng.sample(board, 5)
    value = evaluate_omaha(hole, board)
    assert evaluate_omaha(shuffled_hole, shuffled_board) == value
    assert evaluate_omaha(renamed(hole), renamed(board)) == value
    low = evaluate_omaha_low(hole, board)
    assert evaluate_omaha_low(renamed(shuffled_hole), renamed(shuffled_board)) == low


@settings(max_examples=100, deadline=None)
@given(hands)
def test_more_hole_cards_never_make_a_worse_hand(hand: tuple[list[int], list[int]]) -> None:
    hole, board = hand
    fewer = hole[:4]
    assert evaluate_omaha(hole, board) >= evaluate_omaha(fewer, board)
    assert (evaluate_omaha_low(hole, board) or 0) >= (evaluate_omaha_low(fewer, board) or 0)


# --- the batch kernels ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5, 6])
def test_batch_equals_scalar(size: int) -> None:
    rng = np.random.default_rng(size)
    cards = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (20_000, 1)), axis=1)
    holes, boards = cards[:, :size], cards[:, size : size + 5]
    pairs = list(zip(holes.tolist(), boards.tolist(), strict=True))
    assert evaluate_omaha_batch(holes, boards).tolist() == [evaluate_omaha(h, b) for h, b in pairs]
    assert evaluate_omaha_low_batch(holes, boards).tolist() == [
        evaluate_omaha_low(h, b) or 0 for h, b in pairs
    ]


def test_batch_refuses_bad_rows_naming_the_first() -> None:
    holes = np.array([[51, 47, 0, 1], [51, 47, 0, 1]])
    with pytest.raises(CardError, match=r"row 1 .*2c is given twice"):
        evaluate_omaha_batch(holes, np.array([[43, 39, 35, 2, 3], [43, 39, 35, 2, 0]]))
    with pytest.raises(CardError, match="60 is not a card number"):
        evaluate_omaha_low_batch(holes, np.array([[43, 39, 35, 2, 3], [43, 39, 35, 2, 60]]))
    with pytest.raises(CardError, match="shape"):
        evaluate_omaha_batch(holes[:, :3], np.array([[43, 39, 35, 2, 3]] * 2))
    with pytest.raises(CardError, match="2 hands but 1 boards"):
        evaluate_omaha_batch(holes, np.array([[43, 39, 35, 2, 3]]))
