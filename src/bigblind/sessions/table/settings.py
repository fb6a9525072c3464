"""A table's set-up: buy-in limits and rake (RULES 10.1, 10.2); its errors and statuses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Literal, NamedTuple, TypeAlias

from bigblind.engine.hand import HandView
from bigblind.errors import BigblindError

__all__ = [
    "BuyIn",
    "Decide",
    "Rake",
    "RunTwiceDecide",
    "Status",
    "StraddleDecide",
    "StraddleOffer",
    "TableError",
]

Decide: TypeAlias = Callable[[HandView], str]
"""A player's decision: the seat's view in, an action text out ('fold', 'call', 'raise 6' ...)."""


RunTwiceDecide: TypeAlias = Callable[[HandView], bool]
"""Whether a player all-in or still in agrees to run the rest of the board twice (RULES 10.3)."""


class StraddleOffer(NamedTuple):
    """The straddle offered before a hand (RULES 2.7): to the player in table seat ``seat``,
    a live bet of ``amount`` (the big blind is ``big_blind``)."""

    seat: int
    name: str
    stack: int
    amount: int
    big_blind: int


StraddleDecide: TypeAlias = Callable[[StraddleOffer], bool]
"""Whether the player offered the straddle takes it (True) or not."""


class TableError(BigblindError):
    """A table operation the table's rules do not allow now."""


class Status(Enum):
    """Whether a seated player is dealt in (RULES 10.1)."""

    ACTIVE = "active"
    """Dealt in every hand."""
    WAITING = "waiting for the big blind"
    """Dealt in when the big blind reaches the seat."""
    POSTING = "posting"
    """Dealt in at the next hand the seat may enter, posting what is owed."""
    SITTING_OUT = "sitting out"
    """Not dealt in; blinds that pass the seat are owed on return."""


# ------------------------------------------------------------------ settings


@dataclass(frozen=True, slots=True)
class BuyIn:
    """Buy-in limits, in chips or in big blinds (RULES 10.1).

    >>> BuyIn(40, 100, unit="big blinds").limits(big_blind=2)
    (80, 200)
    """

    minimum: int
    maximum: int
    unit: Literal["chips", "big blinds"] = "chips"

    def __post_init__(self) -> None:
        if self.unit not in ("chips", "big blinds"):
            raise TableError(f"buy-in unit {self.unit!r} must be 'chips' or 'big blinds'")
        for name in ("minimum", "maximum"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise TableError(f"buy-in {name} {value!r} must be a whole number of at least 1")
        if self.minimum > self.maximum:
            raise TableError(f"buy-in minimum {self.minimum} is above the maximum {self.maximum}")

    def limits(self, big_blind: int) -> tuple[int, int]:
        """The minimum and maximum in chips for a game with this big blind."""
        if self.unit == "chips":
            return self.minimum, self.maximum
        return self.minimum * big_blind, self.maximum * big_blind


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's share of a pot: a percentage, an optional cap, no flop no drop (RULES 10.2).

    ``percent`` may be an int, a Fraction or a decimal text such as ``"2.5"``.

    >>> Rake(5, cap=3).of(100, flop=True), Rake(5, cap=3).of(40, flop=True)
    (3, 2)
    >>> Rake(5).of(100, flop=False), Rake(5, no_flop_no_drop=False).of(100, flop=False)
    (0, 5)
    """

    percent: Fraction | int | str
    cap: int | None = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        try:
            value = Fraction(self.percent)
        except (TypeError, ValueError):
            raise TableError(f"rake percent {self.percent!r} is not a number") from None
        if not 0 <= value <= 100:
            raise TableError(f"rake percent {self.percent} must be from 0 to 100")
        object.__setattr__(self, "percent", value)
        if self.cap is not None and (
            not isinstance(self.cap, int) or isinstance(self.cap, bool) or self.cap < 0
        ):
            raise TableError(f"rake cap {self.cap!r} must be a whole number of chips, 0 or more")

    def of(self, pot: int, *, flop: bool) -> int:
        """The rake on a pot of ``pot`` chips; ``flop`` says whether a flop was dealt."""
        if self.no_flop_no_drop and not flop:
            return 0
        rake = int(pot * Fraction(self.percent) / 100)
        return rake if self.cap is None else min(rake, self.cap)
