"""What a table hands out: its players between hands, a hand's layout, hands in play and played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bigblind.engine.actions import Action
from bigblind.engine.events import Forced, Posted
from bigblind.engine.hand import Hand, HandView
from bigblind.engine.rules import Rules
from bigblind.sessions.clock import TimedOut
from bigblind.sessions.table.settings import Status, TableError

__all__ = ["DealPlan", "HandRecord", "Layout", "PlayerInfo", "TableHand"]


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
    entering (RULES 10.1), by table seat; ``straddler`` the table seat that
    straddles (RULES 2.7), if any.
    """

    button: int
    small_blind: int | None
    big_blind: int
    dealt: tuple[int, ...]
    heads_up: bool
    engine_button: int
    dead: Mapping[int, int] = field(default_factory=dict)
    live: Mapping[int, int] = field(default_factory=dict)
    straddler: int | None = None


@dataclass(frozen=True, slots=True)
class Positions:
    button: int
    small_blind: int  # the small blind's seat, even when dead
    big_blind: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealPlan:
    """The next hand of a table as the engine takes it, in hand seats.

    ``rules`` are the table's, without the straddle when nobody takes it;
    ``stacks``, ``names``, ``button``, ``blind_seats``, ``live_blinds`` and
    ``dead_blinds`` go to :class:`~bigblind.engine.hand.Hand` (or a live
    hand) as they are.
    """

    layout: Layout
    rules: Rules
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    blind_seats: tuple[int | None, int]
    live_blinds: Mapping[int, int]
    dead_blinds: Mapping[int, int]
    hand_number: int
    _positions: Positions = field(repr=False)
    _promote: tuple[int, ...] = field(repr=False)


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

    def act(self, action: Action | str) -> None:
        """Play ``action`` (see :meth:`Hand.act`) for the seat to act."""
        self.hand.act(action, seat=self.hand.actor)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand at a table, everything in hand seats unless said otherwise.

    ``dead`` holds the dead blinds each seat posted (owed small blinds, RULES
    10.1: dead money in the main pot), ``rake`` the house's share,
    ``winnings`` what each seat collected after rake, ``stacks_after`` the
    table stacks after the hand, ``timeouts`` the turns the clock timed out
    (RULES 10.4).
    """

    table_hand: TableHand
    dead: tuple[int, ...]
    rake: int
    winnings: tuple[int, ...]
    stacks_after: tuple[int, ...]
    table_name: str | int | None
    seat_count: int
    timeouts: tuple[TimedOut, ...] = ()

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
