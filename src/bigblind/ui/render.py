"""The terminal's look: cards as small faces, titles, keys, pots and the legal range.

A hand's events in words (the log, the showdown, the pots) are
:mod:`bigblind.formats.words`' lines, which the room and ``bigblind replay``
show too; here are only what the terminal draws. Nothing here changes a hand.

>>> legal_text(Legal(0, True, False, 2, 4, 200, False))
'fold · call 2 · raise to 4-200'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from textual.content import Content

from bigblind.cards import Card
from bigblind.engine.hand import Legal
from bigblind.engine.pots import Pot
from bigblind.engine.rules import Rules, Structure
from bigblind.formats.words import card_text, pot_name

__all__ = [
    "GAME_NAMES",
    "card_content",
    "game_title",
    "keys_content",
    "legal_text",
    "side_pots_text",
]

GAME_NAMES: Final = {
    Structure.NO_LIMIT: "No-limit hold'em",
    Structure.POT_LIMIT: "Pot-limit hold'em",
    Structure.FIXED_LIMIT: "Fixed-limit hold'em",
}
"""The hold'em game's name for each betting structure, as a title shows it."""


def game_title(rules: Rules) -> str:
    """The game as a title names it: its structure, then the game (RULES 11).

    >>> game_title(Rules.pot_limit(blinds=(1, 2), game="plo"))
    'Pot-limit Omaha'
    >>> game_title(Rules.no_limit(blinds=(1, 2)))
    "No-limit hold'em"
    >>> game_title(Rules.no_limit(blinds=(1, 2), game="6+"))
    "No-limit short deck hold'em"
    """
    return rules.title


_RED = "bold #c0392b on #f4f1ea"
_BLACK = "bold #1b1b1b on #f4f1ea"
_BACK = "#8fa8e0 on #1f3a93"
_EMPTY = "#5c6370"
_KEY = "bold #0b2818 on #a7f3d0"


def card_content(card: Card | int | None, *, empty: bool = False, compact: bool = False) -> Content:
    """One card drawn as a small face, a back (None) or an empty place (``empty``);
    ``compact`` leaves out the margins, so that Omaha's four to six cards fit a row."""
    pad = "" if compact else " "
    if empty:
        return Content.styled(f"{pad}··{pad}", _EMPTY)
    if card is None:
        return Content.styled(f"{pad}░░{pad}", _BACK)
    style = _RED if (card & 3) in (1, 2) else _BLACK
    return Content.styled(f"{pad}{card_text(card)}{pad}", style)


def side_pots_text(pots: Sequence[Pot]) -> str:
    """Each pot and its chips: ``'main pot 30 · side pot 1 12'``."""
    return " · ".join(
        f"{pot_name(i, len(pots)).removeprefix('the ')} {p.amount}" for i, p in enumerate(pots)
    )


def keys_content(pairs: Sequence[tuple[str, str]], width: int) -> Content:
    """Keys and what they do, packed into lines of ``width`` cells, none broken."""
    lines: list[Content] = []
    line = Content("")
    for key, label in pairs:
        item = Content.assemble((f" {key} ", _KEY), f" {label}")
        if line.cell_length and line.cell_length + 2 + item.cell_length > width:
            lines.append(line)
            line = Content("")
        line = line + Content("  ") + item if line.cell_length else item
    lines.append(line)
    return Content("\n").join(lines)


def legal_text(legal: Legal | None) -> str:
    """The choices and the legal range: ``'fold · call 2 · raise to 4-200'``."""
    if legal is None:
        return ""
    parts = list(legal.options())
    if not legal.can_raise:
        parts.append("no bet or raise possible")
    return " · ".join(parts)
