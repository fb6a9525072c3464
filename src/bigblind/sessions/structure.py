"""What a tournament is set up with: blind levels, paid places and payouts (RULES 8.1, 8.2).

>>> paid_places(12), payouts(100, payout_percentages(12))
(3, (55, 27, 18))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError
from bigblind.evaluation.games import HOLDEM, Game

__all__ = [
    "BlindStructure",
    "Finish",
    "Level",
    "TournamentError",
    "paid_places",
    "payout_percentages",
    "payouts",
]


class TournamentError(BigblindError):
    """A tournament set-up or operation that makes no sense."""


# ------------------------------------------------------------------ levels


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: blinds, an ante (each player's, or the big blind's for the table),
    and how long it lasts: ``minutes`` or ``hands`` (RULES 8.1, 8.2).

    >>> Level(100, 200, ante=50, minutes=15).rules().ante_type
    <AnteType.PER_PLAYER: 'per player'>
    >>> Level(100, 200, ante=200, big_blind_ante=True, hands=10).rules().ante_type
    <AnteType.BIG_BLIND: 'big blind'>
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: float | None = None
    hands: int | None = None

    def __post_init__(self) -> None:
        if (self.minutes is None) == (self.hands is None):
            raise TournamentError(
                f"level {self.small_blind}/{self.big_blind} must last either some minutes"
                " or some hands"
            )
        if self.minutes is not None and not self.minutes > 0:
            raise TournamentError(f"a level lasts more than 0 minutes, not {self.minutes!r}")
        if self.hands is not None and (not isinstance(self.hands, int) or self.hands < 1):
            raise TournamentError(f"a level lasts 1 hand or more, not {self.hands!r}")
        if self.big_blind_ante and not self.ante:
            raise TournamentError("a big-blind ante needs an ante amount")
        self.rules()  # the amounts must make valid rules

    def rules(self, structure: Structure = Structure.NO_LIMIT, game: Game = HOLDEM) -> Rules:
        """The engine's rules for a hand at this level, of ``game`` (RULES 11)."""
        ante_type = AnteType.NONE
        if self.ante:
            ante_type = AnteType.BIG_BLIND if self.big_blind_ante else AnteType.PER_PLAYER
        if structure is Structure.FIXED_LIMIT:
            return Rules.fixed_limit(
                blinds=(self.small_blind, self.big_blind),
                ante=self.ante,
                ante_type=ante_type,
                game=game,
            )
        return Rules(
            structure=structure,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            ante_type=ante_type,
            game=game,
        )

    def scaled(self, factor: int) -> Level:
        """This level with every amount multiplied by ``factor``."""
        return Level(
            self.small_blind * factor,
            self.big_blind * factor,
            self.ante * factor,
            self.big_blind_ante,
            self.minutes,
            self.hands,
        )


_DEFAULT_BLINDS = (
    (10, 20),
    (15, 30),
    (25, 50),
    (50, 100),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1000),
    (600, 1200),
    (800, 1600),
    (1000, 2000),
    (1500, 3000),
    (2000, 4000),
    (3000, 6000),
    (4000, 8000),
    (5000, 10000),
)
_FIRST_ANTE_LEVEL = 5


@dataclass(frozen=True, slots=True)
class BlindStructure:
    """The levels of a tournament, first to last; beyond the last the blinds keep doubling.

    >>> s = BlindStructure.default(hands=10)
    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in (s.level(0), s.level(4))]
    [(10, 20, 0), (100, 200, 50)]
    >>> s.level(len(s.levels)).big_blind == 2 * s.levels[-1].big_blind
    True
    """

    levels: tuple[Level, ...]
    structure: Structure = Structure.NO_LIMIT
    game: Game = HOLDEM

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", tuple(self.levels))
        if not self.levels:
            raise TournamentError("a blind structure needs at least one level")

    @classmethod
    def default(
        cls,
        *,
        minutes: float | None = None,
        hands: int | None = None,
        big_blind_ante: bool = False,
        structure: Structure = Structure.NO_LIMIT,
        game: Game = HOLDEM,
    ) -> BlindStructure:
        """Blinds from 10/20 up to 5000/10000; from level 5 on an ante of a quarter of the
        big blind (RULES 2.4, 8.2), or a big-blind ante of one big blind.

        Each level lasts ``minutes`` (15 when neither is given) or ``hands``.
        """
        if minutes is None and hands is None:
            minutes = 15
        levels = []
        for number, (small, big) in enumerate(_DEFAULT_BLINDS, start=1):
            ante = 0
            if number >= _FIRST_ANTE_LEVEL:
                ante = big if big_blind_ante else big // 4
            levels.append(
                Level(small, big, ante, big_blind_ante and ante > 0, minutes=minutes, hands=hands)
            )
        return cls(tuple(levels), structure, game)

    def level(self, index: int) -> Level:
        """Level ``index`` (0 is the first); past the last, the last doubled per level."""
        if index < 0:
            raise TournamentError(f"level index {index} must be 0 or more")
        last = len(self.levels) - 1
        if index <= last:
            return self.levels[index]
        return self.levels[last].scaled(2 ** (index - last))

    def rules(self, index: int) -> Rules:
        """The rules of a hand at level ``index``."""
        return self.level(index).rules(self.structure, self.game)


# ----------------------------------------------------------------- payouts


def paid_places(field: int) -> int:
    """How many places the standard table pays for a field of ``field`` players.

    2 players: 1 (winner takes all); 3 to 6: 2; 7 to 10: 3; larger fields:
    15% of the field, rounded, and at least 3.

    >>> [paid_places(n) for n in (2, 3, 6, 9, 27, 100, 1000)]
    [1, 2, 2, 3, 4, 15, 150]
    """
    if not isinstance(field, int) or field < 2:
        raise TournamentError(f"a tournament field has 2 players or more, not {field!r}")
    if field == 2:
        return 1
    if field <= 6:
        return 2
    if field <= 10:
        return 3
    return max(3, math.floor(field * 0.15 + 0.5))


def payout_percentages(field: int) -> tuple[Fraction, ...]:
    """The standard payout table: the percentage of the prize pool each paid place wins.

    Heads-up the winner takes all; 3 to 6 players are paid 65/35 and 7 to 10
    players 50/30/20. Larger fields pay :func:`paid_places` places on a
    decreasing harmonic schedule: place ``k`` wins in proportion to ``1/k``.

    >>> [float(p) for p in payout_percentages(5)]
    [65.0, 35.0]
    >>> [round(float(p), 1) for p in payout_percentages(27)]
    [48.0, 24.0, 16.0, 12.0]
    >>> sum(payout_percentages(100))
    Fraction(100, 1)
    """
    places = paid_places(field)
    fixed = {1: (100,), 2: (65, 35), 3: (50, 30, 20)}
    if field <= 10:
        return tuple(Fraction(p) for p in fixed[places])
    weights = [Fraction(1, k) for k in range(1, places + 1)]
    total = sum(weights, Fraction(0))
    return tuple(100 * w / total for w in weights)


def payouts(prize_pool: int, percentages: Sequence[Fraction | int | str]) -> tuple[int, ...]:
    """The prize of each paid place in whole units; they add up to ``prize_pool``.

    Each share is rounded down; the units left over go one each to the best
    places, so a decreasing schedule stays decreasing.

    >>> payouts(1000, payout_percentages(9))
    (500, 300, 200)
    >>> payouts(10, ["50", "30", "20"]), payouts(7, [65, 35])
    ((5, 3, 2), (5, 2))
    """
    if not isinstance(prize_pool, int) or isinstance(prize_pool, bool) or prize_pool < 0:
        raise TournamentError(f"prize pool {prize_pool!r} must be a whole number, 0 or more")
    try:
        shares = [Fraction(p) for p in percentages]
    except (TypeError, ValueError):
        raise TournamentError(f"payout percentages {list(percentages)!r} are not numbers") from None
    if not shares or any(s < 0 for s in shares) or sum(shares) != 100:
        raise TournamentError(
            f"payout percentages {[str(s) for s in shares]} must be 0 or more and add up to 100"
        )
    amounts = [int(prize_pool * s / 100) for s in shares]
    for i in range(prize_pool - sum(amounts)):
        amounts[i % len(amounts)] += 1
    return tuple(amounts)


# ----------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a player finished: ``places`` holds one place, or the places shared by players
    out in the same hand with equal stacks (RULES 8.3), whose prizes they split."""

    places: tuple[int, ...]
    name: str
    payout: int

    @property
    def place(self) -> int:
        """The best of the places (the only one unless shared)."""
        return self.places[0]
