"""bigblind: Texas Hold'em exactly by the rules.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), stacks=[100, 100], deck=Deck.shuffled(seed=3))
>>> hand.fold()
>>> hand.result.stacks
(99, 101)
"""

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.events import ActionKind, Forced, Street
from bigblind.engine.hand import Hand, HandResult, HandView, Legal, Phase, PotResult
from bigblind.engine.pots import Pot
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import (
    ActionTextError,
    BigblindError,
    CardError,
    HandFinishedError,
    HistoryError,
    IllegalActionError,
    OutOfTurnError,
    RulesError,
)
from bigblind.evaluation.scalar import Category, HandValue, describe, evaluate, evaluate_hand

__all__ = [
    "Action",
    "ActionKind",
    "ActionTextError",
    "AnteType",
    "BigblindError",
    "Card",
    "CardError",
    "Category",
    "Deck",
    "Forced",
    "Hand",
    "HandFinishedError",
    "HandResult",
    "HandValue",
    "HandView",
    "HistoryError",
    "IllegalActionError",
    "Legal",
    "OutOfTurnError",
    "Phase",
    "Pot",
    "PotResult",
    "Rules",
    "RulesError",
    "Street",
    "Structure",
    "describe",
    "evaluate",
    "evaluate_hand",
    "format_cards",
    "parse_cards",
]

__version__ = "0.1.0"


def _runs_compiled() -> bool:
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES

    path = getattr(sys.modules[Street.__module__], "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


__compiled__: bool = _runs_compiled()
"""Whether the engine runs compiled by mypyc (a wheel built with a C compiler) or as Python."""
