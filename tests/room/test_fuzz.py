"""Random and malformed messages from many tabs: only error replies, nothing escapes, the
room unchanged; a tab that floods is read at the rate, the others are answered at once."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from bigblind.room.app import create_app
from bigblind.room.protocol import CLIENT_TYPES
from bigblind.room.room import Room
from bigblind.room.store import MemoryStore
from tests.room.clients import ServerThread, Tab, ask_seat, create_room

FUZZERS = 8
MESSAGES = 60
VALUES: list[Any] = [None, True, -1, 0, 1, 7, 2**70, 1.5, "", "x", "call", [], {}, [1], "∞" * 50]
FIELDS = ["action", "amount", "preset", "name", "seat", "buy_in", "chips", "text", "request",
          "bot", "small", "big", "ante", "id", "type", "v"]  # fmt: skip


async def flood(tab: Tab, count: int) -> None:
    for _ in range(count):
        await tab.send_raw('{"v": 1, "type": "pause"}')  # refused: not the host


def random_message(rng: random.Random, seated: bool) -> str | bytes:
    """Garbage of every kind: bytes, bad JSON, wrong shapes, wrong fields, refused requests."""
    roll = rng.random()
    if roll < 0.1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll < 0.2:
        return "{" * rng.randrange(1, 5) + '"v": 1'
    if roll < 0.25:
        return json.dumps([1, 2, 3])
    if roll < 0.3:
        return json.dumps({"v": 1, "type": "chat", "text": "x" * 5000})
    kinds = [k for k in CLIENT_TYPES if k not in ("ping", "request_seat")]
    if seated:  # a seated tab may only do what is refused now: act out of turn
        kinds = ["act", "preset", "approve", "refuse", "add_bot", "remove", "set_away", "pause",
                 "resume", "set_blinds", "end"]  # fmt: skip
    message: dict[str, Any] = {"v": rng.choice([1, 1, 1, 2, None]), "type": rng.choice(kinds)}
    for _ in range(rng.randrange(4)):
        message[rng.choice(FIELDS)] = rng.choice(VALUES)
    if message.get("type") == "act" and rng.random() < 0.5:
        message.update(v=1, action=rng.choice(["fold", "call", "check", "bet", "raise"]))
    return json.dumps(message)


def test_fuzzing_changes_nothing() -> None:
    app = create_app(MemoryStore(), bot_delay=0, static=None)
    with ServerThread(app) as server:
        room_id, replies = asyncio.run(fuzz(server.base))
        room: Room = app.state.lobby.runners[room_id].room
        assert room.chips_accounted()
    assert replies, "the fuzzers got no replies"


async def fuzz(base: str) -> tuple[str, list[str]]:
    created = create_room(base, seats=4, open_seating=True, decision_seconds=600)
    room_id = created["room"]
    tokens = [ask_seat(base, room_id, name, seat, 100)["token"] for seat, name in enumerate("AB")]
    seated = [await Tab(base, room_id, token).open() for token in tokens]
    state = await seated[0].until(lambda s: s["hand"] is not None)
    actor = state["hand"]["actor"]
    idle = seated[1 - actor]  # not to act: everything it sends is refused
    fuzzers = [await Tab(base, room_id).open() for _ in range(FUZZERS)]
    before = [json.dumps(tab.state) for tab in seated]
    rng = random.Random(2024)
    start = {tab: len(tab.messages) for tab in [*fuzzers, idle]}
    replies: list[str] = []

    async def send_all(tab: Tab, is_seated: bool) -> None:
        for _ in range(MESSAGES):
            await tab.send_raw(random_message(rng, is_seated))
            await asyncio.sleep(0.06)  # within the rate limit

    await asyncio.gather(*(send_all(tab, False) for tab in fuzzers), send_all(idle, True))
    await asyncio.sleep(0.5)
    for tab in [*fuzzers, idle]:
        kinds = {m["type"] for m in tab.messages[start[tab] :]}
        assert kinds <= {"error"}, kinds
        replies += tab.errors
        assert len(tab.messages) - start[tab] == MESSAGES, (len(tab.errors), tab.errors[-3:])
        assert not tab.closed
    assert [json.dumps(tab.state) for tab in seated] == before  # nothing changed

    # A flood: the tab is read at the rate and no faster, its sends backing up into its own
    # socket, while the others are answered at once; the room goes on.
    flooder = await Tab(base, room_id).open()
    flooding = asyncio.create_task(flood(flooder, 2000))
    await asyncio.sleep(1.0)
    started = asyncio.get_running_loop().time()
    await idle.send("ping", id=1)
    await idle.until(lambda s: idle.messages[-1]["type"] == "pong")
    answered = asyncio.get_running_loop().time() - started
    read = len(flooder.errors)
    assert read < 200, read  # a burst of 40 and 20 a second, far from the 2,000 sent
    assert answered < read / 20, (answered, read)  # the others wait for no flooder
    flooding.cancel()
    await flooder.close()
    assert not any(tab.closed for tab in seated)
    for tab in [*fuzzers, *seated]:
        await tab.close()
    return room_id, replies
