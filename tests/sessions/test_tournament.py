"""Tournaments: levels, dead button, eliminations, places, payouts, tables (RULES 8)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import AnteType, Deck, Forced, HandView, Street
from bigblind.engine.events import Posted
from bigblind.formats.phh import loads
from bigblind.sessions.table import HandRecord, Layout, Table
from bigblind.sessions.tournament import (
    BlindStructure,
    Finish,
    Level,
    Tournament,
    TournamentError,
    paid_places,
    payout_percentages,
    payouts,
)
from tests.sessions.test_table import acting_order, replays
from tests.support import stacked_deck

BOARD = "3c8d9hJsKd"


def passive(view: HandView) -> str:
    assert view.legal is not None
    return "fold" if view.legal.fold else "check"


def shove(view: HandView) -> str:
    assert view.legal is not None
    if view.legal.can_raise:
        return "all-in"
    return "call" if view.legal.call is not None else "check"


def deck_for(layout: Layout, holes: Mapping[int, str]) -> Deck:
    """A deck dealing ``holes`` (by table seat) and :data:`BOARD` for the hand ``layout`` plans."""
    spare = iter(["4c5d", "4h6d", "5c6s", "4s6c", "5h6h", "4d5s", "7h2s", "7s2h", "7d2c"])
    by_hand_seat = [holes.get(seat) or next(spare) for seat in layout.dealt]
    return stacked_deck(by_hand_seat, BOARD, button=layout.engine_button)


def play_scripted(
    tournament: Tournament,
    holes: Callable[[Layout, Table], Mapping[int, str]],
    decide: Callable[[Layout, Table], Mapping[str, Callable[[HandView], str]]],
) -> HandRecord:
    """Play the next hand with chosen hole cards and one decision function per player."""
    table = tournament.next_table()
    layout = table.layout()
    by_name = decide(layout, table)
    table_, current = tournament.start_hand(deck=deck_for(layout, holes(layout, table)))
    assert table_ is table and current.layout == layout
    hand = current.hand
    while not hand.finished:
        actor = hand.actor
        assert actor is not None
        hand.act(by_name[current.names[actor]](hand.view(actor)), seat=actor)
    return tournament.finish_hand()


def name_at(table: Table, seat: int) -> str:
    info = table.player(seat)
    assert info is not None
    return info.name


# ------------------------------------------------------------------ levels


def test_the_default_structure_has_quarter_antes_from_level_five() -> None:
    # RULES 2.4, 8.2: antes of a quarter of the big blind from level 5.
    structure = BlindStructure.default()
    assert all(level.ante == 0 for level in structure.levels[:4])
    assert all(level.ante * 4 == level.big_blind for level in structure.levels[4:])
    assert structure.rules(4).ante_type is AnteType.PER_PLAYER
    assert all(level.minutes == 15 for level in structure.levels)
    bba = BlindStructure.default(big_blind_ante=True, hands=5)
    assert bba.rules(5).ante_type is AnteType.BIG_BLIND and bba.level(5).ante == 300
    assert bba.rules(0).ante_type is AnteType.NONE


def test_a_level_lasts_minutes_or_hands() -> None:
    with pytest.raises(TournamentError, match="either some minutes or some hands"):
        Level(10, 20)
    with pytest.raises(TournamentError, match="either"):
        Level(10, 20, minutes=5, hands=3)
    with pytest.raises(TournamentError):
        BlindStructure(())


def test_a_new_level_applies_from_the_next_hand() -> None:
    # RULES 8.1, TDA 23: a level that begins during a hand applies from the next hand.
    now = [0.0]
    structure = BlindStructure((Level(10, 20, minutes=1), Level(20, 40, ante=10, minutes=1)))
    tournament = Tournament(
        ["A", "B", "C"], starting_stack=1000, structure=structure, seed=2, clock=lambda: now[0]
    )

    def slow(view: HandView) -> str:
        now[0] = 61.0  # the first level ends while this hand is played
        return passive(view)

    first = play_or_finish(tournament, slow)
    assert first.hand.rules.big_blind == 20 and first.table_hand.level == 1
    assert tournament.level == 2
    second = play_or_finish(tournament, passive)
    assert second.hand.rules.big_blind == 40 and second.table_hand.level == 2
    antes = [e for e in second.hand.events if isinstance(e, Posted) and e.kind is Forced.ANTE]
    assert [e.amount for e in antes] == [10, 10, 10]


def test_levels_by_hands_count_rounds_of_hands() -> None:
    structure = BlindStructure((Level(5, 10, hands=2), Level(10, 20, hands=2)))
    tournament = Tournament(["A", "B", "C"], starting_stack=500, structure=structure, seed=4)
    blinds = [play_or_finish(tournament, passive).hand.rules.big_blind for _ in range(6)]
    assert blinds == [10, 10, 20, 20, 40, 40]  # past the last level the blinds double


def play_or_finish(tournament: Tournament, decide: Callable[[HandView], str]) -> HandRecord:
    """Play one hand of ``tournament`` with ``decide`` for everyone."""
    _, current = tournament.start_hand()
    hand = current.hand
    while not hand.finished:
        actor = hand.actor
        assert actor is not None
        hand.act(decide(hand.view(actor)), seat=actor)
    return tournament.finish_hand()


# ------------------------------------------------------------- dead button


def test_a_bust_before_the_button_gives_a_dead_button() -> None:
    # RULES 8.4: the small blind busts; next hand the button is on the empty seat.
    tournament = Tournament(["A", "B", "C", "D"], starting_stack=1000, seed=5)
    table = tournament.tables[0]
    assert table.dead_button
    layout = table.layout()
    loser, winner = layout.small_blind, layout.big_blind
    assert loser is not None
    loser_name = name_at(table, loser)

    def decide(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: shove if p.seat in (loser, winner) else passive for p in table.players}

    play_scripted(tournament, lambda _l, _t: {winner: "AsAh", loser: "7c2d"}, decide)
    assert table.player(loser) is None
    after = table.layout()
    assert after.button == loser and after.small_blind == winner
    assert after.big_blind == next(
        s for s in layout.dealt if s not in (loser, winner, layout.button)
    )
    assert [(f.name, f.places) for f in tournament.results] == [(loser_name, (4,))]


def test_a_busted_big_blind_gives_a_dead_small_blind_and_the_button_acts_last() -> None:
    # RULES 8.4: the small blind falls on the empty seat; the button keeps its seat and
    # acts last after the flop.
    tournament = Tournament(["A", "B", "C", "D", "E"], starting_stack=1000, seed=5)
    table = tournament.tables[0]
    layout = table.layout()
    loser, winner = layout.big_blind, layout.button

    def decide(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: shove if p.seat in (loser, winner) else passive for p in table.players}

    play_scripted(tournament, lambda _l, _t: {winner: "AsAh", loser: "7c2d"}, decide)
    assert table.player(loser) is None
    after = table.layout()
    assert after.small_blind is None and after.button == layout.small_blind
    assert after.dealt[after.engine_button] == after.button

    def calling(view: HandView) -> str:
        assert view.legal is not None
        return "call" if view.legal.call is not None else "check"

    def everyone(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: calling for p in table.players}

    record = play_scripted(tournament, lambda _l, _t: {}, everyone)
    posted = [(e.kind, record.seats[e.seat]) for e in record.hand.events if isinstance(e, Posted)]
    assert posted == [(Forced.BIG_BLIND, after.big_blind)]
    flop = acting_order(record, Street.FLOP)
    assert flop[0] == after.big_blind and flop[-1] == after.button
    assert tournament.chips_in_play == 5 * 1000


def test_heads_up_nobody_posts_the_big_blind_twice() -> None:
    # RULES 2.3, 8.4, TDA 34-B: from three to two, the button posts the small blind and
    # the last big blind does not post it again.
    tournament = Tournament(["A", "B", "C"], starting_stack=1000, seed=8)
    table = tournament.tables[0]
    layout = table.layout()
    big = layout.big_blind
    loser = layout.button

    def decide(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: shove if p.seat in (loser, big) else passive for p in table.players}

    play_scripted(tournament, lambda _l, _t: {big: "AsAh", loser: "7c2d"}, decide)
    heads_up = table.layout()
    assert heads_up.heads_up and len(heads_up.dealt) == 2
    assert heads_up.big_blind != big and heads_up.button == big == heads_up.small_blind


# ------------------------------------------------------------- eliminations


def two_out_in_one_hand(equal: bool, prize_pool: int) -> Tournament:
    """Four players; after a first hand folded to the big blind, two bust in the second."""
    tournament = Tournament(
        ["A", "B", "C", "D"],
        starting_stack=1000,
        seed=3,
        prize_pool=prize_pool,
        percentages=[50, 25, 15, 10],
    )
    table = tournament.tables[0]
    first = play_or_finish(tournament, passive)  # SB 990, BB 1010, the others 1000
    assert sorted(first.stacks_after) == [990, 1000, 1000, 1010]
    stacks = {p.seat: p.stack for p in table.players}
    winner = max(stacks, key=lambda s: stacks[s])
    thousands = [s for s in stacks if stacks[s] == 1000]
    short = min(stacks, key=lambda s: stacks[s])
    losers = thousands if equal else [thousands[0], short]
    folder = next(s for s in stacks if s not in (*losers, winner))

    def decide(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: passive if p.seat == folder else shove for p in table.players}

    def holes(layout: Layout, table: Table) -> dict[int, str]:
        return {winner: "AsAh", losers[0]: "7c2d", losers[1]: "7d2c"}

    record = play_scripted(tournament, holes, decide)
    assert sorted(i for i, s in enumerate(record.stacks_after) if s == 0) == sorted(
        record.seats.index(s) for s in losers
    )
    return tournament


def test_players_out_in_one_hand_are_placed_by_their_starting_stacks() -> None:
    # RULES 8.3: the larger stack at the start of the hand finishes higher.
    tournament = two_out_in_one_hand(equal=False, prize_pool=400)
    out = tournament.results
    assert [(f.places, f.payout) for f in out] == [((3,), 60), ((4,), 40)]
    assert tournament.remaining == 2


def test_players_out_with_equal_stacks_share_the_places_and_prizes() -> None:
    # RULES 8.3: equal stacks share places 3 and 4 and split their prizes (15% + 10%).
    tournament = two_out_in_one_hand(equal=True, prize_pool=400)
    out = tournament.results
    assert [(f.places, f.payout) for f in out] == [((3, 4), 50), ((3, 4), 50)]
    tournament.play(shove)
    assert sum(f.payout for f in tournament.results) == tournament.prize_pool == 400


def test_shared_prizes_split_odd_units() -> None:
    tournament = two_out_in_one_hand(equal=True, prize_pool=390)
    assert tournament.prizes == (196, 97, 58, 39)
    assert sorted(f.payout for f in tournament.results) == [48, 49]


# ---------------------------------------------------------- tables, moves


def test_tables_are_broken_in_a_fixed_order_and_kept_balanced() -> None:
    # TDA: tables break in a fixed order (the highest number first) down to the final
    # table; players are reseated and tables balanced, chips conserved throughout.
    tournament = Tournament([f"P{i}" for i in range(12)], starting_stack=200, table_size=4, seed=6)
    assert [t.name for t in tournament.tables] == [1, 2, 3]
    assert [len(t.players) for t in tournament.tables] == [4, 4, 4]
    seen: list[tuple[object, ...]] = []

    def check(record: HandRecord) -> None:
        names = tuple(t.name for t in tournament.tables)
        if not seen or seen[-1] != names:
            seen.append(names)
        counts = [len(t.players) for t in tournament.tables]
        assert max(counts) - min(counts) <= 1
        assert tournament.remaining > (len(counts) - 1) * 4 or len(counts) == 1
        assert tournament.chips_in_play == 12 * 200
        if not tournament.finished:
            placed = {f.name for f in tournament.results}
            seated = {p.name for t in tournament.tables for p in t.players}
            assert placed.isdisjoint(seated) and len(placed | seated) == 12

    tournament.play(shove, on_hand=check)
    assert seen[0] == (1, 2, 3) and seen[-1] == (1,)
    assert all(a[: len(b)] == b for a, b in itertools.pairwise(seen))


def test_balancing_moves_the_next_big_blind_to_the_same_position() -> None:
    # TDA: the player due for the big blind at the larger table moves to the seat at the
    # short table where the big blind comes next.
    tournament = Tournament([f"P{i}" for i in range(9)], starting_stack=500, table_size=5, seed=9)
    large, short = tournament.tables
    assert (len(large.players), len(short.players)) == (5, 4)
    play_or_finish(tournament, passive)  # at the large table
    assert tournament.next_table() is short
    layout = short.layout()
    winner = layout.big_blind
    losers = [s for s in layout.dealt if s != winner][:2]
    keep = next(s for s in layout.dealt if s not in (*losers, winner))

    def decide(layout: Layout, table: Table) -> dict[str, Callable[[HandView], str]]:
        return {p.name: passive if p.seat == keep else shove for p in table.players}

    mover_seat = large.next_big_blind()
    assert mover_seat is not None
    mover = name_at(large, mover_seat)
    empty_after = set(short.empty_seats) | set(losers)
    expected = min(empty_after, key=lambda s: (s - winner - 1) % short.seat_count)
    play_scripted(tournament, lambda _l, _t: {winner: "AsAh", losers[0]: "7c2d"}, decide)
    assert (len(large.players), len(short.players)) == (4, 3)
    assert short.seat_of(mover) == expected
    assert short.next_big_blind() == expected  # the mover is the short table's next BB


# ----------------------------------------------------------------- payouts


def test_the_standard_payout_table() -> None:
    assert [paid_places(n) for n in (2, 3, 6, 7, 10, 11, 20, 27, 100)] == [
        1,
        2,
        2,
        3,
        3,
        3,
        3,
        4,
        15,
    ]
    assert payout_percentages(2) == (Fraction(100),)
    assert payout_percentages(3) == (Fraction(65), Fraction(35))
    for field in range(2, 300):
        shares = payout_percentages(field)
        assert sum(shares) == 100
        assert list(shares) == sorted(shares, reverse=True)
    with pytest.raises(TournamentError):
        paid_places(1)


@given(st.integers(0, 10**7), st.integers(2, 500))
def test_payouts_add_up_to_the_prize_pool_and_decrease(pool: int, field: int) -> None:
    prizes = payouts(pool, payout_percentages(field))
    assert sum(prizes) == pool
    assert list(prizes) == sorted(prizes, reverse=True)


def test_custom_percentages() -> None:
    assert payouts(1000, ["60", "40"]) == (600, 400)
    with pytest.raises(TournamentError, match="add up to 100"):
        payouts(1000, [60, 30])
    with pytest.raises(TournamentError, match="paid places"):
        Tournament(["A", "B"], percentages=[50, 30, 20])


def test_a_tournament_is_one_phhs_file() -> None:
    tournament = Tournament(["A", "B", "C"], starting_stack=300, seed=1, keep_history=True)
    tournament.play(shove)
    histories = loads(tournament.phh(event="Sunday"))
    assert len(histories) == tournament.hands_played
    assert all(h.metadata["level"] == 1 and h.metadata["table"] == 1 for h in histories)


def test_tournament_hands_with_a_dead_small_blind_replay() -> None:
    # Every hand is written and replays, with the dead small blind where there is one.
    tournament = Tournament(
        [f"P{i}" for i in range(6)], starting_stack=300, seed=9, keep_history=True
    )
    tournament.play(aggressive(9))
    histories = replays(tournament.phh())
    assert len(histories) == tournament.hands_played
    assert any(h.dead_small_blind for h in histories)


# --------------------------------------------------------------- properties


def aggressive(seed: int) -> Callable[[HandView], str]:
    """A fast random bot that mostly shoves or calls, so tournaments end in few hands."""
    rng = random.Random(seed)

    def decide(view: HandView) -> str:
        legal = view.legal
        assert legal is not None
        roll = rng.random()
        if legal.can_raise and roll < 0.4:
            return "all-in"
        if legal.call is not None:
            return "fold" if roll > 0.85 else "call"
        return "check"

    return decide


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_a_hundred_player_tournament_places_everyone_and_pays_the_pool(seed: int) -> None:
    # RULES 7.2, 8.3: chips are conserved after every hand; places 1 to 100 are all
    # given; the payouts add up to the prize pool.
    tournament = Tournament(
        [f"P{i}" for i in range(100)],
        starting_stack=500,
        structure=BlindStructure.default(hands=3),
        seed=seed,
        buy_in=10,
    )

    def check(record: HandRecord) -> None:
        assert tournament.chips_in_play == tournament.total_chips == 100 * 500

    results = tournament.play(aggressive(seed), on_hand=check)
    assert len(results) == 100 and len({f.name for f in results}) == 100
    groups = {f.places for f in results}
    assert sorted(p for g in groups for p in g) == list(range(1, 101))
    assert all(sum(1 for f in results if f.places == g) == len(g) for g in groups)
    assert sum(f.payout for f in results) == tournament.prize_pool == 1000
    winner = results[0]
    assert winner.places == (1,) and winner.payout == max(f.payout for f in results)
    assert isinstance(results[0], Finish)
