"""The engine: one hand of Texas Hold'em by the rules (RULES 1-7).

It knows nothing of tables, bots, files or sockets; a table starts hands and a
hand never reaches up.

>>> from bigblind.engine import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), stacks=[100, 100], deck=Deck.shuffled(seed=3))
>>> hand.legal.options()
('fold', 'call 1', 'raise to 4-100')
"""

from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.events import ActionKind, Forced, Street
from bigblind.engine.hand import MAX_PLAYERS, Hand, HandResult, HandView, Legal, Phase, PotResult
from bigblind.engine.pots import Pot
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.engine.records import RunResult
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.engine.views import HOUSE, SeenHand

__all__ = [
    "HOUSE",
    "MAX_PLAYERS",
    "PRESETS",
    "Action",
    "ActionKind",
    "AnteType",
    "Deck",
    "Forced",
    "Hand",
    "HandResult",
    "HandView",
    "Legal",
    "Phase",
    "Pot",
    "PotResult",
    "Rules",
    "RunResult",
    "SeenHand",
    "Street",
    "Structure",
    "preset_amount",
]
