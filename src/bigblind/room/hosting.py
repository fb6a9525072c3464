"""The host's controls of the table: stacks edited, the host handed on, spectators.

:class:`RoomHosting` applies these events for
:class:`~bigblind.room.state.RoomState`, each checked first and changing
nothing when refused, as every room event is:

- ``stack_adjusted``: chips added to a player's stack, or taken away, between
  hands (asked during a hand, it waits for the hand's end). The ledger keeps
  an ``adjustment`` line, counted with what the player brought, so that the
  chips stay accounted: buy-ins and adjustments equal cash-outs, the chips
  at the table and the rake.
- ``host_transferred``: the host's part goes to the person in a seat; the
  former host is from then on a player or a spectator like any other.
- ``spectators_set``: whether people without a seat may watch the table, and
  whether they may chat. One refused watching still sees the free seats, to
  ask for one, and nothing of the play.

>>> from bigblind.room.room import Identity, Room
>>> from bigblind.room.settings import RoomSettings
>>> room, _ = Room.create("r", RoomSettings(seed=1, open_seating=True), "host", at=0)
>>> _ = room.request_seat("ann", "Ann", 0, 100, at=1)
>>> _ = room.adjust_stack(Identity(host=True), 0, 50, at=2)
>>> room.table.player(0).stack, room.ledger.adjusted, room.chips_accounted()
(150, 50, True)
"""

from __future__ import annotations

from typing import Any

from bigblind.errors import BigblindError
from bigblind.room.homegame import RoomHomeGame
from bigblind.room.settings import RoomError

__all__ = ["MAX_ADJUSTMENT", "RoomHosting"]

MAX_ADJUSTMENT = 10**12
"""The most chips one edit of a stack may add: the largest buy-in a room accepts."""


class RoomHosting(RoomHomeGame):
    """The events of the host's table controls (see the module's documentation)."""

    @property
    def host_hash(self) -> str:
        """The token hash of the host now: the room's creator, or whom the host named."""
        return self._host

    def host_seat(self) -> int | None:
        """The seat of the host, when the host is seated."""
        for seat, occupant in self.occupants.items():
            if occupant.token and occupant.token == self._host:
                return seat
        return None

    def pending_adjustments(self) -> list[dict[str, int]]:
        """The stack edits asked during the hand in play, made when it ends."""
        return [
            {"seat": e["seat"], "chips": e["chips"]} for e in self._queued if e["type"] == "_adjust"
        ]

    def check_adjustment(self, seat: object, chips: object) -> int:
        """Refuse, in the host's words, an edit of ``chips`` to the stack in ``seat``;
        returns the seat. The stack it is checked against is the one before the hand in
        play: the edit is checked again when it is made."""
        seat = self._occupied(seat)
        if self.sng is not None:
            raise RoomError("a sit-and-go's chips are not money: its stacks are not edited")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips == 0:
            raise RoomError(
                f"change a stack by {chips!r}: a whole number of chips to add, or below 0 to"
                " take away, not 0"
            )
        name = self.occupants[seat].name
        player = self.table.player(seat)
        stack = player.stack if player is not None else self.joining_chips(seat)
        if chips > MAX_ADJUSTMENT:
            raise RoomError(f"add at most {MAX_ADJUSTMENT:,} chips to {name}'s stack at once")
        if stack + chips < 0:
            raise RoomError(f"{name} has {stack:,} chips: take away at most {stack:,}")
        return seat

    def _on_stack_adjusted(self, e: dict[str, Any]) -> None:
        seat = self.check_adjustment(e["seat"], e["chips"])
        if self.ended:
            raise RoomError("the game is over: every stack is cashed out")
        if self.table.player(seat) is None or self.current is not None:
            # A player seated during the hand, or any during it: made when the hand ends.
            self._queued.append({**e, "type": "_adjust"})
            return
        self._on__adjust(e)

    def _on__adjust(self, e: dict[str, Any]) -> None:
        seat, chips = e["seat"], e["chips"]
        occupant = self.occupants.get(seat)
        if occupant is None:
            raise RoomError(f"seat {seat + 1} was left before its stack could be changed")
        try:
            self.table.adjust(seat, chips)
        except BigblindError as error:
            name = occupant.name
            raise RoomError(f"the change to {name}'s stack was not made: {error}") from None
        self.ledger.record(occupant.name, "adjustment", chips, float(e["at"]))

    def _on_host_transferred(self, e: dict[str, Any]) -> None:
        seat = self._occupied(e["seat"])
        occupant = self.occupants[seat]
        if occupant.bot is not None or not occupant.token:
            raise RoomError(f"{occupant.name} is a bot: the host is a person at the table")
        if occupant.token == self._host:
            raise RoomError(f"{occupant.name} is the host already")
        self._host = occupant.token

    def _on_spectators_set(self, e: dict[str, Any]) -> None:
        allowed, chat = e["allowed"], e["chat"]
        if not isinstance(allowed, bool) or not isinstance(chat, bool):
            raise RoomError("spectators are allowed or not, and their chat on or off")
        self.spectators_allowed = allowed
        self.spectator_chat = chat and allowed  # nobody watching has nobody to chat
