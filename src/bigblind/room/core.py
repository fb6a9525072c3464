"""What a room holds: its table, its people, clocks, ledger, and what they answer.

:class:`RoomCore` is the base of :class:`~bigblind.room.state.RoomState`: it
builds the table (a cash table, or a sit-and-go's with a dead button and
rising levels, RULES 8) and answers queries; it applies no event itself.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from bigblind.bots import Bot
from bigblind.room.ledger import Ledger
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.sitandgo import SitAndGo
from bigblind.sessions.clock import Clock, ClockSettings
from bigblind.sessions.names import check_name
from bigblind.sessions.table import HandRecord, Table, TableHand

__all__ = [
    "MAX_CHAT",
    "MAX_NAME",
    "SHOW_SECONDS",
    "Occupant",
    "RoomCore",
    "SeatRequest",
    "token_hash",
]

MAX_CHAT = 300
MAX_NAME = 24
SHOW_SECONDS = 8.0
"""The longest a player is given to show or muck a losing hand (RULES 6.7); then it is mucked."""


def token_hash(token: str) -> str:
    """What the room keeps of a secret token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Occupant:
    """Who holds a seat: a person (by name and token hash) or a bot."""

    name: str
    token: str  # the token's hash
    bot: str | None = None
    bot_seed: int = 0
    leaving: bool = False
    auto_muck: bool = True  # losing hands mucked unasked, as online rooms do by default


@dataclass(slots=True)
class SeatRequest:
    """A request to sit, waiting for the host's answer."""

    number: int
    name: str
    seat: int
    chips: int
    token: str
    wait_for_big_blind: bool


class RoomCore:
    """A room's table, people, clocks and ledger, and the queries on them."""

    def __init__(self, room_id: str, created: dict[str, Any]) -> None:
        self.id = room_id
        self.settings = RoomSettings.from_dict(created["settings"])
        self._host = str(created["host"])
        self._table_seed = int(created["table_seed"])
        self._deck_seed = self.settings.seed
        self.created_at = float(created["at"])
        s = self.settings
        self.sng = SitAndGo(s) if s.game == "tournament" else None
        self.table = Table(
            s.rules() if self.sng is None else self.sng.structure.rules(0),
            seats=s.seats,
            buy_in=s.buy_in() if self.sng is None else None,
            rake=s.rake() if self.sng is None else None,
            seed=self._table_seed,
            name=s.name,
            run_it_twice=s.run_it_twice,
            dead_button=self.sng is not None,  # RULES 8.4
            showdown="manual",  # players are asked whether to show a hand they may muck (6.7)
        )
        self.events: list[dict[str, Any]] = [created]
        self.ledger = Ledger()
        self.occupants: dict[int, Occupant] = {}
        self.requests: dict[int, SeatRequest] = {}
        self.chat: list[dict[str, Any]] = []
        self.paused = False
        self.ended = False
        self.blinds = (s.small_blind, s.big_blind, s.ante)
        if self.sng is not None:
            first = self.sng.structure.level(0)
            self.blinds = (first.small_blind, first.big_blind, first.ante)
        self._pending_blinds: tuple[int, int, int] | None = None
        self._queued: list[dict[str, Any]] = []
        self.notices: list[str] = []
        self.clock = Clock(
            ClockSettings(
                decision=s.decision_seconds,
                bank=s.time_bank_seconds,
                top_up=s.time_bank_refill_seconds,
                # None: top up at each new level (RULES 10.4), as a sit-and-go does; a
                # cash game reaches none.
                top_up_every=None if self.sng is not None else s.time_bank_refill_hands or None,
                bank_limit=s.time_bank_seconds,
            )
        )
        self._last_hand_end = self.created_at
        self.last_record: HandRecord | None = None
        self.shown_after: dict[int, str] = {}  # cards shown after the last hand, by table seat
        # Which hole cards (their places in the hand, from 0) each player turned up after
        # each hand, by hand number and table seat (RULES 12.4): the histories write them.
        self.shown_picks: dict[int, dict[int, tuple[int, ...]]] = {}
        self.last_deck: tuple[int, ...] = ()  # the deck of the last hand dealt, top first
        # The rabbit of each hand (RULES 12.3): the board cards that would have come, and
        # who asked for them, by hand number.
        self.rabbits: dict[int, str] = {}
        self.rabbit_by: dict[int, str] = {}
        self.bomb_called = 0  # the bomb pot the host called for the next hand (RULES 12.1)
        self.bomb_pots: dict[int, int] = {}  # each bomb pot's ante, by hand number
        # The seven-deuce bounties paid (RULES 12.2), by hand number: winner, payer (table
        # seats) and chips.
        self.seven_deuce: dict[int, list[dict[str, int]]] = {}
        # Who was dealt each hand's cards, by hand number and table seat: the token hash of
        # the person then seated (bots absent). Cards belong to people, not seats: a later
        # occupant of a seat sees what the table saw (RULES 3.4).
        self.holders: dict[int, dict[int, str]] = {}
        self.started_at: dict[int, float] = {}  # when each hand was dealt, by number
        self._request_count = 0
        self._bots: dict[int, Bot] = {}
        self.run_votes: dict[int, bool] = {}  # answers to the run-it-twice offer, by seat
        self._runs_offered_at: float | None = None
        self.straddle_seat: int | None = None  # offered the straddle before the next hand
        self.straddle_offered_at: float | None = None
        self.straddle_answer: bool | None = None
        self._show_asked_at: float | None = None
        self.current_level: int | None = None  # a sit-and-go's level of the last hand dealt
        self.now = self.created_at

    # ------------------------------------------------------------ queries

    @property
    def current(self) -> TableHand | None:
        """The hand being played, or None."""
        return self.table.current

    @property
    def hand_number(self) -> int:
        """Hands dealt so far."""
        return self.table.hands_played

    @property
    def actor(self) -> int | None:
        """The table seat to act, or None."""
        current = self.current
        return None if current is None else current.actor

    @property
    def seating(self) -> tuple[tuple[int, str], ...]:
        """Who sits where, by token hash: changes whenever a seat is taken or left."""
        return tuple((seat, o.token) for seat, o in self.occupants.items())

    @property
    def turn_started(self) -> float:
        """When the actor's turn began (the time of the hand's last event)."""
        turn = self.clock.turn
        return self.now if turn is None else turn.started

    def deadline(self) -> float | None:
        """When the actor's time (and time bank) runs out; at once for an away player.
        A choice to show or muck lasts :data:`SHOW_SECONDS` at most, no time bank."""
        actor = self.actor
        if actor is None:
            return None
        if self.show_choice() is not None and self._show_asked_at is not None:
            if self.is_away(actor):
                return self._show_asked_at
            return self._show_asked_at + min(SHOW_SECONDS, self.settings.decision_seconds)
        return self.clock.deadline()

    def show_choice(self) -> int | None:
        """The table seat choosing whether to show a hand it may muck (RULES 6.7), or None."""
        current = self.current
        if current is None or current.hand.awaiting != "show" or not current.hand.may_muck:
            return None
        occupant = self.occupants.get(current.actor or 0)
        return None if occupant is None or occupant.auto_muck else current.actor

    def seats_held(self, number: int, person: str | None) -> frozenset[int]:
        """The table seats whose cards ``person`` (a token hash; None: a spectator) was
        dealt in hand ``number``: the cards they may see in its history (RULES 3.4)."""
        if not person:
            return frozenset()
        held = self.holders.get(number, {})
        return frozenset(s for s, t in held.items() if hmac.compare_digest(t, person))

    def straddle_pending(self) -> int | None:
        """The seat asked whether to straddle the next hand and yet to answer (RULES 2.7)."""
        if self.straddle_offered_at is None or self.straddle_answer is not None:
            return None
        return self.straddle_seat

    def straddle_deadline(self) -> float | None:
        """When an unanswered straddle offer lapses (no straddle)."""
        if self.straddle_pending() is None or self.straddle_offered_at is None:
            return None
        return self.straddle_offered_at + self.settings.decision_seconds

    def bank(self, seat: int) -> float:
        """The seat's time bank in seconds (RULES 10.4)."""
        occupant = self.occupants.get(seat)
        return 0.0 if occupant is None else self.clock.bank(occupant.name)

    def is_away(self, seat: int) -> bool:
        """Whether the player in ``seat`` is away: acted for at once, sat out next hand."""
        occupant = self.occupants.get(seat)
        return occupant is not None and self.clock.is_away(occupant.name)

    def runs_offer(self) -> tuple[int, ...]:
        """The seats asked whether to run it twice and yet to answer (RULES 10.3)."""
        return tuple(s for s in self.table.runs_offer() if s not in self.run_votes)

    def runs_deadline(self) -> float | None:
        """When an unanswered run-it-twice offer lapses into one run (RULES 10.3)."""
        if self._runs_offered_at is None or not self.table.runs_offer():
            return None
        return self._runs_offered_at + self.settings.decision_seconds

    def next_hand_at(self) -> float | None:
        """When the next hand may be dealt, None while none can be."""
        if self.ended or self.paused or self.current is not None or not self.table.can_deal():
            return None
        if self.sng is not None and not self.sng.started:
            return None  # RULES 8: a sit-and-go deals once registration closes
        at = self._last_hand_end + self.settings.next_hand_seconds
        lapses = self.straddle_deadline()
        return at if lapses is None else max(at, lapses)

    def bot_to_act(self) -> int | None:
        """The seat of a bot due to act, or None."""
        seat = self.actor
        if seat is not None and seat in self._bots and not self.is_away(seat):
            return seat
        return None

    def bot_action(self, seat: int) -> str:
        """The action the bot in ``seat`` chooses from its own view; a losing hand at the
        showdown is mucked."""
        current = self.current
        if current is None or seat not in self._bots:
            raise RoomError(f"seat {seat} holds no bot due to act")
        if current.hand.awaiting == "show":
            return "muck"
        return self._bots[seat].act(current.view(seat))

    @functools.cached_property
    def public_settings(self) -> dict[str, Any]:
        """The settings as players see them: without the seed of a test room's decks."""
        data = self.settings.to_dict()
        del data["seed"]
        return data

    def stacks_by_name(self) -> dict[str, int]:
        """Each seated player's chips at the table (their stack before the hand in play);
        none in a sit-and-go, whose chips are not money."""
        if self.sng is not None:
            return {}
        return {p.name: p.stack for p in self.table.players}

    def ledger_json(self) -> dict[str, Any]:
        """The ledger (buy-ins, cash-outs, net per player) as JSON-ready data."""
        return self.ledger.to_json(self.stacks_by_name(), self.table.rake_taken)

    def ledger_csv(self) -> str:
        """The ledger's per-player totals as CSV."""
        return self.ledger.to_csv(self.stacks_by_name())

    def chips_accounted(self) -> bool:
        """Whether buy-ins equal cash-outs plus every chip at the table plus rake (RULES 7.2);
        in a sit-and-go, buy-ins equal prizes paid and owed, and the chips the entrants'."""
        sng = self.sng
        if sng is not None:
            if not sng.started:  # the entries of those registered are held until the start
                held = self.settings.tournament_buy_in * len(self.table.players)
                return self.ledger.bought == self.ledger.cashed + held
            # Once the game is over every chip has left with the players, some of whom (one
            # who left after the host ended it) were given no place and no prize.
            over = self.ended and self.current is None
            expected = 0 if over else self.settings.starting_stack * len(sng.entrants)
            if self.table.chips_on_table != expected:
                return False
            return self.ledger.bought == self.ledger.cashed + sng.unpaid
        return self.ledger.bought + self.ledger.adjusted == (
            self.ledger.cashed + self.table.chips_on_table + self.table.rake_taken
        )

    def joining_chips(self, seat: int) -> int:
        """The buy-in of a player or bot seated during the hand, who joins at its end."""
        for event in self._queued:
            if event["type"] in ("_join", "_bot_join") and event["seat"] == seat:
                return int(event["req"].chips if "req" in event else event["chips"])
        return 0

    def _queue_if_playing(self, event: dict[str, Any]) -> bool:
        if self.current is None:
            return False
        self._queued.append(event)
        return True

    def _request(self, number: object) -> SeatRequest:
        req = self.requests.get(number) if isinstance(number, int) else None
        if req is None:
            pending = ", ".join(map(str, self.requests)) or "none"
            raise RoomError(f"no seat request {number!r}: pending requests are {pending}")
        return req

    def _occupied(self, seat: object) -> int:
        if not isinstance(seat, int) or seat not in self.occupants:
            taken = ", ".join(map(str, sorted(self.occupants))) or "none"
            raise RoomError(f"seat {seat!r} has no player: occupied seats are {taken}")
        return seat

    def _check_newcomer(self, name: str, token: str, *, approving: bool = False) -> None:
        """Refuse a second seat, or a second request, to one person (a token hash) or one
        name; ``approving``: the host seats a request already made (worded for the host).

        Checked when a person asks or the host approves, not when a stored event is
        applied: rooms stored before these rules came in still restore.
        """
        for occupant in self.occupants.values():
            if occupant.token and hmac.compare_digest(token, occupant.token):
                if approving:
                    raise RoomError(f"{name!r} has a seat at this table already")
                raise RoomError("you already have a seat at this table")
            if occupant.name == name:
                raise RoomError(f"the name {name!r} is taken at this table: choose another")
        if approving:
            return
        for req in self.requests.values():
            if hmac.compare_digest(token, req.token):
                raise RoomError("you have asked for a seat already: wait for the host's answer")
            if req.name == name:
                raise RoomError(f"someone waiting for a seat is named {name!r}: choose another")
        if isinstance(name, str) and 1 <= len(name.strip()) <= MAX_NAME:
            check_name(name, RoomError)  # one the table would refuse on approval

    def _check_seat_free(self, seat: object) -> None:
        if self.ended:
            raise RoomError("the game is over")
        if self.sng is not None and self.sng.started:
            raise RoomError("the sit-and-go has started: registration is closed")
        n = self.settings.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise RoomError(f"seat {seat!r}: seats are 0 to {n - 1}")
        if seat in self.occupants:
            free = ", ".join(str(s) for s in range(n) if s not in self.occupants) or "none"
            raise RoomError(f"seat {seat} is taken: free seats are {free}")

    def _why_no_deal(self) -> str:
        if self.ended:
            return "the game is over"
        if self.paused:
            return "the game is paused"
        if self.current is not None:
            return "a hand is being played"
        if self.sng is not None and not self.sng.started:
            return "the sit-and-go starts when every seat is taken or the host starts it"
        return "two players ready to play are needed"
