"""A room's state: a table with its people, bots, clocks and ledger, rebuilt from events.

:class:`RoomState` applies stored events, one at a time, and answers queries;
it never makes an event itself (that is :class:`~bigblind.room.room.Room`'s
part). Applying an event checks it first and changes nothing when it is
refused, so the same code accepts a request and replays a stored room. What
it holds is split by kind: :class:`~bigblind.room.core.RoomCore` (the table,
clocks, queries), :class:`~bigblind.room.people.RoomPeople` (seats, the host,
registration), :class:`~bigblind.room.homegame.RoomHomeGame` (the home-game
options of RULES 12), :class:`~bigblind.room.hosting.RoomHosting` (the host's
table controls), this class (the hand: deals, straddles, actions, showdowns,
busts) and :class:`~bigblind.room.sitandgo.SitAndGo` (a tournament's levels
and places).
"""

from __future__ import annotations

from typing import Any

from bigblind.deck import Deck
from bigblind.errors import BigblindError
from bigblind.room.core import MAX_CHAT, MAX_NAME, token_hash
from bigblind.room.hosting import RoomHosting
from bigblind.room.settings import RoomError
from bigblind.room.views import room_view
from bigblind.sessions.table import HandRecord, Status, TableHand

__all__ = ["MAX_CHAT", "MAX_NAME", "RoomState", "token_hash"]


class RoomState(RoomHosting):
    """The state of one room as its events left it (see the module's documentation)."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """The room as ``seat`` (None: a spectator) may see it (RULES 3.4)."""
        return room_view(self, seat)

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
        hand = current.hand
        # RULES 6.7: hands that must be shown, or can win, are turned up at once; a hand
        # that may be mucked is, unless its player asked to choose.
        while hand.awaiting == "show" and self.show_choice() is None:
            if hand.may_muck:
                hand.muck()
            else:
                hand.show()
        if not hand.finished:
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
        bounties = self._settle_seven_deuce(record, float(event["at"]))  # RULES 12.2
        if bounties:
            summary["seven_deuce"] = bounties
        if self.sng is not None:
            summary["finishes"] = self._bust(record)
        self.events.append(summary)
        self._between_hands(float(event["at"]))

    def _time_turn(self, current: TableHand, event: dict[str, Any]) -> None:
        """Start the clock of a player newly due to act (RULES 10.4), or of the run-it-twice
        offer (RULES 10.3)."""
        hand_seat = current.hand.actor
        if current.hand.awaiting == "show":
            self.clock.stop()  # a choice to show has its own short time, no bank
            self._show_asked_at = float(event["at"])
            return
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
            cash = self.sng is None  # a tournament deals away players in
            if cash and away and info is not None and info.status is not Status.SITTING_OUT:
                self.table.sit_out(seat)
            if occupant.bot and info is not None and info.stack == 0:
                self._cash_out(seat)  # a bot that went broke leaves the table
        if self._pending_blinds is not None:
            self.blinds, self._pending_blinds = self._pending_blinds, None
            self.table.rules = s.rules(self.blinds)
        if self.ended:
            self._close()

    def _bust(self, record: HandRecord) -> list[dict[str, Any]]:
        """Players with no chips are out, placed by their stacks at the start of the hand
        (RULES 8.3); the last one left wins and the room ends. Returns the new finishes."""
        sng = self.sng
        assert sng is not None
        out = []
        for seat, name, before, after in zip(
            record.seats, record.names, record.stacks_before, record.stacks_after, strict=True
        ):
            if after == 0:
                out.append((name, before))
                self.occupants.pop(seat, None)
                self._bots.pop(seat, None)
                self.table.leave(seat)
        if not out:
            return []
        left = [p.name for p in self.table.players]
        finishes = sng.place(out, left=left)
        for finish in finishes:
            self._paid(finish.name, finish.payout)
        if sng.finished:
            self.ended = self.paused = True
            for seat in list(self.occupants):
                self._cash_out(seat)
        return [{"places": list(f.places), "name": f.name, "payout": f.payout} for f in finishes]

    # the hand --------------------------------------------------------------

    def _on_hand_started(self, e: dict[str, Any]) -> None:
        if self.next_hand_at() is None:
            raise RoomError("no hand can be dealt now: " + self._why_no_deal())
        straddle = bool(e.get("straddle", False))
        if straddle and not (self.straddle_answer and self._straddle_offer() is not None):
            raise RoomError("nobody took the straddle for this hand")
        bomb = e.get("bomb_pot", 0)  # RULES 12.1; rooms stored before bomb pots have none
        if bomb != self.bomb_pot_due() or (bomb and straddle):
            raise RoomError("this hand is a bomb pot only when the host or the room calls one")
        level = None
        if self.sng is not None:
            # RULES 8.1: a new level applies from the next hand dealt.
            index = self.sng.level_index(float(e["at"]))
            current = self.current_level
            if current is not None and index > current:
                self.clock.new_level()  # RULES 10.4: the time banks are topped up
            self.current_level = index
            blinds = self.sng.structure.level(index)
            self.blinds = (blinds.small_blind, blinds.big_blind, blinds.ante)
            self.table.rules = self.sng.structure.rules(index)
            level = index + 1
        dealt = self.table.start_hand(
            deck=Deck(e["deck"]), straddle=straddle, level=level, bomb_pot=bomb
        )
        if bomb:
            self.bomb_pots[dealt.number] = bomb
        self.bomb_called = 0
        self.holders[dealt.number] = {
            seat: occupant.token
            for seat in dealt.seats
            if (occupant := self.occupants.get(seat)) is not None and occupant.token
        }
        self.started_at[dealt.number] = float(e["at"])  # the time its history carries
        self.last_deck = tuple(e["deck"])  # where a rabbit hunt reads (RULES 12.3)
        self.shown_after = {}
        self.straddle_seat = self.straddle_offered_at = self.straddle_answer = None

    def _straddle_offer(self) -> int | None:
        """The seat the table offers the straddle before the next hand (RULES 2.7), if a
        person who is here: bots and away players are not asked."""
        offer = self.table.straddle_offer()
        if offer is None or offer.seat not in self.occupants or self.is_away(offer.seat):
            return None
        if self.occupants[offer.seat].bot is not None:
            return None
        if self.straddle_seat is not None and offer.seat != self.straddle_seat:
            return None  # the seats changed since the offer
        return offer.seat

    def _on_straddle_offered(self, e: dict[str, Any]) -> None:
        if self.current is not None or self.straddle_offered_at is not None:
            raise RoomError("the straddle is offered once, before the deal")
        seat = self._straddle_offer()
        if seat is None or seat != e["seat"]:
            raise RoomError(f"seat {e['seat']!r} is not offered the straddle now")
        self.straddle_seat = seat
        self.straddle_offered_at = float(e["at"])

    def _on_straddle_answered(self, e: dict[str, Any]) -> None:
        seat, agree = e["seat"], e["agree"]
        if self.straddle_pending() is None or seat != self.straddle_seat:
            raise RoomError("you are not asked to straddle now")
        if not isinstance(agree, bool):
            raise RoomError(f"agree {agree!r}: true or false")
        self.straddle_answer = agree

    def _on_acted(self, e: dict[str, Any]) -> None:
        current = self.current
        seat = e["seat"]
        if current is None or current.actor != seat:
            raise RoomError(f"seat {seat} is not to act")
        if current.hand.awaiting == "show":
            self._show_or_muck(current, e["action"])
            return
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
        if current.hand.awaiting == "show":
            current.hand.muck()  # no answer in time: the losing hand is mucked (RULES 6.8)
            return
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

    def _show_or_muck(self, current: TableHand, action: object) -> None:
        """The choice at the showdown of a hand that cannot win (RULES 6.7)."""
        if action == "show":
            current.hand.show()
        elif action == "muck":
            current.hand.muck()
        else:
            raise RoomError(f"cannot {action!r} at the showdown: legal now: show, muck")

    def _on_hand_ended(self, e: dict[str, Any]) -> None:
        raise RoomError("a hand ends by its last action, not by request")
