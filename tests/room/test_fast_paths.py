"""What the room keeps between messages to send them faster, checked against the slow way.

Views read each hand's events once and keep what they found; a finished hand's view
is kept until cards are shown after it; the SQLite store writes through a connection
it keeps open; the server collects cycles less often while it runs. Each must give
what working it all out afresh gives.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from bigblind.room import Room, RoomError, RoomSettings
from bigblind.room.app import FULL_EVERY, _after_collection, create_app
from bigblind.room.store import MemoryStore, SqlStore
from bigblind.room.views import last_action, personal_view, public_view
from tests.room.clients import ServerThread

HOST = "host-token"


def fresh_views(room: Room) -> dict[int | None, Any]:
    """Every viewer's view of a room rebuilt from its stored events: nothing kept."""
    again = Room.restore(room.id, json.loads(json.dumps(room.events)))
    return {viewer: again.view(viewer) for viewer in (None, *range(room.settings.seats))}


def test_views_kept_between_actions_match_views_built_afresh() -> None:  # RULES 3.4, 6.7
    settings = RoomSettings(seed=11, seats=4, open_seating=True, next_hand_seconds=0)
    room, _ = Room.create("t", settings, HOST, at=0.0)
    for seat in range(4):
        room.request_seat(f"tok{seat}", f"p{seat}", seat, 60, at=1.0)
    rng = random.Random(3)
    at = 2.0
    checked = shows = timeouts = 0
    while room.hand_number < 12:
        at += 1
        if room.current is None:
            for seat in range(4):
                player = room.table.player(seat)
                if player is not None and player.stack == 0:
                    room.top_up(room.identify(f"tok{seat}"), 60, at=at)
            if room.hand_number and rng.random() < 0.5:
                # A voluntary show after the hand (RULES 12.4) changes the finished hand's
                # view: by a player whose cards were not shown at the showdown.
                shown = room.view(None)["last_hand"]["shown"]
                unshown = [seat for seat in range(4) if str(seat) not in shown] or [0]
                shower = unshown[rng.randrange(len(unshown))]
                with contextlib.suppress(RoomError):  # not dealt in, or shown already
                    room.show(room.identify(f"tok{shower}"), at=at)
                    shows += 1
            room.deal(at=at)
            continue
        actor = room.actor
        assert actor is not None
        deadline = room.deadline()
        if deadline is not None and rng.random() < 0.1:
            # Out of time (RULES 10.4): checked or folded and marked away; back at once.
            room.time_out(at=deadline)
            room.sit_in(room.identify(f"tok{actor}"), at=deadline)
            timeouts += 1
            at = deadline
            assert {v: room.view(v) for v in (None, *range(4))} == fresh_views(room)
            continue
        legal = room.view(actor)["hand"]["legal"]
        roll = rng.random()
        if roll < 0.2 and legal["min_raise_to"] is not None:
            action = f"{'bet' if legal['bet'] else 'raise'} {legal['min_raise_to']}"
        elif roll < 0.3 and not legal["check"]:
            action = "fold"
        else:
            action = "check" if legal["check"] else "call"
        room.act(room.identify(f"tok{actor}"), action, at=at)
        kept = {viewer: room.view(viewer) for viewer in (None, *range(4))}
        assert kept == fresh_views(room)
        current = room.current
        if current is not None:
            events = current.hand.events
            public = public_view(room)
            for i, seat in enumerate(current.seats):
                expected = last_action(events, i)
                assert public["seats"][seat]["last_action"] == expected
                assert personal_view(room, public, seat)["seats"][seat]["cards"]
        checked += 1
    assert checked > 50 and shows > 0 and timeouts > 0


def test_sqlite_store_survives_a_refused_write_and_keeps_writing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = SqlStore(url)

    async def write() -> None:
        await store.append("r1", 0, [{"type": "a", "at": 0.0}, {"type": "b", "at": 1.0}])
        with pytest.raises(Exception, match="UNIQUE"):
            await store.append("r1", 1, [{"type": "again", "at": 2.0}])  # event 1 is stored
        await store.append("r1", 2, [{"type": "c", "at": 3.0, "text": "é\u2028"}])
        await store.close()

    asyncio.run(write())
    reopened = SqlStore(url)
    assert reopened.load() == {
        "r1": [
            {"type": "a", "at": 0.0},
            {"type": "b", "at": 1.0},
            {"type": "c", "at": 3.0, "text": "é\u2028"},
        ]
    }
    asyncio.run(reopened.close())


def test_the_server_collects_cycles_less_often_while_it_runs_and_restores_it() -> None:
    before = gc.get_threshold()
    app = create_app(MemoryStore(), static=None)
    with ServerThread(app) as server:
        assert httpx.get(f"{server.base}/api/rooms/none").status_code == 404
        assert gc.get_threshold() == (50_000, before[1], before[2])
        assert gc.get_freeze_count() > 0  # start-up's objects, out of the collector's sight
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_full_collections_freeze_their_survivors_and_every_eighth_walks_everything() -> None:
    gc.unfreeze()
    kept: list[list[int]] = [[] for _ in range(100)]  # survivors of the next full collection
    try:
        walked_all = []
        for n in range(1, 2 * FULL_EVERY + 1):
            _after_collection("start", {"generation": 2})  # only a collection's end counts
            _after_collection("stop", {"generation": 0})  # and only a full one
            _after_collection("stop", {"generation": 2})
            if gc.get_freeze_count() == 0:
                walked_all.append(n)
            else:
                assert gc.get_freeze_count() >= len(kept)
        assert len(walked_all) == 2 and walked_all[1] - walked_all[0] == FULL_EVERY
    finally:
        gc.unfreeze()
