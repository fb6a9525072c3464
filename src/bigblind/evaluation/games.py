"""The games of the hold'em family as data: deck, hole cards, how hands are valued.

A :class:`Game` says everything about a variant that is not betting: the cards
it deals from, how many hole cards each player gets, how many of them a hand
must use, how high hands rank, and whether pots are split with a low. A rules
engine reads these fields and calls :meth:`Game.value_high` and
:meth:`Game.value_low`; it never asks which game it is.

=================  ==========  =====  ==========  ============  =====
game               code        hole   uses        ranking       low
=================  ==========  =====  ==========  ============  =====
Texas hold'em      holdem      2      any         standard      --
Omaha              omaha       4      exactly 2   standard      --
5-card Omaha       omaha5      5      exactly 2   standard      --
6-card Omaha       omaha6      6      exactly 2   standard      --
Omaha hi-lo        omaha8      4      exactly 2   standard      8 or better
Short deck         short-deck  2      any         short deck    --
=================  ==========  =====  ==========  ============  =====

>>> from bigblind.cards import parse_cards
>>> plo8 = game("plo8")
>>> plo8.name, plo8.hole_cards, len(plo8.deck), plo8.split
('Omaha hi-lo', 4, 52, True)
>>> hole, board = parse_cards("Ac 2d Kh Ks"), parse_cards("3c 6d 7h Kd Qs")
>>> plo8.describe_high(plo8.value_high(hole, board))
'Three of a kind, kings, queen-seven kickers'
>>> plo8.describe_low(plo8.value_low(hole, board))
'7-6-3-2-A low'
>>> HOLDEM.value_low(parse_cards("Ac 2d"), board) is None  # no low in hold'em
True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING, Final

from bigblind.cards import CARDS, Card
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation import omaha, short_deck
from bigblind.evaluation.scalar import HandValue, describe, evaluate, evaluate_hand

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "GAMES",
    "HOLDEM",
    "OMAHA",
    "OMAHA5",
    "OMAHA6",
    "OMAHA_HI_LO",
    "SHORT_DECK_HOLDEM",
    "Game",
    "GameError",
    "HoleUse",
    "Low",
    "Ranking",
    "game",
]


class GameError(BigblindError):
    """A game that does not exist, or a combination of rules no evaluator plays."""


class Ranking(Enum):
    """How five-card hands rank: the standard order (RULES 6.2) or short deck's (11.3)."""

    STANDARD = "standard"
    SHORT_DECK = "short deck"


class HoleUse(Enum):
    """How many hole cards a hand uses: any number (hold'em) or exactly two (Omaha)."""

    ANY = "any"
    EXACTLY_TWO = "exactly two"


class Low(Enum):
    """The low half of a split game (RULES 11.2)."""

    EIGHT_OR_BETTER = "8 or better"


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """One variant: its cards and how its hands are valued (RULES 1, 6, 11).

    ``max_players`` is the most players the deck deals in with every burn (or,
    for hold'em, skipping the burns RULES 1.3 skips). Values of
    :meth:`value_high` compare within a game; those of the standard ranking are
    the values of :func:`~bigblind.evaluation.scalar.evaluate` (1 to 7,462),
    those of short deck run from 1 to 1,404. Lows run from 1 to 56.

    >>> OMAHA.hole_cards, OMAHA.uses, OMAHA.max_players
    (4, <HoleUse.EXACTLY_TWO: 'exactly two'>, 11)
    >>> SHORT_DECK_HOLDEM.deck[0], len(SHORT_DECK_HOLDEM.deck), SHORT_DECK_HOLDEM.max_players
    (Card('6c'), 36, 14)
    """

    code: str
    name: str
    hole_cards: int
    deck: tuple[Card, ...]
    uses: HoleUse
    ranking: Ranking
    low: Low | None
    max_players: int
    board_cards: int = 5

    def __post_init__(self) -> None:
        if (self.ranking, self.uses) not in _HIGH:
            raise GameError(
                f"no evaluator values {self.ranking.value} hands using {self.uses.value} hole"
                f" cards: accepted are {', '.join(f'{r.value} with {u.value}' for r, u in _HIGH)}"
            )
        if self.low is not None and self.uses is not HoleUse.EXACTLY_TWO:
            raise GameError("a low of 8 or better is valued only for Omaha (exactly two)")
        if self.uses is HoleUse.EXACTLY_TWO and self.hole_cards not in (4, 5, 6):
            raise GameError(f"Omaha deals 4, 5 or 6 hole cards, not {self.hole_cards}")

    def __reduce__(self) -> tuple[object, ...]:
        """A game of :data:`GAMES` pickles as its code, so that it unpickles as the same
        object (a process pool or a Ray worker may compare games by identity)."""
        if GAMES.get(self.code) == self:
            return (game, (self.code,))
        return (_rebuild, (self.__class__, {f.name: getattr(self, f.name) for f in fields(self)}))

    @property
    def split(self) -> bool:
        """Whether each pot is split between a high and a low hand (RULES 11.2)."""
        return self.low is not None

    def value_high(self, hole: Collection[int], board: Collection[int]) -> int:
        """The value of a player's best high hand; higher wins, equal values split.

        Checked: a card outside the game's deck, a repeat or a wrong count raises
        :class:`~bigblind.errors.CardError`.

        >>> from bigblind.cards import parse_cards
        >>> board = parse_cards("Th 2h 3c 8d 9s")
        >>> HOLDEM.value_high(parse_cards("Ah Kh"), board) < HOLDEM.value_high(
        ...     parse_cards("Jc Qd"), board
        ... )
        True
        """
        self._check_hole(hole)
        return _HIGH[self.ranking, self.uses](hole, board)

    def value_low(self, hole: Collection[int], board: Collection[int]) -> int | None:
        """The value of the player's low (RULES 11.2), or ``None``: no qualifying low,
        or no low in this game. Higher is the better low."""
        if self.low is None:
            return None
        self._check_hole(hole)
        return omaha.evaluate_omaha_low(hole, board)

    def _check_hole(self, hole: Collection[int]) -> None:
        if len(hole) != self.hole_cards:
            raise CardError(
                f"cannot value {len(hole)} hole cards ({list(hole)!r}) in {self.name}:"
                f" accepted are {self.hole_cards} hole cards"
            )

    def describe_high(self, value: int) -> str:
        """A high value of this game in words, e.g. ``'Flush, ace high, ...'``."""
        if self.ranking is Ranking.SHORT_DECK:
            return short_deck.describe_short_deck(value)
        return describe(value)

    def describe_low(self, value: int | None) -> str:
        """A low value in words: ``'Wheel, 5-4-3-2-A'``, ``'8-6-5-4-3 low'``, ``'No low'``."""
        return omaha.describe_low(value)

    def describe(self, hole: Collection[int], board: Collection[int]) -> str:
        """A player's hand in words: the high hand, and the low where the game has one.

        >>> from bigblind.cards import parse_cards
        >>> OMAHA_HI_LO.describe(parse_cards("Ac 2d Kh Ks"), parse_cards("3c 6d 7h Kd Qs"))
        'Three of a kind, kings, queen-seven kickers; 7-6-3-2-A low'
        >>> OMAHA_HI_LO.describe(parse_cards("Ac 2d Kh Ks"), parse_cards("9c 6d 7h Kd Qs"))
        'Three of a kind, kings, queen-nine kickers; no low'
        """
        high = self.describe_high(self.value_high(hole, board))
        if self.low is None:
            return high
        low = self.describe_low(self.value_low(hole, board))
        return f"{high}; {low[0].lower()}{low[1:]}"

    def high_hand(
        self, hole: Collection[int], board: Collection[int]
    ) -> HandValue | short_deck.ShortDeckHand:
        """The best high hand with its five cards and description.

        >>> from bigblind.cards import format_cards, parse_cards
        >>> best = OMAHA.high_hand(parse_cards("Ah Kh 7c 7d"), parse_cards("Qh Jh 2h 7s 3c"))
        >>> format_cards(best.cards, " "), best.description
        ('Ah Kh Qh Jh 2h', 'Flush, ace high, king-queen-jack-two')
        """
        self.value_high(hole, board)  # checks the cards and the count
        if self.uses is HoleUse.EXACTLY_TWO:
            return omaha.omaha_hand(hole, board)
        if self.ranking is Ranking.SHORT_DECK:
            return short_deck.short_deck_hand([*hole, *board])
        return evaluate_hand([*hole, *board])

    def low_hand(self, hole: Collection[int], board: Collection[int]) -> omaha.LowHand | None:
        """The best low with its five cards, or ``None``."""
        if self.value_low(hole, board) is None:
            return None
        return omaha.omaha_low_hand(hole, board)

    def value_high_batch(self, holes: ArrayLike, boards: ArrayLike) -> NDArray[np.int32]:
        """:meth:`value_high` of row ``i`` of ``holes`` with row ``i`` of ``boards``
        (five cards each), compiled, on every core."""
        import numpy as np

        if self.uses is HoleUse.EXACTLY_TWO:
            from bigblind.evaluation.omaha_batch import evaluate_omaha_batch

            return evaluate_omaha_batch(holes, boards)
        cards = np.concatenate([np.asarray(holes), np.asarray(boards)], axis=1)
        if self.ranking is Ranking.SHORT_DECK:
            from bigblind.evaluation.short_deck_batch import evaluate_short_deck_batch

            return evaluate_short_deck_batch(cards)
        from bigblind.evaluation.batch import evaluate_batch

        return evaluate_batch(cards)

    def value_low_batch(self, holes: ArrayLike, boards: ArrayLike) -> NDArray[np.int32]:
        """:meth:`value_low` of each row, 0 for no low (every row, in a game with none)."""
        import numpy as np

        if self.low is None:
            return np.zeros(len(np.asarray(holes)), dtype=np.int32)
        from bigblind.evaluation.omaha_batch import evaluate_omaha_low_batch

        return evaluate_omaha_low_batch(holes, boards)


def _rebuild(cls: type[Game], fields: dict[str, object]) -> Game:
    return cls(**fields)  # type: ignore[arg-type]


def _holdem(hole: Collection[int], board: Collection[int]) -> int:
    return evaluate([*hole, *board])


def _short(hole: Collection[int], board: Collection[int]) -> int:
    return short_deck.evaluate_short_deck([*hole, *board])


_HIGH: Final = {
    (Ranking.STANDARD, HoleUse.ANY): _holdem,
    (Ranking.STANDARD, HoleUse.EXACTLY_TWO): omaha.evaluate_omaha,
    (Ranking.SHORT_DECK, HoleUse.ANY): _short,
}

_FULL_DECK: Final = tuple(CARDS)

HOLDEM: Final = Game(
    code="holdem",
    name="Texas hold'em",
    hole_cards=2,
    deck=_FULL_DECK,
    uses=HoleUse.ANY,
    ranking=Ranking.STANDARD,
    low=None,
    max_players=23,
)
OMAHA: Final = Game(
    code="omaha",
    name="Omaha",
    hole_cards=4,
    deck=_FULL_DECK,
    uses=HoleUse.EXACTLY_TWO,
    ranking=Ranking.STANDARD,
    low=None,
    max_players=11,
)
OMAHA5: Final = Game(
    code="omaha5",
    name="5-card Omaha",
    hole_cards=5,
    deck=_FULL_DECK,
    uses=HoleUse.EXACTLY_TWO,
    ranking=Ranking.STANDARD,
    low=None,
    max_players=8,
)
OMAHA6: Final = Game(
    code="omaha6",
    name="6-card Omaha",
    hole_cards=6,
    deck=_FULL_DECK,
    uses=HoleUse.EXACTLY_TWO,
    ranking=Ranking.STANDARD,
    low=None,
    max_players=7,
)
OMAHA_HI_LO: Final = Game(
    code="omaha8",
    name="Omaha hi-lo",
    hole_cards=4,
    deck=_FULL_DECK,
    uses=HoleUse.EXACTLY_TWO,
    ranking=Ranking.STANDARD,
    low=Low.EIGHT_OR_BETTER,
    max_players=11,
)
SHORT_DECK_HOLDEM: Final = Game(
    code="short-deck",
    name="Short deck",
    hole_cards=2,
    deck=short_deck.SHORT_DECK,
    uses=HoleUse.ANY,
    ranking=Ranking.SHORT_DECK,
    low=None,
    max_players=14,
)

GAMES: Final = {g.code: g for g in (HOLDEM, OMAHA, OMAHA5, OMAHA6, OMAHA_HI_LO, SHORT_DECK_HOLDEM)}
"""Every game by its code."""

_ALIASES: Final = {
    "holdem": "holdem",
    "nlhe": "holdem",
    "hold'em": "holdem",
    "texas": "holdem",
    "plo": "omaha",
    "omaha4": "omaha",
    "plo4": "omaha",
    "plo5": "omaha5",
    "plo6": "omaha6",
    "plo8": "omaha8",
    "omaha-hi-lo": "omaha8",
    "omaha8": "omaha8",
    "hi-lo": "omaha8",
    "6+": "short-deck",
    "short": "short-deck",
    "shortdeck": "short-deck",
    "short-deck": "short-deck",
}


def game(code: str) -> Game:
    """The game of a code or a common name, any case: ``'plo'``, ``'plo8'``, ``'6+'``...

    >>> game("PLO5").name, game("6+").code
    ('5-card Omaha', 'short-deck')
    >>> game("razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.evaluation.games.GameError: no game 'razz': accepted are holdem, omaha, ...
    """
    key = code.strip().lower() if isinstance(code, str) else code
    found = GAMES.get(_ALIASES.get(key, key)) if isinstance(key, str) else None
    if found is None:
        names = ", ".join(GAMES)
        others = ", ".join(a for a in _ALIASES if a not in GAMES)
        raise GameError(f"no game {code!r}: accepted are {names} (or {others})")
    return found
