"""Kuhn and Leduc poker through the solver's own tree, layout and kernels: their known
equilibrium values, and exploitability falling towards 0."""

from __future__ import annotations

from itertools import pairwise

import pytest

from bigblind.solver.solve import ALGORITHMS
from tests.solver.games import kuhn, leduc


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_kuhn_value_is_minus_one_eighteenth(algorithm: str) -> None:
    solver = kuhn(algorithm)
    solver.run(1000)
    assert solver.exploitability() < 0.02  # % of the pot of 2
    assert solver.value(0) - 1 == pytest.approx(-1 / 18, abs=2e-4)
    # Zero-sum: the two players' values add up to the pot.
    assert solver.value(0) + solver.value(1) == pytest.approx(2, abs=1e-5)


def test_kuhn_first_player_never_bets_a_queen_and_always_calls_with_a_king() -> None:
    # The equilibrium family of Kuhn poker: the first player checks the queen; facing a bet
    # after checking, the king always calls and the jack always folds.
    solver = kuhn()
    solver.run(2000)
    assert solver.root_labels == ("check", "all-in 1")
    root = solver.strategy(0)
    assert root[0, 1] == pytest.approx(1, abs=0.01)
    facing = [n for n, labels in solver.layout.labels.items() if labels == ("fold", "call")]
    first_player = [n for n in facing if solver.layout.flat.player[n] == 0]
    (node,) = first_player
    strategy = solver.strategy(node)
    assert strategy[1, 2] == pytest.approx(1, abs=0.01)  # the king calls
    assert strategy[0, 0] == pytest.approx(1, abs=0.01)  # the jack folds


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_leduc_value(algorithm: str) -> None:
    solver = leduc(algorithm)
    solver.run(800 if algorithm == "dcfr" else 1500)
    assert solver.exploitability() < 0.2
    # The game value of Leduc hold'em for the first player: -0.0856 (Southey et al. 2005).
    assert solver.value(0) - 1 == pytest.approx(-0.0856, abs=0.002)


@pytest.mark.parametrize("game", [kuhn, leduc])
def test_exploitability_falls_towards_zero(game: object) -> None:
    solver = game()  # type: ignore[operator]
    seen = []
    for _ in range(6):
        solver.run(solver.iterations + 10)
        seen.append(solver.exploitability())
    assert all(e >= -1e-6 for e in seen)
    # Roughly non-increasing: each doubling of the iterations cuts it, allowing some noise.
    assert all(b <= a * 1.05 + 1e-4 for a, b in pairwise(seen))
    assert seen[-1] < seen[0] / 10
