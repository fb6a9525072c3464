"""Privacy over real connections: in hundreds of hands, no message to a tab ever holds a
hole card of another seat before it was shown (RULES 3.4, 6.7, 6.8)."""

from __future__ import annotations

import asyncio
import json
import random
from functools import partial
from typing import Any

from bigblind.cards import format_cards
from bigblind.room.app import create_app
from bigblind.room.room import Room
from bigblind.room.store import MemoryStore
from bigblind.sessions.table import HandRecord
from tests.room.clients import Json, ServerThread, Tab, ask_seat, create_room

HANDS = 200
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def mixed(rng: random.Random) -> Any:
    """Mostly calls and checks, some folds and raises: showdowns, mucks, all-ins."""

    def policy(state: Json) -> Json:
        legal = state["hand"]["legal"]
        roll = rng.random()
        if legal["fold"] and roll < 0.2:
            return {"action": "fold"}
        if legal["min_raise_to"] is not None and roll > 0.9:
            return {
                "action": "raise" if not legal["bet"] else "bet",
                "amount": legal["min_raise_to"],
            }
        return {"action": "check" if legal["check"] else "call"}

    return policy


def test_no_tab_sees_another_seats_hidden_cards() -> None:
    store = MemoryStore()
    app = create_app(store, bot_delay=0, static=None)
    with ServerThread(app) as server:
        room_id, tabs = asyncio.run(play(server.base))
        room: Room = app.state.lobby.runners[room_id].room
        history = {record.number: record for record in room.table.history}
    assert len(history) >= HANDS - 1  # the last may still be in play
    checked = 0
    for tab in tabs:
        for text in tab.raw:
            checked += check_message(json.loads(text), history)
    assert checked > HANDS * len(NAMES)


async def play(base: str) -> tuple[str, list[Tab]]:
    created = create_room(
        base,
        seats=6,
        bots=["random"],
        open_seating=True,
        next_hand_seconds=0,
        min_buy_in=20,
        max_buy_in=100,
    )
    room = created["room"]
    tabs = []
    for seat, name in enumerate(NAMES, start=1):
        token = ask_seat(base, room, name, seat, 100)["token"]
        tab = await Tab(base, room, token).open()
        tab.policy = mixed(random.Random(seat))
        tabs.append(tab)
    spectator = await Tab(base, room).open()
    tabs.append(spectator)
    topped: dict[int, int] = {}  # tab: the hands played when it last topped up
    while True:
        state = await spectator.until(lambda s: True)
        if state["hands_played"] >= HANDS:
            break
        for n, tab in enumerate(tabs[:-1]):
            mine = tab.state and tab.state["seats"][tab.seat] if tab.seat is not None else None
            broke = mine and mine["stack"] == 0 and not mine["in_hand"]
            # A rebuy, dealt in from the next hand: once a hand, for a stalled table
            # would otherwise have it asked again and again, over the rate limit.
            if broke and topped.get(n) != state["hands_played"]:
                topped[n] = state["hands_played"]
                await tab.send("top_up", chips=100)
        # Beyond the time to act and the bank (30 + 60 s): a stalled client is timed out.
        await spectator.until(partial(more_hands_than, state["hands_played"]), timeout=120)
        await asyncio.sleep(0.01)
    await tabs[0].send("show")  # a voluntary show of the last hand, allowed to all
    await asyncio.sleep(0.2)
    for tab in tabs:
        await tab.close()
    return room, tabs


def more_hands_than(count: int, state: Json) -> bool:
    # Or stalled: too few players with chips until the broke ones top up.
    stalled = state["hand"] is None and state["next_hand_at"] is None
    return bool(state["hands_played"] > count or stalled)


def check_message(message: Json, history: dict[int, HandRecord]) -> int:
    """Assert ``message`` shows nobody's hidden cards; returns the hands it was checked for."""
    if message["type"] != "state":
        return 0
    state = message["state"]
    viewer = state["you"]
    checked = 0
    for part in ("hand", "last_hand"):
        shown_hand = state[part]
        if shown_hand is None:
            continue
        record = history.get(shown_hand["number"])
        if record is None:  # the last hand may still be in play at the end of the run
            continue
        shown_in_log = " ".join(shown_hand["log"])
        part_text = json.dumps(shown_hand)
        if part == "hand":
            part_text += json.dumps([entry and entry["cards"] for entry in state["seats"]])
        voluntary = shown_hand.get("shown", {})
        for i, seat in enumerate(record.seats):
            if seat == viewer:
                continue
            cards = format_cards(record.hand.hole(i), " ")  # type: ignore[arg-type]
            seen = f"shows {cards}" in shown_in_log or voluntary.get(str(seat)) == cards
            if not seen:
                # Each part is checked on its own: the last hand's board may hold the same
                # two cards side by side that a player holds in the hand in play.
                assert cards not in part_text, (viewer, seat, cards)
                for entry in state["seats"]:
                    if entry and entry["seat"] == seat and part == "hand":
                        assert entry["cards"] is None
        checked += 1
    return checked
