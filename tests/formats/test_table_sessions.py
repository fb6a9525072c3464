"""Every hand a cash table writes replays and exports: a property over random sessions."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind import Rules
from bigblind.engine.events import Forced, Posted
from bigblind.engine.hand import HandView
from bigblind.formats import phh, pokerstars
from bigblind.sessions.clock import ClockSettings
from bigblind.sessions.table import HandRecord, Rake, Table, TableError

WHEN = datetime(2026, 12, 1, 10, 0, 0)


class FakeTime:
    """Monotonic seconds that move only when a player is slow."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def random_player(rng: random.Random, time: FakeTime | None = None) -> object:
    def decide(view: HandView) -> str:
        legal = view.legal
        assert legal is not None
        if time is not None and rng.random() < 0.08:
            time.now += 40  # past the decision time and the bank: a timeout (RULES 10.4)
        moves = []
        if legal.fold:
            moves.append("fold")
        if legal.check:
            moves += ["check", "check"]
        if legal.call is not None:
            moves += ["call", "call"]
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            lo, hi = legal.min_raise_to, legal.max_raise_to
            moves += [f"raise {lo}", f"raise {rng.randint(lo, hi)}", f"raise {hi}"]
        return rng.choice(moves)

    return decide


def check_record(record: HandRecord, table: Table) -> None:
    """RULES 7.2, 10.1: the hand replays to its finishing stacks from what was written."""
    hand = record.hand
    text = phh.dumps(hand, **record.phh_fields())
    (history,) = phh.loads(text)
    again = phh.replay(history)
    assert again.result is not None and hand.result is not None
    assert history.finishing_stacks == again.result.stacks
    assert list(history.finishing_stacks) == [
        hand.result.stacks[(hand.button + 1 + k) % hand.seats] for k in range(hand.seats)
    ]
    # The same hand as PokerStars text, rake and owed posts included.
    stars = pokerstars.dumps(
        hand,
        hand_id=record.number,
        table="Session",
        players=list(record.table_hand.names),
        seat_numbers=[seat + 1 for seat in record.seats],
        max_seats=table.seat_count,
        when=WHEN,
        currency="$",
        rake=record.rake,
    )
    assert "collected $0 " not in stars and "collected ($0)" not in stars
    assert len(stars.splitlines()) == stars.count("\n")


OPERATIONS = ["play"] * 4 + ["join", "join", "leave", "sit_out", "sit_out", "sit_in", "sit_in"]


def play_session(
    seed: int,
    seats: int,
    *,
    straddle: bool,
    dead_button: bool,
    rake: bool,
    run_twice: bool = False,
    clocked: bool = False,
) -> Counter[str]:
    """Play a random session, checking every hand; count the hands with unusual posts,
    the hands run twice and the timeouts."""
    rng = random.Random(seed)
    rules = Rules.no_limit(blinds=(1, 2), straddle=4 if straddle else 0)
    time = FakeTime()
    table = Table(
        rules,
        seats=seats,
        seed=seed,
        dead_button=dead_button,
        rake=Rake(5, cap=3) if rake else None,
        first_button=0,
        run_it_twice=run_twice,
        time_to_act=ClockSettings(decision=10, bank=20, top_up=5, top_up_every=3)
        if clocked
        else None,
        clock_time=time,
    )
    for seat in range(seats - 1):
        table.join(seat, f"p{seat}", rng.randint(20, 200))
    joined = seats
    decide = random_player(rng, time if clocked else None)
    seen: Counter[str] = Counter()
    for _ in range(60):
        operation = rng.choice([*OPERATIONS, "rebuy", "back"])
        seat, flag = rng.randrange(seats), rng.random() < 0.5
        try:
            if operation == "play":
                if not table.can_deal():
                    continue
                takes = rng.random() < 0.5  # the straddle, when the rules offer one
                agrees = rng.random() < 0.8  # each player asked to run it twice (RULES 10.3)
                record = table.play_hand(
                    decide,  # type: ignore[arg-type]
                    straddle=lambda offer, takes=takes: takes,  # type: ignore[misc]
                    run_twice=lambda view, agrees=agrees: agrees,  # type: ignore[misc]
                )
                check_record(record, table)
                seen["run twice"] += len(record.hand.boards) == 2
                seen["timeouts"] += len(record.timeouts)
                kinds = {e.kind for e in record.hand.events if isinstance(e, Posted)}
                seen["hands"] += 1
                seen["live blind"] += Forced.LIVE_BLIND in kinds
                seen["dead blind"] += Forced.DEAD_BLIND in kinds
                seen["dead small blind"] += Forced.SMALL_BLIND not in kinds
                seen["straddle"] += Forced.STRADDLE in kinds
            elif operation == "join":
                joined += 1
                table.join(seat, f"n{joined}", rng.randint(10, 200), wait_for_big_blind=flag)
            elif operation == "leave":
                table.leave(seat)
            elif operation == "sit_out":
                table.sit_out(seat)
            elif operation == "sit_in":
                table.sit_in(seat, wait_for_big_blind=flag)
            elif operation == "back":
                table.back(seat)  # a player who timed out says they are back (RULES 10.4)
            else:
                table.rebuy(seat, rng.randint(1, 100))
        except TableError:
            continue  # not possible now (an empty seat, a taken one ...): try the next
    # The whole session as one .phhs text reads back hand for hand.
    assert len(phh.loads(table.phh()) if seen["hands"] else []) == seen["hands"]
    return seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(3, 9),
    straddle=st.booleans(),
    dead_button=st.booleans(),
    rake=st.booleans(),
    run_twice=st.booleans(),
    clocked=st.booleans(),
)
def test_every_hand_of_a_cash_session_replays_and_exports(
    seed: int,
    seats: int,
    straddle: bool,
    dead_button: bool,
    rake: bool,
    run_twice: bool,
    clocked: bool,
) -> None:
    # Players join (posting or waiting for the big blind), leave, sit out and come back
    # owing blinds (RULES 10.1), rebuy; straddles (RULES 2.7) and dead small blinds
    # (RULES 8.4) come with them, hands run twice (RULES 10.3) and players timed out,
    # away and back (RULES 10.4).
    play_session(
        seed,
        seats,
        straddle=straddle,
        dead_button=dead_button,
        rake=rake,
        run_twice=run_twice,
        clocked=clocked,
    )


def test_the_sessions_reach_the_posts_phh_has_no_word_for() -> None:
    # The property above is only as good as the hands it meets: these sessions hold
    # live blinds (RULES 10.1), dead small blinds (RULES 8.4), straddles (RULES 2.7),
    # hands run twice (RULES 10.3) and timeouts (RULES 10.4).
    seen: Counter[str] = Counter()
    for seed in range(60):
        seen += play_session(
            seed,
            3 + seed % 7,
            straddle=seed % 2 == 0,
            dead_button=seed % 3 == 0,
            rake=True,
            run_twice=seed % 4 != 1,
            clocked=seed % 5 != 2,
        )
    assert seen["hands"] > 300
    assert seen["live blind"] and seen["dead small blind"] and seen["straddle"]
    assert seen["run twice"] and seen["timeouts"]
