"""A hand with a dead hand written as PHH (RULES 9.2): bigblind's own field ``_dead_hands``."""

from __future__ import annotations

import json

import pytest

from bigblind import Deck, Hand, Rules
from bigblind.errors import HistoryError
from bigblind.formats.phh import dumps, loads, replay


def test_a_dead_hand_is_written_as_an_own_field() -> None:
    # RULES 9.2: PHH has no dead hand; the players killed are listed as p-numbers.
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100] * 3, button=0, deck=Deck.shuffled(seed=9))
    hand.call()  # seat 0
    hand.kill(1, "three cards")  # seat 1 is p1, the first left of the button
    while not hand.finished:
        hand.check_or_call()
    text = dumps(hand)
    # p1 killed after the three hole-card deals and p3's call: 4 actions before it.
    assert "_dead_hands = [[1, 4]]\n" in text
    read = loads(text)[0]
    assert read.dead_hands == ((0, 4),)
    assert not any(action.startswith("p1 ") for action in read.actions)
    # Replayed, the kill comes back where it was: the same hand, the same result.
    again = replay(read)
    assert again.dead_hands == frozenset({0})
    assert again.result is not None and hand.result is not None
    assert again.result.payouts == tuple(hand.result.payouts[(s + 1) % 3] for s in range(3))


@pytest.mark.parametrize(
    "value",
    [[1], [[4, 0]], [[0, 0]], [[1, 99]], [[1, 0], [1, 2]], [[True, 0]], "p1", [[1, 0, 0]]],
)
def test_a_bad_dead_hands_field_is_refused_with_what_it_must_be(value: object) -> None:
    base = 'variant = "NT"\nblinds_or_straddles = [1, 2, 0]\nantes = [0, 0, 0]\nmin_bet = 2\n'
    text = f"{base}starting_stacks = [9, 9, 9]\nactions = []\n_dead_hands = {json.dumps(value)}\n"
    with pytest.raises(HistoryError, match=r"_dead_hands.*player, position"):
        loads(text)


def test_a_kill_that_cannot_happen_there_is_refused_on_replay() -> None:
    text = (
        'variant = "NT"\nblinds_or_straddles = [1, 2, 0]\nantes = [0, 0, 0]\nmin_bet = 2\n'
        "starting_stacks = [9, 9, 9]\n"
        'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f"]\n'
        "_dead_hands = [[3, 4]]\n"
    )
    with pytest.raises(HistoryError, match=r"p3's hand cannot die there: .*folded"):
        replay(loads(text)[0])
