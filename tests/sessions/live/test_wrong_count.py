"""A wrong number of cards in a live game: judged at the moment, dead after action (RULES 9)."""

from __future__ import annotations

import pytest

from bigblind import IllegalActionError, Rules
from bigblind.engine.events import Acted, ActionKind, HandKilled, Street
from bigblind.sessions.live import DealerError, LiveHand

RULES = Rules.no_limit(blinds=(1, 2))


def dealt(players: int, cards: int, *, button: int) -> LiveHand:
    live = LiveHand(RULES, [100] * players, button=button)
    for _ in range(cards):
        live.deal_hole()
    return live


def test_during_the_deal_the_count_is_judged_against_the_cards_dealt_so_far() -> None:
    # RULES 9.1: during the deal seat 0 should hold one card; two is an error.
    live = dealt(3, 2, button=2)  # seats 0 and 1 hold one card each
    with pytest.raises(IllegalActionError, match="holding 1 cards at this point"):
        live.report_wrong_count(0, 1)
    ruling = live.report_wrong_count(0, 2)
    assert ruling.misdeal and ruling.error.kind is DealerError.WRONG_COUNT
    assert ruling.error.text == "Seat 0 holds 2 cards, not 1"
    assert live.deal_number == 2
    # A seat not dealt to yet should hold none.
    live = dealt(3, 1, button=2)
    assert live.report_wrong_count(2, 1).misdeal


def test_after_the_deal_two_is_right() -> None:
    # RULES 9.1
    live = dealt(3, 6, button=2)
    with pytest.raises(IllegalActionError, match="is right"):
        live.report_wrong_count(1, 2)
    with pytest.raises(IllegalActionError, match="count -1"):
        live.report_wrong_count(1, -1)


def test_after_substantial_action_the_hand_is_dead_and_its_chips_stay() -> None:
    # RULES 9.2: too late for a misdeal; the player's hand is dead.
    live = dealt(4, 8, button=3)  # seat 0 small blind, 1 big blind, 2 first to act
    live.act("call")  # seat 2
    live.act("raise 8")  # seat 3: substantial action
    live.act("call")  # seat 0
    pot = live.pot
    ruling = live.report_wrong_count(2, 3)
    assert not ruling.misdeal and ruling.procedure.rule == "9.2"
    assert "Seat 2's hand is dead" in ruling.procedure.text
    assert live.dead_seats == {2}
    assert live.events[-1] == HandKilled(2, "Seat 2 holds 3 cards, not 2")
    live.act("call")  # seat 1; seat 2, dead, is not asked to act
    assert not [e for e in live.events[-3:] if isinstance(e, Acted) and e.seat == 2]
    assert live.hand.street is Street.PREFLOP and live.awaiting == "flop"
    assert live.pot == pot + 6  # seat 2's 2 chips stay in; seat 1 called to 8
    assert live.stacks[2] == 98
    with pytest.raises(IllegalActionError, match="already dead"):
        live.report_wrong_count(2, 1)


def test_a_dead_hand_is_skipped_and_never_shown() -> None:
    # RULES 9.2: the dead hand never acts again and never wins.
    live = dealt(3, 6, button=2)  # seat 0 small blind, seat 1 big blind, seat 2 button
    for action in ("call", "call", "check"):
        live.act(action)  # three actions in turn: substantial
    live.report_wrong_count(2, 1)
    for board in ("2c 7d 9h", "Ts", "3d"):
        live.deal_board(board)
        live.act("check")
        live.act("check")  # seat 2, dead, is passed over
    # Its one action is the pre-flop call before it was found out.
    acts = [e.kind for e in live.events if isinstance(e, Acted) and e.seat == 2]
    assert acts == [ActionKind.CALL]
    live.show("Ks Kd")  # seat 0
    live.show("Qs Qd")  # seat 1
    result = live.result
    assert result is not None
    assert [pot.winners for pot in result.pots] == [(0,)]
    assert live.stacks == (104, 98, 98)


def test_a_dead_all_in_hand_is_settled_by_the_game() -> None:
    # RULES 9.2: all-in, the hand is dead all the same; its chips stay, it wins nothing.
    live = LiveHand(RULES, [100, 100, 40], button=2)
    for _ in range(6):
        live.deal_hole()
    live.act("all-in")  # seat 2 (first to act three-handed: the button)
    live.act("call")  # seat 0, small blind
    live.act("call")  # seat 1, big blind: substantial action
    ruling = live.report_wrong_count(2, 3)
    assert ruling.procedure.rule == "9.2" and live.dead_seats == {2}
    assert "settle" not in live.next_step
    for board in ("2c 7d 9h", "Ts", "3d"):
        live.deal_board(board)
        live.act("check")
        live.act("check")
    live.show("Ks Kd")
    live.show("Qs Qd")
    result = live.result
    assert result is not None
    assert [(pot.amount, pot.eligible, pot.winners) for pot in result.pots] == [(120, (0, 1), (0,))]
    assert live.stacks == (180, 60, 0)


def test_a_dead_hand_due_to_show_first_is_passed_over() -> None:
    # RULES 9.2 with RULES 6.7: found at the showdown, the first to show is dead instead.
    live = dealt(3, 6, button=2)
    for action in ("call", "call", "check"):
        live.act(action)
    for board in ("2c 7d 9h", "Ts", "3d"):
        live.deal_board(board)
        for _ in range(3):
            live.act("check")
    assert live.awaiting == "show" and live.actor == 0
    ruling = live.report_wrong_count(0, 3)
    assert ruling.procedure.rule == "9.2" and live.dead_seats == {0}
    assert live.actor == 1
    assert live.next_step == "Seat 1 shows (name the cards) or mucks"
    live.show("Qs Qd")  # seat 1, now first
    live.show("Ks Kd")  # seat 2
    result = live.result
    assert result is not None
    assert [(pot.eligible, pot.winners) for pot in result.pots] == [((1, 2), (2,))]
    assert live.stacks == (98, 98, 104)
