"""The room's accounts: every chip and entry accounted for in a sit-and-go however it ends
(RULES 7.2, 8.3), and a ledger that a spreadsheet opens as data, never as formulas."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path
from typing import Any

import pytest

from bigblind.room import Identity, Room, RoomSettings
from bigblind.room.ledger import Ledger
from bigblind.room.store import SqlStore
from tests.room.clients import database_url, stored_events

HOST_ID = Identity(host=True)


def make_sng(**overrides: Any) -> Room:
    options: dict[str, Any] = {
        "game": "tournament",
        "seats": 3,
        "seed": 5,
        "open_seating": True,
        "next_hand_seconds": 0,
        "tournament_buy_in": 10,
    }
    options.update(overrides)
    room, _ = Room.create("acc", RoomSettings(**options), "host-token", at=0.0)
    return room


def ended_with_a_leaver() -> Room:
    """The host ends a sit-and-go during a hand; a player not to act leaves before it ends
    (allowed once the game is over) and is given no place."""
    room = make_sng()
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        room.request_seat(f"tok-{name}", name, seat, 1, at=1.0)
    room.deal(at=2.0)
    room.end(HOST_ID, at=2.5)
    leaver = next(seat for seat in range(3) if seat != room.actor)
    room.leave(room.identify(f"tok-{['Ann', 'Bob', 'Cy'][leaver]}"), at=2.6)
    while room.current is not None:
        actor = room.actor
        assert actor is not None
        room.act(Identity(seat=actor), "fold", at=3.0)
    return room


def test_a_sit_and_go_the_host_ended_balances() -> None:  # RULES 7.2, 8.3
    room = ended_with_a_leaver()
    assert room.ended and not room.occupants and room.table.chips_on_table == 0
    ledger = room.ledger_json()
    assert ledger["bought"] == ledger["cashed"] + room.sng.unpaid  # type: ignore[union-attr]
    assert room.chips_accounted()


def test_a_sit_and_go_balances_while_it_registers() -> None:  # RULES 7.2: entries held
    room = make_sng()
    room.request_seat("tok-Ann", "Ann", 0, 1, at=1.0)
    room.request_seat("tok-Bob", "Bob", 1, 1, at=1.0)
    assert room.chips_accounted()
    room.leave(room.identify("tok-Bob"), at=2.0)  # the entry handed back
    assert room.chips_accounted() and room.ledger.cashed == 10


def test_accounts_that_do_not_balance_are_caught() -> None:
    room = ended_with_a_leaver()
    room.ledger.record("Ann", "prize", 1, at=9.0)  # a chip paid from nowhere
    assert not room.chips_accounted()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_stored_sit_and_go_the_host_ended_balances(database: str, tmp_path: Path) -> None:
    room = ended_with_a_leaver()
    with database_url(database, tmp_path) as url:
        asyncio.run(_store(url, room))
        again = Room.restore(room.id, stored_events(url)[room.id])
    assert again.ended and again.chips_accounted()
    assert again.ledger_json() == room.ledger_json()


async def _store(url: str, room: Room) -> None:
    store = SqlStore(url)
    await store.append(room.id, 0, room.events)
    await store.close()


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_ledger_cells_are_never_formulas(start: str) -> None:
    name = f'{start}HYPERLINK("http://x")'
    ledger = Ledger()
    ledger.record(name, "buy-in", 100, at=0.0)
    ledger.record(name, "cash-out", 40, at=1.0)
    rows = list(csv.reader(io.StringIO(ledger.to_csv({}))))
    assert rows[1] == ["'" + name, "100", "40", "0", "-60"]  # the net stays a number


def test_plain_names_are_written_as_they_are() -> None:
    ledger = Ledger()
    ledger.record("Ann O'Neil", "buy-in", 100, at=0.0)
    assert ledger.to_csv({"Ann O'Neil": 100}).splitlines()[1] == "Ann O'Neil,100,0,100,0"
