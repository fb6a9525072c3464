"""A tight-aggressive rule bot: few hands, played hard.

Before the flop it ranks its hand by the pre-flop equity table against the
number of opponents still in (:mod:`bigblind.evaluation.preflop`) and plays by position:
it opens a "top x%" range that widens as fewer players are left to act,
3-bets and 4-bets only its best hands, calls a raise with a band below that
when the price is right, and folds the rest.

After the flop it reads each opponent's plausible range from the pre-flop
betting (a raiser holds the top quarter of hands, a caller the top third,
anyone else any two cards; each bet or raise since narrows it), takes a small
Monte Carlo sample of its equity against those ranges, and weighs it against
the pot odds: it bets and raises for value with strong equity, semi-bluffs
rarely with a drawing hand, calls when the equity pays for the call and folds
weak hands facing a bet.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.stacked("As Ks Ad Kd"))
>>> TightAggressiveBot(1).act(hand.view(hand.actor))  # the button opens with kings
'raise 5'
"""

from __future__ import annotations

import random
from typing import Final

import numpy as np

from bigblind.bots._kernels import CLASS_OF, COMBOS, range_equity
from bigblind.bots._ranking import percentile, percentiles
from bigblind.bots._spot import Spot, check_or_call, fold_or_check, raise_to, read_spot
from bigblind.engine.events import ActionKind, Street
from bigblind.engine.hand import HandView
from bigblind.evaluation.ranges import STARTING_HANDS, starting_hand

__all__ = ["TightAggressiveBot"]

# The share of hands opened, by the number of players left to act behind.
_OPEN: Final = {1: 0.50, 2: 0.40, 3: 0.30, 4: 0.24, 5: 0.19, 6: 0.16, 7: 0.13, 8: 0.11}
_SAMPLES: Final = 400
_AGGRESSIVE: Final = (ActionKind.BET, ActionKind.RAISE)


def _top_weights() -> np.ndarray:
    """Each combo's percentile against one opponent, in the kernels' combo order."""
    table = percentiles(1)
    by_class = np.array([table[h] for h in STARTING_HANDS])
    return by_class[CLASS_OF]


_COMBO_PERCENTILE: Final = _top_weights()


class TightAggressiveBot:
    """Plays a tight range aggressively; see the module docs for its rules."""

    name = "tag"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def act(self, view: HandView) -> str:
        """The tight-aggressive action for ``view``."""
        spot = read_spot(view)
        if spot.hole is None:
            return fold_or_check(spot.legal)
        if spot.street is Street.PREFLOP:
            return self._preflop(spot)
        return self._postflop(spot)

    # ------------------------------------------------------------ pre-flop

    def _preflop(self, spot: Spot) -> str:
        assert spot.hole is not None
        legal = spot.legal
        bb = spot.big_blind
        opponents = max(1, len(spot.opponents))
        p = percentile(starting_hand(spot.hole), opponents)
        current = max(spot.view.bets)
        everything = spot.my_bet + spot.stack
        if spot.raises == 0:
            limpers = sum(
                1 for a in spot.actions if a.street is Street.PREFLOP and a.kind is ActionKind.CALL
            )
            if legal.check:  # the big blind, nobody raised
                if p <= 0.12 and legal.can_raise:
                    return self._sized(spot, current + (3 + limpers) * bb)
                return "check"
            width = _OPEN.get(max(1, spot.behind), 0.10) * 0.7**limpers
            if p <= width and legal.can_raise:
                size = 2.5 if spot.players == 2 else 3.0
                return self._sized(spot, round((size + limpers) * bb))
            return fold_or_check(legal)
        odds = spot.pot_odds
        if spot.raises == 1:
            heads_up = len(spot.opponents) == 1
            three_bet = 0.06 if heads_up else 0.035 + (0.015 if spot.behind == 0 else 0.0)
            call = 0.20 if odds < 0.3 else 0.13 if odds < 0.38 else 0.07
            if heads_up:
                call += 0.05
            if p <= three_bet and legal.can_raise:
                target = current * (3.0 if spot.in_position else 3.5)
                if target >= 0.4 * everything:
                    target = everything
                return self._sized(spot, round(target))
            if p <= three_bet + call:
                return "call"
            return fold_or_check(legal)
        all_in = legal.call is not None and legal.call >= spot.stack
        if p <= 0.014 and legal.can_raise:
            target = current * 2.3
            if target >= 0.35 * everything:
                target = everything
            return self._sized(spot, round(target))
        if p <= (0.03 if all_in else 0.035) and odds < 0.45:
            return "call"
        return fold_or_check(legal)

    # ----------------------------------------------------------- post-flop

    def _postflop(self, spot: Spot) -> str:
        assert spot.hole is not None
        legal = spot.legal
        weights = np.zeros((len(spot.opponents), len(COMBOS)))
        for row, seat in enumerate(spot.opponents):
            weights[row] = self._range_width(spot, seat) >= _COMBO_PERCENTILE
        seed = self._random.getrandbits(63)
        eq = range_equity(spot.hole, spot.board, weights, samples=_SAMPLES, seed=seed)
        k = len(spot.opponents)
        strength = min(1.0, eq * (k + 1) / 2)
        pot = spot.pot
        everything = spot.my_bet + spot.stack
        if legal.check:
            if strength >= 0.62 and legal.can_raise:
                return self._bet(spot, 0.66 * pot)
            drawing = 0.3 <= eq <= 0.5 and spot.street is not Street.RIVER
            if drawing and legal.can_raise and self._random.random() < 0.12:
                return self._bet(spot, 0.5 * pot)
            return "check"
        if strength >= 0.82 and legal.can_raise:
            target = max(spot.view.bets) * 3
            if target >= 0.45 * everything:
                target = everything
            return self._sized(spot, target)
        if eq >= spot.pot_odds + 0.05:
            return check_or_call(legal)
        return fold_or_check(legal)

    @staticmethod
    def _range_width(spot: Spot, seat: int) -> float:
        """The share of hands ``seat`` plausibly holds, from its betting so far."""
        preflop = spot.actions_of(seat, Street.PREFLOP)
        width = 1.0
        if any(a.kind in _AGGRESSIVE for a in preflop):
            last = max(a.raises for a in preflop if a.kind in _AGGRESSIVE)
            width = 0.25 if last == 0 else 0.08
        elif any(a.kind is ActionKind.CALL and a.raises > 0 for a in preflop):
            width = 0.35
        later = sum(
            1
            for a in spot.actions_of(seat)
            if a.street is not Street.PREFLOP and a.kind in _AGGRESSIVE
        )
        return width * 0.6**later

    # --------------------------------------------------------------- sizes

    def _bet(self, spot: Spot, chips: float) -> str:
        """A bet of ``chips``; all in when it would be most of the stack."""
        amount = spot.my_bet + round(chips)
        if amount >= 0.5 * (spot.my_bet + spot.stack):
            amount = spot.my_bet + spot.stack
        return self._sized(spot, amount)

    @staticmethod
    def _sized(spot: Spot, total: float) -> str:
        return raise_to(spot.legal, round(total))
