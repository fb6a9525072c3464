"""The betting tree: the benchmark spots' amounts, all-in, donk bets, raise caps."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.solver.sizes import parse_sizes
from bigblind.solver.solve import spot_tree
from bigblind.solver.spot import PlayerSizes, StreetSizes, TreeOptions, load_spot
from bigblind.solver.tree import CHANCE, DECISION, FOLD, SHOWDOWN, Node, build_tree

SPOTS = Path(__file__).resolve().parents[2] / "examples" / "spots"


def _sizes(bets: str, raises: str, donk: str | None = None) -> PlayerSizes:
    return PlayerSizes(
        bets=parse_sizes(bets, raises=False),
        raises=parse_sizes(raises, raises=True),
        donk=None if donk is None else parse_sizes(donk, raises=False),
    )


def _path(node: Node, *labels: str) -> Node:
    for label in labels:
        node = node.children[node.labels.index(label)]
    return node


def test_benchmark_river_tree_amounts() -> None:
    root = spot_tree(load_spot(SPOTS / "river.toml"))
    assert root.labels == ("check", "bet 66", "bet 150", "all-in 900")
    # The raise is 2.5x alone: all-in only when 2.5x reaches the stack.
    assert _path(root, "bet 66").labels == ("fold", "call", "raise 165")
    # 2.5 x 165 = 412.5 rounds up; 2.5 x 413 is over the stack: all-in.
    assert _path(root, "bet 66", "raise 165").labels == ("fold", "call", "raise 413")
    assert _path(root, "bet 66", "raise 165", "raise 413").labels == ("fold", "call", "all-in 900")
    assert _path(root, "bet 150").labels == ("fold", "call", "raise 375")
    assert _path(root, "all-in 900").labels == ("fold", "call")
    assert _path(root, "check").labels == ("check", "bet 66", "bet 150", "all-in 900")
    assert _path(root, "check", "check").kind == SHOWDOWN
    fold = _path(root, "bet 150", "fold")
    assert (fold.kind, fold.player, fold.invested) == (FOLD, 1, (150, 0))
    called = _path(root, "check", "bet 66", "raise 165", "call")
    assert (called.kind, called.invested) == (SHOWDOWN, (165, 165))


def test_turn_tree_deals_the_river_after_each_closed_street() -> None:
    root = spot_tree(load_spot(SPOTS / "turn.toml"))
    chance = _path(root, "bet 66", "call")
    assert chance.kind == CHANCE and chance.invested == (66, 66)
    river = chance.children[0]
    # The river pot is 332: 33% is 110 (109.56), 75% is 249; 834 behind.
    assert river.labels == ("check", "bet 110", "bet 249", "all-in 834")
    allin = _path(root, "all-in 900", "call")
    assert allin.kind == CHANCE and allin.children[0].kind == SHOWDOWN


def test_donk_bets_off_and_donk_sizes() -> None:
    both = _sizes("50%", "a")
    streets = [StreetSizes(oop=both, ip=both), StreetSizes(oop=_sizes("50%", "a", "25%"), ip=both)]
    root = build_tree(pot=100, stack=1000, streets=streets)
    # After calling a bet on the first street, the lead is the donk size.
    assert _path(root, "check", "bet 50", "call").children[0].labels == ("check", "bet 50")
    assert _path(root, "bet 50", "call").children[0].labels == ("check", "bet 100")
    off = build_tree(pot=100, stack=1000, streets=streets, options=TreeOptions(donk_bets=False))
    assert _path(off, "check", "bet 50", "call").children[0].labels == ("check",)
    assert _path(off, "check", "check").children[0].labels == ("check", "bet 50")


def test_raise_cap_counts_raises_after_the_bet() -> None:
    both = _sizes("50%", "2x")
    root = build_tree(
        pot=100,
        stack=10_000,
        streets=[StreetSizes(oop=both, ip=both)],
        options=TreeOptions(raise_cap=1),
    )
    assert _path(root, "bet 50").labels == ("fold", "call", "raise 100")
    assert _path(root, "bet 50", "raise 100").labels == ("fold", "call")


def test_all_in_added_and_forced() -> None:
    both = _sizes("50%", "")
    streets = [StreetSizes(oop=both, ip=both)]
    assert build_tree(pot=100, stack=140, streets=streets).labels == ("check", "bet 50")
    added = build_tree(pot=100, stack=140, streets=streets, options=TreeOptions(add_all_in=1.5))
    assert added.labels == ("check", "bet 50", "all-in 140")
    # Called, a 50 bet leaves 90 behind a pot of 200: ratio 0.45, at most 0.5 forces all-in.
    forced = build_tree(pot=100, stack=140, streets=streets, options=TreeOptions(force_all_in=0.5))
    assert forced.labels == ("check", "all-in 140")


def _walk(node: Node, stack: int) -> None:
    if node.kind == DECISION:
        assert len(set(node.labels)) == len(node.labels)
        amounts = [int(label.split()[-1]) for label in node.labels if label[-1].isdigit()]
        assert amounts == sorted(amounts) and all(0 < a <= stack for a in amounts)
    assert max(node.invested) <= stack
    if node.kind == SHOWDOWN or node.kind == CHANCE:
        assert node.invested[0] == node.invested[1]
    for child in node.children:
        _walk(child, stack)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 500),
    st.integers(0, 2000),
    st.sampled_from(["33%", "50%, a", "75%, 150%", "10c, a"]),
    st.sampled_from(["", "2.5x", "3x, a", "100%"]),
    st.integers(1, 2),
)
def test_trees_are_well_formed(pot: int, stack: int, bets: str, raises: str, streets: int) -> None:
    sizes = StreetSizes(oop=_sizes(bets, raises), ip=_sizes(bets, raises))
    _walk(build_tree(pot=pot, stack=stack, streets=[sizes] * streets), stack)


def test_a_tree_needs_a_street() -> None:
    with pytest.raises(ValueError, match="at least one street"):
        build_tree(pot=1, stack=1, streets=[])


def test_turn_readme_tree_geometric_merge_and_lead() -> None:
    root = spot_tree(load_spot(SPOTS / "turn-readme.toml"))
    # Geometric over two streets: ((1 + 2 x 900 / 200) ** (1/2) - 1) / 2 of 200 is 216.
    assert root.labels == ("check", "bet 120", "bet 216", "all-in 900")
    # Facing 216 the all-in is added: 684 behind the call is at most 1.5 x the pot of 632.
    assert _path(root, "bet 216").labels == ("fold", "call", "raise 540", "all-in 900")
    assert _path(root, "bet 120").labels == ("fold", "call", "raise 300")
    # On the river the geometric bet is all-in; after calling, the lead is 50%.
    assert _path(root, "bet 120", "call").children[0].labels == ("check", "bet 264", "all-in 780")
    assert _path(root, "check", "bet 120", "call").children[0].labels == ("check", "bet 220")


def test_merging_leaves_out_sizes_close_to_a_larger_one() -> None:
    both = _sizes("50%, 55%, 100%", "")
    streets = [StreetSizes(oop=both, ip=both)]
    assert build_tree(pot=100, stack=1000, streets=streets).labels == (
        "check",
        "bet 50",
        "bet 55",
        "bet 100",
    )
    merged = build_tree(pot=100, stack=1000, streets=streets, options=TreeOptions(merge=0.1))
    # From the largest down: 55% is below (100% - 10%) / 1.1; 50% is not below (55% - 10%) / 1.1.
    assert merged.labels == ("check", "bet 55", "bet 100")
