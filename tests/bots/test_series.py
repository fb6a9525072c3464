"""Series of tournaments: each run is a tournament of its own seed; the summary adds them up."""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

import pytest

from bigblind.bots import UnknownBotError
from bigblind.bots.series import SeriesError, TournamentPlan, play_series, play_tournament
from bigblind.sessions.tournament import TournamentError

T = TypeVar("T")
R = TypeVar("R")

PLAN = TournamentPlan(players=5, bots=("station", "random"), starting_stack=300, buy_in=10)


def backwards(work: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
    """A runner that finishes the chunks last first."""
    for item in reversed(items):
        yield work(item)


def test_run_r_is_the_tournament_seeded_seed_plus_r() -> None:
    series = play_series(PLAN, runs=4, seed=20)
    assert [run.seed for run in series.results] == [20, 21, 22, 23]
    for r, run in enumerate(series.results):
        assert run == play_tournament(PLAN, 20 + r)


def test_the_summary_does_not_depend_on_the_order_of_the_runs() -> None:
    here = play_series(PLAN, runs=6, seed=3)
    there = play_series(PLAN, runs=6, seed=3, runner=backwards)
    assert json.dumps(here.as_dict()) == json.dumps(there.as_dict())
    assert here.results == there.results


def test_each_bot_record_adds_up_its_players() -> None:
    series = play_series(PLAN, runs=5, seed=1)
    station, rand = series.bots
    assert (station.name, station.entries, rand.name, rand.entries) == ("station", 15, "random", 10)
    assert station.wins + rand.wins == 5  # one winner a run
    assert series.hands == sum(run.hands for run in series.results)
    # every chip of every prize pool is paid to someone
    paid_out = station.mean_payout * station.entries + rand.mean_payout * rand.entries
    assert paid_out == pytest.approx(5 * series.prize_pool)
    # the mean place of a field of 5 is 3 over both bots
    assert (station.mean_place * 15 + rand.mean_place * 10) / 25 == pytest.approx(3.0)
    # station: players 1, 3 and 5; its payout per entry in each run gives the interval
    per_run = [
        sum(f.payout for f in run.finishes if f.name in {"Player 1", "Player 3", "Player 5"}) / 3
        for run in series.results
    ]
    assert station.mean_payout == pytest.approx(statistics.fmean(per_run))
    expected = 1.959963984540054 * statistics.stdev(per_run) / math.sqrt(5)
    assert station.ci95 == pytest.approx(expected)
    assert station.roi == pytest.approx(100 * (station.mean_payout - 10) / 10)


def test_a_single_run_has_no_interval_and_no_buy_in_no_return() -> None:
    series = play_series(TournamentPlan(players=3, buy_in=0, starting_stack=100), runs=1, seed=2)
    assert series.as_dict()["bots"][0]["ci95"] is None
    assert series.bots[0].roi is None


def test_progress_counts_the_runs() -> None:
    seen: list[tuple[int, int]] = []
    play_series(PLAN, runs=3, seed=0, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_bad_settings_fail_before_any_run() -> None:
    with pytest.raises(SeriesError, match="runs 0 must be a whole number, 1 or more"):
        play_series(PLAN, runs=0)
    with pytest.raises(UnknownBotError, match="there is no bot 'shark'"):
        TournamentPlan(bots=("tag", "shark"))
    with pytest.raises(TournamentError, match="2 players or more"):
        TournamentPlan(players=1)
