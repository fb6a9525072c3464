"""The lookup tables of the Omaha evaluators (RULES 11.1, 11.2), built on first use.

An Omaha hand is the best five of exactly two hole cards and three board cards,
60 choices for four hole cards. Nothing searches them per hand: the tables hold
the answer by rank counts and by flush ranks.

* High without a flush, by rank counts: ``by_pair`` holds, for every multiset
  of five board ranks (6,175) and every pair of hole ranks (91), the best value
  of the pair with three of the five; a hand of four hole cards reads it six
  times. Plain Python, where each step costs more than a cache miss, reads
  ``high`` instead: by board and multiset of four hole ranks (1,820), once for
  four hole cards and three times for five or six (:data:`HOLE_SETS`).
* Flushes: a board with three or more cards of a suit and a hole pair of that
  suit; ``flush`` holds, for a board suit mask and two hole ranks, the best
  flush or straight flush of those two with three of the board's, and plain
  Python's ``flush_hands`` the best over every pair of up to four hole cards of
  the suit, so that one lookup answers.
* The low of 8 or better: a table by the mask of low ranks (ace to eight) on
  the board and in the hand, since only distinct ranks can make a low.

Values are those of :func:`bigblind.evaluation.scalar.evaluate` (1 to 7,462), so
an Omaha high compares with any hold'em value; lows run from 1 (8-7-6-5-4) to
:data:`LOW_CLASSES` (5-4-3-2-A), 0 for no low. The tables are computed with
numpy from the five-card evaluator in about a second and take about 40 MB.

>>> t = omaha_tables()
>>> t.by_pair.shape, t.flush.shape, t.low.shape  # 6,175 boards by 91 pairs; 8,192 by 169
((561925,), (1384448,), (65536,))
>>> len(omaha_lookups().high)  # 6,175 boards by 1,820 hands
11238500
>>> int(t.low.max()) == LOW_CLASSES
True
"""

from __future__ import annotations

import threading
from array import array
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from bigblind.evaluation.scalar import evaluate5

if TYPE_CHECKING:  # numpy loads with the tables, not with the module
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "BOARD_BIAS",
    "HOLE_BIAS",
    "HOLE_SETS",
    "LOW_CLASSES",
    "LOW_RANKS",
    "OmahaLookups",
    "OmahaTables",
    "card_keys",
    "low_ranks",
    "omaha_lookups",
    "omaha_tables",
]

LOW_CLASSES: Final = 56
"""The number of distinct lows (five of the eight ranks ace to eight)."""

BOARD_BIAS: Final = 0x5555
"""Added to a board's key: a suit counter reaching 8 (three cards) sets its top bit."""

HOLE_BIAS: Final = 0x6666
"""Added to a hand's key: a suit counter reaching 8 (two cards) sets its top bit."""

HOLE_SETS: Final = {
    4: ((0, 1, 2, 3),),
    5: ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4)),
    6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5)),
}
"""Sets of four hole-card positions that together hold every pair of positions."""

_RANKS: Final = 13
_PAIR_ROW: Final = _RANKS * _RANKS  # flush: 169 entries per board mask, by two ranks
_HOLES: Final = 1820  # multisets of four ranks
_LOW_FIELD: Final = 0x1FFFF  # the key layout of bigblind.evaluation.batch.Tables


class OmahaTables(NamedTuple):
    """The Omaha tables as read-only numpy arrays, for compiled kernels.

    ``keys[card]`` is the card's key, as ``bigblind.evaluation.batch.Tables.keys``:
    base-5 rank counts from bit 16 (deuce to eight) and bit 33 (nine to ace), a
    4-bit suit counter per suit below. A board's number is
    ``board_base[k >> 33] + board_low[k >> 16 & 0x1FFFF]`` for the sum ``k`` of its
    keys; without a flush, hole cards ``x`` and ``y`` make at best
    ``by_pair[91 * number + pair_index[52 * x + y]]`` with three of its cards.
    ``low_bits[card]`` is the card's bit among the low ranks (ace 1 .. eight 128,
    0 above).
    """

    keys: NDArray[np.int64]
    by_pair: NDArray[np.uint16]  # 91 * board number + pair of ranks -> best value, no flush
    pair_index: NDArray[np.int64]  # 52 * card + card -> their pair of ranks, 0..90
    flush: NDArray[np.uint16]  # board suit mask * 169 + 13 * rank + rank -> flush value
    low: NDArray[np.uint8]  # board low mask << 8 | hole low mask -> low value (0: none)
    low_bits: NDArray[np.int64]
    board_base: NDArray[np.int64]
    board_low: NDArray[np.int64]


class OmahaLookups(NamedTuple):
    """The same tables in the forms plain Python reads fastest.

    Plain Python's card keys are wider than a machine word, which costs it little:
    from bit 0 the card's bit in suit-major order (``13 * suit + rank``, so one
    suit's cards are one 13-bit field of a sum), from bit :data:`PY_SUITS_AT` a
    4-bit counter per suit, from bit :data:`PY_RANKS_AT` a rank code. The codes
    (:data:`BOARD_CODES`, :data:`HOLE_CODES`) make the sums of any five board ranks,
    or of any four hole ranks, distinct and small, so that the code field of a sum
    indexes a list: ``high[board_rows[b >> 72] + hole_columns[h >> 72]]``.
    """

    board_keys: dict[int, int]  # card -> key; a dict, so no number outside 0..51 reads one
    hole_keys: dict[int, int]
    board_rows: list[int]  # code field of five board cards -> row in ``high``
    hole_columns: list[int]  # code field of four hole cards -> column in ``high``
    high: array[int]  # board row + hole column -> best value, no flush
    flush: array[int]  # as OmahaTables.flush
    flush_rows: list[int]  # board suit mask (3 to 5 cards) -> row in ``flush_hands``
    flush_columns: list[int]  # hole suit mask (2 to 4 cards) -> column in ``flush_hands``
    flush_hands: array[int]  # the best flush of two of the hole suit mask's, or 0
    low: list[int]
    low_bits: list[int]


PY_SUITS_AT: Final = 52
PY_RANKS_AT: Final = 72
BOARD_CODES: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Rank codes whose sums over five ranks (each at most four times) are all distinct."""
HOLE_CODES: Final = (0, 1, 5, 21, 55, 153, 368, 856, 1424, 2603, 4967, 8194, 13663)
"""Rank codes whose sums over four ranks are all distinct."""


def _py_keys(codes: tuple[int, ...]) -> dict[int, int]:
    return {
        c: codes[c >> 2] << PY_RANKS_AT
        | 1 << (PY_SUITS_AT + 4 * (c & 3))
        | 1 << (13 * (c & 3) + (c >> 2))
        for c in range(52)
    }


def _code_list(multisets: list[tuple[int, ...]], codes: tuple[int, ...], scale: int) -> list[int]:
    """The list from the code sum of each multiset to its place times ``scale``."""
    out = [0] * (len(multisets[0]) * codes[-1] + 1)
    seen = set()
    for i, m in enumerate(multisets):
        code = sum(codes[r] for r in m)
        assert code not in seen, "rank codes whose sums collide"
        seen.add(code)
        out[code] = i * scale
    return out


LOW_RANKS: Final = tuple(r + 1 if r < 7 else (0 if r == 12 else -1) for r in range(13))
"""The place of each rank (0 = deuce .. 12 = ace) among the low ranks: ace 0, deuce 1
.. eight 7, -1 for nine to king."""


def low_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a low value, highest first, the ace as 12 (as cards number it).

    >>> low_ranks(LOW_CLASSES), low_ranks(1)
    ((3, 2, 1, 0, 12), (6, 5, 4, 3, 2))
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LOW_CLASSES:
        raise ValueError(f"{value!r} is not a low value: accepted are ints 1 to {LOW_CLASSES}")
    places = _LOWS[value - 1]
    return tuple(12 if p == 0 else p - 1 for p in places)


# The 56 lows as low places (ace 0 .. eight 7), highest first, worst first: a low is
# better when its highest place is lower, then the next, and so on (RULES 11.2).
_LOWS: Final = sorted(
    (tuple(sorted(c, reverse=True)) for c in combinations(range(8), 5)), reverse=True
)

_TABLES: list[tuple[OmahaTables, OmahaLookups]] = []
_LOCK: Final = threading.Lock()


def omaha_tables() -> OmahaTables:
    """The tables as arrays, built on the first call (then shared; thread-safe)."""
    return _built()[0]


def omaha_lookups() -> OmahaLookups:
    """The tables as plain Python reads them (built with :func:`omaha_tables`)."""
    return _built()[1]


def _built() -> tuple[OmahaTables, OmahaLookups]:
    if not _TABLES:
        with _LOCK:
            if not _TABLES:
                _TABLES.append(_build())
    return _TABLES[0]


def _frozen(values: NDArray[Any]) -> Any:
    values.setflags(write=False)
    return values


def card_keys() -> tuple[int, ...]:
    """Each card's key in the layout of ``bigblind.evaluation.batch.Tables.keys``.

    >>> card_keys()[0] == 1 << 16 | 1  # a deuce: one in the first rank digit, a club
    True
    >>> card_keys()[51] == 5**5 << 33 | 1 << 12
    True
    """
    return tuple(
        (5**r << 16 if r < 7 else 5 ** (r - 7) << 33) | 1 << 4 * s
        for r in range(_RANKS)
        for s in range(4)
    )


def _build() -> tuple[OmahaTables, OmahaLookups]:
    import numpy as np

    keys = card_keys()
    fives: list[tuple[int, ...]] = [
        m for m in combinations_with_replacement(range(_RANKS), 5) if _max_count(m) <= 4
    ]
    fours: list[tuple[int, ...]] = list(combinations_with_replacement(range(_RANKS), 4))
    assert len(fours) == _HOLES
    board_base, board_low, boards = _perfect_hash(fives, keys)
    by_pair, high = _high_tables(boards, fours)
    high_array = array("H")
    high_array.frombytes(high.tobytes())
    flush = _flush_table()
    flush_array = array("H")
    flush_array.frombytes(flush.tobytes())
    low = _low_table()
    low_bits = [1 << LOW_RANKS[c >> 2] if LOW_RANKS[c >> 2] >= 0 else 0 for c in range(52)]
    pair_id = {p: i for i, p in enumerate(combinations_with_replacement(range(_RANKS), 2))}
    pair_index = [pair_id[min(x, y) >> 2, max(x, y) >> 2] for x in range(52) for y in range(52)]
    arrays = OmahaTables(
        keys=_frozen(np.array(keys, dtype=np.int64)),
        by_pair=_frozen(by_pair),
        pair_index=_frozen(np.array(pair_index, dtype=np.int64)),
        flush=_frozen(np.frombuffer(flush_array, dtype=np.uint16)),  # one copy for both
        low=_frozen(low),
        low_bits=_frozen(np.array(low_bits, dtype=np.int64)),
        board_base=_frozen(board_base),
        board_low=_frozen(board_low),
    )
    board_masks = [m for m in range(1 << _RANKS) if 3 <= m.bit_count() <= 5]
    hole_masks = [m for m in range(1 << _RANKS) if 2 <= m.bit_count() <= 4]
    flush_rows = [0] * (1 << _RANKS)
    for i, m in enumerate(board_masks):
        flush_rows[m] = i * len(hole_masks)
    flush_columns = [0] * (1 << _RANKS)
    for i, m in enumerate(hole_masks):
        flush_columns[m] = i
    flush_hands = array("H")
    flush_hands.frombytes(_flush_hands(flush, board_masks, hole_masks).tobytes())
    lookups = OmahaLookups(
        board_keys=_py_keys(BOARD_CODES),
        hole_keys=_py_keys(HOLE_CODES),
        board_rows=_code_list(boards, BOARD_CODES, _HOLES),
        hole_columns=_code_list(fours, HOLE_CODES, 1),
        high=high_array,
        flush=flush_array,
        flush_rows=flush_rows,
        flush_columns=flush_columns,
        flush_hands=flush_hands,
        low=[int(v) for v in low],
        low_bits=low_bits,
    )
    return arrays, lookups


def _max_count(ranks: tuple[int, ...]) -> int:
    return max(ranks.count(r) for r in set(ranks))


def _rank_key(ranks: tuple[int, ...], keys: tuple[int, ...]) -> int:
    """The rank fields (``key >> 16``) of cards of these ranks, whatever their suits."""
    return sum(keys[4 * r] for r in ranks) >> 16


def _perfect_hash(
    multisets: list[tuple[int, ...]], keys: tuple[int, ...]
) -> tuple[NDArray[np.int64], NDArray[np.int64], list[tuple[int, ...]]]:
    """Number rank multisets of one size densely by their rank field, as the hold'em
    tables do: ``base[high] + offset[low]`` is the number.

    A field is ``high << 17 | low`` (see the key layout). Offsets number the low
    multisets of each size apart; each high multiset owns a run as long as the low
    multisets that complete it. Returns the two arrays and the multisets in order.
    """
    import numpy as np

    fields = {_rank_key(m, keys): m for m in multisets}
    offset = np.zeros(_LOW_FIELD + 1, dtype=np.int64)
    per_size: dict[int, int] = {}
    for low in sorted({f & _LOW_FIELD for f in fields}):
        size = _digit_sum(low)
        offset[low] = per_size.get(size, 0)
        per_size[size] = offset[low] + 1
    size = len(multisets[0])
    base = np.zeros(5 ** (_RANKS - 7), dtype=np.int64)
    ordered: list[tuple[int, ...]] = [()] * len(fields)
    end = 0
    for high in sorted({f >> 17 for f in fields}):
        base[high] = end
        end += per_size.get(size - _digit_sum(high), 0)
    for field, ranks in fields.items():
        ordered[int(base[field >> 17] + offset[field & _LOW_FIELD])] = ranks
    assert end == len(fields) and all(ordered)
    return base, offset, ordered


def _nonflush(fives: list[tuple[int, ...]]) -> dict[tuple[int, ...], int]:
    """The value of five cards of each of these rank multisets, suited for no flush."""
    out = {}
    for ranks in fives:
        seen: dict[int, int] = {}
        cards = []
        for i, r in enumerate(ranks):
            suit = seen.get(r, 0) if i else 1  # the first card alone in its suit: no flush
            seen[r] = suit + 1
            cards.append(4 * r + suit % 4)
        out[ranks] = evaluate5(*cards)
    return out


def _high_tables(
    boards: list[tuple[int, ...]], holes: list[tuple[int, ...]]
) -> tuple[NDArray[np.uint16], NDArray[np.uint16]]:
    """Best non-flush value of two hole ranks with three of five board ranks, by pair
    and by four hole ranks."""
    import numpy as np

    triples = list(combinations_with_replacement(range(_RANKS), 3))
    pairs = list(combinations_with_replacement(range(_RANKS), 2))
    triple_id = {t: i for i, t in enumerate(triples)}
    pair_id = {p: i for i, p in enumerate(pairs)}
    value = _nonflush(boards)
    five = np.array(
        [[value.get(tuple(sorted(t + p)), 0) for p in pairs] for t in triples], dtype=np.uint16
    )
    board_triples = np.array(
        [[triple_id[t] for t in combinations(b, 3)] for b in boards], dtype=np.intp
    )
    hole_pairs = np.array([[pair_id[p] for p in combinations(h, 2)] for h in holes], np.intp)
    by_pair = five[board_triples].max(axis=1)  # (boards, pairs)
    high = np.empty((len(boards), len(holes)), dtype=np.uint16)
    step = 512
    for start in range(0, len(boards), step):
        high[start : start + step] = by_pair[start : start + step][:, hole_pairs].max(axis=2)
    return by_pair.reshape(-1), high.reshape(-1)


def _digit_sum(number: int) -> int:
    total = 0
    while number:
        number, digit = divmod(number, 5)
        total += digit
    return total


def _flush_table() -> NDArray[np.uint16]:
    """Best flush of two hole ranks with three of a board suit's ranks (0 if none).

    Only boards of three to five cards of the suit have entries; a pair that
    repeats a rank, or a rank of the board, is no hand and reads whatever is there.
    """
    import numpy as np

    flush_value = np.zeros(1 << _RANKS, dtype=np.uint16)
    for five in combinations(range(_RANKS), 5):
        flush_value[sum(1 << r for r in five)] = evaluate5(*(4 * r for r in five))
    board_masks = [m for m in range(1 << _RANKS) if 3 <= m.bit_count() <= 5]
    padded = np.zeros((len(board_masks), 10), dtype=np.int64)
    for row, m in enumerate(board_masks):
        bits = [1 << r for r in range(_RANKS) if m >> r & 1]
        triples = [a | b | c for a, b, c in combinations(bits, 3)]
        padded[row, : len(triples)] = triples
    ranks = 1 << np.arange(_RANKS)
    pair_masks = (ranks[:, None] | ranks[None, :]).reshape(-1)
    out = np.zeros((1 << _RANKS, _PAIR_ROW), dtype=np.uint16)
    # padding reads mask 0: with a pair, two bits, a value of 0
    out[board_masks] = flush_value[padded[:, :, None] | pair_masks].max(axis=1)
    return out.reshape(-1)


def _flush_hands(
    flush: NDArray[np.uint16], board_masks: list[int], hole_masks: list[int]
) -> NDArray[np.uint16]:
    """The best flush of two of a hole suit mask's ranks with three of a board's."""
    import numpy as np

    pairs = np.zeros((len(hole_masks), 6), dtype=np.int64)
    for i, m in enumerate(hole_masks):
        ranks = [r for r in range(_RANKS) if m >> r & 1]
        # a mask of two to four ranks has one to six pairs; repeat the first to fill six
        found = [13 * x + y for y, x in combinations(ranks, 2)]
        pairs[i] = (found * 6)[:6]
    rows = np.array(board_masks, dtype=np.int64) * _PAIR_ROW
    out = np.empty((len(board_masks), len(hole_masks)), dtype=np.uint16)
    step = 128  # in slices, so the index arrays stay a few megabytes
    for start in range(0, len(rows), step):
        index = rows[start : start + step, None, None] + pairs[None, :, :]
        out[start : start + step] = flush[index].max(axis=2)
    # a hole rank on the board is no hand (the card would be there twice)
    clash = np.array(board_masks)[:, None] & np.array(hole_masks)[None, :]
    out[clash != 0] = 0
    result: NDArray[np.uint16] = out.astype(np.uint16).reshape(-1)
    return result


def _low_table() -> NDArray[np.uint8]:
    """The best low (RULES 11.2) of two of the hand's low ranks and three of the board's.

    A five-rank low S is made exactly when S lies within the two masks, at least
    three of S are on the board and at least two in the hand: the ranks only on
    the board must be among the three, those only in the hand among the two.
    """
    import numpy as np

    masks = np.arange(256)
    board = (masks[:, None] << 8 | masks[None, :]).reshape(-1) >> 8
    hand = (masks[:, None] << 8 | masks[None, :]).reshape(-1) & 0xFF
    out = np.zeros(1 << 16, dtype=np.uint8)
    for value, places in enumerate(_LOWS, start=1):  # worst first: better lows overwrite
        s = sum(1 << p for p in places)
        on_board = _popcount(board & s)
        in_hand = _popcount(hand & s)
        made = ((board | hand) & s == s) & (on_board >= 3) & (in_hand >= 2)
        out[made] = value
    return out


def _popcount(values: NDArray[np.int64]) -> NDArray[np.int64]:
    import numpy as np

    count = np.zeros_like(values)
    for bit in range(8):
        count += values >> bit & 1
    return count
