"""Names that would break a format are refused or escaped where they are written."""

from __future__ import annotations

import tomllib
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import check_name, phh, pokerstars

WHEN = datetime(2026, 12, 1, 10, 0, 0)
FORGERS = ["ann\rSeat 9: x", "ann\x85bob", "ann\u2028bob", "ann\u2029bob", "ann\nbob", "a\x0bb"]


def finished() -> Hand:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=2))
    hand.fold()
    return hand


@pytest.mark.parametrize("name", FORGERS)
def test_line_breaking_names_are_refused_by_pokerstars(name: str) -> None:
    with pytest.raises(HistoryError, match=r"player name .* cannot be written") as caught:
        pokerstars.dumps(finished(), hand_id=1, table="T", players=[name, "bob"], when=WHEN)
    assert len(str(caught.value).splitlines()) == 1  # the message itself is one line


@pytest.mark.parametrize("name", FORGERS)
def test_line_breaking_table_names_are_refused(name: str) -> None:
    with pytest.raises(HistoryError, match="table name"):
        pokerstars.dumps(finished(), hand_id=1, table=name, players=["a", "b"], when=WHEN)


@pytest.mark.parametrize("name", FORGERS)
def test_phh_escapes_line_breaks_and_reads_them_back(name: str) -> None:
    text = phh.dumps(finished(), players=[name, "bob"], event=name)
    # Every field stays on its own line: no name forges a line of its own.
    assert len(text.splitlines()) == text.count("\n")
    (history,) = phh.loads(text)
    assert history.metadata["event"] == name and history.players is not None
    assert name in history.players


def test_phh_refuses_text_utf8_cannot_hold() -> None:
    with pytest.raises(HistoryError, match="lone surrogate") as caught:
        phh.dumps(finished(), players=["ann\ud800", "bob"])
    assert len(str(caught.value).splitlines()) == 1
    with pytest.raises(HistoryError, match="lone surrogate"):
        phh.dumps(finished(), event="\udfff")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "blank"),
        ("  ", "blank"),
        (" ann", "starts or ends with a space"),
        ("ann\t", "starts or ends with a space"),
        ("a\tb", "U\\+0009"),
        ("a\x85b", "U\\+0085"),
        ("a\u2028b", "U\\+2028"),
        ("a\u202eb", "text-direction"),
        ("a\ud800b", "surrogate"),
    ],
)
def test_check_name_says_why(name: str, reason: str) -> None:
    with pytest.raises(HistoryError, match=reason):
        check_name(name)


@pytest.mark.parametrize("name", ["Ann", "José", "李小龙", "O'Brien", "x: y", "🂡 ace"])
def test_check_name_accepts_printable_names(name: str) -> None:
    assert check_name(name) == name
    text = pokerstars.dumps(finished(), hand_id=1, table="T", players=[name, "z"], when=WHEN)
    assert f"Seat 1: {name} (100 in chips)" in text.splitlines()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_a_name_either_is_refused_or_keeps_every_line(name: str) -> None:
    # The property: an accepted name never changes the line structure of either format.
    try:
        check_name(name)
    except HistoryError:
        with pytest.raises(HistoryError):
            pokerstars.dumps(
                finished(), hand_id=1, table="T", players=[name, "zz-other"], when=WHEN
            )
        return
    if name == "zz-other":
        return
    stars = pokerstars.dumps(
        finished(), hand_id=1, table="T", players=[name, "zz-other"], when=WHEN
    )
    assert len(stars.splitlines()) == stars.count("\n")
    text = phh.dumps(finished(), players=[name, "zz-other"])
    assert len(text.splitlines()) == text.count("\n")
    assert tomllib.loads(text)["players"][1] == name  # the button is p2 heads-up
