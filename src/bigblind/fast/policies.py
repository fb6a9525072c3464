"""Policies of the batch engine: numba functions ``policy(view, u) -> (code, amount)``.

``view`` is the decision as the ``V_*`` indices of :mod:`~bigblind.fast.layout` lay it
out, ``u`` a uniform number in [0, 1) of the hand's own random stream
(:func:`next_random`). A user's policy is written the same way; :func:`seated` makes
one policy of several, each playing for the players the hand's seating gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numba
import numpy as np

from bigblind.fast.layout import CALL, FOLD, RAISE, V_MAX_TO, V_MIN_TO, V_PLAYER, V_TO_CALL

__all__ = ["next_random", "random_policy", "seated", "station_policy", "uniform_policy"]

Policy = Callable[..., tuple[int, int]]


@numba.njit(cache=True, inline="always")
def next_random(state: Any) -> float:
    """splitmix64 on a one-element uint64 array: the next uniform number in [0, 1)."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return float(z >> np.uint64(11)) / 9007199254740992.0


@numba.njit(cache=True)
def random_policy(view: Any, u: float) -> tuple[int, int]:
    """Fold a tenth of the time when facing a bet, raise a third (to a random size,
    all-in one time in ten), else check or call."""
    if view[V_TO_CALL] > 0 and u < 0.1:
        return FOLD, 0
    low, high = view[V_MIN_TO], view[V_MAX_TO]
    if low >= 0 and u > 0.66:
        if u > 0.966:
            return RAISE, high
        span = high - low
        return RAISE, low + int(span * ((u - 0.66) / 0.306) * 0.5)
    return CALL, 0


@numba.njit(cache=True)
def station_policy(view: Any, u: float) -> tuple[int, int]:
    """Check or call, always."""
    return CALL, 0


@numba.njit(cache=True)
def uniform_policy(view: Any, u: float) -> tuple[int, int]:
    """The law of the ``random`` bot: one of the legal kinds of action (fold, check,
    call, bet or raise), each equally likely, and a bet or raise to a total drawn
    uniformly from the legal range."""
    low, high = view[V_MIN_TO], view[V_MAX_TO]
    facing = view[V_TO_CALL] > 0
    kinds = (3 if low >= 0 else 2) if facing else (2 if low >= 0 else 1)
    pick = int(u * kinds)
    if facing and pick == 0:
        return FOLD, 0
    if pick == kinds - 1 and low >= 0:
        # What is left of u past the kind's choice is uniform too: it draws the size.
        rest = u * kinds - pick
        return RAISE, low + min(high - low, int(rest * (high - low + 1)))
    return CALL, 0


def seated(policies: Sequence[Policy]) -> Policy:
    """One policy of ``policies``: player ``i`` of the hand's seating (the view's
    ``V_PLAYER``) plays ``policies[i]``.

    >>> both = seated([station_policy, random_policy])
    >>> view = np.zeros(19, np.int64)
    >>> view[V_TO_CALL], view[V_MIN_TO], view[V_MAX_TO] = 2, 4, 100
    >>> both(view, 0.05), bool(both(view, 0.9)[0] != FOLD)
    ((1, 0), True)
    >>> view[V_PLAYER] = 1
    >>> both(view, 0.05)
    (0, 0)
    """
    if not policies:
        raise ValueError("seated: give one policy or more")
    return _chain(tuple(policies), 0)


def _chain(policies: tuple[Policy, ...], first: int) -> Policy:
    """Player ``first`` plays the head of ``policies``, the later players the rest."""
    head = policies[0]
    if len(policies) == 1:
        return head
    tail = _chain(policies[1:], first + 1)

    @numba.njit
    def pick(view: Any, u: float) -> tuple[int, int]:
        if view[V_PLAYER] == first:
            return head(view, u)
        return tail(view, u)

    return pick  # type: ignore[no-any-return]
