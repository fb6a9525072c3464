"""A viewer's hand history is written from the viewer's view: the cards in the text are
the cards the view holds, no more and no fewer (RULES 3.4, 6.7, 6.8)."""

from __future__ import annotations

import re
from datetime import datetime

from hypothesis import given, settings

from bigblind.cards import Card, parse_cards
from bigblind.engine import HOUSE, Hand
from bigblind.engine.events import Burned
from bigblind.engine.views import SeenHand, Viewer
from bigblind.formats import phh, pokerstars
from tests.support import played_hands

_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _phh_cards(text: str) -> set[Card]:
    """Every card the PHH text's actions name: dealt, shown, board."""
    (history,) = phh.loads(text)
    return {c for action in history.actions for c in parse_cards(_CARD.findall(action))}


def _pokerstars_cards(text: str) -> set[Card]:
    """Every card in the PokerStars text: each in brackets (dealt, shown, mucked, board)."""
    return {c for part in re.findall(r"\[([^\]]*)\]", text) for c in parse_cards(part)}


def _written(seen: SeenHand) -> set[Card]:
    """The cards of the view a history writes: all but the burns, which no format records."""
    burns = {e.card for e in seen.events if isinstance(e, Burned)}
    return set(seen.cards()) - burns


def _viewers(hand: Hand) -> list[Viewer]:
    return [None, HOUSE, *range(hand.seats)]


@settings(max_examples=120, deadline=None)
@given(played_hands())
def test_a_viewers_phh_holds_the_cards_of_the_viewers_view(hand: Hand) -> None:
    for viewer in _viewers(hand):
        seen = hand.seen(viewer)
        assert _phh_cards(phh.dumps(seen)) == _written(seen), viewer


@settings(max_examples=120, deadline=None)
@given(played_hands(games=("holdem",)))
def test_a_viewers_pokerstars_text_holds_the_cards_of_the_viewers_view(hand: Hand) -> None:
    names = [f"p{seat + 1}" for seat in range(hand.seats)]
    when = datetime(2024, 1, 1)
    for viewer in [None, *range(hand.seats)]:
        seen = hand.seen(viewer)
        text = pokerstars.dumps(seen, hand_id=1, table="T", players=names, when=when, hero=viewer)
        assert _pokerstars_cards(text) == _written(seen), viewer
    # The house's text names what PokerStars writes: shown and mucked hands, the board;
    # a hand folded face down stays unwritten even there, and nothing beyond the view.
    house = hand.seen(HOUSE)
    text = pokerstars.dumps(house, hand_id=1, table="T", players=names, when=when)
    assert _pokerstars_cards(text) <= _written(house)
