"""Range notation: each form, the combos it stands for, round trips and clear errors."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations

import pytest

from bigblind.cards import parse_cards
from bigblind.errors import BigblindError
from bigblind.evaluation.ranges import (
    STARTING_HANDS,
    Range,
    RangeError,
    class_combos,
    parse_range,
    starting_hand,
)


def classes(text: str) -> set[str]:
    return {starting_hand(combo) for combo in Range.parse(text)}


@pytest.mark.parametrize(
    ("text", "size", "members"),
    [
        ("QQ", 6, {"QQ"}),
        ("QQ+", 18, {"QQ", "KK", "AA"}),
        ("22-55", 24, {"22", "33", "44", "55"}),
        ("55-22", 24, {"22", "33", "44", "55"}),
        ("AKs", 4, {"AKs"}),
        ("AKo", 12, {"AKo"}),
        ("AK", 16, {"AKs", "AKo"}),
        ("KA", 16, {"AKs", "AKo"}),
        ("ATs+", 16, {"ATs", "AJs", "AQs", "AKs"}),
        ("KTo+", 36, {"KTo", "KJo", "KQo"}),
        ("AT+", 64, {"ATs", "AJs", "AQs", "AKs", "ATo", "AJo", "AQo", "AKo"}),
        ("A5s-A2s", 16, {"A5s", "A4s", "A3s", "A2s"}),
        ("A2s-A5s", 16, {"A5s", "A4s", "A3s", "A2s"}),
        ("K9o-KJo", 36, {"K9o", "KTo", "KJo"}),
        ("a10s", 4, {"ATs"}),
        (" qq+ ,  aks ", 22, {"QQ", "KK", "AA", "AKs"}),
    ],
)
def test_notation(text: str, size: int, members: set[str]) -> None:
    r = Range.parse(text)
    assert len(r) == size
    assert classes(text) == members


def test_specific_combos() -> None:
    r = Range.parse("AhKh, 7c 2d, 10sTd")
    assert r.combos == (
        tuple(parse_cards("Ah Kh")),
        tuple(parse_cards("Ts Td")),
        tuple(parse_cards("7c 2d")),
    )
    assert len(Range.parse("AhKh, KhAh")) == 1  # the same combo twice counts once


def test_random_is_every_combo() -> None:
    r = Range.parse("random")
    assert len(r) == 1326 == len(Range.random())
    assert set(r) == {(max(a, b), min(a, b)) for a, b in combinations(range(52), 2)}
    assert r == Range.parse("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32")
    assert str(r) == "random"


def test_overlaps_merge() -> None:
    assert Range.parse("QQ+, KK, AA") == Range.parse("QQ+")
    assert len(Range.parse("AK, AKs")) == 16


def test_range_is_frozen_sorted_and_comparable() -> None:
    r = Range.parse("KK, AA")
    assert r == Range.parse("AA, KK") and hash(r) == hash(Range.parse("KK+"))
    assert list(r) == sorted(r, reverse=True)
    assert all(a > b for a, b in r)
    with pytest.raises(AttributeError):
        r.combos = ()  # type: ignore[misc]
    assert str(r) == "KK, AA" and repr(r) == "Range('KK, AA')"
    assert tuple(parse_cards("Ad Ac")) in r and tuple(parse_cards("Ac Ad")) in r
    assert tuple(parse_cards("Ad Kc")) not in r and "AA" not in r


def test_from_combos_and_excluding() -> None:
    r = Range([(0, 1), (1, 0), (51, 47)])
    assert len(r) == 2 and r.notation == "AsKs, 2d2c"
    aces = Range.parse("AA")
    assert len(aces.excluding(parse_cards("As"))) == 3
    assert len(aces.excluding(parse_cards("As Ah"))) == 1
    assert aces.excluding(parse_cards("Kd")) is aces
    with pytest.raises(RangeError, match="two different cards"):
        Range([(3, 3)])
    with pytest.raises(RangeError, match="pairs of card numbers"):
        Range([(3, 52)])


def test_starting_hands() -> None:
    assert len(STARTING_HANDS) == 169 == len(set(STARTING_HANDS))
    assert STARTING_HANDS[:4] == ("AA", "AKs", "AKo", "AQs") and STARTING_HANDS[-1] == "22"
    total = sum(len(Range.parse(name)) for name in STARTING_HANDS)
    assert total == 1326
    assert len(class_combos(5, 5)) == 6 and len(class_combos(3, 9, False)) == 12


@pytest.mark.parametrize(
    "text",
    [
        "QQ+, AKs",
        "22-55, A5s-A2s, KTo+",
        "AhKh, 7s6s, QQ",
        "AT+, K9s+, 87s-85s, 33",
        "random",
        "22+",
        "AKo, AKs",
    ],
)
def test_notation_round_trips(text: str) -> None:
    r = Range.parse(text)
    assert Range.parse(r.notation) == r


def test_random_ranges_round_trip() -> None:
    rng = random.Random(5)
    everything = list(Range.random())
    for size in (1, 7, 40, 300, 1000):
        r = Range(rng.sample(everything, size))
        assert Range.parse(r.notation) == r


def test_compact_notation() -> None:
    assert Range.parse("AA, KK, QQ, 22, 33").notation == "QQ+, 22-33"
    assert Range.parse("AKs, AQs, AJs, ATs, AKo").notation == "ATs+, AKo"
    assert Range.parse("A5s, A4s, A3s, A2s").notation == "A5s-A2s"
    assert Range.parse("AK").notation == "AK"


@pytest.mark.parametrize(
    ("text", "token", "column", "why"),
    [
        ("QQ+, AXs", "AXs", 6, "is not a hand"),
        ("AAs", "AAs", 1, "neither suited nor offsuit"),
        ("AK, A5s-K2s", "A5s-K2s", 5, "same top card"),
        ("AKs-AKo", "AKs-AKo", 1, "same suitedness"),
        ("22-AK", "22-AK", 1, "mixes a pair"),
        ("AhAh", "AhAh", 1, "uses Ah twice"),
        ("QQ+ AKs", "QQ+ AKs", 1, "is not a hand"),
        ("KK,  Kx", "Kx", 6, "is not a hand"),
    ],
)
def test_errors_quote_the_token_and_its_column(
    text: str, token: str, column: int, why: str
) -> None:
    with pytest.raises(RangeError) as caught:
        Range.parse(text)
    message = str(caught.value)
    assert f"{token!r} at column {column} " in message
    assert why in message
    assert text[column - 1 : column - 1 + len(token)] == token
    assert isinstance(caught.value, BigblindError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize(("text", "column"), [("AA,,KK", 4), ("AK,", 4), (",AK", 1)])
def test_empty_entries(text: str, column: int) -> None:
    with pytest.raises(RangeError, match=f"nothing between commas at column {column}"):
        parse_range(text)


def test_empty_and_non_text() -> None:
    with pytest.raises(RangeError, match="empty"):
        parse_range("  ")
    with pytest.raises(RangeError, match="string"):
        parse_range(42)  # type: ignore[arg-type]


def test_ranges_and_the_table_need_no_numpy() -> None:
    code = (
        "import sys, bigblind, bigblind.evaluation.ranges, bigblind.evaluation.preflop\n"
        "import bigblind.cli.main\n"
        "bigblind.evaluation.preflop.preflop_equity('AA', 1)\n"
        "assert 'numpy' not in sys.modules and 'numba' not in sys.modules, 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
