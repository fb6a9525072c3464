"""Many hands at once, compiled: :func:`evaluate_batch` (RULES 6.1-6.3).

:func:`evaluate_batch` values every row of an ``(N, 5)``, ``(N, 6)`` or
``(N, 7)`` integer array of card numbers and gives the same values as
:func:`bigblind.evaluation.scalar.evaluate`, as an ``int32`` array, using every core.
It reads the scalar evaluator's own lookup tables, copied once into numpy
arrays, so the two can never disagree.

Importing this module imports numpy and numba (``import bigblind`` does not).
Kernels are compiled on first use of each input dtype and cached on disk.

>>> import numpy as np
>>> from bigblind.cards import parse_cards
>>> from bigblind.evaluation.scalar import evaluate
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2d 3c"), parse_cards("7c 5d 4h 3s 2c 9d Jh")])
>>> evaluate_batch(hands).tolist()
[7462, 172]
>>> evaluate_batch(hands).tolist() == [evaluate(row) for row in hands.tolist()]
True

Input is checked: a wrong shape or dtype, a number outside 0..51 or a card
repeated within a row raises :class:`~bigblind.errors.CardError` naming the
first bad row. The per-row checks run inside the compiled loop (about 15% of its time).

Calling the evaluator from other compiled code
----------------------------------------------
The core is public for kernels elsewhere (``numba.njit`` functions) and its
signatures are stable. Get the tables once with :func:`tables` and pass them
into the kernel as an argument; the cores are unchecked: cards must be
distinct ints 0..51, or the result is meaningless (or a crash: numba does not
check indices).

* ``eval7_nb(c0, c1, c2, c3, c4, c5, c6, t) -> int64``: seven cards.
* ``eval6_nb(c0, c1, c2, c3, c4, c5, t) -> int64`` and
  ``eval5_nb(c0, c1, c2, c3, c4, t) -> int64``: six and five cards.
* ``value7_nb(key, mask, t) -> int64``: seven cards given as sums, for loops
  that share cards between hands (a board, then each player's hole cards):
  ``key`` is the sum of ``t.keys[c]`` and ``mask`` the bitwise or of
  ``card_bit_nb(c)`` over the seven cards; both can be built incrementally.

``t`` is the :class:`Tables` named tuple that :func:`tables` returns. Values
are the scalar evaluator's: 1..7462, higher wins, equal values split. The
cores are inlined into the calling kernel, so they cost no call. numba's disk
cache keys a kernel on its own source file only: after changing this module,
delete the cached kernels (``*.nbi``, ``*.nbc`` in ``__pycache__``) of modules
that call the cores.

>>> from numba import njit
>>> @njit
... def best_of(board, holes, t):  # board: 5 cards; holes: (players, 2)
...     out = np.empty(holes.shape[0], np.int64)
...     k = t.keys[board[0]] + t.keys[board[1]] + t.keys[board[2]]
...     k += t.keys[board[3]] + t.keys[board[4]]
...     m = card_bit_nb(board[0]) | card_bit_nb(board[1]) | card_bit_nb(board[2])
...     m |= card_bit_nb(board[3]) | card_bit_nb(board[4])
...     for p in range(holes.shape[0]):
...         a, b = holes[p, 0], holes[p, 1]
...         out[p] = value7_nb(k + t.keys[a] + t.keys[b], m | card_bit_nb(a) | card_bit_nb(b), t)
...     return out
>>> board = np.array(parse_cards("Ah Kh 7d 7c 2s"))
>>> holes = np.array([parse_cards("Qh Jh"), parse_cards("7s 7h")])
>>> best_of(board, holes, tables()).tolist() == [
...     evaluate(parse_cards("Ah Kh 7d 7c 2s Qh Jh")),
...     evaluate(parse_cards("Ah Kh 7d 7c 2s 7s 7h")),
... ]
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final, NamedTuple, TypeVar, cast

import numba
import numpy as np
from numpy.typing import ArrayLike, NDArray

from bigblind.cards import format_cards
from bigblind.errors import CardError

__all__ = [
    "Tables",
    "card_bit_nb",
    "eval5_nb",
    "eval6_nb",
    "eval7_nb",
    "evaluate_batch",
    "tables",
    "value7_nb",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` with ``cache=True`` that keeps the function's type for checkers.

    The cores are inlined into their callers (``inline="always"``): a call between
    compiled functions passes the tables by value and counts references to each of
    their arrays, which costs more than the evaluation itself.
    """
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


# np.int64 as a conversion to int for type checkers (numba sees np.int64 itself).
_int64: Final = cast(Callable[[Any], int], np.int64)


class Tables(NamedTuple):
    """The scalar evaluator's lookup tables as read-only numpy arrays (see evaluate.py).

    A hand's key is the sum of its cards' ``keys``: base-5 rank counts (low
    ranks deuce..eight from bit 16, high ranks nine..ace from bit 33) and a
    4-bit counter per suit in bits 0..15. Without a flush the value is
    ``values[base7[key >> 33] + low[key >> 16 & 0x1FFFF]]`` (``base5``,
    ``base6`` for fewer cards); a flush looks up its suit's 13-bit rank mask
    in ``flush``.
    """

    keys: NDArray[np.int64]  # card -> key, 52 entries
    flush: NDArray[np.uint16]  # rank mask of the flush suit -> value, 8192 entries
    base5: NDArray[np.int32]  # high ranks in base 5 -> start of their run in values
    base6: NDArray[np.int32]
    base7: NDArray[np.int32]
    low: NDArray[np.uint16]  # low ranks in base 5 -> index within the run
    values: NDArray[np.uint16]  # the values of every rank multiset without a flush


_TABLES: list[Tables] = []
_LOCK: Final = threading.Lock()


def tables() -> Tables:
    """The lookup tables for the compiled cores, built on the first call (then shared).

    >>> t = tables()
    >>> t.keys.shape, t.flush.shape, t.values.dtype
    ((52,), (8192,), dtype('uint16'))
    """
    if _TABLES:
        return _TABLES[0]
    with _LOCK:
        if not _TABLES:
            _TABLES.append(_make_tables())
    return _TABLES[0]


def _make_tables() -> Tables:
    from bigblind.evaluation.lookup_tables import (
        BASE5,
        BASE6,
        BASE7,
        FAST_HIGH_AT,
        FAST_KEYS,
        FAST_LOW_AT,
        FLUSH_VALUE,
        LOW_INDEX,
        SUIT_BIAS,
        VALUES,
        build,
    )

    # The compiled cores hard-code the key layout; fail loudly if it ever moves.
    assert (FAST_LOW_AT, FAST_HIGH_AT, SUIT_BIAS) == (16, 33, _BIAS)
    build()

    def frozen(items: list[int], dtype: type[np.generic]) -> Any:
        array = np.array(items, dtype=dtype)
        if not np.array_equal(array, np.array(items, dtype=np.int64)):
            raise AssertionError("a lookup table does not fit its array type")
        array.setflags(write=False)
        return array

    return Tables(
        keys=frozen(FAST_KEYS, np.int64),
        flush=frozen(FLUSH_VALUE, np.uint16),
        base5=frozen(BASE5, np.int32),
        base6=frozen(BASE6, np.int32),
        base7=frozen(BASE7, np.int32),
        low=frozen(LOW_INDEX, np.uint16),
        values=frozen(VALUES, np.uint16),
    )


# --- the compiled cores (stable signatures: other modules call them) --------------------

_BIAS: Final = 0x3333  # each suit counter starts at 3, so a fifth card sets its top bit
_FLAGS: Final = 0x8888  # the suit counters' top bits: five or more cards of that suit
_LOW_FIELD: Final = 0x1FFFF


@_njit(inline="always")
def _flush_suit(k: int) -> int:
    """The suit whose counter overflowed in a biased key (at most one can, with 7 cards)."""
    if k & 0x8:
        return 0
    if k & 0x80:
        return 1
    if k & 0x800:
        return 2
    return 3


@_njit(inline="always")
def _rank_bit(c: int, suit: int) -> int:
    """``1 << rank`` of card ``c`` when it has suit ``suit``, else 0."""
    return (1 << (c >> 2)) if (c & 3) == suit else 0


@_njit(inline="always")
def card_bit_nb(c: int) -> int:
    """The bit of card ``c`` in a hand mask: ``1 << (16 * suit + rank)`` (for value7_nb)."""
    return 1 << (((c & 3) << 4) + (c >> 2))


@_njit(inline="always")
def value7_nb(key: int, mask: int, t: Tables) -> int:
    """The value of seven distinct cards from their key sum and their mask (unchecked).

    ``key``: the sum of ``t.keys[c]``; ``mask``: the or of ``card_bit_nb(c)``.
    """
    k = key + _BIAS
    if k & _FLAGS:
        return _int64(t.flush[(mask >> (_flush_suit(k) << 4)) & 0x1FFF])
    return _int64(t.values[t.base7[k >> 33] + t.low[(k >> 16) & _LOW_FIELD]])


@_njit(inline="always")
def eval7_nb(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, c6: int, t: Tables) -> int:
    """The value of seven distinct cards 0..51 (unchecked), as the scalar ``evaluate``."""
    keys = t.keys
    k = _BIAS + keys[c0] + keys[c1] + keys[c2] + keys[c3] + keys[c4] + keys[c5] + keys[c6]
    if k & _FLAGS:
        s = _flush_suit(k)
        m = _rank_bit(c0, s) | _rank_bit(c1, s) | _rank_bit(c2, s) | _rank_bit(c3, s)
        m |= _rank_bit(c4, s) | _rank_bit(c5, s) | _rank_bit(c6, s)
        return _int64(t.flush[m])
    return _int64(t.values[t.base7[k >> 33] + t.low[(k >> 16) & _LOW_FIELD]])


@_njit(inline="always")
def eval6_nb(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, t: Tables) -> int:
    """The value of six distinct cards 0..51 (unchecked), as the scalar ``evaluate``."""
    keys = t.keys
    k = _BIAS + keys[c0] + keys[c1] + keys[c2] + keys[c3] + keys[c4] + keys[c5]
    if k & _FLAGS:
        s = _flush_suit(k)
        m = _rank_bit(c0, s) | _rank_bit(c1, s) | _rank_bit(c2, s)
        m |= _rank_bit(c3, s) | _rank_bit(c4, s) | _rank_bit(c5, s)
        return _int64(t.flush[m])
    return _int64(t.values[t.base6[k >> 33] + t.low[(k >> 16) & _LOW_FIELD]])


@_njit(inline="always")
def eval5_nb(c0: int, c1: int, c2: int, c3: int, c4: int, t: Tables) -> int:
    """The value of five distinct cards 0..51 (unchecked), as the scalar ``evaluate``."""
    keys = t.keys
    k = _BIAS + keys[c0] + keys[c1] + keys[c2] + keys[c3] + keys[c4]
    if k & _FLAGS:
        s = _flush_suit(k)
        m = _rank_bit(c0, s) | _rank_bit(c1, s) | _rank_bit(c2, s)
        m |= _rank_bit(c3, s) | _rank_bit(c4, s)
        return _int64(t.flush[m])
    return _int64(t.values[t.base5[k >> 33] + t.low[(k >> 16) & _LOW_FIELD]])


# --- the batch kernels --------------------------------------------------------------------


@_njit(inline="always")
def _bad(c: int) -> bool:
    return c < 0 or c > 51


@_njit(inline="always")
def _bit(c: int) -> int:
    return 1 << c


# Each kernel writes 0 for a row holding a number outside 0..51 or a repeated card and
# returns how many such rows it met. Cards are distinct exactly when the sum of their
# bits equals the or of their bits (a repeat carries).


@_njit(parallel=True)
def _batch7(hands: Any, out: Any, t: Tables) -> int:
    bad = 0
    for i in numba.prange(hands.shape[0]):
        c0, c1, c2 = _int64(hands[i, 0]), _int64(hands[i, 1]), _int64(hands[i, 2])
        c3, c4, c5 = _int64(hands[i, 3]), _int64(hands[i, 4]), _int64(hands[i, 5])
        c6 = _int64(hands[i, 6])
        if _bad(c0) or _bad(c1) or _bad(c2) or _bad(c3) or _bad(c4) or _bad(c5) or _bad(c6):
            out[i] = 0
            bad += 1
        else:
            b0, b1, b2, b3 = _bit(c0), _bit(c1), _bit(c2), _bit(c3)
            b4, b5, b6 = _bit(c4), _bit(c5), _bit(c6)
            if b0 + b1 + b2 + b3 + b4 + b5 + b6 != b0 | b1 | b2 | b3 | b4 | b5 | b6:
                out[i] = 0
                bad += 1
            else:
                out[i] = eval7_nb(c0, c1, c2, c3, c4, c5, c6, t)
    return bad


@_njit(parallel=True)
def _batch6(hands: Any, out: Any, t: Tables) -> int:
    bad = 0
    for i in numba.prange(hands.shape[0]):
        c0, c1, c2 = _int64(hands[i, 0]), _int64(hands[i, 1]), _int64(hands[i, 2])
        c3, c4, c5 = _int64(hands[i, 3]), _int64(hands[i, 4]), _int64(hands[i, 5])
        if _bad(c0) or _bad(c1) or _bad(c2) or _bad(c3) or _bad(c4) or _bad(c5):
            out[i] = 0
            bad += 1
        else:
            b0, b1, b2 = _bit(c0), _bit(c1), _bit(c2)
            b3, b4, b5 = _bit(c3), _bit(c4), _bit(c5)
            if b0 + b1 + b2 + b3 + b4 + b5 != b0 | b1 | b2 | b3 | b4 | b5:
                out[i] = 0
                bad += 1
            else:
                out[i] = eval6_nb(c0, c1, c2, c3, c4, c5, t)
    return bad


@_njit(parallel=True)
def _batch5(hands: Any, out: Any, t: Tables) -> int:
    bad = 0
    for i in numba.prange(hands.shape[0]):
        c0, c1, c2 = _int64(hands[i, 0]), _int64(hands[i, 1]), _int64(hands[i, 2])
        c3, c4 = _int64(hands[i, 3]), _int64(hands[i, 4])
        if _bad(c0) or _bad(c1) or _bad(c2) or _bad(c3) or _bad(c4):
            out[i] = 0
            bad += 1
        else:
            b0, b1, b2, b3, b4 = _bit(c0), _bit(c1), _bit(c2), _bit(c3), _bit(c4)
            if b0 + b1 + b2 + b3 + b4 != b0 | b1 | b2 | b3 | b4:
                out[i] = 0
                bad += 1
            else:
                out[i] = eval5_nb(c0, c1, c2, c3, c4, t)
    return bad


_KERNELS: Final = {5: _batch5, 6: _batch6, 7: _batch7}
_ACCEPTED: Final = (
    "an integer array of shape (N, 5), (N, 6) or (N, 7) whose rows are distinct card numbers "
    "0 to 51"
)


def evaluate_batch(hands: ArrayLike) -> NDArray[np.int32]:
    """The value of each row of ``hands``, as :func:`~bigblind.evaluation.scalar.evaluate` gives it.

    ``hands`` is an integer array (or nested sequence) of shape ``(N, 5)``,
    ``(N, 6)`` or ``(N, 7)``; the result is an ``int32`` array of ``N`` values
    1..7462. Raises :class:`~bigblind.errors.CardError` for a wrong shape or
    dtype, a number outside 0..51 or a card repeated within a row.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 50]]).tolist()
    [7462, 5854]
    >>> evaluate_batch([[0, 0, 1, 2, 3]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate row 0 (2c 2c 2d 2h 2s): 2c is given twice; ...
    """
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError) as exc:
        raise CardError(
            f"cannot read the hands as an array ({exc}): expected {_ACCEPTED}"
        ) from None
    if array.ndim != 2 or array.shape[1] not in _KERNELS:
        raise CardError(f"cannot evaluate an array of shape {array.shape}: expected {_ACCEPTED}")
    if array.dtype.kind not in "iu":
        raise CardError(f"cannot evaluate an array of dtype {array.dtype}: expected {_ACCEPTED}")
    array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("="))
    out = np.empty(array.shape[0], dtype=np.int32)
    if array.shape[0] and _KERNELS[array.shape[1]](array, out, tables()):
        _raise_first_bad(array, out)
    return out


def _raise_first_bad(array: NDArray[Any], out: NDArray[np.int32]) -> None:
    row = int(np.flatnonzero(out == 0)[0])
    numbers = [int(x) for x in array[row]]
    for number in numbers:
        if not 0 <= number < 52:
            raise CardError(
                f"cannot evaluate row {row} ({numbers}): {number} is not a card number; "
                f"expected {_ACCEPTED}"
            )
    text = format_cards(numbers, " ")
    twice = next(c for i, c in enumerate(numbers) if c in numbers[:i])
    raise CardError(
        f"cannot evaluate row {row} ({text}): {format_cards([twice])} is given twice; "
        f"expected {_ACCEPTED}"
    )
