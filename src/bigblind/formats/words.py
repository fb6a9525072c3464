"""A hand's events in words: the one telling of a hand that every interface shows.

The terminal table's log and showdown, the room's hand log and replayer, and
``bigblind replay --show`` all say a hand with these lines. Each is a
rendering of events, read from one viewer's view of the hand
(:meth:`~bigblind.engine.hand.Hand.seen`), so a line can only name a card
that viewer saw (RULES 3.4). The interfaces choose how a card looks: suit
symbols (:func:`symbol_cards`, the default) or text (:func:`text_cards`).

>>> from bigblind.engine.events import Acted, ActionKind, BetReturned
>>> event_line(Acted(1, ActionKind.RAISE, 6, True), ["Ann", "Bob"])
'Bob raises to 6 (all-in)'
>>> event_line(BetReturned(seat=1, amount=4), ["Ann", "Bob"])
'Uncalled 4 returned to Bob'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bigblind.cards import RANKS, Card, format_cards
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
from bigblind.evaluation.games import HOLDEM, Game

__all__ = [
    "CardsText",
    "action_line",
    "action_words",
    "card_text",
    "describe_event",
    "event_line",
    "log_lines",
    "pot_line",
    "pot_lines",
    "pot_name",
    "show_line",
    "showdown_lines",
    "symbol_cards",
    "text_cards",
]

CardsText = Callable[[Sequence[Card | None]], str]
"""How an interface writes cards: :func:`symbol_cards` or :func:`text_cards`."""

_SUITS = "♣♦♥♠"


def card_text(card: int) -> str:
    """A card as rank and suit symbol: ``'A♠'``."""
    return RANKS[card >> 2] + _SUITS[card & 3]


def symbol_cards(cards: Sequence[Card | None]) -> str:
    """Cards apart by spaces with suit symbols, ``'??'`` for a card not seen.

    >>> from bigblind.cards import parse_cards
    >>> symbol_cards([*parse_cards("As Td"), None])
    'A♠ T♦ ??'
    """
    return " ".join("??" if c is None else card_text(c) for c in cards)


def text_cards(cards: Sequence[Card | None]) -> str:
    """Cards apart by spaces as text, ``'??'`` for a card not seen: ``'As Td'``."""
    return " ".join("??" if c is None else format_cards([c]) for c in cards)


def pot_name(index: int, count: int) -> str:
    """'the pot', 'the main pot' or 'side pot N' for pot ``index`` of ``count`` (RULES 6.4).

    >>> pot_name(0, 1), pot_name(0, 3), pot_name(2, 3)
    ('the pot', 'the main pot', 'side pot 2')
    """
    if index == 0:
        return "the pot" if count == 1 else "the main pot"
    return f"side pot {index}"


def _join(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def action_line(event: Acted, name: str) -> str:
    """One action in words: ``'Ann raises to 6 (all-in)'``."""
    return f"{name} {_VERBS[event.kind]}" + _amount(event) + _all_in(event)


def action_words(event: Acted) -> str:
    """What a player did, in a word or two, as a badge by their seat shows it.

    >>> action_words(Acted(1, ActionKind.CALL, 4, True))
    'call 4 (all-in)'
    """
    return _WORDS[event.kind] + _amount(event) + _all_in(event)


_VERBS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises to",
}
_WORDS = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check",
    ActionKind.CALL: "call",
    ActionKind.BET: "bet",
    ActionKind.RAISE: "raise to",
}


def _amount(event: Acted) -> str:
    return "" if event.kind in (ActionKind.FOLD, ActionKind.CHECK) else f" {event.amount}"


def _all_in(event: Posted | Acted) -> str:
    return " (all-in)" if event.all_in else ""


def event_line(
    event: object, names: Sequence[str], *, cards: CardsText = symbol_cards
) -> str | None:
    """A blind or ante posted, an action, a street dealt, the runs agreed (RULES 10.3) or
    a bet returned (RULES 4.8), in words; None for any other event."""
    if isinstance(event, Posted):
        return f"{names[event.seat]} posts {event.kind.value} {event.amount}" + _all_in(event)
    if isinstance(event, Acted):
        return action_line(event, names[event.seat])
    if isinstance(event, BoardDealt):
        return f"── {event.street.label.capitalize()}: {cards(event.cards)}"
    if isinstance(event, RunBoardDealt):
        return f"── Run {event.run}, {event.street.label}: {cards(event.cards)}"
    if isinstance(event, RunsAgreed):
        if event.runs < 2:
            return None
        return "── Run it twice" if event.runs == 2 else f"── Run it {event.runs} times"
    if isinstance(event, BetReturned):
        return f"Uncalled {event.amount} returned to {names[event.seat]}"
    return None


def show_line(
    event: Shown | Mucked,
    names: Sequence[str],
    *,
    board: Sequence[Card] = (),
    game: Game = HOLDEM,
    cards: CardsText = symbol_cards,
) -> str:
    """'Ada shows A♠ K♠: One pair, aces' or 'Ada mucks' (RULES 6.7, 6.8).

    The hand is named as ``game`` values it (RULES 11): as the engine named it
    when shown on a full board, else on ``board`` when that is complete (a
    hand shown all-in before the board was out, named once it is).
    """
    if isinstance(event, Mucked):
        return f"{names[event.seat]} mucks"
    line = f"{names[event.seat]} shows {cards(event.cards)}"
    description = event.description
    if not description and len(board) == 5 and len(event.cards) == game.hole_cards:
        description = game.describe(event.cards, board)
    return f"{line}: {description}" if description else line


def pot_line(award: PotAwarded, names: Sequence[str], count: int) -> str:
    """Who won one pot of ``count`` (RULES 6.4-6.6), its half in a split game (11.2) and
    its run (10.3): ``'Ada wins the pot (12) with Flush, ace high'``."""
    where = pot_name(award.pot, count)
    if award.half:  # RULES 11.2: the high and the low half of a split pot
        where = f"the {award.half} half of {where}"
    if award.run:  # RULES 10.3: each half of the pot on its own run's board
        where = (
            f"{where} on run {award.run}" if award.half else f"half of {where} on run {award.run}"
        )
    winners = [names[s] for s in award.winners]
    with_hand = f" with {award.description}" if award.description else ""
    if len(winners) == 1:
        return f"{winners[0]} wins {where} ({award.amount}){with_hand}"
    shares = ", ".join(
        f"{names[s]} {share}" for s, share in zip(award.winners, award.shares, strict=True)
    )
    return f"{_join(winners)} split {where} ({award.amount}: {shares}){with_hand}"


def describe_event(
    event: object,
    names: Sequence[str],
    *,
    pots: int = 1,
    board: Sequence[Card] = (),
    game: Game = HOLDEM,
    cards: CardsText = symbol_cards,
) -> str | None:
    """Any event in words, as it comes (the room's log, a replayer's steps): the lines of
    :func:`event_line`, :func:`show_line` and :func:`pot_line` (``pots`` the count of
    pots awarded); None for an event not told as such (a card dealt face down, a burn).

    >>> describe_event(Mucked(seat=0, cards=(None, None)), ["Ann", "Bob"])
    'Ann mucks'
    """
    if isinstance(event, Shown | Mucked):
        return show_line(event, names, board=board, game=game, cards=cards)
    if isinstance(event, PotAwarded):
        return pot_line(event, names, pots)
    return event_line(event, names, cards=cards)


def pot_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Who won which pot, main pot first."""
    awards = sorted((e for e in events if isinstance(e, PotAwarded)), key=lambda e: e.pot)
    count = len({award.pot for award in awards})
    return [pot_line(award, names, count) for award in awards]


def showdown_lines(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    game: Game = HOLDEM,
    cards: CardsText = symbol_cards,
) -> list[str]:
    """The hands shown with their names, the hands mucked, then who won which pot; the
    hands are named as ``game`` values them (RULES 11)."""
    board = _board(events)
    lines = [
        show_line(event, names, board=board, game=game, cards=cards)
        for event in events
        if isinstance(event, Shown | Mucked)
    ]
    return lines + pot_lines(events, names)


def _board(events: Sequence[Event]) -> list[Card]:
    """The board the hands are named on: none when it was run twice (RULES 10.3), since
    then the pot lines name the hand that won on each run."""
    if any(isinstance(e, RunsAgreed) and e.runs > 1 for e in events):
        return []
    return [c for e in events if isinstance(e, BoardDealt) for c in e.cards]


def log_lines(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    game: Game = HOLDEM,
    cards: CardsText = symbol_cards,
) -> list[str]:
    """The hand as log lines, from the events of one viewer's view of it: the button,
    the hole cards that viewer saw (a seat its own, RULES 3.4; the house every hand),
    each post, action and street, the showdown and the pots.

    Hands shown before the board is out (all-in, RULES 4.7, 6.7) are told with
    the result, named on the whole board.
    """
    lines: list[str] = []
    dealt: dict[int, list[Card]] = {}
    board: list[Card] = []
    held: list[Shown | Mucked] = []
    for event in events:
        if isinstance(event, HandStarted):
            lines.append(f"Button: {names[event.button]}")
        elif isinstance(event, HoleDealt):
            if event.card is not None:
                mine = dealt.setdefault(event.seat, [])
                mine.append(event.card)
                if len(mine) == game.hole_cards:
                    lines.append(f"Dealt to {names[event.seat]}: {cards(mine)}")
        elif (line := event_line(event, names, cards=cards)) is not None:
            lines.append(line)
        elif isinstance(event, Shown | Mucked):
            if len(board) < 5:
                held.append(event)
            else:
                lines.append(show_line(event, names, board=board, game=game, cards=cards))
        if isinstance(event, BoardDealt):
            board.extend(event.cards)
    if not any(isinstance(e, PotAwarded) for e in events):
        return lines
    final = _board(events)
    lines.extend(show_line(e, names, board=final, game=game, cards=cards) for e in held)
    return lines + pot_lines(events, names)
