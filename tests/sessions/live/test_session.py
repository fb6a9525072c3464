"""A live game between hands: newcomers, owed blinds, heads-up (RULES 10.1, 8.4)."""

from __future__ import annotations

import pytest

from bigblind import Forced, IllegalActionError, Rules
from bigblind.engine.events import Posted
from bigblind.errors import RulesError
from bigblind.sessions.live import LiveHand, LiveSession

RULES = Rules.no_limit(blinds=(1, 2))


def fold_around(live: LiveHand) -> None:
    """Deal unknown cards and fold to the big blind."""
    while live.dealing:
        live.deal_hole()
    while not live.finished:
        legal = live.legal
        assert legal is not None
        live.act("fold" if legal.fold else "check")


def posts(session: LiveSession, live: LiveHand) -> list[tuple[Forced, str, int]]:
    return [
        (e.kind, session.names[session.dealt[e.seat]], e.amount)
        for e in live.events
        if isinstance(e, Posted)
    ]


def test_a_newcomer_posts_a_big_blind_to_play_at_once() -> None:
    # RULES 10.1: as at the table, a new player posts a big blind or waits for it.
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100), ("Cy", 100)], button=0)
    fold_around(session.start_hand())  # button Ann, blinds Bob and Cy
    session.finish_hand()
    session.add_player("Dee", 100, seat=1)  # between Ann and Bob
    live = session.start_hand()  # button Bob, blinds Cy and Ann
    assert session.names == ("Ann", "Dee", "Bob", "Cy")
    assert posts(session, live) == [
        (Forced.SMALL_BLIND, "Cy", 1),
        (Forced.BIG_BLIND, "Ann", 2),
        (Forced.LIVE_BLIND, "Dee", 2),
    ]
    assert live.names[session.dealt.index(1)] == "Dee (seat 2)"


def test_a_newcomer_may_wait_for_the_big_blind() -> None:
    # RULES 10.1
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100), ("Cy", 100)], button=0)
    fold_around(session.start_hand())
    session.finish_hand()
    session.add_player("Dee", 100, seat=1, wait_for_big_blind=True)
    live = session.start_hand()  # the big blind is Ann's: Dee waits
    assert 1 not in session.dealt
    fold_around(live)
    session.finish_hand()
    live = session.start_hand()  # the big blind reaches Dee
    assert 1 in session.dealt
    assert (Forced.BIG_BLIND, "Dee", 2) in posts(session, live)


def test_a_newcomer_between_two_players_moves_the_seats_on() -> None:
    # RULES 10.1: the button stays with its player.
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100), ("Cy", 100)], button=0)
    fold_around(session.start_hand())
    session.finish_hand()
    assert session.button == 1  # Bob
    session.add_player("Dee", 100, seat=1)
    assert session.names == ("Ann", "Dee", "Bob", "Cy") and session.button == 2
    live = session.start_hand()
    assert session.names[session.dealt[live.button]] == "Bob"


def test_heads_up_nobody_posts_the_big_blind_twice_in_a_row() -> None:
    # RULES 10.1, 8.4 (TDA 34-B): the button busts; the last big blind does not post again.
    session = LiveSession(RULES, [("Ann", 3), ("Bob", 100), ("Cy", 100)], button=0)
    live = session.start_hand()  # button Ann, small blind Bob, big blind Cy
    for card in (None, "As", "7d", None, "Ah", "2c"):  # Bob, Cy, Ann, Bob, Cy, Ann
        live.deal_hole(card=card)
    live.act("all-in")  # Ann
    live.act("fold")  # Bob
    live.act("call")  # Cy
    while live.awaiting == "show":
        live.show()
    for street in ("3c 8d 9h", "Js", "Kd"):
        live.deal_board(street)
    session.finish_hand()
    assert session.stacks == (0, 99, 104)
    live = session.start_hand()
    assert session.dealt == (1, 2)
    kinds = {name: kind for kind, name, _ in posts(session, live)}
    assert kinds == {"Bob": Forced.BIG_BLIND, "Cy": Forced.SMALL_BLIND}


def test_adding_players_is_checked() -> None:
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100)])
    with pytest.raises(RulesError, match="already"):
        session.add_player("Ann", 100)
    with pytest.raises(RulesError, match="seat 5"):
        session.add_player("Cy", 100, seat=5)
    with pytest.raises(RulesError, match="1 or more"):
        session.add_player("Cy", 0)
    with pytest.raises(RulesError, match="line"):
        session.add_player("C\ny", 10)
    session.start_hand()
    with pytest.raises(IllegalActionError, match="between hands"):
        session.add_player("Cy", 100)


# RULES 2.7: where straddles are allowed, the player left of the big blind chooses each hand.
@pytest.mark.parametrize("takes", [True, False])
def test_the_player_offered_the_straddle_chooses(takes: bool) -> None:
    rules = Rules(structure=RULES.structure, small_blind=1, big_blind=2, straddle=4)
    players = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    session = LiveSession(rules, players, button=0)
    offer = session.straddle_offer()
    assert offer is not None and (offer.name, offer.amount) == ("Dee", 4)
    live = session.start_hand(straddle=takes)
    assert session.straddle_offer() is None  # asked once, before the deal
    straddles = [p for p in posts(session, live) if p[0] is Forced.STRADDLE]
    assert straddles == ([(Forced.STRADDLE, "Dee", 4)] if takes else [])


def test_no_straddle_is_offered_where_the_rules_have_none() -> None:
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100), ("Cy", 100)], button=0)
    assert session.straddle_offer() is None


def bust_ann(session: LiveSession) -> None:
    """Ann (3 chips, the button) goes all-in and loses to Cy, the big blind."""
    live = session.start_hand()
    for card in (None, "As", None, "7d", None, "Ah", None, "2c"):  # Bob, Cy, Dee, Ann ...
        live.deal_hole(card=card)
    live.act("fold")  # Dee
    live.act("all-in")  # Ann
    live.act("fold")  # Bob
    live.act("call")  # Cy
    while live.awaiting == "show":
        live.show()
    for street in ("3c 8d 9h", "Js", "Kd"):
        live.deal_board(street)
    session.finish_hand()


def test_a_busted_player_who_rebuys_after_the_blinds_passed_owes_them() -> None:
    # RULES 10.1: as at a cash table, blinds missed while a busted player had no chips are
    # owed when they rebuy: a live big blind and a dead small blind.
    players = [("Ann", 3), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    session = LiveSession(RULES, players, button=0)
    bust_ann(session)
    assert session.stacks[0] == 0
    for _ in range(3):  # the big blind and then the small blind pass Ann's seat
        fold_around(session.start_hand())
        session.finish_hand()
    session.rebuy("Ann", 100)
    assert session.stacks[0] == 100
    live = session.start_hand()
    assert 0 in session.dealt
    assert (Forced.LIVE_BLIND, "Ann", 2) in posts(session, live)
    assert (Forced.DEAD_BLIND, "Ann", 1) in posts(session, live)


def test_a_busted_player_who_rebuys_at_once_owes_nothing() -> None:
    # RULES 10.1: no blind passed, nothing is owed.
    players = [("Ann", 3), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    session = LiveSession(RULES, players, button=0)
    bust_ann(session)
    session.rebuy("Ann", 50)
    live = session.start_hand()
    assert [kind for kind, name, _ in posts(session, live) if name == "Ann"] == []


def test_rebuys_are_checked() -> None:
    session = LiveSession(RULES, [("Ann", 100), ("Bob", 100)])
    with pytest.raises(RulesError, match="no player 'Cy'"):
        session.rebuy("Cy", 10)
    with pytest.raises(RulesError, match="1 or more"):
        session.rebuy("Ann", 0)
    session.start_hand()
    with pytest.raises(IllegalActionError, match="between hands"):
        session.rebuy("Ann", 10)
