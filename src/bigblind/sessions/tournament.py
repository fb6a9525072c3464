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
from dataclasses import dataclass
from fractions import Fraction

from bigblind.cards import Deck
from bigblind.engine.hand import MAX_PLAYERS
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError
from bigblind.formats.phh import dump_session
from bigblind.sessions.clock import ClockSettings
from bigblind.sessions.names import check_name
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


class TournamentError(BigblindError):
    """A tournament set-up or operation that makes no sense."""


# ------------------------------------------------------------------ levels


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: blinds, an ante (each player's, or the big blind's for the table),
    and how long it lasts: ``minutes`` or ``hands`` (RULES 8.1, 8.2).

    >>> Level(100, 200, ante=50, minutes=15).rules().ante_type
    <AnteType.PER_PLAYER: 'per player'>
    >>> Level(100, 200, ante=200, big_blind_ante=True, hands=10).rules().ante_type
    <AnteType.BIG_BLIND: 'big blind'>
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: float | None = None
    hands: int | None = None

    def __post_init__(self) -> None:
        if (self.minutes is None) == (self.hands is None):
            raise TournamentError(
                f"level {self.small_blind}/{self.big_blind} must last either some minutes"
                " or some hands"
            )
        if self.minutes is not None and not self.minutes > 0:
            raise TournamentError(f"a level lasts more than 0 minutes, not {self.minutes!r}")
        if self.hands is not None and (not isinstance(self.hands, int) or self.hands < 1):
            raise TournamentError(f"a level lasts 1 hand or more, not {self.hands!r}")
        if self.big_blind_ante and not self.ante:
            raise TournamentError("a big-blind ante needs an ante amount")
        self.rules()  # the amounts must make valid rules

    def rules(self, structure: Structure = Structure.NO_LIMIT) -> Rules:
        """The engine's rules for a hand at this level."""
        ante_type = AnteType.NONE
        if self.ante:
            ante_type = AnteType.BIG_BLIND if self.big_blind_ante else AnteType.PER_PLAYER
        if structure is Structure.FIXED_LIMIT:
            return Rules.fixed_limit(
                blinds=(self.small_blind, self.big_blind), ante=self.ante, ante_type=ante_type
            )
        return Rules(
            structure=structure,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            ante_type=ante_type,
        )

    def scaled(self, factor: int) -> Level:
        """This level with every amount multiplied by ``factor``."""
        return Level(
            self.small_blind * factor,
            self.big_blind * factor,
            self.ante * factor,
            self.big_blind_ante,
            self.minutes,
            self.hands,
        )


_DEFAULT_BLINDS = (
    (10, 20),
    (15, 30),
    (25, 50),
    (50, 100),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1000),
    (600, 1200),
    (800, 1600),
    (1000, 2000),
    (1500, 3000),
    (2000, 4000),
    (3000, 6000),
    (4000, 8000),
    (5000, 10000),
)
_FIRST_ANTE_LEVEL = 5


@dataclass(frozen=True, slots=True)
class BlindStructure:
    """The levels of a tournament, first to last; beyond the last the blinds keep doubling.

    >>> s = BlindStructure.default(hands=10)
    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in (s.level(0), s.level(4))]
    [(10, 20, 0), (100, 200, 50)]
    >>> s.level(len(s.levels)).big_blind == 2 * s.levels[-1].big_blind
    True
    """

    levels: tuple[Level, ...]
    structure: Structure = Structure.NO_LIMIT

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", tuple(self.levels))
        if not self.levels:
            raise TournamentError("a blind structure needs at least one level")

    @classmethod
    def default(
        cls,
        *,
        minutes: float | None = None,
        hands: int | None = None,
        big_blind_ante: bool = False,
        structure: Structure = Structure.NO_LIMIT,
    ) -> BlindStructure:
        """Blinds from 10/20 up to 5000/10000; from level 5 on an ante of a quarter of the
        big blind (RULES 2.4, 8.2), or a big-blind ante of one big blind.

        Each level lasts ``minutes`` (15 when neither is given) or ``hands``.
        """
        if minutes is None and hands is None:
            minutes = 15
        levels = []
        for number, (small, big) in enumerate(_DEFAULT_BLINDS, start=1):
            ante = 0
            if number >= _FIRST_ANTE_LEVEL:
                ante = big if big_blind_ante else big // 4
            levels.append(
                Level(small, big, ante, big_blind_ante and ante > 0, minutes=minutes, hands=hands)
            )
        return cls(tuple(levels), structure)

    def level(self, index: int) -> Level:
        """Level ``index`` (0 is the first); past the last, the last doubled per level."""
        if index < 0:
            raise TournamentError(f"level index {index} must be 0 or more")
        last = len(self.levels) - 1
        if index <= last:
            return self.levels[index]
        return self.levels[last].scaled(2 ** (index - last))

    def rules(self, index: int) -> Rules:
        """The rules of a hand at level ``index``."""
        return self.level(index).rules(self.structure)


# ----------------------------------------------------------------- payouts


def paid_places(field: int) -> int:
    """How many places the standard table pays for a field of ``field`` players.

    2 players: 1 (winner takes all); 3 to 6: 2; 7 to 10: 3; larger fields:
    15% of the field, rounded, and at least 3.

    >>> [paid_places(n) for n in (2, 3, 6, 9, 27, 100, 1000)]
    [1, 2, 2, 3, 4, 15, 150]
    """
    if not isinstance(field, int) or field < 2:
        raise TournamentError(f"a tournament field has 2 players or more, not {field!r}")
    if field == 2:
        return 1
    if field <= 6:
        return 2
    if field <= 10:
        return 3
    return max(3, math.floor(field * 0.15 + 0.5))


def payout_percentages(field: int) -> tuple[Fraction, ...]:
    """The standard payout table: the percentage of the prize pool each paid place wins.

    Heads-up the winner takes all; 3 to 6 players are paid 65/35 and 7 to 10
    players 50/30/20. Larger fields pay :func:`paid_places` places on a
    decreasing harmonic schedule: place ``k`` wins in proportion to ``1/k``.

    >>> [float(p) for p in payout_percentages(5)]
    [65.0, 35.0]
    >>> [round(float(p), 1) for p in payout_percentages(27)]
    [48.0, 24.0, 16.0, 12.0]
    >>> sum(payout_percentages(100))
    Fraction(100, 1)
    """
    places = paid_places(field)
    fixed = {1: (100,), 2: (65, 35), 3: (50, 30, 20)}
    if field <= 10:
        return tuple(Fraction(p) for p in fixed[places])
    weights = [Fraction(1, k) for k in range(1, places + 1)]
    total = sum(weights, Fraction(0))
    return tuple(100 * w / total for w in weights)


def payouts(prize_pool: int, percentages: Sequence[Fraction | int | str]) -> tuple[int, ...]:
    """The prize of each paid place in whole units; they add up to ``prize_pool``.

    Each share is rounded down; the units left over go one each to the best
    places, so a decreasing schedule stays decreasing.

    >>> payouts(1000, payout_percentages(9))
    (500, 300, 200)
    >>> payouts(10, ["50", "30", "20"]), payouts(7, [65, 35])
    ((5, 3, 2), (5, 2))
    """
    if not isinstance(prize_pool, int) or isinstance(prize_pool, bool) or prize_pool < 0:
        raise TournamentError(f"prize pool {prize_pool!r} must be a whole number, 0 or more")
    try:
        shares = [Fraction(p) for p in percentages]
    except (TypeError, ValueError):
        raise TournamentError(f"payout percentages {list(percentages)!r} are not numbers") from None
    if not shares or any(s < 0 for s in shares) or sum(shares) != 100:
        raise TournamentError(
            f"payout percentages {[str(s) for s in shares]} must be 0 or more and add up to 100"
        )
    amounts = [int(prize_pool * s / 100) for s in shares]
    for i in range(prize_pool - sum(amounts)):
        amounts[i % len(amounts)] += 1
    return tuple(amounts)


# ----------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a player finished: ``places`` holds one place, or the places shared by players
    out in the same hand with equal stacks (RULES 8.3), whose prizes they split."""

    places: tuple[int, ...]
    name: str
    payout: int

    @property
    def place(self) -> int:
        """The best of the places (the only one unless shared)."""
        return self.places[0]


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
    secure source (RULES 1.2).

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
        if not self.finished:
            self._break_tables()
            self._balance()
        return record

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
        """Players with no chips are out, placed by their stacks at the start (RULES 8.3)."""
        out = [i for i, stack in enumerate(record.stacks_after) if stack == 0]
        if not out:
            return
        for i in out:
            table.leave(record.seats[i])
        left = self.remaining
        out.sort(key=lambda i: -record.stacks_before[i])
        place = left + 1
        k = 0
        while k < len(out):
            start = record.stacks_before[out[k]]
            group = [i for i in out[k:] if record.stacks_before[i] == start]
            places = tuple(range(place, place + len(group)))
            self._give([record.names[i] for i in group], places)
            place += len(group)
            k += len(group)
        if left == 1:
            (winner,) = (p.name for t in self.tables for p in t.players)
            self._give([winner], (1,))

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

    def _arrival_seat(self, table: Table) -> int:
        """The empty seat the big blind reaches first at ``table`` (random before any hand)."""
        empty = table.empty_seats
        last = table.last_big_blind
        if last is None:
            return self._random.choice(empty)
        return min(empty, key=lambda s: (s - last - 1) % table.seat_count)
