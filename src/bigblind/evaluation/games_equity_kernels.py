"""The compiled loops of :func:`bigblind.evaluation.games_equity.game_equity`.

Each deal values every player's hand in the game's way (``kind``: Omaha high,
Omaha hi-lo, short deck) and pays one pot of :data:`POT` units: to the best
high hand, or half to it and half to the best qualifying low (RULES 11.2), each
half split evenly among tied hands. :data:`POT` divides by every number of
winners up to 14 on either half, so the counts are exact integers. Exact
enumeration deals every run-out to every listed combination of hands in fixed
blocks; Monte Carlo deals seeded random chunks; both are fixed in number, so a
result never depends on the number of cores.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np

from bigblind.evaluation.omaha_batch import omaha_high_nb, omaha_low_nb
from bigblind.evaluation.omaha_tables import OmahaTables
from bigblind.evaluation.short_deck_batch import ShortDeckArrays, short_deck_nb

__all__ = [
    "HI_LO",
    "MAX_TRIES",
    "OMAHA_HIGH",
    "POT",
    "SHORT_DECK",
    "exact_deals",
    "sampled_deals",
]

OMAHA_HIGH: Final = 0
HI_LO: Final = 1
SHORT_DECK: Final = 2
POT: Final = 720720  # lcm(1..16): a half of it divides by any count of winners to 14
MAX_TRIES: Final = 1_000_000
"""Consecutive rejected deals before Monte Carlo gives up (ranges that keep clashing)."""

_F = TypeVar("_F", bound=Callable[..., Any])
_int64: Final = cast(Callable[[Any], int], np.int64)


def _njit(**options: Any) -> Callable[[_F], _F]:
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


@_njit(inline="always")
def _showdown(
    kind: int,
    holes: Any,
    board: Any,
    scratch: Any,
    high: Any,
    low: Any,
    tally: Any,
    squares: Any,
    t: OmahaTables,
    s: ShortDeckArrays,
) -> None:
    """Value one deal; add each player's units, whole pots and parts to ``tally`` and the
    square of their share to ``squares`` (for the standard error)."""
    players = holes.shape[0]
    best = -1
    for p in range(players):
        if kind == SHORT_DECK:
            scratch[0] = holes[p, 0]
            scratch[1] = holes[p, 1]
            for j in range(5):
                scratch[2 + j] = board[j]
            v = short_deck_nb(scratch, s)
        else:
            v = omaha_high_nb(holes[p], board, t)
        high[p] = v
        best = max(best, v)
    best_low = 0
    if kind == HI_LO:
        for p in range(players):
            low[p] = omaha_low_nb(holes[p], board, t)
            best_low = max(best_low, low[p])
    high_winners = 0
    low_winners = 0
    for p in range(players):
        if high[p] == best:
            high_winners += 1
        if best_low and low[p] == best_low:
            low_winners += 1
    half = POT // 2 if best_low else POT
    for p in range(players):
        units = 0
        if high[p] == best:
            units += half // high_winners
        if best_low and low[p] == best_low:
            units += (POT // 2) // low_winners
        if units:
            tally[p, 0] += units
            squares[p] += (units / POT) ** 2
            if units == POT:
                tally[p, 1] += 1
            else:
                tally[p, 2] += 1


@_njit()
def _unrank(rank: int, n: int, k: int, binom: Any, out: Any) -> None:
    """The ``rank``-th ``k``-subset of ``range(n)`` in lexicographic order, into ``out``."""
    x = 0
    for i in range(k):
        while binom[n - x - 1, k - i - 1] <= rank:
            rank -= binom[n - x - 1, k - i - 1]
            x += 1
        out[i] = x
        x += 1


@_njit(inline="always")
def _advance(index: Any, k: int, n: int) -> None:
    """The next ``k``-subset of ``range(n)`` in lexicographic order, in place."""
    i = k - 1
    while i >= 0 and index[i] == n - k + i:
        i -= 1
    if i >= 0:
        index[i] += 1
        for j in range(i + 1, k):
            index[j] = index[j - 1] + 1


@_njit(parallel=True, nogil=True)
def exact_deals(
    kind: int,
    matchups: Any,
    deck: Any,
    known_board: Any,
    need: int,
    binom: Any,
    tally: Any,
    squares: Any,
    t: OmahaTables,
    s: ShortDeckArrays,
) -> None:
    """Every run-out of ``need`` cards for every matchup, in ``tally.shape[0]`` blocks.

    ``matchups``: (M, players, hole cards); ``deck``: the cards left once the board
    and dead cards are out (each matchup's own cards are taken out in turn);
    ``tally``: (blocks, players, 3) for units, whole pots and parts of pots.
    """
    count, players, size = matchups.shape
    n = deck.shape[0] - players * size
    runouts = binom[n, need]
    total = count * runouts
    blocks = tally.shape[0]
    for block in numba.prange(blocks):
        start = total * block // blocks
        end = total * (block + 1) // blocks
        if start >= end:
            continue
        left = np.empty(n, np.int64)
        board = np.empty(5, np.int64)
        index = np.zeros(5, np.int64)
        scratch = np.empty(7, np.int64)
        high = np.zeros(players, np.int64)
        low = np.zeros(players, np.int64)
        for j in range(known_board.shape[0]):
            board[j] = known_board[j]
        first = known_board.shape[0]
        m = -1
        g = start
        while g < end:
            if g // runouts != m:
                m = g // runouts
                held = 0
                for p in range(players):
                    for c in range(size):
                        held |= 1 << matchups[m, p, c]
                k = 0
                for c in deck:
                    if not held >> c & 1:
                        left[k] = c
                        k += 1
                _unrank(g - m * runouts, n, need, binom, index)
            for j in range(need):
                board[first + j] = left[index[j]]
            _showdown(
                kind, matchups[m], board, scratch, high, low, tally[block], squares[block], t, s
            )
            _advance(index, need, n)
            g += 1


@_njit(inline="always")
def _next(state: Any) -> int:
    """splitmix64: the next 63 random bits of ``state[0]``."""
    state[0] += 0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return _int64((z ^ (z >> np.uint64(31))) >> np.uint64(1))


@_njit(parallel=True, nogil=True)
def sampled_deals(
    kind: int,
    fixed: Any,
    ranges: Any,
    counts: Any,
    dealt: Any,
    size: int,
    deck: Any,
    known_board: Any,
    samples: int,
    seed: Any,
    tally: Any,
    squares: Any,
    failed: Any,
    t: OmahaTables,
    s: ShortDeckArrays,
) -> None:
    """``samples`` random deals in ``tally.shape[0]`` seeded chunks.

    Players ``fixed`` draw a hand of ``ranges[i, :counts[i]]`` (redrawn while hands
    clash); players ``dealt`` get ``size`` cards from the deck, as does the board.
    """
    players = fixed.shape[0] + dealt.shape[0]
    chunks = tally.shape[0]
    for chunk in numba.prange(chunks):
        start = samples * chunk // chunks
        end = samples * (chunk + 1) // chunks
        state = np.empty(1, np.uint64)
        state[0] = seed + np.uint64(chunk) * np.uint64(0xD1B54A32D192ED03)
        holes = np.empty((players, size), np.int64)
        board = np.empty(5, np.int64)
        scratch = np.empty(7, np.int64)
        high = np.zeros(players, np.int64)
        low = np.zeros(players, np.int64)
        pool = np.empty(deck.shape[0], np.int64)
        for j in range(known_board.shape[0]):
            board[j] = known_board[j]
        first = known_board.shape[0]
        for _ in range(start, end):
            if failed[0]:
                break
            held = 0
            tries = 0
            ok = False
            while not ok and tries < MAX_TRIES:
                tries += 1
                held = 0
                ok = True
                for i in range(fixed.shape[0]):
                    pick = _next(state) % counts[i]
                    for c in range(size):
                        card = ranges[i, pick, c]
                        if held >> card & 1:
                            ok = False
                        held |= 1 << card
                        holes[fixed[i], c] = card
            if not ok:
                failed[0] = 1
                break
            k = 0
            for c in deck:
                if not held >> c & 1:
                    pool[k] = c
                    k += 1
            # deal the dealt players' cards and the board by a partial shuffle of the pool
            for i in range(dealt.shape[0]):
                for c in range(size):
                    j = _next(state) % k
                    holes[dealt[i], c] = pool[j]
                    k -= 1
                    pool[j] = pool[k]
            for c in range(first, 5):
                j = _next(state) % k
                board[c] = pool[j]
                k -= 1
                pool[j] = pool[k]
            _showdown(kind, holes, board, scratch, high, low, tally[chunk], squares[chunk], t, s)
