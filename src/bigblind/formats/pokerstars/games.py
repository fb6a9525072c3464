"""The games as PokerStars names them in a hand's header (RULES 11): written and read.

>>> from bigblind.engine.rules import Rules
>>> game_name(Rules.pot_limit(blinds=(1, 2), game="plo8"))
'Omaha Hi/Lo Pot Limit'
>>> found = GAME.search("Omaha Pot Limit")
>>> game_of(found).code, LIMITS[found["limit"]].name
('omaha', 'POT_LIMIT')
"""

from __future__ import annotations

import re
from typing import Final

from bigblind.engine.rules import Rules, Structure
from bigblind.evaluation.games import GAMES, Game

__all__ = ["GAME", "LIMITS", "NAMES", "game_name", "game_of"]

NAMES: Final = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha5": "5 Card Omaha",
    "omaha6": "6 Card Omaha",
    "omaha8": "Omaha Hi/Lo",
    "short-deck": "6+ Hold'em",
}
"""Each game's name in a PokerStars header, by the game's code."""

LIMITS: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
"""The betting structures as a header names them, after the game."""

GAME: Final = re.compile(
    r"(?<![\w])(?P<game>Hold'em|(?:(?P<cards>[56]) Card )?Omaha(?P<hi_lo> Hi/Lo)?)"
    r"(?: 6\+)? (?P<cap>Cap )?(?P<limit>No Limit|Pot Limit|Limit)\b"
)
"""A game and its structure in a header: ``Hold'em No Limit``, ``5 Card Omaha Pot Limit``,
``Omaha Hi/Lo Limit``. (``6+ Hold'em`` and ``Hold'em 6+`` are matched as hold'em: the
caller looks for the 6+.)"""


def game_name(rules: Rules) -> str:
    """The header's name of the game ``rules`` play: ``"Hold'em No Limit"``."""
    structure = next(name for name, s in LIMITS.items() if s is rules.structure)
    return f"{NAMES[rules.game.code]} {structure}"


def game_of(found: re.Match[str]) -> Game | None:
    """The game a :data:`GAME` match names, or None for one bigblind does not play
    (5- and 6-card Omaha hi/lo)."""
    if found["game"] == "Hold'em":
        return GAMES["holdem"]
    code = "omaha" + (found["cards"] or "") + ("8" if found["hi_lo"] else "")
    return GAMES.get(code)
