"""Leaks: where a player's statistics lie outside a winning player's usual ranges.

Each gap is the distance (in percentage points) outside the range, weighted
by how often the spot arises (its opportunities per hand), so that a spot met
in every hand counts for more than one met once in fifty. The ranges and their
source are in ``docs/tracker.md``.

>>> from bigblind.tracker.stats import Ratio
>>> WINNING["vpip"].gap(Ratio(made=30, chances=100))
6.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bigblind.tracker.stats import Ratio, Stats

__all__ = ["MIN_CHANCES", "SOURCE", "WINNING", "Leak", "Range", "leaks"]

MIN_CHANCES: Final = 30
"""Fewer opportunities than this say too little to judge a statistic by."""

SOURCE: Final = "toolsgambling.com, Poker HUD Stats Guide (tight-aggressive ranges)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Range:
    """What a winning player usually shows for one statistic, in percent."""

    label: str
    low: float
    high: float

    def gap(self, ratio: Ratio) -> float:
        """How far ``ratio`` lies outside the range, in percentage points (0 inside)."""
        value = ratio.percent
        if value is None:
            return 0.0
        return max(self.low - value, value - self.high, 0.0)


WINNING: Final = {
    "vpip": Range(label="VPIP", low=18, high=24),
    "pfr": Range(label="PFR", low=15, high=20),
    "three_bet": Range(label="3-bet", low=6, high=10),
    "fold_to_three_bet": Range(label="fold to 3-bet", low=55, high=65),
    "steal": Range(label="steal", low=25, high=35),
    "fold_to_steal": Range(label="fold to steal", low=60, high=75),
}
"""The ranges, by statistic (see ``docs/tracker.md`` for the source)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Leak:
    """A statistic outside its range: the player's value, the range, the gap and how often
    the spot arises (opportunities per hand); ``weight`` is their product."""

    name: str
    label: str
    percent: float
    low: float
    high: float
    gap: float
    frequency: float

    @property
    def weight(self) -> float:
        """The gap weighted by the spot's frequency."""
        return self.gap * self.frequency

    @property
    def direction(self) -> str:
        """``'too low'`` or ``'too high'``."""
        return "too low" if self.percent < self.low else "too high"


def leaks(found: Stats, *, ranges: dict[str, Range] = WINNING) -> list[Leak]:
    """The statistics of ``found`` outside ``ranges``, the largest weighted gap first;
    a statistic of fewer than :data:`MIN_CHANCES` opportunities is not judged."""
    out = []
    for name, wanted in ranges.items():
        ratio = found.ratios[name]
        if ratio.chances < MIN_CHANCES or ratio.percent is None:
            continue
        gap = wanted.gap(ratio)
        if gap > 0:
            out.append(
                Leak(
                    name=name,
                    label=wanted.label,
                    percent=ratio.percent,
                    low=wanted.low,
                    high=wanted.high,
                    gap=gap,
                    frequency=ratio.chances / found.hands,
                )
            )
    return sorted(out, key=lambda leak: -leak.weight)
