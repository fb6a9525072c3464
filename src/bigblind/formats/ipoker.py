"""iPoker XML sessions: each ``<game>`` said in PokerStars' words, then read as PokerStars text.

An iPoker history is one ``<session>``: a ``<general>`` block (the game
type and stakes, the table, the currency, a tournament's code) and one
``<game gamecode=...>`` per hand, its players (``chips`` the stack,
``dealer="1"`` the button), then numbered rounds of ``<cards>`` and
``<action type=... sum=...>``: round 0 the blinds and antes, 1 the pre-flop,
2 to 4 the flop, turn and river. Each ``sum`` is what that action put in, but a
raise's, which is what the player then has in front in the round.
Action types: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7
all-in (a bet, call or raise as the chips say), 15 ante, 23 raise; 8 and 9
(sitting out) are no play. Cards are written suit first, ``HA`` for the ace of
hearts, ``X`` for a card not seen. A player's ``win`` is what they collected;
iPoker writes no rake, so what the winners' amounts leave of the pot is taken
as the rake in a cash game (``_rake_unknown``, as for 888poker).

Each game is parsed on its own with the standard library's XML parser, so
that a broken game loses only itself; the histories carry the game code as
their number and ``site`` ``'iPoker'``.

>>> text = '''<session sessioncode="1"><general><gametype>Holdem NL $0.01/$0.02</gametype>
... <tablename>Alpha</tablename><tablecurrency>USD</tablecurrency></general>
... <game gamecode="77"><general><startdate>2017-09-01 15:17:33</startdate><players>
... <player name="ann" chips="$2" bet="$0.06" win="$0.08" seat="1" dealer="1"/>
... <player name="bob" chips="$1" bet="$0.02" win="$0" seat="3" dealer="0"/>
... </players></general>
... <round no="0"><action no="1" player="ann" type="1" sum="$0.01"/>
... <action no="2" player="bob" type="2" sum="$0.02"/></round>
... <round no="1"><action no="3" player="ann" type="23" sum="$0.06"/>
... <action no="4" player="bob" type="0" sum="$0"/></round></game></session>'''
>>> (history,) = loads_each(text)
>>> history.number, history.players, history.metadata["site"]
(77, ('bob', 'ann'), 'iPoker')
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled  # ann's $0.04 not called came back
True
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["is_ipoker", "loads_each", "read_each"]

_SESSION: Final = re.compile(r"<session\b")
_GAME: Final = re.compile(r"<game\b.*?</game>", re.DOTALL)
_GAME_OPEN: Final = re.compile(r"<game\b")
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "L": "Limit", "FL": "Limit"}
_GAMETYPE: Final = re.compile(r"(?P<game>\S+) (?P<limit>[A-Z]{1,3})(?: (?P<stakes>\S+/\S+))?")
_AMOUNT: Final = re.compile(r"(?P<symbol>[$€£])?(?P<digits>[0-9][0-9,]*(?:\.[0-9]{1,2})?)")
_CODES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_POSTS: Final = {"1": "posts small blind", "2": "posts big blind", "15": "posts the ante"}
_STREETS: Final = {"Flop": "FLOP", "Turn": "TURN", "River": "RIVER"}
_RANKS: Final = {"10": "T"}


def is_ipoker(text: str) -> bool:
    """Whether a text is an iPoker XML session: a ``<session>`` holding ``<game>`` elements.

    A text that only speaks of one (notes, a README) is not: the document must
    begin with its markup.

    >>> is_ipoker('<?xml version="1.0"?><session sessioncode="1"><game gamecode="2">')
    True
    >>> is_ipoker('iPoker files look like <session><game gamecode="2">')
    False
    """
    if not text.lstrip("\ufeff\x00 \t\r\n").startswith("<"):
        return False
    head = text[:4096]
    return bool(_SESSION.search(head)) and bool(_GAME_OPEN.search(text))


def loads_each(text: str) -> list[Entry]:
    """Each game of an iPoker session text, read on its own (as ``pokerstars.loads_each``)."""
    text = text.replace("\ufeff", "").replace("\x00", "")
    first = _GAME_OPEN.search(text)
    general = _session_general(text[: first.start()] if first else text)
    entries: list[Entry] = []
    starts = [m.start() for m in _GAME_OPEN.finditer(text)]
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=False):
        line = text.count("\n", 0, begin) + 1
        chunk = _GAME.match(text, begin, end)
        if chunk is None:
            entries.append(Unreadable(line=line, reason=f"line {line}: a <game> with no </game>"))
            continue
        entries.append(_entry(chunk.group(0), line, general))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each game of an iPoker XML file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _session_general(head: str) -> dict[str, str]:
    """The session's ``<general>`` fields: ``gametype``, ``tablename``, ``tournamentcode`` ..."""
    found = re.search(r"<general>(.*?)</general>", head, re.DOTALL)
    if found is None:
        return {}
    return {m[1]: m[2].strip() for m in re.finditer(r"<([a-z_]+)>([^<]*)</\1>", found.group(1))}


def _entry(chunk: str, line: int, general: dict[str, str]) -> Entry:
    try:
        # One hand's elements alone: no document type comes with them, so no entity a
        # file declares is ever expanded.
        game = ElementTree.fromstring(chunk)
    except ElementTree.ParseError as error:
        return Unreadable(line=line, reason=f"line {line}: not XML ({error})")
    code = game.get("gamecode", "")
    number: int | str = int(code) if code.isdigit() and len(code) < 20 else (code or line)
    kind = _GAMETYPE.match(general.get("gametype", ""))
    if kind is None or kind["limit"] not in _LIMITS or kind["game"] != "Holdem":
        return OtherGame(line=line, number=number, game=general.get("gametype", "") or "unknown")
    try:
        said = _in_pokerstars_words(game, general, kind, number)
        history = read_hand(said, line)
    except OtherGameError as other:
        return OtherGame(line=line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        reason = re.sub(r"^hand #1, line [0-9]+:", f"hand #{number} (line {line}):", reason)
        return Unreadable(line=line, reason=reason)
    metadata = {**history.metadata, "hand": number, "site": "iPoker", "line": line}
    if "tournament" not in metadata:
        metadata["_rake_unknown"] = True  # iPoker does not write a cash game's rake
    return dataclasses.replace(history, number=number, metadata=metadata)


class _Amounts:
    """Amounts as iPoker writes them (``€0.04``, ``1,440``), said as PokerStars does."""

    def __init__(self, money: bool) -> None:
        self.money = money

    def value(self, text: str | None, what: str) -> float:
        found = _AMOUNT.fullmatch((text or "").strip())
        if found is None:
            raise HistoryError(f"hand #1, line 1: {what} {text!r} is not an amount")
        return float(found["digits"].replace(",", ""))

    def said(self, value: float) -> str:
        return f"${value:.2f}" if self.money else str(round(value))


def _in_pokerstars_words(
    game: ElementTree.Element, general: dict[str, str], kind: re.Match[str], number: int | str
) -> list[str]:
    # A seat without a name is empty.
    players = [p for p in game.findall("./general/players/player") if (p.get("name") or "").strip()]
    if len(players) < 2:
        raise HistoryError("hand #1, line 1: a game lists two players or more")
    tournament = "tournamentcode" in general or "tournamentname" in general
    amounts_text = " ".join(p.get("chips", "") for p in players)
    money = not tournament and bool(re.search(r"[$€£]|\.[0-9]", amounts_text))
    amounts = _Amounts(money)
    symbol = next((s for s in "$€£" if s in amounts_text), "$")
    code = general.get("tablecurrency") or _CODES.get(symbol, "USD")
    posts = [a for a in game.iter("action") if a.get("type") in ("1", "2")]
    small = next((amounts.value(a.get("sum"), "sum") for a in posts if a.get("type") == "1"), None)
    big = next((amounts.value(a.get("sum"), "sum") for a in posts if a.get("type") == "2"), None)
    if kind["stakes"] and kind["limit"] in ("L", "FL"):
        low, high = (amounts.value(part, "the stakes") for part in kind["stakes"].split("/"))
    else:
        if big is None:
            raise HistoryError("hand #1, line 1: no big blind is posted")
        low, high = small if small is not None else big, big
    limit = _LIMITS[kind["limit"]]
    stamp = (game.findtext("./general/startdate") or "2000-01-01 00:00:00").strip()
    stamp = stamp.replace("-", "/")
    if tournament:
        buy_in = general.get("totalbuyin", "").replace(" ", "") or "?"
        tcode = general.get("tournamentcode", "0")
        header = (
            f"PokerStars Hand #1: Tournament #{tcode if tcode.isdigit() else 0}, {buy_in}"
            f" Hold'em {limit} - Level 1 ({amounts.said(low)}/{amounts.said(high)}) - {stamp} ET"
        )
    else:
        stakes = f"{amounts.said(low)}/{amounts.said(high)}{' ' + code if money else ''}"
        header = f"PokerStars Hand #1:  Hold'em {limit} ({stakes}) - {stamp} ET"
    button = next((p.get("seat", "") for p in players if p.get("dealer") == "1"), "")
    if not button.isdigit():
        button = _button_before(game, players)
    table = (general.get("tablename") or "iPoker").replace("'", "")
    said = [header, f"Table '{table}' 10-max Seat #{button} is the button"]
    names: set[str] = set()
    for player in sorted(players, key=lambda p: int(p.get("seat", "0") or 0)):
        name, seat = (player.get("name") or "").strip(), player.get("seat", "")
        if not name or name in names or not seat.isdigit() or ":" in name:
            raise HistoryError(f"hand #1, line 1: player {name!r} at seat {seat!r}: a named seat")
        names.add(name)
        stack = amounts.said(amounts.value(player.get("chips"), f"{name}'s chips"))
        said.append(f"Seat {seat}: {name} ({stack} in chips)")
    said += _play(game, amounts, names)
    for player in players:
        won = amounts.value(player.get("win") or "0", "win")
        if won:
            said.append(f"{player.get('name', '').strip()} collected {amounts.said(won)} from pot")
    said.append("*** SUMMARY ***")
    return sit_out_idle(said)


def _button_before(game: ElementTree.Element, players: list[ElementTree.Element]) -> str:
    """Where no player is the dealer: the seat before the small blind's (heads-up, its own)."""
    seats = {p.get("name"): _int(p.get("seat")) for p in players}
    blinds = {a.get("type"): seats.get(a.get("player")) for a in game.iter("action")}
    small, big = blinds.get("1"), blinds.get("2")
    if small and len(players) == 2:
        return str(small)
    if small:
        return str(small - 1 if small > 1 else 99)
    if big:
        ordered = sorted(seats.values())
        return str(ordered[ordered.index(big) - 1])
    raise HistoryError('hand #1, line 1: no player is the dealer (dealer="1") nor posts a blind')


def _play(game: ElementTree.Element, amounts: _Amounts, names: set[str]) -> list[str]:
    lines: list[str] = []
    front: dict[str, float] = {}
    holes_said = False
    for round_ in sorted(game.findall("round"), key=lambda r: int(r.get("no", "0") or 0)):
        if round_.get("no") not in ("0", None) and not holes_said:
            lines.append("*** HOLE CARDS ***")
            holes_said = True
        # Cards first, then the actions by their numbers: files list some out of order.
        items = [i for i in round_ if i.tag == "cards"] + sorted(
            (i for i in round_ if i.tag == "action"), key=lambda a: _int(a.get("no"))
        )
        for item in items:
            if item.tag == "cards":
                kind, cards = item.get("type", ""), _cards(item.text or "")
                if kind == "Pocket" and cards and item.get("player") in names:
                    lines.append(f"Dealt to {item.get('player')} [{' '.join(cards)}]")
                elif kind in _STREETS and cards:
                    lines.append(f"*** {_STREETS[kind]} *** [{' '.join(cards)}]")
                    front.clear()
            elif item.tag == "action":
                line = _action(item, amounts, names, front)
                if line:
                    lines.append(line)
    if not holes_said:
        lines.append("*** HOLE CARDS ***")
    return lines


def _action(
    item: ElementTree.Element, amounts: _Amounts, names: set[str], front: dict[str, float]
) -> str:
    name, kind = (item.get("player") or "").strip(), item.get("type", "")
    if name not in names:
        raise HistoryError(
            f"hand #1, line 1: action {item.get('no')!r} by {name!r}, who is not seated"
        )
    amount = amounts.value(item.get("sum") or "0", "sum")
    if kind in _POSTS:
        if kind != "15":
            front[name] = front.get(name, 0.0) + amount
        return f"{name}: {_POSTS[kind]} {amounts.said(amount)}"
    if kind == "0":
        return f"{name}: folds"
    if kind == "4":
        return f"{name}: checks"
    if kind in ("3", "5", "23", "7"):
        before, high = front.get(name, 0.0), max(front.values(), default=0.0)
        # A raise's sum is what the player has in front after it; the others' what they add.
        to = amount if kind == "23" else before + amount
        front[name] = to
        all_in = " and is all-in" if kind == "7" else ""
        if kind == "3" or (kind == "7" and to <= high + 1e-9):
            return f"{name}: calls {amounts.said(amount)}{all_in}"
        if high == 0:
            return f"{name}: bets {amounts.said(amount)}{all_in}"
        return f"{name}: raises {amounts.said(to - high)} to {amounts.said(to)}{all_in}"
    return ""  # sitting out (8, 9) and what else is no play


def _int(text: str | None) -> int:
    return int(text) if text and text.isdigit() and len(text) < 10 else 0


def _cards(text: str) -> list[str]:
    """``HA S10`` as ``Ah Ts``; nothing when a card is not seen (``X``)."""
    cards = []
    for card in text.split():
        suit, rank = card[:1].lower(), _RANKS.get(card[1:], card[1:])
        if suit not in "shdc" or rank not in "23456789TJQKA" or len(rank) != 1:
            return []
        cards.append(rank + suit)
    return cards
