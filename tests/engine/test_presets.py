"""Bet-size presets (RULES 5.7)."""

from __future__ import annotations

import pytest

from bigblind import Deck, Hand, IllegalActionError, Rules
from bigblind.engine.presets import preset_amount

NL = Rules.no_limit(blinds=(1, 2))


# RULES 5.7: each preset becomes a legal amount, clamped, all-in where it reaches the stack.
def test_presets_facing_the_blinds() -> None:
    hand = Hand(NL, [200, 200, 200], deck=Deck.shuffled(seed=1))
    assert preset_amount(hand, "x2") == 4
    assert preset_amount(hand, "x3") == 6
    assert preset_amount(hand, "50%") == 2 + round(0.5 * 5)  # half the pot after calling
    assert preset_amount(hand, "100%") == preset_amount(hand, "pot") == 7
    assert preset_amount(hand, "all-in") == 200
    assert preset_amount(hand, "min") == 4


def test_presets_are_clamped() -> None:
    hand = Hand(NL, [200, 200, 20], deck=Deck.shuffled(seed=2))
    hand.call()
    hand.call()
    assert preset_amount(hand, "x50") == 20  # the big blind has only 20 chips
    hand.check()
    assert preset_amount(hand, "33%") == 2  # a third of 6 is below the minimum bet
    assert preset_amount(hand, "x3") == 6  # no bet yet: three minimum bets


def test_presets_in_pot_limit_and_view() -> None:
    hand = Hand(Rules.pot_limit(blinds=(5, 10)), [1000] * 4, deck=Deck.shuffled(seed=3))
    assert preset_amount(hand, "all-in") == 35  # RULES 5.3: the pot limit
    assert preset_amount(hand.view(hand.actor or 0), "x3") == 30


def test_bad_presets() -> None:
    hand = Hand(NL, [200, 200], deck=Deck.shuffled(seed=4))
    with pytest.raises(IllegalActionError, match="unknown preset 'x'"):
        preset_amount(hand, "x")
    hand.raise_to(200)
    with pytest.raises(IllegalActionError, match="no bet or raise is possible"):
        preset_amount(hand, "x2")
