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

import hmac
from dataclasses import dataclass
from typing import Any

from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.presets import preset_amount
from bigblind.errors import BigblindError
from bigblind.room.histories import history_text
from bigblind.room.settings import RoomError, RoomSettings
from bigblind.room.state import MAX_NAME, RoomState, token_hash
from bigblind.room.views import closed_view, personal_view, public_view, shown_cards

__all__ = ["SPECTATORS_CLOSED", "Identity", "Room"]

SPECTATORS_CLOSED = "the host does not allow spectators at this table: ask for a seat to play"


@dataclass(frozen=True, slots=True)
class Identity:
    """Who sent a request: the host, a seated player, a player waiting for approval, or a
    spectator (no role); ``person`` is the hash of their token (None without one), whose
    cards they are shown in past hands whatever seat they hold now (RULES 3.4)."""

    host: bool = False
    seat: int | None = None
    request: int | None = None
    person: str | None = None


class Room(RoomState):
    """One room; build it with :meth:`create` or :meth:`restore`, never directly."""

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
        return Identity(host=host, seat=seat, request=request, person=digest)

    def view_for(self, who: Identity) -> dict[str, Any]:
        """The room as ``who`` may see it: their seat's view, with the host's controls for
        the host; where the host allows no spectators, a spectator sees only the seats."""
        public = public_view(self)
        if not self.may_watch(who):
            return closed_view(public)
        return personal_view(self, public, who.seat, host=who.host)

    def history(self, fmt: str, viewer: Identity) -> str:
        """The finished hands as PHH (``fmt`` 'phh') or PokerStars text ('pokerstars'),
        with only the cards ``viewer`` may see: those they were dealt, whatever seat they
        hold now, and those shown (RULES 3.4, 6.8)."""
        return history_text(self, fmt, viewer.person)

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
        open room or when the host asks, else when the host approves. A sit-and-go seats
        everyone with its starting stack, whatever ``chips`` says."""
        if self.sng is not None:
            chips = self.settings.starting_stack
        digest = token_hash(token)
        event = {
            "type": "seat_requested",
            "at": at,
            "token": digest,
            "name": name,
            "seat": seat,
            "chips": chips,
            "wait_for_big_blind": wait_for_big_blind,
        }
        host = self.identify(token).host
        # Checked before anything is applied: a request refused here, or by the approval
        # that follows it, is never stored (one person, one seat; one name, one player).
        self._check_newcomer(name, digest)
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

    def act(self, who: Identity, action: Action | str, *, at: float) -> list[dict[str, Any]]:
        """Play ``action`` for the seat to act (RULES 4-5): an engine
        :class:`~bigblind.engine.actions.Action`, or its text ('fold', 'check', 'call',
        'bet N', 'raise N', 'all-in'), or a preset such as 'preset x3' or 'preset 50%'
        (RULES 5.7); at the showdown, 'show' or 'muck' a hand that cannot win (RULES 6.7).
        The stored event keeps the action's text (``str(action)``)."""
        seat = self._own_seat(who)
        current = self.current
        if current is None:
            raise RoomError("no hand is being played: wait for the next deal")
        if current.actor != seat:
            raise RoomError(f"it is not your turn: seat {current.actor} is to act")
        if isinstance(action, Action):
            return self._do({"type": "acted", "at": at, "seat": seat, "action": str(action)})
        text = action.strip().lower()
        if text.startswith("preset "):
            try:
                amount = preset_amount(current.hand, text.removeprefix("preset ").strip())
            except BigblindError as error:
                raise RoomError(str(error)) from None
            legal = current.hand.legal
            opening = legal is not None and legal.bet
            text = str(Action.bet_or_raise(amount, opening=opening))
        return self._do({"type": "acted", "at": at, "seat": seat, "action": text})

    def run_it_twice(self, who: Identity, agree: bool, *, at: float) -> list[dict[str, Any]]:
        """Answer the offer to run the rest of the board twice (RULES 10.3)."""
        event = {"type": "runs_voted", "at": at, "seat": self._own_seat(who), "agree": agree}
        return self._do(event)

    def straddle(self, who: Identity, agree: bool, *, at: float) -> list[dict[str, Any]]:
        """Answer the offer to straddle the next hand (RULES 2.7); no answer in time is no."""
        event = {"type": "straddle_answered", "at": at, "seat": self._own_seat(who)}
        return self._do({**event, "agree": agree})

    def set_auto_muck(self, who: Identity, on: bool, *, at: float) -> list[dict[str, Any]]:
        """Muck losing hands unasked (``on``, the default) or be asked at each showdown
        whether to show a hand that cannot win (RULES 6.7)."""
        return self._do({"type": "auto_muck_set", "at": at, "seat": self._own_seat(who), "on": on})

    def show(self, who: Identity, *, at: float, card: int | None = None) -> list[dict[str, Any]]:
        """Show one's cards after the hand, when they were not shown at the showdown: all of
        them, or the one ``card`` (its place in the hand, 0 for the first: RULES 12.4). Only
        the person dealt them may, not a later occupant of their seat (RULES 3.4, 6.8).
        Checked here rather than on applying, so rooms stored before still restore."""
        seat = self._own_seat(who)
        record, occupant = self.last_record, self.occupants.get(seat)
        if self.current is None and record is not None and occupant is not None:
            holder = self.holders.get(record.number, {}).get(seat, "")
            if seat in record.seats and not hmac.compare_digest(holder, occupant.token):
                raise RoomError("you did not play the last hand: only its players show cards")
            if seat in shown_cards(record.table_hand):
                raise RoomError("your cards were shown at the showdown: everyone has seen them")
            before = self.shown_picks.get(record.number, {}).get(seat, ())
            held = self.settings.poker().hole_cards
            if card is None and len(before) == held:
                raise RoomError("everyone has seen your cards already")
            if card is not None and card in before:
                raise RoomError("everyone has seen that card already: show another")
        event: dict[str, Any] = {"type": "shown", "at": at, "seat": seat}
        if card is not None:
            event["card"] = card
        return self._do(event)

    def rabbit_hunt(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Turn up the board cards that would have come after a hand that ended before
        the river, for everyone (RULES 12.3); anyone at the room may ask, where the room
        allows it. They change nothing: the pots are awarded already."""
        if who.seat is not None and who.seat in self.occupants:
            name = self.occupants[who.seat].name
        else:
            name = "the host" if who.host else "a spectator"
        return self._do({"type": "rabbit_hunted", "at": at, "name": name})

    def say(
        self, who: Identity, text: str, *, at: float, name: str | None = None
    ) -> list[dict[str, Any]]:
        """A chat line from a seated player or the host; from a spectator, under ``name``,
        where the host lets spectators chat."""
        event: dict[str, Any] = {"type": "chat", "at": at, "text": text}
        if who.seat is not None:
            event["name"] = self.occupants[who.seat].name
        elif who.host:
            event["name"] = "host"
        else:
            if not self.may_watch(who):
                raise RoomError(SPECTATORS_CLOSED)
            if not self.spectator_chat:
                raise RoomError("the host has turned spectators' chat off: take a seat to chat")
            chosen = (name or "").strip()
            if not 1 <= len(chosen) <= MAX_NAME:
                raise RoomError(f"type a name of 1 to {MAX_NAME} characters to chat as a spectator")
            if any(o.name == chosen for o in self.occupants.values()) or chosen == "host":
                raise RoomError(f"{chosen!r} is a player's name here: chat under another")
            event.update(name=chosen, spectator=True)
        return self._do(event)

    def react(self, who: Identity, emoji: str, *, at: float) -> list[dict[str, Any]]:
        """An emoji by one's seat for a moment (a few at a time: see ``REACTIONS``)."""
        return self._do({"type": "reacted", "at": at, "seat": self._own_seat(who), "emoji": emoji})

    def may_watch(self, who: Identity) -> bool:
        """Whether ``who`` may see the play: the seated, the host, and anyone asking for a
        seat may; other spectators where the host allows them."""
        return self.spectators_allowed or who.seat is not None or who.host

    # ------------------------------------------------------------ host

    def approve(
        self, who: Identity, request: int, *, at: float, seat: int | None = None
    ) -> list[dict[str, Any]]:
        """Seat a player who asked (host only): in the seat they asked for, or ``seat``."""
        self._host_only(who, "approve a seat")
        req = self._request(request)
        self._check_newcomer(req.name, req.token, approving=True)
        event: dict[str, Any] = {"type": "seat_approved", "at": at, "request": request}
        if seat is not None and seat != req.seat:
            event["seat"] = seat
        return self._do(event)

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
        if self.sng is not None:
            chips = self.settings.starting_stack
        names = {o.name for o in self.occupants.values()}
        names.update(r.name for r in self.requests.values())  # one asking keeps their name
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

    def call_bomb_pot(
        self, who: Identity, amount: int | None = None, *, at: float
    ) -> list[dict[str, Any]]:
        """Make the next hand a bomb pot (host only; RULES 12.1): every player dealt in
        puts in ``amount`` (default: the room's ``bomb_pot``), no blinds, and the hand
        starts on the flop; ``amount`` 0 calls it off."""
        self._host_only(who, "call a bomb pot")
        if amount is None:
            amount = self.settings.bomb_pot
            if not amount:
                raise RoomError("say how much each player puts in the bomb pot")
        return self._do({"type": "bomb_pot_called", "at": at, "amount": amount})

    def adjust_stack(
        self, who: Identity, seat: int, chips: int, *, at: float
    ) -> list[dict[str, Any]]:
        """Add ``chips`` to the stack in ``seat``, or take them away (below 0), with a line
        in the ledger (host only); asked during a hand, made when it ends."""
        self._host_only(who, "change a stack")
        self.check_adjustment(seat, chips)
        return self._do({"type": "stack_adjusted", "at": at, "seat": seat, "chips": chips})

    def transfer_host(self, who: Identity, seat: int, *, at: float) -> list[dict[str, Any]]:
        """Hand the host's part to the person in ``seat`` (host only)."""
        self._host_only(who, "hand on the host's part")
        return self._do({"type": "host_transferred", "at": at, "seat": seat})

    def set_spectators(
        self, who: Identity, *, allowed: bool, chat: bool, at: float
    ) -> list[dict[str, Any]]:
        """Let people without a seat watch (``allowed``) and chat (``chat``), or not
        (host only)."""
        self._host_only(who, "let spectators in or keep them out")
        return self._do({"type": "spectators_set", "at": at, "allowed": allowed, "chat": chat})

    def start(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """Start a sit-and-go before every seat is taken (host only; 2 players or more)."""
        self._host_only(who, "start the sit-and-go")
        return self._do({"type": "tournament_started", "at": at})

    def end(self, who: Identity, *, at: float) -> list[dict[str, Any]]:
        """End the game after the hand being played; everyone is cashed out (host only)."""
        self._host_only(who, "end the game")
        return self._do({"type": "ended", "at": at})

    # ------------------------------------------------------------ the dealer

    def deal(self, *, at: float, deck: Deck | None = None) -> list[dict[str, Any]]:
        """Deal the next hand from ``deck`` or a freshly shuffled one (RULES 1.2); first
        ask the player due to straddle, when the room allows straddles (RULES 2.7)."""
        if self.next_hand_at() is None:
            raise RoomError("no hand can be dealt now: " + self._why_no_deal())
        bomb = self.bomb_pot_due()  # RULES 12.1: no blinds, so no straddle
        if self.straddle_offered_at is None and not bomb:
            seat = self._straddle_offer()
            if seat is not None:
                return self._do({"type": "straddle_offered", "at": at, "seat": seat})
        lapses = self.straddle_deadline()
        if lapses is not None and at < lapses:
            raise RoomError(f"seat {self.straddle_seat} is choosing whether to straddle")
        if deck is None:
            seed = self._deck_seed
            game = self.settings.poker()  # RULES 11.3: short deck deals 36 cards
            pool = None if len(game.deck) == 52 else game.deck
            deck = Deck.shuffled(None if seed is None else seed + self.hand_number, cards=pool)
        cards = [int(c) for c in deck.cards]
        event: dict[str, Any] = {"type": "hand_started", "at": at, "deck": cards}
        if bomb:
            event["bomb_pot"] = bomb
        elif self.straddle_answer and self._straddle_offer() is not None:
            event["straddle"] = True
        return self._do(event)

    def lapse_runs(self, *, at: float) -> list[dict[str, Any]]:
        """The run-it-twice offer had no answer from everyone in time: one run (RULES 10.3)."""
        return self._do({"type": "runs_lapsed", "at": at})

    def time_out(self, *, at: float) -> list[dict[str, Any]]:
        """The actor's time and bank ran out: check or fold, marked away (RULES 10.4)."""
        deadline = self.deadline()
        if deadline is None or at < deadline:
            raise RoomError("nobody's time has run out")
        return self._do({"type": "timed_out", "at": at, "seat": self.actor})

    # ------------------------------------------------------------ helpers

    def _own_seat(self, who: Identity) -> int:
        if who.seat is None:
            raise RoomError("you have no seat at this table: request one first")
        return who.seat

    def _host_only(self, who: Identity, what: str) -> None:
        if not who.host:
            raise RoomError(f"only the host may {what}")
