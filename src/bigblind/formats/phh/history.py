"""What a PHH hand holds: :class:`HandHistory`, the variant codes, and stack checks.

>>> HandHistory("FB", None, (), ()).supported
False
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from bigblind.engine.rules import Rules, Structure
from bigblind.errors import HistoryError

__all__ = [
    "SUPPORTED_VARIANTS",
    "VARIANTS",
    "HandHistory",
    "UnsupportedVariantError",
    "stacks_match",
]

VARIANTS: Final[Mapping[str, str]] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""The variant codes of the PHH specification and their names."""

SUPPORTED_VARIANTS: Final = frozenset({"NT", "FT"})
"""The variants bigblind replays and writes."""

_STRUCTURE: Final = {"NT": Structure.NO_LIMIT, "FT": Structure.FIXED_LIMIT}
_VARIANT_OF: Final = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT"}
# The PHH fixed-limit games allow four bets a round (RULES 5.2).
_FIXED_LIMIT_CAP: Final = 4
# Fields that hold the game and its play; every other field is metadata.
_GAME_FIELDS: Final = frozenset(
    {
        "variant",
        "antes",
        "blinds_or_straddles",
        "bring_in",
        "small_bet",
        "big_bet",
        "min_bet",
        "starting_stacks",
        "actions",
        "ante_trimming_status",
        "finishing_stacks",
        "players",
        "hand",
    }
)


class UnsupportedVariantError(HistoryError):
    """A hand of a variant bigblind does not play: skipped rather than failed."""

    def __init__(self, variant: str) -> None:
        name = VARIANTS.get(variant)
        what = f"variant {variant!r}" + (f" ({name})" if name else " (not a PHH variant code)")
        super().__init__(f"{what} is not played by bigblind, which plays NT and FT")
        self.variant = variant


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as a PHH file records it.

    ``rules`` are the engine's rules for the hand; ``starting_stacks`` and
    ``finishing_stacks`` are in PHH order (``p1`` first), which is seat order;
    finishing stacks may hold fractions (odd chips split in halves, see
    :func:`stacks_match`).
    ``number`` is the ``hand`` field, or the table name in a ``.phhs`` file.
    ``metadata`` holds every other field (``event``, ``year``, ``_custom`` ...).

    For a variant other than NT and FT (``supported`` False) only the variant,
    the number, the player names and the action texts are read: ``rules`` is
    None, the stacks are empty and the other fields stay in ``metadata``.
    """

    variant: str
    rules: Rules | None
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[float, ...] | None = None
    players: tuple[str, ...] | None = None
    number: int | str | None = None
    metadata: Mapping[str, object] = field(default_factory=dict, hash=False)
    dead_small_blind: bool = False
    """Nobody posted a small blind (RULES 8.4): ``p1`` posts the big blind."""

    @property
    def supported(self) -> bool:
        """Whether bigblind plays this variant (NT or FT)."""
        return self.rules is not None

    @property
    def button(self) -> int:
        """The button's seat: the last player, ``pn``."""
        return len(self.starting_stacks) - 1


def stacks_match(expected: Sequence[float], actual: Sequence[int]) -> bool:
    """Whether final stacks agree with recorded ones.

    Equal, or off by less than one chip where the record splits an odd chip
    in fractions: the engine gives it whole to the first winner left of the
    button (RULES 6.6). The totals must agree either way (RULES 7.2).

    >>> stacks_match([10162.5, 9837.5], [10163, 9837]), stacks_match([10, 20], [11, 19])
    (True, False)
    """
    if len(expected) != len(actual) or not math.isclose(sum(expected), sum(actual)):
        return False
    return all(
        e == a or (not float(e).is_integer() and abs(e - a) < 1)
        for e, a in zip(expected, actual, strict=True)
    )
