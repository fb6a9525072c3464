"""A room's finished hands as hand histories, with only the cards the reader may see.

The formats write what the house saw (RULES 6.8); a player's download hides
the hole cards of every other seat that were not shown (RULES 3.4).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bigblind.errors import BigblindError
from bigblind.formats import phh, pokerstars
from bigblind.room.settings import RoomError
from bigblind.room.views import phh_hidden, redact_phh, redact_pokerstars, shown_cards
from bigblind.sessions.table import HandRecord

if TYPE_CHECKING:
    from bigblind.room.state import RoomState

__all__ = ["history_text"]


def history_text(room: RoomState, fmt: str, viewer: int | None) -> str:
    """The room's finished hands as PHH (``fmt`` 'phh') or PokerStars text ('pokerstars'),
    as the player in table seat ``viewer`` (None: a spectator) may read them."""
    records = room.table.history
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
            texts.append(redact_pokerstars(_pokerstars_hand(room, record, hero)))
        return pokerstars.dump_session(texts)
    raise RoomError(f"history format {fmt!r}: accepted are phh, pokerstars")


def _pokerstars_hand(room: RoomState, record: HandRecord, hero: int | None) -> str:
    try:
        return pokerstars.dumps(
            record.hand,
            hand_id=record.number,
            table=room.settings.name,
            players=record.names,
            when=datetime.fromtimestamp(room.created_at, tz=UTC),
            seat_numbers=[s + 1 for s in record.seats],
            hero=None if hero is None else record.seats.index(hero),
            max_seats=room.settings.seats,
            rake=record.rake,
        )
    except (KeyError, BigblindError) as error:
        # Some hands (a live blind posted on entering) have no PokerStars form yet.
        return f"Hand #{record.number}: not written in PokerStars text ({error!r})\n"
