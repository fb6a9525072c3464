"""Each player's facts of a hand, on hands where the right count is plain to see."""

from __future__ import annotations

import pytest

from bigblind.formats import pokerstars
from bigblind.formats.phh.history import HandHistory
from bigblind.tracker.facts import HandFacts, PlayerFacts, hand_facts, positions
from tests.tracker.hands import (
    all_in_preflop,
    c_bet_raised,
    limped_to_showdown,
    pokerstars_hand,
    steal_and_three_bet,
)


def facts_of(text: str) -> HandFacts:
    (entry,) = pokerstars.loads_each(text)
    assert isinstance(entry, HandHistory)
    return hand_facts(entry)


def by_name(facts: HandFacts) -> dict[str, PlayerFacts]:
    return {p.player: p for p in facts.players}


def test_positions_from_the_button_back() -> None:
    assert positions(6) == ["SB", "BB", "UTG", "HJ", "CO", "BTN"]
    assert positions(3) == ["SB", "BB", "BTN"]
    assert positions(4) == ["SB", "BB", "CO", "BTN"]
    assert positions(9) == ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "HJ", "CO", "BTN"]
    # RULES 2.3: heads-up the button posts the small blind and is p2 in PHH order.
    assert positions(2) == ["BB", "SB"]
    # RULES 8.4: a dead small blind, or the small blind on the button beside an empty seat.
    assert positions(5, dead_small_blind=True) == ["BB", "UTG", "HJ", "CO", "BTN"]
    assert positions(5, small_blind_on_button=True) == ["BB", "UTG", "HJ", "CO", "SB"]


def test_a_steal_its_defence_and_a_three_bet() -> None:
    p = by_name(facts_of(pokerstars_hand(steal_and_three_bet, number=1)))
    btn, sb, bb, co, utg = p["btn"], p["sb"], p["bb"], p["co"], p["utg"]
    assert (btn.position, btn.steal_opp, btn.steal, btn.vpip, btn.pfr) == ("BTN", 1, 1, 1, 1)
    assert (btn.fold_to_three_bet_opp, btn.fold_to_three_bet, btn.four_bet_opp) == (1, 1, 1)
    assert (co.steal_opp, co.steal, co.vpip) == (1, 0, 0)  # folded to it first in
    assert utg.steal_opp == 0  # not a stealing position
    assert (sb.fold_to_steal_opp, sb.fold_to_steal, sb.three_bet_opp, sb.three_bet) == (1, 1, 1, 0)
    assert (bb.fold_to_steal_opp, bb.fold_to_steal, bb.three_bet_opp, bb.three_bet) == (1, 0, 1, 1)
    assert (bb.vpip, bb.pfr, bb.net, btn.net, sb.net) == (1, 1, 7, -6, -1)
    assert sum(x.saw_flop for x in p.values()) == 0


def test_a_c_bet_raised_and_a_turn_c_bet_missed() -> None:
    p = by_name(facts_of(pokerstars_hand(c_bet_raised, number=2)))
    utg, co, bb = p["utg"], p["co"], p["bb"]
    assert (utg.cbet_flop_opp, utg.cbet_flop, utg.cbet_turn_opp, utg.cbet_turn) == (1, 1, 1, 0)
    assert (co.fold_to_cbet_flop_opp, co.fold_to_cbet_flop) == (1, 0)  # raised it
    assert bb.fold_to_cbet_flop_opp == 0  # the c-bet was raised before the big blind acted
    assert (co.cbet_flop_opp, co.cbet_turn_opp) == (0, 0)
    assert (utg.bets, utg.calls, utg.folds) == (1, 1, 1)
    assert (co.bets, co.calls, co.folds) == (2, 0, 0)
    assert (bb.bets, bb.calls, bb.folds) == (0, 0, 1)  # the pre-flop call is not post-flop
    assert [x.saw_flop for x in (utg, co, bb, p["hj"])] == [1, 1, 1, 0]
    assert not any(x.showdown for x in p.values())
    assert (co.won, co.net, utg.net, bb.net) == (1, 79 - 6 - 30, -36, -6)


def test_limped_pots_offer_no_raise_spots_and_everyone_sees_the_showdown() -> None:
    facts = facts_of(pokerstars_hand(limped_to_showdown, number=3))
    p = facts.players
    assert [x.vpip for x in p] == [1, 0, 1, 1, 1, 1]  # the big blind only checked
    assert sum(x.pfr + x.three_bet_opp + x.cbet_flop_opp for x in p) == 0
    assert all(x.saw_flop and x.showdown for x in p)
    winners = [x for x in p if x.won]
    assert winners and all(x.won_showdown for x in winners)
    assert sum(x.net for x in p) == 0
    assert facts.showdown and not facts.all_in_candidate


def test_an_all_in_before_the_flop_is_a_candidate_with_the_cards_shown() -> None:
    text = pokerstars_hand(all_in_preflop, number=4, players=["bb", "sb"], deck="AcKhAdKs")
    facts = facts_of(text)
    bb, sb = facts.players
    assert (bb.cards, sb.cards) == ("AcAd", "KhKs")
    assert facts.all_in_candidate and facts.all_in_board == ""
    assert (sb.position, sb.pfr, bb.three_bet_opp, bb.vpip) == ("SB", 1, 1, 1)


@pytest.mark.parametrize("seed", range(3))
def test_the_chips_add_up(seed: int) -> None:
    facts = facts_of(pokerstars_hand(limped_to_showdown, number=10 + seed))
    assert sum(p.net for p in facts.players) == 0
