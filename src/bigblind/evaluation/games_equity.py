"""All-in equity in every game: the share of the pot each hand or range wins.

:func:`game_equity` deals every run-out of the board (or a random sample) to
the players' hands and counts what each wins, as a share of the pot: in Omaha
hi-lo a half to the best high hand and a half to the best low, each half split
among tied hands (so a player can win a quarter), the whole pot to the high
hand when no low qualifies (RULES 11.2). Omaha players are hands or ranges in
the notation of :mod:`bigblind.evaluation.hand_ranges` (``AAxx``,
``AKQJds``); hold'em and short-deck players in that of
:mod:`bigblind.evaluation.ranges` (short deck keeps only its 36 cards).
Hold'em is counted by :func:`bigblind.evaluation.hand_equity.equity`.

>>> from bigblind.evaluation.games import OMAHA, OMAHA_HI_LO
>>> r = game_equity(OMAHA, ["AsAhKsKh", "QdJdTc9c"], board="2s 7d 8h")
>>> r.exact, r.boards, [round(p.equity, 3) for p in r.players]
(True, 820, [0.51, 0.49])
>>> r = game_equity(OMAHA_HI_LO, ["Ac2d5h9s", "KsKhQsQh"], board="3c 4d Kd")
>>> [round(p.equity, 3) for p in r.players], [round(p.scoop, 3) for p in r.players]
([0.589, 0.411], [0.41, 0.232])
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from bigblind.cards import parse_cards
from bigblind.errors import CardError
from bigblind.evaluation.games import Game, HoleUse, Ranking
from bigblind.evaluation.games_equity_kernels import (
    HI_LO,
    MAX_TRIES,
    OMAHA_HIGH,
    POT,
    SHORT_DECK,
    exact_deals,
    sampled_deals,
)
from bigblind.evaluation.hand_equity import EXACT_LIMIT, EquityError, equity
from bigblind.evaluation.hand_ranges import HandRange
from bigblind.evaluation.omaha_tables import omaha_tables
from bigblind.evaluation.ranges import Range, RangeError
from bigblind.evaluation.short_deck_batch import short_deck_arrays

__all__ = ["GameEquity", "GamePlayerEquity", "game_equity"]

_BLOCKS: Final = 256  # work items per kernel call: fixed, so results never depend on cores
_ENUMERATE_LIMIT: Final = 2_000_000  # combinations of hands listed for exact enumeration
_HARD_LIMIT: Final = 2_000_000_000  # deals: beyond this even exact=True refuses


@dataclass(frozen=True, slots=True, kw_only=True)
class GamePlayerEquity:
    """One player's share of the pots.

    ``equity`` is the mean share of the pot won (a scoop 1, half a pot 0.5, a
    quarter 0.25); ``scoop`` the share of deals won whole and alone, ``part`` the
    share where some but not all of the pot was won. ``stderr`` is the standard
    error of ``equity`` for Monte Carlo (``None`` when exact).
    """

    hand: str
    equity: float
    scoop: float
    part: float
    stderr: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEquity:
    """The equity of every player in the order given, and how it was counted.

    ``boards``: the run-outs dealt to each combination of hands when exact, the
    samples for Monte Carlo; ``trials``: every deal counted.
    """

    game: str
    players: tuple[GamePlayerEquity, ...]
    exact: bool
    boards: int
    trials: int


def game_equity(
    game: Game,
    players: Sequence[str | HandRange | Range],
    *,
    board: str = "",
    dead: str = "",
    exact: bool | None = None,
    samples: int = 100_000,
    seed: int | None = None,
) -> GameEquity:
    """The all-in equity of 2 or more players in ``game``, each a hand or a range.

    ``board`` holds 0, 3, 4 or 5 cards, ``dead`` any cards out of play. With
    ``exact=None`` every deal is enumerated when there are at most
    :data:`~bigblind.evaluation.hand_equity.EXACT_LIMIT` of them (run-outs times
    combinations of hands), else ``samples`` are drawn; the same ``seed`` gives
    the same result.

    >>> from bigblind.evaluation.games import OMAHA, SHORT_DECK_HOLDEM
    >>> r = game_equity(OMAHA, ["AAxx", "KKQQds"], samples=20_000, seed=1)
    >>> r.exact, r.trials, 0.55 < r.players[0].equity < 0.65
    (False, 20000, True)
    >>> r = game_equity(SHORT_DECK_HOLDEM, ["AhKh", "6c6d"], board="7h 8s 9h")
    >>> r.exact, r.boards  # two cards to come from the 29 left of 36
    (True, 406)
    """
    if game.uses is HoleUse.ANY and game.ranking is Ranking.STANDARD:
        return _holdem(game, players, board, dead, exact, samples, seed)
    kind = (
        SHORT_DECK if game.ranking is Ranking.SHORT_DECK else (HI_LO if game.split else OMAHA_HIGH)
    )
    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise EquityError(f"a board holds 0, 3, 4 or 5 cards, not {len(board_cards)}")
    known = [*board_cards, *dead_cards]
    if len(set(known)) != len(known):
        twice = next(c for i, c in enumerate(known) if c in known[:i])
        raise CardError(f"{twice} is given twice among the board and the dead cards")
    outside = [c for c in known if c not in game.deck]
    if outside:
        raise CardError(f"{outside[0]} is not in the deck of {game.name}")
    if len(players) < 2 or isinstance(players, str):
        raise EquityError(f"equity needs a sequence of 2 or more players, not {players!r}")
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise EquityError(f"samples must be a positive int, not {samples!r}")
    labels, hands = _read_players(game, players, known)
    deck = np.array([c for c in game.deck if c not in set(known)], dtype=np.int64)
    need = 5 - len(board_cards)
    left = len(deck) - game.hole_cards * len(players)
    if left < need:
        raise EquityError(f"{len(players)} hands and {len(known)} known cards leave too few cards")
    runouts = math.comb(left, need)
    sizes = [0 if h is None else len(h) for h in hands]
    product = math.prod(sizes)  # 0 with a random hand: those are dealt, never listed
    setup = _Setup(
        kind=kind,
        labels=labels,
        hands=hands,
        deck=deck,
        board=np.array(board_cards, dtype=np.int64),
        need=need,
        game=game,
    )
    if exact is None:
        if 0 < product <= _ENUMERATE_LIMIT and product * runouts <= 20 * EXACT_LIMIT:
            matchups = _matchups(labels, hands)
            if len(matchups) * runouts <= EXACT_LIMIT:
                return _exact(setup, matchups, runouts)
        return _sampled(setup, samples, seed)
    if exact:
        if not 0 < product <= _ENUMERATE_LIMIT:
            raise EquityError(
                "exact enumeration lists every combination of hands: at most"
                f" {_ENUMERATE_LIMIT:,}, and no random hands; use Monte Carlo (exact=False)"
            )
        matchups = _matchups(labels, hands)
        if len(matchups) * runouts > _HARD_LIMIT:
            raise EquityError(
                f"exact enumeration would deal {len(matchups) * runouts:,} boards, more than"
                f" {_HARD_LIMIT:,}: use Monte Carlo (exact=False)"
            )
        return _exact(setup, matchups, runouts)
    return _sampled(setup, samples, seed)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Setup:
    """What both ways of counting share."""

    kind: int
    labels: list[str]
    hands: list[NDArray[np.int64] | None]
    deck: NDArray[np.int64]
    board: NDArray[np.int64]
    need: int
    game: Game


def _read_players(
    game: Game, players: Sequence[str | HandRange | Range], known: Sequence[int]
) -> tuple[list[str], list[NDArray[np.int64] | None]]:
    """Each player's label and hands as an (n, hole cards) array, None for every hand."""
    labels: list[str] = []
    hands: list[NDArray[np.int64] | None] = []
    deck = set(game.deck)
    for player in players:
        if isinstance(player, str):
            label = " ".join(player.split())
            if game.uses is HoleUse.EXACTLY_TWO:
                parsed: HandRange | Range = HandRange.parse(player, size=game.hole_cards)
            else:
                parsed = Range.parse(player)
        elif isinstance(player, HandRange | Range):
            label, parsed = str(player), player
        else:
            raise EquityError(f"a player is a hand or range text, not {player!r}")
        labels.append(label)
        if isinstance(parsed, HandRange):
            if parsed.size != game.hole_cards:
                raise RangeError(
                    f"{label} holds {parsed.size} cards; {game.name} deals {game.hole_cards}"
                )
            if parsed.everything:
                hands.append(None)
                continue
            rows = [h for h in parsed.excluding(known).hands]
        else:
            if game.hole_cards != 2:
                raise RangeError(
                    f"{label} is a two-card range; {game.name} deals {game.hole_cards}"
                )
            rows = [c for c in parsed.excluding(known).combos if set(c) <= deck]
        if not rows:
            raise RangeError(f"{label} has no hand left once the known cards are out")
        hands.append(np.array(rows, dtype=np.int64).reshape(len(rows), game.hole_cards))
    return labels, hands


def _matchups(labels: list[str], hands: list[NDArray[np.int64] | None]) -> NDArray[np.int64]:
    """Every combination of the players' hands that shares no card: (M, players, cards)."""
    size = next(h for h in hands if h is not None).shape[1]
    cards = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.int64)
    for h in hands:
        assert h is not None
        bits = np.bitwise_or.reduce(np.int64(1) << h, axis=1)
        i, j = np.nonzero((masks[:, None] & bits[None, :]) == 0)
        cards = np.concatenate([cards[i], h[j]], axis=1)
        masks = masks[i] | bits[j]
    if len(cards) == 0:
        raise RangeError(
            f"cannot deal {', '.join(labels)} together: every combination shares a card"
        )
    return cards.reshape(len(cards), len(hands), size)


def _exact(setup: _Setup, matchups: NDArray[np.int64], runouts: int) -> GameEquity:
    total = len(matchups) * runouts
    blocks = max(1, min(_BLOCKS, total))
    tally = np.zeros((blocks, len(setup.labels), 3), dtype=np.int64)
    squares = np.zeros((blocks, len(setup.labels)), dtype=np.float64)
    binom = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    exact_deals(
        setup.kind,
        matchups,
        setup.deck,
        setup.board,
        setup.need,
        binom,
        tally,
        squares,
        omaha_tables(),
        short_deck_arrays(),
    )
    return _result(setup, tally.sum(axis=0), None, total, boards=runouts)


def _sampled(setup: _Setup, samples: int, seed: int | None) -> GameEquity:
    hands, game = setup.hands, setup.game
    fixed = [i for i, h in enumerate(hands) if h is not None]
    dealt = [i for i, h in enumerate(hands) if h is None]
    width = max((len(h) for h in hands if h is not None), default=1)
    ranges = np.zeros((len(fixed), width, game.hole_cards), dtype=np.int64)
    counts = np.ones(len(fixed), dtype=np.int64)
    for k, i in enumerate(fixed):
        h = hands[i]
        assert h is not None
        ranges[k, : len(h)] = h
        counts[k] = len(h)
    chunks = max(1, min(_BLOCKS, samples))
    tally = np.zeros((chunks, len(setup.labels), 3), dtype=np.int64)
    squares = np.zeros((chunks, len(setup.labels)), dtype=np.float64)
    failed = np.zeros(1, dtype=np.int64)
    seed = secrets.randbits(64) if seed is None else seed
    sampled_deals(
        setup.kind,
        np.array(fixed, dtype=np.int64),
        ranges,
        counts,
        np.array(dealt, dtype=np.int64),
        game.hole_cards,
        setup.deck,
        setup.board,
        samples,
        np.uint64(seed % (1 << 64)),
        tally,
        squares,
        failed,
        omaha_tables(),
        short_deck_arrays(),
    )
    if failed.any():
        raise RangeError(
            f"cannot deal {', '.join(setup.labels)} together:"
            f" {MAX_TRIES:,} draws in a row shared a card"
        )
    return _result(setup, tally.sum(axis=0), squares.sum(axis=0), samples, boards=samples)


def _result(
    setup: _Setup,
    tally: NDArray[np.int64],
    squares: NDArray[np.float64] | None,
    trials: int,
    *,
    boards: int,
) -> GameEquity:
    out = []
    for p, label in enumerate(setup.labels):
        units, whole, part = (int(x) for x in tally[p])
        value = units / POT / trials
        stderr = None
        if squares is not None:  # sampled: the spread of the shares drawn
            variance = max(0.0, float(squares[p]) / trials - value * value)
            stderr = math.sqrt(variance / max(1, trials - 1))
        out.append(
            GamePlayerEquity(
                hand=label, equity=value, scoop=whole / trials, part=part / trials, stderr=stderr
            )
        )
    return GameEquity(
        game=setup.game.code,
        players=tuple(out),
        exact=squares is None,
        boards=boards,
        trials=trials,
    )


def _holdem(
    game: Game,
    players: Sequence[str | HandRange | Range],
    board: str,
    dead: str,
    exact: bool | None,
    samples: int,
    seed: int | None,
) -> GameEquity:
    if any(isinstance(p, HandRange) for p in players):
        raise RangeError(f"{game.name} deals two cards: Omaha ranges do not apply")
    texts = [p for p in players if isinstance(p, str | Range)]
    r = equity(texts, board=board, dead=dead, exact=exact, samples=samples, seed=seed)
    return GameEquity(
        game=game.code,
        players=tuple(
            GamePlayerEquity(hand=p.hand, equity=p.equity, scoop=p.win, part=p.tie, stderr=p.stderr)
            for p in r.players
        ),
        exact=r.exact,
        boards=r.boards,
        trials=r.trials,
    )
