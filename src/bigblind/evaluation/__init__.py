"""Evaluation: hand values (scalar and batch), equity, ranges, pre-flop tables.

The scalar evaluator loads at once; the numba-backed batch evaluator and the
equity calculator load on first use, so ``import bigblind`` stays light. Hold'em
is one :class:`Game` of several: Omaha with 4, 5 or 6 hole cards, Omaha hi-lo
and short deck have their evaluators too (RULES 11), their tables built on
first use.

>>> from bigblind import parse_cards
>>> from bigblind.evaluation import describe, evaluate
>>> describe(evaluate(parse_cards("As Ks Qs Js Ts 2d 3c")))
'Royal flush'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigblind.evaluation.games import (
    GAMES,
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA6,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
    GameError,
    HoleUse,
    Low,
    Ranking,
    game,
)
from bigblind.evaluation.hand_ranges import HandRange, parse_hand_range
from bigblind.evaluation.omaha import (
    LOW_CLASSES,
    LowHand,
    describe_low,
    evaluate_omaha,
    evaluate_omaha_low,
    omaha_hand,
    omaha_low_hand,
)
from bigblind.evaluation.preflop import MAX_OPPONENTS, PreflopError, preflop_equity
from bigblind.evaluation.ranges import STARTING_HANDS, Range, RangeError, parse_range
from bigblind.evaluation.scalar import (
    Category,
    HandValue,
    describe,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_hand,
)
from bigblind.evaluation.short_deck import (
    SHORT_DECK,
    SHORT_DECK_CLASSES,
    ShortDeckCategory,
    ShortDeckHand,
    describe_short_deck,
    evaluate_short_deck,
    short_deck_hand,
)

if TYPE_CHECKING:
    from bigblind.evaluation.batch import evaluate_batch
    from bigblind.evaluation.games_equity import GameEquity, GamePlayerEquity, game_equity
    from bigblind.evaluation.hand_equity import (
        EXACT_LIMIT,
        EquityError,
        EquityResult,
        PlayerEquity,
        equity,
    )
    from bigblind.evaluation.omaha_batch import evaluate_omaha_batch, evaluate_omaha_low_batch
    from bigblind.evaluation.short_deck_batch import evaluate_short_deck_batch

__all__ = [
    "EXACT_LIMIT",
    "GAMES",
    "HOLDEM",
    "LOW_CLASSES",
    "MAX_OPPONENTS",
    "OMAHA",
    "OMAHA5",
    "OMAHA6",
    "OMAHA_HI_LO",
    "SHORT_DECK",
    "SHORT_DECK_CLASSES",
    "SHORT_DECK_HOLDEM",
    "STARTING_HANDS",
    "Category",
    "EquityError",
    "EquityResult",
    "Game",
    "GameEquity",
    "GameError",
    "GamePlayerEquity",
    "HandRange",
    "HandValue",
    "HoleUse",
    "Low",
    "LowHand",
    "PlayerEquity",
    "PreflopError",
    "Range",
    "RangeError",
    "Ranking",
    "ShortDeckCategory",
    "ShortDeckHand",
    "describe",
    "describe_low",
    "describe_short_deck",
    "equity",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "evaluate_hand",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_omaha_low_batch",
    "evaluate_short_deck",
    "evaluate_short_deck_batch",
    "game",
    "game_equity",
    "omaha_hand",
    "omaha_low_hand",
    "parse_hand_range",
    "parse_range",
    "preflop_equity",
    "short_deck_hand",
]

_LAZY = {
    "evaluate_batch": "bigblind.evaluation.batch",
    "GameEquity": "bigblind.evaluation.games_equity",
    "GamePlayerEquity": "bigblind.evaluation.games_equity",
    "game_equity": "bigblind.evaluation.games_equity",
    "evaluate_omaha_batch": "bigblind.evaluation.omaha_batch",
    "evaluate_omaha_low_batch": "bigblind.evaluation.omaha_batch",
    "evaluate_short_deck_batch": "bigblind.evaluation.short_deck_batch",
    "EXACT_LIMIT": "bigblind.evaluation.hand_equity",
    "EquityError": "bigblind.evaluation.hand_equity",
    "EquityResult": "bigblind.evaluation.hand_equity",
    "PlayerEquity": "bigblind.evaluation.hand_equity",
    "equity": "bigblind.evaluation.hand_equity",
}


def __getattr__(name: str) -> Any:
    """Load the numba-backed names on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'bigblind.evaluation' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
