"""Duplicate matches of the bots whose play is a batch-engine policy, at machine speed.

The ``station`` and ``random`` bots decide from what a numba policy sees, so a
match of them alone can be played by the batch engine (:mod:`bigblind.fast`):
the same duplicate plan as :mod:`~bigblind.bots.matches` (each deck dealt once per
seat rotation, the button on seat ``deal % n`` through a deal set), the same law
of play, other random draws. The ``tag`` and ``strong`` bots read a hand's whole
history and sample equities: they play on the object engine.

>>> from bigblind.bots.matches import MatchPlan
>>> plan = MatchPlan(bots=("station", "random"), deals=1000, seed=4)
>>> batch_refusal(plan) is None
True
>>> parts = list(play_batch(plan, chunk_deals=400))
>>> [p.shape for p in parts], round(float(sum(p.sum() for p in parts)), 6)
([(400, 2), (400, 2), (200, 2)], 0.0)
>>> batch_refusal(MatchPlan(bots=("tag", "station"), deals=1))
'the batch engine plays the bots random and station only, not tag'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import numpy as np
from numpy.typing import NDArray

from bigblind.bots.matches import MatchPlan
from bigblind.errors import RulesError
from bigblind.fast.batch import encode_rules
from bigblind.fast.duplicate import play_deals

__all__ = ["KERNEL_POLICIES", "batch_refusal", "play_batch"]

KERNEL_POLICIES: Final = {"random": "uniform", "station": "station"}
"""The bots the batch engine plays, and the policy that plays each."""

BATCH_DEALS: Final = 50_000
"""Deal sets per batch: big enough to keep both cores busy, small enough for a bar
that moves and a Ctrl-C that stops within a second."""


def batch_refusal(plan: MatchPlan) -> str | None:
    """Why the batch engine cannot play ``plan`` (a bot or a rule it lacks), or None."""
    for bot in plan.bots:
        if not isinstance(bot, str) or bot.strip().lower() not in KERNEL_POLICIES:
            name = bot if isinstance(bot, str) else bot.name
            known = " and ".join(sorted(KERNEL_POLICIES))
            return f"the batch engine plays the bots {known} only, not {name}"
    try:
        encode_rules(plan.rules)
    except RulesError as error:
        return str(error)
    return None


def play_batch(plan: MatchPlan, *, chunk_deals: int = BATCH_DEALS) -> Iterator[NDArray[np.float64]]:
    """The deal sets of ``plan`` on the batch engine, a block at a time in deal order:
    each block is (deals, bots), every bot's winnings per deal set in big blinds."""
    problem = batch_refusal(plan)
    if problem is not None:
        raise RulesError(problem)
    policies = [KERNEL_POLICIES[str(bot).strip().lower()] for bot in plan.bots]
    big = plan.rules.big_blind
    for first in range(0, plan.deals, chunk_deals):
        deals = min(chunk_deals, plan.deals - first)
        won = play_deals(
            plan.rules,
            policies,
            deals=deals,
            chips=plan.stack * big,
            seed=plan.seed,
            first=first,
        )
        yield won / big
