"""What each viewer may see of a hand: a seat, a spectator, the house (RULES 3.4, 6.7, 6.8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules
from bigblind.cards import Card
from bigblind.engine import HOUSE
from bigblind.engine.events import BoardDealt, Burned, HoleDealt, Mucked, RunBoardDealt, Shown
from bigblind.engine.views import visible_events
from bigblind.errors import IllegalActionError
from tests.support import played_hands


def _public(hand: Hand) -> set[Card]:
    """The board of every run and every hand shown: seen by everyone (RULES 3.3, 6.7)."""
    cards: set[Card] = set()
    for event in hand.events:
        if isinstance(event, BoardDealt | RunBoardDealt | Shown):
            cards.update(event.cards)
    return cards


def _dealt(hand: Hand, seat: int) -> set[Card]:
    return {c for c in hand.hole(seat) if c is not None}


@settings(max_examples=150, deadline=None)
@given(played_hands())
def test_no_viewer_sees_a_card_the_rules_hide_and_the_house_sees_every_card(hand: Hand) -> None:
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    public = _public(hand)
    for viewer in [None, *range(hand.seats)]:
        seen = hand.seen(viewer)
        # RULES 3.4: one's own cards and what was shown; never another's face-down card,
        # a mucked hand (6.8) or a burn (3.2).
        own = _dealt(hand, viewer) if viewer is not None else set()
        assert seen.cards() == public | own, viewer
        for seat in range(hand.seats):
            if seat == viewer or seat in shown:
                assert seen.hole(seat) == hand.hole(seat)
            else:
                assert set(seen.hole(seat)) == {None}
        assert all(e.card is None for e in seen.events if isinstance(e, Burned))
        if viewer is not None:
            assert hand.view(viewer).events == seen.events  # the seat's view: the same events
    house = hand.seen(HOUSE)
    assert house.events == hand.events  # RULES 6.8: the house's record is the hand's
    every = {c for seat in range(hand.seats) for c in _dealt(hand, seat)}
    burns = {e.card for e in hand.events if isinstance(e, Burned) and e.card is not None}
    assert house.cards() == every | public | burns
    assert all(house.known(seat) for seat in range(hand.seats))


@settings(max_examples=150, deadline=None)
@given(played_hands())
def test_every_hand_at_the_showdown_is_shown_or_mucked_and_all_in_hands_are_shown(
    hand: Hand,
) -> None:
    # RULES 6.7: all-in hands are always shown; a hand that mucks is seen by nobody else.
    events = hand.events
    shown = {e.seat for e in events if isinstance(e, Shown)}
    mucked = {e.seat for e in events if isinstance(e, Mucked)}
    left = [s for s in range(hand.seats) if not hand.folded[s]]
    if len(left) < 2:
        return
    for seat in left:
        assert (seat in shown) != (seat in mucked)
        if hand.contributions[seat] == hand.starting_stacks[seat]:  # all-in
            assert seat in shown
    for seat in mucked:
        for viewer in [None, *range(hand.seats)]:
            if viewer != seat:
                assert set(hand.seen(viewer).hole(seat)) == {None}


@settings(max_examples=60, deadline=None)
@given(played_hands(), st.integers(0, 5))
def test_a_view_mid_hand_never_holds_a_card_not_yet_shown(hand: Hand, viewer: int) -> None:
    # RULES 3.4: every prefix of the events, as the hand stood then.
    viewer %= hand.seats
    events = hand.events
    for end in range(len(events) + 1):
        seen = visible_events(events[:end], viewer)
        for event in seen:
            if isinstance(event, HoleDealt) and event.seat != viewer:
                assert event.card is None
            if isinstance(event, Mucked) and event.seat != viewer:
                assert set(event.cards) == {None}


def test_a_viewer_is_a_seat_a_spectator_or_the_house() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50], deck=Deck.shuffled(seed=1))
    assert hand.seen(None).viewer is None and hand.seen("house").viewer == HOUSE
    for wrong in (2, -1, True, "Ann", 0.0):
        with pytest.raises(IllegalActionError, match="viewer"):
            hand.seen(wrong)
