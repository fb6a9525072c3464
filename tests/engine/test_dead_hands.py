"""Dead hands: a hand killed in any phase wins nothing and leaves its chips in (RULES 9.2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, IllegalActionError, Rules
from bigblind.engine.events import Acted, HandKilled, HoleDealt, PotAwarded, Shown
from bigblind.errors import HandFinishedError
from tests.engine.test_hand_properties import games, play_legal
from tests.support import chips_in_play

RULES = Rules.no_limit(blinds=(1, 2))


def manual(stacks: list[int], holes: list[str], *, button: int = 0) -> Hand:
    """A hand dealt by hand with these hole cards, shown by hand."""
    hand = Hand(RULES, stacks, button=button, dealing="manual", showdown="manual")
    for seat, cards in enumerate(holes):
        hand.deal_hole(seat, cards)
    return hand


def test_a_dead_all_in_hand_wins_nothing_and_its_chips_stay() -> None:
    # RULES 9.2: the all-in hand holds the best cards but is dead; its 50 stay in the pot.
    hand = manual([50, 200, 200], ["As Ad", "Kc Kd", "7h 2c"])  # seat 1 SB, 2 BB, 0 first
    hand.raise_to(50)  # seat 0 all-in
    hand.call()
    hand.call()
    assert hand.awaiting == "flop" and hand.stacks[0] == 0
    hand.kill(0, "found with three cards")
    assert hand.dead_hands == frozenset({0}) and hand.folded[0]
    assert hand.events[-1] == HandKilled(0, "found with three cards")
    assert [pot.eligible for pot in hand.pots] == [(1, 2)]
    assert hand.pot == 150
    hand.deal_board("Ah 5s 9d")
    hand.check()
    hand.check()
    hand.deal_board("Jc")
    hand.check()
    hand.check()
    hand.deal_board("3h")
    hand.check()
    hand.check()
    assert hand.actor == 1  # the dead hand is not asked to show
    hand.show()
    hand.show()
    result = hand.result
    assert result is not None
    assert result.payouts == (0, 150, 0)
    assert result.stacks == (0, 300, 150)
    assert not [e for e in hand.events if isinstance(e, Shown) and e.seat == 0]


def test_a_dead_hand_due_to_show_first_is_passed_over() -> None:
    # RULES 9.2 with RULES 6.7: the last aggressor would show first; its hand is dead.
    hand = manual([100, 100, 100], ["As Ad", "Kc Kd", "7h 2c"])
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.check()  # seat 2
    for board in ("Ah 5s 9d", "Jc", "3h"):
        hand.deal_board(board)
        hand.check()
        hand.check()
        hand.check()
    assert hand.awaiting == "show" and hand.actor == 1  # left of the button shows first
    hand.kill(1, "found with one card")
    assert hand.actor == 2
    hand.show()  # seat 2, now first: must show
    hand.show()  # seat 0
    result = hand.result
    assert result is not None
    assert [(pot.amount, pot.eligible, pot.winners) for pot in result.pots] == [(6, (0, 2), (0,))]
    assert result.stacks == (104, 98, 98)


def test_a_dead_hand_that_has_shown_loses_its_claim() -> None:
    # RULES 9.2: found out after turning the cards up, the hand is still dead.
    hand = manual([100, 100, 100], ["As Ad", "Kc Kd", "7h 2c"])
    hand.call()
    hand.call()
    hand.check()
    for board in ("Ah 5s 9d", "Jc", "3h"):
        hand.deal_board(board)
        hand.check()
        hand.check()
        hand.check()
    hand.show()  # seat 1
    hand.show()  # seat 2
    hand.kill(1)
    assert hand.actor == 0
    hand.muck()  # seat 0 mucks: seat 2's is the only hand shown, and it wins
    result = hand.result
    assert result is not None
    assert result.payouts == (0, 0, 6)


def test_a_kill_that_leaves_one_player_ends_the_hand() -> None:
    # RULES 9.2 with RULES 4.6: the one player left wins at once, the dead bet included.
    hand = Hand(RULES, [100, 100, 100], button=0, deck=Deck.shuffled(seed=3))
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.check()  # seat 2
    hand.raise_to(10)  # seat 1 bets on the flop
    hand.fold()  # seat 2
    assert hand.actor == 0
    hand.kill(1)  # the bettor's hand is dead: its uncalled 10 is not returned
    assert hand.finished
    result = hand.result
    assert result is not None
    assert result.payouts == (16, 0, 0)
    assert result.stacks == (114, 88, 98)
    assert not [e for e in hand.events if isinstance(e, PotAwarded) and 1 in e.eligible]


def test_a_kill_out_of_turn_leaves_the_bet_standing() -> None:
    # RULES 9.2: the dead hand's bet stays in; the others still face it.
    hand = Hand(RULES, [100, 100, 100, 100], button=0, deck=Deck.shuffled(seed=4))
    hand.raise_to(6)  # seat 3
    assert hand.actor == 0
    hand.kill(3)
    assert hand.actor == 0 and hand.legal is not None and hand.legal.call == 6
    hand.kill(0)  # the actor's own hand: the turn passes on
    assert hand.actor == 1
    hand.call()
    hand.fold()  # seat 2; seat 1 wins 6 + 6 + 2 (seat 2's big blind)
    result = hand.result
    assert result is not None
    assert result.payouts == (0, 14, 0, 0)


def test_the_side_pots_of_a_dead_hand() -> None:
    # RULES 9.2 with RULES 6.4-6.5: seat 1's 100 stay in the main and first side pot.
    hand = manual([50, 100, 200, 200], ["2c 3d", "As Ad", "Kc Kd", "Qs Qh"], button=3)
    hand.all_in()  # seat 2 shoves 200
    hand.call()  # seat 3
    hand.call()  # seat 0, all-in for 50
    hand.call()  # seat 1, all-in for 100
    assert hand.contributions == (50, 100, 200, 200)
    hand.kill(1, "three cards")
    assert [(p.amount, p.eligible) for p in hand.pots] == [(200, (0, 2, 3)), (350, (2, 3))]
    assert hand.awaiting == "show"
    for _ in range(3):  # RULES 6.7: all-in, every live hand is turned up; the dead one is not
        hand.show()
    for board in ("7h 8h 9c", "Jd", "4s"):
        hand.deal_board(board)
    result = hand.result
    assert result is not None
    assert result.payouts == (0, 0, 550, 0)
    assert sum(result.stacks) == 550
    assert all(1 not in pot.eligible for pot in result.pots)


def test_a_kill_is_refused_when_it_cannot_apply() -> None:
    # RULES 9.2: only a hand still in play can be declared dead.
    hand = Hand(RULES, [100] * 4, button=0, deck=Deck.shuffled(seed=6))
    hand.raise_to(6)  # seat 3
    hand.fold()  # seat 0
    with pytest.raises(IllegalActionError, match="seat 0 has folded"):
        hand.kill(0)
    hand.kill(3)
    with pytest.raises(IllegalActionError, match="already dead"):
        hand.kill(3)
    with pytest.raises(IllegalActionError, match="seat 5 does not exist"):
        hand.kill(5)
    hand.kill(1)
    assert hand.finished
    with pytest.raises(HandFinishedError, match="the hand is over"):
        hand.kill(2)


def test_a_dead_hand_is_never_asked_to_act() -> None:
    # RULES 9.2: killed before its turn, the seat is skipped in every later round.
    hand = Hand(RULES, [100] * 4, button=0, deck=Deck.shuffled(seed=8))
    hand.kill(2)
    while not hand.finished:
        assert hand.actor != 2
        hand.check_or_call()
    assert not [e for e in hand.events if isinstance(e, Acted) and e.seat == 2]
    result = hand.result
    assert result is not None and result.payouts[2] == 0 and result.stacks[2] == 98


@settings(max_examples=150, deadline=None)
@given(games(offer_run_twice=True), st.data())
def test_random_kills_conserve_chips_and_never_pay_a_dead_hand(
    hand: Hand, data: st.DataObject
) -> None:
    # RULES 9.2 with RULES 7.2: chips are conserved; a dead seat is eligible for no pot.
    total = sum(hand.starting_stacks)
    for _ in range(500):
        if hand.finished:
            break
        if data.draw(st.integers(0, 4)) == 0:
            in_hand = [s for s in range(hand.seats) if not hand.folded[s]]
            hand.kill(data.draw(st.sampled_from(in_hand)), "wrong number of cards")
            assert chips_in_play(hand) == total
            continue
        assert all(not set(pot.eligible) & hand.dead_hands for pot in hand.pots)
        if hand.awaiting == "runs":
            hand.run_twice() if data.draw(st.booleans()) else hand.run_once()
        else:
            play_legal(hand, data)
        assert chips_in_play(hand) == total
    result = hand.result
    assert hand.finished and result is not None
    assert sum(result.stacks) == total
    for seat in hand.dead_hands:
        assert result.payouts[seat] == 0
        assert all(seat not in pot.eligible for pot in result.pots)


def test_views_see_a_dead_hand() -> None:
    # RULES 9.2 with RULES 3.4: the kill is public; the dead hand's cards stay hidden.
    hand = Hand(RULES, [100] * 3, button=0, deck=Deck.shuffled(seed=9))
    hand.call()
    hand.kill(1, "three cards")
    view = hand.view(2)
    assert view.events[-1] == HandKilled(1, "three cards")
    assert view.folded == (False, True, False)
    assert view.hole == hand.hole(2)
    assert view.hole[0] is not None  # its own cards
    dealt_to_1 = [e for e in view.events if isinstance(e, HoleDealt) and e.seat == 1]
    assert [e.card for e in dealt_to_1] == [None, None]  # the dead hand's cards stay hidden
