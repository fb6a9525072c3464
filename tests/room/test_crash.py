"""Kill the server with SIGKILL in the middle of a hand, start it again, finish the hand:
same cards, same result, no chip created or lost. Against SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from bigblind.room import Identity, Room, RoomSettings
from tests.room.clients import (
    Json,
    ServerProcess,
    Tab,
    ask_seat,
    create_room,
    database_url,
    passive,
    stored_events,
)

SETTINGS: dict[str, Any] = {
    "seed": 11,
    "open_seating": True,
    "next_hand_seconds": 0,
    "decision_seconds": 120,
    "seats": 4,
}
PLAYERS = [("Ann", 100), ("Bob", 150), ("Cy", 200)]


def reference_hand() -> Json:
    """The first hand played without any crash, by the pure room with the same inputs."""
    room, _ = Room.create("ref", RoomSettings(**SETTINGS), "host", at=0.0, table_seed=11)
    room.pause(Identity(host=True), at=0.0)
    for seat, (name, chips) in enumerate(PLAYERS):
        room.request_seat(name, name, seat, chips, at=0.0)
    room.resume(Identity(host=True), at=0.0)
    room.deal(at=0.0)
    while room.current is not None:
        actor = room.actor
        assert actor is not None
        room.act(Identity(seat=actor), passive(room.view(actor))["action"], at=0.0)
    last: Json = room.view(None)["last_hand"]
    return last


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_sigkill_mid_hand(database: str, tmp_path: Path) -> None:
    with database_url(database, tmp_path) as url:
        server = ServerProcess(url).start()
        try:
            room, host, tokens, before = asyncio.run(until_the_turn(server.base))
            server.kill()
            server = ServerProcess(url, port=server.port).start()
            after = asyncio.run(finish_the_hand(server.base, room, host, tokens, before))
        finally:
            server.stop()
        assert after == reference_hand()
        (events,) = stored_events(url).values()
        assert Room.restore(room, events).chips_accounted()


async def until_the_turn(base: str) -> tuple[str, str, list[str], list[Json]]:
    created = create_room(base, **SETTINGS)
    room, host_token = created["room"], created["host_token"]
    host = await Tab(base, room, host_token).open()
    await host.send("pause")
    await host.until(lambda s: s["paused"])
    tokens = [
        ask_seat(base, room, name, seat, chips)["token"]
        for seat, (name, chips) in enumerate(PLAYERS)
    ]
    tabs = [await Tab(base, room, token).open() for token in tokens]
    # Mid-hand: the flop has been checked round, the turn is out, someone is to act.
    for tab in tabs:
        tab.policy = lambda s: passive(s) if s["hand"]["street"] != "turn" else None
    await host.send("resume")
    await host.until(lambda s: s["hand"] is not None)
    await host.send("pause")  # only the first hand: the pause lets it finish, then holds
    await host.until(lambda s: s["hand"] is not None and s["hand"]["street"] == "turn")
    await asyncio.sleep(0.3)  # let every tab get the same last state
    states = [tab.state for tab in tabs]
    for tab in [host, *tabs]:
        await tab.close()
    assert all(s is not None and s["hand"]["street"] == "turn" for s in states)
    return room, host_token, tokens, [s for s in states if s is not None]


async def finish_the_hand(
    base: str, room: str, host_token: str, tokens: list[str], before: list[Json]
) -> Json:
    tabs = [await Tab(base, room, token).open() for token in tokens]
    for tab, old in zip(tabs, before, strict=True):
        state = tab.state
        assert state is not None
        # Same cards, same player to act, same pot, same log: the hand resumes where it was.
        for key in ("number", "board", "pot", "actor", "log", "deadline"):
            assert state["hand"][key] == old["hand"][key], key
        assert state["seats"] == old["seats"]
        tab.policy = passive
    # Whoever is to act acts now (the states came before the policy was set).
    actor = before[0]["hand"]["actor"]
    actor_state = tabs[actor].state
    assert actor_state is not None
    await tabs[actor].send("act", **passive(actor_state))
    state = await tabs[0].until(lambda s: s["hand"] is None and s["last_hand"] is not None)
    ledger = httpx.get(f"{base}/api/rooms/{room}/ledger").json()
    stacks = sum(seat["stack"] for seat in state["seats"] if seat)
    assert ledger["bought"] == stacks + ledger["cashed"] + ledger["rake"] == 450
    for tab in tabs:
        await tab.close()
    last: Json = state["last_hand"]
    return last
