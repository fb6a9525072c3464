"""Winnings over hands, as the trackers draw them: the total, all-in adjusted, and the
showdown and non-showdown parts, in big blinds or chips.

:func:`winnings` reads the lines from the database (hands in the order played);
:func:`draw` writes them as a PNG or SVG with matplotlib (the ``plot`` extra).

>>> from bigblind.tracker.database import Database
>>> from bigblind.tracker.stats import Filters
>>> winnings(Database("sqlite://"), Filters()).hands
0
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bigblind.errors import BigblindError
from bigblind.tracker.database import Database
from bigblind.tracker.stats import Filters, conditions

__all__ = ["FORMATS", "GraphError", "Winnings", "draw", "winnings"]

FORMATS: Final = (".png", ".svg")


class GraphError(BigblindError):
    """A graph that cannot be drawn: no matplotlib, or a file type it does not write."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Winnings:
    """The running totals after each hand, in ``unit`` (``'bb'`` or ``'chips'``)."""

    unit: str
    total: list[float]
    all_in_adjusted: list[float]
    showdown: list[float]
    non_showdown: list[float]

    @property
    def hands(self) -> int:
        """How many hands the lines run over."""
        return len(self.total)


def winnings(db: Database, filters: Filters, *, chips: bool = False) -> Winnings:
    """The running totals of the hands ``filters`` keeps, in big blinds (or chips)."""
    from sqlalchemy import select

    from bigblind.tracker.schema import player_hands as t

    query = (
        select(t.c.net, t.c.ev_net, t.c.showdown, t.c.big_blind)
        .where(*conditions(t, filters))
        .order_by(t.c.played_at, t.c.hand_id, t.c.seat)
    )
    lines: list[list[float]] = [[], [], [], []]
    sums = [0.0, 0.0, 0.0, 0.0]
    with db.engine.connect() as connection:
        for net, ev, showdown, big_blind in connection.execute(query):
            scale = 1.0 if chips else 1.0 / big_blind
            sums[0] += net * scale
            sums[1] += ev * scale
            sums[2 if showdown else 3] += net * scale
            for line, value in zip(lines, sums, strict=True):
                line.append(value)
    return Winnings(
        unit="chips" if chips else "bb",
        total=lines[0],
        all_in_adjusted=lines[1],
        showdown=lines[2],
        non_showdown=lines[3],
    )


def draw(lines: Winnings, out: Path, *, title: str = "") -> None:
    """Write the graph to ``out`` (``.png`` or ``.svg``)."""
    if out.suffix.lower() not in FORMATS:
        raise GraphError(f"a graph is written as PNG or SVG: {out.name} is neither")
    try:
        import matplotlib

        matplotlib.use("Agg")  # no window: a file, on any machine
        import matplotlib.pyplot as plt
    except ImportError:
        raise GraphError("graphs need matplotlib: pip install 'bigblind[plot]'") from None
    figure, axes = plt.subplots(figsize=(10, 5.5))
    hands = range(1, lines.hands + 1)
    axes.plot(hands, lines.total, color="green", label="won")
    axes.plot(hands, lines.all_in_adjusted, color="orange", label="all-in adjusted")
    axes.plot(hands, lines.showdown, color="blue", label="at showdown")
    axes.plot(hands, lines.non_showdown, color="red", label="without showdown")
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("hands")
    axes.set_ylabel("big blinds" if lines.unit == "bb" else "chips")
    axes.set_title(title or f"Winnings over {lines.hands:,} hands")
    axes.legend(loc="upper left")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    try:
        figure.savefig(out)
    except OSError as error:
        raise GraphError(f"cannot write {out}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
