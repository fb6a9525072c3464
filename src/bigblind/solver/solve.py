"""Solving a spot: discounted CFR (or CFR+) iterations, exploitability, the answer.

>>> from bigblind.solver.spot import read_spot
>>> spot = read_spot('''
... board = "Td 9d 6h Qc 2s"
... pot = 100
... stack = 100
... oop = "AA, KQs, 87s"
... ip = "KK, JTs, 54s"
... [tree.river]
... bets = "a"
... ''')
>>> solver = Solver.from_spot(spot)
>>> report = solver.solve(exploitability=0.5, max_iterations=2000)
>>> report.exploitability <= 0.5
True
>>> solver.root_labels
('check', 'all-in 100')
>>> round(solver.value(0) + solver.value(1), 3)  # no rake: the values add up to the pot
100.0
"""

from __future__ import annotations

import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

import numba
import numpy as np
from numpy.typing import ArrayLike, NDArray

from bigblind.errors import BigblindError
from bigblind.solver import kernels
from bigblind.solver.game import Game, hand_data, holdem_game
from bigblind.solver.layout import Layout, flatten
from bigblind.solver.spot import STREETS, Spot
from bigblind.solver.tree import DECISION, Node, build_tree

__all__ = [
    "ALGORITHMS",
    "DEFAULT_CHECK_EVERY",
    "Report",
    "Solver",
    "SolverError",
    "spot_tree",
]

Algorithm = Literal["dcfr", "cfr+"]
ALGORITHMS: Final = ("dcfr", "cfr+")
DEFAULT_CHECK_EVERY: Final = 10
"""Iterations between two exploitability computations (each costs about one iteration)."""
MAX_ITERATIONS: Final = 1_000_000
MAX_MEMORY: Final = 32 * 2**30
"""The most bytes of regrets and strategy sums a solver allocates (32 GiB)."""
_FORMAT: Final = "bigblind-solution-1"
DCFR_ALPHA: Final = 1.5
DCFR_BETA: Final = 0.0
DCFR_GAMMA: Final = 2.0


class SolverError(BigblindError):
    """A solver asked for something it cannot do (an unknown algorithm, a bad target)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    """Where a solve stands: iterations done, exploitability in % of the pot, time, memory."""

    iterations: int
    exploitability: float
    seconds: float
    memory: int
    """Bytes held by the solver's arrays (tree, hands, regrets, strategy sums)."""
    peak: int
    """The process's peak resident memory, bytes."""
    stopped: bool = False
    """Stopped before the target was reached (Ctrl-C)."""


def spot_tree(spot: Spot) -> Node:
    """The betting tree of ``spot`` from its street to the river."""
    streets = [spot.sizes[s] for s in STREETS[len(spot.board) - 3 :]]
    return build_tree(pot=spot.pot, stack=spot.stack, streets=streets, options=spot.options)


def _check_threads(threads: int) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise SolverError(f"threads are 1 to 256, not {threads!r}")
    return threads


def _frontier(layout: Layout) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each node's index among the chance nodes with no chance node above (or -1), and
    those nodes: what the threads share out."""
    flat = layout.flat
    index = np.full(layout.nodes, -1, np.int64)
    nodes: list[int] = []
    stack = [0]
    while stack:
        n = stack.pop()
        if flat.kind[n] == 2:
            index[n] = len(nodes)
            nodes.append(n)
            continue
        first = int(flat.first[n])
        stack.extend(range(first, first + int(flat.branches[n])))
    return index, np.array(nodes, np.int64)


def _peak() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


class Solver:
    """The state of a solve: a dealt tree, each decision's regrets and strategy sums.

    Player 0 is out of position (first to act), 1 in position. Values are in chips:
    what a player takes from the pot at the end less what they put in after the
    start, so that without rake the two players' values add up to the pot.
    """

    def __init__(
        self,
        game: Game,
        root: Node,
        *,
        pot: int,
        rake: float = 0.0,
        rake_cap: float = 0.0,
        algorithm: Algorithm = "dcfr",
        threads: int = 1,
    ) -> None:
        if algorithm not in ALGORITHMS:
            raise SolverError(f"the algorithm is one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
        self.game = game
        self.root = root
        self.pot = pot
        self.algorithm: Algorithm = algorithm
        sizes = (len(game.hands[0]), len(game.hands[1]))
        self.layout: Layout = flatten(
            root, deck=game.deck, board=game.board, hands=sizes, hole=game.hole
        )
        needed = 8 * self.layout.size
        if needed > MAX_MEMORY:
            raise SolverError(
                f"the tree would need {needed / 2**30:,.1f} GiB of regrets and strategy sums,"
                f" over the {MAX_MEMORY / 2**30:.0f} GiB allowed: use fewer sizes or a later street"
            )
        self.hands = hand_data(game, self.layout.boards)
        self.regrets = np.zeros(self.layout.size, np.float32)
        self.sums = np.zeros(self.layout.size, np.float32)
        self.params = np.zeros(kernels.PARAMS, np.float64)
        self.params[kernels.P_POT] = pot
        self.params[kernels.P_RAKE] = rake
        self.params[kernels.P_CAP] = rake_cap if rake_cap > 0 else float(pot) * 1e9
        self.threads = _check_threads(threads)
        """Threads the walks run on: the subtrees of the first chance nodes are shared out."""
        self.frontier = _frontier(self.layout)
        self.iterations = 0
        self.seconds = 0.0
        self.spot_text = ""
        self.weights = (
            np.ascontiguousarray(game.weights[0], np.float32),
            np.ascontiguousarray(game.weights[1], np.float32),
        )
        self.compatible = self._compatible()
        """Per hand of each player, the weight of the opponent's hands it does not clash with."""
        if not (self.compatible[0] > 0).any():
            raise SolverError(
                "the two ranges hold no pair of hands that can be dealt together: every hand"
                " of one shares a card with every hand of the other"
            )

    @classmethod
    def from_spot(
        cls, spot: Spot, *, algorithm: Algorithm = "dcfr", text: str = "", threads: int = 1
    ) -> Solver:
        """A solver of a hold'em ``spot`` (``text``: its TOML, kept for :meth:`save`)."""
        solver = cls(
            holdem_game(spot),
            spot_tree(spot),
            pot=spot.pot,
            rake=spot.rake,
            rake_cap=spot.rake_cap,
            algorithm=algorithm,
            threads=threads,
        )
        solver.spot_text = text
        return solver

    def _compatible(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Per hand of each player, the weight of the opponent's hands it does not clash with."""
        out = []
        for p in (0, 1):
            mine, theirs = self.game.hands[p], self.game.hands[1 - p]
            their_w = self.weights[1 - p].astype(np.float64)
            sums = np.zeros(kernels.CARD_SPACE, np.float64)
            np.add.at(sums, theirs[:, 0], their_w)
            np.add.at(sums, theirs[:, 1], their_w)
            same = self.hands.same0 if p == 0 else self.hands.same1
            back = np.where(same >= 0, their_w[np.maximum(same, 0)], 0.0)
            out.append(their_w.sum() - sums[mine[:, 0]] - sums[mine[:, 1]] + back)
        return out[0], out[1]

    @property
    def memory(self) -> int:
        """Bytes held by the solver's arrays."""
        held = self.regrets.nbytes + self.sums.nbytes
        held += sum(a.nbytes for a in self.layout.flat) + sum(a.nbytes for a in self.hands)
        return int(held)

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        if iterations <= 0:
            return
        started = time.perf_counter()
        self._threads()
        kernels.iterate(
            self.iterations + 1,
            iterations,
            self.layout.flat,
            self.hands,
            self.regrets,
            self.sums,
            self.weights[0],
            self.weights[1],
            self.params,
            DCFR_ALPHA,
            DCFR_BETA,
            DCFR_GAMMA,
            self.algorithm == "cfr+",
            self.frontier,
            self.threads > 1,
        )
        self.iterations += iterations
        self.seconds += time.perf_counter() - started

    def hand_values(self, player: int, mode: int = kernels.AVERAGE) -> NDArray[np.float32]:
        """Counterfactual values of ``player``'s hands at the root (see :mod:`kernels`)."""
        out = np.empty(len(self.weights[player]), np.float32)
        self._threads()
        kernels.root_values(
            player,
            mode,
            self.layout.flat,
            self.hands,
            self.regrets,
            self.sums,
            self.weights[1 - player],
            self.weights[player],
            out,
            self.params,
            self.frontier,
            self.threads > 1,
        )
        return out

    def _threads(self) -> None:
        if self.threads > 1:
            numba.set_num_threads(min(self.threads, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]

    def value(self, player: int, mode: int = kernels.AVERAGE) -> float:
        """``player``'s expected value in chips (both on their average strategies, or
        ``mode=kernels.BEST``: ``player`` best-responding)."""
        values = self.hand_values(player, mode).astype(np.float64)
        pairs = float(np.dot(self.weights[player].astype(np.float64), self.compatible[player]))
        return float(np.dot(self.weights[player].astype(np.float64), values) / pairs)

    def exploitability(self) -> float:
        """How much the average strategies lose to best responses, in % of the pot:
        (best response of each player, summed, less what they get as they are) / 2."""
        best = self.value(0, kernels.BEST) + self.value(1, kernels.BEST)
        # Without rake the two values add up to the pot.
        raked = self.params[kernels.P_RAKE] > 0
        held = self.value(0) + self.value(1) if raked else float(self.pot)
        return (best - held) / 2 / self.pot * 100

    def hand_evs(self, player: int) -> NDArray[np.float64]:
        """Each of ``player``'s hands' expected value at the root, in chips (NaN for a hand
        no opponent's hand leaves possible)."""
        values = self.hand_values(player).astype(np.float64)
        pairs = self.compatible[player]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(pairs > 0, values / pairs, np.nan)

    @property
    def root_labels(self) -> tuple[str, ...]:
        """The actions at the root."""
        return self.layout.labels.get(0, ())

    def strategy(self, node: int = 0) -> NDArray[np.float32]:
        """The average strategy at a decision ``node``: (actions, hands of its player)."""
        flat = self.layout.flat
        if flat.kind[node] != DECISION:
            raise SolverError(f"node {node} is no decision")
        actions = int(flat.branches[node])
        hands = len(self.weights[int(flat.player[node])])
        out = np.empty((actions, hands), np.float32)
        kernels.average_strategy(self.sums, int(flat.offset[node]), actions, hands, out)
        return out

    def lock(self, node: int, strategy: ArrayLike) -> None:
        """Fix the strategy of decision ``node`` (actions, hands of its player): the solve
        goes on around it, and best responses take it as it is.

        Each hand's frequencies are made to add up to 1; a hand with none plays uniformly.
        """
        flat = self.layout.flat
        if not 0 <= node < self.layout.nodes or flat.kind[node] != DECISION:
            raise SolverError(f"node {node} is no decision of the tree")
        actions = int(flat.branches[node])
        hands = len(self.weights[int(flat.player[node])])
        fixed = np.array(strategy, np.float64)
        if fixed.shape != (actions, hands) or not np.isfinite(fixed).all() or (fixed < 0).any():
            raise SolverError(
                f"a strategy for node {node} is {actions} x {hands} non-negative frequencies"
                f" (actions by hands), not {fixed.shape[0]} x {fixed.shape[-1]}"
                if fixed.ndim == 2
                else f"a strategy for node {node} is {actions} x {hands} frequencies"
            )
        total = fixed.sum(axis=0)
        fixed = np.where(total > 0, fixed / np.where(total > 0, total, 1), 1.0 / actions)
        off = int(flat.offset[node])
        self.sums[off : off + actions * hands] = fixed.astype(np.float32).reshape(-1)
        flat.locked[node] = 1

    def solve(
        self,
        *,
        exploitability: float,
        max_iterations: int = 1000,
        check_every: int = DEFAULT_CHECK_EVERY,
        progress: Callable[[Report], None] | None = None,
    ) -> Report:
        """Iterate until the exploitability is at most ``exploitability`` (% of the pot) or
        ``max_iterations`` are done, computing it every ``check_every`` iterations.

        Ctrl-C stops it between two batches of iterations; the report then says so.
        """
        if not 0 < exploitability <= 100:
            raise SolverError(
                f"the target exploitability is 0 to 100% of the pot, not {exploitability}"
            )
        if not 1 <= max_iterations <= MAX_ITERATIONS or not 1 <= check_every <= MAX_ITERATIONS:
            raise SolverError(
                f"iterations are 1 to {MAX_ITERATIONS:,}, not {max_iterations} (the most)"
                f" and {check_every} (between checks)"
            )
        stopped = False
        current = self.exploitability() if self.iterations else float("inf")
        try:
            while current > exploitability and self.iterations < max_iterations:
                self.run(min(check_every, max_iterations - self.iterations))
                started = time.perf_counter()
                current = self.exploitability()
                self.seconds += time.perf_counter() - started
                if progress is not None:
                    progress(self._report(current))
        except KeyboardInterrupt:
            stopped = True
            current = self.exploitability() if self.iterations else float("inf")
        return self._report(current, stopped=stopped)

    def save(self, path: str | Path) -> None:
        """Write the solve to a numpy ``.npz`` file: the spot's TOML, the algorithm, the
        iterations done and every decision's regrets and strategy sums (a solver from a
        spot's text alone: :meth:`from_spot` with ``text``)."""
        if not self.spot_text:
            raise SolverError("only a solver made from a spot's TOML text can be saved")
        try:
            with open(path, "wb") as handle:
                np.savez_compressed(
                    handle,
                    format=np.array(_FORMAT),
                    spot=np.array(self.spot_text),
                    algorithm=np.array(self.algorithm),
                    iterations=np.array(self.iterations),
                    seconds=np.array(self.seconds),
                    regrets=self.regrets,
                    sums=self.sums,
                    locked=self.layout.flat.locked,
                )
        except OSError as error:
            raise SolverError(
                f"cannot write the solution {str(path)!r}: {error.strerror}"
            ) from None

    @classmethod
    def load(cls, path: str | Path, *, threads: int = 1) -> Solver:
        """A solver as :meth:`save` left it, ready to go on or be read."""
        from bigblind.solver.spot import SpotError, read_spot

        try:
            with np.load(path, allow_pickle=False) as data:
                fields = {key: data[key] for key in data.files}
        except (OSError, ValueError, EOFError) as error:
            why = getattr(error, "strerror", None) or "not a saved solution (.npz)"
            raise SolverError(f"cannot read the solution {str(path)!r}: {why}") from None
        if str(fields.get("format", "")) != _FORMAT:
            raise SolverError(f"{str(path)!r} is not a solution saved by bigblind solve")
        try:
            spot = read_spot(str(fields["spot"]))
        except SpotError as error:
            raise SolverError(f"the solution {str(path)!r} holds a bad spot: {error}") from None
        algorithm = str(fields["algorithm"])
        if algorithm not in ALGORITHMS:
            raise SolverError(f"the solution {str(path)!r} names no known algorithm")
        solver = cls.from_spot(
            spot,
            algorithm=algorithm,  # type: ignore[arg-type]
            text=str(fields["spot"]),
            threads=threads,
        )
        for name in ("regrets", "sums"):
            array = fields[name]
            if array.shape != (solver.layout.size,) or array.dtype != np.float32:
                raise SolverError(f"the solution {str(path)!r} does not fit its own spot's tree")
            setattr(solver, name, np.ascontiguousarray(array))
        locked = fields.get("locked")
        if locked is None or locked.shape != solver.layout.flat.locked.shape:
            raise SolverError(f"the solution {str(path)!r} does not fit its own spot's tree")
        solver.layout.flat.locked[:] = locked != 0
        solver.iterations = int(fields["iterations"])
        solver.seconds = float(fields["seconds"])
        return solver

    def _report(self, current: float, *, stopped: bool = False) -> Report:
        return Report(
            iterations=self.iterations,
            exploitability=current,
            seconds=self.seconds,
            memory=self.memory,
            peak=_peak(),
            stopped=stopped,
        )
