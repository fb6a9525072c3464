"""A bomb pot (RULES 12.1): an equal ante from everyone, no blinds, the hand starts on the
flop."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules, RulesError, Structure
from bigblind.engine.events import Acted, BoardDealt, Burned, Forced, HoleDealt, Posted, Street
from bigblind.formats import phh, pokerstars
from tests.support import chips_in_play, play_out


def test_everyone_antes_no_blind_is_posted_and_the_betting_starts_on_the_flop() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [100, 100, 100, 100],
        button=1,
        bomb_pot=5,
        deck=Deck.shuffled(seed=4),
    )
    posts = [e for e in hand.events if isinstance(e, Posted)]
    # Every player, from left of the button, one ante each; no blind at all.
    assert [(e.seat, e.kind, e.amount) for e in posts] == [
        (seat, Forced.ANTE, 5) for seat in (2, 3, 0, 1)
    ]
    assert hand.street is Street.FLOP and hand.pot == 20 and hand.bets == (0, 0, 0, 0)
    # The flop came after the hole cards and its burn (RULES 3.2), no action before it.
    kinds = [type(e) for e in hand.events]
    flop = kinds.index(BoardDealt)
    assert kinds[flop - 1] is Burned and kinds[flop - 2] is HoleDealt
    assert Acted not in kinds
    # The first player left of the button acts first, as on any flop (RULES 4.3).
    assert hand.actor == 2
    legal = hand.legal
    assert legal is not None and legal.check and legal.bet and legal.min_raise_to == 2


def test_a_short_stack_is_all_in_for_its_ante_and_wins_only_what_it_matched() -> None:
    # Seat 2 has 3 chips for a bomb pot of 10: all-in, in the main pot of 3 from each.
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [50, 50, 3],
        bomb_pot=10,
        deck=Deck.stacked("As Ks Ah 2c 3d 7h 8c 9c 4h Jd Qd 5s 6s"),
    )
    assert hand.stacks == (40, 40, 0) and hand.pot == 23
    while not hand.finished:
        hand.check_or_call()
    result = hand.result
    assert result is not None
    assert [(pot.amount, pot.eligible) for pot in result.pots] == [(9, (0, 1, 2)), (14, (0, 1))]
    assert sum(result.stacks) == 103


def test_a_bomb_pot_of_players_all_in_from_their_antes_runs_the_board_out() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [4, 4], bomb_pot=10, deck=Deck.shuffled(seed=1))
    assert hand.finished and len(hand.board) == 5
    assert hand.result is not None and sum(hand.result.stacks) == 8


@pytest.mark.parametrize(
    ("amount", "options", "message"),
    [
        (True, {}, "whole chips"),
        (-1, {}, "whole chips"),
        (2.5, {}, "whole chips"),
        (5, {"blind_seats": (0, 1)}, "posts no blinds"),
        (5, {"live_blinds": {2: 2}}, "posts no blinds"),
    ],
)
def test_a_bomb_pot_that_makes_no_sense_is_refused(
    amount: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Hand(Rules.no_limit(blinds=(1, 2)), [50, 50, 50], bomb_pot=amount, **options)  # type: ignore[arg-type]


# RULES 12.1 with RULES 7.2: chips are conserved whatever the stacks, the ante and play.
@settings(max_examples=80, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 300), min_size=2, max_size=10),
    amount=st.integers(1, 60),
    structure=st.sampled_from(Structure),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 9), min_size=1, max_size=30),
    button=st.integers(0, 9),
)
def test_a_bomb_pot_keeps_every_chip_whatever_is_played(
    stacks: list[int],
    amount: int,
    structure: Structure,
    seed: int,
    picks: list[int],
    button: int,
) -> None:
    rules = Rules(structure=structure, small_blind=1, big_blind=2)
    hand = Hand(
        rules, stacks, button=button % len(stacks), bomb_pot=amount, deck=Deck.shuffled(seed=seed)
    )
    total = sum(stacks)
    assert chips_in_play(hand) == total
    assert hand.pot == sum(min(amount, s) for s in stacks)
    play_out(hand, picks)
    assert hand.finished and hand.result is not None
    assert sum(hand.result.stacks) == total
    assert not any(isinstance(e, Acted) and hand.board == () for e in hand.events)
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    cards += [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
    assert len(cards) == len(set(cards))


def test_histories_write_a_bomb_pot_as_antes_without_blinds() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)), [100, 100, 100], bomb_pot=5, deck=Deck.shuffled(seed=9)
    )
    while not hand.finished:
        hand.check_or_call()
    text = phh.dumps(hand, hand=1)
    assert "antes = [5, 5, 5]" in text and "blinds_or_straddles = [0, 0, 0]" in text
    assert "_bomb_pot = 5" in text
    read = phh.loads(text)[0]
    assert read.metadata["_bomb_pot"] == 5 and read.bomb_pot == 5
    # Read back, it is played as the bomb pot it was: the same board, the same stacks.
    again = phh.replay(read)
    assert again.board == hand.board and again.result is not None
    assert read.finishing_stacks is not None
    assert phh.stacks_match(read.finishing_stacks, again.result.stacks)
    assert [e.amount for e in again.events if isinstance(e, Posted)] == [5, 5, 5]
    when = datetime.datetime(2026, 1, 1)
    stars = pokerstars.dumps(hand, hand_id=1, table="T", players=["A", "B", "C"], when=when)
    assert stars.count("posts the ante 5") == 3 and "blind" not in stars.split("*** SUMMARY")[0]
    before_flop = stars.split("*** HOLE CARDS ***")[1].split("*** FLOP ***")[0]
    assert before_flop.strip() == ""  # no pre-flop action: the hand starts on the flop
