"""Bots against bots: duplicate deals with rotated seats, and winnings with their error bars.

:func:`simulate` seats 2 to 9 bots and plays them against each other. Every
deck is dealt once per seat rotation: with ``n`` bots the same cards are
replayed ``n`` times, each bot moving one seat on each time, so that every
bot holds every seat's cards from every position once. The luck of the cards
cancels within such a *deal set*, and the deal sets are independent, so the
spread of each bot's winnings over the deal sets gives an honest confidence
interval. Every hand starts from the same stacks (100 big blinds by default).

>>> result = simulate(["station", "random"], hands=40, seed=1)
>>> result.hands, result.deals, [b.name for b in result.bots]
(40, 20, ['station', 'random'])
>>> round(sum(b.winnings for b in result.bots), 9)  # chips only change hands
0.0
>>> result.bots[0].ci95 > 0
True

:func:`play` is the loop underneath: it yields every hand with the seating
that played it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bigblind.bots.base import Bot, make_bot
from bigblind.cards import Deck
from bigblind.engine.hand import Hand, Phase
from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError

__all__ = [
    "BotResult",
    "PlayedHand",
    "SimulationError",
    "SimulationResult",
    "play",
    "simulate",
]

MAX_BOTS = 9
_Z95 = 1.959963984540054


class SimulationError(BigblindError):
    """Settings a simulation cannot run with, or a bot that answered an illegal action."""


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's winnings: ``winnings`` in big blinds over ``hands``; ``ci95`` is a half-width.

    ``bb_per_100 ± ci95`` is the 95% confidence interval of the bot's win rate
    in big blinds per 100 hands (``ci95`` is infinite with a single deal set).
    """

    name: str
    hands: int
    winnings: float
    bb_per_100: float
    ci95: float


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The outcome of :func:`simulate`.

    ``cumulative[i][k]`` is bot ``i``'s winnings in big blinds after deal set
    ``k`` (``seats`` hands each).
    """

    hands: int
    deals: int
    seats: int
    seed: int
    bots: tuple[BotResult, ...]
    cumulative: tuple[tuple[float, ...], ...]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the hands, and each bot's name, bb/100 and CI half-width.

        >>> simulate(["station", "station"], hands=4, seed=2).as_dict()["bots"][0]["name"]
        'station'
        """
        return {
            "hands": self.hands,
            "bots": [
                {
                    "name": b.name,
                    "bb_per_100": b.bb_per_100,
                    "ci95": b.ci95 if math.isfinite(b.ci95) else None,
                }
                for b in self.bots
            ],
        }


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand of a simulation: deal set, rotation, the bot in each seat, the hand."""

    deal: int
    rotation: int
    seats: tuple[int, ...]
    """``seats[s]`` is the index (in the list given) of the bot in seat ``s``."""
    hand: Hand


def play(
    bots: Sequence[Bot],
    deals: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    stack: int = 100,
) -> Iterator[PlayedHand]:
    """Play ``deals`` deal sets of ``len(bots)`` hands each and yield every hand.

    In rotation ``r`` of a deal set, seat ``s`` holds bot ``(s + r) % n``; the
    button stays on seat ``deal % n`` through the set and every rotation is
    dealt the same deck. ``stack`` is each seat's stack in big blinds.

    >>> from bigblind.bots import make_bot
    >>> hands = list(play([make_bot("station", 0), make_bot("station", 1)], 1, seed=3))
    >>> [h.seats for h in hands], hands[0].hand.hole(0) == hands[1].hand.hole(0)
    ([(0, 1), (1, 0)], True)
    """
    n = len(bots)
    if not 2 <= n <= MAX_BOTS:
        raise SimulationError(f"a simulation seats 2 to {MAX_BOTS} bots, not {n}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise SimulationError(f"deals {deals!r} must be a whole number, 0 or more")
    rules = rules or Rules.no_limit(blinds=(1, 2))
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
        raise SimulationError(f"stack {stack!r} must be a whole number of big blinds, 1 or more")
    chips = stack * rules.big_blind
    shuffler = random.Random(seed)
    for deal in range(deals):
        cards = Deck.shuffled(seed=shuffler.getrandbits(64)).cards
        button = deal % n
        for rotation in range(n):
            seats = tuple((s + rotation) % n for s in range(n))
            hand = Hand(rules, [chips] * n, button=button, deck=Deck(cards))
            while hand.phase is Phase.BETTING:
                actor = hand.actor
                assert actor is not None
                bot = bots[seats[actor]]
                action = bot.act(hand.view(actor))
                try:
                    hand.act(action)
                except BigblindError as error:
                    raise SimulationError(
                        f"bot {bot.name!r} in seat {actor} answered {action!r}: {error}"
                    ) from error
            yield PlayedHand(deal, rotation, seats, hand)


def _labels(names: Sequence[str]) -> list[str]:
    """Names made distinct: a second ``tag`` is ``tag-2``."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return out


def simulate(
    bots: Sequence[str | Bot],
    hands: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    stack: int = 100,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play about ``hands`` hands among ``bots`` (names or bots) and measure each bot.

    ``hands`` is rounded up to whole deal sets (a multiple of the number of
    bots). Bots given by name are made with :func:`~bigblind.bots.make_bot`,
    each from its own seed derived from ``seed``. ``progress(done, total)``
    is called after every deal set.

    >>> r = simulate(["tag", "station"], hands=3, seed=5)
    >>> r.hands, r.seats
    (4, 2)
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise SimulationError(f"hands {hands!r} must be a whole number, 1 or more")
    n = len(bots)
    if not 2 <= n <= MAX_BOTS:
        raise SimulationError(f"a simulation seats 2 to {MAX_BOTS} bots, not {n}")
    players: list[Bot] = [
        make_bot(b, _bot_seed(seed, i)) if isinstance(b, str) else b for i, b in enumerate(bots)
    ]
    names = _labels([b if isinstance(b, str) else b.name for b in bots])
    rules = rules or Rules.no_limit(blinds=(1, 2))
    deals = -(-hands // n)
    total = deals * n
    bb = rules.big_blind
    start = time.perf_counter()
    chips = stack * bb
    per_deal = [[0.0] * deals for _ in range(n)]
    for played in play(players, deals, seed=seed, rules=rules, stack=stack):
        result = played.hand.result
        assert result is not None
        for s, final in enumerate(result.stacks):
            per_deal[played.seats[s]][played.deal] += (final - chips) / bb
        if progress is not None and played.rotation == n - 1:
            progress((played.deal + 1) * n, total)
    seconds = time.perf_counter() - start
    results = []
    cumulative = []
    for i in range(n):
        values = per_deal[i]
        won = math.fsum(values)
        results.append(BotResult(names[i], total, won, 100 * won / total, _half_width(values, n)))
        running = 0.0
        curve = []
        for v in values:
            running += v
            curve.append(running)
        cumulative.append(tuple(curve))
    return SimulationResult(total, deals, n, seed, tuple(results), tuple(cumulative), seconds)


def _bot_seed(seed: int, index: int) -> int:
    """A seed of its own for bot ``index`` of a simulation seeded ``seed``."""
    return random.Random(f"bigblind simulate {seed} {index}").getrandbits(63)


def _half_width(values: Sequence[float], per_deal: int) -> float:
    """The 95% half-width of bb/100, from the spread of the winnings of the deal sets.

    >>> round(_half_width([1.0, -1.0, 1.0, -1.0], 2), 2)
    56.58
    """
    k = len(values)
    if k < 2:
        return math.inf
    mean = math.fsum(values) / k
    variance = math.fsum((v - mean) ** 2 for v in values) / (k - 1)
    return 100 * _Z95 * math.sqrt(variance / k) / per_deal
