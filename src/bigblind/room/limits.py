"""What one person, one address and the whole server may ask of the room server.

A room is played by strangers: every limit here protects the other tables from one
client, not the client from itself. Rates are token buckets (``rate`` a second on
average, ``burst`` at once), kept per person (their token, every tab together) and per
address. The operator sets them with ``bigblind serve`` (docs/deploy.md).

>>> limits = Limits(messages_per_second=2, message_burst=2)
>>> buckets = Buckets(limits.messages_per_second, limits.message_burst)
>>> [buckets.take("ann", now=0.0) for _ in range(3)], buckets.take("ann", now=0.5)
([True, True, False], True)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, fields

from bigblind.room.settings import RoomError

__all__ = ["Buckets", "Counter", "Guard", "LimitError", "Limits"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Limits:
    """The server's limits; every one can be changed with a ``bigblind serve`` option of
    the same name (``--messages-per-second 10``)."""

    messages_per_second: float = 20.0
    """Requests one person may send a second, on average, over all their tabs."""
    message_burst: float = 40.0
    """Requests one person may send at once."""
    address_messages_per_second: float = 200.0
    """Requests one address may send a second over all its connections (a household or
    an office shares one)."""
    chat_per_minute: float = 20.0
    """Chat lines one person may write a minute (a burst of 5 at once)."""
    connections_per_person: int = 8
    """Tabs one person (token) may have open at once."""
    connections_per_address: int = 64
    """WebSockets one address may have open at once."""
    rooms_per_hour: float = 20.0
    """Rooms one address may create an hour (a burst of 5 at once, or of five minutes'
    worth when that is more)."""
    requests_per_second: float = 50.0
    """HTTP requests one address may make a second (a burst of 100)."""
    bot_room_minutes: float = 30.0
    """A room where nobody is seated but bots, and no tab is open, ends after this long."""
    max_rooms: int = 10_000
    """Rooms one server process holds at most; creating more is refused."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise RoomError(f"{_words(field.name)} {value!r}: a number above 0")
            if not math.isfinite(value) or value <= 0:
                raise RoomError(f"{_words(field.name)} {value!r}: a number above 0")

    @staticmethod
    def names() -> tuple[str, ...]:
        """Every limit's name, for the command line."""
        return tuple(f.name for f in fields(Limits))


def _words(name: str) -> str:
    return name.replace("_", " ")


class Buckets:
    """Token buckets by key: ``take`` spends one, refusing when the key's bucket is empty.

    Only the most recently used keys are kept (``keep``): an idle key's bucket would be
    full again anyway, so forgetting it changes nothing but memory.
    """

    __slots__ = ("_buckets", "burst", "keep", "rate")

    def __init__(self, rate: float, burst: float, *, keep: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def reserve(self, key: str, *, now: float) -> float:
        """Spend one for ``key`` now or in the future: the seconds to wait until it is
        there (0 when it is there now). The allowance may go below zero by what is
        reserved, so waiters are served in turn at the rate."""
        allowance, last = self._buckets.pop(key, (self.burst, now))
        allowance = min(self.burst, allowance + max(0.0, now - last) * self.rate) - 1
        self._buckets[key] = (allowance, now)
        if len(self._buckets) > self.keep:
            self._buckets.popitem(last=False)
        return 0.0 if allowance >= 0 else -allowance / self.rate

    def take(self, key: str, *, now: float) -> bool:
        """Spend one for ``key`` at time ``now`` (seconds); False when none is left."""
        allowance, last = self._buckets.pop(key, (self.burst, now))
        allowance = min(self.burst, allowance + max(0.0, now - last) * self.rate)
        taken = allowance >= 1
        if taken:
            allowance -= 1
        self._buckets[key] = (allowance, now)
        if len(self._buckets) > self.keep:
            self._buckets.popitem(last=False)
        return taken


class Counter:
    """How many of something each key holds now (open connections, by person or address)."""

    __slots__ = ("_counts",)

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def count(self, key: str) -> int:
        """How many ``key`` holds."""
        return self._counts.get(key, 0)

    def add(self, key: str) -> None:
        """One more for ``key``."""
        self._counts[key] = self._counts.get(key, 0) + 1

    def remove(self, key: str) -> None:
        """One fewer for ``key``."""
        left = self._counts.get(key, 0) - 1
        if left > 0:
            self._counts[key] = left
        else:
            self._counts.pop(key, None)


class LimitError(RoomError):
    """A request over one of the server's limits; the message says which and when to retry."""


class Guard:
    """The limits applied: which message, connection and room the server takes now.

    Each method returns None when the request may go ahead, else the reason it is refused,
    in a person's words. Times are ``time.monotonic()`` seconds.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.messages = Buckets(limits.messages_per_second, limits.message_burst)
        self.address_messages = Buckets(
            limits.address_messages_per_second, 2 * limits.address_messages_per_second
        )
        self.chat = Buckets(limits.chat_per_minute / 60, 5)
        # A burst of five, or of five minutes' worth where the operator allows many.
        rooms = limits.rooms_per_hour
        self.rooms = Buckets(rooms / 3600, min(rooms, max(5.0, rooms / 12)))
        self.http = Buckets(limits.requests_per_second, 2 * limits.requests_per_second)
        self.by_person = Counter()
        self.by_address = Counter()

    def message(self, token: str, address: str, *, now: float) -> float:
        """A request from ``token`` at ``address``: the seconds to wait before reading it.

        Over the rate, a request is not refused but read later: meanwhile its connection
        is not read at all, so that a client sending faster is held back by the network
        itself (its socket's buffers fill), at no cost to anybody else.
        """
        return max(
            self.messages.reserve(token, now=now),
            self.address_messages.reserve(address, now=now),
        )

    def chat_line(self, token: str, *, now: float) -> str | None:
        """A chat line from ``token``."""
        if not self.chat.take(token, now=now):
            return f"too many chat lines: at most {self.limits.chat_per_minute:g} a minute"
        return None

    def room(self, address: str, *, now: float) -> str | None:
        """A new room from ``address``."""
        if not self.rooms.take(address, now=now):
            return (
                f"too many new rooms: at most {self.limits.rooms_per_hour:g} an hour from one"
                " address; try again later"
            )
        return None

    def request(self, address: str, *, now: float) -> str | None:
        """An HTTP request from ``address``."""
        if not self.http.take(address, now=now):
            return f"too many requests: at most {self.limits.requests_per_second:g} a second"
        return None

    def connect(self, token: str, address: str) -> str | None:
        """A new tab of ``token`` from ``address``: counted until :meth:`disconnect`."""
        if self.by_person.count(token) >= self.limits.connections_per_person:
            return (
                f"too many tabs: at most {self.limits.connections_per_person} open at once for"
                " one player; close another"
            )
        if self.by_address.count(address) >= self.limits.connections_per_address:
            return (
                f"too many connections: at most {self.limits.connections_per_address} at once"
                " from one address"
            )
        self.by_person.add(token)
        self.by_address.add(address)
        return None

    def disconnect(self, token: str, address: str) -> None:
        """A tab of ``token`` from ``address`` closed."""
        self.by_person.remove(token)
        self.by_address.remove(address)
