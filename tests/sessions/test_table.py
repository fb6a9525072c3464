"""Cash tables: seats, the button, owed blinds, buy-ins and rake (RULES 2, 7.2, 10.1, 10.2)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind import Deck, Forced, Hand, HandView, Rules, Street
from bigblind.engine.events import Acted, BoardDealt, Posted
from bigblind.formats.phh import HandHistory, apply_action, dumps, loads, replay, stacks_match
from bigblind.sessions.table import BuyIn, HandRecord, Layout, Rake, Status, Table, TableError
from tests.support import stacked_deck

RULES = Rules.no_limit(blinds=(1, 2))


def passive(view: HandView) -> str:
    """Fold when facing a bet, else check: the big blind wins every hand."""
    assert view.legal is not None
    return "fold" if view.legal.fold else "check"


def calling(view: HandView) -> str:
    """Check or call, never fold: every hand goes to showdown."""
    assert view.legal is not None
    return "call" if view.legal.call is not None else "check"


def shove(view: HandView) -> str:
    """All-in whenever a raise is possible, else call or check."""
    assert view.legal is not None
    if view.legal.can_raise:
        return "all-in"
    return "call" if view.legal.call is not None else "check"


def random_bot(rng: random.Random) -> Callable[[HandView], str]:
    """Folds, calls or makes a small raise at random; all-in now and then."""

    def decide(view: HandView) -> str:
        legal = view.legal
        assert legal is not None
        roll = rng.random()
        if legal.call is not None and roll < 0.3:
            return "fold"
        if legal.can_raise and roll > 0.97:
            return "all-in"
        if legal.can_raise and roll > 0.8:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            return f"raise {min(legal.min_raise_to + rng.randint(0, 4), legal.max_raise_to)}"
        return "call" if legal.call is not None else "check"

    return decide


def make_table(
    seats: Mapping[int, int], *, first_button: int = 0, dead_button: bool = False, **kw: object
) -> Table:
    table = Table(
        RULES,
        seats=6,
        seed=11,
        first_button=first_button,
        dead_button=dead_button,
        **kw,  # type: ignore[arg-type]
    )
    for seat, chips in seats.items():
        table.join(seat, f"P{seat}", chips)
    return table


def deck_for(layout: Layout, holes: Mapping[int, str], board: str = "") -> Deck:
    """A deck dealing ``holes`` (by table seat) and ``board`` for the hand ``layout`` plans."""
    spare = iter(["4c5d", "4h6d", "5c6s", "4s6c", "5h6h", "4d5s"])
    by_hand_seat = [holes.get(seat) or next(spare) for seat in layout.dealt]
    return stacked_deck(by_hand_seat, board, button=layout.engine_button)


def conserved(table: Table) -> bool:
    """RULES 7.2: every chip bought in is on the table, cashed out or raked."""
    return table.chips_in == table.chips_on_table + table.chips_out + table.rake_taken


def posts(record: HandRecord) -> list[tuple[Forced, int, int]]:
    """The forced bets of a hand: kind, table seat, amount."""
    return [
        (e.kind, record.seats[e.seat], e.amount)
        for e in record.hand.events
        if isinstance(e, Posted)
    ]


def acting_order(record: HandRecord, street: Street) -> list[int]:
    """The table seats that acted on ``street``, in order."""
    current = Street.PREFLOP
    order = []
    for event in record.hand.events:
        if isinstance(event, BoardDealt):
            current = event.street
        elif isinstance(event, Acted) and current is street:
            order.append(record.seats[event.seat])
    return order


def replay_as_played(history: HandHistory) -> Hand:
    """Replay a hand written by :meth:`Table.phh` with the posts its own fields give."""
    meta = history.metadata
    n = len(history.starting_stacks)
    if not any(k in meta for k in ("_live_blinds", "_dead_money")):
        return replay(history)
    assert history.rules is not None
    live = meta.get("_live_blinds", [0] * n)
    dead = meta.get("_dead_money", [0] * n)
    assert isinstance(live, list) and isinstance(dead, list)
    hand = Hand(
        history.rules,
        history.starting_stacks,
        button=n - 1,  # pn
        dealing="manual",
        showdown="manual",
        blind_seats=(None, 0) if history.dead_small_blind else (0, 1),
        live_blinds={i: amount for i, amount in enumerate(live) if amount},
        dead_blinds={i: amount for i, amount in enumerate(dead) if amount},
    )
    for text in history.actions:
        apply_action(hand, text, n)
    return hand


def replays(text: str) -> list[HandHistory]:
    """RULES 7.2: every hand of a PHH text replays to its finishing stacks."""
    histories = loads(text)
    for history in histories:
        hand = replay_as_played(history)
        assert hand.result is not None and history.finishing_stacks is not None
        assert stacks_match(history.finishing_stacks, hand.result.stacks)
    return histories


# ------------------------------------------------------------ button, blinds


def test_the_button_moves_to_the_next_player_every_hand() -> None:
    # RULES 2.1, 2.2: the button moves clockwise; SB and BB follow it, past empty seats.
    table = make_table({1: 100, 3: 100, 5: 100}, first_button=1)
    seen = [table.play_hand(passive) for _ in range(4)]
    assert [(r.button, r.small_blind, r.big_blind) for r in seen] == [
        (1, 3, 5),
        (3, 5, 1),
        (5, 1, 3),
        (1, 3, 5),
    ]
    assert conserved(table)


@pytest.mark.parametrize("dead_button", [False, True])
@pytest.mark.parametrize(("leaver", "button", "big"), [(0, 2, 1), (1, 2, 0), (2, 1, 0)])
def test_heads_up_the_button_posts_the_small_blind(
    dead_button: bool, leaver: int, button: int, big: int
) -> None:
    # RULES 2.3, TDA 34-B: two left, the button posts the SB, and the player who posted
    # the big blind last hand (seat 2) does not post it again.
    table = make_table({0: 100, 1: 100, 2: 100}, dead_button=dead_button)
    first = table.play_hand(passive)
    assert (first.button, first.small_blind, first.big_blind) == (0, 1, 2)
    table.leave(leaver)
    record = table.play_hand(passive)
    assert record.table_hand.layout.heads_up
    assert (record.button, record.small_blind, record.big_blind) == (button, button, big)
    hand = record.hand
    posted = {e.kind: e.seat for e in hand.events if isinstance(e, Posted)}
    assert record.seats[posted[Forced.SMALL_BLIND]] == button == record.seats[hand.button]
    assert record.seats[posted[Forced.BIG_BLIND]] == big
    assert conserved(table)


def test_a_new_game_deals_everyone_in_without_posts() -> None:
    # RULES 10.1: when a game starts, players who join are dealt in at once.
    table = make_table({0: 100, 4: 100})
    layout = table.layout()
    assert layout.dealt == (0, 4) and not layout.dead and not layout.live


# --------------------------------------------------------------- owed blinds


def sit_out_through_the_blinds() -> Table:
    """Seat 3 sits out while the big blind and then the small blind pass it."""
    table = make_table({0: 100, 1: 100, 2: 100, 3: 100})
    table.play_hand(passive)  # button 0, SB 1, BB 2
    table.sit_out(3)
    second = table.play_hand(passive)
    assert (second.button, second.small_blind, second.big_blind) == (1, 2, 0)
    info = table.player(3)
    assert info is not None and info.owes_big_blind and not info.owes_small_blind
    third = table.play_hand(passive)
    assert (third.button, third.small_blind, third.big_blind) == (2, 0, 1)
    info = table.player(3)
    assert info is not None and info.owes_big_blind and info.owes_small_blind
    return table


def test_a_returning_player_posts_a_dead_small_and_a_live_big_blind() -> None:
    # RULES 10.1, Robert's Rules: the missed SB is dead, the missed BB is live.
    table = sit_out_through_the_blinds()
    table.sit_in(3)
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (0, 1, 2)
    assert layout.dealt == (0, 1, 2, 3)
    assert dict(layout.dead) == {3: 1} and dict(layout.live) == {3: 2}
    before = [p.stack for p in table.players]
    current = table.start_hand(deck=deck_for(layout, {3: "AsAh", 2: "7c2d"}, "3c8d9hJsKd"))
    # The live blind is seat 3's bet: first to act, nobody raised, it may check.
    assert current.actor == 3
    legal = current.view(3).legal
    assert legal is not None and legal.check and legal.call is None
    current.act("check")
    current.act("fold")  # the button
    current.act("fold")  # the small blind
    assert current.actor == 2
    current.act("check")  # the big blind's option closes the round
    assert current.hand.street is Street.FLOP
    while not current.hand.finished:
        current.act("check")
    record = table.finish_hand()
    after = [p.stack for p in table.players]
    assert posts(record) == [
        (Forced.SMALL_BLIND, 1, 1),
        (Forced.BIG_BLIND, 2, 2),
        (Forced.LIVE_BLIND, 3, 2),
        (Forced.DEAD_BLIND, 3, 1),
    ]
    # The main pot: SB 1 (folded), 2 + 2 live, 1 dead = 6, all to seat 3.
    assert record.hand.result is not None
    assert [pot.amount for pot in record.hand.result.pots] == [6]
    assert [a - b for a, b in zip(after, before, strict=True)] == [0, -1, -2, 3]
    assert record.dead == (0, 0, 0, 1)
    assert sum(record.winnings) == 6
    fields = record.phh_fields()  # PHH order: p1 is the SB, p4 the button
    assert fields["_live_blinds"] == [0, 0, 2, 0] and fields["_dead_money"] == [0, 0, 1, 0]
    assert "_dead_small_blind" not in fields
    info = table.player(3)
    assert info is not None and info.status is Status.ACTIVE and not info.owes_big_blind
    assert conserved(table)


def test_a_returning_player_who_folds_to_a_raise_loses_both_blinds() -> None:
    # RULES 10.1: the live big blind is a bet, lost when the player folds; the dead small
    # blind is in the pot whatever happens.
    table = sit_out_through_the_blinds()
    table.sit_in(3)
    before = [p.stack for p in table.players]
    script = iter(["check", "fold", "fold", "raise 6", "fold"])  # seats 3, 0, 1, 2, 3
    record = table.play_hand(lambda view: next(script))
    after = [p.stack for p in table.players]
    # Seat 3 loses the dead SB and the live BB; the BB wins them with the SB's blind.
    assert [a - b for a, b in zip(after, before, strict=True)] == [0, -1, 4, -3]
    assert record.dead == (0, 0, 0, 1)
    assert record.winnings == (0, 0, 6, 0)  # 2 (4 more came back uncalled), 1 + 2 + 1
    assert conserved(table)


def test_a_new_player_checks_the_live_blind_when_nobody_raised() -> None:
    # RULES 10.1: a new player's live blind counts as a bet wherever the player sits.
    table = make_table({0: 100, 2: 100, 3: 100, 4: 100, 5: 100}, first_button=2)
    table.play_hand(passive)  # button 2, SB 3, BB 4
    table.join(1, "New", 100)
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (3, 4, 5)
    assert dict(layout.live) == {1: 2} and not layout.dead
    current = table.start_hand()
    current.act("call")  # seat 0, under the gun
    assert current.actor == 1
    legal = current.view(1).legal
    assert legal is not None and legal.check and legal.call is None
    current.act("check")
    current.act("fold")  # seat 2
    current.act("call")  # the button
    current.act("fold")  # the small blind
    current.act("check")  # the big blind
    assert current.hand.street is Street.FLOP
    assert current.hand.pot == 1 + 4 * 2
    while not current.hand.finished:
        current.act("check")
    record = table.finish_hand()
    assert (Forced.LIVE_BLIND, 1, 2) in posts(record) and record.dead == (0,) * 6
    assert acting_order(record, Street.PREFLOP) == [0, 1, 2, 3, 4, 5]
    assert conserved(table)


def test_a_returning_player_may_wait_for_the_big_blind_instead() -> None:
    # RULES 10.1: waiting for the big blind settles the missed blinds.
    table = sit_out_through_the_blinds()
    table.sit_in(3, wait_for_big_blind=True)
    waiting = table.play_hand(passive)
    assert 3 not in waiting.seats and waiting.big_blind == 2
    entering = table.layout()
    assert entering.big_blind == 3 and 3 in entering.dealt
    assert not entering.dead and not entering.live
    table.play_hand(passive)
    info = table.player(3)
    assert info is not None and info.status is Status.ACTIVE
    assert not info.owes_big_blind and not info.owes_small_blind


def test_a_player_back_before_the_blinds_pass_owes_nothing() -> None:
    table = make_table({0: 100, 1: 100, 2: 100, 3: 100})
    table.play_hand(passive)  # button 0, SB 1, BB 2
    table.sit_out(0)
    table.play_hand(passive)  # button 1, SB 2, BB 3: the blinds did not pass seat 0
    table.sit_in(0)
    info = table.player(0)
    assert info is not None and info.status is Status.ACTIVE


def test_a_new_player_posts_to_play_at_once_or_waits() -> None:
    # RULES 10.1: a new player posts a big blind to be dealt in, or waits for the BB.
    table = make_table({0: 100, 1: 100, 2: 100})
    table.play_hand(passive)  # button 0, SB 1, BB 2
    table.join(3, "Poster", 100)
    table.join(5, "Waiter", 100, wait_for_big_blind=True)
    layout = table.layout()
    # The big blind reaches the poster's seat: a normal big blind, nothing more.
    assert (layout.button, layout.small_blind, layout.big_blind) == (1, 2, 3)
    assert 5 not in layout.dealt and not layout.live
    table.play_hand(passive)
    layout = table.layout()  # button 2, SB 3, BB 5: the waiting player enters
    assert (layout.button, layout.small_blind, layout.big_blind) == (2, 3, 5)
    assert 5 in layout.dealt and not layout.live


def test_a_new_player_cannot_enter_between_the_button_and_the_big_blind() -> None:
    # Robert's Rules: no entering on the button or in the blinds; the live post waits.
    table = make_table({0: 100, 2: 100, 4: 100})
    table.play_hand(passive)  # button 0, SB 2, BB 4
    table.join(3, "Late", 100)  # next hand: button 2, SB 4, BB 0: seat 3 is between
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (2, 4, 0)
    assert 3 not in layout.dealt
    table.play_hand(passive)
    layout = table.layout()  # button 4, SB 0, BB 2: seat 3 is behind the button now
    assert 3 in layout.dealt and dict(layout.live) == {3: 2}


# ------------------------------------------------------------------ money


def test_buy_in_limits_rebuys_and_top_ups() -> None:
    # RULES 10.1: buy-ins within the limits; rebuys and top-ups never above the maximum.
    table = Table(RULES, seats=4, buy_in=BuyIn(20, 50, unit="big blinds"), seed=1)
    assert table.buy_in_limits() == (40, 100)
    with pytest.raises(TableError, match="the buy-in is 40 to 100"):
        table.join(0, "Ann", 30)
    with pytest.raises(TableError, match="the buy-in is 40 to 100"):
        table.join(0, "Ann", 101)
    table.join(0, "Ann", 60)
    table.join(1, "Bob", 100)
    with pytest.raises(TableError, match="already sits"):
        table.join(2, "Ann", 60)
    with pytest.raises(TableError, match="above the maximum buy-in 100"):
        table.top_up(0, 41)
    assert table.top_up(0) == 40
    assert table.top_up(1) == 0
    with pytest.raises(TableError, match="the stack would be 110"):
        table.rebuy(1, 10)
    current = table.start_hand()
    with pytest.raises(TableError, match="during a hand"):
        table.top_up(0)
    with pytest.raises(TableError, match="during a hand"):
        table.leave(1)
    while not current.hand.finished:
        current.act("fold" if current.hand.legal and current.hand.legal.fold else "check")
    table.finish_hand()
    assert table.leave(1) + table.leave(0) == 200
    assert table.chips_in == 200 == table.chips_out


@pytest.mark.parametrize(
    ("decide", "stacks", "rake"),
    [
        (passive, (100, 100, 100), 0),  # RULES 10.2: no flop, no drop
        (calling, (100, 100, 100), 3),  # three in for 10: 10% of 30
        (shove, (100, 100, 100), 5),  # 10% of 300 capped at 5
    ],
)
def test_rake_percentage_cap_and_no_flop_no_drop(
    decide: Callable[[HandView], str], stacks: tuple[int, ...], rake: int
) -> None:
    # RULES 10.2: the house takes a percentage of the pot after the hand, up to a cap.
    table = Table(
        Rules.no_limit(blinds=(5, 10)), seats=3, rake=Rake(10, cap=5), seed=3, first_button=0
    )
    for seat, chips in enumerate(stacks):
        table.join(seat, f"P{seat}", chips)
    record = table.play_hand(decide)
    assert record.rake == rake
    assert record.hand.result is not None
    pot = sum(p.amount for p in record.hand.result.pots)
    assert sum(record.winnings) == pot - rake
    assert sum(record.stacks_after) == sum(stacks) - rake  # RULES 7.2
    assert conserved(table)


def test_rake_takes_decimal_percentages() -> None:
    assert Rake("2.5").of(1000, flop=True) == 25
    with pytest.raises(TableError):
        Rake(101)


# --------------------------------------------------------------- dead button


def bust(table: Table, loser: int, winner: int) -> None:
    """Play a hand in which ``loser`` goes all-in and ``winner`` calls and wins; all else fold."""
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
    table.leave(loser)


def test_a_bust_before_the_button_leaves_a_dead_button() -> None:
    # RULES 8.4, TDA 32: the big blind moves on; the button falls on the empty seat.
    table = make_table({0: 100, 1: 10, 2: 100, 3: 100}, dead_button=True)
    assert table.layout().small_blind == 1
    bust(table, loser=1, winner=2)  # the small blind busts
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (1, 2, 3)
    assert layout.dealt == (0, 2, 3)
    # The engine's button is the player right of the empty seat: last to act after the flop.
    assert layout.dealt[layout.engine_button] == 0
    record = table.play_hand(calling)
    assert acting_order(record, Street.FLOP) == [2, 3, 0]
    assert "_dead_small_blind" not in record.phh_fields()
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (2, 3, 0)


def test_a_busted_big_blind_leaves_a_dead_small_blind() -> None:
    # RULES 8.4: the small blind falls on the empty seat of the last big blind.
    table = make_table({0: 100, 1: 100, 2: 10, 3: 100}, dead_button=True)
    bust(table, loser=2, winner=3)
    layout = table.layout()
    assert (layout.button, layout.small_blind, layout.big_blind) == (1, None, 3)
    assert layout.dealt[layout.engine_button] == 1  # the button keeps its seat
    before = table.chips_on_table
    record = table.play_hand(calling)
    assert posts(record) == [(Forced.BIG_BLIND, 3, 2)]
    # Pre-flop the action starts left of the big blind; after the flop left of the
    # button, who acts last.
    assert acting_order(record, Street.PREFLOP) == [0, 1, 3]
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert acting_order(record, street) == [3, 0, 1]
    assert record.hand.result is not None
    assert sum(p.amount for p in record.hand.result.pots) == 6
    assert table.chips_on_table == before
    (history,) = loads(dumps(record.hand, **record.phh_fields()))
    assert history.dead_small_blind  # PHH: p1 alone posts, the big blind
    replayed = replay(history)
    assert replayed.result is not None and history.finishing_stacks is not None
    assert stacks_match(history.finishing_stacks, replayed.result.stacks)
    layout = table.layout()  # then the button is dead: the SB is seat 3, the BB seat 0
    assert (layout.button, layout.small_blind, layout.big_blind) == (2, 3, 0)
    assert layout.dealt[layout.engine_button] == 1


# ----------------------------------------------------------- driving, files


def test_a_hand_can_be_driven_step_by_step() -> None:
    table = make_table({0: 100, 2: 100, 4: 100})
    current = table.start_hand()
    assert table.in_hand and table.current is current
    assert current.actor == 0  # UTG is the button three-handed
    assert current.view(0).legal is not None
    with pytest.raises(TableError, match="not over"):
        table.finish_hand()
    with pytest.raises(TableError, match="not dealt in"):
        current.hand_seat(1)
    current.act("raise 6")
    current.act("fold")
    current.act("fold")
    record = table.finish_hand()
    assert record.winnings == (5, 0, 0) and not table.in_hand
    assert [p.stack for p in table.players] == [103, 99, 98]


def test_decisions_may_come_one_per_seat() -> None:
    table = make_table({0: 100, 2: 100, 4: 100})
    record = table.play_hand({0: shove, 2: passive, 4: passive})
    assert record.winnings == (5, 0, 0)  # the uncalled shove came back (RULES 4.8)
    assert record.stacks_after == (103, 99, 98)


def test_a_session_is_one_phhs_file_with_seats_names_and_button() -> None:
    table = make_table({1: 100, 2: 100, 4: 100, 5: 100}, first_button=2)
    bot = random_bot(random.Random(4))
    table.sit_out(4)
    records = [table.play_hand(bot) for _ in range(6)]
    histories = loads(table.phh(event="Home game"))
    assert [h.number for h in histories] == [1, 2, 3, 4, 5, 6]
    for record, history in zip(records, histories, strict=True):
        meta = history.metadata
        assert meta["event"] == "Home game" and meta["seat_count"] == 6
        assert meta["_button"] == record.button + 1
        seats = meta["seats"]
        assert isinstance(seats, list)
        # PHH order: p1 is left of the button; pn is the button.
        assert history.players == tuple(f"P{s - 1}" for s in seats)
        assert 5 not in seats  # seat 4 (number 5) sat out
        assert not any(k in meta for k in ("_live_blinds", "_dead_money"))
        replayed = replay(history)
        assert replayed.result is not None and history.finishing_stacks is not None
        assert stacks_match(history.finishing_stacks, replayed.result.stacks)


def test_hands_with_a_dead_small_blind_or_owed_posts_are_written_with_them() -> None:
    # PHH places the blinds by position; the posts it cannot hold go in fields of their
    # own, and the hand replays exactly with them.
    table = make_table({0: 100, 1: 100, 2: 10, 3: 100, 4: 100}, dead_button=True)
    bust(table, loser=2, winner=3)  # next: a dead small blind
    table.sit_out(0)
    for _ in range(4):
        table.play_hand(calling)
    table.sit_in(0)
    table.play_hand(calling)
    records = table.history
    assert [r.small_blind for r in records[1:3]] == [None, 3]
    assert records[-1].dead == (1, 0, 0, 0)
    assert (Forced.LIVE_BLIND, 0, 2) in posts(records[-1])
    histories = replays(table.phh())
    assert histories[1].dead_small_blind and not histories[2].dead_small_blind
    assert "_live_blinds" in histories[-1].metadata and "_dead_money" in histories[-1].metadata
    assert all(len(h.metadata) == len(histories[0].metadata) for h in histories[2:-1])


def test_a_seed_makes_the_session_reproducible() -> None:
    def session() -> str:
        table = Table(RULES, seats=6, seed=99)
        for seat in range(4):
            table.join(seat, f"P{seat}", 100)
        bot = random_bot(random.Random(1))
        for _ in range(5):
            table.play_hand(bot)
        return table.phh()

    assert session() == session()


# ---------------------------------------------------------------- properties

operations = st.lists(
    st.tuples(
        st.sampled_from(
            ["join", "join", "leave", "sit_out", "sit_in", "sit_in", "top_up"] + ["hand"] * 6
        ),
        st.integers(0, 5),
        st.integers(40, 100),
        st.booleans(),
    ),
    min_size=10,
    max_size=60,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sets(st.integers(0, 5), min_size=3), operations, st.booleans(), st.integers(0, 2**16))
def test_random_sessions_conserve_chips_and_deal_only_entitled_seats(
    start: set[int], ops: list[tuple[str, int, int, bool]], dead_button: bool, seed: int
) -> None:
    # RULES 7.2, 10.1, 10.2: chips are conserved with rake accounted; only players ready
    # to play are dealt in; nobody posts the big blind twice in a row.
    table = Table(
        RULES,
        seats=6,
        buy_in=BuyIn(40, 100),
        rake=Rake(5, cap=2),
        dead_button=dead_button,
        seed=seed,
    )
    bot = random_bot(random.Random(seed))
    for seat in sorted(start):
        table.join(seat, f"S{seat}", 100)
    count = 0
    last_big: str | None = None
    for op, index, chips, flag in ops:
        seat = index
        if op == "sit_in":  # pick among the players sitting out
            away = [p.seat for p in table.players if p.status is Status.SITTING_OUT]
            seat = away[index % len(away)] if away else index
        info = table.player(seat)
        try:
            if op == "join" and info is None:
                count += 1
                table.join(seat, f"N{count}", chips, wait_for_big_blind=flag)
            elif op == "leave" and info is not None:
                table.leave(seat)
            elif op == "sit_out" and info is not None:
                table.sit_out(seat)
            elif op == "sit_in" and info is not None and info.status is Status.SITTING_OUT:
                table.sit_in(seat, wait_for_big_blind=flag)
            elif op == "top_up" and info is not None:
                if info.stack == 0:
                    table.rebuy(seat, chips)
                else:
                    table.top_up(seat)
            elif op == "hand" and table.can_deal():
                before = {p.seat: p for p in table.players}
                ready = [p for p in before.values() if p.status is Status.ACTIVE and p.stack]
                record = table.play_hand(bot)
                assert len(record.seats) >= 2
                for s in record.seats:
                    player = before[s]
                    assert player.stack > 0 and player.status is not Status.SITTING_OUT
                    if player.status is Status.WAITING and len(ready) >= 2:
                        assert s == record.big_blind
                big_name = record.names[record.seats.index(record.big_blind)]
                if last_big is not None and last_big in record.names:
                    assert big_name != last_big
                last_big = big_name
                assert sum(record.stacks_before) - record.rake == sum(record.stacks_after)
                # The blinds sit left of the engine's button, the small blind dead or not.
                layout = record.table_hand.layout
                blinds = [s for s in (record.small_blind, record.big_blind) if s is not None]
                n = len(record.seats)
                first = layout.engine_button + (not layout.heads_up)
                expected = [(first + i) % n for i in range(len(blinds))]
                assert [record.seats.index(s) for s in blinds] == expected
        except TableError as error:
            assert "buy-in" in str(error) or "stack would be" in str(error)
        assert conserved(table)
    if table.history:
        replays(table.phh())
