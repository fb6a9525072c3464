"""Leaks: gaps outside a winning player's ranges, weighted by how often the spot arises."""

from __future__ import annotations

from bigblind.tracker.leaks import MIN_CHANCES, WINNING, Range, leaks
from bigblind.tracker.stats import Ratio, Stats


def stats_with(hands: int, **ratios: Ratio) -> Stats:
    every = {name: Ratio(made=0, chances=0) for name in WINNING}
    every.update(ratios)
    return Stats(
        hands=hands,
        ratios=every,
        aggression_factor=None,
        aggression_frequency=Ratio(made=0, chances=0),
        net=0,
        net_bb=0.0,
        showdown_bb=0.0,
        non_showdown_bb=0.0,
        all_in_adjusted_bb=0.0,
        bb_per_100=0.0,
        bb_per_100_ci=0.0,
    )


def test_a_gap_is_the_distance_outside_the_range() -> None:
    r = Range(label="x", low=10, high=20)
    assert [r.gap(Ratio(made=m, chances=100)) for m in (5, 10, 15, 20, 26)] == [5, 0, 0, 0, 6]


def test_the_largest_weighted_gap_comes_first() -> None:
    found = stats_with(
        1000,
        vpip=Ratio(made=400, chances=1000),  # 16 points too loose, in every hand
        steal=Ratio(made=5, chances=100),  # 20 points too few, in 10% of hands
        three_bet=Ratio(made=24, chances=300),  # 8%: inside its range
        fold_to_steal=Ratio(made=29, chances=29),  # too few spots to judge
    )
    named = leaks(found)
    assert [leak.name for leak in named] == ["vpip", "steal"]
    vpip, steal = named
    assert (vpip.gap, vpip.frequency, vpip.weight, vpip.direction) == (16, 1.0, 16, "too high")
    assert (steal.gap, steal.frequency, steal.direction) == (20, 0.1, "too low")
    assert steal.weight == 2.0
    assert MIN_CHANCES == 30
