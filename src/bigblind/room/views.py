"""What one seat (or a spectator) may see of a room: its own cards and the public table.

Every view is built here, in one place, from the hand's events: a seat sees
its own hole cards and the cards shown (RULES 3.4, 6.7); a spectator sees
the public table only. Hand histories for a viewer are the house's text with
the cards that viewer may not see taken out (RULES 6.8: the house sees
mucked hands, the players do not).

>>> from bigblind.cards import parse_cards
>>> text = 'actions = [\\n  "d dh p1 AsKd",\\n  "d dh p2 QhQc",\\n]'
>>> print(redact_phh(text, hidden={1}))
actions = [
  "d dh p1 AsKd",
  "d dh p2 ????",
]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bigblind.cards import Card, format_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Event,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
)
from bigblind.engine.hand import HandResult, Legal
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.sessions.table import TableHand

if TYPE_CHECKING:
    from bigblind.room.state import RoomState

__all__ = [
    "cards_text",
    "describe_event",
    "hand_log",
    "last_action",
    "last_hand_view",
    "legal_view",
    "personal_view",
    "phh_hidden",
    "pot_name",
    "pot_results",
    "public_view",
    "redact_phh",
    "redact_pokerstars",
    "room_view",
    "shown_cards",
]


def shown_cards(current: TableHand) -> dict[int, str]:
    """The cards shown so far in ``current``, by table seat (RULES 6.7)."""
    return dict(_notes(current).shown)


def legal_view(current: TableHand) -> dict[str, Any] | None:
    """The actor's legal actions with exact amounts and the presets' amounts (RULES 4-5, 5.7)."""
    hand = current.hand
    legal: Legal | None = hand.legal
    if legal is None:
        return None
    presets: dict[str, int] = {}
    if legal.can_raise:
        for preset in PRESETS:
            presets[preset] = preset_amount(hand, preset)
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "bet": legal.bet,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
        "presets": presets,
        "options": list(legal.options()),
    }


def describe_event(event: Event, names: Sequence[str]) -> str | None:
    """A public line for the hand's log, or None for events the players do not see as such.

    >>> describe_event(Acted(1, ActionKind.RAISE, 6, False), ["Ann", "Bob"])
    'Bob raises to 6'
    """
    if isinstance(event, Posted):
        return f"{names[event.seat]} posts {event.kind.value} {event.amount}" + _all_in(event)
    if isinstance(event, Acted):
        who = names[event.seat]
        verb = {
            ActionKind.FOLD: "folds",
            ActionKind.CHECK: "checks",
            ActionKind.CALL: f"calls {event.amount}",
            ActionKind.BET: f"bets {event.amount}",
            ActionKind.RAISE: f"raises to {event.amount}",
        }[event.kind]
        return f"{who} {verb}" + _all_in(event)
    if isinstance(event, BoardDealt):
        return f"{event.street.label}: {format_cards(event.cards, ' ')}"
    if isinstance(event, BetReturned):
        return f"{event.amount} returned to {names[event.seat]}"
    if isinstance(event, Shown):
        text = f"{names[event.seat]} shows {format_cards(event.cards, ' ')}"
        return text + (f" ({event.description})" if event.description else "")
    if isinstance(event, Mucked):
        return f"{names[event.seat]} mucks"
    if isinstance(event, PotAwarded):
        who = ", ".join(names[s] for s in event.winners)
        pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
        with_ = f" with {event.description}" if event.description else ""
        return f"{who} wins the {pot} of {event.amount}{with_}"
    return None


def pot_name(index: int) -> str:
    """'Main pot', 'Side pot 1', ... (RULES 6.4).

    >>> pot_name(0), pot_name(2)
    ('Main pot', 'Side pot 2')
    """
    return "Main pot" if index == 0 else f"Side pot {index}"


def pot_results(result: HandResult | None, seats: Sequence[int]) -> list[dict[str, Any]]:
    """Each pot awarded, by table seat; a hand run twice names each half by its run (10.3)."""
    if result is None:
        return []
    runs = [run.pots for run in result.runs] if len(result.runs) > 1 else [result.pots]
    out = []
    for r, pots in enumerate(runs):
        suffix = f", {('first', 'second')[r]} run" if len(runs) > 1 else ""
        for n, pot in enumerate(pots):
            if pot.amount:
                out.append(
                    {
                        "name": pot_name(n) + suffix,
                        "amount": pot.amount,
                        "winners": [seats[s] for s in pot.winners],
                        "hand": pot.description,
                    }
                )
    return out


def last_action(events: Sequence[Event], seat: int, names: Sequence[str]) -> str | None:
    """What ``seat`` did last in this betting round, in a word or two ('call 4'), or None.

    >>> last_action([Acted(1, ActionKind.RAISE, 6, False)], 1, ["Ann", "Bob"])
    'raise to 6'
    """
    for event in reversed(events):
        if isinstance(event, BoardDealt):
            return None
        if isinstance(event, Acted) and event.seat == seat:
            return _action_words(event, names)
    return None


def _action_words(event: Acted, names: Sequence[str]) -> str:
    line = describe_event(event, names) or ""
    words = line.removeprefix(names[event.seat] + " ")
    for long, short in (("raises", "raise"), ("calls", "call"), ("bets", "bet")):
        words = words.replace(long, short, 1)
    words = words.replace(" and is all-in", ", all-in")
    return words.replace("folds", "fold").replace("checks", "check")


def _all_in(event: Posted | Acted) -> str:
    return " and is all-in" if event.all_in else ""


_PHH_HOLE = re.compile(r'"d dh p(\d+) ([^"]*)"')


def redact_phh(text: str, hidden: Collection[int]) -> str:
    """A PHH text with the hole cards of ``hidden`` players (0-based PHH order) as ``????``."""

    def hide(match: re.Match[str]) -> str:
        player = int(match.group(1)) - 1
        if player in hidden:
            return f'"d dh p{match.group(1)} ????"'
        return match.group(0)

    return _PHH_HOLE.sub(hide, text)


_MUCKED = re.compile(r"mucked \[[^\]]*\]")


def redact_pokerstars(text: str) -> str:
    """A PokerStars text without the cards of mucked hands (seen by the house alone)."""
    return _MUCKED.sub("mucked", text)


def cards_text(cards: Sequence[Card | None]) -> str:
    """Known cards as text, '' when any is unknown."""
    if None in cards:
        return ""
    return format_cards([c for c in cards if c is not None], " ")


def phh_hidden(current: TableHand, viewer: int | None, shown: Mapping[int, str]) -> set[int]:
    """The PHH player indexes whose hole cards ``viewer`` (a table seat) may not see."""
    hand = current.hand
    n = hand.seats
    hidden = set()
    for seat in range(n):
        table_seat = current.table_seat(seat)
        if table_seat == viewer or table_seat in shown:
            continue
        hidden.add((seat - hand.button - 1) % n)
    return hidden


def room_view(room: RoomState, viewer: int | None) -> dict[str, Any]:
    """The whole room as ``viewer`` (a table seat, None for a spectator) may see it."""
    return personal_view(room, public_view(room), viewer)


def personal_view(room: RoomState, public: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """``public`` (from :func:`public_view`) with what ``viewer`` alone may see: their own
    cards and, when they are to act, their legal actions. ``public`` is not changed."""
    if viewer is None:
        return public
    view = dict(public)
    view["you"] = viewer
    current = room.current
    if current is None or viewer not in current.seats:
        return view
    seats = view["seats"] = list(public["seats"])
    entry = seats[viewer] = dict(seats[viewer])
    if entry["cards"] is None:  # not shown yet: the viewer's own cards (RULES 3.4)
        entry["cards"] = cards_text(current.hand.hole(current.hand_seat(viewer)))
    if current.actor == viewer:
        hand = view["hand"] = dict(public["hand"])
        hand["legal"] = legal_view(current)
    return view


class _Notes:
    """What views read from a hand's events, brought up to date as events come, so that
    each event is read once however many views are sent: the log, the cards shown and
    each hand seat's last action in the betting round."""

    __slots__ = ("acted", "current", "lines", "seen", "shown")

    def __init__(self, current: TableHand) -> None:
        self.current = current
        self.seen = 0
        self.lines: list[str] = []
        self.shown: dict[int, str] = {}  # by table seat
        self.acted: dict[int, str] = {}  # by hand seat, since the last board card

    def update(self) -> _Notes:
        current = self.current
        events = current.hand.events
        for event in events[self.seen :]:
            line = describe_event(event, current.names)
            if line is not None:
                self.lines.append(line)
            if isinstance(event, Shown):
                self.shown[current.table_seat(event.seat)] = format_cards(event.cards, " ")
            elif isinstance(event, BoardDealt):
                self.acted.clear()
            elif isinstance(event, Acted):
                self.acted[event.seat] = _action_words(event, current.names)
        self.seen = len(events)
        return self


_NOTES: dict[int, _Notes] = {}


def _notes(current: TableHand) -> _Notes:
    notes = _NOTES.get(id(current.hand))
    if notes is None or notes.current is not current:
        if len(_NOTES) > 4096:  # hands long over; a room holds one at a time
            _NOTES.clear()
        notes = _NOTES[id(current.hand)] = _Notes(current)
    return notes.update()


def hand_log(current: TableHand) -> list[str]:
    """The hand's public log lines; each event is described once, however often it is sent."""
    return list(_notes(current).lines)


def public_view(room: RoomState) -> dict[str, Any]:
    """The room as a spectator sees it: no hidden card (RULES 3.4)."""
    viewer = None
    current = room.current
    table = room.table
    notes = _notes(current) if current is not None else None
    shown = notes.shown if notes is not None else {}
    # Read once for every seat: each of these is worked out afresh when asked.
    dealt = current.seats if current is not None else ()
    if current is not None:
        stacks, bets, folded = current.hand.stacks, current.hand.bets, current.hand.folded
    seats: list[dict[str, Any] | None] = []
    for seat in range(room.settings.seats):
        occupant = room.occupants.get(seat)
        info = table.player(seat)
        if occupant is None or info is None:
            seats.append(None)
            continue
        entry: dict[str, Any] = {
            "seat": seat,
            "name": occupant.name,
            "stack": info.stack,
            "status": info.status.name.lower(),
            "away": room.is_away(seat),
            "bot": occupant.bot,
            "auto_muck": occupant.auto_muck,
            "time_bank": round(room.bank(seat), 3),
            "in_hand": False,
            "bet": 0,
            "folded": False,
            "cards": None,
        }
        if notes is not None and seat in dealt:
            i = dealt.index(seat)
            entry.update(in_hand=True, stack=stacks[i], bet=bets[i], folded=folded[i])
            if seat in shown:
                entry["cards"] = shown[seat]
            entry["last_action"] = notes.acted.get(i)
        seats.append(entry)
    hand_view: dict[str, Any] | None = None
    if current is not None:
        hand = current.hand
        layout = current.layout
        deadline = room.deadline()
        hand_view = {
            "number": current.number,
            "button": layout.button,
            "small_blind": layout.small_blind,
            "big_blind": layout.big_blind,
            "street": hand.street.label,
            "board": format_cards(hand.board, " "),
            "pot": hand.pot,
            "pots": [
                {"name": pot_name(n), "amount": pot.amount}
                for n, pot in enumerate(hand.pots)
                if pot.amount
            ],
            "actor": current.actor,
            "deadline": deadline,
            "boards": [format_cards(board, " ") for board in hand.boards],
            "runs_offer": list(room.table.runs_offer()),
            "runs_deadline": room.runs_deadline(),
            "run_votes": {str(seat): agree for seat, agree in room.run_votes.items()},
            "legal": None,
            "log": hand_log(current),
            "show_choice": room.show_choice(),
        }
    return {
        "room": room.id,
        "name": room.settings.name,
        "settings": room.public_settings,
        "blinds": list(room.blinds),
        "paused": room.paused,
        "ended": room.ended,
        "you": viewer,
        "seats": seats,
        "hand": hand_view,
        "last_hand": last_hand_view(room),
        "requests": [
            {"request": r.number, "name": r.name, "seat": r.seat, "chips": r.chips}
            for r in room.requests.values()
        ],
        "next_hand_at": room.next_hand_at(),
        "hands_played": room.hand_number,
        "chat": room.chat[-50:],
        "straddle": _straddle_view(room),
        "tournament": None if room.sng is None else room.sng.view(room.now),
    }


def _straddle_view(room: RoomState) -> dict[str, Any] | None:
    """The straddle offered before the next hand (RULES 2.7): who is asked, how much."""
    seat = room.straddle_pending()
    if seat is None:
        return None
    rules = room.table.rules
    return {"seat": seat, "amount": rules.straddle, "deadline": room.straddle_deadline()}


def last_hand_view(room: RoomState) -> dict[str, Any] | None:
    """The public outcome of the last finished hand: board, cards shown, pots, log."""
    record = room.last_record
    if record is None:
        return None
    # A finished hand changes only by cards shown after it: built once for each change,
    # not for every view sent while the next hand is played.
    key = tuple(room.shown_after.items())
    cached = _LAST_HANDS.get(id(record))
    if cached is not None and cached[0] is record and cached[1] == key:
        return cached[2]
    current = record.table_hand
    hand = record.hand
    shown = shown_cards(current)
    shown.update(room.shown_after)
    view = {
        "number": record.number,
        "board": format_cards(hand.board, " "),
        "boards": [format_cards(board, " ") for board in hand.boards],
        "shown": {str(seat): cards for seat, cards in shown.items()},
        "winnings": {
            str(seat): won for seat, won in zip(record.seats, record.winnings, strict=True) if won
        },
        "rake": record.rake,
        "pots": pot_results(hand.result, record.seats),
        "log": hand_log(current),
    }
    if len(_LAST_HANDS) > 4096:
        _LAST_HANDS.clear()
    _LAST_HANDS[id(record)] = (record, key, view)
    return view


_LAST_HANDS: dict[int, tuple[object, tuple[tuple[int, str], ...], dict[str, Any]]] = {}
