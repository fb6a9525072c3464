"""Two baseline bots: one that acts at random, one that never lets a hand go.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=2))
>>> CallingStation(0).act(hand.view(hand.actor))
'call'
>>> RandomBot(5).act(hand.view(hand.actor)) == RandomBot(5).act(hand.view(hand.actor))
True
"""

from __future__ import annotations

import random

from bigblind.bots._spot import check_or_call
from bigblind.engine.actions import Action
from bigblind.engine.hand import HandView

__all__ = ["CallingStation", "RandomBot"]


class RandomBot:
    """Picks one of the legal kinds of action at random, then a legal amount at random.

    The kinds (fold, check, call, bet or raise) are equally likely among those
    legal now; a bet or raise is to a total drawn uniformly from the legal range.

    >>> from bigblind.engine.hand import HandView, Legal, Phase
    >>> from bigblind.engine.events import Street
    >>> legal = Legal(0, True, False, 2, 4, 4, False)
    >>> view = HandView(0, 0, Phase.BETTING, Street.PREFLOP, (), (), (10, 10), (0, 2),
    ...                 (False, False), 2, 0, legal, ())
    >>> sorted({RandomBot(seed).act(view) for seed in range(30)})
    ['call', 'fold', 'raise 4']
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def act(self, view: HandView) -> str:
        """A uniformly random legal action."""
        legal = view.legal
        if legal is None:
            raise ValueError(f"seat {view.seat} is not to act: there is nothing to decide")
        kinds = []
        if legal.fold:
            kinds.append("fold")
        if legal.check:
            kinds.append("check")
        if legal.call is not None:
            kinds.append("call")
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            kinds.append("raise")
        kind = self._random.choice(kinds)
        if kind != "raise":
            return kind
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        amount = self._random.randint(legal.min_raise_to, legal.max_raise_to)
        return str(Action.bet_or_raise(amount, opening=legal.bet))


class CallingStation:
    """Checks when it can and calls every bet: never folds, never raises."""

    name = "station"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # it needs no randomness; kept for the registry's signature

    def act(self, view: HandView) -> str:
        """Check, or call."""
        legal = view.legal
        if legal is None:
            raise ValueError(f"seat {view.seat} is not to act: there is nothing to decide")
        return check_or_call(legal)
