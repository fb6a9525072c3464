"""Pots as a pure function (RULES 6.4-6.6)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from bigblind.engine.pots import Pot, build_pots, split, winners_of


# RULES 6.4, seed 001: 50 all-in, 100 all-in, 200 and 200.
def test_seed_001_example() -> None:
    pots = build_pots([50, 100, 200, 200], [False] * 4)
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(200, (2, 3))]


# RULES 6.4, seed 003: main pot 300 + 3 x 120 = 660, side pot 2 x 80 = 160.
def test_seed_003_example() -> None:
    pots = build_pots([300, 220, 300], [False] * 3)
    assert pots == [Pot(660, (0, 1, 2)), Pot(160, (0, 2))]


# RULES 6.4: chips of folded players stay in the pots they reached.
def test_folded_chips_stay() -> None:
    pots = build_pots([100, 40, 100, 70], [False, False, False, True])
    assert pots == [Pot(160, (0, 1, 2)), Pot(150, (0, 2))]


# RULES 6.4: an all-in for part of an ante wins only the pot built at that level;
# antes that are not contributions go whole into the main pot.
def test_antes() -> None:
    assert build_pots([3, 10, 10], [False] * 3) == [Pot(9, (0, 1, 2)), Pot(14, (1, 2))]
    assert build_pots([0, 7, 7], [False] * 3, dead=3) == [Pot(3, (0, 1, 2)), Pot(14, (1, 2))]


def test_betting_in_progress_forms_no_false_side_pot() -> None:
    pots = build_pots([1, 2, 0], [False] * 3, all_in=[False] * 3)
    assert pots == [Pot(3, (0, 1, 2))]
    pots = build_pots([5, 10, 2], [False] * 3, all_in=[False, False, True])
    assert pots == [Pot(6, (0, 1, 2)), Pot(11, (0, 1))]


# RULES 6.6: leftover chips one at a time from the first seat left of the button.
def test_split_odd_chips() -> None:
    assert split(10, winners=(0, 1), button=5, seats=6) == (5, 5)
    assert split(11, winners=(4, 1), button=2, seats=6) == (6, 5)
    assert split(11, winners=(4, 1), button=4, seats=6) == (5, 6)
    assert split(5, winners=(0, 1, 2), button=0, seats=3) == (1, 2, 2)


def test_winners() -> None:
    assert winners_of(Pot(9, (0, 1, 2)), {0: 1, 1: 3, 2: 3}) == (1, 2)
    assert winners_of(Pot(9, (1, 2)), {0: 9, 1: 3, 2: 2}) == (1,)


@given(
    st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=2, max_size=23),
    st.integers(0, 50),
)
def test_pots_hold_every_chip(players: list[tuple[int, bool]], dead: int) -> None:
    contributions = [c for c, _ in players]
    folded = [f for _, f in players]
    folded[0] = False
    pots = build_pots(contributions, folded, dead)
    assert sum(p.amount for p in pots) == sum(contributions) + dead
    for pot in pots:
        assert pot.eligible and all(not folded[s] for s in pot.eligible)
    for earlier, later in itertools.pairwise(pots):
        assert set(later.eligible) < set(earlier.eligible)


@given(st.integers(0, 10_000), st.lists(st.integers(0, 9), min_size=1, max_size=10, unique=True))
def test_split_conserves(amount: int, winners: list[int]) -> None:
    shares = split(amount, winners=winners, button=3, seats=10)
    assert sum(shares) == amount and max(shares) - min(shares) <= 1
