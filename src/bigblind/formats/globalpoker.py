"""Global Poker hands, the site's JSON objects, read as PokerStars text.

Global Poker gives a hand as one JSON object: ``seats`` (each player's seat,
name and ``initialBalance``), ``settings`` (``variant``, ``betStrategyType``,
blinds, ``capacity``), ``events`` in order (``PlayerAction`` with what the
player's balance is after it, ``PlayerCardsDealt``, ``TableCardsDealt``,
``PlayerCardsExposed``, ``PotUpdate`` whose transfers back to a player are
uncalled bets) and ``results`` (the rake, and each pot's ``transfers`` to
its winners). What each action adds is read from the balances, so a raise
needs no reading of its own. The file does not name the button: it is the
seat before the small blind (heads-up, the small blind's; with no small blind,
the seat before the big blind). :func:`loads_each`
says each event as PokerStars would write it and reads the hand with the
PokerStars reader; histories carry ``site`` ``'Global Poker'``, the hand's
number is the first 15 hexadecimal digits of its id, read as a number.

>>> import json
>>> hand = {"id": "00d02b4c-8f1d-4fc4", "table": {"tableName": "Odessa"},
...     "startTime": 1515047411788, "settings": {"variant": "TEXAS_HOLDEM",
...     "betStrategyType": "NO_LIMIT", "capacity": 6, "bigBlind": 0.04, "smallBlind": 0.02},
...     "seats": [{"playerId": 1, "initialBalance": 4.8, "seatId": 0, "name": "ann"},
...               {"playerId": 2, "initialBalance": 9.54, "seatId": 1, "name": "bob"}],
...     "events": [
...       {"type": "PlayerAction", "action": "SMALL_BLIND", "playerId": 1,
...        "balanceAfterAction": 4.78},
...       {"type": "PlayerAction", "action": "BIG_BLIND", "playerId": 2,
...        "balanceAfterAction": 9.5},
...       {"type": "PlayerAction", "action": "RAISE", "playerId": 1,
...        "balanceAfterAction": 4.68},
...       {"type": "PlayerAction", "action": "FOLD", "playerId": 2,
...        "balanceAfterAction": 9.5}],
...     "results": {"totalRake": 0, "transfers": [{"playerId": 1, "amount": 0.16}]}}
>>> (history,) = loads_each(json.dumps(hand))
>>> history.players, history.finishing_stacks
(('bob', 'ann'), (950, 484))
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["is_globalpoker", "loads_each", "read_each"]

_GAMES: Final = {"TEXAS_HOLDEM": "Hold'em", "OMAHA": "Omaha", "OMAHA_HI_LO": "Omaha Hi/Lo"}
_LIMITS: Final = {"NO_LIMIT": "No Limit", "POT_LIMIT": "Pot Limit", "FIXED_LIMIT": "Limit"}
_RANKS: Final = {
    "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7",
    "EIGHT": "8", "NINE": "9", "TEN": "T", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A",
}  # fmt: skip
_SUITS: Final = {"CLUBS": "c", "DIAMONDS": "d", "HEARTS": "h", "SPADES": "s"}
_POSTS: Final = {
    "SMALL_BLIND": "posts small blind",
    "DEAD_SMALL_BLIND": "posts small blind",
    "BIG_BLIND": "posts big blind",
    "ENTRY_BET": "posts big blind",
    "BIG_BLIND_PLUS_DEAD_SMALL_BLIND": "posts small & big blinds",
}
_STREETS: Final = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")


def is_globalpoker(text: str) -> bool:
    """Whether a text is Global Poker's JSON of a hand (or a list of hands).

    >>> is_globalpoker('{"id": "x", "table": {"tableName": "T"}, "events": []}')
    True
    >>> is_globalpoker('{"ohh": {}}')
    False
    """
    start = text.lstrip("\ufeff \t\r\n")[:1]
    return start in ("{", "[") and '"events"' in text and '"table"' in text


def loads_each(text: str) -> list[Entry]:
    """Each hand of a Global Poker JSON text, read on its own."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return [Unreadable(line=1, reason=f"not Global Poker JSON: {reason}")]
    hands = data if isinstance(data, list) else [data]
    return [_entry(hand, index) for index, hand in enumerate(hands, start=1)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a Global Poker JSON file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _entry(hand: object, index: int) -> Entry:
    if not isinstance(hand, Mapping):
        return Unreadable(line=1, reason=f"hand {index}: not a JSON object of a hand")
    ident = str(hand.get("id", index))
    try:
        number = int(ident.replace("-", "")[:15], 16)
    except ValueError:
        number = index
    settings = hand.get("settings")
    settings = settings if isinstance(settings, Mapping) else {}
    game = _GAMES.get(str(settings.get("variant")))
    limit = _LIMITS.get(str(settings.get("betStrategyType")))
    if game is None or limit is None:
        played = f"{settings.get('variant')} {settings.get('betStrategyType')}"
        return OtherGame(line=1, number=number, game=played)
    try:
        said = _said(hand, settings, number, f"{game} {limit}")
        history = read_hand(sit_out_idle(said), 1)
    except OtherGameError as other:
        return OtherGame(line=1, number=number, game=other.game)
    except (
        HistoryError,
        ValueError,
        TypeError,
        KeyError,
        ArithmeticError,
        RecursionError,
    ) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=1, reason=f"hand {ident}: {reason}")
    metadata = {**history.metadata, "site": "Global Poker", "line": 1, "source_id": ident}
    return dataclasses.replace(history, metadata=metadata)


def _said(
    hand: Mapping[str, object], settings: Mapping[str, object], number: int, played: str
) -> list[str]:
    seats = [s for s in _list(hand.get("seats")) if isinstance(s, Mapping)]
    names = {s["playerId"]: str(s["name"]) for s in seats}
    balance = {s["playerId"]: _amount(s["initialBalance"]) for s in seats}
    seat_of = {s["playerId"]: int(str(s["seatId"])) + 1 for s in seats}
    events = [e for e in _list(hand.get("events")) if isinstance(e, Mapping)]
    small, big = _amount(settings.get("smallBlind", 0)), _amount(settings.get("bigBlind", 0))
    started = hand.get("startTime")
    when = (
        datetime.fromtimestamp(started / 1000, tz=UTC).strftime("%Y/%m/%d %H:%M:%S")
        if isinstance(started, int | float)
        else "2000/01/01 00:00:00"
    )
    table = hand.get("table")
    table_name = str(table.get("tableName", "Global")) if isinstance(table, Mapping) else "Global"
    capacity = settings.get("capacity")
    size = capacity if isinstance(capacity, int) and capacity >= len(seats) else 10
    said = [
        f"PokerStars Hand #{number}:  {played} ({_text(small)}/{_text(big)} USD) - {when}",
        f"Table '{table_name.replace(chr(39), '')}' {size}-max Seat"
        f" #{_button(events, seat_of)} is the button",
    ]
    said += [
        f"Seat {seat_of[s['playerId']]}: {names[s['playerId']]}"
        f" ({_text(balance[s['playerId']])} in chips)"
        for s in sorted(seats, key=lambda s: seat_of[s["playerId"]])
    ]
    street: dict[object, Decimal] = {}
    current = Decimal(0)
    board: list[str] = []
    dealt = False
    for event in events:
        kind = event.get("type")
        who = event.get("playerId")
        if kind == "PlayerCardsDealt":
            if not dealt:
                said.append("*** HOLE CARDS ***")
                dealt = True
            cards = _cards(event.get("cards"))
            if cards and who in names:
                said.append(f"Dealt to {names[who]} [{' '.join(cards)}]")
        elif kind == "TableCardsDealt":
            new = _cards(event.get("cards"))
            shown = f"[{' '.join(board)}] [{' '.join(new)}]" if board else f"[{' '.join(new)}]"
            board += new
            said.append(f"{_STREETS[min(len(board), 5) - 3 if len(board) >= 3 else 0]} {shown}")
            street, current = {}, Decimal(0)
        elif kind == "PlayerCardsExposed" and who in names:
            said.append(f"{names[who]}: shows [{' '.join(_cards(event.get('cards')))}]")
        elif kind == "PotUpdate":
            for moved in _list(event.get("potTransitions")):
                if isinstance(moved, Mapping) and moved.get("fromChipStackToPlayer"):
                    back = _amount(moved.get("amount", 0))
                    player = moved.get("playerId")
                    if player in names and back:
                        balance[player] += back
                        street[player] = street.get(player, Decimal(0)) - back
                        said.append(f"Uncalled bet ({_text(back)}) returned to {names[player]}")
        elif kind == "PlayerAction" and who in names:
            line, current = _action(event, names[who], who, balance, street, current, big)
            if line:
                said.append(line)
    results = hand.get("results")
    results = results if isinstance(results, Mapping) else {}
    won: dict[object, Decimal] = {}
    for transfer in _list(results.get("transfers")):
        if isinstance(transfer, Mapping) and transfer.get("playerId") in names:
            player = transfer["playerId"]
            won[player] = won.get(player, Decimal(0)) + _amount(transfer.get("amount", 0))
    said += [f"{names[p]} collected {_text(amount)} from pot" for p, amount in won.items()]
    rake = _amount(results.get("totalRake", 0))
    said += ["*** SUMMARY ***", f"Total pot {_text(sum(won.values(), rake))} | Rake {_text(rake)}"]
    return said


def _action(
    event: Mapping[str, object],
    name: str,
    who: object,
    balance: dict[object, Decimal],
    street: dict[object, Decimal],
    current: Decimal,
    big: Decimal,
) -> tuple[str, Decimal]:
    """A player's action in PokerStars' words; what it adds is read from the balances."""
    action = str(event.get("action"))
    after = event.get("balanceAfterAction")
    added = balance[who] - _amount(after) if after is not None else Decimal(0)
    if after is not None:
        balance[who] = _amount(after)
    all_in = " and is all-in" if after is not None and balance[who] == 0 and added else ""
    if action in _POSTS:
        # A dead small blind is in the pot, not in the bet to match (RULES 2.6).
        live = added
        if action == "DEAD_SMALL_BLIND":
            live = Decimal(0)
        elif action == "BIG_BLIND_PLUS_DEAD_SMALL_BLIND":
            live = min(added, big)
        street[who] = street.get(who, Decimal(0)) + live
        return f"{name}: {_POSTS[action]} {_text(added)}{all_in}", max(current, street[who])
    if action == "FOLD":
        return f"{name}: folds", current
    if action == "CHECK":
        return f"{name}: checks", current
    if action == "MUCK_CARDS":
        return f"{name}: mucks hand", current
    if action in ("CALL", "BET", "RAISE", "ALL_IN"):
        total = street.get(who, Decimal(0)) + added
        street[who] = total
        if total <= current:
            return f"{name}: calls {_text(added)}{all_in}", current
        if current == 0:
            return f"{name}: bets {_text(added)}{all_in}", total
        return f"{name}: raises {_text(total - current)} to {_text(total)}{all_in}", total
    return "", current  # waiting for the big blind, a time bank: nothing moves


def _button(events: Sequence[Mapping[str, object]], seat_of: Mapping[object, int]) -> int:
    """The button's seat: before the small blind's, or the small blind's heads-up."""
    order = sorted(seat_of.values())
    posts = {
        str(e.get("action")): e.get("playerId") for e in events if e.get("type") == "PlayerAction"
    }
    small = posts.get("SMALL_BLIND")
    big = posts.get("BIG_BLIND", posts.get("BIG_BLIND_PLUS_DEAD_SMALL_BLIND"))
    if small in seat_of:
        at = order.index(seat_of[small])
        return seat_of[small] if len(order) == 2 else order[at - 1]
    if big in seat_of:  # no small blind: the seat before the big blind's has the button
        return order[order.index(seat_of[big]) - 1]
    return order[0]


def _cards(cards: object) -> list[str]:
    """The cards a list names (unseen ones, without rank and suit, left out)."""
    out = []
    for card in _list(cards):
        if isinstance(card, Mapping) and card.get("rank") in _RANKS and card.get("suit") in _SUITS:
            out.append(_RANKS[str(card["rank"])] + _SUITS[str(card["suit"])])
    return out


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def _amount(value: object) -> Decimal:
    """An amount of the file; a HistoryError for anything but a finite number."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise HistoryError(f"amount {value!r} is not a number")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise HistoryError(f"amount {value!r} is not a number") from None
    if not amount.is_finite() or abs(amount) > 10**15:
        raise HistoryError(f"amount {value!r} is not an amount of chips")
    return amount


def _text(amount: Decimal) -> str:
    """An amount with two decimals, as the site's money is written."""
    return f"{amount.quantize(Decimal('0.01'))}"
