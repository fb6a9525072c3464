"""Invariants of the facts on hands played at random: a spot taken is a spot offered."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules
from bigblind.bots.base import make_bot
from bigblind.formats import pokerstars
from bigblind.formats.phh.history import HandHistory
from bigblind.tracker.facts import FLAGS, hand_facts
from bigblind.tracker.luck import all_in_luck
from tests.tracker.hands import START

PAIRS = [(made, f"{made}_opp") for made in FLAGS if f"{made}_opp" in FLAGS]


def random_hand(seed: int, players: int, stack: int) -> HandHistory:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [stack] * players,
        button=players - 1,
        deck=Deck.shuffled(seed=seed),
    )
    bots = [make_bot("random" if i % 2 else "station", seed + i) for i in range(players)]
    while hand.actor is not None:
        seat = hand.actor
        hand.act(bots[seat].act(hand.view(seat)))
    text = pokerstars.dumps(
        hand, hand_id=seed + 1, table="T", players=[f"p{i}" for i in range(players)], when=START
    )
    (history,) = pokerstars.loads_each(text)
    assert isinstance(history, HandHistory)
    return history


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), stack=st.sampled_from([20, 200]))
def test_the_facts_of_any_hand_are_consistent(seed: int, players: int, stack: int) -> None:
    history = random_hand(seed, players, stack)
    facts = hand_facts(history)
    assert sum(p.net for p in facts.players) == 0  # RULES 7.2: no chip made or lost
    for p in facts.players:
        for made, chances in PAIRS:
            assert getattr(p, made) <= getattr(p, chances), (made, p)
        assert p.pfr <= p.vpip
        assert p.won_showdown <= p.showdown <= 1
        assert not p.cbet_turn_opp or p.cbet_flop
        if p.showdown and facts.board:
            assert p.saw_flop
    assert sum(p.steal for p in facts.players) <= 1  # one first raise at most
    assert facts.showdown == (sum(p.showdown for p in facts.players) >= 2)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_an_all_in_moves_no_chip_in_expectation(seed: int, players: int) -> None:
    history = random_hand(seed, players, 20)  # short stacks: all-ins come often
    facts = hand_facts(history)
    luck = all_in_luck(history, facts)
    if luck is None:
        return
    # Without rake the players' expected winnings add up to nothing, as the chips do.
    assert (
        abs(
            sum(luck.ev_net.values())
            + sum(p.net for p in facts.players if p.seat not in luck.ev_net)
        )
        < 1e-6
    )
    assert abs(sum(luck.equity.values()) - 1) < 1e-9
