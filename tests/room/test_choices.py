"""The choices the room asks players for: the straddle (RULES 2.7) and whether to show a
hand that cannot win at the showdown (RULES 6.7, 6.8); no I/O."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigblind.room import Identity, Room, RoomError, RoomSettings
from bigblind.room.core import SHOW_SECONDS
from tests.room.decks import check_down, deck_for
from tests.room.seating import seat_players

HOST = "host-token"
BOARD = "Kd Qs 9c 5h 3d"


def make_room(**overrides: Any) -> Room:
    options: dict[str, Any] = {"seed": 5, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("c", RoomSettings(**options), HOST, at=0.0)
    return room


def next_button(room: Room) -> int:
    probe = Room.restore(room.id, json.loads(json.dumps(room.events)))
    probe.deal(at=2.0)
    assert probe.current is not None
    return probe.current.layout.button


def check_to_showdown(room: Room, ids: dict[int, Identity], at: float = 3.0) -> None:
    while room.current is not None and room.view(room.actor)["hand"]["legal"] is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "check" if legal["check"] else "call", at=at)


def heads_up(*, button_wins: bool, asks: bool) -> tuple[Room, dict[int, Identity], int, int]:
    """Two players check down; returns the room, ids, the winner's seat and the loser's."""
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    if asks:
        for who in ids.values():
            room.set_auto_muck(who, False, at=1.5)
    button = next_button(room)
    other = 1 - button
    winner, loser = (button, other) if button_wins else (other, button)
    holes = {winner: "As Ah", loser: "7h 2c"}
    room.deal(at=2.0, deck=deck_for(room, holes, BOARD, at=2.0, play=check_down))
    check_to_showdown(room, ids)
    return room, ids, winner, loser


def test_a_losing_hand_is_mucked_unasked_by_default() -> None:  # RULES 6.7, 6.8
    # Heads-up the big blind shows first after a checked river: the winner, here.
    room, _, winner, loser = heads_up(button_wins=False, asks=False)
    assert room.current is None
    for viewer in (None, winner):
        shown = room.view(viewer)["last_hand"]["shown"]
        assert str(winner) in shown and str(loser) not in shown
        assert "7h 2c" not in json.dumps(room.view(viewer))


@pytest.mark.parametrize("choice", ["show", "muck"])
def test_a_player_who_asked_chooses_to_show_or_muck(choice: str) -> None:  # RULES 6.7
    room, ids, winner, loser = heads_up(button_wins=False, asks=True)
    hand = room.view(None)["hand"]
    assert hand["show_choice"] == loser and hand["actor"] == loser
    assert hand["deadline"] == pytest.approx(3.0 + min(SHOW_SECONDS, 30.0))
    with pytest.raises(RoomError, match="not your turn"):
        room.act(ids[winner], "show", at=4.0)
    with pytest.raises(RoomError, match="legal now: show, muck"):
        room.act(ids[loser], "fold", at=4.0)
    room.act(ids[loser], choice, at=4.0)
    assert room.current is None
    shown = room.view(winner)["last_hand"]["shown"]
    assert (shown.get(str(loser)) == "7h 2c") is (choice == "show")
    log = "\n".join(room.view(None)["last_hand"]["log"])
    assert ("mucks" in log) is (choice == "muck")


def test_no_answer_in_time_mucks_without_marking_the_player_away() -> None:  # RULES 6.8
    room, _, _, loser = heads_up(button_wins=False, asks=True)
    deadline = room.deadline()
    assert deadline is not None
    with pytest.raises(RoomError, match="nobody's time"):
        room.time_out(at=deadline - 0.1)
    room.time_out(at=deadline)
    assert room.current is None and not room.is_away(loser)
    assert str(loser) not in room.view(None)["last_hand"]["shown"]


def test_a_hand_that_can_win_is_shown_without_asking() -> None:  # RULES 6.7
    # The big blind shows first and loses; the button's better hand is turned up unasked.
    room, _, winner, loser = heads_up(button_wins=True, asks=True)
    assert room.current is None
    shown = room.view(None)["last_hand"]["shown"]
    assert shown[str(winner)] == "As Ah" and shown[str(loser)] == "7h 2c"


def test_a_restored_room_is_the_same_while_a_player_chooses() -> None:
    room, _, _, loser = heads_up(button_wins=False, asks=True)
    again = Room.restore("c", json.loads(json.dumps(room.events)))
    assert again.show_choice() == loser
    for viewer in (None, 0, 1):
        assert again.view(viewer) == room.view(viewer)


# ---------------------------------------------------------------- straddles


def straddle_room() -> tuple[Room, dict[int, Identity]]:
    room = make_room(straddle=True)
    return room, seat_players(room, ["Ann", "Bob", "Cy", "Di"])


def test_the_player_left_of_the_big_blind_is_asked_to_straddle() -> None:  # RULES 2.7
    room, ids = straddle_room()
    expected = room.table.layout(straddle=True).straddler
    events = room.deal(at=2.0)
    assert [e["type"] for e in events] == ["straddle_offered"] and room.current is None
    assert room.view(None)["straddle"] == {"seat": expected, "amount": 4, "deadline": 32.0}
    assert expected is not None
    other = next(s for s in ids if s != expected)
    with pytest.raises(RoomError, match="not asked to straddle"):
        room.straddle(ids[other], True, at=3.0)
    with pytest.raises(RoomError, match="choosing whether to straddle"):
        room.deal(at=3.0)
    room.straddle(ids[expected], True, at=3.0)
    assert room.next_hand_at() == pytest.approx(0.0)  # due already: dealt at once
    room.deal(at=3.0)
    current = room.current
    assert current is not None
    assert current.hand.bets[current.hand_seat(expected)] == 4  # a live bet of two big blinds
    assert room.actor == (expected + 1) % 4  # the player after the straddle acts first
    assert room.view(None)["straddle"] is None


def test_a_straddle_refused_or_unanswered_is_not_posted() -> None:  # RULES 2.7
    for answer in (False, None):
        room, ids = straddle_room()
        room.deal(at=2.0)
        seat = room.straddle_pending()
        assert seat is not None
        if answer is not None:
            room.straddle(ids[seat], answer, at=3.0)
            room.deal(at=3.0)
        else:
            room.deal(at=32.0)  # the offer lapsed: no straddle
        current = room.current
        assert current is not None and max(current.hand.bets) == 2
        assert "straddle" not in room.events[-1]


def test_a_pending_straddle_offer_survives_a_restore() -> None:
    room, _ = straddle_room()
    room.deal(at=2.0)
    again = Room.restore("c", json.loads(json.dumps(room.events)))
    assert again.view(None) == room.view(None) and again.straddle_pending() is not None


def test_bots_are_not_asked_to_straddle() -> None:
    room = make_room(straddle=True, bots=("station",) * 4)
    assert room.deal(at=2.0)[0]["type"] == "hand_started"
