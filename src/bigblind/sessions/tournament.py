"""Tournaments: blind levels, a dead button, eliminations, places and payouts (RULES 8).

Players are seated at random at tables of a chosen size; each table is a
:class:`~bigblind.sessions.table.Table` with a dead button (RULES 8.4). The blinds rise
by levels that last some minutes or some hands; a new level applies from the
next hand (RULES 8.1, TDA 23). Players who lose all their chips are out and
placed (RULES 8.3); tables are balanced as players bust and broken in a fixed
order until one, the final table, is left.

>>> def shove(view):
...     return "all-in" if view.legal.can_raise else "call"
>>> t = Tournament(["Ann", "Bob", "Cy"], starting_stack=100, buy_in=10, seed=1)
>>> results = t.play(shove)
>>> [(f.places, f.payout) for f in results]  # two out in one hand with equal stacks
[((1,), 20), ((2, 3), 5), ((2, 3), 5)]
>>> t.prize_pool, sum(f.payout for f in results)
(30, 30)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from bigblind.deck import Deck
from bigblind.engine.hand import MAX_PLAYERS
from bigblind.formats.phh import dump_session
from bigblind.sessions.clock import ClockSettings
from bigblind.sessions.names import check_name
from bigblind.sessions.structure import (
    BlindStructure,
    Finish,
    Level,
    TournamentError,
    paid_places,
    payout_percentages,
    payouts,
)
from bigblind.sessions.table import Decide, HandRecord, Table, TableHand

__all__ = [
    "BlindStructure",
    "Finish",
    "Level",
    "Tournament",
    "TournamentError",
    "paid_places",
    "payout_percentages",
    "payouts",
]

# -------------------------------------------------------------- tournament


class Tournament:
    """A freezeout tournament of ``players`` (their names), seated at random (seeded).

    ``structure`` gives the levels (default :meth:`BlindStructure.default`),
    ``clock`` the time in seconds for levels in minutes (default
    :func:`time.monotonic`; inject one for tests), ``table_size`` the seats per
    table. The prize pool is ``prize_pool``, else ``buy_in`` times the field;
    ``percentages`` replaces the standard table (:func:`payout_percentages`).
    ``time_to_act`` puts every table on a clock (RULES 10.4) whose banks are
    topped up at each level when its ``top_up_every`` is None. Without a
    ``seed`` the seating and every deck are drawn from the operating system's
    secure source (RULES 1.2). With ``hand_for_hand``, once the next player out
    is the last one unpaid, each round is played hand for hand: every table
    plays its hand, and the players out in the round, at whatever table, are
    placed together by their stacks at the start (RULES 8.3, TDA 21).

    Hands are played table after table, one hand at each table per round; a
    level lasting some hands counts rounds. After every hand the players out
    are placed, then a table is broken if the others have room (the highest
    numbered first), then tables are balanced: while one table has two players
    more than another, the player due for the big blind next at the larger
    moves to the empty seat that comes next for the big blind at the smaller.
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        starting_stack: int = 1500,
        structure: BlindStructure | None = None,
        table_size: int = 9,
        seed: int | None = None,
        buy_in: int = 0,
        prize_pool: int | None = None,
        percentages: Sequence[Fraction | int | str] | None = None,
        clock: Callable[[], float] | None = None,
        keep_history: bool = False,
        time_to_act: ClockSettings | None = None,
        hand_for_hand: bool = False,
    ) -> None:
        names = [check_name(name, TournamentError) for name in players]
        if len(names) < 2:
            raise TournamentError(f"a tournament needs 2 players or more, not {len(names)}")
        if len(set(names)) != len(names):
            raise TournamentError("every player of a tournament needs a name of their own")
        if not isinstance(table_size, int) or not 2 <= table_size <= MAX_PLAYERS:
            raise TournamentError(f"a table has 2 to {MAX_PLAYERS} seats, not {table_size!r}")
        if not isinstance(starting_stack, int) or starting_stack < 1:
            raise TournamentError(f"starting stack {starting_stack!r} must be 1 chip or more")
        if not isinstance(buy_in, int) or buy_in < 0:
            raise TournamentError(f"buy-in {buy_in!r} must be a whole number, 0 or more")
        self.players = tuple(names)
        self.starting_stack = starting_stack
        self.structure = structure or BlindStructure.default()
        self.table_size = table_size
        self.prize_pool = buy_in * len(names) if prize_pool is None else prize_pool
        self.percentages = tuple(
            payout_percentages(len(names)) if percentages is None else percentages
        )
        self.prizes = payouts(self.prize_pool, self.percentages)
        if len(self.prizes) > len(names):
            raise TournamentError(
                f"{len(self.prizes)} paid places for a field of {len(names)} players"
            )
        self.keep_history = keep_history
        self._clock = clock or time.monotonic
        self.seeded = seed is not None
        # RULES 1.2: without a seed, the seating draws and every deck are secure.
        self._random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.time_to_act = time_to_act
        self.hand_for_hand = hand_for_hand
        self._in_step = False
        self._out_this_round: list[tuple[str, int]] = []  # (name, stack at the hand's start)
        self._level = 0
        self._level_time = self._clock()
        self._level_round = 1  # the round the current level began in
        self.rounds = 0
        self._queue: list[Table] = []
        self._playing: Table | None = None
        self._finishes: list[Finish] = []
        self._history: list[HandRecord] = []
        self.hands_played = 0
        self.total_chips = starting_stack * len(names)
        self.tables: list[Table] = []
        self._seat_players()

    # ----------------------------------------------------------------- queries

    @property
    def remaining(self) -> int:
        """How many players still have chips."""
        return sum(len(t.players) for t in self.tables)

    @property
    def finished(self) -> bool:
        """Whether every place has been given."""
        return len(self._finishes) == len(self.players)

    @property
    def results(self) -> tuple[Finish, ...]:
        """The finishes given so far, best place first."""
        return tuple(sorted(self._finishes, key=lambda f: (f.place, f.name)))

    @property
    def chips_in_play(self) -> int:
        """Every chip at every table (between hands: the stacks)."""
        return sum(t.chips_on_table for t in self.tables)

    @property
    def level(self) -> int:
        """The current level, from 1 (it applies to hands started from now)."""
        return self._current_level() + 1

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """Every hand played, in order (kept when ``keep_history`` is True)."""
        return tuple(self._history)

    def phh(self, **metadata: object) -> str:
        """The hands played as one PHH ``.phhs`` text (needs ``keep_history``)."""
        return dump_session(((r.hand, r.phh_fields()) for r in self._history), **metadata)

    # ----------------------------------------------------------------- playing

    def play(
        self,
        decide: Decide | Mapping[str, Decide],
        *,
        on_hand: Callable[[HandRecord], None] | None = None,
    ) -> tuple[Finish, ...]:
        """Play until every place is given; ``decide`` is one for all or one per player name.

        ``on_hand`` is called after every hand (after its eliminations and moves).
        """
        while not self.finished:
            table, current = self.start_hand()
            if callable(decide):
                table.play_turns(decide)
            else:
                by_seat = {current.table_seat(i): decide[n] for i, n in enumerate(current.names)}
                table.play_turns(by_seat)
            record = self.finish_hand()
            if on_hand is not None:
                on_hand(record)
        return self.results

    def next_table(self) -> Table:
        """The table that deals the next hand: the next of the round that can deal."""
        if self.finished:
            raise TournamentError("the tournament is over")
        for _ in range(2):
            while self._queue:
                table = self._queue[0]
                if table in self.tables and table.can_deal():
                    return table
                self._queue.pop(0)
            self.rounds += 1
            self._queue = list(self.tables)
            self._in_step = self._on_the_bubble()
        raise TournamentError("no table can deal a hand")  # pragma: no cover

    def start_hand(self, *, deck: Deck | None = None) -> tuple[Table, TableHand]:
        """Deal the next hand at :meth:`next_table`, at the level of the moment (RULES 8.1).

        ``deck`` overrides the table's shuffle (for tests).
        """
        if self._playing is not None:
            raise TournamentError("a hand is being played: finish it first")
        table = self.next_table()
        self._queue.pop(0)
        level = self._current_level()
        table.rules = self.structure.rules(level)
        self._playing = table
        return table, table.start_hand(deck=deck, level=level + 1)

    def finish_hand(self) -> HandRecord:
        """Settle the hand being played: places for the players out, then breaks and moves."""
        table = self._playing
        if table is None:
            raise TournamentError("no hand is being played")
        record = table.finish_hand()
        self._playing = None
        self.hands_played += 1
        if self.keep_history:
            self._history.append(record)
        self._eliminate(table, record)
        if self._in_step and not self._round_over():
            return record  # the players out wait for the round's other hands
        self._place_out()
        if not self.finished:
            self._break_tables()
            self._balance()
        return record

    @property
    def in_step(self) -> bool:
        """Whether this round is played hand for hand (see ``hand_for_hand``)."""
        return self._in_step

    # ------------------------------------------------------------- internals

    def _current_level(self) -> int:
        """Move the level on by the clock or the rounds played (RULES 8.1)."""
        now = self._clock()
        while True:
            level = self.structure.level(self._level)
            if level.minutes is not None:
                end = self._level_time + level.minutes * 60
                if now < end:
                    return self._level
                self._level_time = end
            else:
                assert level.hands is not None
                if self.rounds - self._level_round < level.hands:
                    return self._level
                self._level_time = now
            self._level += 1
            self._level_round = self.rounds
            # RULES 10.4: time banks are topped up at each level.
            for table in self.tables:
                if table.clock is not None:
                    table.clock.new_level()

    def _seat_players(self) -> None:
        names = list(self.players)
        self._random.shuffle(names)
        count = math.ceil(len(names) / self.table_size)
        rules = self.structure.rules(0)
        time_to_act = self.time_to_act
        for number in range(1, count + 1):
            table = Table(
                rules,
                seats=self.table_size,
                dead_button=True,
                seed=self._random.getrandbits(64) if self.seeded else None,
                name=number,
                keep_history=False,
                time_to_act=time_to_act,
                clock_time=self._clock,
            )
            # A tournament deals an away player in: their blinds go in, their turns time out.
            table.sit_out_away = False
            self.tables.append(table)
        groups: list[list[str]] = [names[i::count] for i in range(count)]
        for table, group in zip(self.tables, groups, strict=True):
            seats = self._random.sample(range(self.table_size), len(group))
            for seat, name in zip(seats, group, strict=True):
                table.seat_player(seat, name, self.starting_stack)

    def _eliminate(self, table: Table, record: HandRecord) -> None:
        """Players with no chips are out: they leave, to be placed (:meth:`_place_out`)."""
        for i, stack in enumerate(record.stacks_after):
            if stack == 0:
                table.leave(record.seats[i])
                self._out_this_round.append((record.names[i], record.stacks_before[i]))

    def _place_out(self) -> None:
        """Place the players out by their stacks at the start of their hand (RULES 8.3).

        Players out in one hand, or in one hand-for-hand round at different
        tables (TDA 21), finish in the order of those stacks; equal stacks
        share the places and their prizes.
        """
        out = sorted(self._out_this_round, key=lambda item: -item[1])
        self._out_this_round = []
        if not out:
            return
        left = self.remaining
        place = left + 1
        k = 0
        while k < len(out):
            group = [name for name, start in out[k:] if start == out[k][1]]
            places = tuple(range(place, place + len(group)))
            self._give(group, places)
            place += len(group)
            k += len(group)
        if left == 1:
            (winner,) = (p.name for t in self.tables for p in t.players)
            self._give([winner], (1,))

    def _on_the_bubble(self) -> bool:
        """Whether the next player out is the last one unpaid, with tables to keep in step."""
        paid = sum(1 for prize in self.prizes if prize > 0)
        return self.hand_for_hand and len(self.tables) > 1 and self.remaining == paid + 1

    def _round_over(self) -> bool:
        return self.remaining <= 1 or not any(
            table in self.tables and table.can_deal() for table in self._queue
        )

    def _give(self, names: Sequence[str], places: tuple[int, ...]) -> None:
        """Give ``places`` to ``names``; shared places split their prizes equally."""
        pool = sum(self.prizes[p - 1] for p in places if p <= len(self.prizes))
        share, odd = divmod(pool, len(names))
        for index, name in enumerate(names):
            self._finishes.append(Finish(places, name, share + (index < odd)))

    def _break_tables(self) -> None:
        """Break tables in a fixed order, the highest numbered first, while the rest have room."""
        while len(self.tables) > 1 and self.remaining <= (len(self.tables) - 1) * self.table_size:
            broken = self.tables.pop()
            movers = [(p.seat, p.name) for p in broken.players]
            self._random.shuffle(movers)
            for seat, name in movers:
                chips = broken.leave(seat)
                target = min(self.tables, key=lambda t: len(t.players))
                target.seat_player(self._random.choice(target.empty_seats), name, chips)
                self._move_clock(broken, target, name)

    def _balance(self) -> None:
        """Move players from the largest table to the smallest while they differ by two."""
        while len(self.tables) > 1:
            large = max(reversed(self.tables), key=lambda t: len(t.players))
            small = min(self.tables, key=lambda t: len(t.players))
            if len(large.players) - len(small.players) < 2:
                return
            seat = large.next_big_blind()
            mover = next(p for p in large.players if seat is None or p.seat == seat)
            chips = large.leave(mover.seat)
            small.seat_player(self._arrival_seat(small), mover.name, chips)
            self._move_clock(large, small, mover.name)

    def _move_clock(self, source: Table, target: Table, name: str) -> None:
        """A player who moves keeps their time bank and stays away if away (RULES 10.4)."""
        if source.clock is None or target.clock is None:
            return
        target.clock.seat(name, bank=source.clock.bank(name))
        if source.clock.is_away(name):
            target.clock.mark_away(name, self._clock())

    def _arrival_seat(self, table: Table) -> int:
        """The empty seat the big blind reaches first at ``table`` (random before any hand)."""
        empty = table.empty_seats
        last = table.last_big_blind
        if last is None:
            return self._random.choice(empty)
        return min(empty, key=lambda s: (s - last - 1) % table.seat_count)
