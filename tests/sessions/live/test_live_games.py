"""Live mode deals the other games: four to six cards a player, one at a time round the
table, and the dealer's errors counted against them (RULES 9, 11)."""

from __future__ import annotations

import pytest

from bigblind import Rules
from bigblind.evaluation import OMAHA, OMAHA5, SHORT_DECK_HOLDEM, Game
from bigblind.sessions.live import LiveHand


@pytest.mark.parametrize("game", [OMAHA, OMAHA5])
def test_the_dealer_gives_each_player_their_omaha_cards(game: Game) -> None:
    # RULES 11.1: a round of the table per card, the fourth (fifth) card named so.
    rules = Rules.pot_limit(blinds=(1, 2), game=game)
    live = LiveHand(rules, [100, 100, 100], button=2)
    for _ in range(3 * 3):
        live.deal_hole()
    assert live.next_step == "Deal the fourth card to seat 0"
    for _ in range(3 * (rules.game.hole_cards - 3)):
        live.deal_hole()
    assert live.next_step.startswith("Seat 2 to act")
    assert all(len(live.hand.hole(seat)) == rules.game.hole_cards for seat in range(3))


def test_a_card_too_many_in_omaha_is_counted_against_four() -> None:
    # RULES 9.1, 11.1: the fifth card to a player of four-card Omaha is a dealer's error.
    live = LiveHand(Rules.pot_limit(blinds=(1, 2), game=OMAHA), [100, 100], button=1)
    for _ in range(8):
        live.deal_hole()
    with pytest.raises(ValueError, match="the hole cards are all dealt"):
        live.deal_hole()


def test_the_dealer_shows_the_short_deck_cards() -> None:
    # RULES 11.3: a two is no card of the short deck; the house refuses it.
    live = LiveHand(Rules.no_limit(blinds=(1, 2), game=SHORT_DECK_HOLDEM), [100, 100], button=1)
    with pytest.raises(ValueError, match="not in the deck of Short deck"):
        live.deal_hole(card="2c")
