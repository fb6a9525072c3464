"""Walks split over threads (the subtrees under the first chance nodes shared out) give
exactly what one thread gives: the same sums in the same order."""

from __future__ import annotations

import numpy as np
import pytest

from bigblind.solver import kernels
from bigblind.solver.solve import Solver, SolverError
from bigblind.solver.spot import read_spot
from tests.solver.games import leduc

TURN = """
board = "Td 9d 6h Qc"
pot = 100
stack = 150
oop = "AA, KQs, 87s, 65s"
ip = "KK, JTs, 54s, A9s"
[tree.turn]
bets = "50%"
raises = "a"
[tree.river]
bets = "a"
"""


def _pair(make: object) -> tuple[Solver, Solver]:
    return make(1), make(2)  # type: ignore[operator]


@pytest.mark.parametrize(
    "make",
    [
        lambda threads: leduc(threads=threads),
        lambda threads: Solver.from_spot(read_spot(TURN), threads=threads),
    ],
    ids=["leduc", "turn"],
)
def test_two_threads_give_what_one_gives(make: object) -> None:
    one, two = _pair(make)
    assert len(two.frontier[1]) > 0
    for _ in range(3):
        one.run(7)
        two.run(7)
        assert np.array_equal(one.regrets, two.regrets)
        assert np.array_equal(one.sums, two.sums)
        for p in (0, 1):
            for mode in (kernels.BEST, kernels.AVERAGE):
                assert one.value(p, mode) == two.value(p, mode)
    assert one.exploitability() == two.exploitability() > 0


def test_threads_are_bounded() -> None:
    with pytest.raises(SolverError, match="threads are 1 to 256"):
        leduc(threads=0)
