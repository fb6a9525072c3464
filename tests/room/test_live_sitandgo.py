"""A sit-and-go through real connections: registration, rising levels, busts, places and
the ledger, stored and restored (RULES 8)."""

from __future__ import annotations

import asyncio
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
    stored_events,
)


def patient_then_all_in(state: Json) -> Json:
    """Check or call through the first levels, then move all-in (RULES 8.1: the blinds rise)."""
    legal = state["hand"]["legal"]
    if state["tournament"]["level"] >= 3 and legal["min_raise_to"] is not None:
        return {"action": "raise" if not legal["bet"] else "bet", "amount": legal["max_raise_to"]}
    return {"action": "check" if legal["check"] else "call"}


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_sit_and_go_is_played_to_its_results(database: str, tmp_path: Path) -> None:
    with database_url(database, tmp_path) as url:
        with ServerThread(create_app(SqlStore(url), bot_delay=0, static=None)) as server:
            results = asyncio.run(scenario(server.base))
        # The stored events alone give back the same results, every chip accounted for.
        (events,) = stored_events(url).values()
        room = Room.restore("again", events)
        assert room.ended and room.chips_accounted()
        assert room.view(None)["tournament"] == results


async def scenario(base: str) -> Json:
    created = create_room(
        base,
        name="Sit-and-go",
        game="tournament",
        seats=3,
        starting_stack=300,
        tournament_buy_in=10,
        level_minutes=0.01,  # 0.6 seconds: the levels rise during the test
        decision_seconds=5,
        next_hand_seconds=0.05,
        open_seating=True,
    )
    room = created["room"]
    host = await Tab(base, room, created["host_token"]).open()
    tabs = []
    for seat, name in enumerate(["Ann", "Bob"]):
        answer = ask_seat(base, room, name, seat, 300)
        tabs.append(await Tab(base, room, answer["token"]).open())
    state = await host.until(lambda s: s["seats"][1] is not None)
    assert not state["tournament"]["started"] and state["next_hand_at"] is None
    await tabs[0].send("top_up", chips=10)
    await tabs[0].until(lambda s: bool(tabs[0].errors))
    assert "no top-ups or rebuys" in tabs[0].errors[-1]
    # The third player fills the table: registration closes and the first hand is dealt.
    answer = ask_seat(base, room, "Cy", 2, 300)
    tabs.append(await Tab(base, room, answer["token"]).open())
    for tab in tabs:
        await tab.play(patient_then_all_in)
    state = await host.until(lambda s: s["hand"] is not None)
    assert state["tournament"]["started"] and state["tournament"]["prizes"] == [20, 10]
    assert state["blinds"] == [10, 20, 0]
    state = await host.until(lambda s: s["tournament"]["finished"], timeout=120)
    tournament = state["tournament"]
    assert state["ended"] and tournament["level"] >= 3  # RULES 8.1: the blinds rose
    # Each player placed once; players out in one hand with equal stacks share (RULES 8.3).
    assert sorted(f["name"] for f in tournament["finishes"]) == ["Ann", "Bob", "Cy"]
    assert {p for f in tournament["finishes"] for p in f["places"]} == {1, 2, 3}
    assert sum(f["payout"] for f in tournament["finishes"]) == 30
    ledger = await asyncio.to_thread(_ledger, base, room)
    assert ledger["bought"] == ledger["cashed"] == 30
    prizes = {row["name"]: row.get("prize", 0) for row in ledger["players"]}
    assert prizes == {f["name"]: f["payout"] for f in tournament["finishes"]}
    for tab in [host, *tabs]:
        await tab.close()
    result: Json = tournament
    return result


def _ledger(base: str, room: str) -> Json:
    data: Json = httpx.get(f"{base}/api/rooms/{room}/ledger", timeout=30).json()
    return data
