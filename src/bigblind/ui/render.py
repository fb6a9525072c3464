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

from textual.content import Content

from bigblind.cards import RANKS, Card
from bigblind.evaluate import describe, evaluate
from bigblind.events import (
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
    Shown,
)
from bigblind.hand import Legal

__all__ = [
    "action_line",
    "card_content",
    "card_text",
    "cards_text",
    "legal_text",
    "log_lines",
    "pot_name",
    "showdown_lines",
]

_SUITS = "♣♦♥♠"
_RED = "bold #c0392b on #f4f1ea"
_BLACK = "bold #1b1b1b on #f4f1ea"
_BACK = "#8fa8e0 on #1f3a93"
_EMPTY = "#5c6370"


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


def _join(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def pot_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Who won which pot, main pot first: ``'Ada wins the pot (12) with Flush, ace high'``."""
    awards = sorted((e for e in events if isinstance(e, PotAwarded)), key=lambda e: e.pot)
    lines = []
    for award in awards:
        where = pot_name(award.pot, len(awards))
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
    lines = []
    for event in events:
        if isinstance(event, Shown):
            lines.append(f"{names[event.seat]} shows {cards_text(event.cards)}")
            description = event.description
            if len(board) == 5:
                # A hand shown before the board was complete (all-in) is named on the full board.
                description = describe(evaluate([*event.cards, *board]))
            if description:
                lines[-1] += f": {description}"
        elif isinstance(event, Mucked):
            lines.append(f"{names[event.seat]} mucks")
    return lines + pot_lines(events, names)


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


def log_lines(events: Sequence[Event], names: Sequence[str], hero: int | None) -> list[str]:
    """The hand as log lines, from the events of one seat's view (``hero``'s cards only)."""
    lines: list[str] = []
    mine: list[Card] = []
    pot = 0
    for event in events:
        if isinstance(event, HandStarted):
            lines.append(f"Button: {names[event.button]}")
        elif isinstance(event, Posted):
            pot += event.amount
            all_in = " (all-in)" if event.all_in else ""
            lines.append(f"{names[event.seat]} posts {event.kind.value} {event.amount}{all_in}")
        elif isinstance(event, HoleDealt):
            if event.seat == hero and event.card is not None:
                mine.append(event.card)
                if len(mine) == 2:
                    lines.append(f"Dealt to {names[hero]}: {cards_text(mine)}")
        elif isinstance(event, Acted):
            lines.append(action_line(event, names[event.seat]))
        elif isinstance(event, BoardDealt):
            lines.append(f"── {event.street.label.capitalize()}: {cards_text(event.cards)}")
        elif isinstance(event, BetReturned):
            lines.append(f"Uncalled {event.amount} returned to {names[event.seat]}")
    return lines + showdown_lines(events, names)


def legal_text(legal: Legal | None) -> str:
    """The choices and the legal range: ``'fold · call 2 · raise to 4-200'``."""
    if legal is None:
        return ""
    parts = list(legal.options())
    if not legal.can_raise:
        parts.append("no bet or raise possible")
    return " · ".join(parts)
