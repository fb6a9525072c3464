"""Forced bets a table places itself: a live blind never leaves a bet above the call."""

from __future__ import annotations

import pytest

from bigblind import Hand, Rules, RulesError

STRADDLE = Rules.no_limit(blinds=(1, 2), straddle=4)


# RULES 2.7, 10.1: the straddler's post is the bet to call; a live blind on top of it would
# leave his bet above what the others are asked to call.
def test_live_blind_from_the_straddler_is_refused() -> None:
    with pytest.raises(RulesError, match="seat 3 posts the straddle: it cannot post a live"):
        Hand(STRADDLE, [100] * 5, button=0, live_blinds={3: 2})


@pytest.mark.parametrize(("seat", "blind"), [(1, "small blind"), (2, "big blind")])
def test_live_blind_from_a_blind_is_refused(seat: int, blind: str) -> None:
    with pytest.raises(RulesError, match=f"seat {seat} posts the {blind}"):
        Hand(Rules.no_limit(blinds=(1, 2)), [100] * 4, button=0, live_blinds={seat: 2})


# RULES 10.1: a live blind is at most the bet the others call (the big blind, or the straddle).
def test_live_blind_above_the_call_is_refused() -> None:
    with pytest.raises(RulesError, match="live blind 3 of seat 3 is more than the 2"):
        Hand(Rules.no_limit(blinds=(1, 2)), [100] * 4, button=0, live_blinds={3: 3})
    hand = Hand(STRADDLE, [100] * 5, button=0, live_blinds={4: 4})
    assert hand.bets == (0, 1, 2, 4, 4) and hand.legal is not None
    assert hand.actor == 4 and hand.legal.check  # his live post matches the straddle
