"""Rooms spread over several server processes on one PostgreSQL database.

Each room is owned by exactly one process: the one holding the room's
PostgreSQL advisory lock, taken on a connection kept for nothing else. The
lock is the truth; the database lets go of it the moment that connection
ends, so a process killed outright (SIGKILL) frees its rooms at once. Every
process sweeps once a second (sooner when woken by LISTEN/NOTIFY): a room
whose lock is free is taken over, rebuilt from its stored events, and played
on; each process takes at most its fair share of the free rooms so they
spread. A request for a room owned elsewhere is sent to the owner (HTTP 307,
WebSocket close code :data:`MOVED` with the owner's address as the reason):
:class:`OwnerRedirect` does that in front of the app.

A process that lost its lock connection without noticing stops its rooms at
its next sweep; until then the event key (room, number) keeps one history:
of two processes writing a room, one write of each number wins, and the one
refused drops the room to load it afresh.

>>> lock_key("Q2xw4Tgx") == lock_key("Q2xw4Tgx"), 0 <= lock_key("any") < 2**31
(True, True)
>>> libpq_url("postgresql+psycopg://postgres@127.0.0.1:5432/test")
'postgresql://postgres@127.0.0.1:5432/test'
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bigblind.room.limits import Limits
from bigblind.room.room import Room
from bigblind.room.runner import LOG, Lobby
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.store import Events, EventStore

__all__ = [
    "CHANNEL",
    "MOVED",
    "NAMESPACE",
    "ClusterError",
    "ClusterLobby",
    "ClusterSettings",
    "OwnerRedirect",
    "libpq_url",
    "lock_key",
]

NAMESPACE = 0x6262
"""First half of every room lock's key ('bb'), apart from other users of advisory locks."""
CHANNEL = "bigblind_rooms"
"""The NOTIFY channel: a process that lets rooms go wakes the others to take them."""
MOVED = 4307
"""WebSocket close code: the room is served elsewhere; the close reason is the owner's address."""
_ROOM_PATH = re.compile(r"^/api/rooms/([^/]+)(?:/.*)?$")


class ClusterError(RoomError):
    """A cluster setting that cannot work."""


@dataclass(frozen=True, kw_only=True)
class ClusterSettings:
    """This process in the cluster: its name and the address clients are sent to.

    >>> ClusterSettings(node="n1", address="http://10.0.0.5:8000").sweep_seconds
    1.0
    """

    node: str
    address: str
    sweep_seconds: float = 1.0

    def __post_init__(self) -> None:
        if not 0 < len(self.node) <= 64:
            raise ClusterError(f"node id {self.node!r}: give 1 to 64 characters")
        # The address travels as a WebSocket close reason: at most 123 bytes.
        if not re.fullmatch(r"https?://[^\s/]+(/[^\s]*)?", self.address) or len(self.address) > 100:
            raise ClusterError(
                f"address {self.address!r}: give an http:// or https:// URL of at most"
                " 100 characters that clients can reach (e.g. http://10.0.0.5:8000)"
            )
        if not 0.05 <= self.sweep_seconds <= 60:
            raise ClusterError(f"sweep every {self.sweep_seconds} s: choose 0.05 to 60")


def lock_key(room_id: str) -> int:
    """The second half of the room's advisory lock key (31 bits: a positive int4).

    Two rooms with the same key simply live on the same process.
    """
    digest = hashlib.blake2b(room_id.encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as libpq takes it (for psycopg's own connections)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


_HELD = """
SELECT l.objid::bigint, l.pid FROM pg_locks l
WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s AND l.objsubid = 2
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
_LIVE_NODES = """
SELECT n.node_id, n.address, n.pid FROM cluster_nodes n
JOIN pg_stat_activity a ON a.pid = n.pid
"""


class ClusterLobby(Lobby):
    """The rooms this process owns, and the sweep that takes over rooms left free."""

    def __init__(
        self,
        store: EventStore,
        cluster: ClusterSettings,
        *,
        url: str,
        clock: Callable[[], float] = time.time,
        bot_delay: float = 0.6,
        limits: Limits | None = None,
    ) -> None:
        super().__init__(_FencedStore(store, self), clock=clock, bot_delay=bot_delay, limits=limits)
        self.cluster = cluster
        self.conninfo = libpq_url(url)
        self.adopted = 0  # rooms taken over from the store since start
        self._db: Any = None  # the connection that holds the locks
        self._listener: Any = None
        self._guard = asyncio.Lock()  # one statement at a time on that connection
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False

    # ------------------------------------------------------------ life

    def restore(self) -> int:
        """Nothing here: rooms are taken by :meth:`join` and the sweep."""
        return 0

    async def join(self) -> None:
        """Connect, announce this process, take a share of the free rooms, start sweeping."""
        await self._connect()
        await self.sweep()
        self._tasks = [
            asyncio.create_task(self._sweeping(), name="cluster sweep"),
            asyncio.create_task(self._listening(), name="cluster listen"),
        ]

    async def _connect(self) -> None:
        import psycopg

        self._db = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        async with self._guard:
            await self._db.execute(
                "DELETE FROM cluster_nodes WHERE node_id = %s OR pid = pg_backend_pid()",
                (self.cluster.node,),
            )
            await self._db.execute(
                "INSERT INTO cluster_nodes (node_id, address, pid)"
                " VALUES (%s, %s, pg_backend_pid())",
                (self.cluster.node, self.cluster.address),
            )
            # Rooms whose creator died before listing them.
            await self._db.execute(
                "INSERT INTO cluster_rooms (room_id) SELECT DISTINCT room_id FROM room_events"
                " ON CONFLICT DO NOTHING"
            )

    async def close(self) -> None:
        """Stop the rooms, let go of their locks, wake the others to take them."""
        self._closing = True  # no more rooms taken from here on
        for task in self._tasks:
            task.cancel()
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close()  # ends its wait for notifications
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=5)
        for runner in self.runners.values():
            await runner.stop()
        self.runners.clear()
        if self._db is not None:
            with contextlib.suppress(Exception):
                async with self._guard:
                    await self._db.execute("SELECT pg_advisory_unlock_all()")
                    await self._db.execute(
                        "DELETE FROM cluster_nodes WHERE node_id = %s", (self.cluster.node,)
                    )
                    await self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, "released"))
            with contextlib.suppress(Exception):
                await self._db.close()
        await self.store.close()

    # ------------------------------------------------------------ rooms

    async def create(self, settings: RoomSettings) -> tuple[str, str]:
        """A new room, owned here (unless its lock key is another process's: then there)."""
        room_id, host = await super().create(settings)
        async with self._guard:
            # Locked before it is listed, so no other process's sweep sees it free.
            if not await self._try_lock(room_id):
                await self._drop(room_id, unlock=False)
            await self._db.execute(
                "INSERT INTO cluster_rooms (room_id) VALUES (%s) ON CONFLICT DO NOTHING",
                (room_id,),
            )
        return room_id, host

    async def locate(self, room_id: str) -> str | None:
        """Where ``room_id`` is served: None for here (taken over if it was free),
        else the owner's address. An unknown room is 'here' (the app answers 404)."""
        if room_id in self.runners:
            return None
        async with self._guard:
            if room_id in self.runners:
                return None
            found = await self._db.execute(
                "SELECT 1 FROM cluster_rooms WHERE room_id = %s", (room_id,)
            )
            if await found.fetchone() is None:
                return None
            owner = await self._owner(room_id)
            if owner is None and await self._try_lock(room_id):
                await self._adopt(room_id)
                return None
            if owner is None:  # taken by another process a moment ago
                owner = await self._owner(room_id)
            if owner == "":  # our own key (shared with another room of ours)
                await self._adopt(room_id)
                return None
            if owner is None:
                raise ClusterError(f"room {room_id}: its process has no address yet: try again")
            return owner

    async def _owner(self, room_id: str) -> str | None:
        """The owner's address; '' when it is this process; None when the room is free,
        or held by a process not (or no longer) listed."""
        cursor = await self._db.execute(
            "SELECT n.address, l.pid = pg_backend_pid() FROM pg_locks l"
            " LEFT JOIN cluster_nodes n ON n.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s"
            " AND l.objid = %s AND l.objsubid = 2"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            (NAMESPACE, lock_key(room_id)),
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        address, mine = row
        if mine:
            return ""
        return str(address) if address else None

    async def _try_lock(self, room_id: str) -> bool:
        cursor = await self._db.execute(
            "SELECT pg_try_advisory_lock(%s, %s)", (NAMESPACE, lock_key(room_id))
        )
        row = await cursor.fetchone()
        return bool(row and row[0])

    async def _adopt(self, room_id: str) -> None:
        """Rebuild the room from its stored events and run it here."""
        if self._closing:
            return
        cursor = await self._db.execute(
            "SELECT data FROM room_events WHERE room_id = %s ORDER BY seq", (room_id,)
        )
        events = [json.loads(data) for (data,) in await cursor.fetchall()]
        if not events:
            return
        try:
            room = Room.restore(room_id, events)
        except Exception:
            LOG.exception("room %s: its stored events cannot be replayed; left out", room_id)
            return
        self._runner(room)
        self.adopted += 1

    async def _drop(self, room_id: str, *, unlock: bool = True) -> None:
        """Stop running ``room_id`` here; its tabs are closed and reconnect."""
        runner = self.runners.pop(room_id, None)
        if runner is not None:
            await runner.stop()
        if unlock:
            with contextlib.suppress(Exception):
                await self._db.execute(
                    "SELECT pg_advisory_unlock(%s, %s)", (NAMESPACE, lock_key(room_id))
                )

    async def reload(self, room_id: str) -> None:
        """A write of ``room_id`` failed: drop it and take it again only if still ours."""
        async with self._guard:
            await self._drop(room_id)
        with contextlib.suppress(Exception):
            await self.locate(room_id)

    # ------------------------------------------------------------ the sweep

    async def sweep(self) -> int:
        """Check our locks, take free rooms up to a fair share; returns how many were taken."""
        async with self._guard:
            db = self._db
            cursor = await db.execute("SELECT pg_backend_pid()")
            (me,) = await cursor.fetchone()
            cursor = await db.execute(_HELD, (NAMESPACE,))
            held = {int(key): pid for key, pid in await cursor.fetchall()}
            for room_id in list(self.runners):
                if held.get(lock_key(room_id)) != me:  # lost: someone else may run it now
                    await self._drop(room_id, unlock=False)
            cursor = await db.execute("SELECT room_id FROM cluster_rooms")
            rooms = [room_id for (room_id,) in await cursor.fetchall()]
            cursor = await db.execute(_LIVE_NODES)
            live = max(1, len(await cursor.fetchall()))
            share = math.ceil(len(rooms) / live)
            free = [r for r in rooms if r not in self.runners and held.get(lock_key(r), me) == me]
            random.shuffle(free)
            taken = 0
            for room_id in free:
                ours = held.get(lock_key(room_id)) == me
                if not ours and len(self.runners) >= share:
                    continue
                if ours or await self._try_lock(room_id):
                    held[lock_key(room_id)] = me
                    await self._adopt(room_id)
                    taken += 1
            return taken

    async def _sweeping(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.cluster.sweep_seconds)
            self._wake.clear()
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                # The lock connection is gone, and the locks with it: stop every room,
                # then join again.
                for room_id in list(self.runners):
                    await self._drop(room_id, unlock=False)
                with contextlib.suppress(Exception):
                    await self._db.close()
                with contextlib.suppress(Exception):
                    await self._connect()

    async def _listening(self) -> None:
        import psycopg

        while True:
            try:
                self._listener = await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                )
                await self._listener.execute(f"LISTEN {CHANNEL}")
                async for _ in self._listener.notifies():
                    self._wake.set()
            except asyncio.CancelledError:
                raise
            except Exception:
                await asyncio.sleep(self.cluster.sweep_seconds)


class _FencedStore:
    """The store as the cluster's rooms use it: a failed write makes the room load afresh."""

    def __init__(self, store: EventStore, lobby: ClusterLobby) -> None:
        self.inner = store
        self.lobby = lobby

    def load(self) -> dict[str, Events]:
        return self.inner.load()

    async def append(self, room_id: str, first: int, events: Events) -> None:
        try:
            await self.inner.append(room_id, first, events)
        except Exception:
            # Most likely another process has written this room (it took the room over):
            # what we hold is stale.
            asyncio.get_running_loop().create_task(self.lobby.reload(room_id))
            raise

    async def close(self) -> None:
        await self.inner.close()


class OwnerRedirect:
    """ASGI middleware: a request for a room owned by another process is sent there."""

    def __init__(self, app: Any, lobby: ClusterLobby) -> None:
        self.app = app
        self.lobby = lobby

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        match = _ROOM_PATH.match(scope.get("path", "")) if scope["type"] != "lifespan" else None
        try:
            owner = await self.lobby.locate(match.group(1)) if match else None
        except Exception as error:  # the database, or an owner without an address
            await _unavailable(scope, receive, send, str(error))
            return
        if owner is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http":
            query = scope.get("query_string", b"").decode("latin-1")
            location = owner + scope["path"] + (f"?{query}" if query else "")
            body = json.dumps({"error": f"room served at {owner}", "owner": owner}).encode()
            headers = [
                (b"location", location.encode("latin-1")),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
            await send({"type": "http.response.start", "status": 307, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        else:
            message = await receive()
            if message["type"] != "websocket.connect":
                return
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": MOVED, "reason": owner})


async def _unavailable(scope: dict[str, Any], receive: Any, send: Any, error: str) -> None:
    """503 (HTTP) or close 1013, 'try again later' (WebSocket): the room's owner is unknown."""
    if scope["type"] == "http":
        body = json.dumps({"error": f"the room is moving between processes: {error}"}).encode()
        headers = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body})
    elif (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1013, "reason": "try again"})
