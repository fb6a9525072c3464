"""The driver around each pure room: one asyncio task per room, its clocks, bots and tabs.

A :class:`RoomRunner` takes requests one at a time, in order: it applies one
to its :class:`~bigblind.room.room.Room`, stores the events it made (the
commit comes first), and only then sends every connected tab its own view.
Between requests it wakes up when something is due: a bot's turn, a player's
deadline (RULES 10.4), the next deal. :class:`Lobby` holds every room and
brings them back from the store on start.

>>> import asyncio
>>> from bigblind.room.store import MemoryStore
>>> async def demo():
...     lobby = Lobby(MemoryStore(), bot_delay=0)
...     room_id, host = await lobby.create(RoomSettings(bots=("station", "station")))
...     runner = lobby.runners[room_id]
...     while runner.room.hand_number < 3:
...         await asyncio.sleep(0.01)
...     await lobby.close()
...     return runner.room.chips_accounted()
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from bigblind.errors import BigblindError
from bigblind.room import protocol as p
from bigblind.room.room import Identity, Room
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.store import EventStore
from bigblind.room.views import personal_view, public_view

__all__ = ["Connection", "Lobby", "RoomRunner", "dispatch"]

Job = Callable[[Room, float], Any]
OUTBOX_LIMIT = 256  # messages waiting for a slow tab before it is dropped


@dataclass(eq=False)
class Connection:
    """One tab: its token and the messages waiting to be sent to it.

    A state message is a whole snapshot, so a tab that reads slowly gets only the newest
    one: the older snapshot still waiting is dropped rather than queued behind it.
    """

    token: str | None
    closed: bool = False
    _pending: deque[str] = field(default_factory=deque)
    _state: str | None = None  # the snapshot waiting in ``_pending``, if any
    _waiter: asyncio.Future[None] | None = None  # the writer's, while it waits

    def send(self, text: str, *, state: bool = False) -> None:
        """Queue ``text``; a tab that lets other messages pile up is cut off."""
        if self.closed:
            return
        if state and self._state is not None:
            self._pending.remove(self._state)
        elif len(self._pending) >= OUTBOX_LIMIT:
            self.close()
            return
        self._pending.append(text)
        if state:
            self._state = text
        self._wake()

    async def next(self) -> str | None:
        """The next message to send, or None once the connection is closed."""
        while not self._pending:
            if self.closed:
                return None
            # A bare future: an asyncio.Event costs twice as much for its one waiter.
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            await waiter
        text = self._pending.popleft()
        if text is self._state:
            self._state = None
        return text

    def close(self) -> None:
        """Stop sending; the writer ends."""
        if not self.closed:
            self.closed = True
            self._wake()

    def _wake(self) -> None:
        waiter, self._waiter = self._waiter, None
        _wake_up(waiter)


class RoomRunner:
    """The task that owns one room."""

    def __init__(
        self,
        room: Room,
        store: EventStore,
        *,
        clock: Callable[[], float] = time.time,
        bot_delay: float = 0.6,
    ) -> None:
        self.room = room
        self.store = store
        self.clock = clock
        self.bot_delay = bot_delay
        self.connections: set[Connection] = set()
        self._jobs: deque[tuple[Job, asyncio.Future[Any]]] = deque()
        self._wake: asyncio.Future[None] | None = None  # set while the task waits
        self._task: asyncio.Task[None] | None = None
        self._seating_key: object = None
        self._seat_of: dict[str, int | None] = {}

    def start(self) -> None:
        """Start the room's task."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"room {self.room.id}")

    async def stop(self) -> None:
        """Stop the room's task and close its tabs."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for connection in self.connections:
            connection.close()

    async def request(self, job: Job) -> Any:
        """Run ``job(room, now)`` in the room's task; its events are committed, then sent.

        Raises the :class:`~bigblind.errors.BigblindError` that refused it.
        """
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.append((job, future))
        _wake_up(self._wake)
        return await future

    # ------------------------------------------------------------ tabs

    def join(self, connection: Connection) -> Identity:
        """Connect a tab and send it its view."""
        self.connections.add(connection)
        who = self.room.identify(connection.token)
        self._send_state(connection, who.seat)
        return who

    def leave(self, connection: Connection) -> None:
        """Disconnect a tab."""
        self.connections.discard(connection)
        connection.close()

    def _send_state(self, connection: Connection, seat: int | None) -> None:
        state = {
            "v": p.VERSION,
            "type": "state",
            "server_time": self.clock(),
            "state": self.room.view(seat),
        }
        connection.send(json.dumps(state), state=True)

    def broadcast(self) -> None:
        """Send every tab its own view of the room (RULES 3.4)."""
        texts: dict[int | None, str] = {}
        room = self.room
        now = self.clock()
        public = public_view(room)
        seats = self._seats_by_token()
        for connection in list(self.connections):
            if connection.closed:
                self.connections.discard(connection)
                continue
            seat = seats.get(connection.token) if connection.token else None
            text = texts.get(seat)
            if text is None:
                state = {
                    "v": p.VERSION,
                    "type": "state",
                    "server_time": now,
                    "state": personal_view(room, public, seat),
                }
                text = texts[seat] = orjson.dumps(state).decode()
            connection.send(text, state=True)

    def _seats_by_token(self) -> dict[str, int | None]:
        """Each connected token's seat, worked out again only when the seating changes."""
        key = self.room.seating
        if self._seating_key != key:
            self._seating_key = key
            self._seat_of = {}
        seat_of = self._seat_of
        for connection in self.connections:
            token = connection.token
            if token and token not in seat_of:
                seat_of[token] = self.room.identify(token).seat
        return seat_of

    # ------------------------------------------------------------ the task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = self._due()
            if due is not None and due <= self.clock():
                await asyncio.sleep(0)  # a due timer never starves the other rooms
                await self._execute(self._timer_job(), None)
            elif self._jobs:
                await self._execute(*self._jobs.popleft())
            else:
                # Sleep until a request comes or the timer is due: one future and at most
                # one timer handle per wait (no task per wait, as wait_for would make).
                wake = self._wake = loop.create_future()
                timer = None
                if due is not None:
                    timer = loop.call_later(due - self.clock(), _wake_up, wake)
                try:
                    await wake
                finally:
                    self._wake = None
                    if timer is not None:
                        timer.cancel()

    def _due(self) -> float | None:
        room = self.room
        times = []
        if room.bot_to_act() is not None:
            times.append(room.turn_started + self.bot_delay)
        if any(self._answers_at_once(seat) for seat in room.runs_offer()):
            times.append(room.now)
        for when in (room.deadline(), room.runs_deadline(), room.next_hand_at()):
            if when is not None:
                times.append(when)
        return min(times) if times else None

    def _answers_at_once(self, seat: int) -> bool:
        """Bots agree to run it twice; away players are taken to refuse (RULES 10.3)."""
        return seat in self.room.occupants and (
            self.room.occupants[seat].bot is not None or self.room.is_away(seat)
        )

    def _timer_job(self) -> Job:
        def job(room: Room, now: float) -> None:
            for asked in room.runs_offer():
                if self._answers_at_once(asked):
                    agree = not room.is_away(asked)
                    room.run_it_twice(Identity(seat=asked), agree, at=now)
                    return
            lapses = room.runs_deadline()
            if lapses is not None and now >= lapses:
                room.lapse_runs(at=now)
                return
            seat = room.bot_to_act()
            if seat is not None and now >= room.turn_started + self.bot_delay:
                room.act(Identity(seat=seat), room.bot_action(seat), at=now)
                return
            deadline = room.deadline()
            if deadline is not None and now >= deadline:
                room.time_out(at=now)
                return
            when = room.next_hand_at()
            if when is not None and now >= when:
                room.deal(at=now)

        return job

    async def _execute(self, job: Job, future: asyncio.Future[Any] | None) -> None:
        room = self.room
        before = len(room.events)
        result: Any = None
        error: BaseException | None = None
        try:
            result = job(room, self.clock())
        except BigblindError as refused:
            error = refused
        new = room.events[before:]
        if new:
            try:
                await self.store.append(room.id, before, new)
            except Exception:
                # Not stored, so it never happened: back to the last stored event.
                self.room = Room.restore(room.id, room.events[:before])
                error = RoomError("the server could not save that: try again")
            else:
                self.broadcast()
        if future is not None and not future.done():
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)


def _wake_up(wake: asyncio.Future[None] | None) -> None:
    if wake is not None and not wake.done():
        wake.set_result(None)


def dispatch(message: Any, token: str | None) -> Job:
    """The room request a client message makes (``token``: the sender's)."""

    def job(room: Room, at: float) -> None:
        who = room.identify(token)
        m = message
        if isinstance(m, p.Act):
            action = m.action if m.amount is None else f"{m.action} {m.amount}"
            room.act(who, action, at=at)
        elif isinstance(m, p.Preset):
            room.act(who, f"preset {m.preset}", at=at)
        elif isinstance(m, p.RequestSeat):
            if token is None:
                raise RoomError("connect with a token to ask for a seat")
            room.request_seat(
                token, m.name, m.seat, m.buy_in, at=at, wait_for_big_blind=m.wait_for_big_blind
            )
        elif isinstance(m, p.SitOut):
            room.sit_out(who, at=at)
        elif isinstance(m, p.SitIn):
            room.sit_in(who, at=at)
        elif isinstance(m, p.TopUp):
            room.top_up(who, m.chips, at=at)
        elif isinstance(m, p.Leave):
            room.leave(who, at=at)
        elif isinstance(m, p.RunItTwice):
            room.run_it_twice(who, m.agree, at=at)
        elif isinstance(m, p.Show):
            room.show(who, at=at)
        elif isinstance(m, p.AutoMuck):
            room.set_auto_muck(who, m.on, at=at)
        elif isinstance(m, p.Straddle):
            room.straddle(who, m.agree, at=at)
        elif isinstance(m, p.StartTournament):
            room.start(who, at=at)
        elif isinstance(m, p.Chat):
            room.say(who, m.text, at=at)
        elif isinstance(m, p.Approve):
            room.approve(who, m.request, at=at)
        elif isinstance(m, p.Refuse):
            room.refuse(who, m.request, at=at)
        elif isinstance(m, p.AddBot):
            seed = secrets.randbits(32)
            room.add_bot(who, m.bot, seat=m.seat, at=at, seed=seed, chips=m.chips or 0)
        elif isinstance(m, p.Remove):
            room.remove(who, m.seat, at=at)
        elif isinstance(m, p.SetAway):
            room.set_away(who, m.seat, at=at)
        elif isinstance(m, p.Pause):
            room.pause(who, at=at)
        elif isinstance(m, p.Resume):
            room.resume(who, at=at)
        elif isinstance(m, p.SetBlinds):
            room.set_blinds(who, m.small, m.big, m.ante, at=at)
        elif isinstance(m, p.End):
            room.end(who, at=at)
        else:  # pragma: no cover - parse_client admits only the types above
            raise RoomError(f"message {type(m).__name__} is not a room request")

    return job


class Lobby:
    """Every room of the server, each with its runner, over one store."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Callable[[], float] = time.time,
        bot_delay: float = 0.6,
    ) -> None:
        self.store = store
        self.clock = clock
        self.bot_delay = bot_delay
        self.runners: dict[str, RoomRunner] = {}

    def _runner(self, room: Room) -> RoomRunner:
        runner = RoomRunner(room, self.store, clock=self.clock, bot_delay=self.bot_delay)
        self.runners[room.id] = runner
        runner.start()
        return runner

    def restore(self) -> int:
        """Bring back every stored room where its events left it; returns how many."""
        for room_id, events in self.store.load().items():
            self._runner(Room.restore(room_id, events))
        return len(self.runners)

    async def create(self, settings: RoomSettings) -> tuple[str, str]:
        """A new room; returns its id and the host's token (committed before returning)."""
        room_id = secrets.token_urlsafe(6)
        while room_id in self.runners:  # pragma: no cover - 48 random bits
            room_id = secrets.token_urlsafe(6)
        host = secrets.token_urlsafe(24)
        # A seeded (test) room is reproducible down to the first button.
        seed = settings.seed if settings.seed is not None else secrets.randbits(31)
        room, events = Room.create(room_id, settings, host, at=self.clock(), table_seed=seed)
        await self.store.append(room_id, 0, events)
        self._runner(room)
        return room_id, host

    def get(self, room_id: str) -> RoomRunner:
        """The runner of ``room_id``."""
        runner = self.runners.get(room_id)
        if runner is None:
            raise RoomError(f"there is no room {room_id!r}: check the link")
        return runner

    async def close(self) -> None:
        """Stop every room, then the store."""
        for runner in self.runners.values():
            await runner.stop()
        await self.store.close()
