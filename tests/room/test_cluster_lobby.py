"""The cluster's lobbies in one event loop, on one PostgreSQL database: who owns a room,
where the others send its clients, a clean hand-over, and a process that lost its
lock without knowing it, fenced off by the event key."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from bigblind.room import Room, RoomSettings
from bigblind.room import cluster as c
from bigblind.room.cluster import ClusterError, ClusterLobby, ClusterSettings
from bigblind.room.store import SqlStore
from tests.room.clients import fresh_database, stored_events

BOTS = RoomSettings(bots=("station", "station"), next_hand_seconds=0, seed=3)


@pytest.fixture
def url() -> Iterator[str]:
    with fresh_database() as database:
        SqlStore(database).engine.dispose()  # migrated once, before the lobbies race
        yield database


def lobby(url: str, node: str, sweep: float = 0.1) -> ClusterLobby:
    settings = ClusterSettings(node=node, address=f"http://{node}.test", sweep_seconds=sweep)
    return ClusterLobby(SqlStore(url), settings, url=url, bot_delay=0)


async def eventually(check: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_settings_say_what_would_do() -> None:
    with pytest.raises(ClusterError, match="give an http:// or https:// URL"):
        ClusterSettings(node="n1", address="10.0.0.5:8000")
    with pytest.raises(ClusterError, match="give 1 to 64 characters"):
        ClusterSettings(node="", address="http://10.0.0.5:8000")
    with pytest.raises(ClusterError, match=r"choose 0\.05 to 60"):
        ClusterSettings(node="n1", address="http://10.0.0.5:8000", sweep_seconds=0)


def test_the_creator_owns_the_room_and_hands_it_over_on_stopping(url: str) -> None:
    async def scenario() -> None:
        a, b = lobby(url, "a"), lobby(url, "b")
        await a.join()
        await b.join()
        room, _ = await a.create(RoomSettings())
        assert await a.locate(room) is None
        assert await b.locate(room) == "http://a.test"
        assert room not in b.runners
        assert await b.locate("nosuch") is None  # unknown here too: the app answers 404
        events = list(a.runners[room].room.events)
        await a.close()  # lets go and says so: b's sweep takes the room
        await eventually(lambda: room in b.runners)
        assert b.runners[room].room.events == events
        assert await b.locate(room) is None
        await b.close()

    run(scenario)


def test_a_lost_lock_stops_the_room_and_keeps_one_history(url: str) -> None:
    """a's lock connection is cut while its bots play: b takes the room over; until a's
    next sweep both may try to write, but the event key lets only one write each event
    number (the loser reloads), and then a stops the room."""

    async def scenario() -> None:
        a = lobby(url, "a", sweep=0.5)
        b = lobby(url, "b")
        await a.join()
        room, _ = await a.create(BOTS)
        await b.join()
        await eventually(lambda: a.runners[room].room.hand_number >= 2)
        admin = create_engine(url)
        with admin.begin() as connection:
            cut = "SELECT pg_terminate_backend(pid) FROM cluster_nodes WHERE node_id = 'a'"
            connection.execute(text(cut))
        admin.dispose()
        await eventually(lambda: room in b.runners and room not in a.runners)
        hands = b.runners[room].room.hand_number
        await eventually(lambda: room in b.runners and b.runners[room].room.hand_number > hands + 1)
        final = b.runners[room]
        await a.close()
        await b.close()
        # One history, b's: a's late writes were refused, not mixed in.
        stored = stored_events(url)[room]
        assert stored == final.room.events
        assert Room.restore(room, stored).chips_accounted()

    run(scenario)


def test_rooms_sharing_a_lock_key_live_together(url: str, monkeypatch: Any) -> None:
    monkeypatch.setattr(c, "lock_key", lambda room_id: 42)

    async def scenario() -> None:
        a, b = lobby(url, "a"), lobby(url, "b")
        await a.join()
        await b.join()
        first, _ = await a.create(RoomSettings())
        second, _ = await b.create(RoomSettings())  # its key is a's: a runs it
        assert second not in b.runners
        assert await b.locate(second) == "http://a.test"
        await eventually(lambda: second in a.runners)
        assert first in a.runners
        await a.close()
        await eventually(lambda: {first, second} <= set(b.runners))
        await b.close()

    run(scenario)
