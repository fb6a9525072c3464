"""Session statistics for everyone at a room, from the room's own finished hands.

Per player, by name, over every hand they were dealt in this room:

- ``hands``: hands dealt to them.
- ``vpip``: hands in which they put chips in voluntarily before the flop, by a
  call, a bet or a raise; blinds, antes and a straddle are forced posts, not
  voluntary, and a check in the big blind puts nothing in. A bomb pot (RULES
  12.1) has no betting before the flop: it counts as a hand dealt, never as
  one played voluntarily.
- ``pfr``: hands in which they bet or raised before the flop.
- ``vpip_percent``, ``pfr_percent``: those per hand dealt, in percent, rounded to
  one decimal (None before any hand).
- ``won``: chips won less chips lost over the hands (their stack after each
  hand less their stack before it: the rake is paid out of what they won).
  Seven-deuce bounties are settled beside the hands, in the ledger, and not
  counted here.
- ``biggest_pot``: the most chips they collected in one hand (0: none won).

>>> from bigblind.room.room import Room
>>> from bigblind.room.settings import RoomSettings
>>> room, _ = Room.create("s", RoomSettings(seed=4, open_seating=True), "host", at=0)
>>> for seat, name in enumerate(["Ann", "Bob"]):
...     _ = room.request_seat(name, name, seat, 100, at=1)
>>> _ = room.deal(at=2)
>>> _ = room.act(room.identify(["Ann", "Bob"][room.actor]), "raise 6", at=3)
>>> _ = room.act(room.identify(["Ann", "Bob"][room.actor]), "fold", at=4)
>>> [(p["name"], p["hands"], p["vpip"], p["pfr"], p["won"]) for p in session_stats(room)]
[('Ann', 1, 0, 0, -2), ('Bob', 1, 1, 1, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bigblind.engine.events import Acted, ActionKind, BoardDealt
from bigblind.room.core import RoomCore
from bigblind.sessions.table import HandRecord

__all__ = ["HandFacts", "hand_facts", "session_stats"]

_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFacts:
    """What one finished hand says of its players: the hand seats that put chips in
    voluntarily before the flop (``vpip``) and those that bet or raised (``pfr``)."""

    vpip: frozenset[int]
    pfr: frozenset[int]


def hand_facts(record: HandRecord) -> HandFacts:
    """The hand seats of ``record`` that played voluntarily and that raised before the flop."""
    vpip: set[int] = set()
    pfr: set[int] = set()
    for event in record.hand.events:
        if isinstance(event, BoardDealt):
            break  # the flop (a bomb pot's first event of the kind): pre-flop is over
        if isinstance(event, Acted) and event.kind in _VOLUNTARY:
            vpip.add(event.seat)
            if event.kind in _AGGRESSIVE:
                pfr.add(event.seat)
    return HandFacts(vpip=frozenset(vpip), pfr=frozenset(pfr))


def _percent(count: int, hands: int) -> float | None:
    return None if hands == 0 else round(100 * count / hands, 1)


def session_stats(
    room: RoomCore, records: Iterable[HandRecord] | None = None
) -> list[dict[str, Any]]:
    """Each player's session statistics (see the module's documentation), in order of their
    first hand; ``records``: the hands counted, by default every finished hand of ``room``."""
    rows: dict[str, dict[str, Any]] = {}
    for record in room.table.history if records is None else records:
        facts = hand_facts(record)
        for seat, name in enumerate(record.names):
            row = rows.setdefault(
                name,
                {"name": name, "hands": 0, "vpip": 0, "pfr": 0, "won": 0, "biggest_pot": 0},
            )
            row["hands"] += 1
            row["vpip"] += seat in facts.vpip
            row["pfr"] += seat in facts.pfr
            row["won"] += record.stacks_after[seat] - record.stacks_before[seat]
            row["biggest_pot"] = max(row["biggest_pot"], record.winnings[seat])
    for row in rows.values():
        row["vpip_percent"] = _percent(row["vpip"], row["hands"])
        row["pfr_percent"] = _percent(row["pfr"], row["hands"])
    return list(rows.values())
