"""The room against strangers and cheats: nothing a client sends stops a room or the server,
no chosen deck, acts bound to their decision, limits per person and per address. Each test
is one defect seen on an earlier release, on SQLite and on PostgreSQL where the store is
involved."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bigblind.room.app import create_app
from bigblind.room.limits import Limits
from bigblind.room.room import Room
from bigblind.room.runner import Lobby
from bigblind.room.settings import RoomSettings
from bigblind.room.store import MemoryStore, SqlStore, StoreError
from tests.room.clients import (
    Json,
    ServerThread,
    Tab,
    ask_seat,
    create_room,
    database_url,
    stored_events,
)

DATABASES = ["sqlite", "postgresql"]
PLAYING = {"bots": ["station", "station"], "next_hand_seconds": 0, "open_seating": True}


@contextlib.contextmanager
def served(url: str, **options: Any) -> Iterator[tuple[ServerThread, Any]]:
    app = create_app(SqlStore(url), bot_delay=0, static=None, **options)
    with ServerThread(app) as server:
        yield server, app


def hands_played(app: Any, room_id: str) -> int:
    return int(app.state.lobby.runners[room_id].room.hand_number)


def wait_for(predicate: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# ------------------------------------------------------------------ values nobody can store


UNSTORABLE: list[dict[str, Any]] = [
    {"name": "x\ud800"},
    {"name": "a\x00b"},
    {"max_buy_in": 2**64},
    {"run_it_twice": 2**64},
    {"big_blind_ante": 2**64},
    {"seed": 2**64},
    {"next_hand_seconds": "x"},
    {"next_hand_seconds": float("nan")},
    {"next_hand_seconds": -1000},
    {"next_hand_seconds": 1e308},
    {"decision_seconds": 1e12},
    {"big_blind": 99999999999999999999},
    {"rake_percent": "1e999999"},
    {"payouts": ["1e400"]},
    {"level_minutes": float("inf")},
]


@pytest.mark.parametrize("database", DATABASES)
def test_settings_nobody_can_store_are_refused_and_the_other_rooms_play_on(
    database: str, tmp_path: Path
) -> None:
    # Before: a value the store could not encode killed its writer, and every room whose
    # events shared that commit hung until a restart.
    with database_url(database, tmp_path) as url:
        with served(url) as (server, app):
            rooms = [create_room(server.base, **PLAYING)["room"] for _ in range(3)]
            refuse_all(server.base)
            before = {room: hands_played(app, room) for room in rooms}
            wait_for(lambda: all(hands_played(app, r) > before[r] + 3 for r in rooms))
        assert set(stored_events(url)) == set(rooms)


def refuse_all(base: str) -> None:
    for settings in UNSTORABLE:
        # NaN and infinity travel as the JSON extensions Python writes.
        body = json.dumps(settings)
        answer = httpx.post(
            f"{base}/api/rooms",
            content=body,
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert answer.status_code == 400, (settings, answer.text)
        error = answer.json()["error"]
        assert "Traceback" not in error and len(error) < 400, error


@pytest.mark.parametrize("database", DATABASES)
def test_an_event_the_store_cannot_write_fails_its_own_append_only(
    database: str, tmp_path: Path
) -> None:
    with database_url(database, tmp_path) as url:
        store = SqlStore(url)

        async def both() -> list[BaseException | None]:
            good = store.append("good", 0, [{"type": "room_created", "at": 0.0}])
            bad = store.append("bad", 0, [{"type": "chat", "text": "x\ud800", "n": 2**70}])
            results = await asyncio.gather(good, bad, return_exceptions=True)
            await store.close()
            return list(results)

        good, bad = asyncio.run(both())
        assert good is None and isinstance(bad, StoreError)
        assert stored_events(url) == {"good": [{"type": "room_created", "at": 0.0}]}
    with pytest.raises(StoreError):
        asyncio.run(MemoryStore().append("r", 0, [{"type": "x", "n": 2**64}]))


# ------------------------------------------------------------------ the room's task


@pytest.mark.parametrize("preset", ["xinf", "inf%", "x1e308", "1e309%", "x-1", "nan%"])
def test_a_preset_that_is_no_number_is_refused_and_the_clock_still_runs(preset: str) -> None:
    # Before: OverflowError in the room's task, which died; no clock fired after it.
    app = create_app(MemoryStore(), bot_delay=0, static=None)
    with ServerThread(app) as server:
        created = create_room(
            server.base, open_seating=True, decision_seconds=1, time_bank_seconds=0
        )
        room_id = created["room"]
        tokens = [ask_seat(server.base, room_id, n, s, 100)["token"] for s, n in enumerate("AB")]

        async def scenario() -> None:
            tabs = [await Tab(server.base, room_id, token).open() for token in tokens]
            state = await tabs[0].until(lambda s: s["hand"] is not None)
            actor = tabs[state["hand"]["actor"] == tabs[1].seat]
            await actor.send("preset", preset=preset, id="p1")
            await actor.until(lambda s: bool(actor.errors))
            refusal = next(m for m in actor.messages if m["type"] == "error")
            assert refusal["id"] == "p1" and "unknown preset" in refusal["error"]
            # The actor's one second runs out: the clock still fires (RULES 10.4).
            await tabs[0].until(lambda s: s["hand"] is None or s["hand"]["number"] > 1, 10)

        asyncio.run(scenario())
        assert app.state.lobby.runners[room_id].running


def test_a_request_that_fails_unexpectedly_is_refused_and_the_room_plays_on() -> None:
    async def scenario() -> None:
        lobby = Lobby(MemoryStore(), bot_delay=0)
        room_id, _ = await lobby.create(RoomSettings(**PLAYING))  # type: ignore[arg-type]
        runner = lobby.runners[room_id]

        def broken(room: Room, now: float) -> None:
            room.events.append({"type": "half", "at": now})  # changed, then it fails
            raise ZeroDivisionError("a bug")

        with pytest.raises(ValueError, match="could not do that: nothing changed"):
            await runner.request(broken)
        assert all(e["type"] != "half" for e in runner.room.events)
        played = runner.room.hand_number
        while runner.room.hand_number < played + 3:
            await asyncio.sleep(0.01)
        assert runner.running and runner.room.chips_accounted()
        await lobby.close()

    asyncio.run(scenario())


def test_a_room_whose_task_dies_is_restarted_from_its_stored_events() -> None:
    async def scenario() -> None:
        lobby = Lobby(MemoryStore(), bot_delay=0)
        room_id, _ = await lobby.create(RoomSettings(**PLAYING))  # type: ignore[arg-type]
        runner = lobby.runners[room_id]
        while runner.room.hand_number < 2:
            await asyncio.sleep(0.01)
        # A failure outside any request (here: in working out what is due next).
        original, fired = runner._due, list[bool]()

        def failing() -> float | None:
            if not fired:
                fired.append(True)
                raise RuntimeError("a bug")
            return original()

        runner._due = failing  # type: ignore[method-assign]
        played = runner.room.hand_number
        while runner.room.hand_number < played + 3:
            await asyncio.sleep(0.01)
        assert fired and runner.running and runner.room.chips_accounted()
        await lobby.close()

    asyncio.run(scenario())


def test_rooms_that_cannot_be_replayed_are_left_out_and_the_rest_come_back() -> None:
    store = MemoryStore()
    good, _ = Room.create("good", RoomSettings(), "h" * 20, at=0.0)
    asyncio.run(store.append("good", 0, good.events))
    broken = dict(good.events[0], settings={**good.events[0]["settings"], "seats": "x"})
    asyncio.run(store.append("bad", 0, [broken]))
    lobby = Lobby(store)

    async def restore() -> int:
        count = lobby.restore()
        await lobby.close()
        return count

    assert asyncio.run(restore()) == 1


# ------------------------------------------------------------------ no chosen deck


def test_a_room_never_takes_a_deck_seed_from_a_client() -> None:
    # RULES 1.2: its creator would know every card dealt.
    app = create_app(MemoryStore(), static=None)
    with ServerThread(app) as server:
        answer = httpx.post(f"{server.base}/api/rooms", json={"seed": 1}, timeout=10)
        assert answer.status_code == 400
        assert "secure random source" in answer.json()["error"]
        room_id = create_room(server.base)["room"]
        room = app.state.lobby.runners[room_id].room
        assert room.settings.seed is None


def test_each_hand_is_dealt_from_a_fresh_secure_shuffle() -> None:
    room, _ = Room.create("r", RoomSettings(open_seating=True), "h" * 20, at=0.0)
    room.request_seat("a" * 20, "Ann", 0, 100, at=1.0)
    room.request_seat("b" * 20, "Bob", 1, 100, at=1.0)
    decks = []
    for hand in range(3):
        room.deal(at=10.0 * hand + 2)
        decks.append(next(e["deck"] for e in reversed(room.events) if e["type"] == "hand_started"))
        while room.current is not None:
            who = room.identify(("a" if room.actor == 0 else "b") * 20)
            legal = room.current.hand.legal
            assert legal is not None
            room.act(who, "fold" if legal.fold else "check", at=10.0 * hand + 3)
    assert len({tuple(deck) for deck in decks}) == 3


# ------------------------------------------------------------------ HTTP bodies and tokens


def raw_post(port: int, path: str, headers: dict[str, str], body: bytes) -> str:
    """An HTTP request written by hand, answered as far as the server answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\n{head}\r\n".encode() + body)
        return sock.recv(65536).decode(errors="replace")


def test_a_big_body_is_refused_before_it_is_read() -> None:
    app = create_app(MemoryStore(), static=None)
    with ServerThread(app) as server:
        # Declared 100 MB, of which nothing is sent: refused at once from the header.
        answer = raw_post(
            server.port,
            "/api/rooms",
            {"Content-Length": str(100 * 2**20), "Content-Type": "application/json"},
            b"",
        )
        assert answer.startswith("HTTP/1.1 413") and "at most 4,096 bytes" in answer
        # Chunked, with no length declared: refused once it passes the limit.
        chunk = b"1000\r\n" + b" " * 4096 + b"\r\n"
        answer = raw_post(
            server.port,
            "/api/rooms",
            {"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
            chunk * 3,
        )
        assert answer.startswith("HTTP/1.1 413")
        deep = httpx.post(f"{server.base}/api/rooms", content=b"[" * 2040, timeout=10)
        assert deep.status_code == 400 and "nested too deep" in deep.json()["error"]


def test_a_token_nobody_could_have_been_given_is_refused() -> None:
    app = create_app(MemoryStore(), static=None)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True)["room"]
        body = {"name": "Eve", "seat": 0, "buy_in": 100}
        answer = httpx.post(
            f"{server.base}/api/rooms/{room_id}/seats",
            json=body,
            headers={"authorization": "Bearer a"},
            timeout=10,
        )
        assert answer.status_code == 400 and "open the room's link again" in answer.json()["error"]

        async def socket_with_bad_token() -> int | None:
            url = server.base.replace("http", "ws") + f"/api/rooms/{room_id}/ws?token=a"
            async with connect(url) as ws:
                with pytest.raises(ConnectionClosed):
                    await ws.recv()
                return ws.close_code

        assert asyncio.run(socket_with_bad_token()) == 4400


# ------------------------------------------------------------------ acts bound to a decision


def test_an_action_resent_on_a_later_street_is_refused() -> None:
    # Before: a pre-flop check sent again on the flop was applied there.
    app = create_app(MemoryStore(), bot_delay=0, static=None)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True, decision_seconds=600)["room"]
        tokens = [ask_seat(server.base, room_id, n, s, 100)["token"] for s, n in enumerate("AB")]

        async def scenario() -> None:
            tabs = [await Tab(server.base, room_id, token).open() for token in tokens]
            state = await tabs[0].until(lambda s: s["hand"] is not None)
            by_seat = {tab.seat: tab for tab in tabs}
            first = by_seat[state["hand"]["actor"]]
            await first.send("act", action="call")
            state = await first.until(lambda s: s["hand"]["actor"] != first.seat)
            second = by_seat[state["hand"]["actor"]]
            pre_flop = await second.until(lambda s: s["hand"]["legal"] is not None)
            check = {"action": "check", "hand": 1, "decision": pre_flop["hand"]["decision"]}
            await second.send("act", **check)
            flop = await second.until(lambda s: s["hand"]["street"] == "flop")
            actor = by_seat[flop["hand"]["actor"]]
            errors = len(actor.errors)
            await actor.send("act", **check, id=9)  # the pre-flop check, again
            await actor.until(lambda s: len(actor.errors) > errors)
            assert "earlier moment of the hand" in actor.errors[-1]
            assert actor.messages[-1]["id"] == 9
            await actor.send("act", action="check", hand=0 + 5, decision=flop["hand"]["decision"])
            await actor.until(lambda s: len(actor.errors) > errors + 1)
            assert "that action was for hand 5" in actor.errors[-1]
            assert actor.state is not None and actor.state["hand"]["street"] == "flop"

        asyncio.run(scenario())


# ------------------------------------------------------------------ limits


def test_chat_is_limited_per_person_over_all_their_tabs() -> None:
    # Before: one seat with 25 tabs stored 425 chat lines a second.
    limits = Limits(chat_per_minute=60, connections_per_person=30, messages_per_second=100)
    app = create_app(MemoryStore(), static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True)["room"]
        token = ask_seat(server.base, room_id, "Ann", 0, 100)["token"]
        room = app.state.lobby.runners[room_id].room

        async def flood() -> int:
            tabs = [await Tab(server.base, room_id, token).open() for _ in range(25)]
            for i in range(4):
                for tab in tabs:
                    await tab.send("chat", text=f"line {i}")

            def refused() -> int:
                return sum("too many chat lines" in e for tab in tabs for e in tab.errors)

            deadline = time.monotonic() + 30
            while refused() + len(app.state.lobby.runners[room_id].room.chat) < 100:
                assert time.monotonic() < deadline, (refused(), len(room.chat))
                await asyncio.sleep(0.05)
            return refused()

        started = time.monotonic()
        refused = asyncio.run(flood())
        chat = app.state.lobby.runners[room_id].room.chat
        # A burst of 5, then one a second.
        assert len(chat) <= 5 + (time.monotonic() - started) + 1
        assert refused == 100 - len(chat)


def test_connections_are_limited_per_person_and_per_address() -> None:
    limits = Limits(connections_per_person=3, connections_per_address=5)
    app = create_app(MemoryStore(), static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True)["room"]
        token = ask_seat(server.base, room_id, "Ann", 0, 100)["token"]
        url = server.base.replace("http", "ws") + f"/api/rooms/{room_id}/ws"

        async def scenario() -> None:
            own = [await Tab(server.base, room_id, token).open() for _ in range(3)]
            async with connect(f"{url}?token={token}") as fourth:
                with pytest.raises(ConnectionClosed):
                    while True:
                        await fourth.recv()
                assert fourth.close_code == 4429
                assert "too many tabs" in (fourth.close_reason or "")
            others = [await Tab(server.base, room_id).open() for _ in range(2)]
            async with connect(url) as sixth:
                with pytest.raises(ConnectionClosed):
                    while True:
                        await sixth.recv()
                assert sixth.close_code == 4429
            await own[0].close()
            await asyncio.sleep(0.2)
            again = await Tab(server.base, room_id).open()  # a place came free
            assert again.state is not None
            for tab in [*own, *others, again]:
                await tab.close()

        asyncio.run(scenario())


@pytest.mark.parametrize("database", DATABASES)
def test_rooms_are_limited_per_address_and_rooms_of_bots_alone_end(
    database: str, tmp_path: Path
) -> None:
    # Before: 500 rooms of bots made in 1.7 s, playing forever, restored after a restart.
    limits = Limits(rooms_per_hour=3, bot_room_minutes=0.02)
    with database_url(database, tmp_path) as url:
        with served(url, limits=limits) as (server, app):
            base = server.base
            made = [httpx.post(f"{base}/api/rooms", json=PLAYING, timeout=10) for _ in range(5)]
            assert [m.status_code for m in made] == [201, 201, 201, 429, 429]
            assert "too many new rooms" in made[-1].json()["error"]
            rooms = [m.json()["room"] for m in made[:3]]
            runners = app.state.lobby.runners
            wait_for(lambda: all(runners[r].room.ended for r in rooms))
            assert all(runners[r].room.chips_accounted() for r in rooms)
        stored = stored_events(url)
        assert all(any(e["type"] == "ended" for e in stored[r]) for r in rooms)


def test_a_room_with_a_person_watching_is_not_ended() -> None:
    # The limit is long enough for a tab to open on a busy machine (the room's clock
    # runs from its creation), and the tab stays open well past it.
    limits = Limits(bot_room_minutes=0.08)
    app = create_app(MemoryStore(), bot_delay=0, static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base, **PLAYING)["room"]

        async def watch() -> None:
            tab = await Tab(server.base, room_id).open()
            assert tab.state is not None and not tab.state["ended"], "the tab opened too late"
            await asyncio.sleep(limits.bot_room_minutes * 60 + 1.5)
            assert tab.state is not None and not tab.state["ended"]
            await tab.close()

        asyncio.run(watch())
        runner = app.state.lobby.runners[room_id]
        wait_for(lambda: runner.room.ended)


def pongs(tab: Tab, count: int, _state: Json) -> bool:
    return sum(1 for m in tab.messages if m["type"] == "pong") >= count


def test_messages_are_read_at_the_rate_per_person_over_all_their_tabs() -> None:
    # Over the rate nothing is lost: the messages are read later, in order.
    limits = Limits(messages_per_second=5, message_burst=5)
    app = create_app(MemoryStore(), static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True)["room"]
        token = ask_seat(server.base, room_id, "Ann", 0, 100)["token"]

        async def flood() -> float:
            tabs = [await Tab(server.base, room_id, token).open() for _ in range(4)]
            started = time.monotonic()
            for tab in tabs:
                for n in range(5):
                    await tab.send("ping", id=n)
            for tab in tabs:
                await tab.until(partial(pongs, tab, 5))
            return time.monotonic() - started

        # 20 messages at 5 a second after a burst of 5: three seconds at least.
        assert asyncio.run(flood()) >= 2.9


def test_http_requests_are_limited_per_address() -> None:
    limits = Limits(requests_per_second=5)
    app = create_app(MemoryStore(), static=None, limits=limits)
    with ServerThread(app) as server:
        room_id = create_room(server.base)["room"]
        codes = [
            httpx.get(f"{server.base}/api/rooms/{room_id}", timeout=10).status_code
            for _ in range(30)
        ]
        assert 429 in codes and codes[0] == 200


# ------------------------------------------------------------------ errors in words


def test_refusals_echo_the_request_id_and_speak_a_players_words() -> None:
    app = create_app(MemoryStore(), static=None)
    with ServerThread(app) as server:
        room_id = create_room(server.base, open_seating=True)["room"]
        token = ask_seat(server.base, room_id, "Ann", 0, 100)["token"]

        async def scenario() -> list[Json]:
            tab = await Tab(server.base, room_id, token).open()
            await tab.send("top_up", chips=0, id=41)
            await tab.send("top_up", chips="6", id=42)
            await tab.send_raw(json.dumps({"v": 1, "type": "chat", "text": "[" * 50, "id": 43}))
            await tab.send_raw("[" * 2040)
            await tab.until(lambda s: len(tab.errors) >= 3)
            await tab.send("ping", id=44)
            await tab.until(lambda s: any(m["type"] == "pong" for m in tab.messages))
            return [m for m in tab.messages if m["type"] in ("error", "pong")]

        replies = asyncio.run(scenario())
        by_id = {m.get("id"): m for m in replies}
        assert by_id[41]["error"] == "top-up refused: the chips must be at least 1"
        assert by_id[42]["error"] == "top-up refused: the chips must be a whole number"
        assert by_id[44]["type"] == "pong"  # the connection outlived the deep message
        assert any("nested too deep" in m.get("error", "") for m in replies)
