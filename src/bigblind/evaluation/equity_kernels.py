"""The compiled loops of :func:`bigblind.evaluation.hand_equity.equity`.

Exact enumeration deals every run-out to every listed combination of hands in
fixed blocks; Monte Carlo deals seeded random chunks. Each comes compiled for
every core (``numba.prange``) and for one, and each counts showdowns with the
shared evaluator core of :mod:`bigblind.evaluation.batch`. The blocks and
chunks are fixed in number, so results never depend on the number of cores.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np

from bigblind.evaluation.batch import Tables, card_bit_nb, tables, value7_nb

__all__ = [
    "MAX_TRIES",
    "exact_parallel",
    "exact_serial",
    "monte_carlo_parallel",
    "monte_carlo_serial",
]

MAX_TRIES: Final = 1_000_000
"""Consecutive rejected deals before Monte Carlo gives up (ranges that keep clashing)."""

_F = TypeVar("_F", bound=Callable[..., Any])

# The evaluator's tables as a global: numba compiles them into the kernels as constants.
# Passed into the kernels as an argument, every call of the core would cost several
# times as much (numba counts references to each of the arrays on each call).
_T: Final[Tables] = tables()


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` with ``cache=True`` that keeps the function's type for checkers."""
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


@_njit()
def _holes(row: Any, keys: Any, masks: Any) -> int:
    """Fill the players' hole-card keys and masks from ``row`` (players, 2); the cards' bits."""
    used = 0
    for p in range(row.shape[0]):
        a, b = int(row[p, 0]), int(row[p, 1])
        keys[p] = _T.keys[a] + _T.keys[b]
        masks[p] = card_bit_nb(a) | card_bit_nb(b)
        used |= (1 << a) | (1 << b)
    return used


@_njit(inline="always")
def _showdown(
    board_key: int, board_mask: int, keys: Any, masks: Any, values: Any, counts: Any
) -> None:
    """Count one deal: ``counts[p, w] += 1`` for each player ``p`` among the ``w`` best hands.

    ``values`` is room for the players' hand values. Inlined into the kernels: a call that
    passes arrays would cost more than the hand values themselves.
    """
    best = -1
    winners = 0
    for p in range(keys.shape[0]):
        v = value7_nb(board_key + keys[p], board_mask | masks[p], _T)
        values[p] = v
        if v > best:
            best = v
            winners = 1
        elif v == best:
            winners += 1
    for p in range(keys.shape[0]):
        if values[p] == best:
            counts[p, winners] += 1


@_njit()
def _exact_block(
    block: int,
    matchups: Any,
    used: int,
    board_key: int,
    board_mask: int,
    need: int,
    binom: Any,
    tally: Any,
) -> None:
    """One of the equal blocks of consecutive deals of an exact count, into ``tally[block]``.

    Deal ``g`` is run-out ``g % R`` of matchup ``g // R``; the run-outs are the
    ``need``-card subsets of the cards left, in lexicographic order.
    """
    count, players = matchups.shape[0], matchups.shape[1]
    n = 52 - 2 * players
    for c in range(52):
        if used >> c & 1:
            n -= 1
    runouts = binom[n, need]
    total = count * runouts
    blocks = tally.shape[0]
    start = total * block // blocks
    end = total * (block + 1) // blocks
    if start >= end:
        return
    counts = tally[block]
    keys = np.empty(players, np.int64)
    masks = np.empty(players, np.int64)
    values = np.empty(players, np.int64)
    deck = np.empty(52, np.int64)
    index = np.empty(5, np.int64)
    m = start // runouts
    _unrank(start - m * runouts, n, need, binom, index)
    _fill_deck(used | _holes(matchups[m], keys, masks), deck)
    for _ in range(start, end):
        k = board_key
        mask = board_mask
        for j in range(need):
            c = deck[index[j]]
            k += _T.keys[c]
            mask |= card_bit_nb(c)
        _showdown(k, mask, keys, masks, values, counts)
        # the next run-out, or the first of the next matchup
        i = need - 1
        while i >= 0 and index[i] == n - need + i:
            i -= 1
        if i >= 0:
            index[i] += 1
            for j in range(i + 1, need):
                index[j] = index[j - 1] + 1
        else:
            m += 1
            if m < count:
                for j in range(need):
                    index[j] = j
                taken = used | _holes(matchups[m], keys, masks)
                if need > 0:
                    _fill_deck(taken, deck)


def _on_cores(kernel: Callable[[Any], _F]) -> tuple[_F, _F]:
    """``kernel(loop)`` compiled for every core (``numba.prange``) and for one (``range``).

    The one-core kernel is for little work: no threads to start. Two closures rather than
    one function compiled two ways: numba's disk cache keys a function by its code and
    closure, not by the options it was compiled with.
    """
    return _njit(parallel=True)(kernel(numba.prange)), _njit()(kernel(range))


def _exact_all(loop: Any) -> Callable[..., None]:
    """Every block of :func:`_exact_block`, over ``loop``."""

    def run(
        matchups: Any, used: int, board_key: int, board_mask: int, need: int, binom: Any, tally: Any
    ) -> None:
        for block in loop(tally.shape[0]):
            _exact_block(block, matchups, used, board_key, board_mask, need, binom, tally)

    return run


exact_parallel, exact_serial = _on_cores(_exact_all)


@_njit()
def _fill_deck(taken: int, deck: Any) -> None:
    """The cards not in ``taken`` (a bit per card), ascending, at the start of ``deck``."""
    n = 0
    for c in range(52):
        if not taken >> c & 1:
            deck[n] = c
            n += 1


@_njit()
def _unrank(r: int, n: int, k: int, binom: Any, index: Any) -> None:
    """The ``r``-th ``k``-subset of ``range(n)`` in lexicographic order, into ``index``."""
    c = 0
    for j in range(k):
        while binom[n - c - 1, k - j - 1] <= r:
            r -= binom[n - c - 1, k - j - 1]
            c += 1
        index[j] = c
        c += 1


# SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state stepped by a constant and
# mixed; fast, and its outputs pass the usual statistical test batteries.
_GAMMA: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_TWO32: Final = np.uint64(1 << 32)


@_njit()
def _mix(z: Any) -> Any:
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@_njit()
def _below(state: Any, n: int) -> tuple[Any, Any]:
    """The next state and a uniform int in ``range(n)`` (Lemire's method, unbiased)."""
    bound = np.uint64(n)
    while True:
        state += _GAMMA
        product = (_mix(state) >> np.uint64(32)) * bound
        low = product & _LOW32
        if low >= bound or low >= (_TWO32 - bound) % bound:
            return state, np.int64(product >> np.uint64(32))


@_njit()
def _draw(state: Any, taken: int) -> tuple[Any, Any]:
    """The next state and a uniform card not in ``taken`` (a bit per card)."""
    while True:
        state, c = _below(state, 52)
        if not taken >> c & 1:
            return state, c


@_njit()
def _monte_carlo_chunk(
    chunk: int,
    fixed: Any,
    dealt: Any,
    matchups: Any,
    combos: Any,
    sizes: Any,
    used: int,
    board_key: int,
    board_mask: int,
    need: int,
    samples: int,
    seed: Any,
    tally: Any,
) -> bool:
    """One chunk of the samples into ``tally[chunk]``; False when the ranges kept clashing.

    The ``fixed`` players' hands come from the list of consistent ``matchups``
    when there is one, else from their ``combos`` by rejection (all redrawn when
    two clash). Players who may hold any two cards are dealt from the deck, as
    is the rest of the board: every consistent deal stays equally likely. Each
    chunk has its own random stream, so results do not depend on the threads.
    """
    chunks = tally.shape[0]
    players = fixed.shape[0] + dealt.shape[0]
    listed = matchups.shape[0]
    state = _mix(seed + _GAMMA * np.uint64(chunk + 1)) ^ seed
    counts = tally[chunk]
    keys = np.empty(players, np.int64)
    masks = np.empty(players, np.int64)
    values = np.empty(players, np.int64)
    todo = samples // chunks + (1 if chunk < samples % chunks else 0)
    for _ in range(todo):
        taken = used
        if listed > 0:
            state, pick = _below(state, listed)
            for i in range(fixed.shape[0]):
                a, b = int(matchups[pick, i, 0]), int(matchups[pick, i, 1])
                p = fixed[i]
                keys[p] = _T.keys[a] + _T.keys[b]
                masks[p] = card_bit_nb(a) | card_bit_nb(b)
                taken |= (1 << a) | (1 << b)
        elif fixed.shape[0] > 0:
            tries = 0
            while True:
                taken = used
                clash = False
                for i in range(fixed.shape[0]):
                    state, j = _below(state, sizes[i])
                    a, b = int(combos[i, j, 0]), int(combos[i, j, 1])
                    bits = (1 << a) | (1 << b)
                    if taken & bits:
                        clash = True
                        break
                    taken |= bits
                    p = fixed[i]
                    keys[p] = _T.keys[a] + _T.keys[b]
                    masks[p] = card_bit_nb(a) | card_bit_nb(b)
                if not clash:
                    break
                tries += 1
                if tries >= MAX_TRIES:
                    return False
        for i in range(dealt.shape[0]):
            p = dealt[i]
            state, a = _draw(state, taken)
            taken |= 1 << a
            state, b = _draw(state, taken)
            taken |= 1 << b
            keys[p] = _T.keys[a] + _T.keys[b]
            masks[p] = card_bit_nb(a) | card_bit_nb(b)
        k = board_key
        mask = board_mask
        for _j in range(need):
            state, c = _draw(state, taken)
            taken |= 1 << c
            k += _T.keys[c]
            mask |= card_bit_nb(c)
        _showdown(k, mask, keys, masks, values, counts)
    return True


def _monte_carlo_all(loop: Any) -> Callable[..., None]:
    """Every chunk of :func:`_monte_carlo_chunk`, over ``loop``; ``failed[0]`` if one failed."""

    def run(
        fixed: Any,
        dealt: Any,
        matchups: Any,
        combos: Any,
        sizes: Any,
        used: int,
        board_key: int,
        board_mask: int,
        need: int,
        samples: int,
        seed: Any,
        tally: Any,
        failed: Any,
    ) -> None:
        for chunk in loop(tally.shape[0]):
            if failed[0]:  # another chunk gave up: so will this one
                continue
            if not _monte_carlo_chunk(
                chunk,
                fixed,
                dealt,
                matchups,
                combos,
                sizes,
                used,
                board_key,
                board_mask,
                need,
                samples,
                seed,
                tally,
            ):
                failed[0] = 1

    return run


monte_carlo_parallel, monte_carlo_serial = _on_cores(_monte_carlo_all)
