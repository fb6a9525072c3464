"""The optional straddle: the player left of the big blind chooses each hand (RULES 2.7)."""

from __future__ import annotations

import pytest

from bigblind import Forced, HandView, Rules
from bigblind.engine.events import Posted
from bigblind.sessions.table import StraddleOffer, Table, TableError

STRADDLING = Rules.no_limit(blinds=(1, 2), straddle=4)


def passive(view: HandView) -> str:
    assert view.legal is not None
    return "fold" if view.legal.fold else "check"


def table_of(players: int, rules: Rules = STRADDLING) -> Table:
    table = Table(rules, seats=6, seed=3, first_button=0)
    for seat in range(players):
        table.join(seat, f"P{seat}", 200)
    return table


def straddles(record_events: tuple[object, ...]) -> list[Posted]:
    return [e for e in record_events if isinstance(e, Posted) and e.kind is Forced.STRADDLE]


def test_nobody_straddles_unless_the_player_chooses_to() -> None:
    # RULES 2.7: at a table that allows straddles the straddle is a choice, not compulsory.
    table = table_of(4)
    record = table.play_hand(passive)
    assert straddles(record.hand.events) == []
    assert record.table_hand.layout.straddler is None


def test_the_player_left_of_the_big_blind_is_asked_and_may_straddle() -> None:
    # RULES 2.7: a live bet of 2 BB by the player left of the big blind.
    table = table_of(4)
    offer = table.straddle_offer()
    assert offer == StraddleOffer(seat=3, name="P3", stack=200, amount=4, big_blind=2)
    asked: list[StraddleOffer] = []

    def yes(offer: StraddleOffer) -> bool:
        asked.append(offer)
        return True

    record = table.play_hand(passive, straddle=yes)
    assert asked == [offer]
    (post,) = straddles(record.hand.events)
    assert record.seats[post.seat] == 3 and post.amount == 4
    assert record.table_hand.layout.straddler == 3


def test_each_hand_is_asked_anew_and_a_refusal_means_no_straddle() -> None:
    # RULES 2.7: the choice is made each hand.
    table = table_of(4)
    answers = iter([True, False, True])
    taken = []
    for _ in range(3):
        record = table.play_hand(passive, straddle=lambda offer: next(answers))
        taken.append(bool(straddles(record.hand.events)))
    assert taken == [True, False, True]


def test_deciders_may_come_one_per_seat() -> None:
    # RULES 2.7: only the player offered the straddle is asked.
    table = table_of(4)
    record = table.play_hand(passive, straddle={0: lambda offer: True})
    assert straddles(record.hand.events) == []  # seat 3 was offered and has no decider
    record = table.play_hand(passive, straddle={0: lambda offer: True})
    (post,) = straddles(record.hand.events)
    assert record.seats[post.seat] == 0


def test_no_straddle_heads_up_nor_without_the_rule() -> None:
    # RULES 2.7: the straddle needs a player left of the big blind other than the button.
    assert table_of(2).straddle_offer() is None
    plain = table_of(4, Rules.no_limit(blinds=(1, 2)))
    assert plain.straddle_offer() is None
    with pytest.raises(TableError, match="no straddle"):
        plain.start_hand(straddle=True)


def test_a_straddle_covers_an_owed_big_blind_but_a_refusal_posts_it() -> None:
    # RULES 2.7 and 10.1: the straddle is a live bet of at least the big blind.
    for take in (True, False):
        table = Table(STRADDLING, seats=6, seed=3, first_button=0)
        for seat in (0, 2, 4):
            table.join(seat, f"P{seat}", 200)
        table.play_hand(passive)  # button 0, blinds 2 and 4
        table.join(1, "New", 200)  # posts a big blind to play at once, left of the next one
        offer = table.straddle_offer()
        assert offer is not None and offer.seat == 1
        record = table.play_hand(passive, straddle=lambda offer: take)  # noqa: B023
        posts = [e for e in record.hand.events if isinstance(e, Posted)]
        new_posts = [e.kind for e in posts if record.seats[e.seat] == 1]
        assert new_posts == ([Forced.STRADDLE] if take else [Forced.LIVE_BLIND])
