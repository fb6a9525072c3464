"""A bot for every game of the hold'em family: Omaha, Omaha hi-lo, short deck (RULES 11).

:class:`GameBot` reads the game from the view (``view.game``), never assuming
two hole cards. It weighs its equity against as many random hands as there
are opponents (the share of the pot it would win, halves and quarters
counted in hi-lo), and where the game plays exactly two hole cards it also
looks for the nuts: a made nut hand, the nut flush draw, and the blocker of
the nut flush, the card that keeps another player from holding it. It plays
tight and aggressive: strong hands and nut draws bet and raise about
three quarters of the pot, weak ones check and fold unless the price is right,
and a nut blocker sometimes bets as a bluff.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.pot_limit(blinds=(1, 2), game="plo"), [200, 200],
...             deck=Deck.stacked("2c As 3d Ah 4h Ks 5d Kh"))
>>> hand.hole(0)  # the button acts first heads-up
(Card('As'), Card('Ah'), Card('Ks'), Card('Kh'))
>>> GameBot(1).act(hand.view(hand.actor))  # aces and kings double-suited: raise 3/4 pot
'raise 5'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from bigblind.bots._spot import check_or_call
from bigblind.cards import CARDS, Card
from bigblind.engine.actions import Action
from bigblind.engine.hand import HandView, Legal
from bigblind.evaluation.games import Game, HoleUse
from bigblind.evaluation.scalar import evaluate5

__all__ = ["GameBot", "Nuts", "nuts"]

_SAMPLES = 600  # Monte Carlo deals per decision: a few milliseconds once compiled
# A share of the pot (equity times players) that bets and raises: before the flop, where
# equities against random hands run close together, a lower one.
_STRONG = (1.3, 1.6)


@dataclass(frozen=True, slots=True, kw_only=True)
class Nuts:
    """What a hand holds of the nuts on a board (RULES 11.1: two hole cards, three board).

    ``made``: no two unseen cards make a better high hand. ``flush_draw``: two
    board cards of a suit and the best missing card of it with another of the
    suit in hand. ``blocker``: the best missing card of a suit the board has
    three of, so that nobody else holds the nut flush.
    """

    made: bool = False
    flush_draw: bool = False
    blocker: bool = False


def nuts(game: Game, hole: tuple[Card, ...], board: tuple[Card, ...]) -> Nuts:
    """The nut features of ``hole`` on a flop, turn or river ``board`` in an Omaha game.

    >>> from bigblind.cards import parse_cards
    >>> from bigblind.evaluation import OMAHA
    >>> nuts(OMAHA, parse_cards("As 5s Kd Qc"), parse_cards("2s 7s Jh"))
    Nuts(made=False, flush_draw=True, blocker=False)
    >>> nuts(OMAHA, parse_cards("As Kd Qc 3h"), parse_cards("2s 7s Js 8d"))
    Nuts(made=False, flush_draw=False, blocker=True)
    >>> nuts(OMAHA, parse_cards("Qh Th 2c 3d"), parse_cards("Js Kd Ac 4c 8h")).made
    True
    """
    if game.uses is not HoleUse.EXACTLY_TWO or len(board) < 3:
        return Nuts()
    flush_draw = blocker = False
    for suit in range(4):
        on_board = [c for c in board if c % 4 == suit]
        missing = [c for c in CARDS if c % 4 == suit and c not in board]
        if len(on_board) < 2 or not missing:
            continue
        top = max(missing)  # the highest card of the suit the board lacks
        mine = [c for c in hole if c % 4 == suit]
        if len(on_board) == 2 and len(board) < 5 and top in mine and len(mine) >= 2:
            flush_draw = True
        if len(on_board) >= 3 and top in mine:
            blocker = True
    return Nuts(made=_made_nuts(game, hole, board), flush_draw=flush_draw, blocker=blocker)


def _made_nuts(game: Game, hole: tuple[Card, ...], board: tuple[Card, ...]) -> bool:
    """Whether no two cards the player cannot see beat ``hole`` on ``board`` now."""
    mine = game.value_high(hole, board)
    unseen = [c for c in game.deck if c not in hole and c not in board]
    triples = list(combinations(board, 3))
    for a, b in combinations(unseen, 2):
        for c, d, e in triples:
            if evaluate5(a, b, c, d, e) > mine:
                return False
    return True


class GameBot:
    """Tight and aggressive in any game of the family, by equity and by the nuts."""

    def __init__(self, seed: int, name: str = "tag") -> None:
        self.name = name
        self._random = random.Random(seed)

    def act(self, view: HandView) -> str:
        """A bet, raise, call, check or fold for the view's seat."""
        legal = view.legal
        if legal is None:
            raise ValueError(f"seat {view.seat} is not to act: there is nothing to decide")
        game = view.game
        hole = tuple(c for c in view.hole if c is not None)
        opponents = sum(1 for s, out in enumerate(view.folded) if not out and s != view.seat)
        if len(hole) != game.hole_cards or opponents == 0:
            return check_or_call(legal)
        equity = self._equity(game, hole, view.board, opponents)
        held = nuts(game, hole, view.board)
        share = equity * (opponents + 1)  # 1.0: a fair share of the pot
        to_call = legal.call or 0
        price = to_call / (view.pot + to_call) if to_call else 0.0
        roll = self._random.random()
        strong = _STRONG[bool(view.board)]
        if held.made or share > strong or (held.flush_draw and roll < 0.5):
            sized = self._raise(view, legal)
            if sized:
                return sized
        if not to_call:
            if held.blocker and roll < 0.35:  # a bluff the nut blocker makes credible
                return self._raise(view, legal) or "check"
            return "check"
        drawing = 0.12 if held.flush_draw else 0.0  # nut draws win more when they hit
        if equity + drawing >= price * 1.1 or (not view.board and share > 0.9 and price < 0.3):
            return "call"
        return "fold" if legal.fold else check_or_call(legal)

    def _equity(self, game: Game, hole: tuple[Card, ...], board: tuple[Card, ...], n: int) -> float:
        from bigblind.cards import format_cards
        from bigblind.evaluation.games_equity import game_equity

        players = [format_cards(hole, ""), *["random"] * min(n, 5)]
        seed = self._random.getrandbits(32)
        result = game_equity(
            game, players, board=format_cards(board, " "), samples=_SAMPLES, seed=seed
        )
        return result.players[0].equity

    def _raise(self, view: HandView, legal: Legal) -> str | None:
        """A bet or raise of about three quarters of the pot, where one is legal."""
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return None
        current = max(view.bets)
        target = current + round(0.75 * (view.pot + (legal.call or 0)))
        amount = max(low, min(high, target))
        return str(Action.bet_or_raise(amount, opening=legal.bet))
