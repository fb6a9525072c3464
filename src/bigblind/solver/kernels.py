"""The compiled walks of the dealt tree: one CFR iteration, best response, expected values.

Every walk is for one player ``p`` and carries vectors over hands: ``opp``, the
opponent's reach (the probability each of their hands gets here, times its
weight), and ``own``, the player's own; it fills ``out`` with the player's
counterfactual value of each of their hands, that is the sum over the
opponent's hands that do not clash of reach times the payoff. The modes:

* :data:`UPDATE`: discounted CFR (or CFR+) for ``p``: the current strategies from
  the regrets, ``p``'s regrets and average-strategy sums updated;
* :data:`BEST`: ``p`` plays the best response to the opponent's average strategy;
* :data:`AVERAGE`: both play their average strategies.

A showdown is one pass over the hands in order of strength each way; the hands
that clash with one of ours come off by inclusion-exclusion: the reach of the
hands holding each card is summed once, and the identical hand, taken off twice,
added back.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

# The walks enter a short parallel region for each frontier; OpenMP's threads would spin
# between them, taking the cores that other work (and the other thread) needs.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numba
import numpy as np

__all__ = [
    "AVERAGE",
    "BEST",
    "CARD_SPACE",
    "DOWN",
    "PARAMS",
    "UP",
    "UPDATE",
    "WHOLE",
    "average_strategy",
    "iterate",
    "root_values",
    "walk",
]

UPDATE: Final = 0
BEST: Final = 1
AVERAGE: Final = 2
WHOLE: Final = 0
DOWN: Final = 1
UP: Final = 2

# The params vector: the spot's money, then the iteration's discounts.
P_POT, P_RAKE, P_CAP, P_ALPHA, P_BETA, P_GAMMA, P_WEIGHT, P_PLUS = range(8)
PARAMS: Final = 8
CARD_SPACE: Final = 64  # card numbers a hand may use (52, and a spare one per player for toy games)

_FOLD, _SHOWDOWN, _CHANCE = 0, 1, 2

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` that releases the GIL and caches, keeping the function's type."""
    return cast(Callable[[_F], _F], numba.njit(nogil=True, cache=True, **options))


@_njit()
def _regret_match(reg: Any, off: int, actions: int, n: int, out: Any) -> None:
    """The current strategy: positive regrets normalised, uniform where none is positive."""
    # Action by action over contiguous hands, so that the loops vectorise.
    total = np.zeros(n, np.float32)
    for a in range(actions):
        base = off + a * n
        for h in range(n):
            r = max(reg[base + h], np.float32(0.0))
            out[a, h] = r
            total[h] += r
    uniform = np.float32(1.0 / actions)
    for a in range(actions):
        for h in range(n):
            out[a, h] = out[a, h] / total[h] if total[h] > 0.0 else uniform


@_njit()
def average_strategy(ssum: Any, off: int, actions: int, n: int, out: Any) -> None:
    """The average strategy from its sums (uniform for a hand never reached)."""
    total = np.zeros(n, np.float32)
    for a in range(actions):
        base = off + a * n
        for h in range(n):
            out[a, h] = ssum[base + h]
            total[h] += ssum[base + h]
    uniform = np.float32(1.0 / actions)
    for a in range(actions):
        for h in range(n):
            out[a, h] = out[a, h] / total[h] if total[h] > 0.0 else uniform


@_njit()
def _card_sums(opp: Any, cards: Any, sums: Any) -> float:
    """Fill ``sums[c]`` with the reach of the hands holding card ``c``; return the total."""
    sums[:] = 0.0
    total = 0.0
    for o in range(opp.shape[0]):
        r = opp[o]
        total += r
        sums[cards[o, 0]] += r
        sums[cards[o, 1]] += r
    return float(total)


@_njit()
def _rake(total: float, params: Any) -> float:
    return float(min(total * params[P_RAKE], params[P_CAP]))


@_njit()
def _fold(n: int, p: int, t: Any, h: Any, opp: Any, out: Any, params: Any) -> None:
    mine = h.cards0 if p == 0 else h.cards1
    theirs = h.cards1 if p == 0 else h.cards0
    same = h.same0 if p == 0 else h.same1
    put = t.invested[n, p]
    total = params[P_POT] + t.invested[n, 0] + t.invested[n, 1]
    payoff = -put if t.player[n] == p else total - _rake(total, params) - put
    sums = np.empty(CARD_SPACE, np.float64)
    reach = _card_sums(opp, theirs, sums)
    for i in range(out.shape[0]):
        v = reach - sums[mine[i, 0]] - sums[mine[i, 1]]
        if same[i] >= 0:
            v += opp[same[i]]
        out[i] = payoff * v


@_njit()
def _showdown(n: int, p: int, t: Any, h: Any, opp: Any, out: Any, params: Any) -> None:
    mine = h.cards0 if p == 0 else h.cards1
    theirs = h.cards1 if p == 0 else h.cards0
    same = h.same0 if p == 0 else h.same1
    b = t.board[n]
    if p == 0:
        order, value, first = h.order0, h.strength0, h.start0
        o_order, o_value, o_first = h.order1, h.strength1, h.start1
    else:
        order, value, first = h.order1, h.strength1, h.start1
        o_order, o_value, o_first = h.order0, h.strength0, h.start0
    put = t.invested[n, 0]
    total = params[P_POT] + 2.0 * put
    left = total - _rake(total, params)
    win, lose, tie = left - put, -put, left / 2.0 - put
    sums = np.empty(CARD_SPACE, np.float64)
    reach = _card_sums(opp, theirs, sums)
    out[:] = 0.0
    k_from, k_to = first[b], first[b + 1]
    m_from, m_to = o_first[b], o_first[b + 1]
    won = np.empty(k_to - k_from, np.float64)
    below = np.zeros(CARD_SPACE, np.float64)
    acc = 0.0
    j = m_from
    for k in range(k_from, k_to):
        i = order[k]
        s = value[k]
        while j < m_to and o_value[j] < s:
            o = o_order[j]
            r = opp[o]
            acc += r
            below[theirs[o, 0]] += r
            below[theirs[o, 1]] += r
            j += 1
        won[k - k_from] = acc - below[mine[i, 0]] - below[mine[i, 1]]
    above = below
    above[:] = 0.0
    acc = 0.0
    j = m_to - 1
    for k in range(k_to - 1, k_from - 1, -1):
        i = order[k]
        s = value[k]
        while j >= m_from and o_value[j] > s:
            o = o_order[j]
            r = opp[o]
            acc += r
            above[theirs[o, 0]] += r
            above[theirs[o, 1]] += r
            j -= 1
        lost = acc - above[mine[i, 0]] - above[mine[i, 1]]
        every = reach - sums[mine[i, 0]] - sums[mine[i, 1]]
        if same[i] >= 0:
            every += opp[same[i]]
        w = won[k - k_from]
        out[i] = w * win + lost * lose + (every - w - lost) * tie


@_njit()
def _holds(cards: Any, i: int, c: int) -> bool:
    return bool(cards[i, 0] == c or cards[i, 1] == c)


@_njit()
def walk(
    n: int,
    p: int,
    mode: int,
    t: Any,
    h: Any,
    reg: Any,
    ssum: Any,
    opp: Any,
    own: Any,
    out: Any,
    params: Any,
    stage: int,
    fr: Any,
) -> None:
    """Fill ``out`` with ``p``'s counterfactual values at node ``n`` (see the module).

    ``stage`` is :data:`WHOLE` for the whole subtree. A walk split over threads goes
    :data:`DOWN` first, which stops at the first chance nodes (the frontier, numbered by
    ``fr[0]``) and leaves the reach there in ``fr[1]`` and ``fr[2]``, then
    :data:`UP`, which takes the frontier's values from ``fr[3]``.
    """
    kind = t.kind[n]
    if kind in (_FOLD, _SHOWDOWN):
        if stage == DOWN:
            return
        if kind == _FOLD:
            _fold(n, p, t, h, opp, out, params)
        else:
            _showdown(n, p, t, h, opp, out, params)
        return
    nh = out.shape[0]
    no = opp.shape[0]
    start = t.first[n]
    actions = t.branches[n]
    mine = h.cards0 if p == 0 else h.cards1
    theirs = h.cards1 if p == 0 else h.cards0
    if kind == _CHANCE:
        f = fr[0][n]
        if stage == DOWN and f >= 0:
            fr[1][f, :] = opp
            fr[2][f, :] = own
            return
        if stage == UP and f >= 0:
            out[:] = fr[3][f]
            return
        out[:] = 0.0
        child_opp = np.empty(no, np.float32)
        child_own = np.empty(nh, np.float32)
        value = np.empty(nh, np.float32)
        for k in range(actions):
            c = t.dealt[start + k]
            for o in range(no):
                child_opp[o] = 0.0 if _holds(theirs, o, c) else opp[o]
            for i in range(nh):
                child_own[i] = 0.0 if _holds(mine, i, c) else own[i]
            walk(
                start + k, p, mode, t, h, reg, ssum, child_opp, child_own, value, params, stage, fr
            )
            for i in range(nh):
                if not _holds(mine, i, c):
                    out[i] += value[i]
        chance = t.factor[n]
        for i in range(nh):
            out[i] *= chance
        return
    off = t.offset[n]
    locked = t.locked[n] != 0
    if t.player[n] != p:
        strategy = np.empty((actions, no), np.float32)
        if mode == UPDATE and not locked:
            _regret_match(reg, off, actions, no, strategy)
        else:
            average_strategy(ssum, off, actions, no, strategy)
        out[:] = 0.0
        child_opp = np.empty(no, np.float32)
        value = np.empty(nh, np.float32)
        for a in range(actions):
            live = False
            for o in range(no):
                child_opp[o] = opp[o] * strategy[a, o]
                live = live or child_opp[o] > 0.0
            if not live and mode != UPDATE:
                continue  # no hand of theirs gets here: every value is 0
            # (An update goes on down: the player's strategy sums below count their own
            # reach whatever the opponent does, and their regrets are discounted.)
            walk(start + a, p, mode, t, h, reg, ssum, child_opp, own, value, params, stage, fr)
            for i in range(nh):
                out[i] += value[i]
        return
    strategy = np.empty((actions, nh), np.float32)
    # A locked node plays its strategy (kept in the sums) in every mode, even for a best
    # response: what is locked cannot deviate.
    free = mode == BEST and not locked
    if mode == UPDATE and not locked:
        _regret_match(reg, off, actions, nh, strategy)
    elif not free:
        average_strategy(ssum, off, actions, nh, strategy)
    values = np.empty((actions, nh), np.float32)
    child_own = np.empty(nh, np.float32)
    for a in range(actions):
        if not free:
            for i in range(nh):
                child_own[i] = own[i] * strategy[a, i]
        walk(start + a, p, mode, t, h, reg, ssum, opp, child_own, values[a], params, stage, fr)
    if stage == DOWN:
        return
    if free:
        out[:] = values[0]
        for a in range(1, actions):
            for i in range(nh):
                out[i] = max(out[i], values[a, i])
    else:
        out[:] = 0.0
        for a in range(actions):
            for i in range(nh):
                out[i] += strategy[a, i] * values[a, i]
    if mode != UPDATE or locked:
        return
    alpha, beta, gamma = params[P_ALPHA], params[P_BETA], params[P_GAMMA]
    weight, plus = params[P_WEIGHT], params[P_PLUS] > 0.0
    for a in range(actions):
        base = off + a * nh
        for i in range(nh):
            r = reg[base + i]
            gain = values[a, i] - out[i]
            r = max(r + gain, 0.0) if plus else r * (alpha if r > 0.0 else beta) + gain
            reg[base + i] = r
            ssum[base + i] = ssum[base + i] * gamma + weight * own[i] * strategy[a, i]


@_njit()
def iterate(
    first: int,
    count: int,
    t: Any,
    h: Any,
    reg: Any,
    ssum: Any,
    weights0: Any,
    weights1: Any,
    params: Any,
    alpha: float,
    beta: float,
    gamma: float,
    plus: bool,
    frontier: Any,
    split: bool,
) -> None:
    """Iterations ``first`` to ``first + count - 1`` (from 1), each updating both players.

    Discounted CFR discounts the regrets before iteration ``t`` by
    ``(t-1)^alpha / ((t-1)^alpha + 1)`` when positive and by the same with ``beta`` when
    not, and the average strategy by ``((t-1) / t)^gamma``; CFR+ floors the regrets at 0
    and weighs iteration ``t``'s strategy by ``t``.
    """
    # Typed as the walk's own recursive calls type them: numba's disk cache crashes on a
    # recursive function reached with arguments typed otherwise (numba issue 6713).
    oop = first * 0
    ip, mode = oop + 1, oop + UPDATE
    out0 = np.empty(weights0.shape[0], np.float32)
    out1 = np.empty(weights1.shape[0], np.float32)
    for it in range(first, first + count):
        prev = float(it - 1)
        if plus:
            params[P_ALPHA] = 1.0
            params[P_BETA] = 1.0
            params[P_GAMMA] = 1.0
            params[P_WEIGHT] = float(it)
            params[P_PLUS] = 1.0
        else:
            pa = prev**alpha
            params[P_ALPHA] = pa / (pa + 1.0)
            pb = prev**beta
            params[P_BETA] = pb / (pb + 1.0)
            params[P_GAMMA] = (prev / it) ** gamma
            params[P_WEIGHT] = 1.0
            params[P_PLUS] = 0.0
        # Alternating updates: the second player's walk sees the first's new regrets.
        root_values(oop, mode, t, h, reg, ssum, weights1, weights0, out0, params, frontier, split)
        root_values(ip, mode, t, h, reg, ssum, weights0, weights1, out1, params, frontier, split)


@_njit()
def root_values(
    p: int,
    mode: int,
    t: Any,
    h: Any,
    reg: Any,
    ssum: Any,
    opp: Any,
    own: Any,
    out: Any,
    params: Any,
    frontier: Any,
    split: bool,
) -> None:
    """:func:`walk` from the root. ``frontier`` is a pair: each node's index among the
    first chance nodes of the tree (or -1), and those nodes; ``split`` runs the subtrees
    under them (one per card) on every thread, the rest of the tree before and after."""
    root = p * 0  # typed as the walk's own calls type it (see iterate)
    index, nodes = frontier
    count = nodes.shape[0] if split else 0
    no, nh = opp.shape[0], own.shape[0]
    fr = (
        index,
        np.zeros((count, no), np.float32),
        np.zeros((count, nh), np.float32),
        np.zeros((count, nh), np.float32),
    )
    if count == 0:
        walk(root, p, mode, t, h, reg, ssum, opp, own, out, params, root + WHOLE, fr)
        return
    walk(root, p, mode, t, h, reg, ssum, opp, own, out, params, root + DOWN, fr)
    _frontier(p, mode, t, h, reg, ssum, params, fr, nodes)
    walk(root, p, mode, t, h, reg, ssum, opp, own, out, params, root + UP, fr)


@_njit(parallel=True)
def _frontier(
    p: int, mode: int, t: Any, h: Any, reg: Any, ssum: Any, params: Any, fr: Any, nodes: Any
) -> None:
    """The values of the frontier's chance nodes, a card's subtree a task."""
    mine = h.cards0 if p == 0 else h.cards1
    theirs = h.cards1 if p == 0 else h.cards0
    count = nodes.shape[0]
    starts = np.zeros(count + 1, np.int64)
    for f in range(count):
        starts[f + 1] = starts[f] + t.branches[nodes[f]]
    nh, no = fr[2].shape[1], fr[1].shape[1]
    values = np.zeros((starts[count], nh), np.float32)
    whole = p * 0 + WHOLE
    for j in numba.prange(starts[count]):
        f = int(np.searchsorted(starts, j, side="right")) - 1
        node = t.first[nodes[f]] + (j - starts[f])
        c = t.dealt[node]
        child_opp = np.empty(no, np.float32)
        child_own = np.empty(nh, np.float32)
        for o in range(no):
            child_opp[o] = 0.0 if _holds(theirs, o, c) else fr[1][f, o]
        for i in range(nh):
            child_own[i] = 0.0 if _holds(mine, i, c) else fr[2][f, i]
        value = np.empty(nh, np.float32)
        walk(node, p, mode, t, h, reg, ssum, child_opp, child_own, value, params, whole, fr)
        for i in range(nh):
            values[j, i] = 0.0 if _holds(mine, i, c) else value[i]
    for f in range(count):
        chance = t.factor[nodes[f]]
        for i in range(nh):
            # In f32 and in the order of the cards, as one thread sums them.
            total = np.float32(0.0)
            for j in range(starts[f], starts[f + 1]):
                total += values[j, i]
            fr[3][f, i] = total * chance
