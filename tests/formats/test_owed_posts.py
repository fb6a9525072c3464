"""Owed and dead blinds in both formats: PHH fields of bigblind's own, PokerStars wording."""

from __future__ import annotations

import tomllib
from datetime import datetime

import pytest

from bigblind import AnteType, Deck, Hand, HistoryError, Rules
from bigblind.engine.events import Posted
from bigblind.formats import phh, pokerstars

WHEN = datetime(2026, 12, 1, 10, 0, 0)


def check_down(hand: Hand) -> Hand:
    while not hand.finished:
        hand.check_or_call()
    return hand


def replays_exactly(hand: Hand) -> phh.HandHistory:
    """RULES 7.2: the written hand replays to the same stacks, post for post."""
    (history,) = phh.loads(phh.dumps(hand))
    again = phh.replay(history)
    assert again.result is not None and hand.result is not None
    assert history.finishing_stacks == again.result.stacks
    n, button = hand.seats, hand.button
    rotated = [hand.result.stacks[(button + 1 + k) % n] for k in range(n)]
    assert list(again.result.stacks) == rotated

    def posts(h: Hand, button: int) -> list[tuple[int, str, int]]:
        return sorted(
            ((e.seat - button - 1) % n, e.kind.value, e.amount)
            for e in h.events
            if isinstance(e, Posted)
        )

    assert posts(again, again.button) == posts(hand, button)
    return history


# RULES 10.1: a returning player posts a live big blind and the small blind it owes as
# dead money; a new player posts a live blind.
def test_owed_posts_are_written_in_own_fields_and_replay() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [100, 90, 80, 70, 60],
        button=0,
        deck=Deck.shuffled(seed=4),
        live_blinds={3: 2, 4: 2},
        dead_blinds={3: 1},
    )
    check_down(hand)
    text = phh.dumps(hand)
    data = tomllib.loads(text)
    # p1 is seat 1 (left of the button): seat 3 is p3, seat 4 is p4.
    assert data["_live_blinds"] == [0, 0, 2, 2, 0]
    assert data["_dead_money"] == [0, 0, 1, 0, 0]
    history = replays_exactly(hand)
    assert history.live_blinds == (0, 0, 2, 2, 0) and history.dead_money == (0, 0, 1, 0, 0)


def test_hands_without_owed_posts_have_no_such_fields() -> None:
    hand = check_down(Hand(Rules.no_limit(blinds=(1, 2)), [50, 50, 50], deck=Deck.shuffled(1)))
    text = phh.dumps(hand)
    assert "_live_blinds" not in text and "_dead_money" not in text
    (history,) = phh.loads(text)
    assert history.live_blinds == () and history.dead_money == ()


# RULES 8.4, 2.7: a dead small blind with a straddle. By position alone PHH would read
# the big blind on p1 and the straddle on p2 as a small and a big blind.
def test_dead_small_blind_with_a_straddle_replays() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2), straddle=4),
        [100, 100, 100, 100],
        button=0,
        deck=Deck.shuffled(seed=9),
        blind_seats=(None, 1),
    )
    check_down(hand)
    data = tomllib.loads(phh.dumps(hand))
    assert data["blinds_or_straddles"] == [2, 4, 0, 0]
    assert data["_dead_small_blind"] == 1
    history = replays_exactly(hand)
    assert history.dead_small_blind and history.rules is not None
    assert (history.rules.small_blind, history.rules.big_blind, history.rules.straddle) == (
        1,
        2,
        4,
    )


def test_dead_small_blind_with_owed_posts_and_a_straddle_replays() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2), straddle=4),
        [100, 100, 100, 100, 100],
        button=0,
        deck=Deck.shuffled(seed=1),
        blind_seats=(None, 1),
        live_blinds={3: 2},
        dead_blinds={3: 1, 4: 1},
    )
    check_down(hand)
    replays_exactly(hand)


# RULES 8.4: with a dead button the small blind may be posted by the player right of the
# empty button seat, who then acts last after the flop: pn in PHH, the big blind p1.
@pytest.mark.parametrize("straddle", [0, 4])
def test_small_blind_on_the_button_replays(straddle: int) -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2), straddle=straddle, ante=1, ante_type=AnteType.BIG_BLIND),
        [100, 90, 80, 70],
        button=2,
        deck=Deck.shuffled(seed=6),
        blind_seats=(2, 3),
        live_blinds={1: 2},
    )
    check_down(hand)
    data = tomllib.loads(phh.dumps(hand))
    assert data["_small_blind_on_button"] is True
    assert data["blinds_or_straddles"] == [2, straddle, 0, 1]
    assert data["antes"] == [1, 0, 0, 0]  # the big blind's ante, on p1
    history = replays_exactly(hand)
    assert history.small_blind_on_button and not history.dead_small_blind


def test_the_owed_fields_must_agree_with_the_hand() -> None:
    hand = check_down(
        Hand(
            Rules.no_limit(blinds=(1, 2)),
            [50, 50, 50, 50],
            deck=Deck.shuffled(2),
            live_blinds={3: 2},
        )
    )
    # The caller's copy of the field is accepted when it says the same.
    assert phh.dumps(hand, _live_blinds=[0, 0, 2, 0]) == phh.dumps(hand)
    with pytest.raises(HistoryError, match=r"'_live_blinds'.*disagrees"):
        phh.dumps(hand, _live_blinds=[0, 2, 0, 0])


def test_a_bad_owed_field_is_a_history_error() -> None:
    text = phh.dumps(check_down(Hand(Rules.no_limit(blinds=(1, 2)), [50, 50, 50])))
    with pytest.raises(HistoryError, match="'_live_blinds' has 2 entries for 3 players"):
        phh.loads(text + "_live_blinds = [0, 2]\n")
    with pytest.raises(HistoryError, match="'_dead_money' holds -1"):
        phh.loads(text + "_dead_money = [0, 0, -1]\n")


# RULES 10.1 in PokerStars' words: "posts small & big blinds" for a live big blind
# with a dead small one; before, any such hand failed to export.
def test_pokerstars_writes_owed_posts() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2), straddle=4),
        [100, 100, 100, 100, 100],
        button=0,
        deck=Deck.shuffled(seed=1),
        blind_seats=(None, 1),
        live_blinds={3: 2},
        dead_blinds={3: 1, 4: 1},
    )
    check_down(hand)
    text = pokerstars.dumps(
        hand, hand_id=7, table="T", players=["ann", "bob", "cat", "dan", "eve"], when=WHEN
    )
    posts = text.split("*** HOLE CARDS ***")[0].splitlines()[7:]
    assert posts == [
        "bob: posts big blind 2",
        "cat: posts straddle 4",
        "dan: posts small & big blinds 3",
        "eve: posts small blind 1",
    ]
    summary = text.split("*** SUMMARY ***")[1]
    assert "Total pot 22 | Rake 0" in summary
    # Only the blinds of their positions are tagged; owed posts are not.
    assert "Seat 4: dan (" not in summary and "Seat 2: bob (big blind)" in summary


# ------------------------------------------------------------------ zero pots


def test_a_pot_of_no_chips_is_not_written() -> None:
    # Heads-up without a small blind: the button folds, the big blind is returned
    # as uncalled and the pot holds nothing.
    hand = Hand(Rules.no_limit(blinds=(0, 2)), [361, 51], button=1, deck=Deck.shuffled(3))
    hand.fold()
    assert hand.result is not None and hand.result.pots == ()
    text = pokerstars.dumps(hand, hand_id=1, table="T", players=["ann", "bob"], when=WHEN)
    assert "collected 0" not in text and "collected (0)" not in text
    assert "Uncalled bet (2) returned to ann" in text
    assert "Seat 1: ann (big blind)\n" in text


def test_no_collected_zero_when_the_rake_takes_the_pot() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100, 100], deck=Deck.shuffled(5))
    hand.fold()
    hand.fold()  # the big blind wins 2 (its uncalled chip back): all of it raked
    text = pokerstars.dumps(
        hand, hand_id=1, table="T", players=["a", "b", "c"], when=WHEN, rake=2, currency="$"
    )
    assert " collected " not in text.split("*** SUMMARY ***")[0]
    assert "Rake $0.02" in text and "collected ($0)" not in text
