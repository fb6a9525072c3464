"""Session statistics from a room's own hands: hands, VPIP, PFR, won/lost, biggest pot."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.room import Identity, Room, RoomSettings
from bigblind.room.stats import hand_facts, session_stats

HOST = "host-token"


def make_room(**overrides: object) -> tuple[Room, dict[int, Identity]]:
    options: dict[str, object] = {"seed": 7, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("stats", RoomSettings(**options), HOST, at=0.0)  # type: ignore[arg-type]
    names = ["Ann", "Bob", "Cy"]
    for seat, name in enumerate(names):
        room.request_seat(f"tok-{name}", name, seat, 100, at=1.0)
    return room, {seat: room.identify(f"tok-{name}") for seat, name in enumerate(names)}


def play(room: Room, ids: dict[int, Identity], moves: list[str], at: float) -> None:
    """The actors in turn play ``moves``; then everyone checks, or folds, to the end."""
    for move in moves:
        seat = room.actor
        assert seat is not None
        room.act(ids[seat], move, at=at)
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "check" if legal["check"] else "fold", at=at)


def by_name(room: Room) -> dict[str, dict[str, object]]:
    return {row["name"]: row for row in session_stats(room)}


def test_a_limp_is_voluntary_a_raise_is_both_and_the_big_blinds_check_is_neither() -> None:
    room, ids = make_room()
    room.deal(at=2.0)
    current = room.current
    assert current is not None
    first = current.actor
    play(room, ids, ["call"], at=3.0)  # the first to act limps; the blinds check or fold
    record = room.table.history[-1]
    facts = hand_facts(record)
    limper = record.seats.index(first) if first is not None else -1
    assert facts.vpip == {limper} and facts.pfr == frozenset()
    room.deal(at=4.0)
    second = room.actor
    play(room, ids, ["raise 6", "fold", "fold"], at=5.0)
    facts = hand_facts(room.table.history[-1])
    raiser = room.table.history[-1].seats.index(second) if second is not None else -1
    assert facts.vpip == facts.pfr == {raiser}
    rows = by_name(room)
    assert all(row["hands"] == 2 for row in rows.values())
    assert sum(int(row["vpip"]) for row in rows.values()) == 2  # type: ignore[call-overload]
    assert sum(int(row["pfr"]) for row in rows.values()) == 1  # type: ignore[call-overload]
    for row in rows.values():
        assert row["vpip_percent"] == round(100 * int(row["vpip"]) / 2, 1)  # type: ignore[call-overload]


def test_blinds_a_straddle_and_a_bomb_pot_are_not_voluntary() -> None:
    room, ids = make_room(bomb_pot=5)
    room.call_bomb_pot(Identity(host=True), at=1.5)
    room.deal(at=2.0)  # a bomb pot: every player in for 5, the hand starts on the flop
    play(room, ids, [], at=3.0)
    facts = hand_facts(room.table.history[-1])
    assert facts.vpip == facts.pfr == frozenset()
    room.deal(at=4.0)  # everyone folds to the big blind: the blinds put nothing in freely
    play(room, ids, ["fold", "fold"], at=5.0)
    assert hand_facts(room.table.history[-1]).vpip == frozenset()
    rows = by_name(room)
    assert [row["hands"] for row in rows.values()] == [2, 2, 2]
    assert all(row["vpip"] == 0 and row["vpip_percent"] == 0.0 for row in rows.values())


def test_no_hand_no_figures() -> None:
    room, _ = make_room()
    assert session_stats(room) == []


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["fold", "call", "raise", "check"]), min_size=1, max_size=30))
def test_the_figures_add_up_whatever_is_played(moves: list[str]) -> None:
    room, ids = make_room(rake_percent="5", rake_cap=3)
    at = 2.0
    for move in moves:
        at += 1
        if room.current is None:
            if room.next_hand_at() is None:
                break
            room.deal(at=at)
            continue
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        if move == "raise" and legal["min_raise_to"] is not None:
            action = f"{'bet' if legal['bet'] else 'raise'} {legal['min_raise_to']}"
        elif move == "check" and legal["check"]:
            action = "check"
        elif move == "call" and legal["call"]:
            action = "call"
        else:
            action = "check" if legal["check"] else "fold"
        room.act(ids[seat], action, at=at)
    finished = room.table.history
    rows = session_stats(room)
    # Every chip a player won, another lost or the house raked.
    assert sum(row["won"] for row in rows) == -sum(r.rake for r in finished)
    assert sum(row["hands"] for row in rows) == sum(len(r.seats) for r in finished)
    for row in rows:
        assert 0 <= row["pfr"] <= row["vpip"] <= row["hands"]
        assert 0 <= row["biggest_pot"] <= max([sum(r.hand.contributions) for r in finished] + [0])
    again = Room.restore(room.id, room.events)
    assert session_stats(again) == rows
