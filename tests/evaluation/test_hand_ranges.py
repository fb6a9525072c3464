"""Omaha range notation: each form holds exactly the hands it names."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest

from bigblind.cards import parse_cards
from bigblind.evaluation.hand_ranges import HandRange, parse_hand_range
from bigblind.evaluation.ranges import RangeError


def test_pairs_and_wildcards_hold_every_hand_with_the_pair() -> None:
    # AAxx: two aces or more, any other cards; x and * are the same wildcard
    expected = comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1
    assert len(HandRange.parse("AAxx")) == len(HandRange.parse("aa**")) == expected
    assert all(sum(c >> 2 == 12 for c in h) >= 2 for h in HandRange.parse("AAxx"))


def test_four_ranks_and_the_suit_patterns() -> None:
    plain = HandRange.parse("AKQJ")
    assert len(plain) == 4**4
    for pattern, shape in (("ds", [2, 2]), ("ss", [2, 1, 1]), ("r", [1, 1, 1, 1])):
        hands = HandRange.parse("AKQJ" + pattern)
        expected = [h for h in plain if sorted(Counter(c & 3 for c in h).values())[::-1] == shape]
        assert set(hands) == set(expected) and len(hands) > 0


def test_suited_ranks_and_written_out_hands() -> None:
    r = HandRange.parse("AsAhxx")
    assert len(r) == comb(50, 2)
    assert all({c for c in parse_cards("As Ah")} <= set(h) for h in r)
    one = HandRange.parse("As Ks Qd Jd")
    assert one.hands == (tuple(parse_cards("As Ks Qd Jd")),)
    assert len(HandRange.parse("AsKsQdJd, AAAA, As Ks Qd Jd")) == 2


def test_five_and_six_card_hands() -> None:
    kings = parse_hand_range("KKxxx", size=5)
    assert len(kings) == sum(comb(4, k) * comb(48, 5 - k) for k in (2, 3, 4))
    assert parse_hand_range("AKQJT9", size=6).size == 6
    assert len(parse_hand_range("AKQJT9", size=6)) == 4**6


def test_random_is_every_hand_without_listing_them() -> None:
    r = HandRange.parse("random")
    assert r.everything and r.hands == () and len(r) == comb(52, 4)
    assert len(HandRange.parse("AAxx, random")) == comb(52, 4)


def test_excluding_known_cards() -> None:
    r = HandRange.parse("AAxx").excluding(parse_cards("As Ah Kd"))
    assert all(not {51, 50, 45} & set(h) for h in r)
    assert len(r) == comb(2, 2) * comb(47, 2)  # the two aces left, any two others but Kd


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AAx", "has 3 cards, not 4"),
        ("AAxx, ", "an empty item"),
        ("AAyx", "'y' is not a rank, suit or wildcard"),
        ("AAAAA", "has 5 cards, not 4"),
        ("AsAsxx", "holds no hand"),
        ("", "accepted are"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RangeError, match=message):
        HandRange.parse(text)


def test_sizes_outside_omaha_are_refused() -> None:
    with pytest.raises(RangeError, match="4, 5 or 6 cards, not 3"):
        parse_hand_range("AKQ", size=3)
    with pytest.raises(RangeError, match="suit patterns"):
        parse_hand_range("AKQJTds", size=5)
