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
from bigblind.evaluation.games import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA6,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
)

__all__ = [
    "GAME_VARIANTS",
    "OWN_VARIANTS",
    "SUPPORTED_VARIANTS",
    "VARIANTS",
    "HandHistory",
    "UnsupportedVariantError",
    "stacks_match",
    "variant_code",
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

OWN_VARIANTS: Final[Mapping[str, str]] = {
    "P5O": "pot-limit 5-card Omaha hold'em",
    "P6O": "pot-limit 6-card Omaha hold'em",
    "PO/8": "pot-limit Omaha hold'em high/low-split eight or better",
}
"""bigblind's own variant codes, for games the PHH specification does not name."""

GAME_VARIANTS: Final[Mapping[str, tuple[Structure, Game]]] = {
    "NT": (Structure.NO_LIMIT, HOLDEM),
    "FT": (Structure.FIXED_LIMIT, HOLDEM),
    "PO": (Structure.POT_LIMIT, OMAHA),
    "FO/8": (Structure.FIXED_LIMIT, OMAHA_HI_LO),
    "NS": (Structure.NO_LIMIT, SHORT_DECK_HOLDEM),
    "P5O": (Structure.POT_LIMIT, OMAHA5),
    "P6O": (Structure.POT_LIMIT, OMAHA6),
    "PO/8": (Structure.POT_LIMIT, OMAHA_HI_LO),
}
"""The betting structure and the game of each variant bigblind plays (RULES 11)."""

SUPPORTED_VARIANTS: Final = frozenset(GAME_VARIANTS)
"""The variants bigblind replays and writes."""

_VARIANT_OF: Final = {games: code for code, games in GAME_VARIANTS.items()}


def variant_code(rules: Rules) -> str | None:
    """The variant code of a hand played by ``rules``, or None where there is none.

    >>> variant_code(Rules.pot_limit(blinds=(1, 2), game="plo"))
    'PO'
    >>> variant_code(Rules.no_limit(blinds=(1, 2), game="plo")) is None  # PHH has no NO
    True
    """
    return _VARIANT_OF.get((rules.structure, rules.game))


# The PHH fixed-limit games allow four bets a round (RULES 5.2).
FIXED_LIMIT_CAP: Final = 4
# Fields that hold the game and its play; every other field is metadata.
GAME_FIELDS: Final = frozenset(
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
# bigblind's own fields of the game: PHH has no owed posts, nor a dead small blind
# followed by a straddle. They stay in the metadata too, for callers that read them.
OWN_FIELDS: Final = frozenset(
    {
        "_live_blinds",
        "_dead_money",
        "_dead_small_blind",
        "_small_blind_on_button",
        "_runs",
        "_dead_hands",
        "_bomb_pot",
    }
)


class UnsupportedVariantError(HistoryError):
    """A hand of a variant bigblind does not play: skipped rather than failed."""

    def __init__(self, variant: str) -> None:
        name = VARIANTS.get(variant) or OWN_VARIANTS.get(variant)
        what = f"variant {variant!r}" + (f" ({name})" if name else " (not a PHH variant code)")
        plays = ", ".join(GAME_VARIANTS)
        super().__init__(f"{what} is not played by bigblind, which plays {plays}")
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

    bigblind writes fields of its own where PHH has no word: a player posting
    owed blinds (``_live_blinds``, ``_dead_money``, one amount per player); the
    small blind nobody posted when a straddle follows the big blind
    (``_dead_small_blind``, the amount; ``blinds_or_straddles`` then holds the
    big blind on ``p1`` and the straddle on ``p2``); and a small blind posted on
    the button, ``pn``, beside an empty button seat (``_small_blind_on_button``;
    the big blind is then ``p1``); and a board run twice (``_runs = 2``,
    RULES 10.3: the second run's board cards follow the first run's as
    ``d db`` actions, with the commentary ``# run 2``); and hands declared dead
    (``_dead_hands``, RULES 9.2: ``[player, position]`` pairs, the player's number
    and how many actions came before the kill); and a bomb pot (``_bomb_pot``, the
    ante, RULES 12.1), which PHH cannot express: it is written as every player's
    ante with no blinds (``blinds_or_straddles`` all 0) and no pre-flop action,
    the hand going from the hole cards to the flop; read back, it is played as a
    bomb pot.

    For a variant bigblind does not play (``supported`` False, RULES 11.4) only the variant,
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
    small_blind_on_button: bool = False
    """The small blind is ``pn``, who acts last after the flop, and ``p1`` the big blind.

    A dead button (RULES 8.4): the player right of the empty button seat posts
    the small blind. From bigblind's own field ``_small_blind_on_button``.
    """
    live_blinds: tuple[int, ...] = ()
    """Each player's live blind posted out of turn (RULES 10.1), a bet, in PHH order.

    From bigblind's own field ``_live_blinds``; empty when nobody posted one.
    """
    dead_money: tuple[int, ...] = ()
    """Each player's dead blind owed from missed blinds (RULES 10.1), in PHH order.

    From bigblind's own field ``_dead_money``: it goes into the main pot and is not
    a bet. Empty when nobody posted one.
    """
    runs: int = 1
    """How many times the rest of the board was dealt: 2 when run twice (RULES 10.3).

    From bigblind's own field ``_runs``.
    """
    dead_hands: tuple[tuple[int, int], ...] = ()
    """Hands declared dead (RULES 9.2): ``(seat, position)``, the seat in PHH order
    (``p1`` is 0) and how many actions came before the kill.

    From bigblind's own field ``_dead_hands``.
    """
    bomb_pot: int = 0
    """Each player's ante in a bomb pot (RULES 12.1), 0 for any other hand.

    From bigblind's own field ``_bomb_pot``: no blinds, no pre-flop betting.
    """

    @property
    def supported(self) -> bool:
        """Whether bigblind plays this variant (one of :data:`SUPPORTED_VARIANTS`)."""
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
