"""The room: a table (or a sit-and-go) with people, bots, a host, clocks and a ledger.

A :class:`Room` is pure: no sockets, no SQL, no clock of its own. Every
request is a method that checks it, turns it into an event (a JSON-ready
dict), applies it and returns the events it made; the caller stores them and
only then tells anyone. :meth:`Room.restore` rebuilds a room from its
stored events, so a room's state is a function of its events. Time comes in
with each request (``at``, seconds) and is stored with its event, so clocks
resume from stored deadlines.

>>> room, events = Room.create("r1", RoomSettings(seed=1, open_seating=True), "host-secret", at=0)
>>> for seat, name in [(0, "Ann"), (1, "Bob")]:
...     _ = room.request_seat(f"{name}-secret", name, seat, 100, at=1)
>>> _ = room.deal(at=2)
>>> tokens = {0: "Ann-secret", 1: "Bob-secret"}
>>> _ = room.act(room.identify(tokens[room.actor]), "call", at=3)
>>> _ = room.act(room.identify(tokens[room.actor]), "check", at=4)
>>> room.hand_number, room.view(None)["hand"]["street"]
(1, 'flop')
>>> Room.restore("r1", room.events).view(0) == room.view(0)
True
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bigblind.bots import Bot, make_bot
from bigblind.cards import Deck
from bigblind.engine.presets import preset_amount
from bigblind.errors import BigblindError
from bigblind.formats import phh, pokerstars
from bigblind.room.ledger import Ledger
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.views import (
    cards_text,
    phh_hidden,
    redact_phh,
    redact_pokerstars,
    room_view,
    shown_cards,
)
from bigblind.sessions.table import HandRecord, Status, Table, TableHand

__all__ = ["Identity", "Room"]

MAX_CHAT = 300
MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class Identity:
    """Who sent a request: the host, a seated player, a player waiting for approval, or a
    spectator (every field empty)."""

    host: bool = False
    seat: int | None = None
    request: int | None = None


def token_hash(token: str) -> str:
    """What the room keeps of a secret token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class _Occupant:
    name: str
    token: str  # the token's hash
    bot: str | None = None
    bot_seed: int = 0
    away: bool = False
    leaving: bool = False


@dataclass(slots=True)
class _Request:
    number: int
    name: str
    seat: int
    chips: int
    token: str
    wait_for_big_blind: bool


class Room:
    """One room; build it with :meth:`create` or :meth:`restore`, never directly."""

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
        self._banks: dict[int, float] = {}
        self._turn_started = 0.0
        self._last_hand_end = self.created_at
        self.last_record: HandRecord | None = None
        self.shown_after: dict[int, str] = {}  # cards shown after the hand, by table seat
        self._request_count = 0
        self._bots: dict[int, Bot] = {}
        self.now = self.created_at

    # ------------------------------------------------------------ building

    @classmethod
    def create(
        cls,
        room_id: str,
        settings: RoomSettings,
        host_token: str,
        *,
        at: float,
        table_seed: int = 0,
    ) -> tuple[Room, list[dict[str, Any]]]:
        """A new room whose host holds ``host_token``; returns it and its first events."""
        created = {
            "type": "room_created",
            "at": at,
            "settings": settings.to_dict(),
            "host": token_hash(host_token),
            "table_seed": table_seed,
        }
        room = cls(room_id, created)
        events = [created]
        for i, kind in enumerate(settings.bots):
            events += room.add_bot(Identity(host=True), kind, seat=None, at=at, seed=table_seed + i)
        return room, events

    @classmethod
    def restore(cls, room_id: str, events: list[dict[str, Any]]) -> Room:
        """The room as its stored ``events`` left it."""
        room = cls(room_id, events[0])
        for event in events[1:]:
            if event["type"] == "hand_ended":
                # Derived from the action that ended the hand: check it, do not apply it.
                if room.events[-1] != event:
                    raise RoomError(f"stored hand end {event} disagrees with the replay")
                continue
            room._apply(event)
        return room

    # ------------------------------------------------------------ identity

    def identify(self, token: str | None) -> Identity:
        """Who holds ``token`` (compared in constant time); a spectator when nobody does."""
        if not token:
            return Identity()
        digest = token_hash(token)
        host = hmac.compare_digest(digest, self._host)
        seat = None
        for number, occupant in self.occupants.items():
            if hmac.compare_digest(digest, occupant.token):
                seat = number
        request = None
        for number, req in self.requests.items():
            if hmac.compare_digest(digest, req.token):
                request = number
        return Identity(host=host, seat=seat, request=request)

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
        return self._turn_started

    def deadline(self) -> float | None:
        """When the actor's time (and time bank) runs out; at once for an away player."""
        seat = self.actor
        if seat is None:
            return None
        occupant = self.occupants.get(seat)
        if occupant is not None and occupant.away:
            return self._turn_started
        return self._turn_started + self.settings.decision_seconds + self._banks.get(seat, 0.0)

    def bank(self, seat: int) -> float:
        """The seat's time bank in seconds (RULES 10.4)."""
        return self._banks.get(seat, 0.0)

    def next_hand_at(self) -> float | None:
        """When the next hand may be dealt, None while none can be."""
        if self.ended or self.paused or self.current is not None or not self.table.can_deal():
            return None
        return self._last_hand_end + self.settings.next_hand_seconds

    def bot_to_act(self) -> int | None:
        """The seat of a bot due to act, or None."""
        seat = self.actor
        if seat is not None and seat in self._bots and not self.occupants[seat].away:
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

    def history(self, fmt: str, viewer: int | None) -> str:
        """The finished hands as PHH (``fmt`` 'phh') or PokerStars text ('pokerstars'),
        with only the cards ``viewer`` may see (RULES 3.4, 6.8)."""
        records = self.table.history
        if fmt == "phh":
            parts = []
            for index, record in enumerate(records, start=1):
                shown = shown_cards(record.table_hand)
                hidden = phh_hidden(record.table_hand, viewer, shown)
                text = phh.dump_session([(record.hand, record.phh_fields())])
                parts.append(redact_phh(text.replace("[1]", f"[{index}]", 1), hidden))
            return "\n".join(parts)
        if fmt == "pokerstars":
            texts = []
            for record in records:
                hero = viewer if viewer is not None and viewer in record.seats else None
                text = self._pokerstars_hand(record, hero)
                texts.append(redact_pokerstars(text))
            return pokerstars.dump_session(texts)
        raise RoomError(f"history format {fmt!r}: accepted are phh, pokerstars")

    def _pokerstars_hand(self, record: HandRecord, hero: int | None) -> str:
        try:
            return pokerstars.dumps(
                record.hand,
                hand_id=record.number,
                table=self.settings.name,
                players=record.names,
                when=datetime.fromtimestamp(self.created_at, tz=UTC),
                seat_numbers=[s + 1 for s in record.seats],
                hero=None if hero is None else record.seats.index(hero),
                max_seats=self.settings.seats,
                rake=record.rake,
            )
        except (KeyError, BigblindError) as error:
            # Some hands (a live blind posted on entering) have no PokerStars form yet.
            return f"Hand #{record.number}: not written in PokerStars text ({error!r})\n"

    def chips_accounted(self) -> bool:
        """Whether buy-ins equal cash-outs plus every chip at the table plus rake (RULES 7.2)."""
        return self.ledger.bought == (
            self.ledger.cashed + self.table.chips_on_table + self.table.rake_taken
        )

    # ------------------------------------------------------------ players

    def request_seat(
        self,
        token: str,
        name: str,
        seat: int,
        chips: int,
        *,
        at: float,
        wait_for_big_blind: bool = False,
    ) -> list[dict[str, Any]]:
        """Ask for ``seat`` with a buy-in of ``chips`` (RULES 10.1); seated at once in an
        open room or when the host asks, else when the host approves."""
        event = {
            "type": "seat_requested",
            "at": at,
            "token": token_hash(token),
            "name": name,
            "seat": seat,
            "chips": chips,
            "wait_for_big_blind": wait_for_big_blind,
        }
        host = self.identify(token).host
        events = self._do(event)
        # The host approves seats, their own included: asking is enough.
        if self.settings.open_seating or host:
            events += self._do({"type": "seat_approved", "at": at, "request": self._request_count})
        return events

    def sit_out(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Stop being dealt in from the next hand (RULES 10.1)."""
        return self._do({"type": "sat_out", "at": at, "seat": self._own_seat(who)})

    def sit_in(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Come back: no longer away, dealt in again, posting blinds owed (RULES 10.1, 10.4)."""
        return self._do({"type": "sat_in", "at": at, "seat": self._own_seat(who)})

    def top_up(self, who: Identity, chips: int, *, at: float) -> list[dict[str, Any]]:
        """Add chips between hands, up to the maximum buy-in (RULES 10.1)."""
        return self._do(
            {"type": "topped_up", "at": at, "seat": self._own_seat(who), "chips": chips}
        )

    def leave(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Leave; the stack is cashed out into the ledger (after the hand, if dealt in)."""
        return self._do({"type": "left", "at": at, "seat": self._own_seat(who)})

    def act(self, who: Identity, action: str, *, at: float) -> list[dict[str, Any]]:
        """Play ``action`` for the seat to act (RULES 4-5): 'fold', 'check', 'call',
        'bet N', 'raise N', 'all-in', or a preset such as 'x3' or '50%' (RULES 5.7)."""
        seat = self._own_seat(who)
        current = self.current
        if current is None:
            raise RoomError("no hand is being played: wait for the next deal")
        if current.actor != seat:
            raise RoomError(f"it is not your turn: seat {current.actor} is to act")
        text = action.strip().lower()
        if text.startswith("preset "):
            try:
                amount = preset_amount(current.hand, text.removeprefix("preset ").strip())
            except BigblindError as error:
                raise RoomError(str(error)) from None
            legal = current.hand.legal
            text = f"{'bet' if legal is not None and legal.bet else 'raise'} {amount}"
        return self._do({"type": "acted", "at": at, "seat": seat, "action": text})

    def show(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Show one's cards after the hand, when they were not shown at the showdown."""
        return self._do({"type": "shown", "at": at, "seat": self._own_seat(who)})

    def say(self, who: Identity, text: str, *, at: float) -> list[dict[str, Any]]:
        """A chat line from a seated player or the host."""
        if who.seat is not None:
            name = self.occupants[who.seat].name
        elif who.host:
            name = "host"
        else:
            raise RoomError("only seated players and the host may chat")
        return self._do({"type": "chat", "at": at, "name": name, "text": text})

    # ------------------------------------------------------------ host

    def approve(self, who: Identity, request: int, *, at: float) -> list[dict[str, Any]]:
        """Seat a player who asked (host only)."""
        self._host_only(who, "approve a seat")
        return self._do({"type": "seat_approved", "at": at, "request": request})

    def refuse(self, who: Identity, request: int, *, at: float) -> list[dict[str, Any]]:
        """Turn a seat request down (host only)."""
        self._host_only(who, "refuse a seat")
        return self._do({"type": "seat_refused", "at": at, "request": request})

    def add_bot(
        self, who: Identity, kind: str, *, seat: int | None, at: float, seed: int, chips: int = 0
    ) -> list[dict[str, Any]]:
        """Seat a bot (host only) in ``seat`` or the first empty seat, with ``chips`` or the
        maximum buy-in."""
        self._host_only(who, "add a bot")
        if seat is None:
            empty = self.table.empty_seats
            if not empty:
                raise RoomError("every seat is taken: remove a player to add a bot")
            seat = empty[0]
        chips = chips or self.settings.max_buy_in
        names = {o.name for o in self.occupants.values()}
        number = 1
        while f"{kind}-{number}" in names:
            number += 1
        event = {
            "type": "bot_added",
            "at": at,
            "seat": seat,
            "kind": kind,
            "name": f"{kind}-{number}",
            "chips": chips,
            "seed": seed,
        }
        return self._do(event)

    def remove(self, who: Identity, seat: int, *, at: float) -> list[dict[str, Any]]:
        """Remove the player or bot in ``seat``, chips to the ledger (host only)."""
        self._host_only(who, "remove a player")
        return self._do({"type": "left", "at": at, "seat": seat})

    def set_away(self, who: Identity, seat: int, *, at: float) -> list[dict[str, Any]]:
        """Mark a player away: checked or folded at once, sat out next hand (host only)."""
        self._host_only(who, "set a player away")
        return self._do({"type": "set_away", "at": at, "seat": seat})

    def pause(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Deal no new hand until resumed; the hand being played finishes (host only)."""
        self._host_only(who, "pause the game")
        return self._do({"type": "paused", "at": at})

    def resume(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Deal again (host only)."""
        self._host_only(who, "resume the game")
        return self._do({"type": "resumed", "at": at})

    def set_blinds(
        self, who: Identity, small: int, big: int, ante: int = 0, *, at: float
    ) -> list[dict[str, Any]]:
        """New blinds from the next hand (host only; RULES 8.1: never mid-hand)."""
        self._host_only(who, "change the blinds")
        event = {"type": "blinds_set", "at": at, "small": small, "big": big, "ante": ante}
        return self._do(event)

    def end(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """End the game after the hand being played; everyone is cashed out (host only)."""
        self._host_only(who, "end the game")
        return self._do({"type": "ended", "at": at})

    # ------------------------------------------------------------ the dealer

    def deal(self, *, at: float, deck: Deck | None = None) -> list[dict[str, Any]]:
        """Deal the next hand from ``deck`` or a freshly shuffled one (RULES 1.2)."""
        if self.next_hand_at() is None:
            raise RoomError("no hand can be dealt now: " + self._why_no_deal())
        if deck is None:
            seed = self._deck_seed
            deck = Deck.shuffled(seed + self.hand_number) if seed is not None else Deck()
        cards = [int(c) for c in deck.cards]
        return self._do({"type": "hand_started", "at": at, "deck": cards})

    def time_out(self, *, at: float) -> list[dict[str, Any]]:
        """The actor's time and bank ran out: check or fold, marked away (RULES 10.4)."""
        deadline = self.deadline()
        if deadline is None or at < deadline:
            raise RoomError("nobody's time has run out")
        return self._do({"type": "timed_out", "at": at, "seat": self.actor})

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
        if current is None or not current.hand.finished:
            return
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

    def _between_hands(self, at: float) -> None:
        s = self.settings
        if s.time_bank_refill_hands and self.hand_number % s.time_bank_refill_hands == 0:
            for seat in self._banks:
                self._banks[seat] = min(
                    s.time_bank_seconds, self._banks[seat] + s.time_bank_refill_seconds
                )
        queued, self._queued = self._queued, []
        for event in queued:
            try:
                getattr(self, f"_on_{event['type']}")(event)
            except BigblindError as error:
                self.notices.append(str(error))
        for seat, occupant in list(self.occupants.items()):
            info = self.table.player(seat)
            if occupant.away and info is not None and info.status is not Status.SITTING_OUT:
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
        self._banks[req.seat] = self.settings.time_bank_seconds
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
        self.occupants[seat].away = False
        if self._queue_if_playing(e):
            return
        info = self.table.player(seat)
        if info is not None and info.status is Status.SITTING_OUT:
            self.table.sit_in(seat)

    def _on_set_away(self, e: dict[str, Any]) -> None:
        self.occupants[self._occupied(e["seat"])].away = True
        if self.current is None:
            self.table.sit_out(e["seat"])

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
            occupant.away = occupant.leaving = True
        if not self._queue_if_playing(e):
            self._cash_out(seat)

    def _cash_out(self, seat: int) -> None:
        occupant = self.occupants.pop(seat, None)
        if occupant is None:
            return
        self._bots.pop(seat, None)
        self._banks.pop(seat, None)
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
        self._turn_started = float(e["at"])

    def _on_acted(self, e: dict[str, Any]) -> None:
        current = self.current
        seat = e["seat"]
        if current is None or current.actor != seat:
            raise RoomError(f"seat {seat} is not to act")
        legal = current.hand.legal
        try:
            current.hand.act(e["action"], seat=current.hand_seat(seat))
        except BigblindError as error:
            # The engine counts seats in the hand; the player knows only the legal choices.
            options = ", ".join(legal.options()) if legal is not None else "none"
            reason = str(error).split(": ", 1)[-1]
            raise RoomError(f"cannot {e['action']!r}: {reason}; legal now: {options}") from None
        used = float(e["at"]) - self._turn_started - self.settings.decision_seconds
        if used > 0:
            self._banks[seat] = max(0.0, self._banks.get(seat, 0.0) - used)
        self._turn_started = float(e["at"])

    def _on_timed_out(self, e: dict[str, Any]) -> None:
        current = self.current
        seat = e["seat"]
        if current is None or current.actor != seat:
            raise RoomError(f"seat {seat} is not to act")
        legal = current.hand.legal
        current.hand.act("check" if legal is not None and legal.check else "fold")
        occupant = self.occupants.get(seat)
        if occupant is not None and not occupant.away:
            occupant.away = True
            self._banks[seat] = 0.0
        self._turn_started = float(e["at"])

    def _on_hand_ended(self, e: dict[str, Any]) -> None:
        raise RoomError("a hand ends by its last action, not by request")

    # ------------------------------------------------------------ helpers

    def _own_seat(self, who: Identity) -> int:
        if who.seat is None:
            raise RoomError("you have no seat at this table: request one first")
        return who.seat

    def _host_only(self, who: Identity, what: str) -> None:
        if not who.host:
            raise RoomError(f"only the host may {what}")

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
