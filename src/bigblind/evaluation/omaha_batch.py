"""Many Omaha hands at once, compiled: high values and lows (RULES 11.1, 11.2).

:func:`evaluate_omaha_batch` values row ``i`` of ``holes`` (``(N, 4)``,
``(N, 5)`` or ``(N, 6)``) with row ``i`` of ``boards`` (``(N, 5)``) as
:func:`bigblind.evaluation.omaha.evaluate_omaha` does, and
:func:`evaluate_omaha_low_batch` as
:func:`bigblind.evaluation.omaha.evaluate_omaha_low` does (0 for no low), on
every core, without holding the GIL (so threads of the caller run too). Both
read the scalar evaluator's tables
(:mod:`bigblind.evaluation.omaha_tables`), so the two cannot disagree.

>>> import numpy as np
>>> from bigblind.cards import parse_cards
>>> from bigblind.evaluation.omaha import evaluate_omaha
>>> holes = np.array([parse_cards("Ah Kh 7c 7d"), parse_cards("As 2s 3d 4d")])
>>> boards = np.array([parse_cards("Qh Jh 2h 7s 3c"), parse_cards("5c 6c Kd Qs 8h")])
>>> values = evaluate_omaha_batch(holes, boards)
>>> values.tolist() == [evaluate_omaha(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
True
>>> from bigblind.evaluation.omaha import describe_low
>>> [describe_low(v) for v in evaluate_omaha_low_batch(holes, boards).tolist()]
['No low', '8-6-5-2-A low']

Input is checked as :func:`bigblind.evaluation.batch.evaluate_batch` checks it:
a wrong shape or dtype, a number outside 0..51 or a card repeated within a hand
and its board raises :class:`~bigblind.errors.CardError` naming the first bad row.

The cores are public for other kernels (``numba.njit`` functions), inlined
into their callers and unchecked: ``omaha_high_nb(hole, board, t)`` and
``omaha_low_nb(hole, board, t)`` take one hand's hole cards and board as 1-D
integer arrays and ``t``, the :class:`~bigblind.evaluation.omaha_tables.OmahaTables`
that :func:`~bigblind.evaluation.omaha_tables.omaha_tables` returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
from numpy.typing import ArrayLike, NDArray

from bigblind.cards import format_cards
from bigblind.errors import CardError
from bigblind.evaluation.omaha_tables import BOARD_BIAS, HOLE_BIAS, OmahaTables, omaha_tables

__all__ = [
    "evaluate_omaha_batch",
    "evaluate_omaha_low_batch",
    "omaha_high_nb",
    "omaha_low_nb",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` with ``cache=True``, keeping the function's type for checkers."""
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


_int64: Final = cast(Callable[[Any], int], np.int64)
_FLAGS: Final = 0x8888
_LOW_FIELD: Final = 0x1FFFF

# --- the cores -----------------------------------------------------------------------------


@_njit(inline="always")
def _flush_nb(hole: Any, board: Any, flags: int, t: OmahaTables) -> int:
    """The best flush of two hole cards and three board cards of the flagged suit."""
    suit = 0
    while not flags >> (4 * suit + 3) & 1:
        suit += 1
    mask = 0
    for j in range(board.shape[0]):
        c = _int64(board[j])
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    row = mask * 169
    best = 0
    for x in range(1, hole.shape[0]):
        cx = _int64(hole[x])
        if cx & 3 != suit:
            continue
        rx = row + 13 * (cx >> 2)
        for y in range(x):
            cy = _int64(hole[y])
            if cy & 3 == suit:
                v = _int64(t.flush[rx + (cy >> 2)])
                if v > best:
                    best = v
    return best


@_njit(inline="always")
def omaha_high_nb(hole: Any, board: Any, t: OmahaTables) -> int:
    """The high value of 4 to 6 hole cards with five board cards (unchecked).

    Reads the table by board and pair of hole ranks once per pair (6 for four hole
    cards): it stays in the cache, where one lookup by four hole ranks would not.
    """
    keys = t.keys
    bk = BOARD_BIAS
    for j in range(5):
        bk += keys[board[j]]
    row = 91 * _int64(t.board_base[bk >> 33] + t.board_low[(bk >> 16) & _LOW_FIELD])
    n = hole.shape[0]
    hk = HOLE_BIAS
    value = 0
    pairs = t.pair_index
    by_pair = t.by_pair
    for x in range(n):
        cx = _int64(hole[x])
        hk += keys[cx]
        across = 52 * cx
        for y in range(x + 1, n):
            v = _int64(by_pair[row + pairs[across + hole[y]]])
            if v > value:
                value = v
    flags = bk & hk & _FLAGS
    if flags:
        flush = _flush_nb(hole, board, flags, t)
        if flush > value:
            value = flush
    return value


@_njit(inline="always")
def omaha_low_nb(hole: Any, board: Any, t: OmahaTables) -> int:
    """The low value of 4 to 6 hole cards with five board cards, 0 for none (unchecked)."""
    bits = t.low_bits
    hand = 0
    for j in range(hole.shape[0]):
        hand |= bits[hole[j]]
    table = 0
    for j in range(board.shape[0]):
        table |= bits[board[j]]
    return _int64(t.low[table << 8 | hand])


# --- the batch kernels ---------------------------------------------------------------------


@_njit(inline="always")
def _valid(hole: Any, board: Any) -> bool:
    """Whether the cards are numbers 0..51, none repeated."""
    seen = 0
    bad = False
    for j in range(hole.shape[0]):
        c = _int64(hole[j])
        bad |= c < 0 or c > 51 or (seen >> c) & 1 == 1
        seen |= 1 << (c & 63)
    for j in range(board.shape[0]):
        c = _int64(board[j])
        bad |= c < 0 or c > 51 or (seen >> c) & 1 == 1
        seen |= 1 << (c & 63)
    return not bad


@_njit(inline="always")
def _high4(a: int, b: int, c: int, d: int, row: int, t: OmahaTables) -> int:
    """The best non-flush value of four hole cards with the board of ``row``."""
    pairs = t.pair_index
    by_pair = t.by_pair
    a52, b52, c52 = 52 * a, 52 * b, 52 * c
    v = max(
        by_pair[row + pairs[a52 + b]],
        by_pair[row + pairs[a52 + c]],
        by_pair[row + pairs[a52 + d]],
        by_pair[row + pairs[b52 + c]],
        by_pair[row + pairs[b52 + d]],
        by_pair[row + pairs[c52 + d]],
    )
    return _int64(v)


@_njit(inline="always")
def _bit(c: int) -> int:
    """The card's bit, or bit 52, which no card has, for a number outside 0..51."""
    return (1 << c) if 0 <= c <= 51 else (1 << 52)


@_njit(parallel=True, nogil=True)
def _high_batch(holes: Any, boards: Any, out: Any, t: OmahaTables) -> int:
    bad = 0
    for i in numba.prange(holes.shape[0]):
        hole, board = holes[i], boards[i]
        if _valid(hole, board):
            out[i] = omaha_high_nb(hole, board, t)
        else:
            out[i] = 0
            bad += 1
    return bad


@_njit(parallel=True, nogil=True)
def _high_batch4(holes: Any, boards: Any, out: Any, t: OmahaTables) -> int:
    """:func:`_high_batch` for four hole cards, each step written out: twice as fast."""
    bad = 0
    keys = t.keys
    for i in numba.prange(holes.shape[0]):
        a, b = _int64(holes[i, 0]), _int64(holes[i, 1])
        c, d = _int64(holes[i, 2]), _int64(holes[i, 3])
        e, f, g = _int64(boards[i, 0]), _int64(boards[i, 1]), _int64(boards[i, 2])
        h, j = _int64(boards[i, 3]), _int64(boards[i, 4])
        # distinct cards 0..51: their bits add up to their union (a repeat carries)
        ba, bb, bc, bd, be = _bit(a), _bit(b), _bit(c), _bit(d), _bit(e)
        bf, bg, bh, bj = _bit(f), _bit(g), _bit(h), _bit(j)
        total = ba + bb + bc + bd + be + bf + bg + bh + bj
        if total != ba | bb | bc | bd | be | bf | bg | bh | bj or total >> 52:
            out[i] = 0
            bad += 1
            continue
        bk = BOARD_BIAS + keys[e] + keys[f] + keys[g] + keys[h] + keys[j]
        row = 91 * _int64(t.board_base[bk >> 33] + t.board_low[(bk >> 16) & _LOW_FIELD])
        value = _high4(a, b, c, d, row, t)
        flags = bk & (HOLE_BIAS + keys[a] + keys[b] + keys[c] + keys[d]) & _FLAGS
        if flags:
            flush = _flush_nb(holes[i], boards[i], flags, t)
            if flush > value:
                value = flush
        out[i] = value
    return bad


@_njit(parallel=True, nogil=True)
def _low_batch(holes: Any, boards: Any, out: Any, t: OmahaTables) -> int:
    bad = 0
    for i in numba.prange(holes.shape[0]):
        hole, board = holes[i], boards[i]
        if _valid(hole, board):
            out[i] = omaha_low_nb(hole, board, t)
        else:
            out[i] = -1
            bad += 1
    return bad


_ACCEPTED: Final = (
    "integer arrays of shape (N, 4), (N, 5) or (N, 6) for the hole cards and (N, 5) for the"
    " boards, each hand and its board distinct card numbers 0 to 51"
)


def _arrays(holes: ArrayLike, boards: ArrayLike) -> tuple[NDArray[Any], NDArray[Any]]:
    try:
        h, b = np.asarray(holes), np.asarray(boards)
    except (TypeError, ValueError) as exc:
        raise CardError(f"cannot read the hands as arrays ({exc}): expected {_ACCEPTED}") from None
    if h.ndim != 2 or h.shape[1] not in (4, 5, 6) or b.ndim != 2 or b.shape[1] != 5:
        raise CardError(
            f"cannot evaluate hole cards of shape {h.shape} with boards of shape {b.shape}:"
            f" expected {_ACCEPTED}"
        )
    if h.shape[0] != b.shape[0]:
        raise CardError(f"{h.shape[0]} hands but {b.shape[0]} boards: expected one board a hand")
    for a in (h, b):
        if a.dtype.kind not in "iu":
            raise CardError(f"cannot evaluate an array of dtype {a.dtype}: expected {_ACCEPTED}")
    # compiled once per dtype: converting costs more than evaluating
    return (
        np.ascontiguousarray(h, dtype=h.dtype.newbyteorder("=")),
        np.ascontiguousarray(b, dtype=b.dtype.newbyteorder("=")),
    )


def evaluate_omaha_batch(holes: ArrayLike, boards: ArrayLike) -> NDArray[np.int32]:
    """The Omaha high value of each hand with its board (RULES 11.1), as ``int32``.

    >>> evaluate_omaha_batch([[51, 47, 0, 1]], [[43, 39, 35, 2, 3]]).tolist()  # royal flush
    [7462]
    >>> evaluate_omaha_batch([[51, 47, 0, 1]], [[43, 39, 35, 51, 3]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate row 0 (As Ks 2c 2d with Qs Js Ts As 2s): As ...
    """
    h, b = _arrays(holes, boards)
    out = np.empty(h.shape[0], dtype=np.int32)
    kernel = _high_batch4 if h.shape[1] == 4 else _high_batch
    if h.shape[0] and kernel(h, b, out, omaha_tables()):
        _raise_first_bad(h, b, out == 0)
    return out


def evaluate_omaha_low_batch(holes: ArrayLike, boards: ArrayLike) -> NDArray[np.int32]:
    """The low of 8 or better of each hand with its board (RULES 11.2), 0 for no low.

    Lows run from 1 (8-7-6-5-4) to 56 (5-4-3-2-A), higher the better.

    >>> evaluate_omaha_low_batch([[48, 0, 44, 40]], [[4, 8, 12, 36, 32]]).tolist()  # A-2 3 4 5
    [56]
    """
    h, b = _arrays(holes, boards)
    out = np.empty(h.shape[0], dtype=np.int32)
    if h.shape[0] and _low_batch(h, b, out, omaha_tables()):
        _raise_first_bad(h, b, out < 0)
    return out


def _raise_first_bad(holes: NDArray[Any], boards: NDArray[Any], bad: NDArray[np.bool_]) -> None:
    row = int(np.flatnonzero(bad)[0])
    numbers = [int(x) for x in holes[row]] + [int(x) for x in boards[row]]
    for number in numbers:
        if not 0 <= number < 52:
            raise CardError(
                f"cannot evaluate row {row} ({numbers}): {number} is not a card number;"
                f" expected {_ACCEPTED}"
            )
    n = holes.shape[1]
    text = f"{format_cards(numbers[:n], ' ')} with {format_cards(numbers[n:], ' ')}"
    twice = next(c for i, c in enumerate(numbers) if c in numbers[:i])
    raise CardError(
        f"cannot evaluate row {row} ({text}): {format_cards([twice])} is given twice;"
        f" expected {_ACCEPTED}"
    )
