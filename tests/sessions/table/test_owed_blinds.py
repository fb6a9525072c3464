"""Blinds owed at a cash table: after a bust, after leaving, after heads-up (RULES 10.1)."""

from __future__ import annotations

from bigblind import Forced, HandView
from bigblind.sessions.table import Status, Table
from tests.sessions.test_table import RULES, calling, deck_for, make_table, passive, posts, shove


def bust_in_place(table: Table, loser: int, winner: int) -> None:
    """``loser`` goes all-in and loses to ``winner``, and stays seated with no chips."""
    layout = table.layout()
    deck = deck_for(layout, {winner: "AsAh", loser: "7c2d"}, "3c8d9hJsKd")

    def decide(view: HandView) -> str:
        assert view.legal is not None
        seat = layout.dealt[view.seat]
        if seat == loser:
            return shove(view)
        if seat == winner:
            return calling(view)
        return "fold" if view.legal.fold else "check"

    table.play_hand(decide, deck=deck)
    info = table.player(loser)
    assert info is not None and info.stack == 0


def test_a_busted_player_who_rebuys_after_the_blinds_passed_owes_them() -> None:
    # RULES 10.1: blinds missed while a busted player had no chips are owed on rebuying.
    table = make_table({0: 100, 1: 10, 2: 100, 3: 100})
    bust_in_place(table, loser=1, winner=2)
    for _ in range(3):  # the big blind and then the small blind pass seat 1
        table.play_hand(passive)
    table.rebuy(1, 100)
    info = table.player(1)
    assert info is not None and info.status is Status.POSTING
    assert info.owes_small_blind and info.owes_big_blind
    record = table.play_hand(passive)
    assert (Forced.LIVE_BLIND, 1, 2) in posts(record)
    assert (Forced.DEAD_BLIND, 1, 1) in posts(record)


def test_a_busted_player_who_rebuys_before_the_blinds_pass_owes_nothing() -> None:
    # RULES 10.1: nothing was missed, so nothing is owed.
    table = make_table({0: 100, 1: 10, 2: 100, 3: 100})
    bust_in_place(table, loser=1, winner=2)
    table.rebuy(1, 100)
    info = table.player(1)
    assert info is not None and info.status is Status.ACTIVE
    assert not (info.owes_small_blind or info.owes_big_blind)


def test_a_busted_player_may_wait_for_the_big_blind_instead() -> None:
    # RULES 10.1: waiting for the big blind settles what is owed.
    table = make_table({0: 100, 1: 10, 2: 100, 3: 100})
    bust_in_place(table, loser=1, winner=2)
    for _ in range(3):
        table.play_hand(passive)
    table.rebuy(1, 100, wait_for_big_blind=True)
    info = table.player(1)
    assert info is not None and info.status is Status.WAITING


def test_leaving_and_rejoining_does_not_wipe_blinds_owed() -> None:
    # RULES 10.1: a player who owes blinds cannot clear them by leaving and coming back.
    table = make_table({0: 100, 1: 100, 2: 100, 3: 100})
    table.play_hand(passive)
    table.sit_out(1)
    for _ in range(3):
        table.play_hand(passive)
    info = table.player(1)
    assert info is not None and info.owes_small_blind and info.owes_big_blind
    chips = table.leave(1)
    table.join(5, "P1", chips)
    info = table.player(5)
    assert info is not None and info.status is Status.POSTING
    assert info.owes_small_blind and info.owes_big_blind
    # A stranger in the same spot owes the big blind alone.
    table.join(1, "Stranger", 100)
    stranger = table.player(1)
    assert stranger is not None and not stranger.owes_small_blind and stranger.owes_big_blind


def test_heads_up_at_a_dead_button_table_a_new_player_is_dealt_in_at_once() -> None:
    # RULES 10.1, 8.4: a new player posting from the seat after the big blind plays at
    # once, at a dead-button table as at a moving-button one.
    for hands in (1, 2, 3):
        for new_seat in (1, 2, 4, 5):
            layouts = []
            for dead in (False, True):
                table = Table(RULES, seats=6, seed=1, first_button=0, dead_button=dead)
                table.join(0, "A", 100)
                table.join(3, "B", 100)
                for _ in range(hands):
                    last = table.play_hand(passive)
                table.join(new_seat, "New", 100)
                layouts.append(table.layout())
            moving, dead_button = layouts
            assert dead_button == moving
            # Nobody posts the big blind twice in a row.
            assert dead_button.big_blind != last.big_blind
            assert new_seat in dead_button.dealt
