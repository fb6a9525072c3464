"""Hand for hand near the money: players out in one round share places by stack (RULES 8.3)."""

from __future__ import annotations

from bigblind import HandView
from bigblind.sessions import Tournament
from bigblind.sessions.table import Table
from bigblind.sessions.tournament import Finish
from tests.support import stacked_deck

# Five paid places among six players: the next player out is the last one unpaid.
PERCENTAGES = ["30", "25", "20", "15", "10"]


def tournament(hand_for_hand: bool) -> Tournament:
    return Tournament(
        [f"P{i}" for i in range(6)],
        starting_stack=100,
        table_size=3,
        seed=4,
        prize_pool=100,
        percentages=PERCENTAGES,
        hand_for_hand=hand_for_hand,
    )


def play_a_bust(t: Tournament) -> Table:
    """At the next table, the first two players dealt in go all-in; the first one loses."""
    table = t.next_table()
    layout = table.layout()
    loser, winner = layout.dealt[0], layout.dealt[1]
    holes = {loser: "7c2d", winner: "AsAh"}
    spare = iter(["4c5d", "4h6d"])
    by_hand_seat = [holes.get(seat) or next(spare) for seat in layout.dealt]
    deck = stacked_deck(by_hand_seat, "3c8d9hJsKd", button=layout.engine_button)
    playing, current = t.start_hand(deck=deck)
    assert playing is table

    def decide(view: HandView) -> str:
        assert view.legal is not None
        if current.table_seat(view.seat) in (loser, winner):
            if view.legal.can_raise:
                return "all-in"
            return "call" if view.legal.call is not None else "check"
        return "fold" if view.legal.fold else "check"

    table.play_turns(decide)
    t.finish_hand()
    return table


def test_players_out_at_two_tables_in_one_round_share_the_places() -> None:
    # RULES 8.3 (TDA 21): out in the same hand-for-hand round with equal starting stacks,
    # they share places 5 and 6 and split the prize of 5th.
    t = tournament(hand_for_hand=True)
    first = play_a_bust(t)
    assert t.in_step
    assert t.remaining == 5 and not t.results  # the first player out waits for the round
    second = play_a_bust(t)
    assert second is not first
    results: tuple[Finish, ...] = t.results
    out = [f for f in results if f.places != (1,)]
    assert sorted(f.places for f in out) == [(5, 6), (5, 6)]
    assert sorted(f.payout for f in out) == [5, 5]


def test_without_hand_for_hand_the_first_out_is_placed_at_once() -> None:
    # RULES 8.3: different hands, different places.
    t = tournament(hand_for_hand=False)
    play_a_bust(t)
    (sixth,) = t.results
    assert sixth.places == (6,) and sixth.payout == 0
    play_a_bust(t)
    assert sorted(f.places for f in t.results) == [(5,), (6,)]


def test_hand_for_hand_waits_for_the_bubble() -> None:
    # With more players left than one over the paid places, rounds are not in step.
    t = Tournament(
        [f"P{i}" for i in range(6)],
        starting_stack=100,
        table_size=3,
        seed=4,
        prize_pool=100,
        percentages=["60", "40"],
        hand_for_hand=True,
    )
    play_a_bust(t)
    assert not t.in_step
    assert len(t.results) == 1


def test_a_tournament_played_hand_for_hand_places_everyone_and_pays_the_pool() -> None:
    # RULES 8.3: every place given once, the whole prize pool paid.
    def shove(view: HandView) -> str:
        assert view.legal is not None
        if view.legal.can_raise:
            return "all-in"
        return "call" if view.legal.call is not None else "check"

    for seed in range(5):
        t = Tournament(
            [f"P{i}" for i in range(14)],
            starting_stack=60,
            table_size=4,
            seed=seed,
            buy_in=10,
            hand_for_hand=True,
        )
        results = t.play(shove)
        assert sum(f.payout for f in results) == t.prize_pool
        assert len(results) == 14
        groups = {f.places for f in results}
        # The places shared make up 1 to 14 once each, each shared by as many players.
        assert sorted(p for g in groups for p in g) == list(range(1, 15))
        for group in groups:
            assert sum(1 for f in results if f.places == group) == len(group)


def bust_the_player_with(t: Tournament, chips: int) -> str:
    """At the next table the player with ``chips`` goes all-in against the biggest stack
    and loses; the others fold. Returns the name of the player out."""
    table = t.next_table()
    layout = table.layout()
    stacks = {seat: table.player(seat).stack for seat in layout.dealt}  # type: ignore[union-attr]
    (loser,) = [seat for seat, stack in stacks.items() if stack == chips]
    winner = max((seat for seat in stacks if seat != loser), key=lambda seat: stacks[seat])
    holes = {loser: "7c2d", winner: "AsAh"}
    spare = iter(["4c5d", "4h6d"])
    by_hand_seat = [holes.get(seat) or next(spare) for seat in layout.dealt]
    deck = stacked_deck(by_hand_seat, "3c8d9hJsKd", button=layout.engine_button)
    playing, current = t.start_hand(deck=deck)
    assert playing is table

    def decide(view: HandView) -> str:
        assert view.legal is not None
        if current.table_seat(view.seat) in (loser, winner):
            if view.legal.can_raise:
                return "all-in"
            return "call" if view.legal.call is not None else "check"
        return "fold" if view.legal.fold else "check"

    name = table.player(loser).name  # type: ignore[union-attr]
    table.play_turns(decide)
    t.finish_hand()
    return name


def test_out_in_one_round_with_other_stacks_the_larger_finishes_higher() -> None:
    # RULES 8.3 (TDA 21): out at different tables in one hand-for-hand round, the players
    # are placed by their stacks at the start of their hands, the larger higher.
    t = tournament(hand_for_hand=True)
    for _ in range(2):  # a round of folds leaves stacks of 90, 100 and 110 at each table
        table, _current = t.start_hand()
        table.play_turns(lambda view: "fold" if view.legal and view.legal.fold else "check")
        t.finish_hand()
    assert t.in_step and not t.results
    smaller = bust_the_player_with(t, 90)
    assert not t.results  # waits for the round's other hand
    larger = bust_the_player_with(t, 100)
    places = {f.name: (f.places, f.payout) for f in t.results}
    assert places == {larger: ((5,), 10), smaller: ((6,), 0)}
