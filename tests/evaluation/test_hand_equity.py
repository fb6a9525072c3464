"""All-in equity: exact counts, Monte Carlo against exact, card removal, multiway, errors."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, pairwise, product

import numba
import pytest

from bigblind.cards import parse_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.hand_equity import EquityError, EquityResult, PlayerEquity, equity
from bigblind.evaluation.preflop import PreflopError, normalize_class, preflop_equity
from bigblind.evaluation.ranges import STARTING_HANDS, Range, RangeError
from bigblind.evaluation.scalar import evaluate

PREFLOP_BOARDS = 1_712_304  # C(48, 5)


def brute_force(players: Sequence[str], board: str = "", dead: str = "") -> list[Fraction]:
    """Equity by the scalar evaluator over every consistent combination and run-out."""
    board_cards = list(parse_cards(board))
    known = set(board_cards) | set(parse_cards(dead))
    ranges = [Range.parse(p).excluding(known) for p in players]
    shares = [Fraction(0)] * len(players)
    deals = 0
    for holes in product(*ranges):
        cards = [c for hole in holes for c in hole]
        if len(set(cards)) != len(cards):
            continue
        deck = [c for c in range(52) if c not in known and c not in cards]
        for rest in combinations(deck, 5 - len(board_cards)):
            values = [evaluate([*hole, *board_cards, *rest]) for hole in holes]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                shares[i] += Fraction(1, len(winners))
            deals += 1
    return [s / deals for s in shares]


def check_totals(result: EquityResult) -> None:
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    for p in result.players:
        assert 0.0 <= p.win <= p.equity <= p.win + p.tie <= 1.0
        if result.exact:
            assert p.wins is not None and p.ties is not None and p.losses is not None
            assert p.wins + p.ties + p.losses == result.trials
            assert p.stderr is None
        else:
            assert p.wins is None and p.stderr is not None and p.stderr > 0


# --- exact ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "wins", "losses", "ties"),
    [
        (("AcAd", "KhKs"), 1_388_072, 317_694, 6_538),
        (("AcAd", "Td9d"), 1_338_249, 367_143, 6_912),
        (("AcAd", "QcJh"), 1_450_987, 254_763, 6_554),
    ],
)
def test_heads_up_preflop_vectors(
    hands: tuple[str, str], wins: int, losses: int, ties: int
) -> None:
    result = equity(list(hands))
    assert result.exact and result.boards == result.trials == PREFLOP_BOARDS
    first, second = result.players
    assert (first.wins, first.losses, first.ties) == (wins, losses, ties)
    assert (second.wins, second.losses, second.ties) == (losses, wins, ties)
    assert first.hand == hands[0] and second.hand == hands[1]
    assert first.equity == pytest.approx((wins + ties / 2) / PREFLOP_BOARDS, abs=1e-15)
    assert first.win == wins / PREFLOP_BOARDS and first.tie == ties / PREFLOP_BOARDS
    check_totals(result)


def test_aces_against_kings_as_classes() -> None:
    result = equity(["AA", "KK"], exact=True)
    assert result.exact and result.boards == PREFLOP_BOARDS and result.trials == 36 * PREFLOP_BOARDS
    assert round(result.players[0].equity, 4) == 0.8195
    check_totals(result)


def test_auto_mode_chooses() -> None:
    assert equity(["AcAd", "KhKs"]).exact
    assert equity(["AcAd", "KhKs", "7s6s"]).exact  # 1,370,754 boards
    assert not equity(["AA", "KK"], samples=1000, seed=1).exact  # 61 million deals
    assert equity(["AA", "KK"], board="2c 7d 9h").exact
    assert not equity(["AcAd", "KhKs"], exact=False, samples=1000, seed=1).exact


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AsKs", "QhQd", "7c8c"], "Qs 9c 6c 2s", ""),
        (["AsKs", "QhQd", "7c8c", "Ad5h"], "Qs 9c 6c", ""),
        (["AhKh", "JJ"], "Kd 7h 2h", "Jc 3h"),
        (["AA", "KK, AK", "random"], "Ah Kd 7c 2s 9h", "As"),
        (["TT+, AQs+", "AKo, 99"], "Td 9c 8h 2s", "Ac"),
        (["7s7h", "7d7c"], "2c 3d 4h 5s", ""),
    ],
)
def test_exact_matches_brute_force(players: list[str], board: str, dead: str) -> None:
    result = equity(players, board=board, dead=dead, exact=True)
    expected = brute_force(players, board, dead)
    assert [p.equity for p in result.players] == pytest.approx([float(e) for e in expected])
    check_totals(result)


def test_three_way_ties_split_in_thirds() -> None:
    # a royal flush on the board: everybody plays it
    result = equity(["2c3c", "2d3d", "4h5h"], board="As Ks Qs Js Ts")
    assert result.trials == 1
    for p in result.players:
        assert (p.wins, p.ties, p.losses) == (0, 1, 0)
        assert p.equity == pytest.approx(1 / 3)


# --- Monte Carlo ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AcAd", "KhKs"], ""),
        (["AA", "KK"], ""),
        (["AsKs", "QhQd", "7c8c"], "Qs 9c 6c"),
        (["QQ+, AK", "22+, AT+, KQ"], "Ah 7d 2c"),
    ],
)
def test_monte_carlo_within_three_standard_errors(players: list[str], board: str) -> None:
    exact = equity(players, board=board, exact=True)
    sampled = equity(players, board=board, exact=False, samples=300_000, seed=11)
    assert not sampled.exact and sampled.trials == sampled.boards == 300_000
    check_totals(sampled)
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert mc.stderr is not None
        assert abs(mc.equity - ex.equity) < 3 * mc.stderr
        assert mc.stderr < 0.002


def test_monte_carlo_rejection_sampling_of_large_ranges() -> None:
    # 50 ** 4 combinations are too many to list for sampling: clashing deals are redrawn
    wide = "QQ+, AK, KQ"
    players = [wide, wide, wide, wide]
    board = "Ah 7d 2c 9s 3h"
    exact = equity(players, board=board, exact=True)
    sampled = equity(players, board=board, exact=False, samples=300_000, seed=2)
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert mc.stderr is not None and abs(mc.equity - ex.equity) < 3 * mc.stderr


def test_aces_against_two_random_hands() -> None:
    aces = equity(["AsAh", "random", "random"], exact=False, samples=400_000, seed=4)
    # 73.4% is the published figure for aces against two random hands
    first = aces.players[0]
    assert first.stderr is not None
    assert abs(first.equity - 0.734) < 0.004
    # the two random players are alike
    assert aces.players[1].equity == pytest.approx(aces.players[2].equity, abs=0.004)


def test_seeded_reproducibility() -> None:
    args = (["AhKh", "QQ", "random"],)
    one = equity(*args, board="Kd 7h 2h", exact=False, samples=50_000, seed=7)
    two = equity(*args, board="Kd 7h 2h", exact=False, samples=50_000, seed=7)
    other = equity(*args, board="Kd 7h 2h", exact=False, samples=50_000, seed=8)
    assert one == two
    assert one != other
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        alone = equity(["AA", "KK"], exact=False, samples=400_000, seed=3)
    finally:
        numba.set_num_threads(threads)
    assert alone == equity(["AA", "KK"], exact=False, samples=400_000, seed=3)


# --- card removal, board and dead cards ----------------------------------------------------


def test_card_removal_by_board_and_dead_cards() -> None:
    # only one combo of aces survives As on the board and Ah dead
    result = equity(["AA", "KhKs"], board="As 7d 2c", dead="Ah", exact=True)
    assert result.trials == result.boards == 946  # C(44, 2): 52 - 3 - 1 - 4 cards left
    alone = equity(["AdAc", "KhKs"], board="As 7d 2c", dead="Ah")
    assert result.players[0].equity == alone.players[0].equity


def test_card_removal_between_ranges() -> None:
    # Ac in the first hand leaves three aces for the second player's AA
    result = equity(["AcKc", "AA"], board="2d 7h 9s Ts 3c", exact=True)
    assert result.trials == 3 and result.players[1].equity == 1.0
    sampled = equity(["AcKc", "AA"], board="2d 7h 9s", exact=False, samples=30_000, seed=1)
    exact = equity(["AcKc", "AA"], board="2d 7h 9s", exact=True)
    assert exact.trials == 3 * 990  # C(45, 2) run-outs for each of three aces
    first = sampled.players[0]
    assert first.stderr is not None
    assert abs(first.equity - exact.players[0].equity) < 3 * first.stderr


def test_dead_cards_change_the_odds() -> None:
    live = equity(["AhKh", "QsQc"], board="Jh 7h 2c")
    dead = equity(["AhKh", "QsQc"], board="Jh 7h 2c", dead="2h 3h 4h 5h")
    assert dead.players[0].equity < live.players[0].equity
    assert dead.boards == 820  # C(41, 2)


def test_range_objects_and_labels() -> None:
    kings = Range.parse("KK")
    result = equity([" Ac  Ad ", kings], board="2c 3d 4h")
    assert [p.hand for p in result.players] == ["Ac Ad", "KK"]
    assert isinstance(result.players[0], PlayerEquity)


def test_as_dict() -> None:
    exact = equity(["AcAd", "KhKs"], board="2c 3d 4h 5s").as_dict()
    assert set(exact) == {"players", "exact", "boards", "trials"}
    assert set(exact["players"][0]) == {"hand", "win", "tie", "equity", "wins", "ties", "losses"}
    sampled = equity(["AcAd", "KK"], exact=False, samples=1000, seed=1).as_dict()
    assert set(sampled) == {"players", "exact", "boards", "samples"}
    assert set(sampled["players"][0]) == {"hand", "win", "tie", "equity", "stderr"}


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"players": ["AcAd"]}, EquityError, "2 to 10 players"),
        ({"players": ["random"] * 11}, EquityError, "2 to 10 players"),
        ({"players": "AcAd"}, EquityError, "sequence of hands"),
        ({"players": ["AcAd", 7]}, EquityError, "not 7"),
        ({"players": ["AcAd", "KhKx"]}, RangeError, "'KhKx' at column 1"),
        ({"players": ["AcAd", "KhKs"], "board": "2c 3c"}, EquityError, "0, 3, 4 or 5 cards"),
        ({"players": ["AcAd", "KhKs"], "board": "2c 3c 4x"}, CardError, "4x"),
        ({"players": ["AcAd", "KhKs"], "board": "2c 3c 2c"}, CardError, "2c is given twice"),
        ({"players": ["AcAd", "KhKs"], "board": "2c 3c 4c", "dead": "3c"}, CardError, "3c"),
        ({"players": ["AcAd", "KhKs"], "board": "Ac 3c 4c"}, RangeError, "AcAd has no combo"),
        ({"players": ["AcAd", "AcKd"]}, RangeError, "cannot deal AcAd, AcKd together"),
        ({"players": ["AA", "AA", "AA"]}, RangeError, "cannot deal"),
        ({"players": ["AcAd", "KhKs"], "samples": 0}, EquityError, "positive"),
        ({"players": ["random", "random"], "exact": True}, EquityError, "Monte Carlo"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match) as caught:
        equity(**kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, BigblindError)


def test_too_many_players_for_the_deck() -> None:
    players = ["random"] * 10
    with pytest.raises(EquityError, match="leave"):
        equity(players, dead=" ".join(f"{r}{s}" for r in "23456789" for s in "cdhs"))


def test_ranges_that_never_fit_together() -> None:
    # too many combinations to list them all; sampling finds that none fits (AK needs an ace)
    wide = "22+, A2+, K2+, Q2+, J2+"
    with pytest.raises(RangeError, match="in a row all shared a card"):
        equity(["AhAs", "AdAc", wide, wide, "AK"], exact=False, samples=1000, seed=1)


# --- the pre-flop table --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "opponents", "published"),
    [
        ("AA", 1, 0.852),
        ("KK", 1, 0.824),
        ("AKs", 1, 0.670),
        ("AKo", 1, 0.654),
        ("22", 1, 0.503),
        ("72o", 1, 0.346),
        ("32o", 1, 0.323),
        ("AA", 2, 0.734),
        ("AA", 5, 0.492),
    ],
)
def test_preflop_table_published_figures(hand: str, opponents: int, published: float) -> None:
    assert abs(preflop_equity(hand, opponents) - published) < 0.002


def test_preflop_table_is_complete_and_consistent() -> None:
    for name in STARTING_HANDS:
        values = [preflop_equity(name, n) for n in range(1, 10)]
        assert all(a > b for a, b in pairwise(values)), name
    assert preflop_equity("aks", 3) == preflop_equity("KAs", 3)
    assert normalize_class("t9O") == "T9o"


@pytest.mark.parametrize(
    ("hand", "opponents", "match"),
    [
        ("AK", 1, "suited or offsuit"),
        ("AAs", 1, "cannot read"),
        ("AX", 1, "cannot read"),
        ("AA", 0, "1 to 9"),
        ("AA", 10, "1 to 9"),
        ("AA", 1.0, "an int"),
    ],
)
def test_preflop_bad_input(hand: str, opponents: int, match: str) -> None:
    with pytest.raises(PreflopError, match=match):
        preflop_equity(hand, opponents)
