"""What one seat (or a spectator) may see of a room: its own cards and the public table.

Every view is built here from the engine's view of the hand
(:meth:`~bigblind.engine.hand.Hand.seen`): the public table is what a
spectator sees (the cards shown, RULES 6.7), and a seat adds its own hole
cards (RULES 3.4) when the person viewing was dealt them. The log says the
spectator's events in :mod:`bigblind.formats.words`' lines.

>>> from bigblind.engine.events import ActionKind
>>> last_action([Acted(1, ActionKind.RAISE, 6, False)], 1)
'raise to 6'
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bigblind.cards import Card, format_cards
from bigblind.engine.events import Acted, BoardDealt, Event, PotAwarded, Shown
from bigblind.engine.hand import HandResult, Legal
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.engine.views import visible_event
from bigblind.formats.words import action_words, describe_event, text_cards
from bigblind.sessions.table import HandRecord, TableHand

if TYPE_CHECKING:
    from bigblind.room.core import Occupant
    from bigblind.room.state import RoomState

__all__ = [
    "cards_text",
    "closed_view",
    "finished_log",
    "hand_log",
    "last_action",
    "last_hand_view",
    "legal_view",
    "personal_view",
    "pot_name",
    "pot_results",
    "public_view",
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


def pot_name(index: int) -> str:
    """'Main pot', 'Side pot 1', ... (RULES 6.4).

    >>> pot_name(0), pot_name(2)
    ('Main pot', 'Side pot 2')
    """
    return "Main pot" if index == 0 else f"Side pot {index}"


def pot_results(result: HandResult | None, seats: Sequence[int]) -> list[dict[str, Any]]:
    """Each pot awarded, by table seat; a hand run twice names each half by its run (10.3),
    a split game each half of a pot by its side, 'Main pot (low)' (11.2)."""
    if result is None:
        return []
    runs = [run.pots for run in result.runs] if len(result.runs) > 1 else [result.pots]
    out = []
    for r, pots in enumerate(runs):
        suffix = f", {('first', 'second')[r]} run" if len(runs) > 1 else ""
        n = -1
        for pot in pots:
            if pot.half != "low":  # a split pot's two halves are one pot (RULES 11.2)
                n += 1
            if pot.amount:
                half = f" ({pot.half})" if pot.half else ""
                out.append(
                    {
                        "name": pot_name(n) + half + suffix,
                        "amount": pot.amount,
                        "winners": [seats[s] for s in pot.winners],
                        "hand": pot.description,
                    }
                )
    return out


def last_action(events: Sequence[Event], seat: int) -> str | None:
    """What ``seat`` did last in this betting round, in a word or two ('call 4'), or None.

    >>> from bigblind.engine.events import ActionKind
    >>> last_action([Acted(1, ActionKind.CALL, 4, True)], 1)
    'call 4 (all-in)'
    """
    for event in reversed(events):
        if isinstance(event, BoardDealt):
            return None
        if isinstance(event, Acted) and event.seat == seat:
            return action_words(event)
    return None


def cards_text(cards: Sequence[Card | None]) -> str:
    """Known cards as text, '' when any is unknown."""
    if None in cards:
        return ""
    return format_cards([c for c in cards if c is not None], " ")


def room_view(room: RoomState, viewer: int | None) -> dict[str, Any]:
    """The whole room as ``viewer`` (a table seat, None for a spectator) may see it."""
    return personal_view(room, public_view(room), viewer)


def personal_view(
    room: RoomState, public: dict[str, Any], viewer: int | None, *, host: bool = False
) -> dict[str, Any]:
    """``public`` (from :func:`public_view`) with what ``viewer`` alone may see: their own
    cards and, when they are to act, their legal actions; ``host``: whether the viewer is
    the host, who is shown the host's controls. ``public`` is not changed."""
    if viewer is None:
        return {**public, "host": True} if host else public
    view = dict(public)
    view["you"] = viewer
    if host:
        view["host"] = True
    current = room.current
    if current is None:
        return _last_cards(room, view, viewer)
    if viewer not in current.seats:
        return view
    # Cards belong to the person dealt them, not to their seat (RULES 3.4); a bot's seat
    # has no person.
    occupant = room.occupants.get(viewer)
    holder = room.holders.get(current.number, {}).get(viewer)
    seats = view["seats"] = list(public["seats"])
    entry = seats[viewer] = dict(seats[viewer])
    own = holder is None or (occupant is not None and holder == occupant.token)
    if entry["cards"] is None and own:  # not shown yet: the viewer's own cards
        seat = current.hand_seat(viewer)
        entry["cards"] = cards_text(current.hand.seen(seat).hole(seat))
    if current.actor == viewer:
        hand = view["hand"] = dict(public["hand"])
        hand["legal"] = legal_view(current)
    return view


def closed_view(public: dict[str, Any]) -> dict[str, Any]:
    """What a spectator is shown where the host allows none: who sits where, the free
    seats to ask for and the requests waiting (a refusal is seen), nothing of the play."""
    seats = [
        None if s is None else {**s, "in_hand": False, "bet": 0, "folded": False, "cards": None}
        for s in public["seats"]
    ]
    for seat in seats:
        if seat is not None:
            seat.pop("last_action", None)
    return {
        **public,
        "seats": seats,
        "hand": None,
        "last_hand": None,
        "chat": [],
        "reactions": [],
        "spectators_closed": True,
    }


def _last_cards(room: RoomState, view: dict[str, Any], viewer: int) -> dict[str, Any]:
    """Between hands, the viewer's own cards of the last hand, so that they may show them:
    only the person dealt them, never a later occupant of the seat (RULES 3.4, 6.8)."""
    record = room.last_record
    occupant = room.occupants.get(viewer)
    if record is None or occupant is None or viewer not in record.seats:
        return view
    holder = room.holders.get(record.number, {}).get(viewer)
    if holder is None or not hmac.compare_digest(holder, occupant.token):
        return view
    seats = view["seats"] = list(view["seats"])
    if seats[viewer] is None or seats[viewer]["cards"] is not None:
        return view
    entry = seats[viewer] = dict(seats[viewer])
    seat = record.seats.index(viewer)
    entry["cards"] = cards_text(record.hand.seen(seat).hole(seat))
    return view


class _Notes:
    """What views read from a hand's events, brought up to date as events come, so that
    each event is read once however many views are sent: the log, the cards shown and
    each hand seat's last action in the betting round."""

    __slots__ = ("acted", "current", "lines", "pots", "seen", "shown")

    def __init__(self, current: TableHand) -> None:
        self.current = current
        self.seen = 0
        self.lines: list[str] = []
        self.shown: dict[int, str] = {}  # by table seat
        self.acted: dict[int, str] = {}  # by hand seat, since the last board card
        self.pots = 0  # pots awarded: the first award is the last side pot (RULES 6.5)

    def update(self) -> _Notes:
        current = self.current
        events = current.hand.events
        for event in events[self.seen :]:
            event = visible_event(event, None)  # the table's: a spectator's view (RULES 3.4)
            if isinstance(event, PotAwarded):
                self.pots = max(self.pots, event.pot + 1)
            line = describe_event(event, current.names, pots=self.pots, cards=text_cards)
            if line is not None:
                self.lines.append(line)
            if isinstance(event, Shown):
                self.shown[current.table_seat(event.seat)] = format_cards(event.cards, " ")
            elif isinstance(event, BoardDealt):
                self.acted.clear()
            elif isinstance(event, Acted):
                self.acted[event.seat] = action_words(event)
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
        if occupant is None:
            seats.append(None)
            continue
        if info is None:  # approved during the hand: seated at its end
            seats.append(_joining(room, seat, occupant))
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
            "leaving": occupant.leaving,
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
            # Every action appends to the hand's events: their count names the decision
            # awaited, which an action must answer (a resent or late one is refused).
            "decision": len(hand.events),
            "deadline": deadline,
            "boards": [format_cards(board, " ") for board in hand.boards],
            "runs_offer": list(room.table.runs_offer()),
            "runs_deadline": room.runs_deadline(),
            "run_votes": {str(seat): agree for seat, agree in room.run_votes.items()},
            "legal": None,
            "log": hand_log(current),
            "show_choice": room.show_choice(),
            "bomb_pot": room.bomb_pots.get(current.number, 0),
        }
    return {
        "room": room.id,
        "name": room.settings.name,
        "settings": room.public_settings,
        "game": _game_view(room),
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
        "bomb_pot_next": room.bomb_pot_due(),
        "bomb_pot_called": room.bomb_called,
        "host": False,
        "host_seat": room.host_seat(),
        "spectators": {"allowed": room.spectators_allowed, "chat": room.spectator_chat},
        "spectators_closed": False,
        "adjustments": room.pending_adjustments(),
        "reactions": [dict(r) for r in room.reactions],
    }


def _game_view(room: RoomState) -> dict[str, Any]:
    """The poker played, as the table shows it (RULES 11): its title and hole cards."""
    poker = room.settings.poker()
    title = room.table.rules.title
    return {"code": poker.code, "title": title, "hole_cards": poker.hole_cards}


def _joining(room: RoomState, seat: int, occupant: Occupant) -> dict[str, Any]:
    """A seat given during the hand in play: its player joins the table when it ends."""
    return {
        "seat": seat,
        "name": occupant.name,
        "stack": room.joining_chips(seat),
        "status": "joining",
        "away": False,
        "bot": occupant.bot,
        "auto_muck": occupant.auto_muck,
        "time_bank": round(room.settings.time_bank_seconds, 3),
        "leaving": occupant.leaving,
        "in_hand": False,
        "bet": 0,
        "folded": False,
        "cards": None,
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
    key = (
        tuple(room.shown_after.items()),
        room.rabbits.get(record.number),
        room.rabbit_offered(),
        len(room.seven_deuce.get(record.number, ())),
    )
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
        "log": hand_log(current) + _after_lines(room, record),
        "rabbit": room.rabbits.get(record.number),
        "rabbit_offered": room.rabbit_offered(),
        "seven_deuce": [dict(p) for p in room.seven_deuce.get(record.number, ())],
    }
    if len(_LAST_HANDS) > 4096:
        _LAST_HANDS.clear()
    _LAST_HANDS[id(record)] = (record, key, view)
    return view


def _after_lines(room: RoomState, record: HandRecord) -> list[str]:
    """The log's lines for what came after the hand: cards turned up (RULES 12.4), the
    seven-deuce bounties (12.2) and the rabbit (12.3)."""
    lines = []
    names = dict(zip(record.seats, record.names, strict=True))
    for seat, cards in room.shown_after.items():
        lines.append(f"{names[seat]} shows {cards} after the hand")
    for paid in room.seven_deuce.get(record.number, ()):  # RULES 12.2: after the pots
        winner, payer = names[paid["winner"]], names[paid["from"]]
        lines.append(f"Seven-deuce: {payer} pays {winner} {paid['chips']}")
    rabbit = room.rabbits.get(record.number)
    if rabbit is not None:  # RULES 12.3: shown, never played
        asker = room.rabbit_by.get(record.number) or "someone"
        lines.append(f"Rabbit hunt, asked by {asker}: {rabbit} would have come")
    return lines


_LAST_HANDS: dict[int, tuple[object, object, dict[str, Any]]] = {}


def finished_log(room: RoomState, record: HandRecord) -> list[str]:
    """The public log of a finished hand, as the table saw it, with what came after it:
    the cards turned up (RULES 12.4), the seven-deuce bounties (12.2) and the rabbit
    (12.3). Worked out afresh, not kept: read for a past hand now and then."""
    lines = list(_Notes(record.table_hand).update().lines)
    names = dict(zip(record.seats, record.names, strict=True))
    for seat, picks in room.shown_picks.get(record.number, {}).items():
        hand_seat = record.seats.index(seat)
        hole = record.hand.hole(hand_seat)
        lines.append(f"{names[seat]} shows {cards_text([hole[i] for i in picks])} after the hand")
    for paid in room.seven_deuce.get(record.number, ()):
        payer, winner = names[paid["from"]], names[paid["winner"]]
        lines.append(f"Seven-deuce: {payer} pays {winner} {paid['chips']}")
    rabbit = room.rabbits.get(record.number)
    if rabbit is not None:
        asker = room.rabbit_by.get(record.number) or "someone"
        lines.append(f"Rabbit hunt, asked by {asker}: {rabbit} would have come")
    return lines
