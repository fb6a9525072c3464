"""A live game between hands: newcomers, owed blinds, heads-up (RULES 10.1, 8.4)."""

from __future__ import annotations

import random

import pytest

from bigblind import Forced, IllegalActionError, Rules
from bigblind.engine.events import Posted
from bigblind.errors import RulesError
from bigblind.formats.phh import loads as phh_loads
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
    # The refusal says why, not that players are missing.
    with pytest.raises(RulesError) as refused:
        session.start_hand(straddle=True)
    assert "rules have no straddle" in str(refused.value)
    assert "two players" not in str(refused.value)


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


def play_out(live: LiveHand, rng: random.Random) -> None:
    """Deal real cards and play the hand to its end with random legal choices."""
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    rng.shuffle(deck)
    while not live.finished:
        awaiting = live.awaiting
        if awaiting == "hole card":
            live.deal_hole(card=deck.pop())
        elif awaiting == "action":
            legal = live.legal
            assert legal is not None
            choices = ["fold"] if legal.fold else []
            choices += ["check"] if legal.check else ["call"]
            choices += ["all-in"] if legal.can_raise else []
            live.act(rng.choice(choices))
        elif awaiting == "show":
            live.show()
        elif awaiting == "runs":
            live.run_twice() if rng.random() < 0.5 else live.run_once()
        else:
            live.deal_board(" ".join(deck.pop() for _ in range(3 if awaiting == "flop" else 1)))


# RULES 7.2, 10.1: over random live games with players joining, rebuying and going broke,
# every chip is accounted for and every hand is written.
@pytest.mark.parametrize("seed", range(30))
def test_random_live_games_with_newcomers_and_rebuys_keep_every_chip(seed: int) -> None:
    rng = random.Random(seed)
    players = [(f"P{i}", rng.randint(3, 60)) for i in range(rng.randint(2, 5))]
    rules = Rules.no_limit(blinds=(1, 2), straddle=4 if seed % 2 else 0)
    session = LiveSession(rules, players, button=0, run_twice=seed % 3 == 0)
    total = sum(session.stacks)
    for turn in range(25):
        choice = rng.random()
        if choice < 0.15:
            chips = rng.randint(1, 50)
            seat = rng.randint(0, len(session.names))
            session.add_player(f"N{turn}", chips, seat=seat, wait_for_big_blind=choice < 0.05)
            total += chips
        elif choice < 0.3:
            chips = rng.randint(1, 50)
            session.rebuy(rng.choice(session.names), chips, wait_for_big_blind=choice < 0.2)
            total += chips
        elif session.can_deal():
            straddle = session.straddle_offer() is not None and rng.random() < 0.5
            play_out(session.start_hand(straddle=straddle), rng)
            session.finish_hand()
        assert sum(session.stacks) == total
    assert len(phh_loads(session.phh())) == len(session.history)
