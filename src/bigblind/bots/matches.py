"""Bots against bots: duplicate deals with rotated seats, and winnings with their error bars.

:func:`simulate` seats 2 to 9 bots and plays them against each other. Every
deck is dealt once per seat rotation: with ``n`` bots the same cards are
replayed ``n`` times, each bot moving one seat on each time, so that every
bot holds every seat's cards from every position once. The luck of the cards
cancels within such a *deal set*, and the deal sets are independent, so the
spread of each bot's winnings over the deal sets gives an honest confidence
interval. Every hand starts from the same stacks (100 big blinds by default).

A simulation is cut into *chunks* of consecutive deal sets (:class:`Chunk`,
:data:`DEALS_PER_CHUNK` each): every chunk shuffles its decks from its own
seed and makes its own bots, seeded from the run's seed, the bot's index and
the chunk's, so a chunk's result depends on nothing but the run's settings.
The chunks may run in any order, in any process (see
:mod:`bigblind.bots.distributed`); :func:`merge` puts their winnings back in
deal order, so the result is the same however they were scheduled.

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

import functools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from bigblind.bots.base import BOTS, Bot, UnknownBotError, make_bot
from bigblind.bots.intervals import half_width_95
from bigblind.deck import Deck
from bigblind.engine.hand import Hand, Phase
from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError

if TYPE_CHECKING:
    from bigblind.bots.distributed import Runner

__all__ = [
    "DEALS_PER_CHUNK",
    "BotResult",
    "Chunk",
    "ChunkResult",
    "MatchPlan",
    "PlayedHand",
    "SimulationError",
    "SimulationResult",
    "merge",
    "play",
    "play_chunk",
    "play_chunks",
    "simulate",
]

MAX_BOTS = 9
DEALS_PER_CHUNK: Final = 200
"""Deal sets in one chunk, unless a run says otherwise; part of what a seed reproduces."""


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
    first: int = 0,
) -> Iterator[PlayedHand]:
    """Play ``deals`` deal sets of ``len(bots)`` hands each and yield every hand.

    The deal sets are numbered from ``first``. In rotation ``r`` of a deal
    set, seat ``s`` holds bot ``(s + r) % n``; the button stays on seat
    ``deal % n`` through the set and every rotation is dealt the same deck.
    ``stack`` is each seat's stack in big blinds.

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
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise SimulationError(f"first deal {first!r} must be a whole number, 0 or more")
    rules = rules or Rules.no_limit(blinds=(1, 2))
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
        raise SimulationError(f"stack {stack!r} must be a whole number of big blinds, 1 or more")
    chips = stack * rules.big_blind
    shuffler = random.Random(seed)
    for deal in range(first, first + deals):
        game = rules.game  # its own deck: 36 cards in short deck (RULES 11.3)
        cards = Deck.shuffled(
            seed=shuffler.getrandbits(64), cards=game.deck if len(game.deck) < 52 else None
        ).cards
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


@dataclass(frozen=True, slots=True)
class Chunk:
    """Deal sets ``first`` to ``first + deals - 1`` of a simulation, chunk number ``index``."""

    index: int
    first: int
    deals: int


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What a chunk won: ``winnings[i][k]``, bot ``i``'s big blinds in deal set ``first + k``."""

    index: int
    first: int
    winnings: tuple[tuple[float, ...], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchPlan:
    """A simulation's settings, and its deal sets cut into :class:`Chunk` s.

    ``bots`` are names (each chunk makes its own, reproducibly) or bots (used
    as they are, by every chunk in turn). ``deals`` deal sets of
    ``len(bots)`` hands are played, ``chunk_deals`` to a chunk.

    >>> plan = MatchPlan(bots=("tag", "station"), deals=450, seed=3)
    >>> [(c.index, c.first, c.deals) for c in plan.chunks()]
    [(0, 0, 200), (1, 200, 200), (2, 400, 50)]
    """

    bots: tuple[str | Bot, ...]
    deals: int
    seed: int = 0
    rules: Rules = field(default_factory=lambda: Rules.no_limit(blinds=(1, 2)))
    stack: int = 100
    chunk_deals: int = DEALS_PER_CHUNK

    def __post_init__(self) -> None:
        n = len(self.bots)
        if not 2 <= n <= MAX_BOTS:
            raise SimulationError(f"a simulation seats 2 to {MAX_BOTS} bots, not {n}")
        for b in self.bots:
            # an unknown name fails here, before any hand is played or any chunk sent
            if isinstance(b, str) and b.strip().lower() not in BOTS:
                raise UnknownBotError(
                    f"there is no bot {b!r}: the bots are {', '.join(sorted(BOTS))}"
                )
        for label, value in (("deals", self.deals), ("chunk_deals", self.chunk_deals)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SimulationError(f"{label} {value!r} must be a whole number, 1 or more")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SimulationError(f"seed {self.seed!r} must be a whole number")
        if isinstance(self.stack, bool) or not isinstance(self.stack, int) or self.stack < 1:
            raise SimulationError(
                f"stack {self.stack!r} must be a whole number of big blinds, 1 or more"
            )

    @property
    def hands(self) -> int:
        """Every hand of the run: one per seat per deal set."""
        return self.deals * len(self.bots)

    def chunks(self) -> tuple[Chunk, ...]:
        """The chunks, in deal order."""
        size = self.chunk_deals
        return tuple(
            Chunk(index, first, min(size, self.deals - first))
            for index, first in enumerate(range(0, self.deals, size))
        )


def play_chunk(
    plan: MatchPlan, chunk: Chunk, on_deal: Callable[[tuple[float, ...]], None] | None = None
) -> ChunkResult:
    """Play one chunk of ``plan``: each bot's winnings in each of its deal sets.

    The chunk's decks and named bots are seeded from the plan's seed and the
    chunk's index alone, so a chunk gives the same result wherever it runs.
    ``on_deal(winnings)`` is called after every deal set with each bot's winnings in it
    (in big blinds), so that a run stopped inside a chunk still counts what it played.

    >>> plan = MatchPlan(bots=("station", "random"), deals=3, seed=1, chunk_deals=2)
    >>> last = play_chunk(plan, plan.chunks()[1])
    >>> last.first, len(last.winnings[0])
    (2, 1)
    >>> last == play_chunk(plan, plan.chunks()[1])
    True
    """
    n = len(plan.bots)
    players = [
        make_bot(b, _bot_seed(plan.seed, i, chunk.index), game=plan.rules.game)
        if isinstance(b, str)
        else b
        for i, b in enumerate(plan.bots)
    ]
    bb = plan.rules.big_blind
    chips = plan.stack * bb
    per_deal = [[0.0] * chunk.deals for _ in range(n)]
    deck_seed = random.Random(f"bigblind simulate {plan.seed} chunk {chunk.index}").getrandbits(64)
    for played in play(
        players, chunk.deals, seed=deck_seed, rules=plan.rules, stack=plan.stack, first=chunk.first
    ):
        result = played.hand.result
        assert result is not None
        for s, final in enumerate(result.stacks):
            per_deal[played.seats[s]][played.deal - chunk.first] += (final - chips) / bb
        if on_deal is not None and played.rotation == n - 1:
            on_deal(tuple(won[played.deal - chunk.first] for won in per_deal))
    return ChunkResult(chunk.index, chunk.first, tuple(tuple(v) for v in per_deal))


def merge(
    plan: MatchPlan, results: Iterable[ChunkResult], seconds: float = 0.0
) -> SimulationResult:
    """The result of ``plan`` from the results of all its chunks, given in any order.

    The winnings are put back in deal order before anything is summed, so the
    totals and intervals are exactly those of playing the chunks in order.

    >>> plan = MatchPlan(bots=("station", "random"), deals=3, seed=1, chunk_deals=2)
    >>> parts = [play_chunk(plan, chunk) for chunk in plan.chunks()]
    >>> merge(plan, parts[::-1]).bots == merge(plan, parts).bots
    True
    """
    n = len(plan.bots)
    chunks = plan.chunks()
    ordered: list[ChunkResult | None] = [None] * len(chunks)
    for part in results:
        expected = chunks[part.index] if 0 <= part.index < len(chunks) else None
        if expected is None or ordered[part.index] is not None or part.first != expected.first:
            raise SimulationError(f"chunk {part.index} does not belong to this run, or came twice")
        ordered[part.index] = part
    missing = [c.index for c in chunks if ordered[c.index] is None]
    if missing:
        raise SimulationError(f"chunks {missing} of the run have no result")
    names = _labels([b if isinstance(b, str) else b.name for b in plan.bots])
    total = plan.hands
    bots = []
    cumulative = []
    for i in range(n):
        values = [v for part in ordered if part is not None for v in part.winnings[i]]
        won = math.fsum(values)
        bots.append(BotResult(names[i], total, won, 100 * won / total, _half_width(values, n)))
        running = 0.0
        curve = []
        for v in values:
            running += v
            curve.append(running)
        cumulative.append(tuple(curve))
    return SimulationResult(
        total, plan.deals, n, plan.seed, tuple(bots), tuple(cumulative), seconds
    )


def simulate(
    bots: Sequence[str | Bot],
    hands: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    stack: int = 100,
    progress: Callable[[int, int], None] | None = None,
    runner: Runner | None = None,
    chunk_deals: int = DEALS_PER_CHUNK,
) -> SimulationResult:
    """Play about ``hands`` hands among ``bots`` (names or bots) and measure each bot.

    ``hands`` is rounded up to whole deal sets (a multiple of the number of
    bots). Bots given by name are made with :func:`~bigblind.bots.make_bot`,
    each chunk's from seeds of their own derived from ``seed``.
    ``progress(done, total)`` is called with the hands played so far: after
    every deal set here, after every chunk with a ``runner``.

    The chunks run one after another in this process, or with ``runner``
    (e.g. :func:`bigblind.bots.distributed.ray_runner`), which takes bots by
    name only; either way the same seed gives the same result.

    >>> r = simulate(["tag", "station"], hands=3, seed=5)
    >>> r.hands, r.seats
    (4, 2)
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise SimulationError(f"hands {hands!r} must be a whole number, 1 or more")
    n = len(bots)
    if not 2 <= n <= MAX_BOTS:
        raise SimulationError(f"a simulation seats 2 to {MAX_BOTS} bots, not {n}")
    plan = MatchPlan(
        bots=tuple(bots),
        deals=-(-hands // n),
        seed=seed,
        rules=rules or Rules.no_limit(blinds=(1, 2)),
        stack=stack,
        chunk_deals=chunk_deals,
    )
    done = 0

    def played(hands: int, _winnings: tuple[float, ...] = ()) -> None:
        nonlocal done
        done += hands
        if progress is not None:
            progress(done, plan.hands)

    start = time.perf_counter()
    results = []
    for part in play_chunks(plan, runner=runner, on_deal=functools.partial(played, n)):
        results.append(part)
        if runner is not None:  # chunks elsewhere report only when done
            played(len(part.winnings[0]) * n)
    return merge(plan, results, time.perf_counter() - start)


def play_chunks(
    plan: MatchPlan,
    *,
    runner: Runner | None = None,
    on_deal: Callable[[tuple[float, ...]], None] | None = None,
) -> Iterator[ChunkResult]:
    """Play every chunk of ``plan`` and yield each one's result as it is done.

    Here the chunks are played in order and ``on_deal(winnings)`` is called after
    every deal set (as :func:`play_chunk` says); with ``runner`` (bots by name only)
    they come in whatever order they finish, and ``on_deal`` is not called. Closing
    the iterator early stops the run (a runner cancels the chunks still running).

    >>> plan = MatchPlan(bots=("station", "random"), deals=5, chunk_deals=2)
    >>> [part.first for part in play_chunks(plan)]
    [0, 2, 4]
    """
    if runner is None:
        for chunk in plan.chunks():
            yield play_chunk(plan, chunk, on_deal)
        return
    named = [b for b in plan.bots if not isinstance(b, str)]
    if named:
        raise SimulationError(
            f"bot {named[0].name!r} is given as an object: a distributed run takes bots by name"
        )
    results = runner(functools.partial(play_chunk, plan), plan.chunks())
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _bot_seed(seed: int, index: int, chunk: int) -> int:
    """A seed of its own for bot ``index`` in chunk ``chunk`` of a simulation seeded ``seed``."""
    return random.Random(f"bigblind simulate {seed} {index} {chunk}").getrandbits(63)


def _half_width(values: Sequence[float], per_deal: int) -> float:
    """The 95% half-width of bb/100, from the spread of the winnings of the deal sets.

    >>> round(_half_width([1.0, -1.0, 1.0, -1.0], 2), 2)
    56.58
    """
    return 100 * half_width_95(values) / per_deal
