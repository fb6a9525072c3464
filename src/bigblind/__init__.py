"""bigblind: Texas Hold'em exactly by the rules.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), stacks=[100, 100], deck=Deck.shuffled(seed=3))
>>> hand.fold()
>>> hand.result.stacks
(99, 101)
"""

from bigblind.cards import Card, Deck, format_cards, parse_cards
from bigblind.engine.events import ActionKind, Forced, Street
from bigblind.engine.hand import Hand, HandResult, HandView, Legal, Phase, PotResult
from bigblind.engine.pots import Pot
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import (
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
    "ActionKind",
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
