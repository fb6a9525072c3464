"""A hand with a dead hand written as PHH (RULES 9.2): bigblind's own field ``_dead_hands``."""

from __future__ import annotations

from bigblind import Deck, Hand, Rules
from bigblind.formats.phh import dumps, loads


def test_a_dead_hand_is_written_as_an_own_field() -> None:
    # RULES 9.2: PHH has no dead hand; the players killed are listed as p-numbers.
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100] * 3, button=0, deck=Deck.shuffled(seed=9))
    hand.call()  # seat 0
    hand.kill(1, "three cards")  # seat 1 is p1, the first left of the button
    while not hand.finished:
        hand.check_or_call()
    text = dumps(hand)
    assert "_dead_hands = [1]\n" in text
    read = loads(text)[0]
    assert read.metadata["_dead_hands"] == [1]
    assert not any(action.startswith("p1 ") for action in read.actions)
