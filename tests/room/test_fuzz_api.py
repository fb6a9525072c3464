"""Fuzzing the room's API: tens of thousands of messages from players, hosts, spectators and
strangers, good and bad, through the same path a WebSocket message takes; and random HTTP
requests to a real server. The checks: every message is answered, no room stops, every
chip is accounted for (RULES 7.2), and no frame carries a card its viewer may not see
(RULES 3.4, 6.8).

``BIGBLIND_FUZZ_MESSAGES`` sets how many messages (20,000 by default)."""

from __future__ import annotations

import asyncio
import json
import os
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.room.app import create_app, handle_message
from bigblind.room.limits import Limits
from bigblind.room.protocol import CLIENT_TYPES
from bigblind.room.runner import Connection, Lobby, RoomRunner
from bigblind.room.settings import RoomSettings
from bigblind.room.store import MemoryStore
from tests.room.clients import ServerThread, create_room
from tests.room.test_privacy import check_message

MESSAGES = int(os.environ.get("BIGBLIND_FUZZ_MESSAGES", "20000"))
VALUES: list[Any] = [
    None, True, False, -1, 0, 1, 2, 7, 40, 100, 2**31, 2**53, 2**64, 1.5, 1e3, float("nan"),
    "", "x", "6", "call", "x\ud800", "a\x00b", "∞" * 30, [], {}, [1], {"a": [1]},
]  # fmt: skip
FIELDS = ["action", "amount", "preset", "name", "seat", "buy_in", "chips", "text", "request",
          "bot", "small", "big", "ante", "agree", "on", "hand", "decision", "id",
          "wait_for_big_blind", "extra"]  # fmt: skip
PRESETS = ["x2", "x3", "33%", "50%", "100%", "pot", "min", "all-in", "xinf", "1e309%", "x1e308"]
ACTIONS = ["fold", "check", "call", "bet", "raise", "all-in", "show", "muck"]


@dataclass(eq=False)
class Recorder(Connection):
    """A tab whose frames are kept, as a browser would receive them."""

    frames: list[str] = field(default_factory=list)

    def send(self, text: str, *, state: bool = False) -> None:
        self.frames.append(text)


@dataclass
class Person:
    token: str
    tab: Recorder
    runner: RoomRunner


def garbage(rng: random.Random) -> str | bytes:
    roll = rng.random()
    if roll < 0.2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll < 0.4:
        return "{" * rng.randrange(1, 12) + '"v": 1'
    if roll < 0.5:
        return "[" * rng.randrange(1, 3000)
    if roll < 0.6:
        return json.dumps({"v": 1, "type": "chat", "text": "x" * rng.randrange(290, 5000)})
    return json.dumps(rng.choice(VALUES))


def message(rng: random.Random, runner: RoomRunner) -> str | bytes:
    """A message of every kind: garbage, well-formed with wrong values, or one that the
    room may well accept (an action for the decision awaited, a chat line, a seat)."""
    if rng.random() < 0.15:
        return garbage(rng)
    data: dict[str, Any] = {"v": 1 if rng.random() < 0.95 else rng.choice(VALUES)}
    data["type"] = rng.choice([*CLIENT_TYPES, "act", "act", "act", "preset", "dance"])
    current = runner.room.current
    if data["type"] in ("act", "preset") and current is not None and rng.random() < 0.8:
        data["hand"] = current.number
        data["decision"] = len(current.hand.events)
    if data["type"] == "act":
        data["action"] = rng.choice(ACTIONS)
        legal = current.hand.legal if current is not None else None
        if legal is not None and legal.min_raise_to is not None and rng.random() < 0.5:
            data["amount"] = rng.randint(legal.min_raise_to, legal.max_raise_to or 1)
    elif data["type"] == "preset":
        data["preset"] = rng.choice(PRESETS)
    elif data["type"] == "chat":
        data["text"] = rng.choice(["hi", "gl", "x" * 300, "x\ud800", " "])
    elif data["type"] == "request_seat":
        data.update(name=f"P{rng.randrange(20)}", seat=rng.randrange(-1, 11), buy_in=100)
    for _ in range(rng.randrange(3)):
        data[rng.choice(FIELDS)] = rng.choice(VALUES)
    if rng.random() < 0.3:
        data["id"] = rng.choice([1, "a", 2**60, "x" * 70, None])
    try:
        return json.dumps(data)
    except ValueError:
        return json.dumps(data, allow_nan=True)


def play(person: Person) -> str | None:
    """A plain legal action when ``person`` is to act (check, else call), else None."""
    room = person.runner.room
    current = room.current
    if current is None or current.actor is None:
        return None
    if room.identify(person.token).seat != current.actor or current.hand.legal is None:
        return None
    action = "check" if current.hand.legal.check else "call"
    decision = {"hand": current.number, "decision": len(current.hand.events)}
    return json.dumps({"v": 1, "type": "act", "action": action, **decision})


async def fuzz(count: int, seed: int) -> tuple[Lobby, list[Person], int]:
    lobby = Lobby(MemoryStore(), bot_delay=0.001)
    rng = random.Random(seed)
    people: list[Person] = []
    settings = [
        RoomSettings(open_seating=True, bots=("tag",), seats=6, next_hand_seconds=0),
        RoomSettings(bots=("station", "random"), seats=4, next_hand_seconds=0, straddle=True),
        RoomSettings(
            game="tournament", seats=3, bots=("tag",), next_hand_seconds=0, level_minutes=0.05
        ),
        RoomSettings(open_seating=True, structure="pl", run_it_twice=True, next_hand_seconds=0),
    ]
    for room_settings in settings:
        _, host = await lobby.create(room_settings)
        runner = list(lobby.runners.values())[-1]
        tokens = [host, *(f"{runner.room.id}-person-{n:04d}-token" for n in range(5))]
        for token in tokens:
            tab = Recorder(token)
            runner.join(tab)
            people.append(Person(token, tab, runner))
        # Two people sit down at once, the host approving where needed.
        for n, token in enumerate(tokens[1:3], start=1):
            seat = {"v": 1, "type": "request_seat", "name": f"N{n}", "seat": n, "buy_in": 100}
            await handle_message(runner, people[-1].tab, token, json.dumps(seat))
            for number in list(runner.room.requests):
                approve = {"v": 1, "type": "approve", "request": number}
                await handle_message(runner, people[-6].tab, host, json.dumps(approve))
    answered = 0
    for n in range(count):
        person = rng.choice(people)
        # Often the person to act, so that the hands go on as well as being fuzzed.
        actors = [p for p in people if p.runner.room.identify(p.token).seat is not None]
        if actors and rng.random() < 0.3:
            person = rng.choice(actors)
        before = len(person.tab.frames)
        text = message(rng, person.runner)
        if rng.random() < 0.5:
            text = play(person) or text
        await handle_message(person.runner, person.tab, person.token, text, guard=None)
        assert len(person.tab.frames) > before, f"message {n} was not answered: {text!r}"
        answered += 1
        if n % 20 == 0:
            await asyncio.sleep(0.005)  # let the bots and the clocks play
        if n % 1000 == 0:
            for runner in lobby.runners.values():
                assert runner.running, f"room {runner.room.id} stopped"
                assert runner.room.chips_accounted(), f"room {runner.room.id} lost chips"
    return lobby, people, answered


def test_messages_of_every_kind_stop_nothing_and_show_nothing() -> None:
    async def run() -> tuple[int, int]:
        lobby, people, answered = await fuzz(MESSAGES, seed=2026)
        checked = 0
        for runner in lobby.runners.values():
            assert runner.running, f"room {runner.room.id} stopped"
            assert runner.room.chips_accounted(), f"room {runner.room.id} lost chips"
            history = {record.number: record for record in runner.room.table.history}
            for person in people:
                if person.runner is runner:
                    for frame in person.tab.frames:
                        checked += check_message(json.loads(frame), history)
        hands = sum(runner.room.hand_number for runner in lobby.runners.values())
        await lobby.close()
        assert hands >= 10, f"the rooms hardly played: {hands} hands"
        return answered, checked

    answered, checked = asyncio.run(run())
    assert answered == MESSAGES
    assert checked > 1000


# ------------------------------------------------------------------ HTTP

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
SETTING_NAMES = [*RoomSettings.__dataclass_fields__, "other"]
BODIES = st.dictionaries(st.sampled_from(SETTING_NAMES), JSON_VALUES, max_size=6)


def test_random_http_requests_are_answered_in_words() -> None:
    limits = Limits(rooms_per_hour=10**6, requests_per_second=10**6)
    app = create_app(MemoryStore(), static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True, bots=["station"])["room"]
        paths = ["", "/ledger", "/ledger.csv", "/history.phh", "/history.txt", "/hands"]
        paths += ["/hands/1/replay", "/hands/999999999999999999999/replay"]
        client = httpx.Client(base_url=server.base, timeout=30)

        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
        @given(
            body=BODIES,
            seat=st.dictionaries(st.sampled_from(["name", "seat", "buy_in", "x"]), JSON_VALUES),
            path=st.sampled_from(paths),
            token=st.sampled_from(["", "a", "b" * 32, "%00", "c" * 200]),
        )
        def one_round(body: dict[str, Any], seat: dict[str, Any], path: str, token: str) -> None:
            headers = {"authorization": f"Bearer {token}"} if token else {}
            created = client.post("/api/rooms", content=json.dumps(body), headers=headers)
            asked = client.post(
                f"/api/rooms/{room_id}/seats", content=json.dumps(seat), headers=headers
            )
            looked = client.get(f"/api/rooms/{room_id}{path}", headers=headers)
            for answer in (created, asked, looked):
                assert answer.status_code in (200, 201, 400, 404, 413, 429), answer.text
                if answer.status_code >= 400:
                    error = answer.json()["error"]
                    assert error and "Traceback" not in error and "Input should" not in error

        one_round()
        client.close()
        runner = app.state.lobby.runners[room_id]
        assert runner.running and runner.room.chips_accounted()
