"""Simulations: duplicate deals, conservation of chips, confidence intervals."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import HandView, Rules
from bigblind.bots import make_bot
from bigblind.bots.matches import (
    MatchPlan,
    SimulationError,
    _half_width,
    merge,
    play,
    play_chunk,
    simulate,
)

T = TypeVar("T")
R = TypeVar("R")


def test_chips_are_conserved_hand_by_hand() -> None:
    bots = [make_bot(name, i) for i, name in enumerate(["tag", "random", "station", "strong"])]
    for played in play(bots, 6, seed=4, stack=50):
        result = played.hand.result
        assert result is not None
        assert sum(result.stacks) == 4 * 50 * 2
    outcome = simulate(["tag", "random", "station"], hands=30, seed=2)
    assert math.fsum(b.winnings for b in outcome.bots) == pytest.approx(0.0, abs=1e-9)
    assert all(b.hands == outcome.hands == 30 for b in outcome.bots)


@pytest.mark.parametrize("n", [2, 3, 6])
def test_duplicate_deals_replay_the_cards_with_the_seats_rotated(n: int) -> None:
    bots = [make_bot("random", i) for i in range(n)]
    hands = list(play(bots, 5, seed=9))
    assert len(hands) == 5 * n
    for deal in range(5):
        group = [h for h in hands if h.deal == deal]
        assert [h.rotation for h in group] == list(range(n))
        # every bot sits in every seat once
        for seat in range(n):
            assert sorted(h.seats[seat] for h in group) == list(range(n))
        assert len({h.seats for h in group}) == n
        first = group[0].hand
        for h in group[1:]:
            assert h.hand.button == first.button
            for seat in range(n):
                assert h.hand.hole(seat) == first.hole(seat)
            shared = min(len(h.hand.board), len(first.board))
            assert h.hand.board[:shared] == first.board[:shared]
    # different deal sets get different cards
    assert hands[0].hand.hole(0) != hands[n].hand.hole(0)


def test_the_interval_comes_from_the_spread_of_the_deal_sets() -> None:
    values = [3.0, -1.0, 0.5, 2.0, -4.0]
    expected = 100 * 1.959963984540054 * statistics.stdev(values) / math.sqrt(5) / 2
    assert _half_width(values, 2) == pytest.approx(expected)
    assert _half_width([1.0], 2) == math.inf
    outcome = simulate(["tag", "station"], hands=200, seed=3)
    curve = outcome.cumulative[0]
    per_deal = [b - a for a, b in zip((0.0, *curve[:-1]), curve, strict=True)]
    assert outcome.bots[0].ci95 == pytest.approx(_half_width(per_deal, 2))
    assert outcome.bots[0].bb_per_100 == pytest.approx(100 * sum(per_deal) / 200)
    assert 0 < outcome.bots[0].ci95 < math.inf


def test_the_json_document() -> None:
    document = json.loads(json.dumps(simulate(["station", "random"], hands=10, seed=1).as_dict()))
    assert set(document) == {"hands", "bots"}
    assert document["hands"] == 10
    assert [b["name"] for b in document["bots"]] == ["station", "random"]
    for bot in document["bots"]:
        assert set(bot) == {"name", "bb_per_100", "ci95"}
        assert isinstance(bot["bb_per_100"], float) and isinstance(bot["ci95"], float)
    single = simulate(["station", "station"], hands=2, seed=1).as_dict()
    assert single["bots"][0]["ci95"] is None and single["bots"][1]["name"] == "station-2"


def test_a_seed_gives_the_same_results() -> None:
    first = simulate(["tag", "random", "strong"], hands=30, seed=8)
    again = simulate(["tag", "random", "strong"], hands=30, seed=8)
    assert first.bots == again.bots and first.cumulative == again.cumulative
    other = simulate(["tag", "random", "strong"], hands=30, seed=9)
    assert other.cumulative != first.cumulative


def test_hands_round_up_to_whole_deal_sets_and_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    outcome = simulate(["station"] * 3, hands=7, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert outcome.hands == 9 and outcome.deals == 3
    assert seen == [(3, 9), (6, 9), (9, 9)]


def test_other_structures() -> None:
    for rules in (Rules.pot_limit(blinds=(1, 2)), Rules.fixed_limit(blinds=(1, 2))):
        outcome = simulate(["tag", "strong", "random"], hands=30, seed=6, rules=rules)
        assert math.fsum(b.winnings for b in outcome.bots) == pytest.approx(0.0, abs=1e-9)


def test_bad_settings() -> None:
    with pytest.raises(SimulationError, match="2 to 9 bots"):
        simulate(["tag"], hands=10)
    with pytest.raises(SimulationError, match="2 to 9 bots"):
        simulate(["tag"] * 10, hands=10)
    with pytest.raises(SimulationError, match="hands 0"):
        simulate(["tag", "tag"], hands=0)
    with pytest.raises(ValueError, match="there is no bot 'shark'"):
        simulate(["tag", "shark"], hands=10)
    with pytest.raises(SimulationError, match="chunk_deals 0 must be a whole number, 1 or more"):
        simulate(["tag", "tag"], hands=10, chunk_deals=0)


class Cheater:
    name = "cheater"

    def act(self, view: HandView) -> str:
        return "bet 1"


def test_an_illegal_answer_names_the_bot() -> None:
    with pytest.raises(SimulationError, match=r"bot 'cheater' in seat \d answered 'bet 1'"):
        simulate([Cheater(), make_bot("station", 1)], hands=2)


def shuffled_runner(seed: int) -> Callable[[Callable[[T], R], Sequence[T]], Iterator[R]]:
    """A runner that plays the chunks in a shuffled order, as a cluster might finish them."""

    def run(work: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        order = list(items)
        random.Random(seed).shuffle(order)
        for item in order:
            yield work(item)

    return run


def test_chunks_cover_every_deal_set_once() -> None:
    plan = MatchPlan(bots=("tag", "station", "random"), deals=23, chunk_deals=5)
    chunks = plan.chunks()
    assert [c.index for c in chunks] == list(range(5))
    assert [d for c in chunks for d in range(c.first, c.first + c.deals)] == list(range(23))
    assert plan.hands == 69


@settings(max_examples=15, deadline=None)
@given(
    order=st.integers(0, 2**32),
    chunk_deals=st.integers(1, 6),
    seed=st.integers(0, 2**20),
)
def test_the_result_does_not_depend_on_the_order_the_chunks_ran(
    order: int, chunk_deals: int, seed: int
) -> None:
    names = ["tag", "station", "random"]
    here = simulate(names, hands=36, seed=seed, chunk_deals=chunk_deals)
    there = simulate(
        names, hands=36, seed=seed, chunk_deals=chunk_deals, runner=shuffled_runner(order)
    )
    assert json.dumps(here.as_dict()) == json.dumps(there.as_dict())
    assert here.bots == there.bots and here.cumulative == there.cumulative


def test_a_chunk_depends_only_on_the_run_and_its_index() -> None:
    plan = MatchPlan(bots=("tag", "random"), deals=12, seed=4, chunk_deals=4)
    second = plan.chunks()[1]
    alone = play_chunk(plan, second)
    in_turn = [play_chunk(plan, c) for c in plan.chunks()]
    assert in_turn[1] == alone
    assert alone.first == 4 and all(len(w) == 4 for w in alone.winnings)
    # chips only change hands in every deal set
    for k in range(4):
        assert math.fsum(w[k] for w in alone.winnings) == pytest.approx(0.0, abs=1e-9)
    # the button moves on with the global deal number, not the chunk's
    hands = list(play([make_bot("station", 0), make_bot("station", 1)], 2, seed=1, first=3))
    assert [(h.deal, h.hand.button) for h in hands] == [(3, 1), (3, 1), (4, 0), (4, 0)]


def test_merge_wants_every_chunk_once() -> None:
    plan = MatchPlan(bots=("station", "random"), deals=6, seed=1, chunk_deals=2)
    parts = [play_chunk(plan, c) for c in plan.chunks()]
    with pytest.raises(SimulationError, match=r"chunks \[1\] of the run have no result"):
        merge(plan, [parts[0], parts[2]])
    with pytest.raises(SimulationError, match="chunk 2 does not belong to this run, or came twice"):
        merge(plan, [*parts, parts[2]])
    other = MatchPlan(bots=("station", "random"), deals=2, seed=1, chunk_deals=2)
    with pytest.raises(SimulationError, match="chunk 1 does not belong"):
        merge(other, parts[:2])


def test_a_runner_reports_progress_per_chunk_and_takes_bots_by_name() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        ["station", "random"],
        hands=10,
        chunk_deals=2,
        runner=shuffled_runner(1),
        progress=lambda d, t: seen.append((d, t)),
    )
    done = [d for d, _ in seen]
    steps = sorted(b - a for a, b in zip([0, *done], done, strict=False))
    assert steps == [2, 4, 4] and seen[-1] == (10, 10)  # chunks of 2, 2 and 1 deal sets
    with pytest.raises(SimulationError, match="'cheater' is given as an object"):
        simulate([Cheater(), "station"], hands=4, runner=shuffled_runner(1))
