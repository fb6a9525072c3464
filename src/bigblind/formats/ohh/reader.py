"""Reading Open Hand History JSON: each hand said in PokerStars' words, then read as such.

An OHH file holds one JSON object per hand, ``{"ohh": {...}}``, one after
another (a JSON list of them is read too). Each hand's players, posts,
actions, streets and pots are said as the lines of a PokerStars hand and read
by the PokerStars reader, so that a hand is replayed and reconciled as every
other site's is. An amount of an action is what that action put in (a raise's
amount is the chips added, as the sites' exports write it); the pots' wins
are what each player collected, their rake the house's. A hand that is not
Hold'em is an :class:`~bigblind.formats.pokerstars.OtherGame`; a hand that
cannot be read, or JSON that is broken, an
:class:`~bigblind.formats.pokerstars.Unreadable` naming the line its object
begins on, and the next object is read on.

>>> text = '''{"ohh": {"spec_version": "1.2.2", "site_name": "Home", "game_type": "Holdem",
...  "game_number": "7", "start_date_utc": "2026-12-01T09:05:00", "currency": "USD",
...  "small_blind_amount": 0.01, "big_blind_amount": 0.02, "bet_limit": {"bet_type": "NL"},
...  "table_name": "Alpha", "table_size": 6, "dealer_seat": 1,
...  "players": [{"id": 0, "seat": 1, "name": "ann", "starting_stack": 2},
...              {"id": 1, "seat": 2, "name": "bob", "starting_stack": 1.5}],
...  "rounds": [{"id": 0, "street": "Preflop", "actions": [
...     {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.01},
...     {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 0.02},
...     {"action_number": 3, "player_id": 0, "action": "Raise", "amount": 0.05},
...     {"action_number": 4, "player_id": 1, "action": "Fold"}]}],
...  "pots": [{"number": 0, "amount": 0.04, "rake": 0,
...            "player_wins": [{"player_id": 0, "win_amount": 0.04}]}]}}'''
>>> (history,) = loads_each(text)
>>> history.number, history.players, history.finishing_stacks
(7, ('bob', 'ann'), (148, 198))
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["OHHError", "is_ohh", "loads_each", "read_each"]

_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
_HOLDEM: Final = frozenset({"holdem", "hold'em", "texas holdem"})
# OHH's Omaha games, and whether each splits the pot high and low (RULES 11.2).
_OMAHA: Final = {"omaha": False, "omahahilo": True, "omaha hi/lo": True, "omaha hi-lo": True}
_POSTS: Final = {
    "post ante": "posts the ante",
    "post sb": "posts small blind",
    "post bb": "posts big blind",
    "straddle": "posts straddle",
    # A dead blind is the small blind owed, dead money; an extra blind a live big one.
    "post dead": "posts small blind",
    "post extra blind": "posts big blind",
}
_STREETS: Final = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
_CARD: Final = re.compile(r"[2-9TJQKA][cdhs]")
_OBJECT_START: Final = re.compile(r"^[{\[]", re.MULTILINE)  # a value at the line start
_SHIFTED: Final = re.compile(r"^hand #[^,]*, line [0-9]+: ")
ACCEPTED: Final = 'Open Hand History JSON: one {"ohh": {...}} object per hand'


class OHHError(HistoryError):
    """An OHH hand that cannot be said as a hand: the field at fault and what it takes."""


def is_ohh(text: str) -> bool:
    """Whether a text is Open Hand History JSON: an object with an ``ohh`` member first.

    >>> is_ohh('\\n{ "ohh": {"spec_version": "1.2.2"}}'), is_ohh('{"table": {}}')
    (True, False)
    """
    head = text.lstrip("\ufeff \t\r\n[")
    return head.startswith("{") and re.match(r'\{\s*"ohh"\s*:', head) is not None


def loads_each(text: str) -> list[Entry]:
    """Each hand of an OHH text, read on its own: a history, an OtherGame or an Unreadable."""
    entries: list[Entry] = []
    for line, item in _objects(text.replace("\ufeff", "")):
        if isinstance(item, str):
            entries.append(Unreadable(line=line, reason=f"line {line}: {item}"))
            continue
        entries.append(_entry(item, line))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of an OHH file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _objects(text: str) -> Iterator[tuple[int, object | str]]:
    """Each JSON value of the text with the line it begins on; a message where it is broken,
    the reading going on from the next line that opens an object."""
    decoder = json.JSONDecoder(parse_float=Decimal)
    at = 0
    while True:
        while at < len(text) and text[at] in " \t\r\n,\x00":
            at += 1
        if at >= len(text):
            return
        line = text.count("\n", 0, at) + 1
        try:
            value, end = decoder.raw_decode(text, at)
        except (json.JSONDecodeError, RecursionError) as error:
            if isinstance(error, json.JSONDecodeError):
                message = f"{error.msg}, line {error.lineno} column {error.colno}"
            else:
                message = "nested too deeply"
            if text[at] == "[":
                at += 1  # a broken list of hands: its hands are read one by one
                continue
            yield line, f"not JSON ({message}): it reads {ACCEPTED}"
            following = _OBJECT_START.search(text, text.find("\n", at) + 1 or len(text))
            if following is None or text.find("\n", at) < 0:
                return
            at = following.start()
            continue
        at = end
        values = value if isinstance(value, list) else [value]
        for item in values:
            yield line, item


def _entry(item: object, line: int) -> Entry:
    hand = item.get("ohh", item) if isinstance(item, dict) else None
    if not isinstance(hand, dict):
        return Unreadable(line=line, reason=f"line {line}: not an OHH hand: {ACCEPTED}")
    number = _number(hand.get("game_number"), line)
    try:
        lines, game = _in_pokerstars_words(hand, number)
        if game is not None:
            return OtherGame(line=line, number=number, game=game)
        history = read_hand(lines, line)
    except OtherGameError as other:
        return OtherGame(line=line, number=number, game=other.game)
    except (HistoryError, ValueError, TypeError, KeyError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        reason = _SHIFTED.sub("", reason)
        return Unreadable(line=line, reason=f"hand #{number} (line {line}): {reason}")
    site = hand.get("site_name")
    metadata: dict[str, object] = {**history.metadata, "hand": number, "line": line}
    metadata["site"] = site if isinstance(site, str) and site else "Open Hand History"
    when = _when(hand.get("start_date_utc"))
    if when is not None:
        metadata["time"] = when
    return dataclasses.replace(history, number=number, metadata=metadata)


def _number(value: object, line: int) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip():
        text = value.strip()[:60]
        return int(text) if text.isdigit() and len(text) < 20 else text
    return line


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        return None


class _Said:
    """One OHH hand said line by line as PokerStars writes a hand."""

    def __init__(self, hand: Mapping[str, object], number: int | str) -> None:
        self.hand = hand
        self.number = number
        currency = hand.get("currency")
        tournament = isinstance(hand.get("tournament"), bool) and hand.get("tournament")
        self.code = (
            currency.upper()
            if isinstance(currency, str) and re.fullmatch(r"[A-Za-z]{3}", currency)
            else None
        )
        # Money is written in hundredths (a chip a cent); tournament and play chips whole.
        self.cents = self.code is not None and not tournament and self.code != "XXX"
        self.names: dict[object, str] = {}
        self.street: dict[str, int] = {}

    def money(self, value: object, field: str) -> str:
        amount = _decimal(value, field)
        if self.cents:
            hundredths = amount * 100
            if hundredths != hundredths.to_integral_value():
                raise OHHError(f"{field} {value}: money is in hundredths at most")
            cents = int(hundredths)
            return f"${cents // 100}.{cents % 100:02d}"
        if amount != amount.to_integral_value():
            raise OHHError(f"{field} {value}: chips are whole numbers")
        return str(int(amount))

    def chips(self, value: object, field: str) -> int:
        amount = _decimal(value, field)
        return int(amount * 100) if self.cents else int(amount)

    def text(self, chips: int) -> str:
        return f"${chips // 100}.{chips % 100:02d}" if self.cents else str(chips)

    def name(self, player_id: object, field: str) -> str:
        name = self.names.get(player_id)
        if name is None:
            raise OHHError(f"{field}: player_id {player_id!r} is none of the players' ids")
        return name


def _in_pokerstars_words(
    hand: Mapping[str, object], number: int | str
) -> tuple[list[str], str | None]:
    """The hand's lines as PokerStars writes them, or (no lines, the game) for another game."""
    game = str(hand.get("game_type", ""))
    name = _game_name(hand, game.strip().lower())
    if name is None:
        return [], game or "a game it does not name"
    limit = hand.get("bet_limit")
    bet_type = limit.get("bet_type") if isinstance(limit, dict) else None
    if bet_type not in _LIMITS:
        raise OHHError(f"bet_limit.bet_type {bet_type!r}: accepted are 'NL', 'PL' and 'FL'")
    said = _Said(hand, number)
    small = said.money(hand.get("small_blind_amount", 0), "small_blind_amount")
    big = said.money(hand.get("big_blind_amount"), "big_blind_amount")
    if bet_type == "FL":  # PokerStars' stakes in limit are the small and the big bet
        doubled = 2 * _decimal(hand.get("big_blind_amount"), "big_blind_amount")
        small, big = big, said.money(doubled, "big_blind_amount")
    code = f" {said.code}" if said.cents and said.code else ""
    stamp = _when(hand.get("start_date_utc")) or datetime(2000, 1, 1)
    lines = [
        f"PokerStars Hand #1:  {name} {_LIMITS[bet_type]} ({small}/{big}{code})"
        f" - {stamp:%Y/%m/%d %H:%M:%S} ET",
        _table_line(hand),
    ]
    players = hand.get("players")
    if not isinstance(players, list) or not players:
        raise OHHError("players: a hand lists its players, each with an id, seat and stack")
    taken: set[str] = set()
    for player in players:
        if not isinstance(player, dict):
            raise OHHError("players: each player is an object")
        given = player.get("name")
        name = str(given).strip() if isinstance(given, str | int) else ""
        if not name or name in taken or ":" in name:
            name = f"Player {player.get('id')}"  # the id stands for a missing or repeated name
        taken.add(name)
        said.names[player.get("id")] = name
        seat = player.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= 99:
            raise OHHError(f"players: {name!r} has seat {seat!r}: seats are 1 to 99")
        stack = said.money(player.get("starting_stack"), f"players: {name!r}'s starting_stack")
        lines.append(f"Seat {seat}: {name} ({stack} in chips)")
    rounds = hand.get("rounds")
    if not isinstance(rounds, list):
        raise OHHError("rounds: a hand lists its rounds, Preflop first")
    board: list[str] = []
    for index, round_ in enumerate(rounds):
        if not isinstance(round_, dict):
            raise OHHError(f"rounds[{index}]: each round is an object")
        lines += _round_lines(said, round_, board, index)
    lines += _pot_lines(said, hand.get("pots"))
    # Every player the file lists is seated; those who did nothing were not dealt in.
    return sit_out_idle(lines), None


def _table_line(hand: Mapping[str, object]) -> str:
    name = str(hand.get("table_name", "") or "OHH").replace("\n", " ")
    size = hand.get("table_size")
    size = int(size) if isinstance(size, int | str) and str(size).isdigit() else None
    dealer = hand.get("dealer_seat")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 99:
        raise OHHError(f"dealer_seat {dealer!r}: the button's seat, 1 to 99")
    middle = f" {size}-max" if size and 2 <= size <= 99 else ""
    return f"Table '{name}'{middle} Seat #{dealer} is the button"


def _round_lines(
    said: _Said, round_: Mapping[str, object], board: list[str], index: int
) -> list[str]:
    street = str(round_.get("street", "")).strip().lower()
    actions = round_.get("actions", [])
    if not isinstance(actions, list):
        raise OHHError(f"rounds[{index}].actions: a list of actions")
    lines: list[str] = []
    if street in _STREETS:
        cards = _cards(round_.get("cards"), f"rounds[{index}].cards")
        before = f"[{' '.join(board)}] " if board else ""
        board.extend(cards)
        lines.append(f"*** {_STREETS[street]} *** {before}[{' '.join(cards)}]")
        said.street.clear()
    elif street == "showdown":
        lines.append("*** SHOW DOWN ***")
    elif street != "preflop":
        raise OHHError(
            f"rounds[{index}].street {round_.get('street')!r}: accepted are"
            " Preflop, Flop, Turn, River and Showdown"
        )
    dealt_said = street != "preflop"
    for at, action in enumerate(actions):
        field = f"rounds[{index}].actions[{at}]"
        if not isinstance(action, dict):
            raise OHHError(f"{field}: each action is an object")
        verb = str(action.get("action", "")).strip().lower()
        if not dealt_said and verb not in _POSTS:
            lines.append("*** HOLE CARDS ***")
            dealt_said = True
        line = _action_line(said, action, verb, field)
        if line is not None:
            lines.append(line)
    if not dealt_said:
        lines.append("*** HOLE CARDS ***")
    return lines


def _action_line(said: _Said, action: Mapping[str, object], verb: str, field: str) -> str | None:
    name = said.name(action.get("player_id"), field)
    all_in = " and is all-in" if action.get("is_allin") is True else ""
    if verb in _POSTS:
        amount = said.chips(action.get("amount", 0), f"{field}.amount")
        if verb not in ("post ante", "post dead"):
            said.street[name] = said.street.get(name, 0) + amount
        return f"{name}: {_POSTS[verb]} {said.text(amount)}{all_in}"
    if verb == "dealt cards":
        cards = _cards(action.get("cards"), f"{field}.cards")
        return f"Dealt to {name} [{' '.join(cards)}]" if cards else None
    if verb == "fold":
        return f"{name}: folds"
    if verb == "check":
        return f"{name}: checks"
    if verb in ("call", "bet", "raise"):
        amount = said.chips(action.get("amount"), f"{field}.amount")
        if amount <= 0:
            raise OHHError(f"{field}: a {verb} puts chips in: its amount is more than 0")
        before = said.street.get(name, 0)
        high = max(said.street.values(), default=0)
        said.street[name] = before + amount
        if verb == "call":
            return f"{name}: calls {said.text(amount)}{all_in}"
        if verb == "bet" or high == 0:
            return f"{name}: bets {said.text(amount)}{all_in}"
        to = before + amount
        return f"{name}: raises {said.text(max(to - high, 0))} to {said.text(to)}{all_in}"
    if verb == "shows cards":
        cards = _cards(action.get("cards"), f"{field}.cards")
        return f"{name}: shows [{' '.join(cards)}]" if cards else None
    if verb == "mucks cards":
        return f"{name}: mucks hand"
    # Sits Down, Stands Up, Added Chips, Payout (the pots say what was won): not play.
    return None


def _pot_lines(said: _Said, pots: object) -> list[str]:
    if not isinstance(pots, list):
        raise OHHError("pots: a hand lists its pots, each with its amount and player_wins")
    lines: list[str] = []
    total = rake = 0
    for index, pot in enumerate(pots):
        if not isinstance(pot, dict):
            raise OHHError(f"pots[{index}]: each pot is an object")
        total += said.chips(pot.get("amount", 0), f"pots[{index}].amount")
        rake += said.chips(pot.get("rake", 0) or 0, f"pots[{index}].rake")
        wins = pot.get("player_wins", [])
        if not isinstance(wins, list):
            raise OHHError(f"pots[{index}].player_wins: a list")
        for at, win in enumerate(wins):
            field = f"pots[{index}].player_wins[{at}]"
            if not isinstance(win, dict):
                raise OHHError(f"{field}: each win is an object")
            name = said.name(win.get("player_id"), field)
            amount = said.chips(win.get("win_amount", 0), f"{field}.win_amount")
            if amount:
                lines.append(f"{name} collected {said.text(amount)} from pot")
    lines += ["*** SUMMARY ***", f"Total pot {said.text(total)} | Rake {said.text(rake)}"]
    return lines


def _game_name(hand: Mapping[str, object], game: str) -> str | None:
    """The game in PokerStars' words (RULES 11), or None for one bigblind does not play.

    OHH names Omaha alone: its 5- and 6-card forms are told by the hole cards dealt."""
    if game in _HOLDEM:
        return "Hold'em"
    if game not in _OMAHA:
        return None
    dealt = [
        len(action["cards"])
        for round_ in _listed(hand.get("rounds"))
        if isinstance(round_, dict)
        for action in _listed(round_.get("actions"))
        if isinstance(action, dict)
        and isinstance(action.get("cards"), list)
        and str(action.get("action", "")).lower() == "dealt cards"
    ]
    size = {5: "5 Card ", 6: "6 Card "}.get(max(dealt, default=4), "")
    return f"{size}Omaha{' Hi/Lo' if _OMAHA[game] else ''}"


def _listed(value: object) -> list[object]:
    """``value`` where it is a list, else no items (the checks that name it come later)."""
    return value if isinstance(value, list) else []


def _cards(value: object, field: str) -> list[str]:
    if value is None or value == "":
        return []
    cards = value.split() if isinstance(value, str) else value
    if not isinstance(cards, list) or not all(
        isinstance(c, str) and _CARD.fullmatch(c) for c in cards
    ):
        raise OHHError(f"{field} {value!r}: cards are written 'Ah', 'Td', '2c'")
    return list(cards)


def _decimal(value: object, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal | str):
        raise OHHError(f"{field} {value!r}: an amount is a number")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise OHHError(f"{field} {value!r}: an amount is a number") from None
    if not amount.is_finite() or amount < 0 or amount > 10**15:
        raise OHHError(f"{field} {value!r}: an amount is a number from 0 up")
    return amount
