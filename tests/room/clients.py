"""Real servers and real WebSocket clients for the room's end-to-end tests.

A :class:`ServerThread` runs the ASGI app under uvicorn on a loopback port in a
thread of its own; a :class:`ServerProcess` runs ``bigblind serve`` as a
separate process (to be killed). A :class:`Tab` is one browser tab: a
WebSocket that keeps every message it receives and may play by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from bigblind.cli.serve import SEEDED_ROOMS
from bigblind.room.store import SqlStore

Json = dict[str, Any]
POSTGRES_ENV = "BIGBLIND_TEST_POSTGRES_URL"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerThread:
    """The app served by uvicorn on 127.0.0.1 in a background thread."""

    def __init__(self, app: Any) -> None:
        self.port = free_port()
        self.app = app
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=65536,
            ws_per_message_deflate=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class ServerProcess:
    """``bigblind serve`` in a process of its own, to be killed with SIGKILL."""

    def __init__(self, database: str, port: int | None = None, extra: Sequence[str] = ()) -> None:
        self.database = database
        self.port = port or free_port()
        self.extra = list(extra)  # more ``serve`` options
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [sys.executable, "-m", "bigblind.cli.main", "serve"]
        command += ["--port", str(self.port), "--database", self.database, *self.extra]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            # The tests compare rooms with reference replays of the same seeded decks.
            env={**os.environ, SEEDED_ROOMS: "1"},
        )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server exited: {err}")
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(f"{self.base}/api/rooms/none", timeout=1)
                return self
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def create_room(base: str, **settings: Any) -> Json:
    answer = httpx.post(f"{base}/api/rooms", json=settings, timeout=30)
    assert answer.status_code == 201, answer.text
    data: Json = answer.json()
    return data


def ask_seat(base: str, room: str, name: str, seat: int, buy_in: int) -> Json:
    body = {"name": name, "seat": seat, "buy_in": buy_in}
    answer = httpx.post(f"{base}/api/rooms/{room}/seats", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    data: Json = answer.json()
    return data


def passive(state: Json) -> Json:
    """Check when free, else call."""
    legal = state["hand"]["legal"]
    return {"action": "check" if legal["check"] else "call"}


class Tab:
    """One browser tab on the room's WebSocket."""

    def __init__(self, base: str, room: str, token: str | None = None) -> None:
        self.url = base.replace("http", "ws", 1) + f"/api/rooms/{room}/ws"
        if token:
            self.url += f"?token={token}"
        self.token = token
        self.messages: list[Json] = []
        self.raw: list[str] = []
        self.state: Json | None = None
        self.welcome: Json | None = None
        self.updated = asyncio.Event()
        self.policy: Callable[[Json], Json | None] | None = None
        self._acted: tuple[int, int] | None = None
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self.closed = False

    async def open(self) -> Tab:
        self._ws = await connect(self.url, max_size=2**22)
        self._reader = asyncio.create_task(self._read())
        await self.until(lambda s: True)
        return self

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await self._reader

    @property
    def seat(self) -> int | None:
        return None if self.state is None else self.state["you"]

    @property
    def errors(self) -> list[str]:
        return [m["error"] for m in self.messages if m["type"] == "error"]

    async def send(self, message_type: str, **fields: Any) -> None:
        """Send a request; an action names the hand and decision of the latest state, as
        the browser's client does (unless ``fields`` name them)."""
        assert self._ws is not None
        hand = self.state["hand"] if self.state else None
        if message_type in ("act", "preset") and hand is not None:
            fields = {"hand": hand["number"], "decision": hand["decision"], **fields}
        await self._ws.send(json.dumps({"v": 1, "type": message_type, **fields}))

    async def send_raw(self, text: str | bytes) -> None:
        assert self._ws is not None
        await self._ws.send(text)

    async def until(self, predicate: Callable[[Json], bool], timeout: float = 20) -> Json:
        """Wait for a state that satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        while True:
            if self.state is not None and predicate(self.state):
                return self.state
            if self.closed:
                raise AssertionError(f"connection closed; errors: {self.errors[-3:]}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out; last state: {json.dumps(self.state)[:1500]}")
            self.updated.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.updated.wait(), left)

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for text in self._ws:
                assert isinstance(text, str)
                self.raw.append(text)
                message = json.loads(text)
                self.messages.append(message)
                if message["type"] == "welcome":
                    self.welcome = message
                    self.token = self.token or message["token"]
                if message["type"] == "state":
                    self.state = message["state"]
                    await self._maybe_act()
                self.updated.set()
        except Exception:  # the connection went away
            pass
        finally:
            self.closed = True
            self.updated.set()

    async def play(self, policy: Callable[[Json], Json | None]) -> None:
        """Act by ``policy`` from now on, starting with the state already received."""
        self.policy = policy
        await self._maybe_act()

    async def _maybe_act(self) -> None:
        state = self.state
        if self.policy is None or state is None:
            return
        hand = state["hand"]
        if hand is None or hand["actor"] != state["you"] or hand["legal"] is None:
            return
        position = (hand["number"], len(hand["log"]))
        if position == self._acted:
            return
        choice = self.policy(state)
        if choice is None:
            return
        self._acted = position
        await self.send("act", **choice)


@contextlib.contextmanager
def postgres_url() -> Iterator[str]:
    """A fresh schema on the test PostgreSQL server, dropped afterwards."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"set {POSTGRES_ENV} (e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)")
    from sqlalchemy import create_engine, text

    schema = f"bb_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@contextlib.contextmanager
def database_url(kind: str, tmp_path: Any) -> Iterator[str]:
    """A fresh database of ``kind`` ('sqlite' or 'postgresql')."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    else:
        with postgres_url() as url:
            yield url


def stored_events(url: str) -> dict[str, list[Json]]:
    store = SqlStore(url)
    try:
        return store.load()
    finally:
        store.engine.dispose()


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """A database of its own on the test PostgreSQL server, dropped afterwards."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"set {POSTGRES_ENV} (e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"bigblind_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()
