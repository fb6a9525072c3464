"""A room's state: a cash table with its people, bots, clocks and ledger, rebuilt from events.

:class:`RoomState` applies stored events, one at a time, and answers queries;
it never makes an event itself (that is :class:`~bigblind.room.room.Room`'s
part). Applying an event checks it first and changes nothing when it is
refused, so the same code accepts a request and replays a stored room.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from bigblind.bots import Bot, make_bot
from bigblind.cards import Deck
from bigblind.errors import BigblindError
from bigblind.room.ledger import Ledger
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.views import cards_text, room_view
from bigblind.sessions.clock import Clock, ClockSettings
from bigblind.sessions.table import HandRecord, Status, Table, TableHand

__all__ = ["MAX_CHAT", "MAX_NAME", "RoomState", "token_hash"]

MAX_CHAT = 300
MAX_NAME = 24


def token_hash(token: str) -> str:
    """What the room keeps of a secret token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class _Occupant:
    name: str
    token: str  # the token's hash
    bot: str | None = None
    bot_seed: int = 0
    leaving: bool = False


@dataclass(slots=True)
class _Request:
    number: int
    name: str
    seat: int
    chips: int
    token: str
    wait_for_big_blind: bool


class RoomState:
    """The state of one room as its events left it (see the module's documentation)."""

    def __init__(self, room_id: str, created: dict[str, Any]) -> None:
        self.id = room_id
        self.settings = RoomSettings.from_dict(created["settings"])
        self._host = str(created["host"])
        self._table_seed = int(created["table_seed"])
        self._deck_seed = self.settings.seed
        self.created_at = float(created["at"])
        s = self.settings
        self.table = Table(
            s.rules(),
            seats=s.seats,
            buy_in=s.buy_in(),
            rake=s.rake(),
            seed=self._table_seed,
            name=s.name,
            run_it_twice=s.run_it_twice,
        )
        self.events: list[dict[str, Any]] = [created]
        self.ledger = Ledger()
        self.occupants: dict[int, _Occupant] = {}
        self.requests: dict[int, _Request] = {}
        self.chat: list[dict[str, Any]] = []
        self.paused = False
        self.ended = False
        self.blinds = (s.small_blind, s.big_blind, s.ante)
        self._pending_blinds: tuple[int, int, int] | None = None
        self._queued: list[dict[str, Any]] = []
        self.notices: list[str] = []
        self.clock = Clock(
            ClockSettings(
                decision=s.decision_seconds,
                bank=s.time_bank_seconds,
                top_up=s.time_bank_refill_seconds,
                # None: top up at each new level, which a cash game never reaches.
                top_up_every=s.time_bank_refill_hands or None,
                bank_limit=s.time_bank_seconds,
            )
        )
        self._last_hand_end = self.created_at
        self.last_record: HandRecord | None = None
        self.shown_after: dict[int, str] = {}  # cards shown after the hand, by table seat
        self._request_count = 0
        self._bots: dict[int, Bot] = {}
        self.run_votes: dict[int, bool] = {}  # answers to the run-it-twice offer, by seat
        self._runs_offered_at: float | None = None
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
        """When the actor's time (and time bank) runs out; at once for an away player."""
        return None if self.actor is None else self.clock.deadline()

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
        return self._last_hand_end + self.settings.next_hand_seconds

    def bot_to_act(self) -> int | None:
        """The seat of a bot due to act, or None."""
        seat = self.actor
        if seat is not None and seat in self._bots and not self.is_away(seat):
            return seat
        return None

    def bot_action(self, seat: int) -> str:
        """The action the bot in ``seat`` chooses from its own view."""
        current = self.current
        if current is None or seat not in self._bots:
            raise RoomError(f"seat {seat} holds no bot due to act")
        return self._bots[seat].act(current.view(seat))

    @functools.cached_property
    def public_settings(self) -> dict[str, Any]:
        """The settings as players see them: without the seed of a test room's decks."""
        data = self.settings.to_dict()
        del data["seed"]
        return data

    def view(self, seat: int | None) -> dict[str, Any]:
        """The room as ``seat`` (None: a spectator) may see it (RULES 3.4)."""
        return room_view(self, seat)

    def stacks_by_name(self) -> dict[str, int]:
        """Each seated player's chips at the table (their stack before the hand in play)."""
        return {p.name: p.stack for p in self.table.players}

    def ledger_json(self) -> dict[str, Any]:
        """The ledger (buy-ins, cash-outs, net per player) as JSON-ready data."""
        return self.ledger.to_json(self.stacks_by_name(), self.table.rake_taken)

    def ledger_csv(self) -> str:
        """The ledger's per-player totals as CSV."""
        return self.ledger.to_csv(self.stacks_by_name())

    def chips_accounted(self) -> bool:
        """Whether buy-ins equal cash-outs plus every chip at the table plus rake (RULES 7.2)."""
        return self.ledger.bought == (
            self.ledger.cashed + self.table.chips_on_table + self.table.rake_taken
        )

    # ------------------------------------------------------------ applying

    def _do(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        before = len(self.events)
        self._apply(event)
        return self.events[before:]

    def _apply(self, event: dict[str, Any]) -> None:
        """Apply one stored event; raises (changing nothing) when it is not acceptable now."""
        kind = event.get("type")
        handler = getattr(self, f"_on_{kind}", None)
        if not isinstance(kind, str) or handler is None:
            raise RoomError(f"unknown room event {kind!r}")
        try:
            handler(event)
        except RoomError:
            raise
        except BigblindError as error:
            raise RoomError(str(error)) from None
        self.events.append(event)
        self.now = max(self.now, float(event["at"]))
        self._after(event)

    def _after(self, event: dict[str, Any]) -> None:
        """Settle a hand that is over, then carry out the requests made during it."""
        current = self.current
        if current is None:
            return
        if not current.hand.finished:
            self._time_turn(current, event)
            return
        self.clock.hand_finished()
        record = self.table.finish_hand()
        self.last_record = record
        self._last_hand_end = float(event["at"])
        summary = {
            "type": "hand_ended",
            "at": event["at"],
            "number": record.number,
            "stacks": {
                str(s): stack for s, stack in zip(record.seats, record.stacks_after, strict=True)
            },
            "rake": record.rake,
        }
        self.events.append(summary)
        self._between_hands(float(event["at"]))

    def _time_turn(self, current: TableHand, event: dict[str, Any]) -> None:
        """Start the clock of a player newly due to act (RULES 10.4), or of the run-it-twice
        offer (RULES 10.3)."""
        hand_seat = current.hand.actor
        if hand_seat is None:
            self.clock.stop()
            if self.table.runs_offer() and self._runs_offered_at is None:
                self._runs_offered_at = float(event["at"])
            return
        name = current.names[hand_seat]
        turn = self.clock.turn
        if turn is None or turn.name != name or event["type"] == "hand_started":
            self.clock.start_turn(name, now=float(event["at"]))

    def _between_hands(self, at: float) -> None:
        s = self.settings
        queued, self._queued = self._queued, []
        for event in queued:
            try:
                getattr(self, f"_on_{event['type']}")(event)
            except BigblindError as error:
                self.notices.append(str(error))
        for seat, occupant in list(self.occupants.items()):
            info = self.table.player(seat)
            away = self.clock.is_away(occupant.name)
            if away and info is not None and info.status is not Status.SITTING_OUT:
                self.table.sit_out(seat)
            if occupant.bot and info is not None and info.stack == 0:
                self._cash_out(seat)  # a bot that went broke leaves the table
        if self._pending_blinds is not None:
            self.blinds, self._pending_blinds = self._pending_blinds, None
            self.table.rules = s.rules(self.blinds)
        if self.ended:
            for seat in list(self.occupants):
                self._cash_out(seat)

    def _queue_if_playing(self, event: dict[str, Any]) -> bool:
        if self.current is None:
            return False
        self._queued.append(event)
        return True

    # seat requests -------------------------------------------------------

    def _on_seat_requested(self, e: dict[str, Any]) -> None:
        name, seat, chips = e["name"], e["seat"], e["chips"]
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise RoomError(f"name {name!r}: 1 to {MAX_NAME} characters")
        self._check_seat_free(seat)
        if any(o.name == name for o in self.occupants.values()):
            raise RoomError(f"the name {name!r} is taken at this table: choose another")
        lo, hi = self.settings.min_buy_in, self.settings.max_buy_in
        if isinstance(chips, bool) or not isinstance(chips, int) or not lo <= chips <= hi:
            raise RoomError(f"buy-in {chips!r}: the buy-in is {lo} to {hi} chips")
        if any(hmac.compare_digest(e["token"], o.token) for o in self.occupants.values()):
            raise RoomError("you already have a seat at this table")
        self._request_count += 1
        self.requests[self._request_count] = _Request(
            self._request_count, name, seat, chips, e["token"], bool(e["wait_for_big_blind"])
        )

    def _on_seat_refused(self, e: dict[str, Any]) -> None:
        self._request(e["request"])
        del self.requests[e["request"]]

    def _on_seat_approved(self, e: dict[str, Any]) -> None:
        req = self._request(e["request"])
        self._check_seat_free(req.seat)
        del self.requests[req.number]
        self.occupants[req.seat] = _Occupant(req.name, req.token)
        self.clock.seat(req.name)
        if not self._queue_if_playing({**e, "type": "_join", "seat": req.seat, "req": req}):
            self._on__join({"seat": req.seat, "req": req})

    def _on__join(self, e: dict[str, Any]) -> None:
        req: _Request = e["req"]
        try:
            self.table.join(
                req.seat, req.name, req.chips, wait_for_big_blind=req.wait_for_big_blind
            )
        except BigblindError:
            self.occupants.pop(req.seat, None)
            raise
        self.ledger.record(req.name, "buy-in", req.chips, self.now)

    def _on_bot_added(self, e: dict[str, Any]) -> None:
        seat = e["seat"]
        self._check_seat_free(seat)
        bot = make_bot(e["kind"], e["seed"])
        self.occupants[seat] = _Occupant(e["name"], "", bot=e["kind"], bot_seed=e["seed"])
        self._bots[seat] = bot
        if not self._queue_if_playing({**e, "type": "_bot_join"}):
            self._on__bot_join(e)

    def _on__bot_join(self, e: dict[str, Any]) -> None:
        seat = e["seat"]
        try:
            self.table.join(seat, e["name"], e["chips"])
        except BigblindError:
            self.occupants.pop(seat, None)
            self._bots.pop(seat, None)
            raise
        self.ledger.record(e["name"], "buy-in", e["chips"], self.now)

    # players' own requests ---------------------------------------------

    def _on_sat_out(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        if not self._queue_if_playing(e):
            self.table.sit_out(seat)

    def _on_sat_in(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        self.clock.back(self.occupants[seat].name)
        if self._queue_if_playing(e):
            return
        info = self.table.player(seat)
        if info is not None and info.status is Status.SITTING_OUT:
            self.table.sit_in(seat)

    def _on_set_away(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        self._mark_away(seat, float(e["at"]))
        if self.current is None:
            self.table.sit_out(seat)

    def _mark_away(self, seat: int, at: float) -> None:
        """Away (RULES 10.4): a turn of theirs under way times out at once."""
        name = self.occupants[seat].name
        self.clock.mark_away(name, at)
        turn = self.clock.turn
        if turn is not None and turn.name == name:
            self.clock.start_turn(name, now=at)

    def _on_topped_up(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        chips = e["chips"]
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise RoomError(f"top-up {chips!r}: a whole number of chips, at least 1")
        if self.current is not None and seat in self.current.seats:
            raise RoomError("you are in this hand: top up between hands")
        if not self._queue_if_playing(e):
            self.table.top_up(seat, chips)
            self.ledger.record(self.occupants[seat].name, "top-up", chips, self.now)

    def _on_left(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        occupant = self.occupants[seat]
        if self.current is not None and seat in self.current.seats:
            # Dealt in: checked or folded when due, cashed out after the hand.
            occupant.leaving = True
            self._mark_away(seat, float(e["at"]))
        if not self._queue_if_playing(e):
            self._cash_out(seat)

    def _cash_out(self, seat: int) -> None:
        occupant = self.occupants.pop(seat, None)
        if occupant is None:
            return
        self._bots.pop(seat, None)
        chips = self.table.leave(seat)
        self.ledger.record(occupant.name, "cash-out", chips, self.now)

    def _on_shown(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        record = self.last_record
        if self.current is not None or record is None or seat not in record.seats:
            raise RoomError("cards are shown after a hand you played, before the next deal")
        hand = record.hand
        cards = hand.hole(record.seats.index(seat))
        self.shown_after[seat] = cards_text(cards)

    def _on_chat(self, e: dict[str, Any]) -> None:
        text = e["text"]
        if not isinstance(text, str) or not 1 <= len(text.strip()) <= MAX_CHAT:
            raise RoomError(f"a chat line has 1 to {MAX_CHAT} characters")
        self.chat.append({"name": e["name"], "text": text.strip(), "at": e["at"]})

    # the host ------------------------------------------------------------

    def _on_paused(self, e: dict[str, Any]) -> None:
        self.paused = True

    def _on_resumed(self, e: dict[str, Any]) -> None:
        if self.ended:
            raise RoomError("the game is over and cannot resume")
        self.paused = False

    def _on_blinds_set(self, e: dict[str, Any]) -> None:
        blinds = (e["small"], e["big"], e["ante"])
        self.settings.rules(blinds)  # checks them
        if self.current is None:
            self.blinds = blinds
            self.table.rules = self.settings.rules(blinds)
        else:
            self._pending_blinds = blinds

    def _on_ended(self, e: dict[str, Any]) -> None:
        self.ended = self.paused = True
        self.requests.clear()
        if self.current is None:
            for seat in list(self.occupants):
                self._cash_out(seat)

    # the hand --------------------------------------------------------------

    def _on_hand_started(self, e: dict[str, Any]) -> None:
        if self.next_hand_at() is None:
            raise RoomError("no hand can be dealt now: " + self._why_no_deal())
        self.table.start_hand(deck=Deck(e["deck"]))
        self.shown_after = {}

    def _on_acted(self, e: dict[str, Any]) -> None:
        current = self.current
        seat = e["seat"]
        if current is None or current.actor != seat:
            raise RoomError(f"seat {seat} is not to act")
        at = float(e["at"])
        name = current.names[current.hand_seat(seat)]
        turn = self.clock.turn
        away = self.clock.is_away(name)
        if turn is not None and turn.expired(at) and not away:
            raise RoomError("your time to act has run out: the hand goes on without you")
        legal = current.hand.legal
        try:
            current.hand.act(e["action"], seat=current.hand_seat(seat))
        except BigblindError as error:
            # The engine counts seats in the hand; the player knows only the legal choices.
            options = ", ".join(legal.options()) if legal is not None else "none"
            reason = str(error).split(": ", 1)[-1]
            raise RoomError(f"cannot {e['action']!r}: {reason}; legal now: {options}") from None
        if away:  # acting for oneself is being back (RULES 10.4)
            self.clock.back(name)
            self.clock.stop()
        elif turn is not None:
            self.clock.end_turn(at)

    def _on_timed_out(self, e: dict[str, Any]) -> None:
        current = self.current
        seat = e["seat"]
        if current is None or current.actor != seat:
            raise RoomError(f"seat {seat} is not to act")
        legal = current.hand.legal
        assert legal is not None  # an actor in the betting has a legal set
        timed_out = self.clock.time_out(float(e["at"]), legal, hand=current.number)
        current.hand.act(timed_out.action)

    def _on_runs_voted(self, e: dict[str, Any]) -> None:
        seat, agree = e["seat"], e["agree"]
        asked = self.table.runs_offer()
        if seat not in asked:
            raise RoomError("you are not asked to run it twice now")
        if seat in self.run_votes:
            raise RoomError("you have answered already")
        if not isinstance(agree, bool):
            raise RoomError(f"agree {agree!r}: true or false")
        self.run_votes[seat] = agree
        # RULES 10.3: one refusal means one run; every player in agreeing means two.
        if not agree or set(self.run_votes) >= set(asked):
            self._choose_runs()

    def _on_runs_lapsed(self, e: dict[str, Any]) -> None:
        deadline = self.runs_deadline()
        if deadline is None or float(e["at"]) < deadline:
            raise RoomError("no run-it-twice offer has run out of time")
        self._choose_runs()  # no answer in time means one run (RULES 10.3)

    def _choose_runs(self) -> None:
        self.table.choose_runs(s for s, yes in self.run_votes.items() if yes)
        self.run_votes = {}
        self._runs_offered_at = None

    def _on_hand_ended(self, e: dict[str, Any]) -> None:
        raise RoomError("a hand ends by its last action, not by request")

    def _request(self, number: object) -> _Request:
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

    def _check_seat_free(self, seat: object) -> None:
        n = self.settings.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise RoomError(f"seat {seat!r}: seats are 0 to {n - 1}")
        if seat in self.occupants:
            free = ", ".join(str(s) for s in range(n) if s not in self.occupants) or "none"
            raise RoomError(f"seat {seat} is taken: free seats are {free}")
        if self.ended:
            raise RoomError("the game is over")

    def _why_no_deal(self) -> str:
        if self.ended:
            return "the game is over"
        if self.paused:
            return "the game is paused"
        if self.current is not None:
            return "a hand is being played"
        return "two players ready to play are needed"
