"""Hands whose cards come from outside: replays and a person dealing."""

from __future__ import annotations

import pytest

from bigblind import CardError, Hand, IllegalActionError, OutOfTurnError, Rules, RulesError
from bigblind.engine.events import Mucked, Shown

NL = Rules.no_limit(blinds=(1, 2))


def manual(stacks: list[int], **kwargs: object) -> Hand:
    return Hand(NL, stacks, button=len(stacks) - 1, dealing="manual", **kwargs)  # type: ignore[arg-type]


def test_waits_for_cards() -> None:
    hand = manual([100, 100, 100])
    assert hand.awaiting == "hole cards" and hand.actor is None
    with pytest.raises(IllegalActionError, match="awaits hole cards"):
        hand.call()
    hand.deal_hole(0, "AsKs")
    hand.deal_hole(1, None)
    with pytest.raises(CardError, match="card As is already in play"):
        hand.deal_hole(2, "As2c")
    hand.deal_hole(2, "Qd")
    hand.deal_hole(2, "Qc")
    assert hand.awaiting == "action" and hand.actor == 2
    hand.call()
    hand.call()
    hand.check()
    assert hand.awaiting == "flop"
    with pytest.raises(IllegalActionError, match="the flop is 3 card"):
        hand.deal_board("2h3h")
    hand.deal_board("2h3h4h")
    assert hand.awaiting == "action" and len(hand.board) == 3


def test_manual_showdown_in_order() -> None:
    hand = Hand(NL, [100, 100], button=1, dealing="manual", showdown="manual")
    hand.deal_hole(0, "AsAd")
    hand.deal_hole(1, None)
    hand.call()  # button
    hand.check()
    for board in ("2c7d9h", "Ts", "3d"):
        hand.deal_board(board)
        hand.check()
        hand.check()
    assert hand.awaiting == "show" and hand.actor == 0  # RULES 6.7: left of the button first
    with pytest.raises(OutOfTurnError):
        hand.show("KsKd", seat=1)
    hand.show()
    with pytest.raises(IllegalActionError, match="must name the cards"):
        hand.show()
    with pytest.raises(CardError, match="already in play"):
        hand.show("As3c")
    hand.muck()
    assert hand.result is not None and hand.result.stacks == (102, 98)
    kinds = [type(e) for e in hand.events if isinstance(e, Shown | Mucked)]
    assert kinds == [Shown, Mucked]


# RULES 6.7: all-in hands are always shown; they are exposed before the run-out.
def test_all_in_hands_must_be_shown() -> None:
    hand = Hand(NL, [50, 100], button=1, dealing="manual", showdown="manual")
    hand.deal_hole(0, "AsAd")
    hand.deal_hole(1, "KsKd")
    hand.all_in()  # button raises all-in to 100
    hand.call()  # 50 all-in
    assert hand.awaiting == "show"
    with pytest.raises(IllegalActionError, match="all-in hands are always shown"):
        hand.muck()
    hand.show()
    hand.show()
    assert hand.awaiting == "flop"
    hand.deal_board("2c7d9h")
    hand.deal_board("Ts")
    hand.deal_board("Kh")
    assert hand.result is not None and hand.result.stacks == (0, 150)


def test_manual_setup_errors() -> None:
    from bigblind import Deck

    with pytest.raises(RulesError, match="a deck is for dealing='auto'"):
        Hand(NL, [10, 10], dealing="manual", deck=Deck())
    with pytest.raises(RulesError, match="dealing 'robot'"):
        Hand(NL, [10, 10], dealing="robot")
    hand = Hand(NL, [10, 10], deck=Deck.shuffled(seed=1))
    with pytest.raises(IllegalActionError, match="deals its own cards"):
        hand.deal_board("2c3c4c")
