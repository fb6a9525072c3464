"""The statistics of a player's hands: sums of the facts stored at import, one query.

Each percentage is a :class:`Ratio`: how often the player took a spot out of
the times the hands offered it (the definitions are in ``docs/tracker.md``).
Winnings are in big blinds of each hand's own stakes; bb/100 comes with its
95% interval (:func:`bigblind.bots.intervals.half_width_95` over the hands'
results).

>>> from bigblind.tracker.database import Database
>>> stats(Database("sqlite://"), Filters(player="ann"))
{}
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from bigblind.bots.intervals import half_width_95
from bigblind.tracker.database import Database

__all__ = ["GROUPS", "Filters", "Ratio", "Stats", "conditions", "stats"]

GROUPS: Final = ("position", "stakes", "game", "player")
"""What the statistics may be split by."""

# (name, made, chances): each ratio's flags in the table.
_RATIOS: Final = (
    ("vpip", "vpip", None),
    ("pfr", "pfr", None),
    ("three_bet", "three_bet", "three_bet_opp"),
    ("fold_to_three_bet", "fold_to_three_bet", "fold_to_three_bet_opp"),
    ("four_bet", "four_bet", "four_bet_opp"),
    ("steal", "steal", "steal_opp"),
    ("fold_to_steal", "fold_to_steal", "fold_to_steal_opp"),
    ("cbet_flop", "cbet_flop", "cbet_flop_opp"),
    ("cbet_turn", "cbet_turn", "cbet_turn_opp"),
    ("fold_to_cbet_flop", "fold_to_cbet_flop", "fold_to_cbet_flop_opp"),
    ("fold_to_cbet_turn", "fold_to_cbet_turn", "fold_to_cbet_turn_opp"),
    ("wtsd", "showdown", "saw_flop"),
    ("wsd", "won_showdown", "showdown"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Filters:
    """Which hands count: one player's (None: everyone's), at a position, stakes or game
    (as stored: ``'BTN'``, ``'0.25/0.50 USD'``), played in ``[since, until)``."""

    player: str | None = None
    position: str | None = None
    stakes: str | None = None
    game: str | None = None
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Ratio:
    """``made`` times out of ``chances``.

    >>> Ratio(made=1, chances=4).percent, Ratio(made=0, chances=0).percent
    (25.0, None)
    """

    made: int
    chances: int

    @property
    def percent(self) -> float | None:
        """The percentage, or None when the spot never arose."""
        return 100.0 * self.made / self.chances if self.chances else None


@dataclass(frozen=True, slots=True, kw_only=True)
class Stats:
    """The statistics of a set of hands (see ``docs/tracker.md`` for each)."""

    hands: int
    ratios: dict[str, Ratio]
    aggression_factor: float | None
    """Post-flop bets and raises per call (None without a call)."""
    aggression_frequency: Ratio
    """Post-flop bets and raises out of bets, raises, calls and folds."""
    net: int
    """Chips won."""
    net_bb: float
    showdown_bb: float
    non_showdown_bb: float
    all_in_adjusted_bb: float
    bb_per_100: float
    bb_per_100_ci: float
    """The half-width of bb/100's 95% interval."""

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: each ratio as ``{"made", "chances", "percent"}``."""
        out: dict[str, Any] = {"hands": self.hands}
        for name, ratio in self.ratios.items():
            out[name] = {"made": ratio.made, "chances": ratio.chances, "percent": ratio.percent}
        out["aggression_factor"] = self.aggression_factor
        f = self.aggression_frequency
        out["aggression_frequency"] = {"made": f.made, "chances": f.chances, "percent": f.percent}
        for name in ("net", "net_bb", "showdown_bb", "non_showdown_bb", "all_in_adjusted_bb"):
            out[name] = getattr(self, name)
        out["bb_per_100"] = self.bb_per_100
        out["bb_per_100_ci"] = None if math.isinf(self.bb_per_100_ci) else self.bb_per_100_ci
        return out


def stats(db: Database, filters: Filters, *, by: str | None = None) -> dict[str, Stats]:
    """The statistics of the hands ``filters`` keeps, whole (key ``'all'``) or split
    ``by`` one of :data:`GROUPS`; an empty dict when no hand is kept."""
    from sqlalchemy import Float, case, cast, func, select

    from bigblind.tracker.schema import player_hands as t

    if by is not None and by not in GROUPS:
        raise ValueError(f"statistics split by {by!r}: choose one of {', '.join(GROUPS)}")
    bb = cast(t.c.net, Float) / t.c.big_blind
    columns: list[Any] = [
        func.count().label("hands"),
        func.sum(t.c.net).label("net"),
        func.sum(bb).label("net_bb"),
        func.sum(case((t.c.showdown == 1, bb), else_=0.0)).label("showdown_bb"),
        func.sum(t.c.ev_net / t.c.big_blind).label("ev_bb"),
        func.sum(t.c.bets).label("bets"),
        func.sum(t.c.calls).label("calls"),
        func.sum(t.c.folds).label("folds"),
    ]
    flags = {flag for _, made, chances in _RATIOS for flag in (made, chances) if flag}
    columns += [func.sum(t.c[flag]).label(flag) for flag in sorted(flags)]
    group = t.c[by] if by is not None else None
    if group is not None:
        columns.insert(0, group.label("group"))
    query = select(*columns).where(*conditions(t, filters))
    values = select(*([group] if group is not None else []), bb).where(*conditions(t, filters))
    if group is not None:
        query = query.group_by(group)
    results: dict[str, Stats] = {}
    with db.engine.connect() as connection:
        rows = list(connection.execute(query))
        series: dict[str, list[float]] = {}
        # The driver's rows as they come: a million need no processing on the way.
        for row in connection.execute(values).cursor.fetchall():
            key = str(row[0]) if group is not None else "all"
            series.setdefault(key, []).append(float(row[-1]))
    for row in rows:
        if not row.hands:
            continue
        key = str(row.group) if group is not None else "all"
        results[key] = _stats(row, series.get(key, []))
    return results


def conditions(t: Any, f: Filters) -> list[Any]:
    """The SQL conditions of ``f`` on the player-hands table ``t``."""
    kept = []
    for name in ("player", "position", "stakes", "game"):
        value = getattr(f, name)
        if value is not None:
            kept.append(t.c[name] == value)
    if f.since is not None:
        kept.append(t.c.played_at >= f.since)
    if f.until is not None:
        kept.append(t.c.played_at < f.until)
    return kept


def _stats(row: Any, results_bb: list[float]) -> Stats:
    hands = int(row.hands)
    ratios = {
        name: Ratio(
            made=int(getattr(row, made) or 0),
            chances=int(getattr(row, chances) if chances else hands),
        )
        for name, made, chances in _RATIOS
    }
    bets, calls, folds = int(row.bets or 0), int(row.calls or 0), int(row.folds or 0)
    net_bb = float(row.net_bb or 0.0)
    showdown_bb = float(row.showdown_bb or 0.0)
    return Stats(
        hands=hands,
        ratios=ratios,
        aggression_factor=bets / calls if calls else None,
        aggression_frequency=Ratio(made=bets, chances=bets + calls + folds),
        net=int(row.net or 0),
        net_bb=net_bb,
        showdown_bb=showdown_bb,
        non_showdown_bb=net_bb - showdown_bb,
        all_in_adjusted_bb=float(row.ev_bb or 0.0),
        bb_per_100=100.0 * net_bb / hands,
        bb_per_100_ci=100.0 * half_width_95(results_bb),
    )
