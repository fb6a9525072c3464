"""Words for what happens at the table: cards, the log of a hand, the showdown, the bets.

Everything here is a rendering of a seat's view and its events, in plain
text (the log, the showdown lines) or styled :class:`~textual.content.Content`
(cards). Nothing here changes a hand.

>>> from bigblind.cards import parse_cards
>>> cards_text(parse_cards("As Td"))
'A♠ T♦'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from textual.content import Content

from bigblind.cards import RANKS, Card
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Event,
    HandStarted,
    HoleDealt,
    Mucked,
    Posted,
    PotAwarded,
    RunBoardDealt,
    RunsAgreed,
    Shown,
)
from bigblind.engine.hand import Legal
from bigblind.engine.pots import Pot
from bigblind.engine.rules import Structure
from bigblind.evaluation.scalar import describe, evaluate

__all__ = [
    "GAME_NAMES",
    "action_line",
    "card_content",
    "card_text",
    "cards_text",
    "event_line",
    "keys_content",
    "legal_text",
    "log_lines",
    "pot_name",
    "showdown_lines",
    "side_pots_text",
]

GAME_NAMES: Final = {
    Structure.NO_LIMIT: "No-limit hold'em",
    Structure.POT_LIMIT: "Pot-limit hold'em",
    Structure.FIXED_LIMIT: "Fixed-limit hold'em",
}
"""The game's name for each betting structure, as a title shows it."""

_SUITS = "♣♦♥♠"
_RED = "bold #c0392b on #f4f1ea"
_BLACK = "bold #1b1b1b on #f4f1ea"
_BACK = "#8fa8e0 on #1f3a93"
_EMPTY = "#5c6370"
_KEY = "bold #0b2818 on #a7f3d0"


def card_text(card: int) -> str:
    """A card as rank and suit symbol: ``'A♠'``."""
    return RANKS[card >> 2] + _SUITS[card & 3]


def cards_text(cards: Sequence[int | None]) -> str:
    """Cards apart by spaces, ``'??'`` for a card not seen."""
    return " ".join("??" if c is None else card_text(c) for c in cards)


def card_content(card: Card | int | None, *, empty: bool = False) -> Content:
    """One card drawn as a small face, a back (None) or an empty place (``empty``)."""
    if empty:
        return Content.styled(" ·· ", _EMPTY)
    if card is None:
        return Content.styled(" ░░ ", _BACK)
    style = _RED if (card & 3) in (1, 2) else _BLACK
    return Content.styled(f" {card_text(card)} ", style)


def pot_name(index: int, count: int) -> str:
    """'the pot', 'the main pot' or 'side pot N' for pot ``index`` of ``count``."""
    if index == 0:
        return "the pot" if count == 1 else "the main pot"
    return f"side pot {index}"


def side_pots_text(pots: Sequence[Pot]) -> str:
    """Each pot and its chips: ``'main pot 30 · side pot 1 12'``."""
    return " · ".join(
        f"{pot_name(i, len(pots)).removeprefix('the ')} {p.amount}" for i, p in enumerate(pots)
    )


def _join(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def pot_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Who won which pot, main pot first: ``'Ada wins the pot (12) with Flush, ace high'``."""
    awards = sorted((e for e in events if isinstance(e, PotAwarded)), key=lambda e: e.pot)
    count = len({award.pot for award in awards})
    lines = []
    for award in awards:
        where = pot_name(award.pot, count)
        if award.run:
            where += f" on run {award.run}"  # RULES 10.3: each half on its own board
        winners = [names[s] for s in award.winners]
        with_hand = f" with {award.description}" if award.description else ""
        if len(winners) == 1:
            lines.append(f"{winners[0]} wins {where} ({award.amount}){with_hand}")
        else:
            shares = ", ".join(
                f"{names[s]} {share}" for s, share in zip(award.winners, award.shares, strict=True)
            )
            lines.append(f"{_join(winners)} split {where} ({award.amount}: {shares}){with_hand}")
    return lines


def showdown_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The hands shown with their names, the hands mucked, then who won which pot."""
    board = [c for e in events if isinstance(e, BoardDealt) for c in e.cards]
    # Run twice (RULES 10.3): two boards, so the pot lines name the hand that won on each.
    two_runs = any(isinstance(e, RunsAgreed) and e.runs > 1 for e in events)
    lines = [
        line
        for event in events
        if (line := _show_line(event, names, () if two_runs else board)) is not None
    ]
    return lines + pot_lines(events, names)


def _show_line(event: object, names: Sequence[str], board: Sequence[Card]) -> str | None:
    """'Ada shows A♠ K♠: One pair, aces', 'Ada mucks', or None for another event.

    A hand is named on ``board`` when it is complete: a hand shown before the
    board was (all-in, RULES 6.7) is named on the full board where that is known.
    """
    if isinstance(event, Mucked):
        return f"{names[event.seat]} mucks"
    if not isinstance(event, Shown):
        return None
    line = f"{names[event.seat]} shows {cards_text(event.cards)}"
    description = describe(evaluate([*event.cards, *board])) if len(board) == 5 else ""
    return f"{line}: {description}" if description else line


def action_line(event: Acted, name: str) -> str:
    """One action in words: ``'Ann raises to 6 (all-in)'``."""
    kind = event.kind
    if kind is ActionKind.FOLD:
        text = f"{name} folds"
    elif kind is ActionKind.CHECK:
        text = f"{name} checks"
    elif kind is ActionKind.CALL:
        text = f"{name} calls {event.amount}"
    elif kind is ActionKind.BET:
        text = f"{name} bets {event.amount}"
    else:
        text = f"{name} raises to {event.amount}"
    return text + (" (all-in)" if event.all_in else "")


def event_line(event: object, names: Sequence[str]) -> str | None:
    """A blind or ante posted, an action, a street dealt or a bet returned, in words; else None.

    >>> event_line(BetReturned(seat=1, amount=4), ["Ann", "Bob"])
    'Uncalled 4 returned to Bob'
    """
    if isinstance(event, Posted):
        all_in = " (all-in)" if event.all_in else ""
        return f"{names[event.seat]} posts {event.kind.value} {event.amount}{all_in}"
    if isinstance(event, Acted):
        return action_line(event, names[event.seat])
    if isinstance(event, BoardDealt):
        return f"── {event.street.label.capitalize()}: {cards_text(event.cards)}"
    if isinstance(event, RunBoardDealt):
        street = event.street.label.capitalize()
        return f"── Run {event.run}, {street.lower()}: {cards_text(event.cards)}"
    if isinstance(event, RunsAgreed):
        return "── Run it twice" if event.runs > 1 else None
    if isinstance(event, BetReturned):
        return f"Uncalled {event.amount} returned to {names[event.seat]}"
    return None


def log_lines(events: Sequence[Event], names: Sequence[str], hero: int | None) -> list[str]:
    """The hand as log lines, from the events of one seat's view (``hero``'s cards only)."""
    lines: list[str] = []
    mine: list[Card] = []
    board: list[Card] = []
    held: list[Event] = []
    for event in events:
        if isinstance(event, HandStarted):
            lines.append(f"Button: {names[event.button]}")
        elif isinstance(event, HoleDealt):
            if event.seat == hero and event.card is not None:
                mine.append(event.card)
                if len(mine) == 2:
                    lines.append(f"Dealt to {names[hero]}: {cards_text(mine)}")
        elif (line := event_line(event, names)) is not None:
            lines.append(line)
        elif isinstance(event, Shown | Mucked):
            if len(board) < 5:
                # RULES 6.7, 4.7: after an all-in the hands are shown before the rest of
                # the board; they are logged with the result, named on the whole board.
                held.append(event)
            else:
                lines.append(_show_line(event, names, board) or "")
        if isinstance(event, BoardDealt):
            board.extend(event.cards)
    if not any(isinstance(e, PotAwarded) for e in events):
        return lines
    if any(isinstance(e, RunsAgreed) and e.runs > 1 for e in events):
        board = []  # two boards: the pot lines name the hand that won on each
    lines.extend(_show_line(event, names, board) or "" for event in held)
    return lines + pot_lines(events, names)


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
