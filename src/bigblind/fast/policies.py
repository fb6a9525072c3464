"""Policies of the batch engine: numba functions ``policy(view, u) -> (code, amount)``.

``view`` is the decision as the ``V_*`` indices of :mod:`~bigblind.fast.layout` lay it
out, ``u`` a uniform number in [0, 1) of the hand's own random stream
(:func:`next_random`). A user's policy is written the same way.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from bigblind.fast.layout import CALL, FOLD, RAISE, V_MAX_TO, V_MIN_TO, V_TO_CALL

__all__ = ["next_random", "random_policy", "station_policy"]


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
