"""Duplicate matches on the batch engine: every deck dealt once per seat rotation.

The same plan as the object engine's matches (:mod:`bigblind.bots.matches`): with
``n`` players, deal ``d`` keeps the button on seat ``d % n`` and is played ``n`` times
from the same deck, seat ``s`` holding player ``(s + r) % n`` in rotation ``r``, so
each player holds each seat's cards once and the luck of the deal cancels out.

>>> from bigblind import Rules
>>> rules = Rules.no_limit(blinds=(1, 2))
>>> won = play_deals(rules, ["station", "uniform"], deals=500, chips=200, seed=3)
>>> won.shape, int(won.sum())  # each deal's winnings per player; chips are conserved
((500, 2), 0)
>>> bool((play_deals(rules, ["station", "station"], deals=50, chips=200) == 0).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from bigblind.engine.rules import Rules
from bigblind.errors import RulesError
from bigblind.fast.batch import Policy, play

__all__ = ["deal_seeds", "play_deals"]


def deal_seeds(seed: int, first: int, count: int) -> NDArray[np.int64]:
    """The seeds of deals ``first`` to ``first + count - 1`` of a run seeded ``seed``:
    a deal's seed depends on the run's seed and its number alone, so a run played in
    chunks of any size deals the same cards.

    >>> bool((deal_seeds(7, 0, 10)[4:] == deal_seeds(7, 4, 6)).all())
    True
    """
    # splitmix64 of (seed, deal number): numpy's unsigned arithmetic wraps as the mix wants.
    z = np.arange(first, first + count, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z += np.uint64(seed * 0xD1B54A32D192ED03 % 2**64)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return (z >> np.uint64(1)).astype(np.int64)


def play_deals(
    rules: Rules,
    players: Sequence[str | Policy],
    *,
    deals: int,
    chips: int,
    seed: int = 0,
    first: int = 0,
) -> NDArray[np.int64]:
    """Play ``deals`` duplicate deals (numbered from ``first``) of ``players`` (one
    policy each, by name or as a numba function), every hand from ``chips`` each; each
    deal's winnings of each player in chips, summed over its rotations: (deals, players).
    """
    n = len(players)
    if n < 2:
        raise RulesError("players: a duplicate match seats two policies or more")
    if deals < 1:
        raise RulesError(f"deals: play one deal or more, not {deals}")
    hands = deals * n
    rotation = np.tile(np.arange(n, dtype=np.int64), deals)
    number = np.repeat(np.arange(first, first + deals, dtype=np.int64), n)
    seats = np.arange(n, dtype=np.int64)
    seating = (seats[None, :] + rotation[:, None]) % n
    batch = play(
        rules,
        np.full(n, chips, np.int64),
        hands=hands,
        policy=list(players),
        buttons=number % n,
        seeds=np.repeat(deal_seeds(seed, first, deals), n),
        seating=seating,
        record=False,
    )
    net = batch.stacks - batch.start
    # Player b sat in seat (b - r) % n of rotation r.
    by_player = np.take_along_axis(net, (seats[None, :] - rotation[:, None]) % n, axis=1)
    won: NDArray[np.int64] = by_player.reshape(deals, n, n).sum(axis=1)
    return won
