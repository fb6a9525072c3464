"""The dealt tree as flat arrays, the form the kernels walk.

Every node of the betting tree is copied once per card dealt above it. A
node's children are contiguous (``first[n]`` to ``first[n] + branches[n]``), so a
kernel needs no pointers. A decision node owns ``branches x hands`` numbers of
each per-node array from ``offset[n]``, for the hands of the player to act.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from bigblind.solver.tree import CHANCE, DECISION, SHOWDOWN, Node

__all__ = ["MAX_NODES", "Flat", "Layout", "flatten"]

MAX_NODES: Final = 20_000_000
"""The most nodes a dealt tree may have."""


class Flat(NamedTuple):
    """The arrays of a dealt tree (one entry per node), as the kernels read them."""

    kind: NDArray[np.int8]
    player: NDArray[np.int8]
    first: NDArray[np.int64]
    branches: NDArray[np.int32]
    dealt: NDArray[np.int32]
    """The card dealt on the way in (children of chance nodes), else -1."""
    invested: NDArray[np.float64]
    """(nodes, 2): each player's chips in since the spot began."""
    board: NDArray[np.int32]
    """Showdowns: the index of the full board among the layout's boards."""
    factor: NDArray[np.float64]
    """Chance nodes: the probability of each card dealt."""
    offset: NDArray[np.int64]
    """Decision nodes: where their numbers start in the per-node arrays."""
    locked: NDArray[np.int8]
    """Decision nodes whose strategy is fixed (node locking): 1, else 0."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """A dealt tree: the arrays, the boards of its showdowns, and each decision's actions."""

    flat: Flat
    boards: tuple[tuple[int, ...], ...]
    labels: dict[int, tuple[str, ...]]
    size: int
    """The numbers each per-node array holds."""

    @property
    def nodes(self) -> int:
        """The number of nodes."""
        return int(self.flat.kind.shape[0])


def flatten(
    root: Node, *, deck: Sequence[int], board: Sequence[int], hands: tuple[int, int], hole: int
) -> Layout:
    """Deal ``root`` out: each chance node gets a child per card of ``deck`` not on the board.

    ``hands`` is the number of hands of each player (the numbers a decision holds per
    action), ``hole`` the cards of a hand (for the chance of each card).
    """
    total = _dealt_size(root, len(deck) - len(board))
    if total > MAX_NODES:
        raise ValueError(f"the dealt tree would have {total:,} nodes, over {MAX_NODES:,}")
    kind = np.zeros(total, np.int8)
    player = np.full(total, -1, np.int8)
    first = np.zeros(total, np.int64)
    branches = np.zeros(total, np.int32)
    dealt = np.full(total, -1, np.int32)
    invested = np.zeros((total, 2), np.float64)
    board_of = np.full(total, -1, np.int32)
    factor = np.zeros(total, np.float64)
    offset = np.full(total, -1, np.int64)
    boards: dict[tuple[int, ...], int] = {}
    labels: dict[int, tuple[str, ...]] = {}
    state = {"next": 1, "size": 0}

    # An explicit stack: trees are deep enough that recursion would be close to the limit.
    stack: list[tuple[int, Node, tuple[int, ...]]] = [(0, root, tuple(board))]
    while stack:
        index, node, cards = stack.pop()
        kind[index] = node.kind
        player[index] = node.player
        invested[index] = node.invested
        if node.kind == CHANCE:
            left = [c for c in deck if c not in cards]
            factor[index] = 1.0 / (len(deck) - len(cards) - 2 * hole)
            start = state["next"]
            state["next"] += len(left)
            first[index], branches[index] = start, len(left)
            for i, card in enumerate(left):
                dealt[start + i] = card
                stack.append((start + i, node.children[0], (*cards, card)))
            continue
        if node.kind == DECISION:
            labels[index] = node.labels
            offset[index] = state["size"]
            state["size"] += len(node.children) * hands[node.player]
        elif node.kind == SHOWDOWN:
            key = tuple(sorted(cards))
            board_of[index] = boards.setdefault(key, len(boards))
        start = state["next"]
        state["next"] += len(node.children)
        first[index], branches[index] = start, len(node.children)
        for i, child in enumerate(node.children):
            stack.append((start + i, child, cards))
    locked = np.zeros(total, np.int8)
    flat = Flat(kind, player, first, branches, dealt, invested, board_of, factor, offset, locked)
    return Layout(flat=flat, boards=tuple(boards), labels=labels, size=state["size"])


def _dealt_size(node: Node, left: int) -> int:
    memo: dict[int, int] = {}

    def size(n: Node, left: int) -> int:
        key = id(n) * 64 + left
        if key not in memo:
            if n.kind == CHANCE:
                memo[key] = 1 + left * size(n.children[0], left - 1)
            else:
                memo[key] = 1 + sum(size(c, left) for c in n.children)
        return memo[key]

    return size(node, left)
