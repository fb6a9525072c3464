"""The games as data: each game values hands by its own rules (RULES 6, 11)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from bigblind.cards import parse_cards
from bigblind.errors import CardError
from bigblind.evaluation import (
    GAMES,
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA6,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
    GameError,
    HoleUse,
    Low,
    Ranking,
    evaluate,
    evaluate_omaha,
    evaluate_omaha_low,
    evaluate_short_deck,
    game,
)


def deal(g: Game, seed: int) -> tuple[list[int], list[int]]:
    cards = [int(c) for c in random.Random(seed).sample(g.deck, g.hole_cards + 5)]
    return cards[: g.hole_cards], cards[g.hole_cards :]


@pytest.mark.parametrize("g", list(GAMES.values()), ids=list(GAMES))
def test_each_game_values_hands_by_its_evaluator(g: Game) -> None:
    for seed in range(200):
        hole, board = deal(g, seed)
        if g.uses is HoleUse.EXACTLY_TWO:
            expected = evaluate_omaha(hole, board)  # RULES 11.1
        elif g.ranking is Ranking.SHORT_DECK:
            expected = evaluate_short_deck(hole + board)  # RULES 11.3
        else:
            expected = evaluate(hole + board)  # RULES 6.1
        assert g.value_high(hole, board) == expected
        low = evaluate_omaha_low(hole, board) if g.split else None
        assert g.value_low(hole, board) == low
        assert g.high_hand(hole, board).value == expected
        assert g.describe_high(expected) == g.high_hand(hole, board).description


def test_the_games_deal_what_the_rules_say() -> None:
    # RULES 11.1, 11.3: hole cards, decks and the most players dealt in
    shape = {code: (g.hole_cards, len(g.deck), g.max_players) for code, g in GAMES.items()}
    assert shape == {
        "holdem": (2, 52, 23),
        "omaha": (4, 52, 11),
        "omaha5": (5, 52, 8),
        "omaha6": (6, 52, 7),
        "omaha8": (4, 52, 11),
        "short-deck": (2, 36, 14),
    }
    for g in GAMES.values():
        burns_and_board = 3 + g.board_cards
        if g is not HOLDEM:  # hold'em skips burns past 22 players (RULES 1.3)
            assert g.max_players == (len(g.deck) - burns_and_board) // g.hole_cards
    assert [g.code for g in GAMES.values() if g.split] == ["omaha8"]
    assert OMAHA_HI_LO.low is Low.EIGHT_OR_BETTER
    assert min(c.rank for c in SHORT_DECK_HOLDEM.deck) == 4  # no twos to fives


def test_the_same_cards_value_differently_by_game() -> None:
    # RULES 11.1 and 11.3 against hold'em: the board straight and the flush over a full house
    board = parse_cards("Th 9h 8h Kd Ks")
    hole = parse_cards("Kh Ah")
    assert (
        HOLDEM.describe_high(HOLDEM.value_high(hole, board))
        == "Flush, ace high, king-ten-nine-eight"
    )
    full = parse_cards("Kc Th")
    full_board = parse_cards("Tc 9h 8h Kd Ks")
    sd_full = SHORT_DECK_HOLDEM.value_high(full, full_board)
    sd_flush = SHORT_DECK_HOLDEM.value_high(hole, board)
    assert sd_flush > sd_full  # a flush beats a full house in short deck only
    assert HOLDEM.value_high(hole, board) < HOLDEM.value_high(full, full_board)
    omaha_hole = parse_cards("Ah Kh 2c 3d")
    assert OMAHA.describe_high(OMAHA.value_high(omaha_hole, board)) == (
        "Flush, ace high, king-ten-nine-eight"
    )


def test_hi_lo_values_both_halves() -> None:
    hole, board = parse_cards("Ac 2d Kh Ks"), parse_cards("3c 6d 7h Kd Qs")
    low = OMAHA_HI_LO.low_hand(hole, board)
    assert low is not None and OMAHA_HI_LO.describe_low(low.value) == "7-6-3-2-A low"
    assert OMAHA.low_hand(hole, board) is None and OMAHA.value_low(hole, board) is None
    assert OMAHA_HI_LO.describe_low(None) == "No low"


def test_a_wrong_number_of_hole_cards_is_refused() -> None:
    with pytest.raises(CardError, match=r"cannot value 2 hole cards .* in Omaha: accepted are 4"):
        OMAHA.value_high(parse_cards("Ah Kh"), parse_cards("Th 9h 8h Kd Ks"))
    with pytest.raises(CardError, match="accepted are 5 hole cards"):
        OMAHA5.value_high(parse_cards("Ah Kh 2c 3c"), parse_cards("Th 9h 8h Kd Ks"))
    with pytest.raises(CardError, match="not in the short deck"):
        SHORT_DECK_HOLDEM.value_high(parse_cards("Ah 2h"), parse_cards("Th 9h 8h Kd Ks"))


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("holdem", HOLDEM),
        ("PLO", OMAHA),
        ("plo5", OMAHA5),
        ("PLO6", OMAHA6),
        ("plo8", OMAHA_HI_LO),
        ("omaha-hi-lo", OMAHA_HI_LO),
        ("6+", SHORT_DECK_HOLDEM),
        (" short-deck ", SHORT_DECK_HOLDEM),
    ],
)
def test_games_by_code_and_common_name(code: str, expected: Game) -> None:
    assert game(code) is expected


def test_an_unknown_game_names_the_accepted_ones() -> None:
    with pytest.raises(GameError, match="no game 'razz': accepted are holdem, omaha, omaha5"):
        game("razz")


def test_games_are_frozen_data_that_refuse_what_no_evaluator_plays() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        OMAHA.hole_cards = 5  # type: ignore[misc]
    with pytest.raises(GameError, match="short deck hands using exactly two"):
        dataclasses.replace(SHORT_DECK_HOLDEM, uses=HoleUse.EXACTLY_TWO, hole_cards=4)
    with pytest.raises(GameError, match="only for Omaha"):
        dataclasses.replace(HOLDEM, low=Low.EIGHT_OR_BETTER)
    with pytest.raises(GameError, match="4, 5 or 6 hole cards, not 3"):
        dataclasses.replace(OMAHA, hole_cards=3)
    big = dataclasses.replace(OMAHA, code="omaha-big", max_players=9)
    assert big.value_high(*deal(OMAHA, 1)) == OMAHA.value_high(*deal(OMAHA, 1))


@pytest.mark.parametrize("g", [HOLDEM, OMAHA, OMAHA_HI_LO, SHORT_DECK_HOLDEM], ids=lambda g: g.code)
def test_batch_values_match_the_scalar_ones(g: Game) -> None:
    hands = [deal(g, seed) for seed in range(500)]
    holes = np.array([h for h, _ in hands])
    boards = np.array([b for _, b in hands])
    assert g.value_high_batch(holes, boards).tolist() == [g.value_high(h, b) for h, b in hands]
    assert g.value_low_batch(holes, boards).tolist() == [g.value_low(h, b) or 0 for h, b in hands]


def test_describe_names_the_high_hand_and_the_low_where_there_is_one() -> None:
    hole, board = parse_cards("Ac 2d Kh Ks"), parse_cards("3c 4d 5h Kd Qs")
    assert OMAHA_HI_LO.describe(hole, board) == "Straight, five high; wheel, 5-4-3-2-A"
    assert OMAHA.describe(hole, board) == "Straight, five high"
    assert HOLDEM.describe(hole[2:], board) == "Three of a kind, kings, queen-five kickers"
