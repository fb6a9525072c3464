"""Showdown order after an all-in, and pots that hold chips."""

from __future__ import annotations

import pytest

from bigblind import Deck, Hand, OutOfTurnError, Rules
from bigblind.engine.events import PotAwarded, Shown
from bigblind.engine.pots import build_pots

NL = Rules.no_limit(blinds=(1, 2))


def all_in_three_way() -> Hand:
    hand = Hand(NL, [50, 50, 50], button=2, dealing="manual", showdown="manual")
    for seat, cards in enumerate(("AsAd", "KsKd", "QsQd")):
        hand.deal_hole(seat, cards)
    hand.all_in()  # seat 2, the button, first to act
    hand.call()
    hand.call()
    return hand


# RULES 6.7: after an all-in (RULES 4.7) every hand is turned up at once, so a manual
# showdown takes the shows in any order, and every hand is still shown once.
def test_after_an_all_in_shows_come_in_any_order() -> None:
    hand = all_in_three_way()
    assert hand.awaiting == "show"
    hand.show(seat=1)
    hand.show(seat=2)
    hand.show(seat=0)
    assert [e.seat for e in hand.events if isinstance(e, Shown)] == [1, 2, 0]
    assert hand.awaiting == "flop"
    hand.deal_board("2c7d9h")
    hand.deal_board("Th")
    hand.deal_board("3c")
    assert hand.result is not None and hand.result.stacks == (150, 0, 0)


def test_a_seat_shows_only_once_after_an_all_in() -> None:
    hand = all_in_three_way()
    hand.show(seat=2)
    with pytest.raises(OutOfTurnError, match="seat 2 cannot show"):
        hand.show(seat=2)


# RULES 6.7: after a completed river betting round the order stays: the last aggressor
# (else the first left of the button) shows first.
def test_after_the_river_the_order_stays() -> None:
    hand = Hand(NL, [100, 100, 100], button=2, dealing="manual", showdown="manual")
    for seat, cards in enumerate(("AsAd", "KsKd", "QsQd")):
        hand.deal_hole(seat, cards)
    hand.call()
    hand.call()
    hand.check()
    for board in ("2c7d9h", "Th", "3c"):
        hand.deal_board(board)
        hand.check()
        hand.check()
        hand.check()
    assert hand.actor == 0
    with pytest.raises(OutOfTurnError, match="seat 0 shows first"):
        hand.show(seat=1)


# RULES 6.7: the first hand is shown; a hand that cannot beat or tie it may be mucked, and
# may_muck says where a player has that choice (a hand that can win is not offered it).
def test_may_muck_only_a_hand_that_cannot_win() -> None:
    hand = Hand(NL, [100, 100, 100], button=2, dealing="manual", showdown="manual")
    for seat, cards in enumerate(("KsKd", "AsAd", "QsQd")):
        hand.deal_hole(seat, cards)
    hand.call()
    hand.call()
    hand.check()
    for board in ("2c7d9h", "Th", "3c"):
        hand.deal_board(board)
        for _ in range(3):
            hand.check()
    assert hand.actor == 0 and not hand.may_muck  # the first hand must be shown
    hand.show()
    assert hand.actor == 1 and not hand.may_muck  # aces beat the kings shown
    hand.show()
    assert hand.actor == 2 and hand.may_muck  # queens cannot win
    hand.muck()
    assert hand.result is not None and hand.result.stacks == (98, 104, 98)
    assert not hand.may_muck


# A pot of no chips is no pot: a dead small blind (RULES 8.4) and everyone folding to the
# big blind returns its whole bet (RULES 4.8), and nothing is left to award.
def test_no_empty_pot_is_awarded() -> None:
    hand = Hand(NL, [100] * 4, button=0, blind_seats=(None, 2), deck=Deck.shuffled(seed=1))
    hand.fold()
    hand.fold()
    hand.fold()
    assert hand.result is not None
    assert hand.result.pots == () and hand.result.stacks == (100,) * 4
    assert not [e for e in hand.events if isinstance(e, PotAwarded)]
    assert hand.pots == ()


# RULES 6.4: side pots only hold chips.
def test_pots_hold_chips() -> None:
    assert build_pots([0, 0, 0], [False, False, True]) == []
    pots = build_pots([5, 5, 0], [False, False, True], all_in=[True, True, False])
    assert [pot.amount for pot in pots] == [10]
