"""Betting: nobody is asked to act who could not be answered, and bad input is refused."""

from __future__ import annotations

from typing import Any

import pytest

from bigblind import AnteType, Deck, Hand, IllegalActionError, Phase, Rules
from bigblind.engine.events import Acted, ActionKind, BetReturned, PotAwarded, Shown
from tests.support import chips_in_play

BLINDS = Rules.no_limit(blinds=(10, 20))


def acted(hand: Hand) -> list[tuple[int, ActionKind]]:
    return [(e.seat, e.kind) for e in hand.events if isinstance(e, Acted)]


def returned(hand: Hand) -> list[tuple[int, int]]:
    return [(e.seat, e.amount) for e in hand.events if isinstance(e, BetReturned)]


def shown_down(hand: Hand, total: int) -> None:
    """The hand went to a showdown and kept every chip (RULES 4.7, 7.2)."""
    assert hand.finished and hand.result is not None
    assert any(isinstance(e, Shown) for e in hand.events)
    assert sum(hand.stacks) == total
    assert all(not isinstance(e, PotAwarded) or e.amount > 0 for e in hand.events)


# RULES 4.7, 4.8: the big blind is all-in for less than the small blind's post; once the
# button folds the small blind is not asked to act, gets the excess back, and the hand
# shows down. A fold there would even have handed chips to the all-in player.
def test_big_blind_all_in_for_less_than_the_small_blind() -> None:
    hand = Hand(BLINDS, [400, 6, 400], button=2, deck=Deck.shuffled(seed=1))
    assert hand.actor == 2
    hand.fold()
    assert acted(hand) == [(2, ActionKind.FOLD)]
    assert returned(hand) == [(0, 4)]
    assert hand.contributions[:2] == (6, 6)
    shown_down(hand, 806)


# RULES 4.7: all-in for exactly the small blind's post: nothing to return, nobody asked.
def test_big_blind_all_in_for_as_much_as_the_small_blind() -> None:
    hand = Hand(BLINDS, [400, 10, 400], button=2, deck=Deck.shuffled(seed=2))
    hand.fold()
    assert acted(hand) == [(2, ActionKind.FOLD)] and returned(hand) == []
    shown_down(hand, 810)


# RULES 2.2, 4.7: all-in for more than the small blind: the small blind still faces chips
# and is asked; calling the full blind, the excess over the all-in comes back (RULES 4.8).
def test_big_blind_all_in_for_more_than_the_small_blind() -> None:
    hand = Hand(BLINDS, [400, 15, 400], button=2, deck=Deck.shuffled(seed=3))
    hand.fold()
    assert hand.actor == 0 and hand.legal is not None
    assert hand.legal.options() == ("fold", "call 10")  # nobody could answer a raise
    hand.call()
    assert returned(hand) == [(0, 5)]
    shown_down(hand, 815)


# RULES 4.7 heads-up (RULES 2.3): the button's small blind covers the short big blind.
def test_heads_up_big_blind_all_in_for_less() -> None:
    hand = Hand(BLINDS, [400, 6], button=0, deck=Deck.shuffled(seed=4))
    assert hand.actor is None and acted(hand) == []
    assert returned(hand) == [(0, 4)]
    shown_down(hand, 406)


# RULES 2.7, 4.7: a straddle all-in for less than the big blind; when the small blind folds
# the big blind has put in more than the straddler and is not asked to call the straddle.
def test_short_straddle() -> None:
    rules = Rules.no_limit(blinds=(10, 20), straddle=40)
    hand = Hand(rules, [400, 400, 15, 400], button=3, deck=Deck.shuffled(seed=5))
    assert hand.actor == 3
    hand.fold()
    assert hand.actor == 0
    hand.fold()
    assert acted(hand) == [(3, ActionKind.FOLD), (0, ActionKind.FOLD)]
    assert returned(hand) == [(1, 5)]
    shown_down(hand, 1215)


# RULES 2.4, 2.6, 4.7 with antes: the antes are no bets, so the comparison is the blinds.
@pytest.mark.parametrize("ante_type", [AnteType.PER_PLAYER, AnteType.BIG_BLIND])
def test_short_big_blind_with_antes(ante_type: AnteType) -> None:
    rules = Rules.no_limit(blinds=(10, 20), ante=5, ante_type=ante_type)
    hand = Hand(rules, [400, 6, 400], button=2, deck=Deck.shuffled(seed=6))
    hand.fold()
    assert len(acted(hand)) == 1
    assert returned(hand) == [(0, 4)]
    shown_down(hand, 806)


# RULES 4.7: a limper facing a short blind all-in is still asked when another player with
# chips is in: a raise could be answered.
def test_short_blind_with_two_players_behind_still_bets() -> None:
    hand = Hand(BLINDS, [400, 6, 400, 400], button=3, deck=Deck.shuffled(seed=7))
    assert hand.actor == 2
    hand.call()
    hand.fold()
    assert hand.actor == 0 and hand.phase is Phase.BETTING
    assert chips_in_play(hand) == 1206


def bad_inputs() -> list[Any]:
    return [
        "bet -5",
        "raise -5",
        "raise 1e3",
        "bet ²",
        "raise ٣",  # an Arabic-Indic digit: isdigit() says yes, chips say no
        "bet 5 6",
        "",
        "jump",
        None,
        5,
        b"call",
        ["call"],
    ]


# RULES 4.4: anything that is not an action is refused like an illegal one, naming the
# seat and what it may do, and changes nothing.
@pytest.mark.parametrize("action", bad_inputs())
def test_act_refuses_what_is_no_action(action: Any) -> None:
    hand = Hand(BLINDS, [400, 400, 400], deck=Deck.shuffled(seed=8))
    before = (hand.events, hand.stacks, hand.bets)
    with pytest.raises(IllegalActionError, match=r"seat 0.*legal: fold, call 20, raise to 40-400"):
        hand.act(action)
    assert (hand.events, hand.stacks, hand.bets) == before


# RULES 5.4: a number longer than any stack is refused as too much, without reading it.
def test_act_refuses_huge_numbers() -> None:
    hand = Hand(BLINDS, [400, 400, 400], deck=Deck.shuffled(seed=9))
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot raise 9{30}\.\.\.: more chips"):
        hand.act("raise " + "9" * 5000)
    with pytest.raises(IllegalActionError, match="seat 0 cannot raise to 99999: the minimum"):
        hand.act("raise 99999")
    hand.act("raise to 60")
    assert hand.bets[0] == 60


@pytest.mark.parametrize("amount", ["60", 60.0, None, True, [60]])
def test_typed_actions_refuse_amounts_that_are_no_chips(amount: Any) -> None:
    hand = Hand(BLINDS, [400, 400, 400], deck=Deck.shuffled(seed=10))
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot raise to .*whole chips; legal"):
        hand.raise_to(amount)
    hand.fold()
    hand.call()
    hand.check()
    with pytest.raises(IllegalActionError, match=r"seat 1 cannot bet .*whole chips; legal"):
        hand.bet(amount)


@pytest.mark.parametrize("seat", ["0", 1.0, -1, 3])
def test_a_seat_that_does_not_exist_is_refused(seat: Any) -> None:
    hand = Hand(BLINDS, [400, 400, 400], deck=Deck.shuffled(seed=11))
    with pytest.raises(IllegalActionError, match="does not exist: seats are 0 to 2"):
        hand.act("call", seat=seat)


# RULES 4.4: True and 1.0 equal 1 but are no seat numbers, even when seat 1 is due.
@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_seat_equal_to_the_one_due_but_no_number_is_refused(seat: Any) -> None:
    hand = Hand(BLINDS, [400, 400, 400], button=2, deck=Deck.shuffled(seed=12))
    hand.call()  # seat 2, the button
    hand.call()  # seat 0, the small blind
    assert hand.actor == 1
    before = hand.events
    with pytest.raises(IllegalActionError, match=r"seat (True|1\.0) does not exist"):
        hand.act("call", seat=seat)
    with pytest.raises(IllegalActionError, match="does not exist"):
        hand.kill(seat)
    assert hand.events == before
    manual = Hand(BLINDS, [400, 400], button=0, dealing="manual")
    with pytest.raises(IllegalActionError, match="does not exist"):
        manual.deal_hole(seat, "AsAd")
