"""A room's settings: the game, the stakes, the seats, the clocks (RULES 2, 5, 10).

Settings are chosen once, when the room is created, and stored with the room;
only the blinds may change later (by the host, from the next hand).

>>> s = RoomSettings(structure="pl", small_blind=5, big_blind=10, min_buy_in=200, max_buy_in=1000)
>>> s.rules().structure.value, s.rules().big_blind
('pot limit', 10)
>>> RoomSettings.from_dict(s.to_dict()) == s
True
>>> RoomSettings(seats=12)
Traceback (most recent call last):
...
bigblind.room.settings.RoomError: seats 12: a room has 2 to 10 seats
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bigblind.bots import BOTS
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError
from bigblind.evaluation.games import GAMES as VARIANTS
from bigblind.evaluation.games import Game
from bigblind.sessions.table import BuyIn, Rake
from bigblind.sessions.tournament import BlindStructure
from bigblind.sessions.tournament import payouts as prize_amounts

__all__ = [
    "GAMES",
    "MAX_BOMB_POT_EVERY",
    "MAX_CHIPS",
    "MAX_SEATS",
    "SECONDS",
    "STRUCTURES",
    "VARIANTS",
    "RoomError",
    "RoomSettings",
]

MAX_CHIPS = 10**12
"""The most chips any amount in a room may be (blinds, buy-ins, bets)."""
MAX_SEATS = 10
"""A room has 2 to this many seats."""
MAX_BOMB_POT_EVERY = 1000
"""A bomb pot is dealt every 1 to this many hands at most (RULES 12.1)."""
SECONDS = {
    "decision_seconds": (0.0, 600.0),
    "time_bank_seconds": (0.0, 3600.0),
    "time_bank_refill_seconds": (0.0, 600.0),
    "next_hand_seconds": (0.0, 60.0),
    "level_minutes": (0.0, 240.0),
}
"""The range of each time setting (seconds; minutes for the level)."""

STRUCTURES = {"nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT}
"""The betting structures by their short names (RULES 5)."""

GAMES = ("cash", "tournament")
"""A cash game or a sit-and-go tournament."""


class RoomError(BigblindError):
    """A request the room cannot accept now; the message says why and what would do."""


@dataclass(frozen=True, kw_only=True, slots=True)
class RoomSettings:
    """How a room plays. Chips are whole numbers, times are seconds.

    ``ante`` with ``big_blind_ante`` is one ante for the table posted by the
    big blind (RULES 2.4); ``straddle`` allows a two-big-blind straddle
    (RULES 2.7). ``variant`` is the poker played, a code of
    :data:`~bigblind.evaluation.GAMES` (hold'em, Omaha with 4 to 6 cards,
    Omaha hi-lo, short deck: RULES 11), with any betting ``structure``.
    ``min_buy_in``/``max_buy_in`` bound a cash game's buy-ins
    and top-ups (RULES 10.1). A sit-and-go (``game`` 'tournament') costs
    ``tournament_buy_in`` to enter, gives everyone ``starting_stack`` chips
    and raises the blinds every ``level_minutes`` (RULES 8.1); ``payouts`` are
    the paid places' percentages of the prize pool (empty: the standard
    table of :func:`~bigblind.sessions.tournament.payout_percentages`). ``bots`` are
    seated when the room opens (names from :data:`bigblind.bots.BOTS`).
    ``decision_seconds`` and ``time_bank_seconds`` are the time to act and the
    personal bank, which gains ``time_bank_refill_seconds`` every
    ``time_bank_refill_hands`` hands (RULES 10.4). ``rake_percent`` (0: no
    rake) and ``rake_cap`` are the house's share (RULES 10.2). With
    ``open_seating`` anyone sits down at once; otherwise the host approves
    each request. ``rabbit_hunting`` lets anyone turn up, after a hand that ended
    before the river, the board cards that would have come (RULES 12.3).
    ``bomb_pot`` is what each player puts in a bomb pot (RULES 12.1; 0: none unless
    the host names an amount), dealt every ``bomb_pot_every`` hands (0: only when
    the host calls one); a cash game's option. ``seven_deuce`` (0: not played) is
    the bounty a player who wins a pot holding 7-2, and shows it, collects from every
    other player dealt in (RULES 12.2): a hold'em cash game's option. ``seed``
    makes the decks reproducible (tests only: a real game deals from the OS's
    secure source, RULES 1.2).
    """

    name: str = "Home game"
    game: str = "cash"
    variant: str = "holdem"
    structure: str = "nl"
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    big_blind_ante: bool = False
    straddle: bool = False
    seats: int = 9
    min_buy_in: int = 40
    max_buy_in: int = 200
    starting_stack: int = 1500
    level_minutes: float = 10.0
    tournament_buy_in: int = 20
    payouts: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    decision_seconds: float = 30.0
    time_bank_seconds: float = 60.0
    time_bank_refill_seconds: float = 10.0
    time_bank_refill_hands: int = 10
    run_it_twice: bool = False
    rabbit_hunting: bool = False
    bomb_pot: int = 0
    bomb_pot_every: int = 0
    seven_deuce: int = 0
    rake_percent: str = "0"
    rake_cap: int | None = None
    open_seating: bool = False
    next_hand_seconds: float = 3.0
    seed: int | None = None

    def __post_init__(self) -> None:
        # Every value is checked for its type and bounded here, where a client's request
        # is read: a value the store cannot write, or a clock that cannot run, would stop
        # the room (and, in the store, every room committing with it).
        if not isinstance(self.bots, tuple | list) or len(self.bots) > MAX_SEATS:
            raise RoomError(f"bots {self.bots!r}: a list of up to {MAX_SEATS} bot names")
        object.__setattr__(self, "bots", tuple(self.bots))
        if isinstance(self.payouts, str) or not isinstance(self.payouts, tuple | list):
            raise RoomError(f"payouts {self.payouts!r}: a list of percentages such as [65, 35]")
        if len(self.payouts) > MAX_SEATS or not all(_is_percent(p) for p in self.payouts):
            raise RoomError(f"payouts {self.payouts!r}: a list of percentages such as [65, 35]")
        object.__setattr__(self, "payouts", tuple(str(p) for p in self.payouts))
        if not isinstance(self.name, str) or not 1 <= len(self.name.strip()) <= 60:
            raise RoomError(f"room name {self.name!r}: 1 to 60 characters")
        if not self.name.isprintable():
            raise RoomError(f"room name {self.name!r}: letters, digits, spaces and punctuation")
        if self.game not in GAMES:
            raise RoomError(f"game {self.game!r}: accepted are {', '.join(GAMES)}")
        if not isinstance(self.variant, str) or self.variant not in VARIANTS:
            raise RoomError(
                f"game {_short(self.variant)}: accepted are "
                + ", ".join(f"{code} ({g.name})" for code, g in VARIANTS.items())
            )
        if self.structure not in STRUCTURES:
            raise RoomError(f"structure {self.structure!r}: accepted are nl, pl, fl")
        if isinstance(self.seats, bool) or not isinstance(self.seats, int):
            raise RoomError(f"seats {_short(self.seats)}: a whole number from 2 to {MAX_SEATS}")
        for key in ("small_blind", "big_blind", "min_buy_in", "max_buy_in"):
            _whole(key, getattr(self, key), 1)
        for key in ("ante", "starting_stack", "tournament_buy_in"):
            _whole(key, getattr(self, key), 0)
        _whole("time_bank_refill_hands", self.time_bank_refill_hands, 0, 10_000)
        for key in ("big_blind_ante", "straddle", "run_it_twice", "rabbit_hunting", "open_seating"):
            if not isinstance(getattr(self, key), bool):
                raise RoomError(f"{_words(key)} {getattr(self, key)!r}: true or false")
        if not 2 <= self.seats <= MAX_SEATS:
            raise RoomError(f"seats {self.seats}: a room has 2 to {MAX_SEATS} seats")
        if self.seats > self.poker().max_players:
            raise RoomError(
                f"seats {self.seats}: {self.poker().name} deals to at most"
                f" {self.poker().max_players} players from one deck"
            )
        if self.min_buy_in > self.max_buy_in:
            raise RoomError(
                f"buy-in range {self.min_buy_in}-{self.max_buy_in}:"
                " the minimum is above the maximum"
            )
        if self.game == "tournament" and self.starting_stack < 1:
            raise RoomError("starting stack 0: a tournament needs a starting stack of 1 or more")
        for key, (low, high) in SECONDS.items():
            _seconds(key, getattr(self, key), low, high)
        if self.decision_seconds <= 0:
            raise RoomError("decision seconds 0: a player needs some time to act, above 0")
        if self.level_minutes <= 0:
            raise RoomError(f"level minutes {self.level_minutes!r}: a number above 0")
        if self.payouts:
            try:
                prize_amounts(100, self.payouts)
            except BigblindError as error:
                raise RoomError(f"payouts: {error}") from None
            if len(self.payouts) > self.seats:
                raise RoomError(f"payouts: {len(self.payouts)} paid places for {self.seats} seats")
        unknown = [b for b in self.bots if not isinstance(b, str) or b not in BOTS]
        if unknown:
            raise RoomError(f"bot {unknown[0]!r}: the bots are {', '.join(sorted(BOTS))}")
        if len(self.bots) > self.seats:
            raise RoomError(f"{len(self.bots)} bots do not fit in {self.seats} seats")
        _whole("bomb_pot", self.bomb_pot, 0, self.max_buy_in)
        _whole("bomb_pot_every", self.bomb_pot_every, 0, MAX_BOMB_POT_EVERY)
        if self.bomb_pot_every and not self.bomb_pot:
            raise RoomError(
                f"a bomb pot every {self.bomb_pot_every} hands: say how much each player"
                " puts in (bomb pot)"
            )
        if self.bomb_pot and self.game == "tournament":
            raise RoomError("bomb pots are for cash games: a sit-and-go keeps to its levels")
        _whole("seven_deuce", self.seven_deuce, 0, self.max_buy_in)
        if self.seven_deuce and (self.game == "tournament" or self.poker().hole_cards != 2):
            raise RoomError(
                "seven-deuce is played in hold'em cash games: a hand of two hole cards,"
                " chips that are money"
            )
        if self.rake_cap is not None:
            _whole("rake_cap", self.rake_cap, 0)
        if self.seed is not None:
            _whole("seed", self.seed, 0, 2**63 - 1)
        if isinstance(self.rake_percent, bool) or not _is_percent(self.rake_percent):
            raise RoomError(f"rake percent {self.rake_percent!r}: a number from 0 to 100")
        self.rake()  # checks the percentage
        self.rules()  # checks the blinds and antes

    # ------------------------------------------------------------------ derived

    def poker(self) -> Game:
        """The variant played (RULES 11)."""
        return VARIANTS[self.variant]

    def rules(self, blinds: tuple[int, int, int] | None = None) -> Rules:
        """The engine's rules for a hand at blinds ``(small, big, ante)`` (default: the room's)."""
        small, big, ante = blinds or (self.small_blind, self.big_blind, self.ante)
        ante_type = AnteType.NONE
        if ante:
            ante_type = AnteType.BIG_BLIND if self.big_blind_ante else AnteType.PER_PLAYER
        try:
            return Rules(
                structure=STRUCTURES[self.structure],
                small_blind=small,
                big_blind=big,
                ante=ante,
                ante_type=ante_type,
                straddle=2 * big if self.straddle else 0,
                game=self.poker(),
            )
        except BigblindError as error:
            raise RoomError(str(error)) from None

    def buy_in(self) -> BuyIn:
        """The cash game's buy-in limits in chips."""
        return BuyIn(self.min_buy_in, self.max_buy_in)

    def rake(self) -> Rake | None:
        """The house's share, None when the room takes none (the default)."""
        try:
            percent = Fraction(self.rake_percent)
        except (TypeError, ValueError, ZeroDivisionError):
            raise RoomError(f"rake_percent {self.rake_percent!r}: a number from 0 to 100") from None
        if percent == 0:
            return None
        try:
            return Rake(percent, cap=self.rake_cap)
        except BigblindError as error:
            raise RoomError(str(error)) from None

    def blind_structure(self) -> BlindStructure:
        """A tournament's levels, each ``level_minutes`` long (RULES 8.1, 8.2)."""
        return BlindStructure.default(
            minutes=self.level_minutes,
            big_blind_ante=self.big_blind_ante,
            structure=STRUCTURES[self.structure],
            game=self.poker(),
        )

    # ------------------------------------------------------------ serialising

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        data = dataclasses.asdict(self)
        data["bots"] = list(self.bots)
        data["payouts"] = list(self.payouts)
        return data

    @classmethod
    def from_request(cls, data: dict[str, Any], *, seeded: bool = False) -> RoomSettings:
        """Settings a client asked for when creating a room. A seed is refused unless the
        server was started for tests (``seeded``): a room's decks are shuffled from the
        system's secure source, so that nobody, its creator included, knows them (RULES 1.2).

        >>> RoomSettings.from_request({"seed": 7})
        Traceback (most recent call last):
        ...
        bigblind.room.settings.RoomError: seed: a room's cards are always shuffled ...
        """
        if "seed" in data and not seeded:
            raise RoomError(
                "seed: a room's cards are always shuffled from the system's secure random"
                " source, so nobody can choose or know them (RULES 1.2)"
            )
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoomSettings:
        """Settings from :meth:`to_dict` (or a client's request); unknown keys are refused."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RoomError(
                f"unknown setting {unknown[0]!r}: accepted are {', '.join(sorted(known))}"
            )
        values = dict(data)
        for key in ("bots", "payouts"):
            if isinstance(values.get(key), list):
                values[key] = tuple(values[key])
        try:
            return cls(**values)
        except TypeError as error:
            raise RoomError(f"settings: {error}") from None


def _words(name: str) -> str:
    return name.replace("_", " ")


def _whole(name: str, value: object, minimum: int, maximum: int = MAX_CHIPS) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RoomError(
            f"{_words(name)} {_short(value)}: a whole number from {minimum} to {maximum:,}"
        )


def _seconds(name: str, value: object, low: float, high: float) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise RoomError(f"{_words(name)} {_short(value)}: a number from {low:g} to {high:g}")


def _is_percent(value: object) -> bool:
    """A percentage as a client may write it: 0 to 100, up to four decimals."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    text = str(value).strip()
    return bool(_PERCENT.fullmatch(text)) and float(text) <= 100


_PERCENT = re.compile(r"\d{1,3}(\.\d{1,4})?")


def _short(value: object) -> str:
    """A value as the error shows it: a huge number or text is cut, not echoed whole."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
