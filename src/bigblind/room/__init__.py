"""The room: friends play Hold'em together over the network (``bigblind serve``).

The room itself (:class:`Room`) is pure: every request becomes a stored
event, and a room's state is a function of its events. Around it sit the
event stores (:mod:`bigblind.room.store`), the protocol
(:mod:`bigblind.room.protocol`), the ASGI app (:mod:`bigblind.room.app`) and
the driver that runs each room's clocks and bots (:mod:`bigblind.room.runner`).
The web stack loads only with those modules (``pip install bigblind[server]``).

>>> room, _ = Room.create("demo", RoomSettings(), "host-token", at=0.0)
>>> room.identify("host-token").host, room.identify("guess").host
(True, False)
"""

from bigblind.room.ledger import Ledger, LedgerEntry
from bigblind.room.room import Identity, Room
from bigblind.room.settings import RoomError, RoomSettings

__all__ = ["Identity", "Ledger", "LedgerEntry", "Room", "RoomError", "RoomSettings"]
