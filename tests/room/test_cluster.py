"""Rooms on several processes: three ``bigblind serve`` processes on one PostgreSQL database.

Rooms spread over the processes; the players of a room come in through
different ones and are sent to the owner; the owner of one room is killed
with SIGKILL in the middle of a hand, another process takes the room over
from its stored events, and every room plays on: the same cards and results
as a reference played without any crash, chips conserved, and no client ever
sees an action twice or an action taken back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bigblind.room import Identity, Room, RoomSettings
from bigblind.room.cluster import MOVED
from tests.room.clients import (
    Json,
    ServerProcess,
    fresh_database,
    passive,
    stored_events,
)

SETTINGS: dict[str, Any] = {
    "open_seating": True,
    "next_hand_seconds": 0,
    "decision_seconds": 120,
    "seats": 3,
}
PLAYERS = [("Ann", 100), ("Bob", 150), ("Cy", 200)]
ROOMS = 3
HANDS_BEFORE = 2  # hands every room plays before the kill
HANDS_AFTER = 3  # and after it


class Player:
    """One client: enters through its own process, follows the owner's redirect, and
    when the connection is lost comes back through the next live process.

    Keeps every state it receives, over all its connections, to check them afterwards.
    """

    def __init__(self, bases: list[str], room: str, token: str, *, plays: bool = True) -> None:
        self.bases = bases  # its own entry first
        self.room = room
        self.token = token
        self.plays = plays
        self.states: list[Json] = []
        self.connections = 0
        self.redirects = 0
        self.owner: str | None = None
        self._ws: ClientConnection | None = None
        self._acted: tuple[int, int] | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    @property
    def state(self) -> Json | None:
        return self.states[-1] if self.states else None

    def start(self) -> Player:
        self._task = asyncio.create_task(self._run())
        return self

    async def stop(self) -> None:
        self._stopped = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def send(self, message_type: str, **fields: Any) -> None:
        assert self._ws is not None
        await self._ws.send(json.dumps({"v": 1, "type": message_type, **fields}))

    async def until(self, predicate: Any, timeout: float = 60) -> Json:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.state
            if state is not None and predicate(state):
                return state
            await asyncio.sleep(0.02)
        raise AssertionError(f"timed out in room {self.room}: {json.dumps(self.state)[:800]}")

    async def _run(self) -> None:
        entry = 0
        while not self._stopped:
            base = self.owner or self.bases[entry % len(self.bases)]
            url = base.replace("http", "ws", 1) + f"/api/rooms/{self.room}/ws?token={self.token}"
            try:
                async with connect(url, open_timeout=5) as ws:
                    self._ws = ws
                    self.connections += 1
                    self._acted = None  # whatever was sent before may not have been stored
                    with contextlib.suppress(ConnectionClosed):
                        async for text in ws:
                            await self._receive(json.loads(text))
                    if ws.close_code == MOVED and ws.close_reason:
                        self.owner = ws.close_reason
                        self.redirects += 1
                        continue
            except (OSError, TimeoutError, ConnectionClosed):
                entry += 1  # that process is gone: try the next one
            self.owner = None
            await asyncio.sleep(0.05)

    async def _receive(self, message: Json) -> None:
        if message["type"] != "state":
            return
        state = message["state"]
        self.states.append(state)
        hand = state["hand"]
        if not self.plays or hand is None or hand["actor"] != state["you"] or not hand["legal"]:
            return
        position = (hand["number"], len(hand["log"]))
        if position != self._acted:
            self._acted = position
            await asyncio.sleep(0.02)  # a person's pace, and the machine is shared
            with contextlib.suppress(ConnectionClosed):
                decision = {"hand": hand["number"], "decision": hand["decision"]}
                await self.send("act", **decision, **passive(state))


def reference(seed: int, hands: int) -> Json:
    """The room after ``hands`` hands played passively by the pure room, with no crash."""
    room, _ = Room.create("ref", RoomSettings(seed=seed, **SETTINGS), "h", at=0.0, table_seed=seed)
    room.pause(Identity(host=True), at=0.0)
    for seat, (name, chips) in enumerate(PLAYERS):
        room.request_seat(name, name, seat, chips, at=0.0)
    room.resume(Identity(host=True), at=0.0)
    for _ in range(hands):
        room.deal(at=0.0)
        while room.current is not None:
            actor = room.actor
            assert actor is not None
            room.act(Identity(seat=actor), passive(room.view(actor))["action"], at=0.0)
    view: Json = room.view(None)
    return view


def owner_of(base: str, room: str) -> str:
    """The process serving ``room``, as a request through ``base`` finds it."""
    answer = httpx.get(f"{base}/api/rooms/{room}", follow_redirects=True, timeout=30)
    assert answer.status_code == 200, answer.text
    return f"{answer.url.scheme}://{answer.url.host}:{answer.url.port}"


def progress(state: Json) -> tuple[int, int]:
    """How far the room has played: hands, then actions in the hand under way."""
    hand = state["hand"]
    return (state["hands_played"], 0 if hand is None else len(hand["log"]))


def check_states(player: Player) -> None:
    """No action seen twice or taken back: within a hand every log extends the last one,
    and hands only go forward."""
    last: Json | None = None
    for state in player.states:
        if last is not None:
            assert state["hands_played"] >= last["hands_played"]
            before, now = last["hand"], state["hand"]
            if before is not None and now is not None and before["number"] == now["number"]:
                assert now["log"][: len(before["log"])] == before["log"], (before, now)
            if before is not None and now is not None:
                assert now["number"] >= before["number"]
        last = state


def test_three_processes_one_killed() -> None:
    with fresh_database() as url:
        nodes = [
            ServerProcess(url, extra=["--node-id", f"n{i}"]) for i in range(3)
        ]  # each advertises http://127.0.0.1:PORT
        try:
            for node in nodes:
                node.start()
            asyncio.run(play(nodes, url))
        finally:
            for node in nodes:
                node.stop()


async def play(nodes: list[ServerProcess], url: str) -> None:
    bases = [node.base for node in nodes]
    rooms: list[str] = []
    hosts: list[Player] = []
    players: list[list[Player]] = []
    for r in range(ROOMS):
        # Each room is made on its own process, which owns it; the others send clients there.
        made = httpx.post(f"{bases[r]}/api/rooms", json={"seed": 20 + r, **SETTINGS}, timeout=30)
        assert made.status_code == 201, made.text
        room, host_token = made.json()["room"], made.json()["host_token"]
        elsewhere = httpx.get(f"{bases[(r + 1) % 3]}/api/rooms/{room}", timeout=30)
        assert elsewhere.status_code == 307
        assert elsewhere.headers["location"] == f"{bases[r]}/api/rooms/{room}"
        host = Player(rotate(bases, r + 1), room, host_token, plays=False).start()
        await host.until(lambda s: True)
        await host.send("pause")
        await host.until(lambda s: s["paused"])
        assert host.redirects >= 1
        tokens = []
        for seat, (name, chips) in enumerate(PLAYERS):
            body = {"name": name, "seat": seat, "buy_in": chips}
            seated = httpx.post(
                f"{bases[(r + 2) % 3]}/api/rooms/{room}/seats",
                json=body,
                follow_redirects=True,
                timeout=30,
            )
            assert seated.status_code == 201, seated.text
            tokens.append(seated.json()["token"])
        # Player j comes in through process r + j: the three reach three processes.
        players.append(
            [Player(rotate(bases, r + j), room, t).start() for j, t in enumerate(tokens)]
        )
        rooms.append(room)
        hosts.append(host)
    for host in hosts:
        await host.send("resume")
    for host in hosts:
        await host.until(lambda s: s["hands_played"] >= HANDS_BEFORE)

    # Kill the owner of room 0 in the middle of a hand.
    at_kill = await players[0][0].until(
        lambda s: s["hand"] is not None and len(s["hand"]["log"]) > 0
    )
    nodes[0].kill()
    killed_at = time.monotonic()
    # Another process has the room and its players play on within a few seconds.
    await players[0][0].until(lambda s: progress(s) > progress(at_kill), timeout=10)
    assert time.monotonic() - killed_at < 5
    played = [host.state["hands_played"] for host in hosts if host.state]
    for host, before in zip(hosts, played, strict=True):
        await host.until(lambda s, b=before: s["hands_played"] >= b + HANDS_AFTER)
    assert time.monotonic() - killed_at < 30
    assert owner_of(bases[1], rooms[0]) in bases[1:]
    assert all(p.connections >= 2 for p in players[0])

    for host in hosts:
        await host.send("pause")
    for room_players in players:
        for player in room_players:
            await player.until(lambda s: s["paused"] and s["hand"] is None)
    for player in [*hosts, *(p for ps in players for p in ps)]:
        await player.stop()

    stored = stored_events(url)
    for r, room in enumerate(rooms):
        restored = Room.restore(room, stored[room])
        assert restored.chips_accounted()
        final = players[r][0].state
        assert final is not None
        expected = reference(20 + r, final["hands_played"])
        assert [s["stack"] for s in final["seats"]] == [s["stack"] for s in expected["seats"]]
        assert final["last_hand"] == expected["last_hand"]
        ledger = httpx.get(f"{bases[1]}/api/rooms/{room}/ledger", follow_redirects=True).json()
        stacks = sum(seat["stack"] for seat in final["seats"] if seat)
        assert ledger["bought"] == stacks + ledger["cashed"] + ledger["rake"] == 450
        for player in players[r]:
            check_states(player)


def rotate(bases: list[str], first: int) -> list[str]:
    first %= len(bases)
    return bases[first:] + bases[:first]


def test_a_stopped_process_hands_its_rooms_over() -> None:
    """A room of bots (nobody connected) plays on after its process stops: another
    process takes it by itself, not on a client's request."""
    with fresh_database() as url:
        nodes = [ServerProcess(url, extra=["--node-id", f"n{i}"]) for i in range(2)]
        try:
            for node in nodes:
                node.start()
            settings = {"bots": ["station", "station"], "next_hand_seconds": 0, "seed": 5}
            made = httpx.post(f"{nodes[0].base}/api/rooms", json=settings, timeout=30)
            assert made.status_code == 201, made.text
            room = made.json()["room"]
            nodes[0].stop()  # SIGTERM: it lets go of its rooms and says so (NOTIFY)
            time.sleep(2)
            counts = []
            for _ in range(2):
                counts.append(len(stored_events(url)[room]))
                time.sleep(1.5)
            assert counts[1] > counts[0], "nobody plays the room"
            assert owner_of(nodes[1].base, room) == nodes[1].base
            events = stored_events(url)[room]
            assert Room.restore(room, events).chips_accounted()
        finally:
            for node in nodes:
                node.stop()


def test_a_tab_follows_its_room_when_the_process_stops() -> None:
    """SIGTERM with a tab connected: the process stops within seconds, and the tab is
    back at the room on the other process, its states going on from where they were."""
    with fresh_database() as url:
        nodes = [ServerProcess(url, extra=["--node-id", f"n{i}"]) for i in range(2)]
        try:
            for node in nodes:
                node.start()
            settings = {"bots": ["station", "station"], "next_hand_seconds": 0, "seed": 9}
            made = httpx.post(f"{nodes[0].base}/api/rooms", json=settings, timeout=30)
            assert made.status_code == 201, made.text
            room, host = made.json()["room"], made.json()["host_token"]

            async def watch() -> None:
                tab = Player([n.base for n in nodes], room, host, plays=False).start()
                before = await tab.until(lambda s: s["hands_played"] >= 1)
                started = time.monotonic()
                await asyncio.to_thread(nodes[0].stop)
                assert time.monotonic() - started < 15
                last = tab.state or before  # the last word of the stopped process
                await tab.until(lambda s: progress(s) > progress(last), timeout=15)
                await tab.stop()
                assert tab.connections >= 2
                check_states(tab)

            asyncio.run(watch())
            assert owner_of(nodes[1].base, room) == nodes[1].base
        finally:
            for node in nodes:
                node.stop()
