"""The frozen configuration of a game: structure, blinds, antes, limits (RULES 2, 5, 11).

The game played (hold'em, Omaha, Omaha hi-lo, short deck) is a field like the
betting structure, and any structure goes with any game (RULES 11):

>>> rules = Rules.no_limit(blinds=(1, 2))
>>> rules.structure, rules.small_blind, rules.big_blind, rules.min_bet, rules.game.name
(<Structure.NO_LIMIT: 'no limit'>, 1, 2, 2, "Texas hold'em")
>>> Rules.pot_limit(blinds=(1, 2), game="plo8").game.name
'Omaha hi-lo'
>>> Rules.fixed_limit(blinds=(5, 10)).big_bet
20
>>> Rules.no_limit(blinds=(2, 1))
Traceback (most recent call last):
...
bigblind.errors.RulesError: small blind 2 is larger than the big blind 1: the small blind ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bigblind.errors import RulesError
from bigblind.evaluation.games import HOLDEM, Game, GameError
from bigblind.evaluation.games import game as find_game

__all__ = ["AnteType", "Rules", "Structure"]


class Structure(Enum):
    """The betting structure (RULES 5)."""

    NO_LIMIT = "no limit"
    POT_LIMIT = "pot limit"
    FIXED_LIMIT = "fixed limit"


class AnteType(Enum):
    """Who posts antes (RULES 2.4)."""

    NONE = "none"
    PER_PLAYER = "per player"
    BIG_BLIND = "big blind"


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """How a hand is played; built with keywords and checked on creation.

    ``ante`` is each player's ante (``ante_type=PER_PLAYER``) or the whole
    table's ante posted by the big blind (``BIG_BLIND``). ``straddle`` is the
    amount of an optional live straddle (RULES 2.7; usually two big blinds).
    ``cap`` is the number of bets a fixed-limit round allows (RULES 5.2);
    ``uncapped_heads_up`` lifts it when only two players are left.
    ``antes_as_contributions`` says whether antes count level by level in the
    side pots (RULES 6.4); it defaults to True for per-player antes and False
    for a big-blind ante.

    ``game`` is the variant (RULES 11): its deck, hole cards and how hands are
    valued and pots split; a code such as ``"plo"`` or ``"6+"`` is read with
    :func:`bigblind.evaluation.game`. ``button_blind`` makes the big blind the
    button's one blind, to be played with an ante from every player (the short-deck
    format of RULES 11.3): no small blind, and the button acts last before the flop.
    ``acpc_raises`` plays raises as the ACPC server does, for its games and logs,
    in place of RULES 5.6: every raise, a short all-in too, reopens the betting
    and counts towards a cap; in no limit the next raise is to at least the
    previous minimum or the short raise doubled, whichever is higher; a player
    may raise while another holds chips, even too few to call.

    >>> Rules(structure=Structure.POT_LIMIT, small_blind=5, big_blind=10).cap
    >>> Rules.fixed_limit(blinds=(1, 2)).cap
    4
    >>> Rules.no_limit(blinds=(0, 2), ante=2, button_blind=True, game="6+").game.deck[0]
    Card('6c')
    >>> Rules.no_limit(blinds=(1, 2), game="razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.RulesError: no game 'razz': accepted are holdem, omaha, ...
    """

    structure: Structure
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_type: AnteType = AnteType.NONE
    straddle: int = 0
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    cap: int | None = None
    uncapped_heads_up: bool = False
    antes_as_contributions: bool | None = None
    game: Game = HOLDEM
    button_blind: bool = False
    acpc_raises: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):  # a code, as the factories take
            object.__setattr__(self, "game", _game(self.game))
        if self.button_blind is not True and self.button_blind is not False:
            raise RulesError(f"button_blind {self.button_blind!r} must be True or False")
        if self.acpc_raises is not True and self.acpc_raises is not False:
            raise RulesError(f"acpc_raises {self.acpc_raises!r} must be True or False")
        if self.button_blind and self.small_blind:
            raise RulesError(
                f"small blind {self.small_blind} with a button blind: the button posts the"
                " one blind (the big blind), so the small blind must be 0"
            )
        if not isinstance(self.structure, Structure):
            raise RulesError(
                f"structure {self.structure!r} is not a Structure: accepted are "
                + ", ".join(s.name for s in Structure)
            )
        for name in ("small_blind", "big_blind", "ante", "straddle", "min_bet"):
            _check_chips(name, getattr(self, name))
        _check_chips("small_bet", self.small_bet)
        _check_chips("big_bet", self.big_bet)
        if self.big_blind < 1:
            raise RulesError(f"big blind {self.big_blind} must be at least 1 chip")
        if self.small_blind > self.big_blind:
            raise RulesError(
                f"small blind {self.small_blind} is larger than the big blind {self.big_blind}:"
                " the small blind must be at most the big blind"
            )
        if self.straddle and self.straddle < self.big_blind:
            raise RulesError(
                f"straddle {self.straddle} is smaller than the big blind {self.big_blind}:"
                " a straddle must be at least the big blind (usually two big blinds)"
            )
        if self.ante and self.ante_type is AnteType.NONE:
            object.__setattr__(self, "ante_type", AnteType.PER_PLAYER)
        if not self.ante and self.ante_type is not AnteType.NONE:
            raise RulesError(f"ante type {self.ante_type.value!r} needs an ante of at least 1")
        if self.min_bet == 0:
            object.__setattr__(self, "min_bet", self.big_blind)
        if self.structure is Structure.FIXED_LIMIT:
            if self.small_bet == 0:
                object.__setattr__(self, "small_bet", self.big_blind)
            if self.big_bet == 0:
                object.__setattr__(self, "big_bet", 2 * self.small_bet)
            if self.cap is None:
                object.__setattr__(self, "cap", 4)
        elif self.small_bet or self.big_bet:
            raise RulesError(
                "small_bet and big_bet are for fixed limit only:"
                f" this game is {self.structure.value}"
            )
        if self.cap is not None and (not isinstance(self.cap, int) or self.cap < 1):
            raise RulesError(f"cap {self.cap!r} must be a whole number of bets of at least 1")
        if self.antes_as_contributions is None:
            object.__setattr__(
                self, "antes_as_contributions", self.ante_type is not AnteType.BIG_BLIND
            )

    @property
    def title(self) -> str:
        """The game as a title names it: its structure, then the game (RULES 5, 11).

        >>> Rules.pot_limit(blinds=(1, 2), game="plo8").title
        'Pot-limit Omaha hi-lo'
        >>> Rules.no_limit(blinds=(1, 2)).title, Rules.no_limit(blinds=(1, 2), game="6+").title
        ("No-limit hold'em", "No-limit short deck hold'em")
        """
        structure = self.structure.value.capitalize().replace(" ", "-")
        if self.game.code == HOLDEM.code:
            return f"{structure} hold'em"
        name = self.game.name.replace("Short deck", "short deck hold'em")
        return f"{structure} {name}"

    @classmethod
    def no_limit(
        cls,
        *,
        blinds: tuple[int, int],
        ante: int = 0,
        ante_type: AnteType | None = None,
        straddle: int = 0,
        min_bet: int = 0,
        game: Game | str = HOLDEM,
        button_blind: bool = False,
    ) -> Rules:
        """No-limit rules (RULES 5.4)."""
        return cls._make(
            Structure.NO_LIMIT, blinds, ante, ante_type, straddle, min_bet, game, button_blind
        )

    @classmethod
    def pot_limit(
        cls,
        *,
        blinds: tuple[int, int],
        ante: int = 0,
        ante_type: AnteType | None = None,
        straddle: int = 0,
        min_bet: int = 0,
        game: Game | str = HOLDEM,
        button_blind: bool = False,
    ) -> Rules:
        """Pot-limit rules (RULES 5.3), the usual structure of Omaha (RULES 11.1).

        >>> Rules.pot_limit(blinds=(1, 2), game="plo").game.hole_cards
        4
        """
        return cls._make(
            Structure.POT_LIMIT, blinds, ante, ante_type, straddle, min_bet, game, button_blind
        )

    @classmethod
    def fixed_limit(
        cls,
        *,
        blinds: tuple[int, int],
        small_bet: int = 0,
        big_bet: int = 0,
        ante: int = 0,
        ante_type: AnteType | None = None,
        straddle: int = 0,
        cap: int = 4,
        uncapped_heads_up: bool = False,
        game: Game | str = HOLDEM,
        button_blind: bool = False,
    ) -> Rules:
        """Fixed-limit rules (RULES 5.1, 5.2): small bet = BB, big bet = 2 BB by default.

        >>> r = Rules.fixed_limit(blinds=(5, 10))
        >>> r.small_bet, r.big_bet, r.cap
        (10, 20, 4)
        """
        sb, bb = _blinds(blinds)
        return cls(
            structure=Structure.FIXED_LIMIT,
            small_blind=sb,
            big_blind=bb,
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            ante_type=ante_type or (AnteType.PER_PLAYER if ante else AnteType.NONE),
            straddle=straddle,
            cap=cap,
            uncapped_heads_up=uncapped_heads_up,
            game=_game(game),
            button_blind=button_blind,
        )

    @classmethod
    def _make(
        cls,
        structure: Structure,
        blinds: tuple[int, int],
        ante: int,
        ante_type: AnteType | None,
        straddle: int,
        min_bet: int,
        game: Game | str,
        button_blind: bool,
    ) -> Rules:
        sb, bb = _blinds(blinds)
        return cls(
            structure=structure,
            small_blind=sb,
            big_blind=bb,
            ante=ante,
            ante_type=ante_type or (AnteType.PER_PLAYER if ante else AnteType.NONE),
            straddle=straddle,
            min_bet=min_bet,
            game=_game(game),
            button_blind=button_blind,
        )


def _game(game: Game | str) -> Game:
    """A game, or the game a code names, or a refusal naming the games accepted."""
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise RulesError(f"game {game!r} is not a Game nor a game's code, e.g. 'plo'")
    try:
        return find_game(game)
    except GameError as error:
        raise RulesError(str(error)) from None


def _blinds(blinds: tuple[int, int]) -> tuple[int, int]:
    try:
        sb, bb = blinds
    except (TypeError, ValueError):
        raise RulesError(
            f"blinds {blinds!r} must be two amounts (small blind, big blind), e.g. (1, 2)"
        ) from None
    return sb, bb


def _check_chips(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{name} {value!r} must be a whole number of chips")
    if value < 0:
        raise RulesError(f"{name} {value} must not be negative")
