"""Invariants of any solve: strategies are distributions, values add up, exploitability is
never negative and falls; the card removal of the showdown pass matches a direct count."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.solver import kernels
from bigblind.solver.solve import Solver
from bigblind.solver.spot import read_spot

HANDS = ["AA", "KK", "QQ", "JJ", "TT", "99", "AKs", "KQs", "QJs", "JTs", "T9s", "87s", "54s"]
BOARDS = ["Td 9d 6h Qc 2s", "Ah Kd 7c 7s 2h", "2c 3c 4c 5d 9h", "Ks Qs Js 8h 8d"]


def _spot(oop: list[str], ip: list[str], board: str, bets: str, raises: str, rake: float) -> str:
    return f"""
board = "{board}"
pot = 100
stack = 250
oop = "{", ".join(oop)}"
ip = "{", ".join(ip)}"
rake = {rake}
rake_cap = 5
[tree.river]
bets = "{bets}"
raises = "{raises}"
"""


spots = st.builds(
    _spot,
    st.lists(st.sampled_from(HANDS), min_size=1, max_size=4, unique=True),
    st.lists(st.sampled_from(HANDS), min_size=1, max_size=4, unique=True),
    st.sampled_from(BOARDS),
    st.sampled_from(["50%", "33%, a", "75%, 150%"]),
    st.sampled_from(["", "a", "2.5x"]),
    st.sampled_from([0.0, 0.05]),
)


def _solver(text: str) -> Solver | None:
    try:
        return Solver.from_spot(read_spot(text))
    except ValueError:  # a range the board leaves empty
        return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots, st.integers(1, 60))
def test_strategies_are_distributions_and_exploitability_is_not_negative(
    text: str, iterations: int
) -> None:
    solver = _solver(text)
    if solver is None:
        return
    solver.run(iterations)
    for node in solver.layout.labels:
        strategy = solver.strategy(node)
        assert (strategy >= 0).all()
        assert np.allclose(strategy.sum(axis=0), 1, atol=1e-5)
    assert solver.exploitability() >= -1e-4
    if read_spot(text).rake == 0:
        assert solver.value(0) + solver.value(1) == pytest.approx(100, abs=1e-3)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots)
def test_exploitability_falls(text: str) -> None:
    solver = _solver(text)
    if solver is None:
        return
    solver.run(10)
    early = solver.exploitability()
    solver.run(290)
    late = solver.exploitability()
    assert late <= max(early, 0.01) + 1e-4
    assert late < 0.5


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots)
def test_showdown_values_match_a_direct_count(text: str) -> None:
    # Both players check: every hand's value is the sum over the hands it does not clash
    # with of their weight times its share of the pot, counted pair by pair.
    from bigblind.evaluation.scalar import evaluate

    solver = _solver(text)
    if solver is None:
        return
    spot = read_spot(text)
    game = solver.game
    check_check = solver.layout.flat.first[solver.layout.flat.first[0]]
    assert solver.layout.flat.kind[check_check] == 1
    for p in (0, 1):
        out = np.empty(len(game.weights[p]), np.float32)
        opp, own = game.weights[1 - p], game.weights[p]
        kernels.walk(
            int(check_check),
            p,
            kernels.AVERAGE,
            solver.layout.flat,
            solver.hands,
            solver.regrets,
            solver.sums,
            solver.weights[1 - p],
            solver.weights[p],
            out,
            solver.params,
            kernels.WHOLE,
            (solver.frontier[0], *(np.zeros((0, len(w)), np.float32) for w in (opp, own, own))),
        )
        board = list(spot.board)
        left = 100 - min(100 * spot.rake, 5)
        for i, mine in enumerate(game.hands[p].tolist()):
            mine_value = int(evaluate([*mine, *board]))
            expected = 0.0
            for o, theirs in enumerate(game.hands[1 - p].tolist()):
                if set(mine) & set(theirs):
                    continue
                their_value = int(evaluate([*theirs, *board]))
                share = 1.0 if mine_value > their_value else 0.5 if mine_value == their_value else 0
                expected += float(game.weights[1 - p][o]) * share * left
            assert out[i] == pytest.approx(expected, rel=1e-5, abs=1e-3)
