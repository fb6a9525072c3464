"""A room's people: seat requests, bots, sitting out and in, leaving, chat, the host's
requests, and a sit-and-go's registration (RULES 8, 10.1, 10.4).

:class:`RoomPeople` applies these events for :class:`~bigblind.room.state.RoomState`;
requests made during a hand wait for its end where the table rules say so.
"""

from __future__ import annotations

import dataclasses
import hmac
from typing import Any

from bigblind.bots import make_bot
from bigblind.errors import BigblindError
from bigblind.room.core import MAX_CHAT, MAX_NAME, Occupant, RoomCore, SeatRequest
from bigblind.room.settings import RoomError
from bigblind.room.views import cards_text
from bigblind.sessions.table import Status

__all__ = ["REACTIONS", "REACTIONS_PER_WINDOW", "REACTION_WINDOW", "RoomPeople"]

REACTIONS = ("👍", "😂", "😮", "😬", "🔥", "👏", "🤔", "😭")
"""The emoji a player may react with, shown for a moment by their seat."""
REACTION_WINDOW = 10.0
REACTIONS_PER_WINDOW = 3
"""At most this many reactions from one seat in any :data:`REACTION_WINDOW` seconds."""
MAX_REACTIONS_KEPT = 12


class RoomPeople(RoomCore):
    """The events of a room's people and its host (see the module's documentation)."""

    def __init__(self, room_id: str, created: dict[str, Any]) -> None:
        super().__init__(room_id, created)
        self.reactions: list[dict[str, Any]] = []  # the latest, oldest first
        self._reacted_at: dict[int, list[float]] = {}  # each seat's within the window
        self.spectators_allowed = True  # people without a seat may watch
        self.spectator_chat = False  # ... and chat, which the host turns on

    # seat requests -------------------------------------------------------

    def _on_seat_requested(self, e: dict[str, Any]) -> None:
        name, seat, chips = e["name"], e["seat"], e["chips"]
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise RoomError(f"name {name!r}: 1 to {MAX_NAME} characters")
        self._check_seat_free(seat)
        if any(o.name == name for o in self.occupants.values()):
            raise RoomError(f"the name {name!r} is taken at this table: choose another")
        lo, hi = self.settings.min_buy_in, self.settings.max_buy_in
        if self.sng is not None:  # everyone starts with the same stack
            lo = hi = self.settings.starting_stack
        if isinstance(chips, bool) or not isinstance(chips, int) or not lo <= chips <= hi:
            raise RoomError(f"buy-in {chips!r}: the buy-in is {lo} to {hi} chips")
        if any(hmac.compare_digest(e["token"], o.token) for o in self.occupants.values()):
            raise RoomError("you already have a seat at this table")
        self._request_count += 1
        self.requests[self._request_count] = SeatRequest(
            self._request_count, name, seat, chips, e["token"], bool(e["wait_for_big_blind"])
        )

    def _on_seat_refused(self, e: dict[str, Any]) -> None:
        self._request(e["request"])
        del self.requests[e["request"]]

    def _on_seat_approved(self, e: dict[str, Any]) -> None:
        req = self._request(e["request"])
        seat = e.get("seat", req.seat)  # the host may seat them elsewhere than they asked
        self._check_seat_free(seat)
        if seat != req.seat:
            req = dataclasses.replace(req, seat=seat)
        playing = self.current is not None
        if not playing:
            # The table checks the newcomer first: a refused approval changes nothing, so
            # the room goes on as its stored events say.
            self.table.join(
                req.seat, req.name, req.chips, wait_for_big_blind=req.wait_for_big_blind
            )
        del self.requests[req.number]
        self.occupants[req.seat] = Occupant(req.name, req.token)
        self.clock.seat(req.name)
        if playing:
            self._queued.append({**e, "type": "_join", "seat": req.seat, "req": req})
        else:
            self._bought_in(req.name, req.chips)

    def _on__join(self, e: dict[str, Any]) -> None:
        req: SeatRequest = e["req"]
        try:
            self.table.join(
                req.seat, req.name, req.chips, wait_for_big_blind=req.wait_for_big_blind
            )
        except BigblindError:
            self.occupants.pop(req.seat, None)
            raise
        self._bought_in(req.name, req.chips)

    def _on_bot_added(self, e: dict[str, Any]) -> None:
        seat = e["seat"]
        self._check_seat_free(seat)
        bot = make_bot(e["kind"], e["seed"], game=self.settings.poker())
        self.occupants[seat] = Occupant(e["name"], "", bot=e["kind"], bot_seed=e["seed"])
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
        self._bought_in(e["name"], e["chips"])

    def _bought_in(self, name: str, chips: int) -> None:
        """The ledger takes the buy-in: the chips, or a sit-and-go's entry, which starts
        once every seat is taken."""
        sng = self.sng
        if sng is None:
            self.ledger.record(name, "buy-in", chips, self.now)
            return
        self.ledger.record(name, "buy-in", self.settings.tournament_buy_in, self.now)
        if len(self.table.players) == self.settings.seats:
            self._start_sng(self.now)

    def _start_sng(self, at: float) -> None:
        sng = self.sng
        assert sng is not None
        sng.start([p.name for p in self.table.players], at=at)
        self.requests.clear()  # registration is closed
        self._last_hand_end = at

    def _on_tournament_started(self, e: dict[str, Any]) -> None:
        sng = self.sng
        if sng is None:
            raise RoomError("this room is a cash game: only a sit-and-go is started")
        if sng.started:
            raise RoomError("the sit-and-go has started already")
        if len(self.table.players) < 2:
            raise RoomError(
                f"{len(self.table.players)} registered: a sit-and-go needs 2 players or more"
            )
        self._start_sng(float(e["at"]))

    # players' own requests ---------------------------------------------

    def _on_sat_out(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        if self.sng is not None:
            # A tournament deals a player sitting out in: blinds posted, hands folded.
            self._mark_away(seat, float(e["at"]))
            return
        if not self._queue_if_playing(e):
            self.table.sit_out(seat)

    def _on_sat_in(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        self.clock.back(self.occupants[seat].name)
        if self._queue_if_playing(e):
            return
        info = self.table.player(seat)
        if info is not None and info.status is Status.SITTING_OUT and self.sng is None:
            self.table.sit_in(seat)

    def _on_set_away(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        self._mark_away(seat, float(e["at"]))
        if self.current is None and self.sng is None:
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
        if self.sng is not None:
            raise RoomError("a sit-and-go has no top-ups or rebuys")
        if self.current is not None and seat in self.current.seats:
            raise RoomError("you are in this hand: top up between hands")
        if not self._queue_if_playing(e):
            self.table.top_up(seat, chips)
            self.ledger.record(self.occupants[seat].name, "top-up", chips, self.now)

    def _on_left(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        if self.sng is not None and self.sng.started and not self.ended:
            raise RoomError(
                "a sit-and-go player stays until out of chips; sitting out (or set away by the"
                " host) folds their hands"
            )
        occupant = self.occupants[seat]
        if self.current is not None and seat in self.current.seats:
            # Dealt in: checked or folded when due, cashed out after the hand.
            self._mark_away(seat, float(e["at"]))
        if self._queue_if_playing(e):
            occupant.leaving = True  # views say so until the hand ends
        else:
            self._cash_out(seat)

    def _cash_out(self, seat: int) -> None:
        occupant = self.occupants.pop(seat, None)
        if occupant is None:
            return
        self._bots.pop(seat, None)
        chips = self.table.leave(seat)
        if self.sng is not None:
            if not self.sng.started:  # unregistered: the entry is handed back
                self.ledger.record(
                    occupant.name, "cash-out", self.settings.tournament_buy_in, self.now
                )
            return
        self.ledger.record(occupant.name, "cash-out", chips, self.now)

    def _on_shown(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        record = self.last_record
        if self.current is not None or record is None or seat not in record.seats:
            raise RoomError("cards are shown after a hand you played, before the next deal")
        hand_seat = record.seats.index(seat)
        hole = record.hand.seen(hand_seat).hole(hand_seat)
        # RULES 12.4: one card (its place in the hand, from 0) or, stored without one,
        # every card, as the player saw them, turned up for everyone.
        card = e.get("card")
        everything = tuple(range(len(hole)))
        if card is None:
            picked = everything
        elif isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(hole):
            raise RoomError(f"you hold {len(hole)} cards: show one of them, or all")
        else:
            picked = (card,)
        picks = self.shown_picks.setdefault(record.number, {})
        chosen = tuple(sorted({*picks.get(seat, ()), *picked}))
        picks[seat] = chosen
        self.shown_after[seat] = cards_text([hole[i] for i in chosen])

    def _on_auto_muck_set(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        if not isinstance(e["on"], bool):
            raise RoomError(f"on {e['on']!r}: true or false")
        self.occupants[seat].auto_muck = e["on"]

    def _on_chat(self, e: dict[str, Any]) -> None:
        text = e["text"]
        if not isinstance(text, str) or not 1 <= len(text.strip()) <= MAX_CHAT:
            raise RoomError(f"a chat line has 1 to {MAX_CHAT} characters")
        watching = bool(e.get("spectator", False))
        if watching and not (self.spectators_allowed and self.spectator_chat):
            raise RoomError("the host has turned spectators' chat off: take a seat to chat")
        line = {"name": e["name"], "text": text.strip(), "at": e["at"]}
        if watching:
            line["spectator"] = True
        self.chat.append(line)

    def _on_reacted(self, e: dict[str, Any]) -> None:
        seat, emoji, at = self._occupied(e["seat"]), e["emoji"], float(e["at"])
        if emoji not in REACTIONS:
            raise RoomError(f"react with one of {' '.join(REACTIONS)}")
        # Counted by seat apart from the reactions shown, which keep the latest few alone.
        recent = [t for t in self._reacted_at.get(seat, ()) if at - t < REACTION_WINDOW]
        if len(recent) >= REACTIONS_PER_WINDOW:
            raise RoomError(
                f"{REACTIONS_PER_WINDOW} reactions in {REACTION_WINDOW:.0f} seconds at most:"
                " wait a moment"
            )
        self._reacted_at[seat] = [*recent, at]
        self.reactions.append({"seat": seat, "emoji": emoji, "at": at})
        del self.reactions[:-MAX_REACTIONS_KEPT]

    # the host ------------------------------------------------------------

    def _on_paused(self, e: dict[str, Any]) -> None:
        self.paused = True
        if self.sng is not None:
            self.sng.pause(float(e["at"]))  # the level clock stops too

    def _on_resumed(self, e: dict[str, Any]) -> None:
        if self.ended:
            raise RoomError("the game is over and cannot resume")
        self.paused = False
        if self.sng is not None:
            self.sng.resume(float(e["at"]))

    def _on_blinds_set(self, e: dict[str, Any]) -> None:
        if self.sng is not None:
            raise RoomError("a sit-and-go's blinds rise by its levels (RULES 8.1)")
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
            self._close()

    def _close(self) -> None:
        """Everyone leaves: cashed out, or a sit-and-go's players placed by their chips."""
        sng = self.sng
        if sng is not None and sng.started and not sng.finished:
            players = [(p.name, p.stack) for p in self.table.players]
            for finish in sng.end_early(players):
                self._paid(finish.name, finish.payout)
        for seat in list(self.occupants):
            self._cash_out(seat)

    def _paid(self, name: str, prize: int) -> None:
        if prize:
            self.ledger.record(name, "prize", prize, self.now)
