"""Spots read from TOML: the fields, weights, and errors that name what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigblind.cards import parse_cards
from bigblind.solver.spot import SpotError, load_spot, parse_weighted_range, read_spot

SPOTS = Path(__file__).resolve().parents[2] / "examples" / "spots"

GOOD = """
board = "Td 9d 6h Qc"
pot = 200
stack = 900
oop = "AA, KK:0.5"
ip = "QQ-JJ"
rake = 0.05
rake_cap = 10
[tree]
donk_bets = false
raise_cap = 2
add_all_in = 1.5
force_all_in = 0.15
merge = 0.1
[tree.turn]
bets = "33%, 75%"
ip_raises = "2.5x"
[tree.river]
oop_bets = "50%"
ip_bets = "a"
donk = "25%"
"""


def test_a_spot_reads_every_field() -> None:
    spot = read_spot(GOOD)
    assert spot.board == parse_cards("Td 9d 6h Qc") and spot.street == "turn"
    assert (spot.pot, spot.stack, spot.rake, spot.rake_cap) == (200, 900, 0.05, 10.0)
    assert len(spot.oop) == 12 and sorted(set(spot.oop.weights)) == [0.5, 1.0]
    assert spot.options.donk_bets is False and spot.options.raise_cap == 2
    assert (spot.options.add_all_in, spot.options.force_all_in) == (1.5, 0.15)
    assert spot.options.merge == 0.1
    turn, river = spot.sizes["turn"], spot.sizes["river"]
    assert [str(s) for s in turn.oop.bets] == ["33%", "75%"] and turn.oop.raises == ()
    assert [str(s) for s in turn.ip.raises] == ["2.5x"]
    assert [str(s) for s in river.ip.bets] == ["a"]
    assert river.oop.donk is not None and str(river.oop.donk[0]) == "25%"


def test_weights_later_parts_win_and_zero_leaves_out() -> None:
    r = parse_weighted_range("QQ+, KK:0.5, AA:0")
    assert len(r) == 12 and sorted(set(r.weights)) == [0.5, 1.0]


def test_the_example_spots_load() -> None:
    for path in SPOTS.glob("*.toml"):
        assert load_spot(path).pot == 200


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("pot = 200", "pot = 0"), "pot \\(0\\) must be 1"),
        (("pot = 200", "pot = 2.5"), "'pot' must be a whole number"),
        (("stack = 900", "stack = -1"), "stack \\(-1\\)"),
        (('"Td 9d 6h Qc"', '"Td 9d 6h Qc 2s 3s"'), "has 6 cards"),
        (('"Td 9d 6h Qc"', '"Td 9d 6h 6h"'), "repeats a card"),
        (('"Td 9d 6h Qc"', '"Td 9d 6h Xx"'), "cannot read the spot's board"),
        (('"AA, KK:0.5"', '"AA, KK:1.5"'), "a weight is from 0 to 1"),
        (('"AA, KK:0.5"', '"AA, KX"'), "cannot read the range"),
        (('"QQ-JJ"', '"QcQd"'), "holds no hand the board"),
        (('bets = "33%, 75%"', 'bets = "33%, 2x"'), "only a raise"),
        (("raise_cap = 2", "raise_cap = 500"), "raise cap is 0 to 100"),
        (("merge = 0.1", "merge = -1"), "merge is a ratio from 0 to 100"),
        (("rake = 0.05", "rake = 5"), "rake is a share"),
        (("donk_bets = false", "donkey = 1"), "unknown key 'donkey'"),
        (("[tree.river]", "[tree.rivers]"), "unknown key 'rivers'"),
        (('oop_bets = "50%"', "oop_bets = 50"), "'oop_bets' must be text"),
        (("pot = 200", "pot = "), "not valid TOML"),
    ],
)
def test_bad_spots_name_the_field(change: tuple[str, str], words: str) -> None:
    with pytest.raises(SpotError, match=words):
        read_spot(GOOD.replace(*change))


def test_a_street_with_no_sizes_is_an_error() -> None:
    with pytest.raises(SpotError, match=r"no bet sizes for the turn: give a \[tree.turn\]"):
        read_spot(GOOD.replace("[tree.turn]", "[tree.flop]"))
    with pytest.raises(SpotError, match="needs board, pot, stack, oop and ip"):
        read_spot('board = "Td 9d 6h"')


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(SpotError, match="cannot read the spot file"):
        load_spot(tmp_path / "missing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(SpotError, match="not UTF-8"):
        load_spot(binary)
