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
from bigblind.room.replayer import hand_list, hand_replay
from bigblind.room.runner import Connection, Lobby, dispatch
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.store import EventStore

__all__ = ["RATE_BURST", "RATE_PER_SECOND", "create_app"]

RATE_PER_SECOND = 20.0
"""Messages a tab may send per second, on average."""
RATE_BURST = 40.0
"""Messages a tab may send at once."""
FLOOD_STRIKES = 100
"""Messages over the rate, forgiven at the rate itself, before the connection is closed."""
STATIC = Path(__file__).parent / "static"


def create_app(
    store: EventStore,
    *,
    clock: Callable[[], float] = time.time,
    bot_delay: float = 0.6,
    static: Path | None = STATIC,
    cluster: ClusterSettings | None = None,
) -> Starlette:
    """The room server over ``store``; rooms come back from it on start-up.

    With ``cluster`` (a PostgreSQL store only) this process is one of several serving
    the same rooms: it owns some, and sends requests for the others to their owners
    (:mod:`bigblind.room.cluster`).
    """
    lobby: Lobby
    if cluster is None:
        lobby = Lobby(store, clock=clock, bot_delay=bot_delay)
    else:
        url = str(getattr(store, "url", ""))
        if not url.startswith("postgresql"):
            raise RoomError(f"rooms on several processes need a PostgreSQL database, not {url!r}")
        lobby = ClusterLobby(store, cluster, url=url, clock=clock, bot_delay=bot_delay)

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
        settings = RoomSettings.from_dict(body)
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
        seat = runner.room.identify(_token(request)).seat
        return JSONResponse(runner.room.view(seat))

    async def request_seat(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        body = await _json_body(request)
        message = p.parse_client(json.dumps({"v": 1, "type": "request_seat", **body}))
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
        return PlainTextResponse(runner.room.ledger_csv(), media_type="text/csv")

    def history(fmt: str, suffix: str) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            runner = lobby.get(request.path_params["room"])
            seat = runner.room.identify(_token(request)).seat
            text = runner.room.history(fmt, seat)
            headers = {"Content-Disposition": f'attachment; filename="{runner.room.id}{suffix}"'}
            return PlainTextResponse(text, headers=headers)

        return endpoint

    async def hands(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        return JSONResponse(hand_list(runner.room))

    async def replay(request: Request) -> Response:
        runner = lobby.get(request.path_params["room"])
        viewer = runner.room.identify(_token(request)).seat
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
        token = websocket.query_params.get("token") or None
        issued = None
        if token is None:
            token = issued = secrets.token_urlsafe(24)
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
        connection.send(welcome.model_dump_json())
        runner.join(connection)
        writer = asyncio.create_task(_write(websocket, connection))
        try:
            await _read(websocket, connection, runner, token)
        finally:
            runner.leave(connection)
            await writer

    async def on_error(request: Request, error: Exception) -> Response:
        status = 404 if "there is no room" in str(error) else 400
        return JSONResponse({"error": str(error)}, status_code=status)

    routes: list[Route | WebSocketRoute | Mount] = [
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}", look_up, methods=["GET"]),
        Route("/api/rooms/{room}/seats", request_seat, methods=["POST"]),
        Route("/api/rooms/{room}/ledger", ledger, methods=["GET"]),
        Route("/api/rooms/{room}/ledger.csv", ledger_csv, methods=["GET"]),
        Route("/api/rooms/{room}/history.phh", history("phh", ".phhs"), methods=["GET"]),
        Route("/api/rooms/{room}/history.txt", history("pokerstars", ".txt"), methods=["GET"]),
        Route("/api/rooms/{room}/hands", hands, methods=["GET"]),
        Route("/api/rooms/{room}/hands/{number:int}/replay", replay, methods=["GET"]),
        WebSocketRoute("/api/rooms/{room}/ws", live),
    ]
    if static is not None and static.is_dir():
        routes.append(Mount("/", StaticFiles(directory=static, html=True)))
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={BigblindError: on_error})
    if isinstance(lobby, ClusterLobby):
        app.add_middleware(OwnerRedirect, lobby=lobby)
    app.state.lobby = lobby
    return app


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
    raw = await request.body()
    if len(raw) > p.MAX_MESSAGE_BYTES:
        raise p.ProtocolError(f"body of {len(raw)} bytes: at most {p.MAX_MESSAGE_BYTES}")
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        raise p.ProtocolError("the body is not JSON: send a JSON object") from None
    if not isinstance(body, dict):
        raise p.ProtocolError("the body must be a JSON object")
    return body


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


async def _read(websocket: WebSocket, connection: Connection, runner: Any, token: str) -> None:
    allowance, last, strikes = RATE_BURST, time.monotonic(), 0.0
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
        now = time.monotonic()
        allowance = min(RATE_BURST, allowance + (now - last) * RATE_PER_SECOND)
        # Strikes fade: a tab whose messages arrive bunched after a network stall is told
        # off now and then over a long game, while a flood piles strikes up within a second.
        strikes = max(0.0, strikes - (now - last) * RATE_PER_SECOND)
        last = now
        if allowance < 1:
            strikes += 1
            if strikes > FLOOD_STRIKES:
                connection.close()
                return
            _refuse(connection, f"too many messages: at most {RATE_PER_SECOND:g} a second", None)
            continue
        allowance -= 1
        message_id = None
        try:
            message = p.parse_client(text)
            message_id = message.id
            if isinstance(message, p.Ping):
                connection.send(p.Pong(v=1, id=message.id).model_dump_json())
                continue
            await runner.request(dispatch(message, token))
        except BigblindError as error:
            _refuse(connection, str(error), message_id)


def _refuse(connection: Connection, error: str, message_id: int | str | None) -> None:
    connection.send(p.ErrorMessage(v=1, error=error, id=message_id).model_dump_json())
