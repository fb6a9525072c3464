"""partypoker's client XML (``<pokerxml>``): each ``<gametype>`` hand said in PokerStars' words.

The client writes a ``<table>`` (its name, ``max_seats``, ``currency``,
``betting_type``) inside a ``<tabletype type="tournament|cash">`` and one
``<gametype type="holdem" id=...>`` per hand: the players by seat
(``dealer_seat`` the button), rounds of actions (``smallblind``, ``bigblind``,
``ante``, ``fold``, ``check``, ``call``, ``betto``, ``raiseto``, ``allin``;
each ``amount`` is what that action put in), ``deal_to_player`` and
``deal_to_board`` cards, and the ``<result>`` pots with their winners'
amounts. The files are UTF-16 though they declare UTF-8
(:func:`~bigblind.formats.encoding.decode` finds it). Each hand is parsed on its
own by the standard library's XML parser, so that a broken one loses only
itself; histories carry the hand's id as their number and ``site``
``'partypoker'``. A cash game's rake is not written: what the winners' amounts
leave of the pot is taken as the rake (``_rake_unknown``).

>>> text = '''<?xml version="1.0" encoding="UTF-8" ?><pokerxml>
... <tabletype type="tournament" source="PartyPoker"><table id="5" name="SNG #1" max_seats="3"
...  currency="USD" betting_type="nolimit">
... <gametype type="holdem" id="179" startdate="Thursday, November 15, 22:17:59 MSK 2018">
... <players dealer_seat="1"><player seat="1" screen_name="ann" stack="500"/>
... <player seat="2" screen_name="bob" stack="500"/></players><rounds>
... <round><actions><action type="smallblind" seat="1" amount="10"/>
... <action type="bigblind" seat="2" amount="20"/></actions></round>
... <round><actions><action seat="1" type="raiseto" amount="50"/>
... <action seat="2" type="fold" amount="0"/></actions></round></rounds>
... <result><pots><pot id="0" amount="40"><winners><winner seat="1" amount="40"/>
... </winners></pot></pots></result></gametype></table></tabletype></pokerxml>'''
>>> (history,) = loads_each(text)
>>> history.number, history.players, history.metadata["site"]
(179, ('bob', 'ann'), 'partypoker')
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled
True
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["is_party_xml", "loads_each", "read_each"]

_HAND: Final = re.compile(r"<gametype\b.*?</gametype>", re.DOTALL)
_HAND_OPEN: Final = re.compile(r"<gametype\b")
_ATTRIBUTE: Final = re.compile(r'([a-z_]+)="([^"]*)"')
_LIMITS: Final = {"nolimit": "No Limit", "potlimit": "Pot Limit", "fixedlimit": "Limit"}
_POSTS: Final = {"smallblind": "posts small blind", "bigblind": "posts big blind"}
_STREETS: Final = ("FLOP", "TURN", "RIVER")
_SYMBOLS: Final = {"USD": "$", "EUR": "€", "GBP": "£"}
_AMOUNT: Final = re.compile(r"[0-9]{1,15}(?:\.[0-9]{1,2})?")
_Said = Callable[[str | float | None], str]


def is_party_xml(text: str) -> bool:
    """Whether a text is partypoker's client XML.

    >>> is_party_xml('<?xml version="1.0"?><pokerxml><tabletype type="cash">'), is_party_xml("")
    (True, False)
    >>> is_party_xml("partypoker's XML begins <pokerxml>")
    False
    """
    begins = text.lstrip("\ufeff\x00 \t\r\n").startswith("<")
    return begins and "<pokerxml" in text[:2048]


def loads_each(text: str) -> list[Entry]:
    """Each hand of a partypoker XML text, read on its own (as ``pokerstars.loads_each``)."""
    text = text.replace("\ufeff", "").replace("\x00", "")
    first = _HAND_OPEN.search(text)
    head = text[: first.start()] if first else text
    table = _attributes(head, "table")
    tournament = _attributes(head, "tabletype").get("type") == "tournament"
    starts = [m.start() for m in _HAND_OPEN.finditer(text)]
    entries: list[Entry] = []
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=False):
        line = text.count("\n", 0, begin) + 1
        chunk = _HAND.match(text, begin, end)
        if chunk is None:
            entries.append(Unreadable(line=line, reason=f"line {line}: a hand with no </gametype>"))
            continue
        entries.append(_entry(chunk.group(0), line, table, tournament))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a partypoker XML file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _attributes(text: str, tag: str) -> dict[str, str]:
    found = re.search(rf"<{tag}\b([^>]*)>", text)
    return dict(_ATTRIBUTE.findall(found.group(1))) if found else {}


def _entry(chunk: str, line: int, table: dict[str, str], tournament: bool) -> Entry:
    try:
        # One hand's elements alone: no document type comes with them, so no entity a
        # file declares is ever expanded.
        hand = ElementTree.fromstring(chunk)
    except ElementTree.ParseError as error:
        return Unreadable(line=line, reason=f"line {line}: not XML ({error})")
    code = hand.get("id", "")
    number: int | str = int(code) if code.isdigit() and len(code) < 20 else (code or line)
    limit = _LIMITS.get(table.get("betting_type", ""))
    if hand.get("type") != "holdem" or limit is None:
        game = f"{hand.get('type', '?')} {table.get('betting_type', '')}".strip()
        return OtherGame(line=line, number=number, game=game)
    try:
        said = _in_pokerstars_words(hand, table, tournament, limit)
        history = read_hand(said, line)
    except OtherGameError as other:
        return OtherGame(line=line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        reason = re.sub(r"^hand #1, line [0-9]+:", f"hand #{number} (line {line}):", reason)
        return Unreadable(line=line, reason=reason)
    metadata = {**history.metadata, "hand": number, "site": "partypoker", "line": line}
    if not tournament:
        metadata["_rake_unknown"] = True  # the client does not write a cash game's rake
    return dataclasses.replace(history, number=number, metadata=metadata)


def _in_pokerstars_words(
    hand: ElementTree.Element, table: dict[str, str], tournament: bool, limit: str
) -> list[str]:
    players = hand.findall("./players/player")
    seats: dict[str, str] = {}
    for player in players:
        name, seat = (player.get("screen_name") or "").strip(), player.get("seat", "")
        if not name or ":" in name or name in seats.values() or not seat.isdigit():
            raise HistoryError(f"hand #1, line 1: player {name!r} at seat {seat!r}: a named seat")
        seats[seat] = name
    money = not tournament
    symbol = _SYMBOLS.get(table.get("currency", ""), "$")

    def said(text: str | float | None) -> str:
        value = text if isinstance(text, float) else (text or "0").strip() or "0"
        if isinstance(value, str) and not _AMOUNT.fullmatch(value):
            raise HistoryError(f"hand #1, line 1: amount {value!r} is not a number")
        number = float(value)
        if money:
            return f"{symbol}{number:.2f}"
        if not number.is_integer():
            raise HistoryError(f"hand #1, line 1: amount {value!r}: chips are whole numbers")
        return str(int(number))

    posts = {a.get("type"): a.get("amount") for a in hand.iter("action") if a.get("type") in _POSTS}
    big = posts.get("bigblind")
    if big is None:
        raise HistoryError("hand #1, line 1: no big blind is posted")
    small = posts.get("smallblind") or big
    stakes = f"{said(small)}/{said(big)}"
    stamp = "2000/01/01 00:00:00"  # the client writes local time in words
    if tournament:
        found = re.search(r"\(([0-9]{1,20})\)", table.get("name", ""))
        header = (
            f"PokerStars Hand #1: Tournament #{found.group(1) if found else 0}, ?"
            f" Hold'em {limit} - Level 1 ({stakes}) - {stamp} ET"
        )
    else:
        header = f"PokerStars Hand #1:  Hold'em {limit} ({stakes} {table.get('currency') or 'USD'})"
        header += f" - {stamp} ET"
    dealer = hand.find("players")
    button = dealer.get("dealer_seat", "") if dealer is not None else ""
    if not button.isdigit():
        raise HistoryError("hand #1, line 1: no dealer_seat")
    name = (table.get("name") or "partypoker").replace("'", "")
    size = table.get("max_seats", "")
    lines = [
        header,
        f"Table '{name}' {size + '-max ' if size.isdigit() else ''}Seat #{button} is the button",
    ]
    for player in sorted(players, key=lambda p: int(p.get("seat", "0"))):
        seat = player.get("seat", "")
        lines.append(f"Seat {seat}: {seats[seat]} ({said(player.get('stack'))} in chips)")
    lines += _play(hand, seats, said)
    shown = [
        (seats.get(p.get("seat", "")), [c.get("value", "") for c in p.iterfind("./cards/card")])
        for p in hand.iterfind("./result/players/player")
    ]
    if any(who and cards for who, cards in shown):
        lines.append("*** SHOW DOWN ***")
    lines += [f"{who}: shows [{' '.join(cards)}]" for who, cards in shown if who and cards]
    for winner in hand.iterfind("./result/pots/pot/winners/winner"):
        who = seats.get(winner.get("seat", ""))
        if who is None:
            raise HistoryError(f"hand #1, line 1: a winner at seat {winner.get('seat')!r}, empty")
        lines.append(f"{who} collected {said(winner.get('amount'))} from pot")
    lines.append("*** SUMMARY ***")
    return sit_out_idle(lines)


def _play(hand: ElementTree.Element, seats: dict[str, str], said: _Said) -> list[str]:
    lines: list[str] = []
    front: dict[str, float] = {}
    board: list[str] = []
    holes_said = False
    for index, round_ in enumerate(hand.iterfind("./rounds/round")):
        if index == 1 and not holes_said:
            lines.append("*** HOLE CARDS ***")
            holes_said = True
        for action in round_.iterfind("./actions/action"):
            kind = action.get("type", "")
            cards = [c.get("value", "") for c in action.iterfind("./cards/card")]
            if kind == "deal_to_board":
                if len(board) >= 5 or not cards:
                    continue
                street = _STREETS[0 if not board else min(len(board) - 2, 2)]
                before = f"[{' '.join(board)}] " if board else ""
                board += cards
                lines.append(f"*** {street} *** {before}[{' '.join(cards)}]")
                front.clear()
                continue
            who = seats.get(action.get("seat", ""))
            if who is None:
                raise HistoryError(
                    f"hand #1, line 1: a {kind!r} at seat {action.get('seat')!r}, empty"
                )
            if kind == "deal_to_player":
                if cards:
                    lines.append(f"Dealt to {who} [{' '.join(cards)}]")
                continue
            if kind in ("show", "showcards", "shows") and cards:
                lines.append(f"{who}: shows [{' '.join(cards)}]")
                continue
            line = _action(who, kind, action.get("amount"), front, said)
            if line:
                lines.append(line)
    if not holes_said:
        lines.append("*** HOLE CARDS ***")
    return lines


def _action(
    who: str, kind: str, amount_text: str | None, front: dict[str, float], said: _Said
) -> str:
    if kind in _POSTS:
        front[who] = front.get(who, 0.0) + float(said(amount_text).lstrip("$€£"))
        return f"{who}: {_POSTS[kind]} {said(amount_text)}"
    if kind == "ante":
        return f"{who}: posts the ante {said(amount_text)}"
    if kind == "fold":
        return f"{who}: folds"
    if kind == "check":
        return f"{who}: checks"
    if kind in ("call", "betto", "bet", "raiseto", "raise", "allin"):
        amount = float(said(amount_text).lstrip("$€£"))
        before, high = front.get(who, 0.0), max(front.values(), default=0.0)
        to = before + amount
        front[who] = to
        all_in = " and is all-in" if kind == "allin" else ""
        if kind == "call" or (kind == "allin" and to <= high + 1e-9):
            return f"{who}: calls {said(amount_text)}{all_in}"
        if high == 0:
            return f"{who}: bets {said(amount_text)}{all_in}"
        return f"{who}: raises {said(to - high)} to {said(to)}{all_in}"
    return ""  # what else the client writes is no play
