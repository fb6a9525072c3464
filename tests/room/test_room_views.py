"""What a room's views and exports tell: a player's own cards of the last hand, a seat given
during a hand, a player leaving when it ends, each exported hand's own time, both runs of a
hand run twice (RULES 3.4, 6.8, 10.1, 10.3)."""

from __future__ import annotations

from typing import Any

from bigblind.room import Identity, Room, RoomSettings
from tests.room.seating import seat_players
from tests.room.test_room import all_in_preflop, make_room

HOST = "host-token-0123456789"


def playing(**overrides: Any) -> Room:
    """Ann (seat 0) and Bob (seat 1) at an open table, the first hand dealt."""
    options: dict[str, Any] = {"seed": 3, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("views", RoomSettings(**options), HOST, at=0.0)
    room.request_seat("tok-ann-0123456789", "Ann", 0, 100, at=1.0)
    room.request_seat("tok-bob-0123456789", "Bob", 1, 100, at=2.0)
    for number in list(room.requests):
        room.approve(Identity(host=True), number, at=2.5)
    room.deal(at=3.0)
    return room


def who(room: Room, token: str) -> Identity:
    return room.identify(token)


def finish(room: Room, at: float = 10.0) -> None:
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        token = {0: "tok-ann-0123456789", 1: "tok-bob-0123456789"}[seat]
        room.act(who(room, token), "fold", at=at)


def test_between_hands_a_player_sees_their_own_last_cards_and_no_one_else_does() -> None:
    room = playing()
    dealt = room.view(0)["seats"][0]["cards"]
    assert dealt and room.view(1)["seats"][0]["cards"] is None
    finish(room)
    assert room.current is None
    # RULES 3.4: the cards stay with the person dealt them, so that "Show cards" can be
    # pressed; the other player and a spectator still see nothing.
    assert room.view(0)["seats"][0]["cards"] == dealt
    assert room.view(1)["seats"][0]["cards"] is None
    assert room.view(None)["seats"][0]["cards"] is None
    # RULES 6.8: a later occupant of the seat does not see them.
    room.leave(who(room, "tok-ann-0123456789"), at=11.0)
    room.request_seat("tok-cy-01234567890", "Cy", 0, 100, at=12.0)
    assert room.view(0)["seats"][0]["name"] == "Cy"
    assert room.view(0)["seats"][0]["cards"] is None


def test_a_seat_approved_during_a_hand_is_shown_at_once_as_joining() -> None:
    room = playing(open_seating=False, seats=3)
    assert room.current is not None
    room.request_seat("tok-dee-0123456789", "Dee", 2, 80, at=4.0)
    room.approve(Identity(host=True), 3, at=5.0)
    # RULES 10.1: Dee joins when the hand ends, and her seat says so meanwhile.
    seat = room.view(2)["seats"][2]
    assert room.view(2)["you"] == 2
    assert seat is not None and (seat["name"], seat["status"], seat["stack"]) == (
        "Dee",
        "joining",
        80,
    )
    assert room.view(None)["seats"][2]["status"] == "joining"
    finish(room)
    assert room.view(2)["seats"][2]["status"] != "joining"
    assert room.view(2)["seats"][2]["stack"] == 80


def test_a_player_leaving_or_removed_during_a_hand_is_marked_until_it_ends() -> None:
    room = playing(seats=3)
    room.leave(who(room, "tok-ann-0123456789"), at=4.0)
    assert room.view(None)["seats"][0]["leaving"] is True
    room.remove(Identity(host=True), 1, at=4.5)
    assert room.view(None)["seats"][1]["leaving"] is True
    finish(room)
    assert room.view(None)["seats"][0] is None and room.view(None)["seats"][1] is None
    assert not room.occupants


def test_each_pokerstars_hand_carries_the_time_it_was_dealt() -> None:
    room = playing()  # the first hand dealt at 3.0
    finish(room, at=10.0)
    room.deal(at=86_400.0 * 30)  # a month later
    finish(room, at=86_400.0 * 30 + 5)
    text = room.history("pokerstars", Identity())
    # PokerStars stamps are Eastern time: 1969/12/31 19:00:03 ET, then 1970/01/30.
    stamps = [line.split(" - ")[-1] for line in text.splitlines() if line.startswith("PokerStars")]
    assert len(stamps) == 2
    assert stamps[0].startswith("1969/12/31 19:00:03") and stamps[1].startswith(
        "1970/01/30 19:00:00"
    )


def test_the_log_of_a_hand_run_twice_holds_the_second_run() -> None:  # RULES 10.3
    room = make_room(run_it_twice=True)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    all_in_preflop(room, ids)
    for seat in ids:
        room.run_it_twice(ids[seat], True, at=4.0)
    last = room.view(None)["last_hand"]
    first, second = last["boards"]
    log = last["log"]
    assert "── Run it twice" in log
    runs = [line for line in log if line.startswith("── Run 2, ")]
    assert " ".join(line.split(": ")[1] for line in runs) == " ".join(
        c for c in second.split() if c not in first.split()
    )
    assert any("half of the pot on run 2" in line for line in log)
    assert any("half of the pot on run 1" in line for line in log)
