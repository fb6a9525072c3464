"""The live app's text in and out: the set-up form's fields read, and a hand's record in words."""

from __future__ import annotations

from collections.abc import Sequence

from bigblind.cards import format_cards
from bigblind.engine.events import (
    Burned,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
)
from bigblind.engine.rules import Structure
from bigblind.formats.words import event_line, pot_line, show_line
from bigblind.formats.words import symbol_cards as cards_text
from bigblind.sessions.live import (
    BoardExposed,
    CardDealt,
    DealStarted,
    ErrorReported,
    Misdealt,
    ProcedureApplied,
    StubShuffled,
    Undone,
)
from bigblind.ui.amount import read_amount

__all__ = [
    "STRUCTURES",
    "log_style",
    "parse_blinds",
    "parse_players",
    "parse_structure",
    "record_lines",
]

STRUCTURES = {"nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT}
"""The set-up form's code for each betting structure."""


def parse_players(text: str) -> list[tuple[str, int]]:
    """Players in seat order from ``'Ann:200, Bob:200, Cy:150'``.

    >>> parse_players("Ann:200, Bob:150")
    [('Ann', 200), ('Bob', 150)]
    """
    players = []
    for item in text.split(","):
        name, colon, chips = item.strip().rpartition(":")
        name = name.strip()
        if not colon or not name or read_amount(chips) is None:
            raise ValueError(
                f"{item.strip()[:30]!r}: write each player as name:chips, e.g. Ann:200"
            )
        players.append((name, int(chips)))
    if not 2 <= len(players) <= 23:
        raise ValueError(f"{len(players)} players: a live game seats 2 to 23")
    return players


def parse_blinds(text: str) -> tuple[int, int]:
    """Blinds from ``'1/2'``.

    >>> parse_blinds("5/10")
    (5, 10)
    """
    small, slash, big = text.strip().partition("/")
    if not slash or read_amount(small) is None or read_amount(big) is None:
        raise ValueError(f"{text[:30]!r}: write the blinds as small/big, e.g. 1/2")
    pair = int(small), int(big)
    if not 1 <= pair[0] <= pair[1]:
        raise ValueError(f"blinds {text!r}: the small blind is 1 to the big blind")
    return pair


def parse_structure(text: str) -> Structure:
    """``'nl'``, ``'pl'`` or ``'fl'``, or the long names ``'no-limit'`` ... as the commands take.

    >>> parse_structure("Pot-limit") is parse_structure("pl")
    True
    """
    word = text.strip().lower().replace(" ", "-").replace("_", "-")
    long_names = {"no-limit": "nl", "pot-limit": "pl", "fixed-limit": "fl", "limit": "fl"}
    try:
        return STRUCTURES[long_names.get(word, word)]
    except KeyError:
        raise ValueError(
            f"{text[:20]!r}: the game is nl, pl or fl (no-limit, pot-limit, fixed-limit)"
        ) from None


def record_lines(events: Sequence[object], names: Sequence[str]) -> list[str]:
    """The record of a live hand in words, one line an event worth telling.

    >>> from bigblind import Rules
    >>> from bigblind.sessions.live import LiveHand
    >>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [50, 50], names=["Ann", "Bob"])
    >>> _ = live.deal_hole(card="As", exposed=True)
    >>> record_lines(live.events, live.names)[:5]  # doctest: +NORMALIZE_WHITESPACE
    ['━━ Deal 1 ━━', 'Ann posts small blind 1', 'Bob posts big blind 2',
     'Card 1 of the deal, the As to Bob, was exposed', 'RULES 9.1: Misdeal: collect all
     cards, reshuffle and deal again. The button does not move; the same blinds play.']
    """
    lines: list[str] = []
    holes_told = False
    pots = len({event.pot for event in events if isinstance(event, PotAwarded)})
    for event in events:
        if isinstance(event, DealStarted):
            lines.append(
                f"━━ Deal {event.deal} ━━" if event.deal == 1 else f"━━ Redeal ({event.deal}) ━━"
            )
            holes_told = False
        elif isinstance(event, CardDealt):
            if event.card is not None and not event.exposed:
                lines.append(f"Card {event.position} to {names[event.seat]}: {event.card}")
        elif isinstance(event, HoleDealt):
            if not holes_told:
                lines.append("Hole cards dealt")
                holes_told = True
        elif isinstance(event, Burned):
            lines.append("Burn" if event.card is None else f"Burn: {event.card}")
        elif isinstance(event, BoardExposed):
            lines.append(f"Turned too soon: {cards_text(event.cards)}")
        elif isinstance(event, StubShuffled):
            lines.append(f"Back into the stub, shuffled: {format_cards(event.returned, ' ')}")
        elif isinstance(event, ErrorReported):
            lines.append(event.text)
        elif isinstance(event, ProcedureApplied):
            lines.append(f"RULES {event.rule}: {event.text}")
        elif isinstance(event, Misdealt):
            lines.append(f"Deal {event.deal} is void")
        elif isinstance(event, Undone):
            lines.append(f"The dealer undid step {event.step}: {event.what}")
        elif isinstance(event, Shown | Mucked):
            lines.append(show_line(event, names))
        elif isinstance(event, PotAwarded):
            lines.append(pot_line(event, names, pots))
        elif (line := event_line(event, names)) is not None:
            lines.append(line)
    return lines


def log_style(line: str) -> str:
    """The record's style for a line: deals and rulings in gold, wins in green."""
    if line.startswith("━━"):
        return "bold #fde68a"
    if line.startswith("──"):
        return "bold #93c5fd"
    if line.startswith("RULES 9"):
        return "bold #fde68a"
    if " wins " in line or " split " in line:
        return "bold #86efac"
    if " shows " in line:
        return "#fde68a"
    return ""
