"""Event stores: where every room's events are kept, committed before anyone hears of them.

:class:`MemoryStore` keeps them in a dict (unit tests, throwaway rooms);
:class:`SqlStore` in a database through SQLAlchemy: SQLite (WAL) embedded, or
PostgreSQL by URL. Its schema is created and migrated by Alembic on opening.
Appends from all rooms that arrive while a commit runs are written together
in the next transaction (one commit per event-loop tick at most); each
``append`` returns only once its events are committed.

>>> import asyncio
>>> store = MemoryStore()
>>> asyncio.run(store.append("r1", 0, [{"type": "room_created", "at": 0.0}]))
>>> store.load()
{'r1': [{'type': 'room_created', 'at': 0.0}]}
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any, Protocol

import orjson

from bigblind.databases import default_sqlite_url
from bigblind.databases import migrate as migrate_schema

__all__ = [
    "EventStore",
    "MemoryStore",
    "SqlStore",
    "StoreError",
    "default_database_url",
    "migrate",
    "serialise",
]

Events = list[dict[str, Any]]


class EventStore(Protocol):
    """Where rooms' events live."""

    def load(self) -> dict[str, Events]:
        """Every room's events, oldest first."""
        ...

    async def append(self, room_id: str, first: int, events: Events) -> None:
        """Store ``events`` as numbers ``first``, ``first + 1``...; return once committed."""
        ...

    async def close(self) -> None:
        """Finish pending writes and let go of the database."""
        ...


class MemoryStore:
    """Events in memory: nothing survives the process."""

    def __init__(self) -> None:
        self._rooms: dict[str, Events] = {}

    def load(self) -> dict[str, Events]:
        """Every room's events."""
        return {room: list(events) for room, events in self._rooms.items()}

    async def append(self, room_id: str, first: int, events: Events) -> None:
        """Keep ``events`` (numbered from ``first``, which must follow on)."""
        rows = serialise(events)  # refuses what a database could not store, as SqlStore does
        stored = self._rooms.setdefault(room_id, [])
        if first != len(stored):
            raise ValueError(f"room {room_id}: event {first} does not follow event {len(stored)}")
        stored.extend(json.loads(row) for row in rows)

    async def close(self) -> None:
        """Nothing to let go of."""


_INSERT = "INSERT INTO room_events (room_id, seq, type, data) VALUES (?, ?, ?, ?)"


class StoreError(ValueError):
    """Events that cannot be stored (a value JSON cannot hold, such as an integer of 64 bits
    or more or a lone surrogate); nothing of them was stored."""


def serialise(events: Events) -> list[str]:
    """Each event as the JSON text stored; :class:`StoreError` when one cannot be."""
    try:
        return [orjson.dumps(event).decode() for event in events]
    except (TypeError, ValueError) as error:
        raise StoreError(f"an event cannot be stored: {error}") from None


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    return default_sqlite_url("rooms.sqlite3")


def migrate(engine: Any) -> None:
    """Create or upgrade the schema to the newest revision (Alembic, shipped in the package)."""
    migrate_schema(engine, Path(__file__).parent / "migrations")


class SqlStore:
    """Events in a SQL database (any SQLAlchemy URL: ``sqlite:///...``,
    ``postgresql+psycopg://...``); the schema is migrated on opening."""

    def __init__(self, url: str) -> None:
        from sqlalchemy import create_engine, event

        self.url = url
        self._sqlite = url.startswith("sqlite")
        if self._sqlite:
            engine = create_engine(url, connect_args={"check_same_thread": False})

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                # WAL: readers never block the writer; NORMAL: a commit survives a killed
                # process (only an OS crash may lose the last commits).
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.close()

        else:
            engine = create_engine(url, pool_pre_ping=True)
        self.engine = engine
        migrate(engine)
        from bigblind.room.schema import room_events

        self._table = room_events
        self._pending: list[tuple[str, int, Events, list[str], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        self._raw: Any = None  # SQLite: the connection appends are written through

    def load(self) -> dict[str, Events]:
        """Every room's events, read in one pass."""
        from sqlalchemy import select

        table = self._table
        rooms: dict[str, Events] = {}
        query = select(table.c.room_id, table.c.data).order_by(table.c.room_id, table.c.seq)
        with self.engine.connect() as connection:
            for room_id, data in connection.execute(query):
                rooms.setdefault(room_id, []).append(json.loads(data))
        return rooms

    async def append(self, room_id: str, first: int, events: Events) -> None:
        """Queue ``events`` for the next commit and wait until it is done."""
        if not events:
            return
        # Serialised here, for this caller alone: a value that cannot be stored refuses its
        # own request, never the commit that other rooms' events share.
        texts = serialise(events)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((room_id, first, events, texts, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await future

    async def _write(self) -> None:
        while self._pending:
            # Let every room that is ready this tick add its events to the same commit.
            await asyncio.sleep(0)
            batch, self._pending = self._pending, []
            try:
                rows = [
                    (room, first + i, str(e["type"]), text)
                    for room, first, events, texts, _ in batch
                    for i, (e, text) in enumerate(zip(events, texts, strict=True))
                ]
                # In the loop itself: a WAL commit takes a millisecond or so, less than
                # handing it to a thread and back costs under load.
                self._commit(rows)
            except Exception as error:  # the waiting rooms decide what a failed write means
                for *_, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            self.commits += 1
            for *_, future in batch:
                if not future.done():
                    future.set_result(None)

    def _commit(self, rows: list[tuple[str, int, str, str]]) -> None:
        if self._sqlite:
            # The driver's own connection, kept open: SQLAlchemy's statement and pool
            # layers cost more than the insert itself on every commit.
            if self._raw is None:
                self._raw = self.engine.raw_connection()
            raw = self._raw
            try:
                cursor = raw.cursor()
                cursor.executemany(_INSERT, rows)
                raw.commit()
            except Exception:
                try:
                    raw.rollback()
                except Exception:
                    self._raw = None  # a broken connection: the next commit opens another
                    with contextlib.suppress(Exception):
                        raw.invalidate()
                raise
            return
        keys = ("room_id", "seq", "type", "data")
        values = [dict(zip(keys, row, strict=True)) for row in rows]
        with self.engine.begin() as connection:
            connection.execute(self._table.insert(), values)

    async def close(self) -> None:
        """Wait for pending writes, then close the connections."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        self.engine.dispose()
