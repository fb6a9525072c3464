"""A sit-and-go in the room: registration, levels, busts, places, prizes (RULES 8), no I/O."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigblind.room import Identity, Room, RoomError, RoomSettings
from tests.room.decks import deck_for

HOST = "host-token"


def make_sng(**overrides: Any) -> Room:
    options: dict[str, Any] = {
        "game": "tournament",
        "seats": 3,
        "seed": 5,
        "open_seating": True,
        "next_hand_seconds": 0,
        "tournament_buy_in": 10,
    }
    options.update(overrides)
    room, _ = Room.create("s", RoomSettings(**options), HOST, at=0.0)
    return room


def register(room: Room, names: list[str], at: float = 1.0) -> dict[int, Identity]:
    ids = {}
    for name in names:
        seat = room.table.empty_seats[0]
        room.request_seat(f"tok-{name}", name, seat, 1, at=at)
        ids[seat] = room.identify(f"tok-{name}")
    return ids


def play_all_in(room: Room, ids: dict[int, Identity], at: float) -> None:
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "all-in" if legal["min_raise_to"] else "call", at=at)


def fold_around(room: Room, ids: dict[int, Identity], at: float) -> None:
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        room.act(ids[seat], "fold", at=at)


def test_registration_fills_the_seats_then_starts() -> None:  # RULES 8
    room = make_sng()
    ids = register(room, ["Ann", "Bob"])
    assert room.next_hand_at() is None  # not full, not started by the host
    with pytest.raises(RoomError, match="starts when every seat is taken"):
        room.deal(at=2.0)
    assert [p.stack for p in room.table.players] == [1500, 1500]  # the starting stack
    room.request_seat("tok-Cy", "Cy", 2, 999, at=3.0)  # the chips asked for do not matter
    view = room.view(None)["tournament"]
    assert view["started"] and view["entrants"] == 3 and view["prize_pool"] == 30
    assert view["prizes"] == [20, 10]  # 65/35 for 3 to 6 players, rounded to whole chips
    assert room.ledger_json()["bought"] == 30
    with pytest.raises(RoomError, match="registration is closed"):
        room.request_seat("tok-Di", "Di", 0, 1, at=3.0)
    with pytest.raises(RoomError, match="no top-ups or rebuys"):
        room.top_up(ids[0], 100, at=3.0)
    with pytest.raises(RoomError, match="rise by its levels"):
        room.set_blinds(Identity(host=True), 50, 100, at=3.0)
    with pytest.raises(RoomError, match="stays until out of chips"):
        room.leave(ids[0], at=3.0)
    with pytest.raises(RoomError, match="stays until out of chips"):
        room.remove(Identity(host=True), 0, at=3.0)
    room.deal(at=4.0)
    assert room.current is not None and room.blinds == (10, 20, 0)


def test_a_player_sitting_out_is_dealt_in_and_folded() -> None:  # RULES 8, 10.4
    room = make_sng(seats=3)
    ids = register(room, ["Ann", "Bob"])
    room.sit_out(ids[0], at=1.5)  # before the start: still an entrant
    room.request_seat("tok-Cy", "Cy", 2, 1, at=2.0)
    room.deal(at=3.0)
    current = room.current
    assert current is not None and 0 in current.seats and room.is_away(0)
    timed_out = 0
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        if seat == 0:
            deadline = room.deadline()
            assert deadline == room.turn_started  # away: acted for at once
            room.time_out(at=deadline)
            timed_out += 1
        else:
            legal = room.view(seat)["hand"]["legal"]
            room.act(
                ids.get(seat) or room.identify("tok-Cy"),
                "check" if legal["check"] else "call",
                at=4.0,
            )
    assert timed_out and room.table.player(0) is not None  # folded, still in the tournament


def test_the_host_starts_early_and_leaving_before_the_start_refunds() -> None:
    room = make_sng(seats=4, open_seating=False)
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        room.request_seat(f"tok-{name}", name, seat, 1500, at=1.0)
        room.approve(Identity(host=True), max(room.requests), at=1.0)
    room.leave(room.identify("tok-Cy"), at=2.0)
    assert room.ledger_json()["players"][2] == {
        "name": "Cy",
        "buy_in": 10,
        "cash_out": 10,
        "stack": 0,
        "net": 0,
    }
    with pytest.raises(RoomError, match="only the host"):
        room.start(room.identify("tok-Ann"), at=3.0)
    room.start(Identity(host=True), at=3.0)
    assert room.view(None)["tournament"]["prizes"] == [20]  # heads-up: winner takes all
    with pytest.raises(RoomError, match="started already"):
        room.start(Identity(host=True), at=3.0)
    assert room.chips_accounted()


def test_blinds_rise_by_time_from_the_next_hand_and_stop_while_paused() -> None:  # RULES 8.1
    room = make_sng(level_minutes=10, decision_seconds=300)
    ids = register(room, ["Ann", "Bob", "Cy"])
    room.deal(at=590.0)
    assert room.blinds == (10, 20, 0)
    tournament = room.view(None)["tournament"]
    assert tournament["level"] == 1 and tournament["next_blinds"] == [15, 30, 0]
    assert tournament["next_level_at"] == pytest.approx(601.0)  # started at 1.0
    # The level changes during the hand: the hand keeps its blinds.
    seat = room.actor
    assert seat is not None
    room.act(ids[seat], "fold", at=700.0)
    assert room.current is not None and room.current.hand.rules.big_blind == 20
    room.act(ids[room.actor], "fold", at=700.0)  # type: ignore[index]
    room.deal(at=701.0)
    assert room.blinds == (15, 30, 0) and room.view(None)["tournament"]["level"] == 2
    while room.current is not None:
        room.act(ids[room.actor], "fold", at=702.0)  # type: ignore[index]
    room.pause(Identity(host=True), at=702.0)
    room.resume(Identity(host=True), at=702.0 + 3600)  # an hour's pause counts for nothing
    room.deal(at=702.0 + 3600)
    assert room.blinds == (15, 30, 0)


def test_time_banks_are_topped_up_at_each_new_level() -> None:  # RULES 10.4
    room = make_sng(
        level_minutes=1, decision_seconds=10, time_bank_seconds=20, time_bank_refill_seconds=5
    )
    ids = register(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    seat = room.actor
    assert seat is not None
    room.act(ids[seat], "fold", at=2.0 + 10 + 8)  # 8 seconds of the bank used
    assert room.bank(seat) == pytest.approx(12)
    fold_around(room, ids, at=20.0)
    room.deal(at=30.0)  # the same level: nothing added
    assert room.bank(seat) == pytest.approx(12)
    fold_around(room, ids, at=31.0)
    room.deal(at=70.0)  # level 2
    assert room.bank(seat) == pytest.approx(17)


def test_players_out_in_one_hand_with_equal_stacks_share_places_and_prizes() -> None:
    # RULES 8.3: placed by their stacks at the start of the hand; equal stacks share.
    room = make_sng()
    ids = register(room, ["Ann", "Bob", "Cy"])
    deck = deck_for(room, {0: "As Ah", 1: "Kd Kc", 2: "7h 2c"}, "Qs Jd 3c 8h 4s", at=2.0)
    room.deal(at=2.0, deck=deck)
    play_all_in(room, ids, at=3.0)
    tournament = room.view(None)["tournament"]
    assert tournament["finished"] and room.ended
    assert tournament["finishes"] == [
        {"places": [1], "name": "Ann", "payout": 20},
        {"places": [2, 3], "name": "Bob", "payout": 5},
        {"places": [2, 3], "name": "Cy", "payout": 5},
    ]
    ledger = {row["name"]: row for row in room.ledger_json()["players"]}
    assert ledger["Ann"]["net"] == 10 and ledger["Bob"]["net"] == -5
    assert room.ledger_json()["bought"] == room.ledger_json()["cashed"] == 30
    assert room.ledger_csv().splitlines()[:2] == [
        "name,buy_in,cash_out,prize,stack,net",
        "Ann,10,0,20,0,10",
    ]
    assert room.chips_accounted()
    assert room.events[-1]["finishes"][0]["places"] == [2, 3]
    with pytest.raises(RoomError, match="game is over"):
        room.deal(at=4.0)
    again = Room.restore("s", json.loads(json.dumps(room.events)))
    assert again.view(None) == room.view(None)


def test_the_larger_stack_at_the_start_of_the_hand_finishes_higher() -> None:  # RULES 8.3
    room = make_sng(seats=4, payouts=("50", "30", "20"), tournament_buy_in=10)
    ids = register(room, ["Ann", "Bob", "Cy", "Di"])
    room.deal(at=2.0)
    while room.current is not None:  # everyone folds to the big blind
        room.act(ids[room.actor], "fold", at=2.0)  # type: ignore[index]
    stacks = {p.seat: p.stack for p in room.table.players}
    big = max(stacks, key=lambda s: stacks[s])  # won the blinds: 1510
    small = min(stacks, key=lambda s: stacks[s])  # lost the small blind: 1490
    others = [s for s in stacks if s not in (big, small)]
    holes = {big: "As Ah", small: "Kd Kc", others[0]: "7h 2c", others[1]: "8d 3s"}
    room.deal(at=3.0, deck=deck_for(room, holes, "Qs Jd 4c 9h 5s", at=3.0))
    play_all_in(room, ids, at=4.0)
    finishes = room.view(None)["tournament"]["finishes"]
    names = {room.table.players[0].seat: room.table.players[0].name} if room.table.players else {}
    assert not names  # the winner was paid and left the table
    by_place = {tuple(f["places"]): f for f in finishes}
    assert by_place[(1,)]["payout"] == 20
    # The two players with 1500 at the start share 2nd-3rd; the one with 1490 is 4th.
    assert by_place[(2, 3)]["payout"] == 10 and by_place[(4,)]["payout"] == 0
    small_name = next(f["name"] for f in finishes if f["places"] == [4])
    assert small_name == ["Ann", "Bob", "Cy", "Di"][small]
    assert room.ledger_json()["cashed"] == 40 and room.chips_accounted()


def test_a_restored_sit_and_go_is_the_same_mid_hand() -> None:
    room = make_sng(bots=("station",), seats=3)
    ids = register(room, ["Ann", "Bob"], at=1.0)
    assert room.sng is not None and room.sng.started  # the bot took a seat too
    room.deal(at=2.0)
    seat = room.actor
    assert seat is not None
    if seat in ids:
        room.act(ids[seat], "call", at=3.0)
    again = Room.restore("s", json.loads(json.dumps(room.events)))
    for viewer in (None, 0, 1, 2):
        assert again.view(viewer) == room.view(viewer)


def test_ending_a_sit_and_go_early_places_the_players_by_their_chips() -> None:
    room = make_sng()
    ids = register(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    room.end(Identity(host=True), at=2.5)
    while room.current is not None:
        room.act(ids[room.actor], "fold", at=3.0)  # type: ignore[index]
    finishes = room.view(None)["tournament"]["finishes"]
    assert finishes[0]["places"] == [1] and finishes[0]["payout"] == 20
    assert sum(f["payout"] for f in finishes) == 30 and room.chips_accounted()


def test_tournament_settings_are_checked() -> None:
    with pytest.raises(RoomError, match="add up to 100"):
        RoomSettings(game="tournament", payouts=("50", "30"))
    with pytest.raises(RoomError, match="4 paid places for 3 seats"):
        RoomSettings(game="tournament", seats=3, payouts=("40", "30", "20", "10"))
    with pytest.raises(RoomError, match="a list of percentages"):
        RoomSettings(game="tournament", payouts="50,50")  # type: ignore[arg-type]
