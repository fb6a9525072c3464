"""The solver: equilibrium strategies of heads-up post-flop spots (discounted CFR).

A :class:`Spot` (ranges with weights, board, pot, stacks, rake, bet sizes) is
read from TOML; :class:`Solver` deals its betting tree out and iterates
discounted CFR (or CFR+) over vectors of hands, with numba kernels, until the
average strategies' exploitability is as small as asked.

Importing this package imports numpy and numba (``import bigblind`` does not).
"""

from __future__ import annotations

from bigblind.solver.game import Game, holdem_game
from bigblind.solver.sizes import Size, SizeError, parse_sizes
from bigblind.solver.solve import ALGORITHMS, Report, Solver, SolverError, spot_tree
from bigblind.solver.spot import (
    PlayerSizes,
    Spot,
    SpotError,
    StreetSizes,
    TreeOptions,
    WeightedRange,
    load_spot,
    parse_weighted_range,
    read_spot,
)
from bigblind.solver.tree import Node, build_tree

__all__ = [
    "ALGORITHMS",
    "Game",
    "Node",
    "PlayerSizes",
    "Report",
    "Size",
    "SizeError",
    "Solver",
    "SolverError",
    "Spot",
    "SpotError",
    "StreetSizes",
    "TreeOptions",
    "WeightedRange",
    "build_tree",
    "holdem_game",
    "load_spot",
    "parse_sizes",
    "parse_weighted_range",
    "read_spot",
    "spot_tree",
]
