"""The ASGI app: HTTP for rooms, one WebSocket per tab for the live table (Starlette).

Routes (docs/protocol.md has the details and an example of each):

- ``POST /api/rooms``: create a room; answers the host token and links.
- ``GET /api/rooms/{room}``: the room as the token's holder may see it.
- ``POST /api/rooms/{room}/seats``: ask for a seat; answers the seat token.
- ``GET /api/rooms/{room}/ledger`` (JSON) and ``/ledger.csv``.
- ``GET /api/rooms/{room}/history.phh`` and ``/history.txt`` (PokerStars).
- ``GET /api/rooms/{room}/hands`` and ``/hands/{number}/replay``: the hand replayer.
- ``WS /api/rooms/{room}/ws?token=...``: the live table (:mod:`bigblind.room.protocol`).
- ``/``: the browser client from ``room/static/``, when that folder exists.

A token goes in ``Authorization: Bearer <token>`` or ``?token=``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from bigblind.errors import BigblindError
from bigblind.evaluation.scalar import evaluate7
from bigblind.room import protocol as p
from bigblind.room.cluster import ClusterLobby, ClusterSettings, OwnerRedirect
from bigblind.room.limits import Guard, LimitError, Limits
from bigblind.room.replayer import hand_list, hand_logs, hand_replay
from bigblind.room.room import SPECTATORS_CLOSED, Identity, Room
from bigblind.room.runner import LOG, Connection, Lobby, dispatch
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.stats import session_stats
from bigblind.room.store import EventStore

__all__ = ["TOKEN", "BodyTooLarge", "create_app", "handle_message"]

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
"""A token a client may present: what the server gives out (32 URL-safe characters), or
one the client made with as many, so that nobody guesses it."""
STATIC = Path(__file__).parent / "static"


def create_app(
    store: EventStore,
    *,
    clock: Callable[[], float] = time.time,
    bot_delay: float = 0.6,
    static: Path | None = STATIC,
    cluster: ClusterSettings | None = None,
    limits: Limits | None = None,
    seeded_rooms: bool = False,
) -> Starlette:
    """The room server over ``store``; rooms come back from it on start-up.

    With ``cluster`` (a PostgreSQL store only) this process is one of several serving
    the same rooms: it owns some, and sends requests for the others to their owners
    (:mod:`bigblind.room.cluster`). ``limits`` bound what each person and address may
    ask (:class:`~bigblind.room.limits.Limits`); ``seeded_rooms`` lets a room be created
    with a deck seed, for tests alone: a real server never accepts one (RULES 1.2).
    """
    limits = limits or Limits()
    guard = Guard(limits)
    lobby: Lobby
    if cluster is None:
        lobby = Lobby(store, clock=clock, bot_delay=bot_delay, limits=limits)
    else:
        url = str(getattr(store, "url", ""))
        if not url.startswith("postgresql"):
            raise RoomError(f"rooms on several processes need a PostgreSQL database, not {url!r}")
        lobby = ClusterLobby(
            store, cluster, url=url, clock=clock, bot_delay=bot_delay, limits=limits
        )

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # The evaluator builds its tables on first use (seconds): before the first
        # showdown rather than during it.
        evaluate7(0, 1, 2, 3, 4, 5, 6)
        lobby.restore()
        if isinstance(lobby, ClusterLobby):
            await lobby.join()
        thresholds = _collect_less()
        gc.callbacks.append(_after_collection)
        try:
            yield
        finally:
            gc.callbacks.remove(_after_collection)
            gc.set_threshold(*thresholds)
            gc.unfreeze()
        await lobby.close()

    async def create_room(request: Request) -> Response:
        body = await _json_body(request)
        settings = RoomSettings.from_request(body, seeded=seeded_rooms)
        # Counted once the settings are good: a mistake corrected does not use one up.
        refused = guard.room(_address(request), now=time.monotonic())
        if refused:
            raise LimitError(refused)
        room_id, host = await lobby.create(settings)
        answer = p.CreatedRoom(
            room=room_id,
            host_token=host,
            join_url=f"/?room={room_id}",
            host_url=f"/?room={room_id}#token={host}",
        )
        return JSONResponse(answer.model_dump(), status_code=201)

    async def look_up(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        return JSONResponse(runner.room.view_for(runner.room.identify(_token(request))))

    async def request_seat(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        body = await _json_body(request)
        message = p.parse_client(json.dumps({**body, "v": 1, "type": "request_seat"}))
        token = _token(request) or secrets.token_urlsafe(24)
        await runner.request(dispatch(message, token))
        who = runner.room.identify(token)
        answer = p.RequestedSeat(token=token, request=who.request, seat=who.seat)
        return JSONResponse(answer.model_dump(), status_code=201)

    async def ledger(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        return JSONResponse(runner.room.ledger_json())

    async def ledger_csv(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        text = runner.room.ledger_csv()
        headers = _download(f"{runner.room.id}-ledger.csv")
        return PlainTextResponse(text, media_type="text/csv", headers=headers)

    def history(fmt: str, suffix: str) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            runner = lobby.get(request.path_params["room"])
            viewer = _watcher(runner.room, request)
            # Writing every hand takes a while in a long game: off the event loop, so the
            # tables keep playing meanwhile.
            text = await asyncio.to_thread(runner.room.history, fmt, viewer)
            return PlainTextResponse(text, headers=_download(f"{runner.room.id}{suffix}"))

        return endpoint

    async def hands(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        _watcher(runner.room, request)
        return JSONResponse(hand_list(runner.room))

    async def logs(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        _watcher(runner.room, request)
        return JSONResponse(hand_logs(runner.room))

    async def stats(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        _watcher(runner.room, request)
        return JSONResponse(session_stats(runner.room))

    async def replay(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        viewer = _watcher(runner.room, request)
        number = request.path_params["number"]
        # Exact equities take a moment: off the event loop, so the tables keep playing.
        steps = await asyncio.to_thread(hand_replay, runner.room, number, viewer)
        return JSONResponse(steps)

    async def live(websocket: WebSocket) -> None:
        try:
            runner = lobby.get(websocket.path_params["room"])
        except RoomError as error:
            await websocket.close(code=4404, reason=str(error)[:120])
            return
        await websocket.accept()
        # Refusals after the handshake, so that the tab reads the reason in the close frame.
        token = websocket.query_params.get("token") or None
        if token is not None and not TOKEN.fullmatch(token):
            await websocket.close(code=4400, reason=BAD_TOKEN[:120])
            return
        issued = None
        if token is None:
            token = issued = secrets.token_urlsafe(24)
        address = websocket.client.host if websocket.client else "unknown"
        refused = guard.connect(token, address)
        if refused:
            await websocket.close(code=4429, reason=refused[:120])
            return
        connection = Connection(token)
        who = runner.room.identify(token)
        welcome = p.Welcome(
            v=1,
            room=runner.room.id,
            seat=who.seat,
            host=who.host,
            request=who.request,
            token=issued,
        )
        try:
            connection.send(welcome.model_dump_json())
            runner.join(connection)
            writer = asyncio.create_task(_write(websocket, connection))
            try:
                await _read(websocket, connection, runner, token, address, guard)
            finally:
                runner.leave(connection)
                await writer
        finally:
            guard.disconnect(token, address)

    async def on_error(request: Request, error: Exception) -> Response:
        status = 400
        if isinstance(error, LimitError):
            status = 429
        elif isinstance(error, BodyTooLarge):
            status = 413
        elif "there is no room" in str(error):
            status = 404
        return JSONResponse({"error": str(error)}, status_code=status)

    async def on_failure(request: Request, error: Exception) -> Response:
        LOG.exception("%s %s failed", request.method, request.url.path, exc_info=error)
        return JSONResponse({"error": "the server could not do that: try again"}, 500)

    routes: list[Route | WebSocketRoute | Mount] = [
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}", look_up, methods=["GET"]),
        Route("/api/rooms/{room}/seats", request_seat, methods=["POST"]),
        Route("/api/rooms/{room}/ledger", ledger, methods=["GET"]),
        Route("/api/rooms/{room}/ledger.csv", ledger_csv, methods=["GET"]),
        Route("/api/rooms/{room}/history.phh", history("phh", ".phhs"), methods=["GET"]),
        Route("/api/rooms/{room}/history.txt", history("pokerstars", ".txt"), methods=["GET"]),
        Route("/api/rooms/{room}/hands", hands, methods=["GET"]),
        Route("/api/rooms/{room}/hands/log", logs, methods=["GET"]),
        Route("/api/rooms/{room}/stats", stats, methods=["GET"]),
        Route("/api/rooms/{room}/hands/{number:int}/replay", replay, methods=["GET"]),
        WebSocketRoute("/api/rooms/{room}/ws", live),
    ]
    if static is not None and static.is_dir():
        routes.append(Mount("/", StaticFiles(directory=static, html=True)))
    handlers = {BigblindError: on_error, Exception: on_failure}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)
    if isinstance(lobby, ClusterLobby):
        app.add_middleware(OwnerRedirect, lobby=lobby)
    app.add_middleware(_RequestLimit, guard=guard)
    app.state.lobby = lobby
    app.state.guard = guard
    return app


BAD_TOKEN = "that link's token is not one this server gives out: open the room's link again"


class BodyTooLarge(p.ProtocolError):
    """A request body over :data:`~bigblind.room.protocol.MAX_MESSAGE_BYTES`."""


class _RequestLimit:
    """HTTP requests from one address over the limit are answered 429 before any work;
    so is a token that the server could not have given out."""

    def __init__(self, app: Any, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            client = scope.get("client")
            address = client[0] if client else "unknown"
            refused = self.guard.request(address, now=time.monotonic())
            status = 429
            if refused is None:
                token = _token(Request(scope))
                if token is not None and not TOKEN.fullmatch(token):
                    refused, status = BAD_TOKEN, 400
            if refused is not None:
                response = JSONResponse({"error": refused}, status_code=status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _collect_less() -> tuple[int, int, int]:
    """Set the cycle collector for a server that holds many objects; returns the old
    thresholds.

    What start-up loaded (modules, restored rooms) is moved out of the collector's sight
    for good, and the youngest generation is collected after 50,000 allocations rather
    than 700: every state sent allocates hundreds of short-lived containers, and each
    collection also walks the survivors, a pause every room waits out.
    """
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, old[1], old[2])
    return old


FULL_EVERY = 8
"""Full collections between two that walk every object the server holds."""
_full_collections = [0]


def _after_collection(phase: str, info: dict[str, int]) -> None:
    """After a full collection, freeze what survived it: the next walks only what is
    newer, a pause that no longer grows with the rooms' histories. Every
    ``FULL_EVERY``-th walks everything again, so a cycle that became garbage after it
    was frozen is collected all the same."""
    if phase != "stop" or info["generation"] != 2:
        return
    _full_collections[0] += 1
    if _full_collections[0] % FULL_EVERY:
        gc.freeze()
    else:
        gc.unfreeze()


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than the size accepted."""
    limit = p.MAX_MESSAGE_BYTES
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BodyTooLarge(f"a request body of {_size(declared)}: at most {limit:,} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise BodyTooLarge(f"a request body over {limit:,} bytes: at most {limit:,}")
    if p.nesting(bytes(raw)) > p.MAX_DEPTH:
        raise p.ProtocolError(f"the body is nested too deep: at most {p.MAX_DEPTH} levels")
    try:
        body = json.loads(bytes(raw) or b"{}")
    except (ValueError, RecursionError):
        raise p.ProtocolError("the body is not JSON: send a JSON object") from None
    if not isinstance(body, dict):
        raise p.ProtocolError("the body must be a JSON object")
    return body


def _size(declared: str) -> str:
    return f"{int(declared):,} bytes" if declared.isdigit() else repr(declared[:20])


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _download(filename: str) -> dict[str, str]:
    """Headers of a file to save, never to be read as a page or script (room ids are URL-safe)."""
    return {
        "Content-Disposition": f'attachment; filename="{filename}"',
        "X-Content-Type-Options": "nosniff",
    }


def _watcher(room: Room, request: Request) -> Identity:
    """Who asks, refused when the host lets no spectators see the play."""
    who = room.identify(_token(request))
    if not room.may_watch(who):
        raise RoomError(SPECTATORS_CLOSED)
    return who


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.query_params.get("token") or None


async def _write(websocket: WebSocket, connection: Connection) -> None:
    try:
        while True:
            text = await connection.next()
            if text is None:
                break
            await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        connection.closed = True
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await websocket.close()


async def _read(
    websocket: WebSocket,
    connection: Connection,
    runner: Any,
    token: str,
    address: str,
    guard: Guard,
) -> None:
    while not connection.closed:
        try:
            incoming = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if incoming["type"] == "websocket.disconnect":
            return
        text = incoming.get("text")
        if text is None:
            text = incoming.get("bytes") or b""
        wait = guard.message(token, address, now=time.monotonic())
        if wait:
            # Over the rate: this tab is read no further for a while. Its messages are
            # answered in order, later; a flood backs up into the sender's own socket.
            await asyncio.sleep(wait)
        await handle_message(runner, connection, token, text, guard=guard, now=time.monotonic())


async def handle_message(
    runner: Any,
    connection: Connection,
    token: str,
    text: str | bytes,
    *,
    guard: Guard | None = None,
    now: float = 0.0,
) -> None:
    """Read one message of ``connection`` (held by ``token``) and do what it asks of the
    room; the sender is answered either way: an error, or the room's new state."""
    message_id = None
    try:
        message = p.parse_client(text)
        message_id = message.id
        if isinstance(message, p.Ping):
            connection.send(p.Pong(v=1, id=message.id).model_dump_json())
            return
        if isinstance(message, p.Chat) and guard is not None:
            refused = guard.chat_line(token, now=now)
            if refused:
                raise LimitError(refused)
        made = len(runner.room.events)
        await runner.request(dispatch(message, token))
        if len(runner.room.events) == made:  # nothing changed, so nothing was sent
            runner.refresh(connection)
    except p.ProtocolError as error:
        _refuse(connection, str(error), error.request_id)
    except BigblindError as error:
        _refuse(connection, str(error), message_id)


def _refuse(connection: Connection, error: str, message_id: int | str | None) -> None:
    # What a client sent may be quoted in the reason: never a character JSON cannot carry.
    words = error.encode("utf-8", "backslashreplace").decode("utf-8")
    connection.send(p.ErrorMessage(v=1, error=words, id=message_id).model_dump_json())
