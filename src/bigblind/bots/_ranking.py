"""Starting hands ranked by the pre-flop equity table, as "top x%" percentiles.

A class's percentile against ``k`` opponents is the share of the 1,326
combos whose class has at least its equity against ``k`` random hands: AA
is the top 0.45%, and the top 10% reads ``percentile(hand) <= 0.10``.

>>> round(percentile("AA", 1), 4), round(percentile("AKs", 1), 4)
(0.0045, 0.0347)
>>> percentile("32o", 1), percentile("72o", 1) > 0.95
(1.0, True)
>>> percentile("76s", 5) < percentile("76s", 1)  # suited connectors gain multi-way
True
"""

from __future__ import annotations

import threading
from typing import Final

from bigblind.evaluation.preflop import MAX_OPPONENTS, preflop_equity
from bigblind.evaluation.ranges import STARTING_HANDS

__all__ = ["combos_of", "percentile", "percentiles"]

_TABLES: dict[int, dict[str, float]] = {}
_LOCK: Final = threading.Lock()


def combos_of(hand_class: str) -> int:
    """How many combos a class has: 6 for a pair, 4 suited, 12 offsuit.

    >>> combos_of("QQ"), combos_of("AKs"), combos_of("AKo")
    (6, 4, 12)
    """
    return 6 if len(hand_class) == 2 else 4 if hand_class.endswith("s") else 12


def percentiles(opponents: int) -> dict[str, float]:
    """Every class's percentile against ``opponents`` (1 to 9) random hands."""
    k = max(1, min(MAX_OPPONENTS, opponents))
    table = _TABLES.get(k)
    if table is None:
        with _LOCK:
            ranked = sorted(STARTING_HANDS, key=lambda h: -preflop_equity(h, k))
            table = {}
            total = 0
            for hand in ranked:
                total += combos_of(hand)
                table[hand] = total / 1326
            _TABLES[k] = table
    return table


def percentile(hand_class: str, opponents: int) -> float:
    """The share of combos at least as strong as ``hand_class`` against ``opponents`` hands."""
    return percentiles(opponents)[hand_class]
