"""Hands run twice (RULES 10.3) in both formats, written and replayed."""

from __future__ import annotations

import tomllib

import pytest

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import phh


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
