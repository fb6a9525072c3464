"""Equity in every game against a count done here, card by card (RULES 11.1-11.3)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.cards import format_cards, parse_cards
from bigblind.evaluation.games import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
)
from bigblind.evaluation.games_equity import game_equity
from bigblind.evaluation.hand_equity import equity
from bigblind.evaluation.hand_ranges import HandRange
from bigblind.evaluation.ranges import RangeError


def counted(game: Game, hands: list[str], board: str) -> list[Fraction]:
    """Each player's share of the pot over every run-out, with exact fractions."""
    holes = [list(parse_cards(h)) for h in hands]
    known = [*parse_cards(board)]
    left = [c for c in game.deck if c not in known and all(c not in h for h in holes)]
    shares = [Fraction(0)] * len(holes)
    runs = 0
    for rest in combinations(left, 5 - len(known)):
        cards = [*known, *rest]
        runs += 1
        high = [game.value_high(h, cards) for h in holes]
        low = [game.value_low(h, cards) or 0 for h in holes]
        best_low = max(low)
        halves = [(high, Fraction(1, 2) if best_low else Fraction(1))]
        if best_low:  # RULES 11.2: half to the best low, else the whole pot to the high
            halves.append((low, Fraction(1, 2)))
        for values, part in halves:
            winners = [p for p, v in enumerate(values) if v == max(values)]
            for p in winners:
                shares[p] += part / len(winners)
    return [s / runs for s in shares]


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        (OMAHA, ["AsAhKsKh", "QdJdTc9c"], "2s 7d 8h 3c"),
        (OMAHA, ["AsAhKsKh", "QdJdTc9c", "7c7s6d5d"], "2s 8d 8h"),
        (OMAHA5, ["AsAhKsKh2c", "QdJdTc9c3c"], "2s 7d 8h 4c"),
        (OMAHA_HI_LO, ["Ac2d5h9s", "KsKhQsQh"], "3c 4d Kd"),
        (OMAHA_HI_LO, ["Ac2d5h9s", "As2c6h9h", "KsKhQsQc"], "3c 4d Kd"),
        (SHORT_DECK_HOLDEM, ["AhKh", "6c6d"], "7h 8s 9h"),
        (SHORT_DECK_HOLDEM, ["AhKh", "Tc9c", "QsQd"], "6h 7c Jd"),
    ],
)
def test_exact_equity_matches_the_count(game: Game, hands: list[str], board: str) -> None:
    result = game_equity(game, hands, board=board)
    assert result.exact
    expected = counted(game, hands, board)
    assert [p.equity for p in result.players] == pytest.approx(
        [float(e) for e in expected], abs=1e-12
    )
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_hi_lo_pays_halves_and_quarters() -> None:
    # RULES 11.2: two identical lows share the low half: a quarter each; a scoop is the pot
    board = "3c 4d 7h Kd Qs"  # the kings' set is the high; A-2 twice the low
    r = game_equity(OMAHA_HI_LO, ["Ac2d9s9h", "Ah2c9c9d", "KsKhJsJh"], board=board)
    assert [p.equity for p in r.players] == [0.25, 0.25, 0.5]
    assert [p.part for p in r.players] == [1.0, 1.0, 1.0]
    # the wheel is a straight too: the best high and the best low, a scoop
    r = game_equity(OMAHA_HI_LO, ["Ac2d9s9h", "KsKhJsJh"], board="3c 4d 5h Kd 8s")
    assert r.players[0].equity == 1.0 and r.players[0].scoop == 1.0
    # no qualifying low: the whole pot to the high hand
    r = game_equity(OMAHA_HI_LO, ["Ac2dKcQd", "KsKhJsJh"], board="9c Tc Th 9d Kd")
    assert [p.equity for p in r.players] == [0.0, 1.0]


def test_monte_carlo_agrees_with_the_exact_count() -> None:
    hands = ["AsAhKsKh", "QdJdTc9c"]
    exact = game_equity(OMAHA, hands, board="2s 7d 8h")
    sampled = game_equity(OMAHA, hands, board="2s 7d 8h", exact=False, samples=40_000, seed=3)
    assert not sampled.exact and sampled.trials == 40_000
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert s.stderr is not None and 0 < s.stderr < 0.01
        assert abs(e.equity - s.equity) < 4 * s.stderr
    again = game_equity(OMAHA, hands, board="2s 7d 8h", exact=False, samples=40_000, seed=3)
    assert again == sampled  # the same seed, the same deals


def test_ranges_in_omaha_notation() -> None:
    r = game_equity(OMAHA, ["AAxx", "KKQQds", "random"], samples=20_000, seed=1)
    assert not r.exact and [p.hand for p in r.players] == ["AAxx", "KKQQds", "random"]
    aces, kings, anything = (p.equity for p in r.players)
    assert aces > kings > anything > 0.1
    assert aces + kings + anything == pytest.approx(1.0)
    with pytest.raises(RangeError, match="holds 4 cards; 5-card Omaha deals 5"):
        game_equity(OMAHA5, [HandRange.parse("AAxx"), "AAxxx"])


def test_holdem_is_counted_by_the_holdem_equity() -> None:
    r = game_equity(HOLDEM, ["AcAd", "KhKs"], board="2c 7d 9h")
    plain = equity(["AcAd", "KhKs"], board="2c 7d 9h")
    assert [p.equity for p in r.players] == [p.equity for p in plain.players]


def test_short_deck_ranges_keep_only_its_cards() -> None:
    # RULES 11.3: 36 cards; a range of low pairs holds nothing there
    with pytest.raises(RangeError, match="no hand left"):
        game_equity(SHORT_DECK_HOLDEM, ["22-55", "AK"])
    r = game_equity(SHORT_DECK_HOLDEM, ["AA", "random"], samples=10_000, seed=2)
    assert r.players[0].equity > 0.7


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([OMAHA, OMAHA_HI_LO]))
def test_shares_add_up_and_follow_the_players(deck: list[int], game: Game) -> None:
    # RULES 11.2: every pot is paid out whole, halves and quarters included
    first, second = format_cards(deck[:4]), format_cards(deck[4:8])
    board = format_cards(deck[8:12], " ")  # the turn: 44 run-outs, counted exactly
    forward = game_equity(game, [first, second], board=board)
    backward = game_equity(game, [second, first], board=board)
    assert forward.exact and sum(p.equity for p in forward.players) == pytest.approx(1.0)
    assert [p.equity for p in forward.players] == pytest.approx(
        [p.equity for p in reversed(backward.players)]
    )
    for p in forward.players:
        assert 0 <= p.scoop <= p.equity <= p.scoop + p.part <= 1 + 1e-12


def test_the_package_exports_the_function_not_a_module() -> None:
    import inspect

    import bigblind.evaluation as evaluation

    assert inspect.isfunction(evaluation.game_equity) and evaluation.game_equity is game_equity
