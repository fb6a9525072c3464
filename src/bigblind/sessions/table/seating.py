"""The seats of a table: who sits where, with what, owing which blinds (RULES 10.1)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bigblind.engine.hand import MAX_PLAYERS
from bigblind.engine.rules import Rules
from bigblind.sessions.clock import Clock, ClockSettings, TimedOut
from bigblind.sessions.names import check_name
from bigblind.sessions.table.records import HandRecord, PlayerInfo, Positions, TableHand
from bigblind.sessions.table.settings import BuyIn, Rake, Status, TableError


@dataclass(slots=True)
class SeatedPlayer:
    name: str
    stack: int
    status: Status
    owes_small: bool = False
    owes_big: bool = False
    fresh: bool = True  # never dealt in since joining


class Seating:
    """The seats and players of a :class:`~bigblind.sessions.table.Table` and their comings
    and goings between hands."""

    def __init__(
        self,
        rules: Rules,
        *,
        seats: int = 9,
        buy_in: BuyIn | None = None,
        rake: Rake | None = None,
        dead_button: bool = False,
        seed: int | None = None,
        name: str | int | None = None,
        first_button: int | None = None,
        keep_history: bool = True,
        time_to_act: ClockSettings | None = None,
        clock_time: Callable[[], float] = time.monotonic,
        run_it_twice: bool = False,
        showdown: Literal["auto", "manual"] = "auto",
    ) -> None:
        _check_blinds(rules)
        most = min(MAX_PLAYERS, rules.game.max_players)  # RULES 11.1, 11.3
        if not isinstance(seats, int) or not 2 <= seats <= most:
            raise TableError(f"a table of {rules.game.name} has 2 to {most} seats, not {seats!r}")
        if first_button is not None and not 0 <= first_button < seats:
            raise TableError(f"first button {first_button!r} must be a seat from 0 to {seats - 1}")
        self._rules = rules
        self.seat_count = seats
        self.buy_in = buy_in
        self.rake = rake
        self.dead_button = dead_button
        self.name = name
        self._first_button = first_button
        self._random = random.Random(seed) if seed is not None else None
        # Drawn once, so that asking for the next layout never changes what follows.
        self._button_draw = (self._random or random.SystemRandom()).random()
        self._seats: list[SeatedPlayer | None] = [None] * seats
        self._previous: Positions | None = None
        self._current: TableHand | None = None
        self._history: list[HandRecord] = []
        self.keep_history = keep_history
        self.hands_played = 0
        self.chips_in = 0
        self.chips_out = 0
        self.rake_taken = 0
        self.run_it_twice = run_it_twice
        self.showdown: Literal["auto", "manual"] = showdown
        self.clock = None if time_to_act is None else Clock(time_to_act)
        self._time = clock_time
        self._timeouts: list[TimedOut] = []
        # Blinds owed by players who left, by name: rejoining does not wipe them (RULES 10.1).
        self._left_owing: dict[str, tuple[bool, bool]] = {}
        # A cash table sits an away player out (RULES 10.4); a tournament deals them in.
        self.sit_out_away = True

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        """The rules of the next hand; they may change between hands (tournament levels)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._between_hands("change the rules")
        _check_blinds(rules)
        self._rules = rules

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
        return self._current is not None

    @property
    def current(self) -> TableHand | None:
        """The hand being played, or None."""
        return self._current

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """The finished hands, oldest first (kept while ``keep_history`` is True)."""
        return tuple(self._history)

    @property
    def chips_on_table(self) -> int:
        """Every chip in front of the seated players (between hands: their stacks)."""
        return sum(p.stack for p in self._seats if p is not None)

    def player(self, seat: int) -> PlayerInfo | None:
        """The player in ``seat``, or None for an empty seat."""
        self._check_seat(seat)
        p = self._seats[seat]
        if p is None:
            return None
        return PlayerInfo(seat, p.name, p.stack, p.status, p.owes_small, p.owes_big)

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        """The seated players in seat order."""
        out = []
        for seat in range(self.seat_count):
            info = self.player(seat)
            if info is not None:
                out.append(info)
        return tuple(out)

    def seat_of(self, name: str) -> int:
        """The seat of the player named ``name``."""
        for seat, p in enumerate(self._seats):
            if p is not None and p.name == name:
                return seat
        raise TableError(f"no player named {name!r} sits at this table")

    @property
    def empty_seats(self) -> tuple[int, ...]:
        """The seats nobody sits in."""
        return tuple(s for s, p in enumerate(self._seats) if p is None)

    @property
    def last_big_blind(self) -> int | None:
        """The table seat of the last hand's big blind, or None before the first hand."""
        return None if self._previous is None else self._previous.big_blind

    def buy_in_limits(self) -> tuple[int, int] | None:
        """The minimum and maximum buy-in in chips, or None without limits."""
        return None if self.buy_in is None else self.buy_in.limits(self._rules.big_blind)

    # ------------------------------------------------------ players come and go

    def join(self, seat: int, name: str, chips: int, *, wait_for_big_blind: bool = False) -> None:
        """Seat a new player who buys in for ``chips`` (RULES 10.1).

        The player posts a big blind to play at once (``wait_for_big_blind``
        False) or waits until the big blind reaches the seat. While fewer
        than two players are dealt in, a new game starts and nobody posts.
        """
        self._between_hands("join")
        self._check_seat(seat)
        taken = self._seats[seat]
        if taken is not None:
            raise TableError(f"seat {seat} is taken by {taken.name!r}")
        self._check_name(name)
        self._check_chips(chips, "buy in for")
        limits = self.buy_in_limits()
        if limits is not None and not limits[0] <= chips <= limits[1]:
            raise TableError(
                f"{name!r} cannot buy in for {chips}: the buy-in is {limits[0]} to {limits[1]}"
            )
        owed_small, _ = self._left_owing.pop(name, (False, False))
        if wait_for_big_blind:
            # Waiting for the big blind settles every blind owed (Robert's Rules).
            self._seats[seat] = SeatedPlayer(name, chips, Status.WAITING)
        else:
            player = SeatedPlayer(name, chips, Status.POSTING, owes_small=owed_small, owes_big=True)
            self._seats[seat] = player
        self.chips_in += chips
        if self.clock is not None:
            self.clock.seat(name)

    def seat_player(self, seat: int, name: str, chips: int) -> None:
        """Seat a player who is dealt in from the next hand without posting (a tournament move).

        No buy-in limits apply. A player seated between the button and the
        small blind waits until the button passes (TDA 31).
        """
        self._between_hands("seat a player")
        self._check_seat(seat)
        if self._seats[seat] is not None:
            raise TableError(f"seat {seat} is taken")
        self._check_name(name)
        self._check_chips(chips, "bring")
        self._seats[seat] = SeatedPlayer(name, chips, Status.ACTIVE, fresh=False)
        self.chips_in += chips
        if self.clock is not None:
            self.clock.seat(name)

    def leave(self, seat: int) -> int:
        """The player in ``seat`` leaves with their chips, which are returned."""
        self._between_hands("leave")
        p = self._occupant(seat)
        self._seats[seat] = None
        self.chips_out += p.stack
        if p.owes_small or p.owes_big:
            self._left_owing[p.name] = (p.owes_small, p.owes_big)
        return p.stack

    def sit_out(self, seat: int) -> None:
        """The player stops being dealt in; blinds that pass the seat are owed (RULES 10.1)."""
        self._between_hands("sit out")
        self._occupant(seat).status = Status.SITTING_OUT

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """The player returns: at once if nothing is owed, else posting the blinds missed.

        Missed blinds are a dead small blind and a live big blind (Robert's
        Rules, "Buttons and Blinds"); ``wait_for_big_blind`` waits for the big
        blind instead, which settles what is owed.
        """
        self._between_hands("sit in")
        p = self._occupant(seat)
        if p.status is not Status.SITTING_OUT:
            raise TableError(f"{p.name!r} in seat {seat} is not sitting out")
        if self.clock is not None:
            self.clock.back(p.name)
        owes = p.fresh or p.owes_small or p.owes_big
        if not owes:
            p.status = Status.ACTIVE
        elif wait_for_big_blind:
            p.status = Status.WAITING
        else:
            p.status = Status.POSTING
            if p.fresh:
                p.owes_big = True

    def back(self, seat: int) -> None:
        """The player in ``seat`` says they are back after timing out (RULES 10.4).

        Their turns are timed again; between hands, a player sat out for being
        away returns as by :meth:`sit_in`, posting what they owe.
        """
        p = self._occupant(seat)
        if self.clock is not None:
            self.clock.back(p.name)
        if self._current is None and p.status is Status.SITTING_OUT:
            self.sit_in(seat)

    def rebuy(self, seat: int, chips: int, *, wait_for_big_blind: bool = False) -> None:
        """Add ``chips`` to a stack; the result must reach the minimum buy-in and stay within
        the maximum (RULES 10.1).

        A busted player owes the blinds that passed while they had no chips:
        they post them to play at once, or wait for the big blind.
        """
        self._between_hands("rebuy")
        p = self._occupant(seat)
        busted = p.stack == 0
        self._check_chips(chips, "rebuy for")
        limits = self.buy_in_limits()
        if limits is not None and not limits[0] <= p.stack + chips <= limits[1]:
            raise TableError(
                f"{p.name!r} cannot rebuy for {chips}: the stack would be {p.stack + chips},"
                f" and the buy-in is {limits[0]} to {limits[1]}"
            )
        p.stack += chips
        self.chips_in += chips
        if busted and p.status is not Status.SITTING_OUT and (p.owes_small or p.owes_big):
            p.status = Status.WAITING if wait_for_big_blind else Status.POSTING

    def top_up(self, seat: int, chips: int | None = None) -> int:
        """Add chips up to the maximum buy-in (all the way when ``chips`` is None); returns
        the chips added."""
        self._between_hands("top up")
        p = self._occupant(seat)
        limits = self.buy_in_limits()
        if chips is None:
            if limits is None:
                raise TableError("a table without buy-in limits has no maximum to top up to")
            chips = limits[1] - p.stack
            if chips <= 0:
                return 0
        self._check_chips(chips, "top up")
        if limits is not None and p.stack + chips > limits[1]:
            raise TableError(
                f"{p.name!r} cannot top up {chips}: the stack would be {p.stack + chips},"
                f" above the maximum buy-in {limits[1]}"
            )
        p.stack += chips
        self.chips_in += chips
        return chips

    def adjust(self, seat: int, chips: int) -> int:
        """Change a stack by ``chips`` (above 0: added, below 0: taken away) between hands,
        outside the buy-in limits: a host's correction, which the caller accounts for.
        Returns the new stack; a stack is never taken below 0."""
        self._between_hands("change a stack")
        p = self._occupant(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips == 0:
            raise TableError(f"cannot change a stack by {chips!r}: a whole number, not 0")
        if p.stack + chips < 0:
            raise TableError(f"{p.name!r} has {p.stack} chips: {-chips} cannot be taken away")
        p.stack += chips
        if chips > 0:
            self.chips_in += chips
        else:
            self.chips_out -= chips
        return p.stack

    def pay(self, payer: int, payee: int, chips: int) -> int:
        """Move up to ``chips`` from the stack of the player in ``payer`` to the player in
        ``payee`` between hands, as a side bet settles (a seven-deuce bounty, RULES 12.2);
        a player with less pays what they have. Returns the chips moved: every chip stays
        at the table."""
        self._between_hands("settle a payment")
        self._check_chips(chips, "pay")
        giver, taker = self._occupant(payer), self._occupant(payee)
        if payer == payee:
            raise TableError(f"{giver.name!r} cannot pay themselves")
        paid = min(chips, giver.stack)
        giver.stack -= paid
        taker.stack += paid
        return paid

    def _open_seat(self, at: int) -> None:
        """Empty seat ``at`` by moving the players from it on one seat up, keeping the
        button and blinds with them (a live game's newcomer sits between two players)."""
        self._between_hands("make room")
        if self._seats[-1] is not None:
            raise TableError(f"all {self.seat_count} seats are taken")
        self._seats.insert(at, None)
        self._seats.pop()

        def moved(seat: int) -> int:
            return seat + 1 if seat >= at else seat

        last = self._previous
        if last is not None:
            self._previous = Positions(
                moved(last.button), moved(last.small_blind), moved(last.big_blind)
            )
        if self._first_button is not None:
            self._first_button = moved(self._first_button)

    def _between_hands(self, what: str) -> None:
        if self._current is not None:
            raise TableError(f"cannot {what} during a hand: wait until it is over")

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count:
            raise TableError(f"seat {seat!r} does not exist: seats are 0 to {self.seat_count - 1}")

    def _occupant(self, seat: int) -> SeatedPlayer:
        self._check_seat(seat)
        p = self._seats[seat]
        if p is None:
            raise TableError(f"seat {seat} is empty")
        return p

    def _check_name(self, name: str) -> None:
        check_name(name, TableError)
        if any(p is not None and p.name == name for p in self._seats):
            raise TableError(f"a player named {name!r} already sits at this table")

    @staticmethod
    def _check_chips(chips: int, what: str) -> None:
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            raise TableError(f"cannot {what} {chips!r} chips: a whole number of at least 1")


def _check_blinds(rules: Rules) -> None:
    """A table places a small and a big blind itself (RULES 2, 8): the button blind of
    short deck (RULES 11.3) is played hand by hand, not at a table yet."""
    if rules.button_blind:
        raise TableError(
            "a table places the small and the big blind itself: rules with a button blind"
            " are played with Hand, not at a table (give blinds and antes instead)"
        )
