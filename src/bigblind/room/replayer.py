"""A finished hand step by step, with every visible hand's exact equity (the hand replayer).

The browser's replayer shows a past hand one event at a time. Each step
carries the public line of the log (:mod:`bigblind.formats.words`), the
board so far, the chips (each player's stack and bet, the pot), and each player's
cards as the viewer saw the hand
(:meth:`~bigblind.engine.hand.Hand.seen`): the viewer's own, and every hand
shown at the showdown (RULES 3.4, 6.7; mucked hands stay hidden, RULES 6.8). Where
two or more players still in the hand have visible cards, each gets the
exact all-in equity on that board (the project's equity calculator), as
television coverage shows it.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), stacks=[100, 100], deck=Deck.shuffled(seed=3))
>>> hand.raise_to(100); hand.call()
>>> steps = hand_steps(hand, ["Ann", "Bob"], seats=[0, 1], viewer=None)  # both all-in: shown
>>> steps[-1]["text"].startswith("Ann wins") or steps[-1]["text"].startswith("Bob wins")
True
>>> [p["equity"] is not None for p in steps[3]["players"]]
[True, True]
>>> [(p["stack"], p["bet"]) for p in steps[3]["players"]], steps[3]["pot"]  # in front
([(0, 100), (0, 100)], 0)
>>> sum(p["stack"] for p in steps[-1]["players"]), steps[-1]["pot"]
(200, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bigblind.cards import Card, format_cards
from bigblind.engine import Hand
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Forced,
    Posted,
    PotAwarded,
)
from bigblind.evaluation import equity
from bigblind.evaluation.games import HOLDEM, Game
from bigblind.evaluation.games_equity import game_equity
from bigblind.formats.words import describe_event, text_cards
from bigblind.room.histories import reader_seat
from bigblind.room.room import Identity, Room
from bigblind.room.settings import RoomError
from bigblind.room.views import finished_log

__all__ = ["hand_list", "hand_logs", "hand_replay", "hand_steps"]


def hand_steps(
    hand: Hand,
    names: Sequence[str],
    *,
    seats: Sequence[int],
    viewer: int | None,
) -> list[dict[str, Any]]:
    """Each public step of ``hand`` with the board and the visible hands' equities, as the
    hand seat ``viewer`` saw it (None: a spectator). ``seats`` maps hand seats to table
    seats."""
    seen = hand.seen(viewer)
    cards: dict[int, tuple[Card, ...]] = {}
    for seat in range(hand.seats):
        hole = seen.hole(seat)
        if seen.known(seat):
            cards[seat] = tuple(c for c in hole if c is not None)
    pots = len({e.pot for e in seen.events if isinstance(e, PotAwarded)})
    folded: set[int] = set()
    board: list[Card] = []
    chips = _Chips(hand.starting_stacks)
    steps: list[dict[str, Any]] = []
    cache: dict[tuple[tuple[Card, ...], frozenset[int]], dict[int, float]] = {}
    for event in seen.events:
        if isinstance(event, BoardDealt):
            board.extend(event.cards)
        if isinstance(event, Acted) and event.kind is ActionKind.FOLD:
            folded.add(event.seat)
        chips.apply(event)
        line = describe_event(event, names, pots=pots, cards=text_cards)
        if line is None:
            continue
        live = frozenset(s for s in cards if s not in folded)
        key = (tuple(board), live)
        if key not in cache:
            cache[key] = _equities(hand.rules.game, cards, live, board)
        shares = cache[key]
        steps.append(
            {
                "text": line,
                "board": format_cards(board, " "),
                "pot": chips.pot,
                "players": [
                    {
                        "seat": seats[s],
                        "name": names[s],
                        "cards": format_cards(cards[s], " ") if s in cards else "",
                        "folded": s in folded,
                        "stack": chips.stacks[s],
                        "bet": chips.bets[s],
                        "equity": shares.get(s),
                    }
                    for s in range(len(names))
                ],
            }
        )
    return steps


class _Chips:
    """Where the chips are after each event: behind (stacks), in front (this street's
    bets) and in the middle (the pot), as a table shows them."""

    def __init__(self, stacks: Sequence[int]) -> None:
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.pot = 0

    def apply(self, event: object) -> None:
        if isinstance(event, Posted):
            self.stacks[event.seat] -= event.amount
            if event.kind in _DEAD:  # antes and dead blinds go to the middle, not in front
                self.pot += event.amount
            else:
                self.bets[event.seat] += event.amount
        elif isinstance(event, Acted) and event.kind in _PUTS_IN:
            # A call's amount is the chips it adds; a bet's or raise's the street's total.
            added = (
                event.amount
                if event.kind is ActionKind.CALL
                else event.amount - self.bets[event.seat]
            )
            self.stacks[event.seat] -= added
            self.bets[event.seat] += added
        elif isinstance(event, BetReturned):
            self.bets[event.seat] -= event.amount
            self.stacks[event.seat] += event.amount
        elif isinstance(event, BoardDealt | PotAwarded):
            self.pot += sum(self.bets)
            self.bets = [0] * len(self.bets)
            if isinstance(event, PotAwarded):
                self.pot -= event.amount
                for seat, share in zip(event.winners, event.shares, strict=True):
                    self.stacks[seat] += share


_PUTS_IN = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
_DEAD = (Forced.ANTE, Forced.DEAD_BLIND)


def _equities(
    game: Game,
    cards: Mapping[int, tuple[Card, ...]],
    live: frozenset[int],
    board: Sequence[Card],
) -> dict[int, float]:
    known = all(len(cards[s]) == game.hole_cards for s in live)
    if len(live) < 2 or len(board) not in (0, 3, 4, 5) or not known:
        return {}
    order = sorted(live)
    hands = [format_cards(cards[s]) for s in order]
    if game.code == HOLDEM.code:
        result = equity(hands, board=format_cards(board, " "), exact=True)
        shares = [p.equity for p in result.players]
    else:
        # Omaha's pre-flop run-outs are too many to count: sampled with a fixed seed, so
        # that a replay shows the same figures every time (hi-lo: the share of pots won).
        found = game_equity(game, hands, board=format_cards(board, " "), samples=_SAMPLES, seed=0)
        shares = [p.equity for p in found.players]
    return dict(zip(order, shares, strict=True))


_SAMPLES = 20_000


def hand_list(room: Room) -> list[dict[str, Any]]:
    """The finished hands of ``room``, newest first, with a one-line summary."""
    out = []
    for record in reversed(room.table.history):
        names = record.table_hand.names
        won = [names[s] for s, amount in enumerate(record.winnings) if amount > 0]
        out.append({"number": record.number, "summary": f"won by {', '.join(won) or 'nobody'}"})
    return out


def hand_logs(room: Room) -> list[dict[str, Any]]:
    """Every finished hand's public log, newest first: what the table saw of each."""
    return [
        {"number": record.number, "log": finished_log(room, record)}
        for record in reversed(room.table.history)
    ]


def hand_replay(room: Room, number: int, viewer: Identity) -> dict[str, Any]:
    """Hand ``number`` of ``room`` step by step as ``viewer`` may see it: the cards they were
    dealt in it, whatever seat they hold now, and those shown (RULES 3.4, 6.8)."""
    record = next((r for r in room.table.history if r.number == number), None)
    if record is None:
        raise RoomError(f"there is no finished hand {number} in this room")
    seat = reader_seat(room, record, viewer.person)
    steps = hand_steps(record.hand, record.table_hand.names, seats=record.seats, viewer=seat)
    return {"number": number, "steps": steps}
