"""Node locking: a locked strategy stays as it is, the rest of the tree answers it, and
best responses take it as fixed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bigblind.solver.solve import Solver, SolverError
from bigblind.solver.spot import read_spot
from tests.solver.games import kuhn


def test_kuhn_with_the_first_player_always_betting() -> None:
    solver = kuhn()
    always_bet = np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]])
    solver.lock(0, always_bet)
    solver.run(500)
    assert np.array_equal(solver.strategy(0), always_bet.astype(np.float32))
    # Facing a bet the second player calls with the queen and the king, folds the jack.
    facing = solver.layout.flat.first[0] + 1
    assert solver.layout.labels[int(facing)] == ("fold", "call")
    answer = solver.strategy(int(facing))
    assert answer[0, 0] == pytest.approx(1, abs=1e-3)
    assert answer[1, 1:] == pytest.approx([1, 1], abs=1e-3)
    # Jack -1, queen (1/2 x 2 - 1/2 x 1), king (1/2 x 2 + 1/2 x 3): 2/3 a hand, less the ante.
    assert solver.value(0) - 1 == pytest.approx(-1 / 3, abs=1e-3)
    assert 0 <= solver.exploitability() < 0.05


def test_a_lock_is_checked() -> None:
    solver = kuhn()
    with pytest.raises(SolverError, match="is no decision"):
        solver.lock(3 + solver.layout.nodes, [[1.0]])
    with pytest.raises(SolverError, match="2 x 3 non-negative frequencies"):
        solver.lock(0, [[1.0, 0.0], [0.0, 1.0]])
    with pytest.raises(SolverError, match="2 x 3 non-negative frequencies"):
        solver.lock(0, [[1.0, -1.0, 0.0], [0.0, 1.0, 1.0]])


def test_a_lock_is_saved(tmp_path: Path) -> None:
    text = """
board = "Td 9d 6h Qc 2s"
pot = 100
stack = 100
oop = "AA, KQs, 87s"
ip = "KK, JTs, 54s"
[tree.river]
bets = "a"
"""
    solver = Solver.from_spot(read_spot(text), text=text)
    hands = len(solver.weights[0])
    solver.lock(0, np.vstack([np.ones(hands), np.zeros(hands)]))  # always check
    solver.run(50)
    solver.save(tmp_path / "locked.npz")
    again = Solver.load(tmp_path / "locked.npz")
    again.run(50)
    assert np.array_equal(again.strategy(0)[1], np.zeros(hands, np.float32))
