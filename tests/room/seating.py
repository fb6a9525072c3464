"""Players seated in a room for the room's tests: each by a token of their own name."""

from __future__ import annotations

from bigblind.room import Identity, Room


def seat_players(room: Room, names: list[str], chips: int = 100) -> dict[int, Identity]:
    """``names`` seated in order from seat 0 with ``chips`` each (open seating, at time
    1.0); each seat's identity, by the token ``tok-NAME``."""
    ids = {}
    for seat, name in enumerate(names):
        room.request_seat(f"tok-{name}", name, seat, chips, at=1.0)
        ids[seat] = room.identify(f"tok-{name}")
    return ids
