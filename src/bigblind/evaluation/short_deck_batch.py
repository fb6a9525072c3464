"""Many short-deck hands at once, compiled (RULES 11.3).

:func:`evaluate_short_deck_batch` values each row of an ``(N, 5)``, ``(N, 6)``
or ``(N, 7)`` integer array of cards six to ace as
:func:`bigblind.evaluation.short_deck.evaluate_short_deck` does, on every core,
reading the same tables.

>>> from bigblind.cards import parse_cards
>>> from bigblind.evaluation.short_deck import describe_short_deck
>>> values = evaluate_short_deck_batch(
...     [parse_cards("Ah 9h 7h 6h Kh Kd Ks"), parse_cards("Ac Ad As Kc Kd 7h 6s")]
... )
>>> [describe_short_deck(v) for v in values.tolist()]
['Flush, ace high, king-nine-seven-six', 'Full house, aces full of kings']

The core ``short_deck_nb(cards, t)`` (``cards`` a 1-D integer array of 5 to 7
cards, ``t`` what :func:`short_deck_arrays` returns) is public for other
kernels: inlined and unchecked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple, TypeVar, cast

import numba
import numpy as np
from numpy.typing import ArrayLike, NDArray

from bigblind.cards import format_cards
from bigblind.errors import CardError
from bigblind.evaluation.short_deck import short_deck_tables

__all__ = ["ShortDeckArrays", "evaluate_short_deck_batch", "short_deck_arrays", "short_deck_nb"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(**options: Any) -> Callable[[_F], _F]:
    """``numba.njit`` with ``cache=True``, keeping the function's type for checkers."""
    return cast(Callable[[_F], _F], numba.njit(cache=True, **options))


_int64: Final = cast(Callable[[Any], int], np.int64)


class ShortDeckArrays(NamedTuple):
    """The short-deck tables as read-only arrays (see :mod:`bigblind.evaluation.short_deck`)."""

    keys: NDArray[np.int64]  # card -> key: base-5 rank digit from bit 16, suit counters below
    non_flush: NDArray[np.uint16]  # rank field -> value
    flush: NDArray[np.uint16]  # rank mask of the flush suit -> value


_ARRAYS: list[ShortDeckArrays] = []


def short_deck_arrays() -> ShortDeckArrays:
    """The tables for compiled kernels, sharing memory with the scalar evaluator's."""
    if not _ARRAYS:
        keys, non_flush, flush = short_deck_tables()
        arrays = ShortDeckArrays(
            keys=np.array(keys, dtype=np.int64),
            non_flush=np.frombuffer(non_flush, dtype=np.uint16),
            flush=np.frombuffer(flush, dtype=np.uint16),
        )
        for a in arrays:
            a.setflags(write=False)
        _ARRAYS.append(arrays)
    return _ARRAYS[0]


@_njit(inline="always")
def short_deck_nb(cards: Any, t: ShortDeckArrays) -> int:
    """The short-deck value of 5 to 7 distinct cards six to ace (unchecked)."""
    key = 0x3333
    for j in range(cards.shape[0]):
        key += t.keys[cards[j]]
    if not key & 0x8888:
        return _int64(t.non_flush[key >> 16])
    suit = 0
    while not key >> (4 * suit + 3) & 1:
        suit += 1
    mask = 0
    for j in range(cards.shape[0]):
        c = _int64(cards[j])
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return _int64(t.flush[mask])


@_njit(parallel=True, nogil=True)
def _batch(hands: Any, out: Any, t: ShortDeckArrays) -> int:
    bad = 0
    for i in numba.prange(hands.shape[0]):
        row = hands[i]
        seen = 0
        wrong = False
        for j in range(row.shape[0]):
            c = _int64(row[j])
            wrong |= c < 16 or c > 51 or (seen >> (c & 63)) & 1 == 1
            seen |= 1 << (c & 63)
        if wrong:
            out[i] = 0
            bad += 1
        else:
            out[i] = short_deck_nb(row, t)
    return bad


_ACCEPTED: Final = (
    "an integer array of shape (N, 5), (N, 6) or (N, 7) whose rows are distinct cards of the"
    " short deck, numbers 16 (6c) to 51 (As)"
)


def evaluate_short_deck_batch(hands: ArrayLike) -> NDArray[np.int32]:
    """The short-deck value of each row of ``hands``, as ``int32`` (RULES 11.3).

    >>> from bigblind.evaluation.short_deck import describe_short_deck
    >>> describe_short_deck(int(evaluate_short_deck_batch([[16, 20, 24, 28, 33]])[0]))
    'Straight, ten high'
    >>> evaluate_short_deck_batch([[0, 20, 24, 28, 33]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot evaluate row 0 (2c 7c 8c 9c Td): 2c is not in the short...
    """
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError) as exc:
        raise CardError(
            f"cannot read the hands as an array ({exc}): expected {_ACCEPTED}"
        ) from None
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7) or array.dtype.kind not in "iu":
        raise CardError(
            f"cannot evaluate an array of shape {array.shape} and dtype {array.dtype}:"
            f" expected {_ACCEPTED}"
        )
    array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("="))
    out = np.empty(array.shape[0], dtype=np.int32)
    if array.shape[0] and _batch(array, out, short_deck_arrays()):
        row = int(np.flatnonzero(out == 0)[0])
        numbers = [int(x) for x in array[row]]
        for number in numbers:
            if not 16 <= number < 52:
                what = "not in the short deck" if 0 <= number < 16 else "not a card number"
                shown = format_cards(numbers, " ") if all(0 <= n < 52 for n in numbers) else numbers
                name = format_cards([number]) if 0 <= number < 52 else number
                raise CardError(
                    f"cannot evaluate row {row} ({shown}): {name} is {what}; expected {_ACCEPTED}"
                )
        twice = next(c for i, c in enumerate(numbers) if c in numbers[:i])
        raise CardError(
            f"cannot evaluate row {row} ({format_cards(numbers, ' ')}):"
            f" {format_cards([twice])} is given twice; expected {_ACCEPTED}"
        )
    return out
