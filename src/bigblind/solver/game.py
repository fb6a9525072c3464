"""A game as the solver sees it: each player's private hands, their weights, and the
strength of every hand on every board a showdown is reached on.

A hand is two card numbers (a game of one-card hands gives each player a
card no other hand uses as the second); two hands clash when they share a
card. :func:`holdem_game` builds one from a :class:`~bigblind.solver.spot.Spot`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from bigblind.cards import format_cards
from bigblind.solver.spot import Spot

__all__ = ["Game", "HandData", "hand_data", "holdem_game"]

Strength = Callable[[tuple[int, ...], NDArray[np.int32]], NDArray[np.int64]]
"""``(board, hands (n, 2)) -> values``: higher wins, equal splits, -1 for a hand the board
holds a card of."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """The private side of a game: hands (n, 2) and weights per player, and how hands rank."""

    hands: tuple[NDArray[np.int32], NDArray[np.int32]]
    weights: tuple[NDArray[np.float32], NDArray[np.float32]]
    names: tuple[tuple[str, ...], tuple[str, ...]]
    deck: tuple[int, ...]
    board: tuple[int, ...]
    hole: int
    """Cards in a hand, for the chance of a card dealt (2 in hold'em)."""
    strength: Strength


class HandData(NamedTuple):
    """What the kernels read of the hands: cards, the same hand in the other range, and,
    per board, the possible hands in order of strength (weakest first)."""

    cards0: NDArray[np.int32]
    cards1: NDArray[np.int32]
    same0: NDArray[np.int32]
    same1: NDArray[np.int32]
    order0: NDArray[np.int32]
    strength0: NDArray[np.int64]
    start0: NDArray[np.int64]
    order1: NDArray[np.int32]
    strength1: NDArray[np.int64]
    start1: NDArray[np.int64]


def hand_data(game: Game, boards: Sequence[tuple[int, ...]]) -> HandData:
    """The kernels' view of ``game`` for the showdown ``boards`` of a dealt tree."""
    h0, h1 = game.hands
    index1 = {(int(a), int(b)): i for i, (a, b) in enumerate(h1.tolist())}
    index0 = {(int(a), int(b)): i for i, (a, b) in enumerate(h0.tolist())}
    same0 = np.array([index1.get((a, b), -1) for a, b in h0.tolist()], np.int32)
    same1 = np.array([index0.get((a, b), -1) for a, b in h1.tolist()], np.int32)
    per_player: list[tuple[NDArray[np.int32], NDArray[np.int64], NDArray[np.int64]]] = []
    for hands in game.hands:
        orders, values, starts = [], [], [0]
        for board in boards:
            value = game.strength(board, hands)
            live = np.flatnonzero(value >= 0)
            order = live[np.argsort(value[live], kind="stable")]
            orders.append(order.astype(np.int32))
            values.append(value[order].astype(np.int64))
            starts.append(starts[-1] + len(order))
        per_player.append(
            (
                np.concatenate(orders) if orders else np.zeros(0, np.int32),
                np.concatenate(values) if values else np.zeros(0, np.int64),
                np.array(starts, np.int64),
            )
        )
    (o0, s0, t0), (o1, s1, t1) = per_player
    return HandData(h0, h1, same0, same1, o0, s0, t0, o1, s1, t1)


def _holdem_strength(board: tuple[int, ...], hands: NDArray[np.int32]) -> NDArray[np.int64]:
    from bigblind.evaluation.batch import evaluate_batch

    out = np.full(len(hands), -1, np.int64)
    clear = ~np.isin(hands, board).any(axis=1)
    if clear.any():
        rows = np.concatenate(
            [hands[clear], np.tile(np.array(board, np.int32), (int(clear.sum()), 1))], axis=1
        )
        out[clear] = evaluate_batch(rows)
    return out


def holdem_game(spot: Spot) -> Game:
    """The hands of ``spot``'s ranges that the board leaves, with their weights."""
    hands = []
    weights = []
    names = []
    for side in (spot.oop, spot.ip):
        live = side.excluding(tuple(spot.board))
        hands.append(np.array([[int(a), int(b)] for a, b in live.combos], np.int32).reshape(-1, 2))
        weights.append(np.array(live.weights, np.float32))
        names.append(tuple(format_cards(c) for c in live.combos))
    return Game(
        hands=(hands[0], hands[1]),
        weights=(weights[0], weights[1]),
        names=(names[0], names[1]),
        deck=tuple(range(52)),
        board=tuple(int(c) for c in spot.board),
        hole=2,
        strength=_holdem_strength,
    )
