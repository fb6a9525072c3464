"""A bot that reads ranges from the betting and picks the action of highest expected value.

Each opponent's range starts as every combo the bot cannot see and is
narrowed action by action (Bayes' rule with soft likelihoods):

* before the flop, by the strength of each starting hand: an open raise keeps
  the top share of hands for the raiser's position (wider with fewer players
  behind), a 3-bet the top tenth, a 4-bet the top few percent, each fewer
  for a bigger raise; a call keeps a band below the raising hands, a check
  from the big blind loses the hands that would have raised;
* after the flop, by each combo's strength on that street's board (its equity
  against a random hand over the run-outs to come): bets and raises weight
  the strong combos up (bigger bets more so) but keep a share of bluffs, a
  check weights the strongest down, a call drops the weakest part.

The bot then values folding, checking or calling, and several bet and raise
sizes: a bet wins the pot when the opponent folds, and plays the bot's
equity against the combos that continue when called. Which combos continue
comes from the share of its range the opponent keeps against a bet of that
price (more when it has much of its stack in already): a prior, refined
heads-up by what the opponents have done against the bot's earlier bets, by
street, first bet or raise, and price (a bet whose hand went on was answered;
one whose hand ended at once was folded to). Equities come from compiled kernels on the
batch evaluator's core: against each of the 1,326 combos over the run-outs
heads-up, by Monte Carlo against all the ranges at once multi-way, from a
class-against-class table before the flop. A decision takes a few
milliseconds.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.stacked("2c As 7d Ad"))
>>> StrongBot(1).act(hand.view(hand.actor)).split()[0]  # the button with aces raises
'raise'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from bigblind.bots._kernels import CLASS_OF, COMBOS, board_scan, class_row, range_equity
from bigblind.bots._ranking import combos_of, percentiles
from bigblind.bots._spot import Action, Spot, fold_or_check, raise_to, read_spot
from bigblind.engine.events import Acted, ActionKind, Posted, Street
from bigblind.engine.hand import HandView
from bigblind.evaluation.ranges import STARTING_HANDS, starting_hand

__all__ = ["StrongBot"]

Vector = NDArray[np.float64]

# Opening ranges assumed of an opponent, by the players left to act behind it.
_OPEN_GUESS: Final = {0: 0.15, 1: 0.55, 2: 0.45, 3: 0.35, 4: 0.28, 5: 0.22, 6: 0.18, 7: 0.15}
_RUNOUTS: Final = 48  # random turn-and-river pairs per flop scan
_SAMPLES: Final = 700  # Monte Carlo deals per multi-way equity
_PRIOR_WEIGHT: Final = 6.0  # pseudo-observations behind each prior continue share
_AGGRESSIVE: Final = (ActionKind.BET, ActionKind.RAISE)


def _preflop_strength() -> Vector:
    """Each combo's pre-flop strength 0..1: the share of combos its class is ahead of."""
    table = percentiles(1)
    by_class = np.array([1.0 - table[h] + combos_of(h) / 2652 for h in STARTING_HANDS])
    return np.asarray(by_class[CLASS_OF], dtype=np.float64)


_PF_STRENGTH: Final = _preflop_strength()
_CLASS_NUMBER: Final = {h: k for k, h in enumerate(STARTING_HANDS)}


def _sigmoid(x: Vector) -> Vector:
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0))), dtype=np.float64)


def _top_share(weights: Vector, strength: Vector, share: float, width: float) -> Vector:
    """A soft likelihood keeping the strongest ``share`` of the weighted range."""
    total = float(weights.sum())
    if total <= 0:
        return np.ones_like(weights)
    order = np.argsort(-strength, kind="stable")
    cumulative = np.cumsum(weights[order])
    index = int(np.searchsorted(cumulative, min(1.0, max(0.0, share)) * total))
    threshold = float(strength[order[min(index, len(order) - 1)]])
    return 0.03 + 0.97 * _sigmoid((strength - threshold) / width)


def _prior_share(preflop: bool, reraise: bool, odds: float, committed: float) -> float:
    """The share of its range an opponent is assumed to keep against a bet at ``odds``.

    ``reraise``: the bet raises a bet the opponent made or called; ``committed``:
    the share of its chips the opponent has in the pot already.
    """
    if preflop:
        share = 0.5 - 0.3 * odds if reraise else 0.40 - 0.4 * odds
        share = min(0.6, max(0.1, share))
    else:
        share = min(0.85, max(0.15, 0.75 - 0.9 * odds))
    return share + (1.0 - share) * min(1.0, max(0.0, committed))


def _cell(preflop: bool, reraise: bool, odds: float) -> int:
    """The learning cell of a bet: the street, raise or first bet, the price it offers."""
    size = 0 if odds < 0.2 else 1 if odds < 0.3 else 2 if odds < 0.4 else 3
    return size + (4 if reraise else 0) + (0 if preflop else 8)


class _Pending:
    """A bet of the bot whose answer it has not seen yet."""

    __slots__ = ("cell", "events", "seat")

    def __init__(self, events: tuple[object, ...], seat: int, cell: int) -> None:
        self.events = events
        self.seat = seat
        self.cell = cell


class StrongBot:
    """Range reading and expected value; see the module docs."""

    name = "strong"

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._random = random.Random(seed)
        self._scans: dict[tuple[tuple[int, int], tuple[int, ...]], tuple[Vector, Vector]] = {}
        self._answered = np.zeros(16)
        self._asked = np.zeros(16)
        self._pending: _Pending | None = None

    # ------------------------------------------------------------- the decision

    def act(self, view: HandView) -> str:
        """The action of highest expected value in ``view``."""
        self._learn(view)
        spot = read_spot(view)
        if spot.hole is None or not spot.opponents:
            return fold_or_check(spot.legal)
        ranges = [self._range(spot, seat) for seat in spot.opponents]
        if len(ranges) == 1:
            choice, odds = self._heads_up(spot, ranges[0])
        else:
            choice, odds = self._multi_way(spot, ranges)
        self._pending = None
        if odds is not None:
            preflop = spot.street is Street.PREFLOP
            cell = _cell(preflop, spot.raises > 0, odds)
            self._pending = _Pending(view.events, spot.opponents[0], cell)
        return choice

    def _heads_up(self, spot: Spot, weights: Vector) -> tuple[str, float | None]:
        """The best action against one opponent, and the price of a bet made (to learn from)."""
        assert spot.hole is not None
        legal = spot.legal
        preflop = spot.street is Street.PREFLOP
        if preflop:
            hero = starting_hand(spot.hole)
            eq = np.asarray(class_row(_CLASS_NUMBER[hero])[CLASS_OF], dtype=np.float64)
            strength = _PF_STRENGTH
        else:
            eq, strength = self._scan(spot.hole, spot.board)
        total = float(weights.sum())
        p = weights / total if total > 0 else np.full(len(COMBOS), 1 / len(COMBOS))
        equity = float(p @ eq)
        r = self._realization(spot)
        pot = spot.pot
        options: list[tuple[float, str, float | None]] = []
        if legal.fold:
            options.append((0.0, "fold", None))
        if legal.check:
            options.append((r * equity * pot, "check", None))
        elif legal.call is not None:
            call = legal.call
            back = spot.to_call - call  # an all-in call for less gets the excess back
            options.append((r * equity * (pot - back + call) - call, "call", None))
        opponent = spot.opponents[0]
        cap = spot.view.bets[opponent] + spot.view.stacks[opponent]
        committed = self._committed(spot, opponent)
        width = 0.03 if preflop else 0.05
        for total_to in self._sizes(spot):
            level = min(total_to, cap)
            mine = level - spot.my_bet
            theirs = level - spot.view.bets[opponent]
            if theirs <= 0 or mine <= 0:
                continue
            final = pot + mine + theirs
            odds = theirs / final
            share = self._share(preflop, spot.raises > 0, odds, committed)
            keep = _top_share(p, strength, share, width)
            continues = p * keep
            c = float(continues.sum())
            won = r * float(continues @ eq) * final
            value = (1.0 - c) * pot + won - c * mine
            # Learn only from bets whose answer shows: no all-in, and not on the river.
            answerable = (
                total_to < spot.my_bet + spot.stack
                and level < cap
                and spot.street is not Street.RIVER
            )
            learn = odds if answerable else None
            options.append((value, raise_to(legal, total_to), learn))
        best = max(options, key=lambda o: o[0])
        return best[1], best[2]

    def _multi_way(self, spot: Spot, ranges: Sequence[Vector]) -> tuple[str, float | None]:
        """The best action against two or more opponents (equity by Monte Carlo)."""
        assert spot.hole is not None
        legal = spot.legal
        preflop = spot.street is Street.PREFLOP
        strength = _PF_STRENGTH if preflop else self._scan(spot.hole, spot.board)[1]
        weights = np.array(ranges)
        seed = self._random.getrandbits(63)
        equity = range_equity(spot.hole, spot.board, weights, samples=_SAMPLES, seed=seed)
        r = self._realization(spot) * 0.95
        pot = spot.pot
        options: list[tuple[float, str]] = []
        if legal.fold:
            options.append((0.0, "fold"))
        if legal.check:
            options.append((r * equity * pot, "check"))
        elif legal.call is not None:
            options.append((r * equity * (pot + legal.call) - legal.call, "call"))
        width = 0.03 if preflop else 0.05
        sizes = self._sizes(spot)
        if equity > 0.2 and sizes:
            for total_to in sizes:
                mine = total_to - spot.my_bet
                odds = (total_to - min(spot.view.bets)) / (pot + 2 * mine)
                kept = []
                folds_all = 1.0
                callers = 0.0
                for seat, w in zip(spot.opponents, ranges, strict=True):
                    committed = self._committed(spot, seat)
                    share = _prior_share(preflop, spot.raises > 0, odds, committed)
                    total = float(w.sum())
                    p = w / total if total > 0 else np.full(len(COMBOS), 1 / len(COMBOS))
                    keep = p * _top_share(p, strength, share, width)
                    c = float(keep.sum())
                    folds_all *= 1.0 - c
                    callers += c
                    kept.append(keep)
                called_eq = range_equity(
                    spot.hole, spot.board, np.array(kept), samples=_SAMPLES // 2, seed=seed + 1
                )
                expected = max(1.0, callers / max(1e-9, 1.0 - folds_all))
                final = pot + mine + expected * mine
                value = folds_all * pot + (1.0 - folds_all) * (r * called_eq * final - mine)
                options.append((value, raise_to(legal, total_to)))
        best = max(options, key=lambda o: o[0])
        return best[1], None

    @staticmethod
    def _realization(spot: Spot) -> float:
        """The share of its equity a hand is assumed to win from here, by street and position."""
        if spot.street is Street.RIVER:
            return 1.0
        if spot.in_position:
            return 1.0
        return {Street.PREFLOP: 0.85, Street.FLOP: 0.9, Street.TURN: 0.95}[spot.street]

    def _sizes(self, spot: Spot) -> list[int]:
        """The bet or raise totals worth comparing now, legal and distinct."""
        legal = spot.legal
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            return []
        bb = spot.big_blind
        current = max(spot.view.bets)
        wanted: list[float]
        if spot.street is Street.PREFLOP:
            if spot.raises == 0:
                limpers = sum(
                    1
                    for a in spot.actions
                    if a.street is Street.PREFLOP and a.kind is ActionKind.CALL
                )
                wanted = [(x + limpers) * bb for x in (2.0, 2.5, 3.0, 4.0)]
            elif spot.raises == 1:
                wanted = [current * x for x in (2.5, 3.0, 4.0)]
            else:
                wanted = [current * 2.2]
        elif legal.bet:
            wanted = [spot.pot * x for x in (0.33, 0.5, 0.75, 1.0)]
        else:
            wanted = [current + (spot.pot + spot.to_call) * x for x in (0.6, 1.0)]
        totals = {max(lo, min(hi, round(x))) for x in wanted}
        totals.add(hi)
        return sorted(totals)

    @staticmethod
    def _committed(spot: Spot, seat: int) -> float:
        """The share of its chips ``seat`` has put in the pot this hand."""
        view = spot.view
        put = sum(a.added for a in spot.actions if a.seat == seat) + _posted(view, seat)
        return put / max(1, put + view.stacks[seat])

    def _share(self, preflop: bool, reraise: bool, odds: float, committed: float) -> float:
        """The share an opponent keeps against a bet at ``odds``: prior and what was seen."""
        cell = _cell(preflop, reraise, odds)
        prior = _prior_share(preflop, reraise, odds, committed)
        asked = float(self._asked[cell])
        answered = float(self._answered[cell])
        return (answered + _PRIOR_WEIGHT * prior) / (asked + _PRIOR_WEIGHT)

    # --------------------------------------------------------------- learning

    def _learn(self, view: HandView) -> None:
        """Whether the opponent answered the bot's last bet: the hand went on, or ended."""
        pending = self._pending
        if pending is None:
            return
        self._pending = None
        before = pending.events
        events = view.events
        cell = pending.cell
        self._asked[cell] += 1
        if len(events) > len(before) and events[: len(before)] == before:
            for event in events[len(before) :]:
                if isinstance(event, Acted) and event.seat == pending.seat:
                    if event.kind is not ActionKind.FOLD:
                        self._answered[cell] += 1
                    return
            self._answered[cell] += 1  # the hand went on without a fold
        # else: a new hand: the bet was folded to

    # ----------------------------------------------------------------- ranges

    def _scan(self, hole: tuple[int, int], board: Sequence[int]) -> tuple[Vector, Vector]:
        """Equity against each combo and each combo's strength on ``board`` (cached)."""
        key = (hole, tuple(board))
        found = self._scans.get(key)
        if found is None:
            if len(self._scans) > 64:
                self._scans.clear()
            seed = hash((self._seed, key)) & 0x7FFF_FFFF_FFFF_FFFF
            found = board_scan(hole, board, runouts=_RUNOUTS, seed=seed)
            self._scans[key] = found
        return found

    def _range(self, spot: Spot, seat: int) -> Vector:
        """The weights of ``seat``'s combos, from every action it made this hand."""
        assert spot.hole is not None
        known = list(set(spot.hole) | set(spot.board))
        weights = np.ones(len(COMBOS))
        weights[np.isin(COMBOS[:, 0], known) | np.isin(COMBOS[:, 1], known)] = 0.0
        boards = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
        put = _posted(spot.view, seat)
        chips = spot.view.stacks[seat] + put + sum(a.added for a in spot.actions_of(seat))
        street = Street.PREFLOP
        limpers = 0
        for action in spot.actions:
            street = action.street
            if action.seat == seat:
                committed = put / max(1, chips)
                if street is Street.PREFLOP:
                    weights *= self._preflop_likelihood(spot, action, weights, limpers, committed)
                else:
                    strength = self._scan(spot.hole, spot.board[: boards[street]])[1]
                    weights *= self._postflop_likelihood(action, weights, strength, committed)
                put += action.added
            if street is Street.PREFLOP and action.kind is ActionKind.CALL and action.raises == 0:
                limpers += 1
        return weights

    def _preflop_likelihood(
        self, spot: Spot, action: Action, weights: Vector, limpers: int, committed: float
    ) -> Vector:
        s = _PF_STRENGTH
        kind = action.kind
        bb = spot.big_blind
        if kind in _AGGRESSIVE:
            if action.raises == 0:
                order = spot.preflop_order
                behind = len(order) - 1 - order.index(action.seat)
                top = _OPEN_GUESS.get(behind, 0.13) * 0.7**limpers
                usual = (3 + limpers) * bb
            elif action.raises == 1:
                top = 0.10 if spot.players == 2 else 0.07
                usual = 3 * (action.to_call + spot.view.bets[action.seat])
            else:
                top = 0.035
                usual = action.amount
            top *= min(1.0, usual / max(1, action.amount)) ** 0.5  # bigger raises, fewer hands
            return 0.02 + 0.98 * _sigmoid((s - (1.0 - top)) / 0.03)
        if kind is ActionKind.CALL:
            if action.raises == 0:  # a limp, or the small blind completing
                middle = _sigmoid((s - 0.35) / 0.08) * (1.0 - 0.8 * _sigmoid((s - 0.9) / 0.03))
                return 0.05 + middle
            odds = action.to_call / (action.pot_before + action.to_call)
            share = self._share(True, action.raises > 1, odds, committed)
            keep = _top_share(weights, s, share, 0.03)
            top = 0.10 if action.raises == 1 else 0.035
            return keep * (1.0 - 0.6 * _sigmoid((s - (1.0 - top)) / 0.02))
        if kind is ActionKind.CHECK:
            return 1.0 - 0.85 * _sigmoid((s - 0.85) / 0.03)
        return np.ones_like(s)

    def _postflop_likelihood(
        self, action: Action, weights: Vector, strength: Vector, committed: float
    ) -> Vector:
        kind = action.kind
        odds = action.to_call / (action.pot_before + action.to_call) if action.to_call else 0.0
        if kind in _AGGRESSIVE:
            size = min(1.5, (action.added - action.to_call) / max(1, action.pot_before))
            if action.raises == 0:
                threshold, bluffs = 0.6 + 0.1 * size, 0.12
            else:
                threshold, bluffs = 0.72 + 0.08 * size, 0.07
            likely = bluffs + (1.0 - bluffs) * _sigmoid((strength - threshold) / 0.06)
            if action.to_call:  # a raise answers a bet: the caller's part of the range
                share = self._share(False, action.raises > 1, odds, committed)
                likely = likely * _top_share(weights, strength, share, 0.05)
            return likely
        if kind is ActionKind.CALL:
            share = self._share(False, action.raises > 1, odds, committed)
            return _top_share(weights, strength, share, 0.05)
        if kind is ActionKind.CHECK:
            return 1.0 - 0.5 * _sigmoid((strength - 0.85) / 0.04)
        return np.ones_like(strength)


def _posted(view: HandView, seat: int) -> int:
    """The forced bets ``seat`` put in (blinds, straddle, antes)."""
    return sum(e.amount for e in view.events if isinstance(e, Posted) and e.seat == seat)
