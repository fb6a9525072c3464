"""A room's finished hands as hand histories, each written from what its reader saw.

The house's record holds every card (RULES 6.8); a reader's download is
written from the reader's view of each hand (:meth:`~bigblind.engine.hand.Hand.seen`):
their own hole cards and the hands shown (RULES 3.4, 6.7), nothing cut out
of the house's text after the fact. Cards belong to the person dealt them,
not to the seat: whoever takes a seat later reads its earlier hands as the
table saw them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bigblind.cards import Card, format_cards
from bigblind.errors import BigblindError
from bigblind.formats import phh, pokerstars
from bigblind.room.settings import RoomError
from bigblind.sessions.table import HandRecord

if TYPE_CHECKING:
    from bigblind.room.state import RoomState

__all__ = ["history_text", "reader_seat"]


def reader_seat(room: RoomState, record: HandRecord, person: str | None) -> int | None:
    """The hand seat whose cards ``person`` (a token hash; None: a spectator) was dealt
    in ``record``, or None: they read it as a spectator (RULES 3.4)."""
    own = room.seats_held(record.number, person)
    if len(own) != 1:  # a person holds one seat at most
        return None
    return record.seats.index(min(own))


def history_text(room: RoomState, fmt: str, person: str | None) -> str:
    """The room's finished hands as PHH (``fmt`` 'phh') or PokerStars text ('pokerstars'),
    as ``person`` (the hash of their token; None: a spectator) saw them."""
    records = room.table.history
    if fmt == "phh":
        parts = []
        for index, record in enumerate(records, start=1):
            seen = record.hand.seen(reader_seat(room, record, person))
            fields = record.phh_fields()
            after = _shown_after(room, record)
            if after:
                # RULES 12.4: PHH has no show after the hand's end: a field of its own,
                # each entry the player (p1 first, as in the actions) and the cards.
                n, button = record.hand.seats, record.hand.button
                fields["_shown_after_hand"] = [
                    f"p{(seat - button - 1) % n + 1} {format_cards(cards)}" for seat, cards in after
                ]
            text = phh.dump_session([(seen, fields)])
            parts.append(text.replace("[1]", f"[{index}]", 1))
        return "\n".join(parts)
    if fmt == "pokerstars":
        texts = [
            _pokerstars_hand(room, record, reader_seat(room, record, person)) for record in records
        ]
        return pokerstars.dump_session(texts)
    raise RoomError(f"history format {fmt!r}: accepted are phh, pokerstars")


def _shown_after(room: RoomState, record: HandRecord) -> list[tuple[int, tuple[Card, ...]]]:
    """The cards each player turned up after ``record``'s hand (RULES 12.4), by hand seat:
    public, so written in every reader's history."""
    out = []
    hand = record.hand
    for seat, picks in sorted(room.shown_picks.get(record.number, {}).items()):
        if seat not in record.seats:
            continue
        hand_seat = record.seats.index(seat)
        hole = hand.seen(hand_seat).hole(hand_seat)
        cards = tuple(card for i in picks if i < len(hole) and (card := hole[i]) is not None)
        if cards:
            out.append((hand_seat, cards))
    return out


def _pokerstars_hand(room: RoomState, record: HandRecord, hero: int | None) -> str:
    text = _pokerstars_text(room, record, hero)
    after = _shown_after(room, record)
    if not after or "*** SUMMARY ***" not in text:
        return text
    # RULES 12.4: as PokerStars writes a player who shows after the others fold.
    lines = "".join(f"{record.names[s]}: shows [{format_cards(c, ' ')}]\n" for s, c in after)
    head, tail = text.split("*** SUMMARY ***", 1)
    return f"{head}{lines}*** SUMMARY ***{tail}"


def _pokerstars_text(room: RoomState, record: HandRecord, hero: int | None) -> str:
    try:
        return pokerstars.dumps(
            record.hand.seen(hero),
            hand_id=record.number,
            table=room.settings.name,
            players=record.names,
            # Each hand its own time, as trackers sort hands by it.
            when=datetime.fromtimestamp(
                room.started_at.get(record.number, room.created_at), tz=UTC
            ),
            seat_numbers=[s + 1 for s in record.seats],
            hero=hero,
            max_seats=room.settings.seats,
            rake=record.rake,
        )
    except (KeyError, BigblindError) as error:
        # Some hands (a live blind posted on entering) have no PokerStars form yet.
        return f"Hand #{record.number}: not written in PokerStars text ({error!r})\n"
