"""All-in equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

:func:`equity` deals every run-out of the board (or a random sample of them)
to each combination of the players' hands and counts who wins. Hands and
ranges are written in the notation of :mod:`bigblind.evaluation.ranges`; a combo that
shares a card with the board, the dead cards or another player's hand is
never dealt, so every deal is one a real deck could give, and every
consistent combination of hands is equally likely.

Both ways are compiled loops (numba, in :mod:`bigblind.evaluation.equity_kernels`)
over the shared evaluator core of :mod:`bigblind.evaluation.batch`, on every CPU
core: a heads-up pre-flop matchup, all 1,712,304 boards, takes a few hundredths
of a second once compiled.
Importing this module imports numpy and numba; ``import bigblind`` does not.

>>> result = equity(["AcAd", "KhKs"])
>>> result.exact, result.boards
(True, 1712304)
>>> aces, kings = result.players
>>> aces.wins, aces.losses, aces.ties, f"{aces.equity:.4f}"
(1388072, 317694, 6538, '0.8126')
>>> mc = equity(["AcAd", "KK"], exact=False, samples=200_000, seed=1)
>>> abs(mc.players[0].equity - 0.8195) < 4 * mc.players[0].stderr
True
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

import numpy as np
from numpy.typing import NDArray

from bigblind.cards import format_cards, parse_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.batch import tables
from bigblind.evaluation.equity_kernels import (
    MAX_TRIES,
    exact_parallel,
    exact_serial,
    monte_carlo_parallel,
    monte_carlo_serial,
)
from bigblind.evaluation.preflop import preflop_equity
from bigblind.evaluation.ranges import Range, RangeError

__all__ = [
    "EXACT_LIMIT",
    "EquityError",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "preflop_equity",
]

EXACT_LIMIT: Final = 6_000_000
"""With ``exact=None``, enumerate when there are at most this many deals (boards x hands)."""

_EXACT_HARD_LIMIT: Final = 1_000_000_000  # deals: beyond this even exact=True refuses
_ENUMERATE_LIMIT: Final = 4_000_000  # combinations of hands listed, for exact=None and sampling
_ENUMERATE_HARD_LIMIT: Final = 10_000_000  # combinations of hands listed at most, for exact=True
_MAX_PLAYERS: Final = 10
_BOARD_SIZES: Final = (0, 3, 4, 5)
_BLOCKS: Final = 512  # work items per kernel call: fixed, so results never depend on cores
_SERIAL_WORK: Final = 200_000  # hands to value below which one core beats starting threads


class EquityError(BigblindError):
    """Players, a board or settings that :func:`equity` cannot work with."""


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's share of the deals.

    ``win`` and ``tie`` are the shares of deals won alone and tied for the best
    hand; ``equity`` adds each tie split evenly among the tied players (a
    three-way tie counts a third). The counts are there when the deals were
    enumerated (``None`` for Monte Carlo), ``stderr`` (the standard error of
    ``equity``) for Monte Carlo.
    """

    hand: str
    win: float
    tie: float
    equity: float
    wins: int | None
    ties: int | None
    losses: int | None
    stderr: float | None


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The equity of every player, in the order given.

    ``boards``: with ``exact``, the run-outs dealt to each combination of hands
    (1,712,304 for two hands pre-flop); for Monte Carlo, the samples.
    ``trials``: all the deals counted, boards times combinations of hands for
    exact, the samples for Monte Carlo.
    """

    players: tuple[PlayerEquity, ...]
    exact: bool
    boards: int
    trials: int

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: counts for exact, ``samples`` and ``stderr`` for Monte Carlo.

        >>> equity(["AsKs", "7c7d"], board="Qs Js 2c 3h").as_dict()["players"][0]["wins"]
        18
        """
        players: list[dict[str, Any]] = []
        for p in self.players:
            item: dict[str, Any] = {"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity}
            if self.exact:
                item.update(wins=p.wins, ties=p.ties, losses=p.losses)
            else:
                item["stderr"] = p.stderr
            players.append(item)
        out: dict[str, Any] = {"players": players, "exact": self.exact, "boards": self.boards}
        if self.exact:
            out["trials"] = self.trials
        else:
            out["samples"] = self.trials
        return out


def equity(
    players: Sequence[str | Range],
    *,
    board: str = "",
    dead: str = "",
    exact: bool | None = None,
    samples: int = 100_000,
    seed: int | None = None,
) -> EquityResult:
    """The all-in equity of 2 to 10 players, each a hand (``"AcAd"``) or a range.

    ``board`` holds 0, 3, 4 or 5 cards and ``dead`` any cards out of play.
    ``exact=None`` enumerates every deal when there are at most
    :data:`EXACT_LIMIT` of them (run-outs times consistent combinations of
    hands) and samples ``samples`` deals otherwise; ``True`` and ``False``
    force either. The same ``seed`` gives the same Monte Carlo result.

    >>> r = equity(["AA", "KK"], board="Ks 7h 2d")
    >>> r.exact, r.boards, r.trials, f"{r.players[1].equity:.4f}"
    (True, 990, 17820, '0.9141')
    >>> r = equity(["AhKh", "QQ", "random"], seed=3)  # billions of deals: sampled
    >>> r.exact, r.trials, [p.hand for p in r.players]
    (False, 100000, ['AhKh', 'QQ', 'random'])
    >>> [(round(p.equity, 2), p.stderr < 0.002) for p in r.players]
    [(0.4, True), (0.46, True), (0.14, True)]
    >>> equity(["AcAd", "AcKd"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.evaluation.ranges.RangeError: cannot deal AcAd, AcKd together: ...shares a card
    """
    ranges, labels = _read_players(players)
    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    if len(board_cards) not in _BOARD_SIZES:
        raise EquityError(
            f"a board holds 0, 3, 4 or 5 cards, not {len(board_cards)}"
            f" ({format_cards(board_cards, ' ')})"
        )
    known = [*board_cards, *dead_cards]
    if len(set(known)) != len(known):
        twice = next(c for i, c in enumerate(known) if c in known[:i])
        raise CardError(f"{twice} is given twice among the board and the dead cards")
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise EquityError(f"samples must be a positive int, not {samples!r}")
    live = []
    for label, r in zip(labels, ranges, strict=True):
        kept = r.excluding(known)
        if not kept:
            raise RangeError(
                f"{label} has no combo left: every one uses a card of the board or dead cards"
            )
        live.append(kept)
    need = 5 - len(board_cards)
    deck_left = 52 - len(known) - 2 * len(live)
    if deck_left < need:
        raise EquityError(
            f"{len(live)} hands and {len(known)} known cards leave {deck_left} cards"
            f" for {need} board cards"
        )
    runouts = math.comb(deck_left, need)
    setup = _Setup(labels, live, board_cards, known, need, runouts)
    product = math.prod(len(r) for r in live)  # at least the consistent combinations
    if exact is None:
        # list the combinations only when they may be few enough to enumerate
        if product <= _ENUMERATE_LIMIT and product * runouts <= 20 * EXACT_LIMIT:
            matchups = setup.matchups(list(range(len(live))))
            if len(matchups) * runouts <= EXACT_LIMIT:
                return setup.exact(matchups)
        return setup.monte_carlo(samples, seed)
    if exact:
        if product > _ENUMERATE_HARD_LIMIT:
            raise EquityError(
                f"exact enumeration would list up to {product:,} combinations of hands,"
                f" more than {_ENUMERATE_HARD_LIMIT:,}: use Monte Carlo (exact=False)"
            )
        matchups = setup.matchups(list(range(len(live))))
        if len(matchups) * runouts > _EXACT_HARD_LIMIT:
            raise EquityError(
                f"exact enumeration would deal {len(matchups) * runouts:,} boards, more than"
                f" {_EXACT_HARD_LIMIT:,}: use Monte Carlo (exact=False)"
            )
        return setup.exact(matchups)
    return setup.monte_carlo(samples, seed)


def _read_players(players: Sequence[str | Range]) -> tuple[list[Range], list[str]]:
    if isinstance(players, str | Range):
        raise EquityError(
            f"players must be a sequence of hands or ranges, not one {type(players).__name__}"
        )
    ranges: list[Range] = []
    labels: list[str] = []
    for player in players:
        if isinstance(player, Range):
            ranges.append(player)
            labels.append(str(player))
        elif isinstance(player, str):
            ranges.append(Range.parse(player))
            labels.append(" ".join(player.split()))
        else:
            raise EquityError(f"a player is a hand or range text or a Range, not {player!r}")
    if not 2 <= len(ranges) <= _MAX_PLAYERS:
        raise EquityError(f"equity needs 2 to {_MAX_PLAYERS} players, not {len(ranges)}")
    return ranges, labels


def _combo_array(r: Range) -> NDArray[np.int8]:
    return np.array(r.combos, dtype=np.int8).reshape(len(r), 2)


def _card_masks(combos: NDArray[np.int8]) -> NDArray[np.int64]:
    one = np.int64(1)
    wide = combos.astype(np.int64)
    return cast(NDArray[np.int64], (one << wide[:, 0]) | (one << wide[:, 1]))


class _Setup:
    """What the two ways of counting share: the players' live ranges and the board."""

    def __init__(
        self,
        labels: list[str],
        live: list[Range],
        board: Sequence[int],
        known: Sequence[int],
        need: int,
        runouts: int,
    ) -> None:
        self.labels = labels
        self.live = live
        self.need = need
        self.runouts = runouts
        self.board_key = int(sum(int(tables().keys[c]) for c in board))
        self.board_mask = 0
        for c in board:
            self.board_mask |= 1 << (16 * (c & 3) + (c >> 2))
        self.used = 0
        for c in known:
            self.used |= 1 << c

    def matchups(self, which: list[int]) -> NDArray[np.int8]:
        """Every consistent combination of the hands of players ``which``: (M, len, 2) cards."""
        cards = np.zeros((1, 0), dtype=np.int8)
        masks = np.zeros(1, dtype=np.int64)
        for p in which:
            combos = _combo_array(self.live[p])
            combo_masks = _card_masks(combos)
            i, j = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
            cards = np.concatenate([cards[i], combos[j]], axis=1)
            masks = masks[i] | combo_masks[j]
        if len(cards) == 0:
            names = ", ".join(self.labels[p] for p in which)
            raise RangeError(f"cannot deal {names} together: every combination shares a card")
        return cards.reshape(len(cards), len(which), 2)

    def exact(self, matchups: NDArray[np.int8]) -> EquityResult:
        count = len(matchups)
        total = count * self.runouts
        blocks = max(1, min(_BLOCKS, total))
        players = len(self.live)
        tally = np.zeros((blocks, players, players + 1), dtype=np.int64)
        binom = _binomials()
        kernel = exact_parallel if total * players > _SERIAL_WORK else exact_serial
        kernel(
            matchups,
            self.used,
            self.board_key,
            self.board_mask,
            self.need,
            binom,
            tally,
        )
        return self._result(tally.sum(axis=0), total, exact=True, boards=self.runouts)

    def monte_carlo(self, samples: int, seed: int | None) -> EquityResult:
        players = len(self.live)
        # a range holding every combo of the cards left: dealt straight from the deck
        everything = math.comb(52 - self.used.bit_count(), 2)
        dealt = [p for p in range(players) if len(self.live[p]) == everything]
        fixed = [p for p in range(players) if p not in dealt]
        product = math.prod(len(self.live[p]) for p in fixed)
        if fixed and product <= _ENUMERATE_LIMIT:
            matchups = self.matchups(fixed)
        else:
            matchups = np.zeros((0, len(fixed), 2), dtype=np.int8)
        width = max((len(self.live[p]) for p in fixed), default=0)
        combos = np.zeros((len(fixed), width, 2), dtype=np.int8)
        counts = np.zeros(len(fixed), dtype=np.int64)
        for i, p in enumerate(fixed):
            combos[i, : len(self.live[p])] = _combo_array(self.live[p])
            counts[i] = len(self.live[p])
        chunks = max(1, min(_BLOCKS, samples))
        tally = np.zeros((chunks, players, players + 1), dtype=np.int64)
        failed = np.zeros(1, dtype=np.int64)
        if seed is None:
            seed = secrets.randbits(64)
        kernel = monte_carlo_parallel if samples * players > _SERIAL_WORK else monte_carlo_serial
        kernel(
            np.array(fixed, dtype=np.int64),
            np.array(dealt, dtype=np.int64),
            matchups,
            combos,
            counts,
            self.used,
            self.board_key,
            self.board_mask,
            self.need,
            samples,
            np.uint64(seed % (1 << 64)),
            tally,
            failed,
        )
        if failed.any():
            names = ", ".join(self.labels[p] for p in fixed)
            raise RangeError(
                f"cannot deal {names} together: {MAX_TRIES:,} draws in a row all shared a card"
            )
        return self._result(tally.sum(axis=0), samples, exact=False, boards=samples)

    def _result(
        self, tally: NDArray[np.int64], trials: int, *, exact: bool, boards: int
    ) -> EquityResult:
        out = []
        for p, label in enumerate(self.labels):
            row = [int(x) for x in tally[p]]
            wins, ties = row[1], sum(row[2:])
            share = wins + sum(row[k] / k for k in range(2, len(row)))
            value = share / trials
            stderr = None
            if not exact:
                square = (wins + sum(row[k] / (k * k) for k in range(2, len(row)))) / trials
                variance = max(0.0, square - value * value)
                stderr = math.sqrt(variance / max(1, trials - 1))
            out.append(
                PlayerEquity(
                    hand=label,
                    win=wins / trials,
                    tie=ties / trials,
                    equity=value,
                    wins=wins if exact else None,
                    ties=ties if exact else None,
                    losses=trials - wins - ties if exact else None,
                    stderr=stderr,
                )
            )
        return EquityResult(tuple(out), exact, boards, trials)


_BINOMIALS: list[NDArray[np.int64]] = []


def _binomials() -> NDArray[np.int64]:
    """``C(n, k)`` for n up to 52 and k up to 5."""
    if not _BINOMIALS:
        table = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], np.int64)
        _BINOMIALS.append(table)
    return _BINOMIALS[0]
