"""The rules configuration (RULES 2, 5)."""

from __future__ import annotations

import dataclasses

import pytest

from bigblind import AnteType, Rules, RulesError, Structure


def test_defaults() -> None:
    rules = Rules.no_limit(blinds=(1, 2))
    assert rules.min_bet == 2  # RULES 2.2: the big blind is the minimum bet
    assert rules.cap is None and rules.ante_type is AnteType.NONE
    fixed = Rules.fixed_limit(blinds=(5, 10))
    assert (fixed.small_bet, fixed.big_bet, fixed.cap) == (10, 20, 4)  # RULES 5.1, 5.2
    assert Rules.no_limit(blinds=(1, 2), ante=1).ante_type is AnteType.PER_PLAYER
    bb_ante = Rules.no_limit(blinds=(1, 2), ante=2, ante_type=AnteType.BIG_BLIND)
    assert bb_ante.antes_as_contributions is False  # RULES 6.4


def test_frozen() -> None:
    rules = Rules.pot_limit(blinds=(1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.big_blind = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"small_blind": -1, "big_blind": 2}, "small_blind -1 must not be negative"),
        ({"small_blind": 3, "big_blind": 2}, "small blind 3 is larger than the big blind 2"),
        ({"small_blind": 0, "big_blind": 0}, "big blind 0 must be at least 1"),
        ({"small_blind": 1, "big_blind": 2, "cap": 0}, "cap 0 must be"),
        ({"small_blind": 1, "big_blind": 2, "straddle": 1}, "straddle 1 is smaller"),
        ({"small_blind": 1, "big_blind": 2.5}, "big_blind 2.5 must be a whole number"),
        ({"small_blind": 1, "big_blind": 2, "small_bet": 2}, "for fixed limit only"),
        (
            {"small_blind": 1, "big_blind": 2, "ante_type": AnteType.BIG_BLIND},
            "needs an ante",
        ),
    ],
)
def test_nonsense_is_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(structure=Structure.NO_LIMIT, **kwargs)  # type: ignore[arg-type]


def test_bad_blinds_shape() -> None:
    with pytest.raises(RulesError, match="must be two amounts"):
        Rules.no_limit(blinds=(1,))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="is not a Structure"):
        Rules(structure="no limit", small_blind=1, big_blind=2)  # type: ignore[arg-type]
