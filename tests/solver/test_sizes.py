"""Bet and raise sizes: reading them, and the amounts they give."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigblind.solver.sizes import Size, SizeError, bet_to, parse_sizes


def test_sizes_read_in_every_form() -> None:
    assert parse_sizes("33%, 75, 2.5x, 40c, a, allin", raises=True) == (
        Size(kind="pot", value=0.33),
        Size(kind="pot", value=0.75),
        Size(kind="times", value=2.5),
        Size(kind="chips", value=40.0),
        Size(kind="all-in", value=0.0),
    )


@pytest.mark.parametrize(
    ("text", "raises", "words"),
    [
        ("2.5x", False, "only a raise"),
        ("1x", True, "more than 1x"),
        ("0%", False, "more than 0%"),
        ("12000%", False, "at most 10000%"),
        ("1.5c", False, "whole number"),
        ("big", False, "is not a size"),
        ("33%,,75%", False, "is empty"),
    ],
)
def test_bad_sizes_say_what_is_wrong(text: str, raises: bool, words: str) -> None:
    with pytest.raises(SizeError, match=words):
        parse_sizes(text, raises=raises)


def test_bet_amounts_round_half_up() -> None:
    # The benchmark spots' rule: round(p x pot), a 2.5x raise to round(2.5 x the bet).
    assert bet_to(Size(kind="pot", value=0.33), pot=200, facing=0) == 66
    assert bet_to(Size(kind="pot", value=0.75), pot=200, facing=0) == 150
    assert bet_to(Size(kind="times", value=2.5), pot=200, facing=165) == 413  # 412.5
    assert bet_to(Size(kind="times", value=2.5), pot=200, facing=33) == 83  # 82.5
    # A pot-sized raise of a 50 bet into 100: call 50, then the pot after it (200).
    assert bet_to(Size(kind="pot", value=1.0), pot=100, facing=50) == 250


def test_geometric_sizes_put_the_stack_in_by_the_river() -> None:
    e = parse_sizes("e", raises=True)[0]
    assert str(e) == "e"
    # Two streets: bet 216 into 200 with 900 behind, called; then 684 into 632 is the rest.
    assert bet_to(e, pot=200, facing=0, behind=900, streets=2) == 216
    assert bet_to(e, pot=632, facing=0, behind=684, streets=1) == 684
    # A raise: of the pot after the call, with what is behind after the call.
    assert bet_to(e, pot=100, facing=50, behind=250, streets=1) == 250


@given(st.lists(st.sampled_from(["33%", "50%", "2x", "3x", "a", "10c", "e"]), min_size=1))
def test_sizes_print_back_as_read(tokens: list[str]) -> None:
    sizes = parse_sizes(", ".join(tokens), raises=True)
    assert parse_sizes(", ".join(map(str, sizes)), raises=True) == sizes
    assert len(sizes) == len(set(tokens))
