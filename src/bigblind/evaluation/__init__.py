"""Evaluation: hand values (scalar and batch), equity, ranges, pre-flop tables.

The scalar evaluator loads at once; the numba-backed batch evaluator and the
equity calculator load on first use, so ``import bigblind`` stays light.

>>> from bigblind import parse_cards
>>> from bigblind.evaluation import describe, evaluate
>>> describe(evaluate(parse_cards("As Ks Qs Js Ts 2d 3c")))
'Royal flush'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from bigblind.evaluation.batch import evaluate_batch
    from bigblind.evaluation.hand_equity import (
        EXACT_LIMIT,
        EquityError,
        EquityResult,
        PlayerEquity,
        equity,
    )

__all__ = [
    "EXACT_LIMIT",
    "MAX_OPPONENTS",
    "STARTING_HANDS",
    "Category",
    "EquityError",
    "EquityResult",
    "HandValue",
    "PlayerEquity",
    "PreflopError",
    "Range",
    "RangeError",
    "describe",
    "equity",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "evaluate_hand",
    "parse_range",
    "preflop_equity",
]

_LAZY = {
    "evaluate_batch": "bigblind.evaluation.batch",
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
