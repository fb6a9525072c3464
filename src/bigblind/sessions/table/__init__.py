"""A poker table: seats, players, the button, blinds owed and rake (RULES 2.1-2.3, 10.1, 10.2).

A :class:`Table` sits above the engine: it maps its seats (some empty, some
players sitting out) to the contiguous seats of one
:class:`~bigblind.engine.hand.Hand`, chooses the button and the blinds for that
hand, and maps the result back. Between hands players join, leave, sit out,
return, rebuy and top up.

>>> from bigblind import Rules
>>> table = Table(Rules.no_limit(blinds=(1, 2)), seats=6, seed=7, first_button=0)
>>> for seat, name in [(0, "Ann"), (2, "Bob"), (4, "Cy")]:
...     table.join(seat, name, 200)
>>> record = table.play_hand(lambda view: "fold" if view.legal.fold else "check")
>>> record.button, record.small_blind, record.big_blind
(0, 2, 4)
>>> [table.player(seat).stack for seat in (0, 2, 4)]
[200, 199, 201]
>>> table.play_hand(lambda view: "fold" if view.legal.fold else "check").button
2

Blinds and the button follow one of the two methods of Robert's Rules: a
*moving* button (the default; RULES 2.1: it moves to the next player every
hand) or a *dead* button (RULES 8.4, TDA 32: the big blind moves to the next
player due; the small blind or the button may fall on an empty seat).

The table tells the engine where the blinds go (``blind_seats``), so a dead
small blind leaves the small blind empty while the button keeps its seat and
acts last after the flop.

Owed blinds (RULES 10.1). A new player waits for the big blind or posts one
to play at once; a player back from sitting out owes the blinds missed: a
dead small blind and a live big blind. The engine posts them with the
blinds: the live big blind counts as the player's bet (they may check their
option when nobody raised), the dead small blind goes into the main pot.
"""

from bigblind.sessions.table.play import Table
from bigblind.sessions.table.records import DealPlan, HandRecord, Layout, PlayerInfo, TableHand
from bigblind.sessions.table.settings import (
    BuyIn,
    Decide,
    Rake,
    RunTwiceDecide,
    Status,
    StraddleDecide,
    StraddleOffer,
    TableError,
)

__all__ = [
    "BuyIn",
    "DealPlan",
    "Decide",
    "HandRecord",
    "Layout",
    "PlayerInfo",
    "Rake",
    "RunTwiceDecide",
    "Status",
    "StraddleDecide",
    "StraddleOffer",
    "Table",
    "TableError",
    "TableHand",
]
