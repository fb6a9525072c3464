"""Invariants of the engine over random games and random legal play (hypothesis)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import AnteType, Deck, Hand, IllegalActionError, Rules, Structure
from bigblind.engine.events import (
    BoardDealt,
    Burned,
    HoleDealt,
    PotAwarded,
    RunBoardDealt,
    RunsAgreed,
    Shown,
)
from tests.support import chips_in_play


@st.composite
def games(draw: st.DrawFn, *, offer_run_twice: bool = False) -> Hand:
    players = draw(st.integers(2, 23))
    structure = draw(st.sampled_from(Structure))
    big = draw(st.integers(1, 50))
    small = draw(st.integers(0, big))
    ante_type = draw(st.sampled_from(AnteType))
    ante = 0 if ante_type is AnteType.NONE else draw(st.integers(1, big))
    straddle = draw(st.sampled_from([0, 0, 0, 2 * big]))
    rules = Rules(
        structure=structure,
        small_blind=small,
        big_blind=big,
        ante=ante,
        ante_type=ante_type,
        straddle=straddle,
        uncapped_heads_up=draw(st.booleans()),
    )
    stacks = draw(st.lists(st.integers(1, 1000 * big), min_size=players, max_size=players))
    button = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32))
    deck = Deck.shuffled(seed=seed)
    return Hand(rules, stacks, button=button, deck=deck, offer_run_twice=offer_run_twice)


def state(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.contributions, hand.actor, hand.phase)


def try_illegal(hand: Hand, data: st.DataObject) -> None:
    """Every illegal action is refused and leaves the hand exactly as it was."""
    legal = hand.legal
    assert legal is not None
    before = state(hand)
    attempts: list[Callable[[], None]] = []
    if not legal.fold:
        attempts.append(hand.fold)
    if not legal.check:
        attempts.append(hand.check)
    if legal.call is None:
        attempts.append(hand.call)
    if legal.min_raise_to is None:
        attempts.append(lambda: hand.raise_to(hand.bets[legal.seat] + hand.stacks[legal.seat]))
    else:
        low, high = legal.min_raise_to, legal.max_raise_to or 0
        attempts.append(lambda: hand.raise_to(low - 1))
        attempts.append(lambda: hand.raise_to(high + 1))
    other = (legal.seat + 1) % hand.seats
    attempts.append(lambda: hand.check_or_call(seat=other))
    attempt = data.draw(st.sampled_from(attempts))
    with pytest.raises(IllegalActionError):
        attempt()
    assert state(hand) == before


def play_legal(hand: Hand, data: st.DataObject) -> None:
    legal = hand.legal
    assert legal is not None
    choices = []
    if legal.fold:
        choices.append("fold")
    if legal.check:
        choices.append("check")
    if legal.call is not None:
        choices.append("call")
    if legal.min_raise_to is not None:
        choices.append("raise")
    choice = data.draw(st.sampled_from(choices))
    if choice == "fold":
        hand.fold()
    elif choice == "check":
        hand.check()
    elif choice == "call":
        hand.call()
    else:
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        hand.raise_to(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to)))


# RULES 7.2 (chips conserved), RULES 1.3 (no card twice), RULES 7.1 (every hand ends),
# and refused actions that change nothing.
@settings(max_examples=150, deadline=None)
@given(games(), st.data())
def test_random_play_keeps_every_invariant(hand: Hand, data: st.DataObject) -> None:
    total = sum(hand.starting_stacks)
    for _ in range(500):
        if hand.finished:
            break
        assert chips_in_play(hand) == total
        # Queries never change state.
        before = state(hand)
        _ = (hand.legal, hand.pots, hand.view(0), hand.awaiting, repr(hand))
        assert state(hand) == before
        if data.draw(st.booleans()):
            try_illegal(hand, data)
        play_legal(hand, data)
    assert hand.finished and hand.result is not None
    assert sum(hand.result.stacks) == total
    assert sum(hand.result.payouts) == sum(p.amount for p in hand.result.pots)
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    cards += [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
    assert len(cards) == len(set(cards))
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    for pot in hand.result.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) == pot.amount
        if len(pot.eligible) > 1 and len(shown) > 1:
            assert set(pot.winners) <= shown


def run_state(hand: Hand) -> tuple[object, ...]:
    return (*state(hand), hand.boards, hand.awaiting, hand.can_run_twice)


# RULES 10.3 with RULES 7.2 and 1.3: random play where the players, whenever they may,
# choose at random to run the board twice: chips are conserved across both runs, no card
# is dealt twice (burns and both runs included), queries never change state.
@settings(max_examples=150, deadline=None)
@given(games(offer_run_twice=True), st.data())
def test_random_play_running_twice_keeps_every_invariant(hand: Hand, data: st.DataObject) -> None:
    total = sum(hand.starting_stacks)
    for _ in range(500):
        if hand.finished:
            break
        assert chips_in_play(hand) == total
        before = run_state(hand)
        _ = (hand.legal, hand.pots, hand.view(0), repr(hand), hand.result)
        assert run_state(hand) == before
        if hand.awaiting == "runs":
            assert hand.can_run_twice and hand.legal is None
            if data.draw(st.booleans()):
                hand.run_twice()
            else:
                hand.run_once()
        else:
            play_legal(hand, data)
    result = hand.result
    assert hand.finished and result is not None
    assert sum(result.stacks) == total
    assert sum(result.payouts) == sum(p.amount for p in result.pots)
    assert all(p.amount > 0 for p in result.pots)
    twice = any(isinstance(e, RunsAgreed) for e in hand.events)
    assert len(result.runs) == (2 if twice else 1)
    assert [sum(run.payouts) for run in result.runs] == [
        sum(p.amount for p in run.pots) for run in result.runs
    ]
    for run, board in zip(result.runs, hand.boards, strict=True):
        assert run.board == board
        assert len(board) == 5 or not twice
    if twice:
        first, second = (
            sum(e.amount for e in hand.events if isinstance(e, PotAwarded) and e.run == run)
            for run in (1, 2)
        )
        assert first - second in range(len(hand.pots) + 1)  # odd chips with the first run
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    cards += [c for e in hand.events if isinstance(e, BoardDealt | RunBoardDealt) for c in e.cards]
    assert len(cards) == len(set(cards))
