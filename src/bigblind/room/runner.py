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
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from bigblind.engine.actions import Action
from bigblind.errors import BigblindError
from bigblind.room import protocol as p
from bigblind.room.limits import Limits
from bigblind.room.room import Identity, Room
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.store import EventStore
from bigblind.room.views import closed_view, personal_view, public_view

__all__ = ["LOG", "Connection", "Lobby", "RoomRunner", "dispatch"]

Job = Callable[[Room, float], Any]
OUTBOX_LIMIT = 256  # messages waiting for a slow tab before it is dropped
RESTARTS = 5  # failures of a room's task within a minute before it is left stopped
LOG = logging.getLogger("bigblind.room")
Viewer = tuple[int | None, bool, bool]
"""Who a tab shows the room to: a seat (None: none), whether the host, whether watching."""


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
        bot_room_seconds: float = 1800.0,
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
        self._seat_of: dict[str, Viewer] = {}
        self._stored = len(room.events)  # every event up to here is committed
        self.bot_room_seconds = bot_room_seconds
        self._alone_since: float | None = None

    def start(self) -> None:
        """Start the room's task."""
        if self._task is None:
            self._task = asyncio.create_task(self._supervise(), name=f"room {self.room.id}")

    @property
    def running(self) -> bool:
        """Whether the room's task is alive (it is restarted when it fails)."""
        return self._task is not None and not self._task.done()

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
        if not self.running:
            raise RoomError("this room has stopped: try again later")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.append((job, future))
        _wake_up(self._wake)
        return await future

    # ------------------------------------------------------------ tabs

    def join(self, connection: Connection) -> Identity:
        """Connect a tab and send it its view."""
        self.connections.add(connection)
        who = self.room.identify(connection.token)
        self._send_state(connection)
        return who

    def refresh(self, connection: Connection) -> None:
        """Send one tab its view again (an accepted request that changed nothing)."""
        self._send_state(connection)

    def leave(self, connection: Connection) -> None:
        """Disconnect a tab."""
        self.connections.discard(connection)
        connection.close()
        _wake_up(self._wake)  # the last tab gone may start the clock of a room of bots

    def _send_state(self, connection: Connection) -> None:
        state = {
            "v": p.VERSION,
            "type": "state",
            "server_time": self.clock(),
            "state": self.room.view_for(self.room.identify(connection.token)),
        }
        connection.send(json.dumps(state), state=True)

    def broadcast(self) -> None:
        """Send every tab its own view of the room (RULES 3.4)."""
        texts: dict[Viewer, str] = {}
        room = self.room
        now = self.clock()
        public = public_view(room)
        viewers = self._viewers_by_token()
        for connection in list(self.connections):
            if connection.closed:
                self.connections.discard(connection)
                continue
            viewer = viewers.get(connection.token) if connection.token else None
            key = viewer or (None, False, room.spectators_allowed)
            text = texts.get(key)
            if text is None:
                seat, host, watching = key
                if watching:
                    view = personal_view(room, public, seat, host=host)
                else:
                    view = closed_view(public)
                state = {"v": p.VERSION, "type": "state", "server_time": now, "state": view}
                text = texts[key] = orjson.dumps(state).decode()
            connection.send(text, state=True)

    def _viewers_by_token(self) -> dict[str, Viewer]:
        """Each connected token's seat, whether it is the host's, and whether it may watch,
        worked out again only when the seating, the host or the spectators' rule changes."""
        room = self.room
        key = (room.seating, room.host_hash, room.spectators_allowed)
        if self._seating_key != key:
            self._seating_key = key
            self._seat_of = {}
        seat_of = self._seat_of
        for connection in self.connections:
            token = connection.token
            if token and token not in seat_of:
                who = room.identify(token)
                seat_of[token] = (who.seat, who.host, room.may_watch(who))
        return seat_of

    # ------------------------------------------------------------ the task

    async def _supervise(self) -> None:
        """Run the room; when its loop fails anyway, rebuild the room from the events
        stored and run it again (a few times a minute at most, then it stops, saying so)."""
        failures: deque[float] = deque(maxlen=RESTARTS)
        while True:
            try:
                await self._run()
            except asyncio.CancelledError:
                raise
            except Exception:
                failures.append(time.monotonic())
                LOG.exception("room %s: its task failed; restarting it", self.room.id)
                try:
                    self.room = Room.restore(self.room.id, self.room.events[: self._stored])
                except Exception:
                    LOG.exception("room %s: its stored events cannot be replayed", self.room.id)
                    failures.extend([failures[-1]] * RESTARTS)
                self._seating_key = None
                if len(failures) == RESTARTS and failures[-1] - failures[0] < 60:
                    LOG.error("room %s: failed %d times in a minute", self.room.id, RESTARTS)
                    self._fail_waiting(RoomError("this room has stopped: try again later"))
                    return

    def _fail_waiting(self, error: RoomError) -> None:
        while self._jobs:
            _, future = self._jobs.popleft()
            if not future.done():
                future.set_exception(error)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        timer_last = False
        while True:
            due = self._due()
            # Timers and requests take turns: bots that are always due (no delay) never
            # starve the people's requests, nor a flood of requests the clocks.
            if due is not None and due <= self.clock() and not (timer_last and self._jobs):
                timer_last = True
                await asyncio.sleep(0)  # a due timer never starves the other rooms
                await self._execute(self._timer_job(), None)
            elif self._jobs:
                timer_last = False
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
        closes = self._closes_at()
        if closes is not None:
            times.append(closes)
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

    def _closes_at(self) -> float | None:
        """When a room of bots alone, with no tab open, ends (the limit's minutes after
        the last person left or the last tab closed); None while anybody is there."""
        room = self.room
        people = self.connections or any(o.bot is None for o in room.occupants.values())
        if people or room.ended:
            self._alone_since = None
            return None
        if self._alone_since is None:
            self._alone_since = self.clock()
        return self._alone_since + self.bot_room_seconds

    def _timer_job(self) -> Job:
        def job(room: Room, now: float) -> None:
            closes = self._closes_at()
            if closes is not None and now >= closes:
                LOG.info("room %s: bots alone for %.0f s; ended", room.id, self.bot_room_seconds)
                room.end(Identity(host=True), at=now)
                return
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
        except Exception:
            # A request the room could not handle: refused, and the room rebuilt from its
            # stored events, since the failure may have left it half changed.
            LOG.exception("room %s: a request failed; the room plays on", room.id)
            self.room = Room.restore(room.id, room.events[: self._stored])
            error = RoomError("the server could not do that: nothing changed")
            room = self.room
        new = room.events[before:]
        if new:
            try:
                await self.store.append(room.id, before, new)
            except Exception:
                LOG.exception("room %s: events not stored", room.id)
                # Not stored, so it never happened: back to the last stored event.
                self.room = Room.restore(room.id, room.events[:before])
                error = RoomError("the server could not save that: try again")
            else:
                self._stored = len(room.events)
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
            _check_decision(room, m)
            room.act(who, _action_of(m), at=at)
        elif isinstance(m, p.Preset):
            _check_decision(room, m)
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
            room.show(who, at=at, card=m.card)
        elif isinstance(m, p.RabbitHunt):
            room.rabbit_hunt(who, at=at)
        elif isinstance(m, p.AutoMuck):
            room.set_auto_muck(who, m.on, at=at)
        elif isinstance(m, p.Straddle):
            room.straddle(who, m.agree, at=at)
        elif isinstance(m, p.StartTournament):
            room.start(who, at=at)
        elif isinstance(m, p.Chat):
            room.say(who, m.text, at=at, name=m.name)
        elif isinstance(m, p.React):
            room.react(who, m.emoji, at=at)
        elif isinstance(m, p.Approve):
            room.approve(who, m.request, at=at, seat=m.seat)
        elif isinstance(m, p.AdjustStack):
            room.adjust_stack(who, m.seat, m.chips, at=at)
        elif isinstance(m, p.TransferHost):
            room.transfer_host(who, m.seat, at=at)
        elif isinstance(m, p.SetSpectators):
            room.set_spectators(who, allowed=m.allowed, chat=m.chat, at=at)
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
        elif isinstance(m, p.BombPot):
            room.call_bomb_pot(who, m.amount, at=at)
        elif isinstance(m, p.End):
            room.end(who, at=at)
        else:  # pragma: no cover - parse_client admits only the types above
            raise RoomError(f"message {type(m).__name__} is not a room request")

    return job


def _action_of(message: p.Act) -> Action | str:
    """The engine's Action a click names, handed on as it is (no text between); 'show' and
    'muck', the showdown's answers (RULES 6.7), are no betting actions and stay words."""
    kind, amount = message.action, message.amount
    if kind in ("bet", "raise"):
        if amount is None:
            raise RoomError(f"cannot {kind}: the amount is missing")
        return Action.bet(amount) if kind == "bet" else Action.raise_to(amount)
    if amount is not None:
        raise RoomError(f"cannot {kind} {amount}: {kind} takes no amount")
    if kind in ("show", "muck"):
        return kind
    return Action(kind)


def _check_decision(room: Room, message: p.Act | p.Preset) -> None:
    """Refuse an action that answers another decision than the one awaited: sent twice,
    sent late after a timeout, or from a tab that had not seen the table move on."""
    current = room.current
    if current is None:
        raise RoomError("no hand is being played: that action came after the hand ended")
    if message.hand != current.number:
        raise RoomError(f"that action was for hand {message.hand}: this is hand {current.number}")
    if message.decision != len(current.hand.events):
        raise RoomError("that action answered an earlier moment of the hand: look again and act")


class Lobby:
    """Every room of the server, each with its runner, over one store."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Callable[[], float] = time.time,
        bot_delay: float = 0.6,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.runners: dict[str, RoomRunner] = {}

    def _runner(self, room: Room) -> RoomRunner:
        runner = RoomRunner(
            room,
            self.store,
            clock=self.clock,
            bot_delay=self.bot_delay,
            bot_room_seconds=self.limits.bot_room_minutes * 60,
        )
        self.runners[room.id] = runner
        runner.start()
        return runner

    def restore(self) -> int:
        """Bring back every stored room where its events left it; returns how many.
        A room that cannot be rebuilt is left out, logged, and the others come back."""
        for room_id, events in self.store.load().items():
            try:
                room = Room.restore(room_id, events)
            except Exception:
                LOG.exception("room %s: its stored events cannot be replayed; left out", room_id)
                continue
            self._runner(room)
        return len(self.runners)

    async def create(self, settings: RoomSettings) -> tuple[str, str]:
        """A new room; returns its id and the host's token (committed before returning)."""
        if len(self.runners) >= self.limits.max_rooms:
            raise RoomError("this server holds as many rooms as it may: try again later")
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
