"""Pre-flop equity of the 169 starting hands against 1 to 9 random hands, from a table.

The table ships with the package (``data/preflop_equity.csv``) and is read on
first use. It was computed by ``scripts/preflop_table.py`` with seeded Monte
Carlo (:func:`bigblind.evaluation.hand_equity.equity`), 2,000,000 deals per entry: each value
is within about 0.1 percentage points (three standard errors) of the exact
one. Ties count their split share.

>>> round(preflop_equity("AA", 1), 2), round(preflop_equity("72o", 1), 2)
(0.85, 0.35)
>>> preflop_equity("AKs", 9) > preflop_equity("AKo", 9)
True
"""

from __future__ import annotations

import csv
import io
import threading
from importlib import resources
from typing import Final

from bigblind.cards import RANKS
from bigblind.errors import BigblindError

__all__ = ["MAX_OPPONENTS", "PreflopError", "normalize_class", "preflop_equity"]

MAX_OPPONENTS: Final = 9
_TABLE: dict[str, tuple[float, ...]] = {}
_LOCK: Final = threading.Lock()
_FILE: Final = "data/preflop_equity.csv"  # beside this module


class PreflopError(BigblindError):
    """A starting-hand class or an opponent count the table does not hold."""


def normalize_class(hand_class: str) -> str:
    """A starting-hand class in its usual form: ``'AKs'``, ``'AKo'``, ``'AA'``.

    >>> normalize_class("ka s"), normalize_class("tt"), normalize_class("2 7O")
    ('AKs', 'TT', '72o')
    """
    text = "".join(hand_class.split()) if isinstance(hand_class, str) else ""
    upper = text.upper().replace("10", "T")
    ok = len(upper) in (2, 3) and upper[0] in RANKS and upper[1] in RANKS
    if ok and len(upper) == 3:
        ok = upper[2] in "SO" and upper[0] != upper[1]
    if ok and len(upper) == 2 and upper[0] != upper[1]:
        raise PreflopError(f"{hand_class!r} is suited or offsuit: write {upper}s or {upper}o")
    if not ok:
        raise PreflopError(
            f"cannot read starting hand {hand_class!r}: expected a pair (AA), a suited"
            " (AKs) or an offsuit (AKo) hand"
        )
    high, low = sorted(upper[:2], key=RANKS.index, reverse=True)
    return high + low + upper[2:].lower()


def _load() -> dict[str, tuple[float, ...]]:
    if _TABLE:
        return _TABLE
    with _LOCK:
        if not _TABLE:
            text = (
                resources.files("bigblind.evaluation").joinpath(_FILE).read_text(encoding="utf-8")
            )
            rows = csv.reader(io.StringIO(text))
            header = next(rows)
            assert header[1:] == [str(n) for n in range(1, MAX_OPPONENTS + 1)], header
            _TABLE.update((row[0], tuple(float(x) for x in row[1:])) for row in rows)
    return _TABLE


def preflop_equity(hand_class: str, opponents: int) -> float:
    """The equity (0..1) of a starting hand all-in pre-flop against ``opponents`` random hands.

    >>> round(preflop_equity("KK", 2), 2), round(preflop_equity("32o", 9), 2)
    (0.69, 0.06)
    """
    name = normalize_class(hand_class)
    if isinstance(opponents, bool) or not isinstance(opponents, int):
        raise PreflopError(f"opponents must be an int 1 to {MAX_OPPONENTS}, not {opponents!r}")
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise PreflopError(f"the table covers 1 to {MAX_OPPONENTS} opponents, not {opponents}")
    return _load()[name][opponents - 1]
