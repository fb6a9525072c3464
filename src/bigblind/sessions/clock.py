"""Time to act (RULES 10.4, TDA 29): a time per decision, a time bank, timeouts, away players.

A :class:`Clock` keeps the time of one table. It never reads a clock of its
own and starts no thread: every call that depends on time is given the
caller's current time (monotonic seconds, a float), so a terminal table, a
web room server and a test with fake time all drive it the same way.

>>> clock = Clock(ClockSettings(decision=20, bank=30, top_up=10, top_up_every=5))
>>> clock.seat("Ann")
>>> turn = clock.start_turn("Ann", now=100.0)
>>> turn.decision_ends, turn.deadline, turn.bank
(120.0, 150.0, 30.0)
>>> clock.expired(now=140.0), turn.bank_left(now=140.0)
(False, 10.0)
>>> clock.end_turn(now=140.0)  # Ann acted: 20 seconds of her bank are spent
20.0
>>> clock.bank("Ann")
10.0

When a player's time and bank both run out, the timeout checks if that is
free, else folds (:func:`timeout_action`), and the player is away: each
later turn times out at once, and the table sits them out at the next hand
until they say they are back.

>>> from bigblind.engine.hand import Legal
>>> facing_a_bet = Legal(0, True, False, 4, 8, 200, False)
>>> _ = clock.start_turn("Ann", now=200.0)
>>> clock.expired(now=230.0)
True
>>> clock.time_out(now=230.0, legal=facing_a_bet)
TimedOut(name='Ann', action='fold', at=230.0, hand=None)
>>> clock.is_away("Ann"), clock.start_turn("Ann", now=300.0).deadline
(True, 300.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from bigblind.engine.hand import Legal
from bigblind.errors import BigblindError

__all__ = [
    "BankToppedUp",
    "Clock",
    "ClockError",
    "ClockEvent",
    "ClockSettings",
    "MarkedAway",
    "MarkedBack",
    "TimedOut",
    "Turn",
    "timeout_action",
]


class ClockError(BigblindError):
    """A clock setting or a clock call that makes no sense (a turn not started, time going back)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockSettings:
    """How much time players have (RULES 10.4), in seconds.

    ``decision`` is the time for each decision; ``bank`` each player's time
    bank at the start, drawn on once the decision time is spent;
    ``top_up`` is added to every bank every ``top_up_every`` hands (a cash
    game), or at each new level when ``top_up_every`` is None (a tournament:
    see :meth:`Clock.new_level`); ``bank_limit`` caps a bank (None: no cap).

    >>> ClockSettings(decision=15, bank=60).top_up_every
    10
    >>> ClockSettings(decision=0)
    Traceback (most recent call last):
    ...
    bigblind.sessions.clock.ClockError: the decision time 0 must be a number of seconds above 0
    """

    decision: float = 30.0
    bank: float = 60.0
    top_up: float = 30.0
    top_up_every: int | None = 10
    bank_limit: float | None = None

    def __post_init__(self) -> None:
        if not _seconds(self.decision) or self.decision <= 0:
            raise ClockError(
                f"the decision time {self.decision!r} must be a number of seconds above 0"
            )
        for what, value in (("time bank", self.bank), ("top-up", self.top_up)):
            if not _seconds(value) or value < 0:
                raise ClockError(f"the {what} {value!r} must be a number of seconds, 0 or more")
        every = self.top_up_every
        if every is not None and (
            not isinstance(every, int) or isinstance(every, bool) or every < 1
        ):
            raise ClockError(
                f"top_up_every {every!r} must be a number of hands of at least 1,"
                " or None to top up at each level"
            )
        limit = self.bank_limit
        if limit is not None and (not _seconds(limit) or limit < self.bank):
            raise ClockError(
                f"the bank limit {limit!r} must be a number of seconds of at least the"
                f" starting bank {self.bank}"
            )
        for name in ("decision", "bank", "top_up", "bank_limit"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, float(value))


def _seconds(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


class Turn(NamedTuple):
    """A player's turn to act: when it began, when the decision time ends, the deadline.

    ``bank`` is the part of the time from ``decision_ends`` to ``deadline``
    drawn from the player's time bank. An away player's turn has no time:
    its deadline is its start.
    """

    name: str
    started: float
    decision_ends: float
    deadline: float
    bank: float

    def expired(self, now: float) -> bool:
        """Whether the time to act has run out at ``now``."""
        return now >= self.deadline

    def left(self, now: float) -> float:
        """Seconds left to act at ``now``, bank included (0 once expired)."""
        return max(0.0, self.deadline - now)

    def bank_used(self, now: float) -> float:
        """Seconds of the bank spent by ``now``."""
        return min(self.bank, max(0.0, now - self.decision_ends))

    def bank_left(self, now: float) -> float:
        """Seconds of the bank left at ``now``."""
        return self.bank - self.bank_used(now)


class TimedOut(NamedTuple):
    """A player's time ran out: the table played ``action`` ('check' or 'fold') for them."""

    name: str
    action: str
    at: float
    hand: int | None


class MarkedAway(NamedTuple):
    """A player is away (RULES 10.4): each turn times out at once; sits out at the next hand."""

    name: str
    at: float


class MarkedBack(NamedTuple):
    """A player said they are back."""

    name: str


class BankToppedUp(NamedTuple):
    """``seconds`` were added to every time bank (every N hands, or a new level)."""

    seconds: float
    why: str


ClockEvent = TimedOut | MarkedAway | MarkedBack | BankToppedUp


def timeout_action(legal: Legal) -> str:
    """What a timeout plays: a check when that is free, else a fold (RULES 10.4).

    A timeout never puts chips in.

    >>> timeout_action(Legal(0, False, True, None, 2, 100, True))
    'check'
    >>> timeout_action(Legal(0, True, False, 4, 8, 100, False))
    'fold'
    """
    return "check" if legal.check else "fold"


class Clock:
    """The time of one table's players (RULES 10.4); see the module's documentation.

    The clock knows players by name. The caller starts a turn when a player
    is due to act (:meth:`start_turn`) and either ends it when they act
    (:meth:`end_turn`) or, once :meth:`expired`, times it out
    (:meth:`time_out`). Queries never change the clock.
    """

    def __init__(self, settings: ClockSettings | None = None) -> None:
        self.settings = settings if settings is not None else ClockSettings()
        self._banks: dict[str, float] = {}
        self._away: dict[str, float] = {}
        self._turn: Turn | None = None
        self._hands = 0
        self._events: list[ClockEvent] = []

    # ----------------------------------------------------------------- queries

    @property
    def turn(self) -> Turn | None:
        """The turn being timed, or None."""
        return self._turn

    @property
    def events(self) -> tuple[ClockEvent, ...]:
        """Timeouts, players marked away and back, and top-ups, oldest first."""
        return tuple(self._events)

    @property
    def timeouts(self) -> tuple[TimedOut, ...]:
        """Every timeout, oldest first."""
        return tuple(e for e in self._events if isinstance(e, TimedOut))

    @property
    def away(self) -> frozenset[str]:
        """The players marked away."""
        return frozenset(self._away)

    def is_away(self, name: str) -> bool:
        """Whether ``name`` is away: each of their turns times out at once."""
        return name in self._away

    def bank(self, name: str) -> float:
        """The seconds left in ``name``'s time bank (a player not seen yet has a full one)."""
        return self._banks.get(name, self.settings.bank)

    def deadline(self) -> float | None:
        """When the current turn's time runs out, bank included; None when no turn is timed."""
        return None if self._turn is None else self._turn.deadline

    def expired(self, now: float) -> bool:
        """Whether the current turn's time has run out at ``now`` (False when no turn)."""
        return self._turn is not None and self._turn.expired(now)

    # ----------------------------------------------------------------- changes

    def seat(self, name: str, *, bank: float | None = None) -> None:
        """Give a player who sits down a bank: ``bank`` seconds (one brought from another
        table), else the one they have, else a full one."""
        if bank is None:
            self._banks.setdefault(name, self.settings.bank)
        elif not _seconds(bank) or bank < 0:
            raise ClockError(f"the time bank {bank!r} must be a number of seconds, 0 or more")
        else:
            self._banks[name] = float(bank)

    def start_turn(self, name: str, now: float) -> Turn:
        """Start timing ``name``'s decision at ``now``; the previous turn, if any, is dropped."""
        self._check_time(now)
        self.seat(name)
        if name in self._away:
            turn = Turn(name, now, now, now, 0.0)
        else:
            ends = now + self.settings.decision
            bank = self._banks[name]
            turn = Turn(name, now, ends, ends + bank, bank)
        self._turn = turn
        return turn

    def end_turn(self, now: float) -> float:
        """The player acted at ``now``: their bank pays for the time past the decision time.

        Returns the seconds of bank spent. Raises :class:`ClockError` when the
        time had run out: the turn must be timed out instead.
        """
        turn = self._current("end a turn")
        self._check_time(now)
        if turn.expired(now):
            raise ClockError(
                f"{turn.name}'s time ran out at {turn.deadline}: time the turn out instead"
            )
        used = turn.bank_used(now)
        self._banks[turn.name] = turn.bank - used
        self._turn = None
        return used

    def time_out(self, now: float, legal: Legal, *, hand: int | None = None) -> TimedOut:
        """Time out the current turn at ``now``: check if free, else fold; the player is away.

        ``hand`` (the hand's number) goes into the record. Raises
        :class:`ClockError` when the time has not run out.
        """
        turn = self._current("time out a turn")
        self._check_time(now)
        if not turn.expired(now):
            raise ClockError(
                f"{turn.name} has {turn.left(now):g} seconds left: the turn cannot time out yet"
            )
        event = TimedOut(turn.name, timeout_action(legal), now, hand)
        self._banks[turn.name] = 0.0 if turn.bank else self._banks[turn.name]
        self._events.append(event)
        self.mark_away(turn.name, now)
        self._turn = None
        return event

    def mark_away(self, name: str, now: float) -> None:
        """Mark ``name`` away (RULES 10.4); nothing happens when they are away already."""
        if name not in self._away:
            self._away[name] = now
            self._events.append(MarkedAway(name, now))

    def back(self, name: str) -> None:
        """``name`` says they are back: their turns are timed again."""
        if self._away.pop(name, None) is not None:
            self._events.append(MarkedBack(name))

    def give_back(self, seconds: float) -> None:
        """Add ``seconds`` to the current turn, decision time first: the time a question
        that kept the player from acting took (a program's own dialog, not the table's).

        >>> clock = Clock(ClockSettings(decision=20, bank=30))
        >>> clock.start_turn("Ann", now=100.0).decision_ends
        120.0
        >>> clock.give_back(5.0); clock.turn.decision_ends, clock.turn.deadline
        (125.0, 155.0)
        """
        turn = self._current("give time back")
        if not _seconds(seconds) or seconds < 0:
            raise ClockError(f"{seconds!r} seconds: give a number of seconds, 0 or more")
        if turn.deadline == turn.started:  # an away player's turn has no time to extend
            return
        self._turn = turn._replace(
            decision_ends=turn.decision_ends + seconds, deadline=turn.deadline + seconds
        )

    def stop(self) -> None:
        """Stop timing: no decision is due (the hand ended, or cards are being dealt)."""
        self._turn = None

    def hand_finished(self) -> None:
        """Count a hand; every ``top_up_every`` hands the banks are topped up (a cash game)."""
        self._turn = None
        self._hands += 1
        every = self.settings.top_up_every
        if every is not None and self._hands % every == 0:
            self._top_up(f"{every} hands played")

    def new_level(self) -> None:
        """A tournament's new level: the banks are topped up (when ``top_up_every`` is None)."""
        if self.settings.top_up_every is None:
            self._top_up("a new level")

    # --------------------------------------------------------------- internals

    def _top_up(self, why: str) -> None:
        seconds = self.settings.top_up
        if not seconds:
            return
        limit = self.settings.bank_limit
        for name, left in self._banks.items():
            total = left + seconds
            self._banks[name] = total if limit is None else min(total, limit)
        self._events.append(BankToppedUp(seconds, why))

    def _current(self, what: str) -> Turn:
        if self._turn is None:
            raise ClockError(f"cannot {what}: no player's turn is being timed")
        return self._turn

    def _check_time(self, now: float) -> None:
        if not _seconds(now):
            raise ClockError(f"the time {now!r} must be a number of seconds")
        turn = self._turn
        if turn is not None and now < turn.started:
            raise ClockError(
                f"the time {now} is before the turn began ({turn.started}): give monotonic time"
            )

    def __repr__(self) -> str:
        turn = "no turn" if self._turn is None else f"{self._turn.name} to act"
        return f"<Clock {len(self._banks)} players, {len(self._away)} away, {turn}>"
