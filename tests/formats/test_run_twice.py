"""Hands run twice (RULES 10.3) in both formats, written and replayed."""

from __future__ import annotations

import tomllib
from datetime import datetime

import pytest

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import phh, pokerstars

WHEN = datetime(2026, 12, 1, 10, 0, 0)


def run_twice(seed: int, *, flop_first: bool = False) -> Hand:
    """Three players all-in, the rest of the board dealt twice."""
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [100, 100, 60],
        deck=Deck.shuffled(seed=seed),
        offer_run_twice=True,
    )
    if flop_first:
        while not hand.board:
            hand.check_or_call()
    hand.all_in()
    while hand.awaiting != "runs":
        hand.call()
    hand.run_twice()
    return hand


@pytest.mark.parametrize("flop_first", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_phh_writes_both_runs_and_replays_them(seed: int, flop_first: bool) -> None:
    # RULES 10.3: two boards from the same deck, every pot halved between them.
    hand = run_twice(seed, flop_first=flop_first)
    assert hand.result is not None and len(hand.boards) == 2
    text = phh.dumps(hand)
    data = tomllib.loads(text)
    assert data["_runs"] == 2
    second = [a for a in data["actions"] if a.endswith("# run 2")]
    assert len(second) == (2 if flop_first else 3)  # a shared flop is dealt once
    (history,) = phh.loads(text)
    assert history.runs == 2
    again = phh.replay(history)
    assert again.result is not None and history.finishing_stacks == again.result.stacks
    n, button = hand.seats, hand.button
    assert again.boards == hand.boards
    assert again.result.stacks == tuple(hand.result.stacks[(button + 1 + k) % n] for k in range(n))


def test_a_hand_run_once_has_no_runs_field() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(1))
    hand.all_in()
    hand.call()
    text = phh.dumps(hand)
    assert "_runs" not in text and phh.loads(text)[0].runs == 1


def test_a_bad_runs_field_is_refused() -> None:
    text = phh.dumps(run_twice(1)).replace("_runs = 2", "_runs = 3")
    with pytest.raises(HistoryError, match="'_runs' 3 must be 1 or 2"):
        phh.loads(text)


@pytest.mark.parametrize("flop_first", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_pokerstars_writes_first_and_second_boards_and_reads_them_back(
    seed: int, flop_first: bool
) -> None:
    # RULES 10.3 in PokerStars' words: FIRST and SECOND streets, a showdown per run.
    hand = run_twice(seed, flop_first=flop_first)
    text = pokerstars.dumps(hand, hand_id=1, table="T", players=["ann", "bob", "cat"], when=WHEN)
    lines = text.splitlines()
    streets = [line.split(" [")[0] for line in lines if line.startswith("*** ")]
    runout = ["TURN", "RIVER"] if flop_first else ["FLOP", "TURN", "RIVER"]
    expected = [f"*** {run} {street} ***" for run in ("FIRST", "SECOND") for street in runout]
    assert [s for s in streets if "FIRST " in s or "SECOND " in s][: len(expected)] == expected
    assert "*** FIRST SHOW DOWN ***" in lines and "*** SECOND SHOW DOWN ***" in lines
    assert "Hand was run twice" in lines
    boards = [" ".join(map(str, board)) for board in hand.boards]
    assert f"FIRST Board [{boards[0]}]" in lines and f"SECOND Board [{boards[1]}]" in lines
    assert "collected 0" not in text
    (history,) = pokerstars.loads(text)
    assert history.runs == 2
    again = pokerstars.replay(history)
    assert pokerstars.results_match(history, again) and again.boards == hand.boards


# RULES 10.3 in PokerStars' summary: a seat that won on the second board alone is named with
# the hand it made there, not with its hand on the first board.
def test_pokerstars_names_a_second_run_win_by_the_second_board() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [100, 100],
        button=0,
        dealing="manual",
        offer_run_twice=True,
    )
    hand.deal_hole(1, "AsAd")
    hand.deal_hole(0, "KsKd")
    hand.all_in()
    hand.call()
    hand.run_twice()
    for cards in ("2c7d9h", "Th", "3c", "Kh8d4s", "5c", "6d"):
        hand.deal_board(cards)
    text = pokerstars.dumps(hand, hand_id=1, table="T", players=["kay", "ace"], when=WHEN)
    summary = text.split("*** SUMMARY ***")[1].splitlines()
    kay = "Seat 1: kay (button) (small blind) showed [Ks Kd] and won (100)"
    assert f"{kay} with three of a kind, Kings" in summary
    assert "Seat 2: ace (big blind) showed [As Ad] and won (100) with a pair of Aces" in summary
    (history,) = pokerstars.loads(text)
    assert pokerstars.results_match(history, pokerstars.replay(history))
