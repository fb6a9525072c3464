"""The room through real connections: uvicorn on a loopback port, real WebSocket clients,
against SQLite and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import re
from functools import partial
from pathlib import Path

import httpx
import pytest

from bigblind.room import Room
from bigblind.room.app import create_app
from bigblind.room.store import SqlStore
from tests.room.clients import (
    Json,
    ServerThread,
    Tab,
    ask_seat,
    create_room,
    database_url,
    passive,
    stored_events,
)

DATABASES = ["sqlite", "postgresql"]


def requested(name: str, state: Json) -> bool:
    return any(r["name"] == name for r in state["requests"])


def seated_at(seat: int, state: Json) -> bool:
    return bool(state["you"] == seat)


@pytest.mark.parametrize("database", DATABASES)
def test_a_game_with_three_players_and_a_bot(database: str, tmp_path: Path) -> None:
    with database_url(database, tmp_path) as url:
        store = SqlStore(url)
        with ServerThread(create_app(store, bot_delay=0, static=None)) as server:
            asyncio.run(scenario(server.base))
        # The stored events alone give back the same room, chips accounted for.
        (events,) = stored_events(url).values()
        room = Room.restore("again", events)
        assert room.chips_accounted() and room.ended
        # Bob's turn timed out: the room stored it (RULES 10.4).
        assert any(e["type"] == "timed_out" and e["seat"] == 1 for e in events)
        assert room.ledger_json()["bought"] == room.ledger_json()["cashed"]


async def scenario(base: str) -> None:
    created = create_room(
        base,
        name="Test game",
        seats=6,
        min_buy_in=50,
        max_buy_in=200,
        decision_seconds=1.5,
        time_bank_seconds=0.5,
        next_hand_seconds=0.2,
    )
    room = created["room"]
    host = await Tab(base, room, created["host_token"]).open()
    assert host.welcome is not None and host.welcome["host"]

    # Three players ask over HTTP; the host approves each (RULES 10.1).
    tabs = []
    for seat, (name, chips) in enumerate([("Ann", 200), ("Bob", 150), ("Cy", 100)]):
        answer = ask_seat(base, room, name, seat, chips)
        assert answer["request"] is not None and answer["seat"] is None
        await host.until(partial(requested, name))
        await host.send("approve", request=answer["request"])
        tabs.append(await Tab(base, room, answer["token"]).open())
    for seat, tab in enumerate(tabs):
        await tab.until(partial(seated_at, seat))
    await tabs[0].send("approve", request=99)  # not the host
    await tabs[0].until(lambda s: bool(tabs[0].errors))
    assert "only the host" in tabs[0].errors[-1]
    await host.send("add_bot", bot="station", seat=3, chips=200)
    spectator = await Tab(base, room).open()
    assert spectator.welcome is not None and spectator.welcome["seat"] is None

    # Hands to showdown: everyone checks or calls.
    for tab in tabs:
        tab.policy = passive
    await spectator.until(lambda s: s["hands_played"] >= 3)
    await spectator.until(lambda s: s["last_hand"] is not None and s["last_hand"]["number"] >= 2)
    last = spectator.state["last_hand"]  # type: ignore[index]
    # RULES 6.7: checked down, the first hand is shown; one that cannot win may be mucked.
    # The pot's line names its winner, or the players who split it (RULES 6.6).
    told = re.compile(r".+ (wins|split) .*pot.* \(\d+")
    assert last["shown"] and any(told.match(line) for line in last["log"])

    # A timeout: Bob stops acting; when his time and bank run out he is checked or folded
    # and marked away (RULES 10.4); he comes back with sit_in.
    tabs[1].policy = None
    await spectator.until(lambda s: s["seats"][1]["away"], timeout=30)
    await tabs[1].send("sit_in")
    await tabs[1].until(lambda s: not s["seats"][1]["away"])
    tabs[1].policy = passive

    # Between hands (the host pauses): a top-up, a leave and a rejoin.
    await host.send("pause")
    await host.until(lambda s: s["paused"] and s["hand"] is None)
    stack = host.state["seats"][2]["stack"]  # type: ignore[index]
    top_up = 200 - stack
    if top_up:
        await tabs[2].send("top_up", chips=top_up)
        await tabs[2].until(lambda s: s["seats"][2]["stack"] == 200)
    assert not tabs[2].errors, tabs[2].errors
    await tabs[0].send("leave")
    await host.until(lambda s: s["seats"][0] is None)
    await tabs[0].send("request_seat", name="Ann", seat=0, buy_in=120)
    request = await host.until(lambda s: bool(s["requests"]))
    await host.send("approve", request=request["requests"][0]["request"])
    await tabs[0].until(lambda s: s["you"] == 0)

    # A reconnect: a fresh tab with Bob's token gets his seat and the same snapshot.
    token = tabs[1].token
    await tabs[1].close()
    tabs[1] = await Tab(base, room, token).open()
    assert tabs[1].welcome is not None and tabs[1].welcome["seat"] == 1
    assert tabs[1].state is not None and tabs[1].state["you"] == 1
    tabs[1].policy = passive
    await host.send("resume")
    played = host.state["hands_played"]  # type: ignore[index]
    await spectator.until(lambda s: s["hands_played"] >= played + 2)

    # The host ends the game: everyone is cashed out, the ledger adds up to the chip.
    await host.send("end")
    await spectator.until(lambda s: s["ended"] and s["hand"] is None and not any(s["seats"]))
    ledger = httpx.get(f"{base}/api/rooms/{room}/ledger").json()
    assert ledger["bought"] == ledger["cashed"] + ledger["rake"]
    assert sum(p["net"] for p in ledger["players"]) == -ledger["rake"]
    bought = {p["name"]: p["buy_in"] for p in ledger["players"]}
    assert bought == {"Ann": 320, "Bob": 150, "Cy": 100 + top_up, "station-1": 200}
    csv = httpx.get(f"{base}/api/rooms/{room}/ledger.csv").text
    assert csv.splitlines()[0] == "name,buy_in,cash_out,stack,net"
    for fmt in ("phh", "txt"):
        history = httpx.get(f"{base}/api/rooms/{room}/history.{fmt}", params={"token": token})
        assert history.status_code == 200 and history.text
    for tab in [host, spectator, *tabs]:
        await tab.close()


def test_unknown_room_and_bad_requests_over_http(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    with ServerThread(create_app(store, static=None)) as server:
        base = server.base
        assert httpx.get(f"{base}/api/rooms/nope").status_code == 404
        answer = httpx.post(f"{base}/api/rooms", json={"seats": 30})
        assert answer.status_code == 400 and "2 to 10 seats" in answer.json()["error"]
        answer = httpx.post(f"{base}/api/rooms", content=b"{")
        assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
        room = create_room(base)["room"]
        answer = httpx.post(f"{base}/api/rooms/{room}/seats", json={"name": "A", "seat": 0})
        assert answer.status_code == 400 and "the buy-in is missing" in answer.json()["error"]


def shove(state: Json) -> Json:
    legal = state["hand"]["legal"]
    if legal["min_raise_to"] is not None:
        return {"action": "all-in"}
    return {"action": "call"}


def test_run_it_twice_over_the_wire(tmp_path: Path) -> None:  # RULES 10.3
    store = SqlStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    with ServerThread(create_app(store, bot_delay=0, static=None)) as server:
        asyncio.run(run_twice(server.base))


async def run_twice(base: str) -> None:
    created = create_room(
        base, bots=["station"], run_it_twice=True, open_seating=True, next_hand_seconds=0
    )
    room = created["room"]
    token = ask_seat(base, room, "Ann", 5, 200)["token"]
    ann = await Tab(base, room, token).open()
    await ann.play(shove)
    state = await ann.until(lambda s: s["hand"] is not None and s["hand"]["runs_offer"] != [])
    assert state["hand"]["runs_offer"] == [0, 5]
    # The bot (seat 0) agrees at once.
    await ann.until(lambda s: s["hand"] is not None and s["hand"]["run_votes"] == {"0": True})
    await ann.send("run_it_twice", agree=True)
    state = await ann.until(lambda s: s["last_hand"] is not None)
    boards = state["last_hand"]["boards"]
    assert len(boards) == 2 and all(board.count(" ") == 4 for board in boards)
    await ann.close()
