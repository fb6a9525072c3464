"""Compiled equity kernels for the bots, on the batch evaluator's core.

Ranges here are weights over the 1,326 two-card combos, in the order of
:data:`COMBOS` (card numbers, the higher first). Every kernel is seeded, so
the same question gets the same answer.

* :func:`board_scan`: for one hero hand and a board of 3 to 5 cards, the
  hero's equity against each combo, and each combo's strength (its equity
  against a random hand) over the same run-outs.
* :func:`range_equity`: Monte Carlo equity of a hand against one or more
  weighted ranges, on any board.
* :func:`class_row`: the pre-flop equity of one starting-hand class against
  each of the 169 classes.

>>> import numpy as np
>>> from bigblind.cards import parse_cards
>>> hero = parse_cards("As Ah")
>>> weights = np.ones((1, len(COMBOS)))
>>> 0.83 < range_equity(hero, (), weights, samples=4000, seed=1) < 0.87
True
>>> eq, strength = board_scan(hero, parse_cards("Ad 7c 2h"), runouts=40, seed=1)
>>> bool(eq.max() <= 1.0), bool(strength[COMBO_INDEX[hero[0]][hero[1]]] == 0.0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from bigblind.evaluation.batch import Tables, card_bit_nb, tables, value7_nb

__all__ = [
    "CLASS_COMBOS",
    "CLASS_OF",
    "COMBOS",
    "COMBO_INDEX",
    "board_scan",
    "class_row",
    "range_equity",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` with a disk cache that keeps the function's type for checkers."""
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


# The evaluator's tables as a global: compiled into the kernels as constants.
_T: Final[Tables] = tables()


def _build_combos() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    combos = [(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]
    array = np.array(combos, dtype=np.int64)
    index = np.full((52, 52), -1, dtype=np.int64)
    for i, (a, b) in enumerate(combos):
        index[a, b] = index[b, a] = i
    array.setflags(write=False)
    index.setflags(write=False)
    return array, index


COMBOS, COMBO_INDEX = _build_combos()
"""The 1,326 combos as an (1326, 2) array of card numbers, and (52, 52) card pair -> index."""


def _build_classes() -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    # Class k: 0..168 in the order of STARTING_HANDS (AA, AKs, AKo, ..., 22).
    order: list[tuple[int, int, int]] = []  # (high, low, suited: 1 suited, 0 offsuit, 2 pair)
    for high in range(12, -1, -1):
        order.append((high, high, 2))
        for low in range(high - 1, -1, -1):
            order += [(high, low, 1), (high, low, 0)]
    number = {key: k for k, key in enumerate(order)}
    class_of = np.empty(len(COMBOS), dtype=np.int64)
    members: list[list[int]] = [[] for _ in order]
    for i, (a, b) in enumerate(COMBOS.tolist()):
        high, low = a >> 2, b >> 2
        kind = 2 if high == low else int(a & 3 == b & 3)
        k = number[(high, low, kind)]
        class_of[i] = k
        members[k].append(i)
    width = max(len(m) for m in members)
    table = np.full((len(order), width), -1, dtype=np.int64)
    sizes = np.zeros(len(order), dtype=np.int64)
    for k, m in enumerate(members):
        table[k, : len(m)] = m
        sizes[k] = len(m)
    for array in (class_of, table, sizes):
        array.setflags(write=False)
    return class_of, table, sizes


CLASS_OF, CLASS_COMBOS, CLASS_SIZES = _build_classes()
"""Combo -> class number (the order of ``STARTING_HANDS``), class -> its combos, their counts."""


def _cards(cards: Sequence[int]) -> NDArray[np.int64]:
    out = np.zeros(5, dtype=np.int64)
    out[: len(cards)] = cards
    return out


def board_scan(
    hero: Sequence[int], board: Sequence[int], *, runouts: int, seed: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The hero's equity against each combo, and each combo's strength, on ``board``.

    ``board`` holds 3, 4 or 5 cards. The run-outs are every card to come on
    the turn, the river itself, or ``runouts`` random pairs on the flop.
    A combo's strength is its share against a random combo (card removal of
    the board and the hero's cards counted). Combos that clash with the
    hero's cards or the board get 0 for both.
    """
    eq = np.zeros(len(COMBOS), dtype=np.float64)
    strength = np.zeros(len(COMBOS), dtype=np.float64)
    _board_scan(
        int(hero[0]),
        int(hero[1]),
        _cards(board),
        len(board),
        COMBOS,
        max(1, runouts),
        np.uint64(seed % (1 << 64)),
        eq,
        strength,
    )
    return eq, strength


def range_equity(
    hero: Sequence[int],
    board: Sequence[int],
    weights: NDArray[np.float64],
    *,
    samples: int,
    seed: int,
) -> float:
    """Monte Carlo equity of ``hero`` against weighted ranges (one row of ``weights`` each).

    Each sample deals every opponent a combo by its weight (combos that clash
    with known cards or with each other are redrawn) and the rest of the
    board; ties count their share. A range with no weight left counts as any
    two cards.
    """
    rows = np.ascontiguousarray(weights, dtype=np.float64).reshape(-1, len(COMBOS))
    cumulative = np.cumsum(rows, axis=1)
    for i in range(rows.shape[0]):
        if cumulative[i, -1] <= 0:
            cumulative[i] = np.arange(1, len(COMBOS) + 1, dtype=np.float64)
    return float(
        _range_equity(
            int(hero[0]),
            int(hero[1]),
            _cards(board),
            len(board),
            COMBOS,
            cumulative,
            max(1, samples),
            np.uint64(seed % (1 << 64)),
        )
    )


_ROWS: dict[int, NDArray[np.float64]] = {}


def class_row(hero_class: int, *, samples: int = 600) -> NDArray[np.float64]:
    """Pre-flop equity of class ``hero_class`` against each of the 169 classes (cached).

    Suits are dealt at random for both sides, so card removal between the two
    classes is counted; a class pair that always clashes (AA against AA when
    sharing both aces cannot happen: some suits remain) gets 0.5.
    """
    row = _ROWS.get(hero_class)
    if row is None:
        row = np.zeros(len(CLASS_SIZES), dtype=np.float64)
        _class_row(hero_class, CLASS_COMBOS, CLASS_SIZES, COMBOS, samples, row)
        row.setflags(write=False)
        _ROWS[hero_class] = row
    return row


# --- the compiled kernels ----------------------------------------------------------------

# SplitMix64: a 64-bit state stepped by a constant and mixed.
_GAMMA: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_SCALE: Final = 1.0 / 9007199254740992.0  # 2 ** -53


@_njit()
def _next(state: Any) -> tuple[Any, float]:
    """The next state and a uniform float in [0, 1)."""
    state += _GAMMA
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z = z ^ (z >> np.uint64(31))
    return state, float(z >> np.uint64(11)) * _SCALE


@_njit()
def _card(state: Any, taken: int) -> tuple[Any, int]:
    """The next state and a uniform card not in ``taken`` (a bit per card)."""
    while True:
        state, u = _next(state)
        c = int(u * 52.0)
        if not (taken >> c) & 1:
            return state, c


@_njit(inline="always")
def _deal(state: Any, taken: int, key: int, mask: int) -> tuple[Any, int, int, int]:
    """Deal a card not in ``taken``: the next state, and ``taken``, ``key``, ``mask`` with it."""
    state, c = _card(state, taken)
    return state, taken | 1 << c, key + _T.keys[c], mask | card_bit_nb(c)


@_njit(inline="always")
def _known(h0: int, h1: int, board: Any, nb: int) -> tuple[int, int, int]:
    """The hero's and the board's cards (a bit per card), and the board's key and mask."""
    dead = (1 << h0) | (1 << h1)
    key = 0
    mask = 0
    for j in range(nb):
        c = board[j]
        dead |= 1 << c
        key += _T.keys[c]
        mask |= card_bit_nb(c)
    return dead, key, mask


@_njit()
def _board_scan(
    h0: int,
    h1: int,
    board: Any,
    nb: int,
    combos: Any,
    runouts: int,
    seed: Any,
    eq: Any,
    strength: Any,
) -> None:
    n = combos.shape[0]
    dead, key, mask = _known(h0, h1, board, nb)
    deck = np.empty(52, np.int64)
    left = 0
    for c in range(52):
        if not (dead >> c) & 1:
            deck[left] = c
            left += 1
    need = 5 - nb
    if need == 0:
        total = 1
    elif need == 1:
        total = left
    else:
        total = runouts
    values = np.empty(n, np.int64)
    counts = np.zeros(n, np.float64)
    hist = np.zeros(7464, np.int64)
    below = np.zeros(7464, np.int64)
    state = seed
    for r in range(total):
        k = key
        m = mask
        gone = dead
        if need == 1:
            c = deck[r]
            k += _T.keys[c]
            m |= card_bit_nb(c)
            gone |= 1 << c
        elif need == 2:
            state, gone, k, m = _deal(state, gone, k, m)
            state, gone, k, m = _deal(state, gone, k, m)
        hv = value7_nb(k + _T.keys[h0] + _T.keys[h1], m | card_bit_nb(h0) | card_bit_nb(h1), _T)
        valid = 0
        for i in range(n):
            a = combos[i, 0]
            b = combos[i, 1]
            if (gone >> a) & 1 or (gone >> b) & 1:
                values[i] = 0
                continue
            v = value7_nb(k + _T.keys[a] + _T.keys[b], m | card_bit_nb(a) | card_bit_nb(b), _T)
            values[i] = v
            hist[v] += 1
            valid += 1
            counts[i] += 1.0
            if hv > v:
                eq[i] += 1.0
            elif hv == v:
                eq[i] += 0.5
        run = 0
        for v in range(7464):
            below[v] = run
            run += hist[v]
        others = max(1, valid - 1)
        for i in range(n):
            v = values[i]
            if v:
                strength[i] += (below[v] + 0.5 * (hist[v] - 1)) / others
        for i in range(n):
            hist[values[i]] = 0
    for i in range(n):
        if counts[i] > 0:
            eq[i] /= counts[i]
            strength[i] /= counts[i]


@_njit()
def _pick(cumulative: Any, row: int, u: float) -> int:
    """The combo whose cumulative weight first exceeds ``u`` times the row's total."""
    width = cumulative.shape[1]
    target = u * cumulative[row, width - 1]
    lo = 0
    hi = width - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cumulative[row, mid] > target:
            hi = mid
        else:
            lo = mid + 1
    return lo


@_njit()
def _range_equity(
    h0: int,
    h1: int,
    board: Any,
    nb: int,
    combos: Any,
    cumulative: Any,
    samples: int,
    seed: Any,
) -> float:
    players = cumulative.shape[0]
    dead, key, mask = _known(h0, h1, board, nb)
    keys = np.empty(players, np.int64)
    masks = np.empty(players, np.int64)
    state = seed
    total = 0.0
    done = 0
    tries = 0
    while done < samples and tries < 50 * samples + 1000:
        tries += 1
        taken = dead
        ok = True
        for p in range(players):
            got = False
            a = 0
            b = 0
            for _ in range(40):
                state, u = _next(state)
                i = _pick(cumulative, p, u)
                a = combos[i, 0]
                b = combos[i, 1]
                if not ((taken >> a) & 1 or (taken >> b) & 1):
                    got = True
                    break
            if not got:
                ok = False
                break
            taken |= (1 << a) | (1 << b)
            keys[p] = _T.keys[a] + _T.keys[b]
            masks[p] = card_bit_nb(a) | card_bit_nb(b)
        if not ok:
            continue
        k = key
        m = mask
        for _ in range(5 - nb):
            state, taken, k, m = _deal(state, taken, k, m)
        hv = value7_nb(k + _T.keys[h0] + _T.keys[h1], m | card_bit_nb(h0) | card_bit_nb(h1), _T)
        best = 0
        ties = 1
        for p in range(players):
            v = value7_nb(k + keys[p], m | masks[p], _T)
            if v > best:
                best = v
                ties = 1
            elif v == best:
                ties += 1
        if hv > best:
            total += 1.0
        elif hv == best:
            total += 1.0 / (ties + 1)
        done += 1
    return total / max(1, done)


@_njit()
def _class_row(hero: int, members: Any, sizes: Any, combos: Any, samples: int, row: Any) -> None:
    state = np.uint64(0x5EED0000 + hero)
    hs = sizes[hero]
    for k in range(sizes.shape[0]):
        ks = sizes[k]
        total = 0.0
        done = 0
        for _ in range(samples * 4):
            if done >= samples:
                break
            state, u = _next(state)
            i = members[hero, int(u * hs)]
            state, u = _next(state)
            j = members[k, int(u * ks)]
            a, b = combos[i, 0], combos[i, 1]
            c, d = combos[j, 0], combos[j, 1]
            if a in (c, d) or b in (c, d):
                continue
            taken = (1 << a) | (1 << b) | (1 << c) | (1 << d)
            key = 0
            mask = 0
            for _j in range(5):
                state, taken, key, mask = _deal(state, taken, key, mask)
            hv = value7_nb(
                key + _T.keys[a] + _T.keys[b], mask | card_bit_nb(a) | card_bit_nb(b), _T
            )
            ov = value7_nb(
                key + _T.keys[c] + _T.keys[d], mask | card_bit_nb(c) | card_bit_nb(d), _T
            )
            if hv > ov:
                total += 1.0
            elif hv == ov:
                total += 0.5
            done += 1
        row[k] = total / done if done else 0.5
