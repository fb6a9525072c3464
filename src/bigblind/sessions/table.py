"""A poker table: seats, players, the button, blinds owed and rake (RULES 2.1-2.3, 10.1, 10.2).

A :class:`Table` sits above the engine: it maps its seats (some empty, some
players sitting out) to the contiguous seats of one
:class:`~bigblind.engine.hand.Hand`, chooses the button and the blinds for that
hand, and maps the result back. Between hands players join, leave, sit out,
return, rebuy and top up.

>>> from bigblind import Rules
>>> table = Table(Rules.no_limit(blinds=(1, 2)), seats=6, seed=7, first_button=0)
>>> for seat, name in [(0, "Ann"), (2, "Bob"), (4, "Cy")]:
...     table.join(seat, name, 200)
>>> record = table.play_hand(lambda view: "fold" if view.legal.fold else "check")
>>> record.button, record.small_blind, record.big_blind
(0, 2, 4)
>>> [table.player(seat).stack for seat in (0, 2, 4)]
[200, 199, 201]
>>> table.play_hand(lambda view: "fold" if view.legal.fold else "check").button
2

Blinds and the button follow one of the two methods of Robert's Rules: a
*moving* button (the default; RULES 2.1: it moves to the next player every
hand) or a *dead* button (RULES 8.4, TDA 32: the big blind moves to the next
player due; the small blind or the button may fall on an empty seat).

The table tells the engine where the blinds go (``blind_seats``), so a dead
small blind leaves the small blind empty while the button keeps its seat and
acts last after the flop.

Owed blinds (RULES 10.1). A new player waits for the big blind or posts one
to play at once; a player back from sitting out owes the blinds missed: a
dead small blind and a live big blind. The engine posts them with the
blinds: the live big blind counts as the player's bet (they may check their
option when nobody raised), the dead small blind goes into the main pot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal, TypeAlias

from bigblind.cards import Deck
from bigblind.engine.events import Forced, Posted
from bigblind.engine.hand import MAX_PLAYERS, Hand, HandView
from bigblind.engine.pots import split
from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError
from bigblind.formats.phh import dump_session

__all__ = [
    "BuyIn",
    "Decide",
    "HandRecord",
    "Layout",
    "PlayerInfo",
    "Rake",
    "Status",
    "Table",
    "TableError",
    "TableHand",
]

Decide: TypeAlias = Callable[[HandView], str]
"""A player's decision: the seat's view in, an action text out ('fold', 'call', 'raise 6' ...)."""


class TableError(BigblindError):
    """A table operation the table's rules do not allow now."""


class Status(Enum):
    """Whether a seated player is dealt in (RULES 10.1)."""

    ACTIVE = "active"
    """Dealt in every hand."""
    WAITING = "waiting for the big blind"
    """Dealt in when the big blind reaches the seat."""
    POSTING = "posting"
    """Dealt in at the next hand the seat may enter, posting what is owed."""
    SITTING_OUT = "sitting out"
    """Not dealt in; blinds that pass the seat are owed on return."""


# ------------------------------------------------------------------ settings


@dataclass(frozen=True, slots=True)
class BuyIn:
    """Buy-in limits, in chips or in big blinds (RULES 10.1).

    >>> BuyIn(40, 100, unit="big blinds").limits(big_blind=2)
    (80, 200)
    """

    minimum: int
    maximum: int
    unit: Literal["chips", "big blinds"] = "chips"

    def __post_init__(self) -> None:
        if self.unit not in ("chips", "big blinds"):
            raise TableError(f"buy-in unit {self.unit!r} must be 'chips' or 'big blinds'")
        for name in ("minimum", "maximum"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise TableError(f"buy-in {name} {value!r} must be a whole number of at least 1")
        if self.minimum > self.maximum:
            raise TableError(f"buy-in minimum {self.minimum} is above the maximum {self.maximum}")

    def limits(self, big_blind: int) -> tuple[int, int]:
        """The minimum and maximum in chips for a game with this big blind."""
        if self.unit == "chips":
            return self.minimum, self.maximum
        return self.minimum * big_blind, self.maximum * big_blind


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's share of a pot: a percentage, an optional cap, no flop no drop (RULES 10.2).

    ``percent`` may be an int, a Fraction or a decimal text such as ``"2.5"``.

    >>> Rake(5, cap=3).of(100, flop=True), Rake(5, cap=3).of(40, flop=True)
    (3, 2)
    >>> Rake(5).of(100, flop=False), Rake(5, no_flop_no_drop=False).of(100, flop=False)
    (0, 5)
    """

    percent: Fraction | int | str
    cap: int | None = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        try:
            value = Fraction(self.percent)
        except (TypeError, ValueError):
            raise TableError(f"rake percent {self.percent!r} is not a number") from None
        if not 0 <= value <= 100:
            raise TableError(f"rake percent {self.percent} must be from 0 to 100")
        object.__setattr__(self, "percent", value)
        if self.cap is not None and (
            not isinstance(self.cap, int) or isinstance(self.cap, bool) or self.cap < 0
        ):
            raise TableError(f"rake cap {self.cap!r} must be a whole number of chips, 0 or more")

    def of(self, pot: int, *, flop: bool) -> int:
        """The rake on a pot of ``pot`` chips; ``flop`` says whether a flop was dealt."""
        if self.no_flop_no_drop and not flop:
            return 0
        rake = int(pot * Fraction(self.percent) / 100)
        return rake if self.cap is None else min(rake, self.cap)


# ------------------------------------------------------------------ records


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seated player as the table stands between hands."""

    seat: int
    name: str
    stack: int
    status: Status
    owes_small_blind: bool
    owes_big_blind: bool


@dataclass(frozen=True, slots=True)
class Layout:
    """Who is dealt in and who posts for the next hand, in table seats.

    ``dealt`` is in clockwise order from seat 0; hand seat ``i`` is
    ``dealt[i]``. ``button`` may be an empty seat (a dead button) and
    ``small_blind`` None (a dead small blind, RULES 8.4). ``engine_button`` is
    the hand seat the engine treats as the button: the button's own seat, or
    with a dead button the player right of the empty seat; either acts last
    after the flop. ``dead`` and ``live`` are the owed posts of players
    entering (RULES 10.1), by table seat.
    """

    button: int
    small_blind: int | None
    big_blind: int
    dealt: tuple[int, ...]
    heads_up: bool
    engine_button: int
    dead: Mapping[int, int] = field(default_factory=dict)
    live: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableHand:
    """A hand in progress at a table: the engine's hand and the map of its seats.

    Drive it step by step: ``actor`` is the table seat to act, :meth:`act`
    plays an action text for it; when ``hand.finished``, call
    :meth:`Table.finish_hand`.
    """

    number: int
    hand: Hand
    layout: Layout
    names: tuple[str, ...]
    stacks_before: tuple[int, ...]
    level: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        """The table seat of each hand seat."""
        return self.layout.dealt

    def hand_seat(self, table_seat: int) -> int:
        """The hand seat of a table seat dealt in."""
        try:
            return self.layout.dealt.index(table_seat)
        except ValueError:
            raise TableError(f"seat {table_seat} is not dealt in this hand") from None

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of a hand seat."""
        return self.layout.dealt[hand_seat]

    @property
    def actor(self) -> int | None:
        """The table seat to act, or None."""
        actor = self.hand.actor
        return None if actor is None else self.layout.dealt[actor]

    def view(self, table_seat: int) -> HandView:
        """What the player in ``table_seat`` may see (RULES 3.4), in hand seats."""
        return self.hand.view(self.hand_seat(table_seat))

    def act(self, action: str) -> None:
        """Play ``action`` (see :meth:`Hand.act`) for the seat to act."""
        self.hand.act(action, seat=self.hand.actor)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand at a table, everything in hand seats unless said otherwise.

    ``dead`` holds the dead blinds each seat posted (owed small blinds, RULES
    10.1: dead money in the main pot), ``rake`` the house's share,
    ``winnings`` what each seat collected after rake, ``stacks_after`` the
    table stacks after the hand.
    """

    table_hand: TableHand
    dead: tuple[int, ...]
    rake: int
    winnings: tuple[int, ...]
    stacks_after: tuple[int, ...]
    table_name: str | int | None
    seat_count: int

    @property
    def number(self) -> int:
        """The hand's number at the table, from 1."""
        return self.table_hand.number

    @property
    def hand(self) -> Hand:
        """The engine's hand."""
        return self.table_hand.hand

    @property
    def seats(self) -> tuple[int, ...]:
        """The table seat of each hand seat."""
        return self.table_hand.layout.dealt

    @property
    def names(self) -> tuple[str, ...]:
        """The player of each hand seat."""
        return self.table_hand.names

    @property
    def button(self) -> int:
        """The table seat of the button (it may be empty: a dead button)."""
        return self.table_hand.layout.button

    @property
    def small_blind(self) -> int | None:
        """The table seat of the small blind, None for a dead small blind."""
        return self.table_hand.layout.small_blind

    @property
    def big_blind(self) -> int:
        """The table seat of the big blind."""
        return self.table_hand.layout.big_blind

    @property
    def stacks_before(self) -> tuple[int, ...]:
        """The table stacks at the start of the hand, before any post."""
        return self.table_hand.stacks_before

    def phh_fields(self) -> dict[str, object]:
        """The PHH fields beside the game: hand, seats, players, table, button, rake.

        ``seats`` are table seat numbers from 1, ``_button`` the table seat
        number of the button; lists are in PHH order (``p1`` first) except
        ``players``, which :func:`bigblind.formats.phh.dumps` reorders itself.

        PHH places the blinds by position (``p1`` the small blind, ``p2`` the
        big blind, or ``p1`` alone the big blind when the small blind is dead)
        and has no owed posts. A hand with owed posts says so in fields of its
        own, and replays only with them: ``_live_blinds`` (each player's live
        post, a bet) and ``_dead_money`` (each player's dead blind, into the
        main pot). Every other hand replays as written.
        """
        hand = self.hand
        n = hand.seats

        def phh_order(values: Sequence[int]) -> list[int]:
            out = [0] * n
            for seat, value in enumerate(values):
                out[(seat - hand.button - 1) % n] = value
            return out

        fields: dict[str, object] = {"hand": self.number}
        if self.table_name is not None:
            fields["table"] = self.table_name
        if self.table_hand.level is not None:
            fields["level"] = self.table_hand.level
        fields["seats"] = phh_order([s + 1 for s in self.seats])
        fields["seat_count"] = self.seat_count
        fields["players"] = list(self.names)
        fields["winnings"] = phh_order(self.winnings)
        fields["_button"] = self.button + 1
        live = [0] * n
        for event in hand.events:
            if isinstance(event, Posted) and event.kind is Forced.LIVE_BLIND:
                live[event.seat] += event.amount
        if any(live):
            fields["_live_blinds"] = phh_order(live)
        if any(self.dead):
            fields["_dead_money"] = phh_order(self.dead)
        if self.rake:
            fields["_rake"] = self.rake
        return fields


# ------------------------------------------------------------------- table


@dataclass(slots=True)
class _Player:
    name: str
    stack: int
    status: Status
    owes_small: bool = False
    owes_big: bool = False
    fresh: bool = True  # never dealt in since joining


@dataclass(frozen=True, slots=True)
class _Positions:
    button: int
    small_blind: int  # the small blind's seat, even when dead
    big_blind: int


class Table:
    """A table of 2 to 23 seats (usually up to 10) where hands are dealt one after another.

    ``buy_in`` limits what a player brings (None: no limits), ``rake`` is the
    house's share, ``dead_button`` chooses the dead-button method (RULES 8.4)
    over the moving button. ``seed`` makes the decks and the first button
    reproducible; ``first_button`` names the seat of the first button
    (otherwise drawn at random). ``keep_history`` keeps every finished hand
    in :attr:`history`, for :meth:`phh`.
    """

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
    ) -> None:
        if not isinstance(seats, int) or not 2 <= seats <= MAX_PLAYERS:
            raise TableError(f"a table has 2 to {MAX_PLAYERS} seats, not {seats!r}")
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
        self._seats: list[_Player | None] = [None] * seats
        self._previous: _Positions | None = None
        self._current: TableHand | None = None
        self._history: list[HandRecord] = []
        self.keep_history = keep_history
        self.hands_played = 0
        self.chips_in = 0
        self.chips_out = 0
        self.rake_taken = 0

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        """The rules of the next hand; they may change between hands (tournament levels)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._between_hands("change the rules")
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
        status = Status.WAITING if wait_for_big_blind else Status.POSTING
        self._seats[seat] = _Player(name, chips, status, owes_big=not wait_for_big_blind)
        self.chips_in += chips

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
        self._seats[seat] = _Player(name, chips, Status.ACTIVE, fresh=False)
        self.chips_in += chips

    def leave(self, seat: int) -> int:
        """The player in ``seat`` leaves with their chips, which are returned."""
        self._between_hands("leave")
        p = self._occupant(seat)
        self._seats[seat] = None
        self.chips_out += p.stack
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
        owes = p.fresh or p.owes_small or p.owes_big
        if not owes:
            p.status = Status.ACTIVE
        elif wait_for_big_blind:
            p.status = Status.WAITING
        else:
            p.status = Status.POSTING
            if p.fresh:
                p.owes_big = True

    def rebuy(self, seat: int, chips: int) -> None:
        """Add ``chips`` to a stack; the result must reach the minimum buy-in and stay within
        the maximum (RULES 10.1)."""
        self._between_hands("rebuy")
        p = self._occupant(seat)
        self._check_chips(chips, "rebuy for")
        limits = self.buy_in_limits()
        if limits is not None and not limits[0] <= p.stack + chips <= limits[1]:
            raise TableError(
                f"{p.name!r} cannot rebuy for {chips}: the stack would be {p.stack + chips},"
                f" and the buy-in is {limits[0]} to {limits[1]}"
            )
        p.stack += chips
        self.chips_in += chips

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

    # ----------------------------------------------------------------- hands

    def layout(self) -> Layout:
        """The button, blinds and players of the next hand, without dealing it.

        Raises :class:`TableError` when fewer than two players can be dealt in.
        """
        return self._plan()[0]

    def next_big_blind(self) -> int | None:
        """The table seat that would post the next big blind, or None if no hand can start."""
        try:
            return self._plan()[0].big_blind
        except TableError:
            return None

    def can_deal(self) -> bool:
        """Whether two players or more can be dealt in."""
        return self.next_big_blind() is not None

    def start_hand(self, *, deck: Deck | None = None, level: int | None = None) -> TableHand:
        """Deal the next hand and return it, to be driven step by step.

        ``deck`` overrides the table's shuffle (for tests and replays);
        ``level`` is recorded (tournaments).
        """
        self._between_hands("start a hand")
        layout, positions, promote = self._plan()
        rules = self._rules
        seated = [self._seats[seat] for seat in layout.dealt]
        players = [p for p in seated if p is not None]
        stacks_before = tuple(p.stack for p in players)
        index = {seat: i for i, seat in enumerate(layout.dealt)}
        small = None if layout.small_blind is None else index[layout.small_blind]
        if deck is None:
            deck = Deck.shuffled(self._random.getrandbits(64)) if self._random else Deck()
        hand = Hand(
            rules,
            stacks_before,
            button=layout.engine_button,
            deck=deck,
            blind_seats=(small, index[layout.big_blind]),
            live_blinds={index[seat]: amount for seat, amount in layout.live.items()},
            dead_blinds={index[seat]: amount for seat, amount in layout.dead.items()},
        )
        # The hand is dealt: now the table changes.
        self._accrue_missed(positions, layout.dealt)
        for p in players:
            p.status = Status.ACTIVE
            p.owes_small = p.owes_big = False
            p.fresh = False
        for seat in promote:
            entering = self._seats[seat]
            assert entering is not None
            entering.status = Status.ACTIVE
            entering.owes_small = entering.owes_big = False
        self._previous = positions
        self.hands_played += 1
        names = tuple(p.name for p in players)
        self._current = TableHand(self.hands_played, hand, layout, names, stacks_before, level)
        return self._current

    def finish_hand(self) -> HandRecord:
        """Settle the finished hand: rake and stacks (RULES 7.2, 10.2)."""
        current = self._current
        if current is None:
            raise TableError("no hand is being played")
        hand = current.hand
        if not hand.finished or hand.result is None:
            raise TableError(f"the hand is not over: it awaits {hand.awaiting}")
        result = hand.result
        layout = current.layout
        n = hand.seats
        dead = [0] * n
        for event in hand.events:
            if isinstance(event, Posted) and event.kind is Forced.DEAD_BLIND:
                dead[event.seat] += event.amount
        pots = [pot.amount for pot in result.pots]
        winners = [pot.winners for pot in result.pots]
        total = sum(pots)
        rake = 0 if self.rake is None else self.rake.of(total, flop=bool(hand.board))
        winnings = [0] * n
        for amount, taken, who in zip(pots, _share_out(rake, pots), winners, strict=True):
            shares = split(amount - taken, winners=who, button=hand.button, seats=n)
            for seat, share in zip(who, shares, strict=True):
                winnings[seat] += share
        stacks_after = []
        for i, seat in enumerate(layout.dealt):
            p = self._seats[seat]
            assert p is not None
            p.stack = result.stacks[i] - result.payouts[i] + winnings[i]
            stacks_after.append(p.stack)
        self.rake_taken += rake
        record = HandRecord(
            current,
            tuple(dead),
            rake,
            tuple(winnings),
            tuple(stacks_after),
            self.name,
            self.seat_count,
        )
        if self.keep_history:
            self._history.append(record)
        self._current = None
        return record

    def play_hand(
        self,
        decide: Decide | Mapping[int, Decide],
        *,
        deck: Deck | None = None,
        level: int | None = None,
    ) -> HandRecord:
        """Deal and play a whole hand: ``decide`` (one for all, or one per table seat)
        chooses each action from the seat's view."""
        current = self.start_hand(deck=deck, level=level)
        hand = current.hand
        while not hand.finished:
            actor = hand.actor
            if actor is None:  # pragma: no cover - auto dealing and showdown never wait
                raise TableError(f"the hand awaits {hand.awaiting}")
            seat = current.layout.dealt[actor]
            chooser = decide if callable(decide) else decide[seat]
            hand.act(chooser(hand.view(actor)), seat=actor)
        return self.finish_hand()

    def phh(self, records: Iterable[HandRecord] | None = None, **metadata: object) -> str:
        """The hands played (or ``records``) as one PHH ``.phhs`` text."""
        chosen = self._history if records is None else records
        return dump_session(((r.hand, r.phh_fields()) for r in chosen), **metadata)

    # ------------------------------------------------------------- internals

    def _plan(self) -> tuple[Layout, _Positions, tuple[int, ...]]:
        """The next hand's layout, its positions and the players promoted to a new game."""
        players = {s: p for s, p in enumerate(self._seats) if p is not None and p.stack > 0}
        active = [s for s, p in players.items() if p.status is Status.ACTIVE]
        entering = [s for s, p in players.items() if p.status in (Status.WAITING, Status.POSTING)]
        promote: tuple[int, ...] = ()
        if len(active) < 2:
            # A new game: everyone ready is dealt in, nobody owes anything.
            promote = tuple(entering)
            active = sorted(active + entering)
            entering = []
        eligible = sorted(active + entering)
        if len(eligible) < 2:
            raise TableError(
                f"a hand needs two players ready to play; {len(eligible)} can be dealt in"
            )
        status = {s: (Status.ACTIVE if s in active else players[s].status) for s in eligible}
        planned = self._layout(self._previous, False, active, eligible, status, players)
        if planned is None:
            # Nothing sensible follows the last hand (too few left to place): start afresh.
            planned = self._layout(self._previous, True, active, eligible, status, players)
        assert planned is not None
        return planned[0], planned[1], promote

    def _layout(
        self,
        previous: _Positions | None,
        afresh: bool,
        active: list[int],
        eligible: list[int],
        status: Mapping[int, Status],
        players: Mapping[int, _Player],
    ) -> tuple[Layout, _Positions] | None:
        n_seats = self.seat_count
        if previous is not None and self.dead_button and not afresh:
            # RULES 8.4, TDA 32: the big blind moves to the next player due; the small
            # blind and the button follow on the seats before it, empty or not.
            big = _after(eligible, previous.big_blind, n_seats)
            small = previous.big_blind
            button = previous.small_blind
        else:
            # RULES 2.1: the button moves to the next player, the blinds follow it; TDA
            # 34-B: it moves on once more rather than give the big blind twice in a row.
            if previous is None or afresh:
                button = self._draw_button(active)
            else:
                button = _after(active, previous.button, n_seats)
            small = _after(active, button, n_seats)
            big = _after(eligible, small, n_seats)
            for _ in active:
                if previous is None or big != previous.big_blind:
                    break
                button = _after(active, button, n_seats)
                small = _after(active, button, n_seats)
                big = _after(eligible, small, n_seats)

        def between(seat: int, lo: int, hi: int) -> bool:
            """Whether ``seat`` lies strictly between ``lo`` and ``hi`` going clockwise."""
            return 0 < (seat - lo) % n_seats < (hi - lo) % n_seats

        rules = self._rules
        dealt = []
        for seat in eligible:
            kind = status[seat]
            if seat == big:
                dealt.append(seat)
            elif kind is Status.ACTIVE:
                # TDA 31: nobody is dealt in between the button and the small blind.
                if not between(seat, button, small):
                    dealt.append(seat)
            elif kind is Status.POSTING:
                # Robert's Rules: no entering between the button and the big blind.
                p = players[seat]
                owed_dead = rules.small_blind if p.owes_small else 0
                blocked = seat == button or big == button or between(seat, button, big)
                if not blocked and p.stack > owed_dead:
                    dealt.append(seat)
        if len(dealt) < 2:
            return None
        if len(dealt) == 2:
            # RULES 2.3, TDA 34-B: heads-up the button posts the small blind, and the big
            # blind goes to the player who did not post it last hand.
            if previous is None:
                hu_button = button if button in dealt else dealt[0]
            else:
                hu_big = _after(dealt, previous.big_blind, n_seats)
                hu_button = dealt[0] if hu_big == dealt[1] else dealt[1]
            hu_big = dealt[1] if hu_button == dealt[0] else dealt[0]
            layout = Layout(
                button=hu_button,
                small_blind=hu_button,
                big_blind=hu_big,
                dealt=tuple(dealt),
                heads_up=True,
                engine_button=dealt.index(hu_button),
            )
            return layout, _Positions(hu_button, hu_button, hu_big)
        if big == button:
            return None
        n = len(dealt)
        b = dealt.index(big)
        # RULES 2.7: a straddle is a live bet of at least the big blind, so it covers a
        # live blind owed by the straddler.
        straddler = dealt[(b + 1) % n] if rules.straddle else None
        dead: dict[int, int] = {}
        live: dict[int, int] = {}
        for seat in dealt:
            p = players[seat]
            if seat != big and status[seat] is Status.POSTING:
                if p.owes_small and rules.small_blind:
                    dead[seat] = rules.small_blind
                if p.owes_big and seat != straddler:
                    live[seat] = rules.big_blind
        small_blind = small if small in dealt and status[small] is Status.ACTIVE else None
        if small_blind is not None and dealt[(b - 1) % n] != small_blind:
            return None
        layout = Layout(
            button=button,
            small_blind=small_blind,
            big_blind=big,
            dealt=tuple(dealt),
            heads_up=False,
            # The player on the button, or right of a dead button: last after the flop.
            engine_button=min(range(n), key=lambda i: (button - dealt[i]) % n_seats),
            dead=dead,
            live=live,
        )
        return layout, _Positions(button, small, big)

    def _draw_button(self, active: list[int]) -> int:
        if self._first_button is not None and self._first_button in active:
            return self._first_button
        return active[int(self._button_draw * len(active))]

    def _accrue_missed(self, positions: _Positions, dealt: Sequence[int]) -> None:
        """Players sitting out owe the blinds that passed their seats (RULES 10.1)."""
        previous = self._previous
        if previous is None:
            return
        n = self.seat_count
        for seat, p in enumerate(self._seats):
            if p is None or p.status is not Status.SITTING_OUT or p.stack == 0 or p.fresh:
                continue
            if 0 < (seat - previous.big_blind) % n < (positions.big_blind - previous.big_blind) % n:
                p.owes_big = True
            span = (positions.small_blind - previous.small_blind) % n
            if 0 < (seat - previous.small_blind) % n <= span and seat not in dealt:
                p.owes_small = True

    def _between_hands(self, what: str) -> None:
        if self._current is not None:
            raise TableError(f"cannot {what} during a hand: wait until it is over")

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count:
            raise TableError(f"seat {seat!r} does not exist: seats are 0 to {self.seat_count - 1}")

    def _occupant(self, seat: int) -> _Player:
        self._check_seat(seat)
        p = self._seats[seat]
        if p is None:
            raise TableError(f"seat {seat} is empty")
        return p

    def _check_name(self, name: str) -> None:
        if not isinstance(name, str) or not name:
            raise TableError(f"a player's name must be a non-empty string, not {name!r}")
        if any(p is not None and p.name == name for p in self._seats):
            raise TableError(f"a player named {name!r} already sits at this table")

    @staticmethod
    def _check_chips(chips: int, what: str) -> None:
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            raise TableError(f"cannot {what} {chips!r} chips: a whole number of at least 1")

    def __repr__(self) -> str:
        name = "" if self.name is None else f" {self.name!r}"
        return (
            f"<Table{name} {len(self.players)}/{self.seat_count} seated,"
            f" {self.hands_played} hands played>"
        )


def _after(candidates: Sequence[int], seat: int, n_seats: int) -> int:
    """The first of ``candidates`` clockwise after ``seat`` (``seat`` itself last)."""
    chosen = set(candidates)
    for step in range(1, n_seats + 1):
        s = (seat + step) % n_seats
        if s in chosen:
            return s
    raise TableError("no player to move the blinds to")  # pragma: no cover


def _share_out(total: int, amounts: Sequence[int]) -> list[int]:
    """``total`` divided in proportion to ``amounts``, odd chips to the first ones.

    >>> _share_out(5, [100, 50, 50])
    [3, 1, 1]
    """
    whole = sum(amounts)
    if not total or not whole:
        return [0] * len(amounts)
    parts = [total * a // whole for a in amounts]
    rest = total - sum(parts)
    order = sorted(range(len(amounts)), key=lambda i: -(total * amounts[i] % whole))
    for i in order[:rest]:
        parts[i] += 1
    return parts
