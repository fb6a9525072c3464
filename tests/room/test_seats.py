"""One person, one seat; one name, one player: a second request is refused when it is made,
a refused request or approval is never stored, and what is stored restores the room as it
was played (RULES 10.1)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bigblind.room import Identity, Room, RoomError, RoomSettings
from bigblind.room.runner import Lobby
from bigblind.room.state import token_hash
from bigblind.room.store import SqlStore
from tests.room.clients import database_url, stored_events

HOST = "host-token"
HOST_ID = Identity(host=True)


def make_room(**overrides: Any) -> Room:
    options: dict[str, Any] = {"seed": 5, "open_seating": False, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("seats", RoomSettings(**options), HOST, at=0.0)
    return room


def same_as_stored(room: Room) -> None:
    """The room as its events restore it: requests, seats and the view."""
    again = Room.restore(room.id, json.loads(json.dumps(room.events)))
    assert again.requests == room.requests and again.occupants == room.occupants
    assert again.view(None) == room.view(None)


def test_a_second_request_under_a_pending_or_seated_name_is_refused() -> None:
    room = make_room()
    room.request_seat("tok-a", "Ann", 0, 100, at=1.0)
    events = len(room.events)
    with pytest.raises(RoomError, match="someone waiting for a seat is named 'Ann'"):
        room.request_seat("tok-b", "Ann", 1, 100, at=2.0)
    assert len(room.events) == events and list(room.requests) == [1]
    room.approve(HOST_ID, 1, at=3.0)
    with pytest.raises(RoomError, match="the name 'Ann' is taken"):
        room.request_seat("tok-b", "Ann", 1, 100, at=4.0)
    assert not room.requests
    same_as_stored(room)


def test_a_person_with_a_seat_or_a_request_cannot_ask_again() -> None:
    room = make_room()
    room.request_seat("tok-a", "Ann", 0, 100, at=1.0)
    with pytest.raises(RoomError, match="you have asked for a seat already"):
        room.request_seat("tok-a", "Annie", 1, 100, at=2.0)
    room.approve(HOST_ID, 1, at=3.0)
    with pytest.raises(RoomError, match="you already have a seat"):
        room.request_seat("tok-a", "Annie", 1, 100, at=4.0)
    assert [o.name for o in room.occupants.values()] == ["Ann"] and not room.requests
    same_as_stored(room)


def test_a_request_its_approval_would_refuse_is_not_stored() -> None:
    # The host's own request is approved at once: a name the table refuses was stored
    # before, as a request left pending that came back after a restart.
    room = make_room()
    events = len(room.events)
    with pytest.raises(RoomError, match="cannot be written in a hand history"):
        room.request_seat(HOST, "Ann\tB", 0, 100, at=1.0)
    assert len(room.events) == events and not room.requests and not room.occupants


def legacy_events() -> list[dict[str, Any]]:
    """A room as stored before these rules: two pending requests under one name, and one
    token with two pending requests."""
    room = make_room()

    def asked(token: str, name: str, seat: int) -> dict[str, Any]:
        return {
            "type": "seat_requested",
            "at": 1.0,
            "token": token_hash(token),
            "name": name,
            "seat": seat,
            "chips": 100,
            "wait_for_big_blind": False,
        }

    return [
        *room.events,
        asked("tok-a", "Ann", 0),
        asked("tok-b", "Ann", 1),
        asked("tok-c", "Cy", 2),
        asked("tok-c", "Cyd", 3),
    ]


def test_a_room_stored_with_double_requests_restores_and_seats_each_once() -> None:
    room = Room.restore("seats", legacy_events())
    assert list(room.requests) == [1, 2, 3, 4]
    room.approve(HOST_ID, 1, at=2.0)
    room.approve(HOST_ID, 3, at=2.0)
    events = len(room.events)
    with pytest.raises(RoomError, match="the name 'Ann' is taken"):
        room.approve(HOST_ID, 2, at=3.0)
    with pytest.raises(RoomError, match="'Cyd' has a seat at this table already"):
        room.approve(HOST_ID, 4, at=3.0)
    assert len(room.events) == events and list(room.requests) == [2, 4]
    room.refuse(HOST_ID, 2, at=4.0)
    assert list(room.requests) == [4]
    same_as_stored(room)


def test_an_approval_the_table_refuses_changes_nothing() -> None:
    # Applying a refused event leaves the room as it was, so the live room and its stored
    # events (which do not hold the refused one) stay one.
    room = Room.restore("seats", legacy_events())
    room.approve(HOST_ID, 1, at=2.0)
    before = room.view(None), dict(room.requests), dict(room.occupants)
    with pytest.raises(RoomError, match="already sits at this table"):
        room._apply({"type": "seat_approved", "at": 3.0, "request": 2})
    assert (room.view(None), dict(room.requests), dict(room.occupants)) == before
    same_as_stored(room)


# ------------------------------------------------------------ through the store


async def _played(url: str, legacy: list[dict[str, Any]] | None) -> tuple[Room, list[str]]:
    """Requests sent to a room served over ``url``'s store, as a client's would be; returns
    the live room and the refusals."""
    store = SqlStore(url)
    if legacy is not None:
        await store.append("seats", 0, legacy)
    lobby = Lobby(store, bot_delay=0)
    lobby.restore()
    if legacy is None:
        room_id, host = await lobby.create(RoomSettings(open_seating=False))
    else:
        room_id, host = "seats", HOST
    runner = lobby.get(room_id)

    def ask(token: str, name: str, seat: int) -> Any:
        return lambda room, at: room.request_seat(token, name, seat, 100, at=at)

    def approve(number: int) -> Any:
        return lambda room, at: room.approve(room.identify(host), number, at=at)

    if legacy is None:
        jobs = [
            ask("tok-a", "Ann", 0),
            ask("tok-b", "Ann", 1),  # refused: a pending name
            ask("tok-a", "Al", 2),  # refused: a pending person
            ask(host, "Ho\tst", 3),  # refused: the table would refuse the approval
            approve(1),
            ask("tok-b", "Ann", 1),  # refused: a seated name
        ]
    else:
        jobs = [approve(1), approve(2), approve(3), approve(4)]  # 2 and 4 refused
    refusals = []
    for job in jobs:
        try:
            await runner.request(job)
        except RoomError as error:
            refusals.append(str(error))
    room = runner.room
    await lobby.close()
    return room, refusals


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_refused_requests_are_never_stored(database: str, tmp_path: Path) -> None:
    with database_url(database, tmp_path) as url:
        room, refusals = asyncio.run(_played(url, None))
        stored = stored_events(url)[room.id]
    assert len(refusals) == 4
    assert [e["type"] for e in stored[1:]] == ["seat_requested", "seat_approved"]
    again = Room.restore(room.id, stored)
    assert not again.requests and not room.requests
    assert again.occupants == room.occupants and again.view(None) == room.view(None)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_stored_room_with_double_requests_seats_each_person_once(
    database: str, tmp_path: Path
) -> None:
    with database_url(database, tmp_path) as url:
        room, refusals = asyncio.run(_played(url, legacy_events()))
        stored = stored_events(url)["seats"]
    assert len(refusals) == 2 and list(room.requests) == [2, 4]
    assert sorted(o.name for o in room.occupants.values()) == ["Ann", "Cy"]
    again = Room.restore("seats", stored)
    assert again.requests == room.requests and again.occupants == room.occupants
    assert again.view(None) == room.view(None)
