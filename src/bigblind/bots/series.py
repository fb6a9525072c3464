"""Many tournaments of bots, and each bot's record over all of them.

Run ``r`` of a series seeded ``s`` is the tournament seeded ``s + r``:
exactly the one :func:`play_tournament` plays with that seed (and
``bigblind tournament --seed`` prints), so any run of a series can be
replayed alone. The runs are independent, so they may be played in any
order and anywhere (see :mod:`bigblind.bots.distributed`); the summary is
made from them in run order, so it is the same however they were scheduled.

>>> plan = TournamentPlan(players=4, bots=("station", "random"), starting_stack=200)
>>> series = play_series(plan, runs=3, seed=7)
>>> [b.name for b in series.bots], series.bots[0].entries
(['station', 'random'], 6)
>>> sum(b.mean_payout * b.entries for b in series.bots) == 3 * series.prize_pool
True
>>> play_tournament(plan, seed=8).finishes == series.results[1].finishes
True
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bigblind.bots.base import BOTS, UnknownBotError, make_bot
from bigblind.bots.intervals import half_width_95
from bigblind.errors import BigblindError
from bigblind.sessions.table import Decide
from bigblind.sessions.tournament import BlindStructure, Finish, Tournament

if TYPE_CHECKING:
    from bigblind.bots.distributed import Runner

__all__ = [
    "BotRecord",
    "SeriesError",
    "SeriesResult",
    "TournamentPlan",
    "TournamentRun",
    "play_runs",
    "play_series",
    "play_tournament",
]

_MOST_RUNS_PER_CHUNK = 10


class SeriesError(BigblindError):
    """Settings a series of tournaments cannot run with."""


@dataclass(frozen=True, kw_only=True, slots=True)
class TournamentPlan:
    """One tournament's settings: ``players`` named ``Player 1``, ``Player 2``..., the
    ``bots`` cycled over them, the chips, the blind levels, table size and buy-in, and
    whether the bubble is played hand for hand (RULES 8.3)."""

    players: int = 9
    bots: tuple[str, ...] = ("random",)
    starting_stack: int = 1500
    structure: BlindStructure = field(default_factory=lambda: BlindStructure.default(hands=10))
    table_size: int = 9
    buy_in: int = 100
    hand_for_hand: bool = False

    def __post_init__(self) -> None:
        if not self.bots:
            raise SeriesError("a tournament needs at least one bot name")
        object.__setattr__(self, "bots", tuple(b.strip().lower() for b in self.bots))
        for name in self.bots:
            if name not in BOTS:
                raise UnknownBotError(
                    f"there is no bot {name!r}: the bots are {', '.join(sorted(BOTS))}"
                )
        # Bad counts fail here, before any run is sent anywhere.
        Tournament(
            [f"Player {i}" for i in range(1, self.players + 1)],
            starting_stack=self.starting_stack,
            structure=self.structure,
            table_size=self.table_size,
            seed=0,
            buy_in=self.buy_in,
            hand_for_hand=self.hand_for_hand,
        )

    def kind(self, player: int) -> str:
        """The bot that plays player number ``player`` (from 0)."""
        return self.bots[player % len(self.bots)]


@dataclass(frozen=True, slots=True)
class TournamentRun:
    """One tournament played: its seed, prize pool, hands and the finishes, best first."""

    seed: int | None
    prize_pool: int
    hands: int
    finishes: tuple[Finish, ...]


def play_tournament(plan: TournamentPlan, seed: int | None = None) -> TournamentRun:
    """Play one tournament of ``plan``: seated from ``seed`` (at random when None).

    Player ``i``'s bot is seeded ``1000 * seed + i`` (``seed`` 0 when None).

    >>> run = play_tournament(TournamentPlan(players=3, starting_stack=100), seed=2)
    >>> [f.place for f in run.finishes], sum(f.payout for f in run.finishes)
    ([1, 2, 3], 300)
    """
    names = [f"Player {i}" for i in range(1, plan.players + 1)]
    base = 0 if seed is None else seed
    bots: dict[str, Decide] = {
        name: make_bot(plan.kind(i), base * 1000 + i).act for i, name in enumerate(names)
    }
    tournament = Tournament(
        names,
        starting_stack=plan.starting_stack,
        structure=plan.structure,
        table_size=plan.table_size,
        seed=seed,
        buy_in=plan.buy_in,
        hand_for_hand=plan.hand_for_hand,
    )
    finishes = tournament.play(bots)
    return TournamentRun(seed, tournament.prize_pool, tournament.hands_played, finishes)


def play_runs(
    plan: TournamentPlan, seed: int, runs: range
) -> tuple[tuple[int, TournamentRun], ...]:
    """Runs ``runs`` of the series of ``plan`` seeded ``seed``, each with its number.

    >>> [(r, t.seed) for r, t in play_runs(TournamentPlan(players=2), 5, range(1, 3))]
    [(1, 6), (2, 7)]
    """
    return tuple((r, play_tournament(plan, seed + r)) for r in runs)


@dataclass(frozen=True, slots=True)
class BotRecord:
    """One bot's record over a series: its ``entries`` (players it played, times runs),
    first places, paid finishes, mean place (a shared place counts as the mean of the
    places shared), mean payout with the half-width of its 95% interval, and return
    on the buy-in in percent (None without a buy-in)."""

    name: str
    entries: int
    wins: int
    paid: int
    mean_place: float
    mean_payout: float
    ci95: float
    roi: float | None


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """The outcome of :func:`play_series`: every run in order and each bot's record."""

    runs: int
    seed: int
    players: int
    prize_pool: int
    hands: int
    bots: tuple[BotRecord, ...]
    results: tuple[TournamentRun, ...]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (no timings, so that a seed always gives the same one).

        >>> series = play_series(TournamentPlan(players=2), runs=2, seed=1)
        >>> sorted(series.as_dict()), sorted(series.as_dict()["bots"][0])
        (['bots', 'hands', 'players', 'prize_pool', 'runs', 'seed'], ['ci95', 'entries', \
'mean_payout', 'mean_place', 'name', 'paid', 'roi', 'wins'])
        """
        return {
            "runs": self.runs,
            "seed": self.seed,
            "players": self.players,
            "prize_pool": self.prize_pool,
            "hands": self.hands,
            "bots": [
                {
                    "name": b.name,
                    "entries": b.entries,
                    "wins": b.wins,
                    "paid": b.paid,
                    "mean_place": b.mean_place,
                    "mean_payout": b.mean_payout,
                    "ci95": b.ci95 if math.isfinite(b.ci95) else None,
                    "roi": b.roi,
                }
                for b in self.bots
            ],
        }


def play_series(
    plan: TournamentPlan,
    runs: int,
    *,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    runner: Runner | None = None,
) -> SeriesResult:
    """Play ``runs`` tournaments of ``plan`` (run ``r`` seeded ``seed + r``) and sum them up.

    ``progress(done, runs)`` is called as runs finish. The runs are played in
    this process, or with ``runner`` (e.g.
    :func:`bigblind.bots.distributed.ray_runner`); the result is the same.
    """
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise SeriesError(f"runs {runs!r} must be a whole number, 1 or more")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeriesError(f"seed {seed!r} must be a whole number")
    # Runs are seeded on their own, so the chunk size only balances the load.
    size = max(1, min(_MOST_RUNS_PER_CHUNK, runs // 64))
    chunks = [range(first, min(first + size, runs)) for first in range(0, runs, size)]
    start = time.perf_counter()
    played: list[TournamentRun | None] = [None] * runs
    done = 0
    work = functools.partial(play_runs, plan, seed)
    parts: Iterable[tuple[tuple[int, TournamentRun], ...]] = (
        map(work, chunks) if runner is None else runner(work, chunks)
    )
    for part in parts:
        for r, run in part:
            played[r] = run
        done += len(part)
        if progress is not None:
            progress(done, runs)
    results = tuple(run for run in played if run is not None)
    if len(results) != runs:
        raise SeriesError(f"{runs - len(results)} runs of the series have no result")
    return _summary(plan, seed, results, time.perf_counter() - start)


def _summary(
    plan: TournamentPlan, seed: int, results: Sequence[TournamentRun], seconds: float
) -> SeriesResult:
    kinds = list(dict.fromkeys(plan.bots))
    kind_of = {f"Player {i + 1}": plan.kind(i) for i in range(plan.players)}
    seats = {k: sum(1 for i in range(plan.players) if plan.kind(i) == k) for k in kinds}
    wins = dict.fromkeys(kinds, 0)
    paid = dict.fromkeys(kinds, 0)
    places: dict[str, list[float]] = {k: [] for k in kinds}
    per_run: dict[str, list[float]] = {k: [] for k in kinds}  # mean payout in each run
    for run in results:
        won = dict.fromkeys(kinds, 0)
        for finish in run.finishes:
            kind = kind_of[finish.name]
            wins[kind] += int(finish.places == (1,))
            paid[kind] += int(finish.payout > 0)
            places[kind].append(sum(finish.places) / len(finish.places))
            won[kind] += finish.payout
        for kind in kinds:
            per_run[kind].append(won[kind] / seats[kind])
    records = []
    for kind in kinds:
        values = per_run[kind]
        mean = math.fsum(values) / len(values)
        roi = 100 * (mean - plan.buy_in) / plan.buy_in if plan.buy_in else None
        records.append(
            BotRecord(
                kind,
                seats[kind] * len(results),
                wins[kind],
                paid[kind],
                math.fsum(places[kind]) / len(places[kind]),
                mean,
                _half_width(values),
                roi,
            )
        )
    return SeriesResult(
        len(results),
        seed,
        plan.players,
        results[0].prize_pool,
        sum(run.hands for run in results),
        tuple(records),
        tuple(results),
        seconds,
    )


def _half_width(values: Sequence[float]) -> float:
    """The 95% half-width of the mean of ``values`` (infinite for fewer than two)."""
    return half_width_95(values)
