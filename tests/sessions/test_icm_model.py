"""The Independent Chip Model (Malmuth-Harville) for deals."""

from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.sessions.icm_model import IcmError, deal, icm


def brute_force(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Harville's model by every finishing order: first place in proportion to the stack,
    each next place in proportion among those left."""
    n = len(stacks)
    out = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance = Fraction(1)
        left = sum(stacks)
        for seat in order:
            if left == 0:
                break
            chance *= Fraction(stacks[seat], left)
            left -= stacks[seat]
        if left:
            continue
        for place, seat in enumerate(order[: len(payouts)]):
            out[seat] += chance * payouts[place]
    return out


def test_equal_stacks_share_equally() -> None:
    assert icm([100, 100, 100], [50, 30, 20], exact=True) == (Fraction(100, 3),) * 3


def test_a_known_three_way_deal() -> None:
    equities = icm([5000, 3000, 2000], [50, 30, 20])
    assert equities == pytest.approx((38.392857, 32.75, 28.857143))
    assert deal([5000, 3000, 2000], [50, 30, 20]) == (38, 33, 29)


def test_heads_up_equity_is_the_chip_share_of_the_difference() -> None:
    # Heads-up: the second prize is sure, the difference goes by chip share.
    assert icm([3, 1], [70, 30], exact=True) == (Fraction(60), Fraction(40))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=2, max_size=5),
    st.lists(st.integers(0, 1000), min_size=1, max_size=5),
)
def test_the_recursion_matches_every_finishing_order(stacks: list[int], prizes: list[int]) -> None:
    prizes = sorted(prizes, reverse=True)
    exact = icm(stacks, prizes, exact=True)
    assert list(exact) == brute_force(stacks, prizes)
    assert sum(exact) == sum(prizes[: len(stacks)])
    floats = icm(stacks, prizes)
    assert all(math.isclose(a, float(b), abs_tol=1e-9) for a, b in zip(floats, exact, strict=True))
    split = deal(stacks, prizes)
    assert sum(split) == sum(prizes[: len(stacks)])
    assert all(abs(a - b) < 1 for a, b in zip(split, exact, strict=True))


def test_a_bigger_stack_never_has_less_equity() -> None:
    stacks = [900, 700, 700, 400, 100]
    equities = icm(stacks, [50, 30, 20])
    assert list(equities) == sorted(equities, reverse=True)
    assert equities[1] == equities[2]


def test_players_without_chips_share_the_places_below() -> None:
    assert icm([10, 0, 0], [50, 30, 20], exact=True) == (Fraction(50), Fraction(25), Fraction(25))


def test_ten_players_are_quick() -> None:
    start = time.perf_counter()
    equities = icm(list(range(100, 1100, 100)), [30, 20, 15, 10, 8, 6, 5, 3, 2, 1])
    assert time.perf_counter() - start < 2
    assert sum(equities) == pytest.approx(100)


def test_bad_input_is_refused() -> None:
    with pytest.raises(IcmError, match="at least one player must have chips"):
        icm([0, 0], [10])
    with pytest.raises(IcmError, match="stack -1"):
        icm([-1, 5], [10])
    with pytest.raises(IcmError, match="1 to 20 players"):
        icm([], [10])
    with pytest.raises(IcmError, match="whole number"):
        deal([1, 2], [Fraction(1, 2)])  # type: ignore[list-item]
