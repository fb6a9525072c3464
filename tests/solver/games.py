"""Toy games for the solver's tests, built from the solver's own parts: Kuhn and Leduc poker.

A toy hand is one card; its second "card" is a number no other hand of the
same player's opponent uses (60 out of position, 61 in position), so that two
hands clash only when they share the real card.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from bigblind.solver.game import Game
from bigblind.solver.sizes import parse_sizes
from bigblind.solver.solve import Solver
from bigblind.solver.spot import PlayerSizes, StreetSizes, TreeOptions
from bigblind.solver.tree import build_tree

_SPARE = (60, 61)


def _hands(cards: range, player: int) -> NDArray[np.int32]:
    return np.array([[c, _SPARE[player]] for c in cards], np.int32)


def _game(cards: range, deck: tuple[int, ...], strength: object) -> Game:
    return Game(
        hands=(_hands(cards, 0), _hands(cards, 1)),
        weights=(np.ones(len(cards), np.float32), np.ones(len(cards), np.float32)),
        names=(tuple(map(str, cards)), tuple(map(str, cards))),
        deck=deck,
        board=(),
        hole=1,
        strength=strength,  # type: ignore[arg-type]
    )


def _kuhn_strength(board: tuple[int, ...], hands: NDArray[np.int32]) -> NDArray[np.int64]:
    return hands[:, 0].astype(np.int64)


def kuhn(algorithm: str = "dcfr") -> Solver:
    """Kuhn poker: J, Q, K (0, 1, 2), an ante of 1 each (the pot of 2), one bet of 1.

    Player 0's value is ``Solver.value(0) - 1`` (the ante comes back out); it is -1/18.
    """
    allin = PlayerSizes(bets=parse_sizes("a", raises=False))
    root = build_tree(pot=2, stack=1, streets=[StreetSizes(oop=allin, ip=allin)])
    game = _game(range(3), (), _kuhn_strength)
    return Solver(game, root, pot=2, algorithm=algorithm)  # type: ignore[arg-type]


def _leduc_strength(board: tuple[int, ...], hands: NDArray[np.int32]) -> NDArray[np.int64]:
    (public,) = board
    card = hands[:, 0].astype(np.int64)
    rank = card // 2
    value = np.where(rank == public // 2, 10 + rank, rank)
    return np.where(card == public, -1, value)


def leduc(algorithm: str = "dcfr", threads: int = 1) -> Solver:
    """Leduc hold'em: J, J, Q, Q, K, K (0 to 5), an ante of 1 each, a bet and one raise of 2
    on the first round and of 4 on the second, after a public card; a pair with it wins,
    else the higher card. Player 0's value less the ante is about -0.0856."""
    first = PlayerSizes(bets=parse_sizes("2c", raises=False), raises=parse_sizes("2c", raises=True))
    second = PlayerSizes(
        bets=parse_sizes("4c", raises=False), raises=parse_sizes("4c", raises=True)
    )
    root = build_tree(
        pot=2,
        stack=100,
        streets=[StreetSizes(oop=first, ip=first), StreetSizes(oop=second, ip=second)],
        options=TreeOptions(raise_cap=1),
    )
    game = _game(range(6), tuple(range(6)), _leduc_strength)
    return Solver(game, root, pot=2, algorithm=algorithm, threads=threads)  # type: ignore[arg-type]
