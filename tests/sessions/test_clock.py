"""Time to act: decision time, time banks, timeouts and away players (RULES 10.4)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind import HandView, Rules
from bigblind.engine.events import Acted, ActionKind
from bigblind.engine.hand import Legal
from bigblind.sessions import Clock, ClockError, ClockSettings, TimedOut, Tournament
from bigblind.sessions.clock import BankToppedUp, MarkedAway, MarkedBack, timeout_action
from bigblind.sessions.table import Status, Table, TableError

RULES = Rules.no_limit(blinds=(1, 2))
FREE = Legal(0, False, True, None, 2, 100, True)
FACING = Legal(0, True, False, 4, 8, 100, False)


class FakeTime:
    """Monotonic seconds that move only when a test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def passive(view: HandView) -> str:
    assert view.legal is not None
    return "check" if view.legal.check else "call"


# ------------------------------------------------------------------ the clock


def test_decision_time_is_free_and_the_bank_pays_for_the_rest() -> None:
    # RULES 10.4: each decision has a set time, then the player draws on the bank.
    clock = Clock(ClockSettings(decision=20, bank=30))
    turn = clock.start_turn("Ann", now=0.0)
    assert (turn.decision_ends, turn.deadline, turn.bank) == (20.0, 50.0, 30.0)
    assert clock.deadline() == 50.0
    assert clock.end_turn(now=15.0) == 0.0
    assert clock.bank("Ann") == 30.0
    clock.start_turn("Ann", now=100.0)
    assert clock.end_turn(now=132.5) == 12.5
    assert clock.bank("Ann") == 17.5
    assert clock.start_turn("Ann", now=200.0).deadline == 237.5


def test_expiry_is_at_the_deadline_and_not_before() -> None:
    # RULES 10.4
    clock = Clock(ClockSettings(decision=10, bank=5))
    clock.start_turn("Bob", now=0.0)
    assert not clock.expired(14.999)
    assert clock.expired(15.0)
    with pytest.raises(ClockError, match="cannot time out yet"):
        clock.time_out(now=3.0, legal=FREE)
    clock.start_turn("Bob", now=0.0)
    with pytest.raises(ClockError, match="time ran out"):
        clock.end_turn(now=15.0)


def test_timeout_checks_if_free_else_folds() -> None:
    # RULES 10.4: the timeout never puts chips in.
    assert timeout_action(FREE) == "check"
    assert timeout_action(FACING) == "fold"
    clock = Clock(ClockSettings(decision=1, bank=0))
    clock.start_turn("Cy", now=0.0)
    event = clock.time_out(now=1.0, legal=FACING, hand=7)
    assert event == TimedOut("Cy", "fold", 1.0, 7)
    assert clock.timeouts == (event,)
    assert clock.turn is None


def test_a_timed_out_player_is_away_until_back() -> None:
    # RULES 10.4: an away player is checked or folded at once each turn.
    clock = Clock(ClockSettings(decision=10, bank=20))
    clock.start_turn("Dee", now=0.0)
    clock.time_out(now=30.0, legal=FREE)
    assert clock.is_away("Dee") and clock.bank("Dee") == 0.0
    turn = clock.start_turn("Dee", now=40.0)
    assert turn.deadline == 40.0 and clock.expired(40.0)
    clock.time_out(now=40.0, legal=FACING)
    assert [type(e) for e in clock.events] == [TimedOut, MarkedAway, TimedOut]
    clock.back("Dee")
    assert not clock.is_away("Dee")
    assert clock.start_turn("Dee", now=50.0).deadline == 60.0
    assert isinstance(clock.events[-1], MarkedBack)


def test_banks_top_up_every_n_hands_in_a_cash_game() -> None:
    # RULES 10.4: topped up at set intervals, every N hands.
    clock = Clock(ClockSettings(decision=10, bank=30, top_up=10, top_up_every=3, bank_limit=35))
    clock.seat("Ann")
    clock.start_turn("Ann", now=0.0)
    clock.end_turn(now=35.0)  # 25 of 30 spent
    for _ in range(2):
        clock.hand_finished()
    assert clock.bank("Ann") == 5.0
    clock.hand_finished()
    assert clock.bank("Ann") == 15.0
    for _ in range(6):
        clock.hand_finished()
    assert clock.bank("Ann") == 35.0  # the limit
    clock.new_level()  # a cash clock ignores levels
    assert clock.bank("Ann") == 35.0
    assert sum(isinstance(e, BankToppedUp) for e in clock.events) == 3


def test_banks_top_up_at_each_level_in_a_tournament() -> None:
    # RULES 10.4: or each level in a tournament.
    clock = Clock(ClockSettings(decision=10, bank=10, top_up=10, top_up_every=None))
    clock.seat("Ann")
    for _ in range(50):
        clock.hand_finished()
    assert clock.bank("Ann") == 10.0
    clock.new_level()
    assert clock.bank("Ann") == 20.0


def test_queries_never_change_the_clock() -> None:
    clock = Clock(ClockSettings(decision=5, bank=5))
    clock.start_turn("Ann", now=0.0)
    before = (clock.turn, clock.events, clock.bank("Ann"), clock.away)
    for t in (0.0, 7.0, 10.0, 99.0):
        clock.expired(t)
        assert clock.turn is not None
        clock.turn.bank_left(t)
        clock.turn.left(t)
    clock.deadline()
    assert (clock.turn, clock.events, clock.bank("Ann"), clock.away) == before


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"decision": 0}, "decision time 0"),
        ({"bank": -1}, "time bank -1"),
        ({"top_up_every": 0}, "top_up_every 0"),
        ({"bank": 60, "bank_limit": 30}, "bank limit 30"),
        ({"decision": float("nan")}, "decision time nan"),
    ],
)
def test_settings_that_make_no_sense_are_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ClockError, match=words):
        ClockSettings(**kwargs)


def test_time_going_back_is_refused() -> None:
    clock = Clock()
    clock.start_turn("Ann", now=10.0)
    with pytest.raises(ClockError, match="before the turn began"):
        clock.end_turn(now=9.0)
    with pytest.raises(ClockError, match="no player's turn"):
        Clock().end_turn(now=1.0)


# ------------------------------------------------------------------ the table


def clocked_table(time: FakeTime, **kwargs: object) -> Table:
    table = Table(
        RULES,
        seats=3,
        seed=1,
        first_button=0,
        time_to_act=ClockSettings(decision=10, bank=5, top_up=0),
        clock_time=time,
        **kwargs,  # type: ignore[arg-type]
    )
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        table.join(seat, name, 100)
    return table


def test_a_slow_player_is_folded_recorded_and_sat_out() -> None:
    # RULES 10.4: when the time and the bank run out the player folds (facing a bet),
    # is marked away and sits out at the next hand.
    time = FakeTime()

    def slow_ann(view: HandView) -> str:
        if table.current is not None and table.current.names[view.seat] == "Ann":
            time.now += 16  # past 10 seconds and a 5-second bank
        return passive(view)

    table = clocked_table(time)
    record = table.play_hand(slow_ann)
    ann = table.seat_of("Ann")
    (timeout,) = record.timeouts
    assert timeout.name == "Ann" and timeout.action == "fold" and timeout.hand == 1
    assert table.clock is not None and table.clock.is_away("Ann")
    assert table.player(ann).status is Status.SITTING_OUT  # type: ignore[union-attr]
    second = table.play_hand(passive)
    assert "Ann" not in second.names
    table.back(ann)
    assert not table.clock.is_away("Ann")
    assert table.player(ann).status is not Status.SITTING_OUT  # type: ignore[union-attr]


def test_an_away_player_in_the_same_hand_is_checked_at_once() -> None:
    # RULES 10.4: an away player is checked or folded at once each turn; nobody asks them.
    time = FakeTime()
    asked: list[str] = []

    def decide(view: HandView) -> str:
        assert table.current is not None
        name = table.current.names[view.seat]
        asked.append(name)
        if name == "Cy" and asked.count("Cy") == 1:
            time.now += 20  # Cy, the big blind, checks too late pre-flop
        return passive(view)

    table = clocked_table(time)
    record = table.play_hand(decide)
    assert [t.name for t in record.timeouts].count("Cy") == 4  # pre-flop, flop, turn, river
    assert record.timeouts[0].action == "check"
    assert asked.count("Cy") == 1


def test_step_by_step_the_table_refuses_a_late_action() -> None:
    # RULES 10.4: a room server asks the deadline and times the turn out itself.
    time = FakeTime(0.0)
    table = clocked_table(time)
    table.start_hand(now=0.0)
    turn = table.turn
    assert turn is not None and turn.deadline == 15.0 and turn.bank == 5.0
    assert table.time_out(now=14.0) is None
    with pytest.raises(TableError, match="time to act ran out"):
        table.act("call", now=15.0)
    timeout = table.time_out(now=15.0)
    assert timeout is not None and timeout.action == "fold"
    table.act("call", now=16.0)
    assert table.turn is not None and table.turn.started == 16.0


def test_a_tournament_deals_an_away_player_in_and_tops_up_banks_by_level() -> None:
    # RULES 10.4: each level in a tournament; an away player's blinds still go in.
    from bigblind.sessions.tournament import BlindStructure, Level

    time = FakeTime(0.0)
    structure = BlindStructure((Level(1, 2, hands=1), Level(2, 4, hands=1)))
    t = Tournament(
        ["Ann", "Bob", "Cy"],
        starting_stack=50,
        structure=structure,
        seed=3,
        clock=time,
        time_to_act=ClockSettings(decision=10, bank=5, top_up=7, top_up_every=None),
        keep_history=True,
    )

    def never_answers(view: HandView) -> str:
        time.now += 100
        return passive(view)

    t.play(never_answers)
    assert t.finished
    (table,) = t.tables
    assert table.clock is not None
    # One top-up at each new level, none between.
    top_ups = [e for e in table.clock.events if isinstance(e, BankToppedUp)]
    assert t.level > 2 and top_ups == [BankToppedUp(7.0, "a new level")] * (t.level - 1)
    assert table.clock.away == {"Ann", "Bob", "Cy"}  # everyone timed out ...
    in_play = set(t.players)
    for record in t.history:  # ... and was still dealt every hand while they had chips
        assert set(record.names) == in_play
        in_play = {n for n, s in zip(record.names, record.stacks_after, strict=True) if s}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    delays=st.lists(st.sampled_from([0.0, 9.0, 12.0, 30.0]), min_size=1, max_size=60),
    seed=st.integers(0, 2**16),
)
def test_a_timeout_never_puts_chips_in(delays: list[float], seed: int) -> None:
    # RULES 10.4: the timeout checks or folds, so a timed-out player loses at most the
    # chips already in, never the call refused.
    time = FakeTime(0.0)
    table = Table(
        RULES,
        seats=4,
        seed=seed,
        time_to_act=ClockSettings(decision=10, bank=4, top_up=2, top_up_every=2),
        clock_time=time,
    )
    for seat in range(4):
        table.join(seat, f"P{seat}", 100)
    moves = itertools.cycle(delays)
    for _ in range(4):
        if not table.can_deal():
            break
        current = table.start_hand()
        hand = current.hand
        while not hand.finished:
            time.now += next(moves)
            actor = hand.actor
            assert actor is not None
            stacks = hand.stacks
            events = len(hand.events)
            timeout = table.time_out()
            if timeout is not None:
                (acted,) = [e for e in hand.events[events:] if isinstance(e, Acted)]
                assert acted.seat == actor and acted.amount == 0
                assert acted.kind in (ActionKind.FOLD, ActionKind.CHECK)
                # The hand may end on the timeout and pay the player: never the reverse.
                assert hand.stacks[actor] >= stacks[actor]
                continue
            legal = hand.legal
            assert legal is not None
            table.act("call" if legal.call is not None else "check")
        table.finish_hand()
        assert table.chips_on_table + table.rake_taken == table.chips_in - table.chips_out


def test_a_player_moved_to_another_table_keeps_their_bank_and_away_state() -> None:
    # RULES 10.4: the bank is the player's, wherever they sit.
    time = FakeTime(0.0)
    t = Tournament(
        [f"P{i}" for i in range(6)],
        starting_stack=40,
        table_size=3,
        seed=8,
        clock=time,
        time_to_act=ClockSettings(decision=10, bank=30, top_up=0, top_up_every=None),
    )
    moved: set[str] = set()
    seen: dict[str, float] = {}

    def decide(view: HandView) -> str:
        time.now += 12  # two seconds of bank each decision
        assert view.legal is not None
        if view.legal.can_raise and view.legal.call is not None:
            return "all-in"
        return "call" if view.legal.call is not None else "check"

    while not t.finished and len(t.tables) > 1:
        table, _ = t.start_hand()
        before = {p.name: table.seat_of(p.name) for p in table.players}
        table.play_turns(decide)
        t.finish_hand()
        for other in t.tables:
            assert other.clock is not None
            for p in other.players:
                if p.name in before and other is not table:
                    moved.add(p.name)
                    assert table.clock is not None
                    # The bank they left with, not a fresh one.
                    assert other.clock.bank(p.name) == table.clock.bank(p.name) < 30
        assert table.clock is not None
        seen.update({name: table.clock.bank(name) for name in before})
    assert moved
    for other in t.tables:
        assert other.clock is not None
        for name in moved & {p.name for p in other.players}:
            assert other.clock.bank(name) < 30
