"""Horizon network hand histories (``Hand#... -- ...``), read as PokerStars text.

Horizon writes a hand almost as PokerStars does: ``Hand#5128021934000412 - $
Rome (6-max) 21934 -- $0.02/$0.04 NL Hold'em -- 2018/04/20 - 20:06:02``, then
``Dealer: Seat 2``, the seats, ``ann: posts small blind $0.02``, ``bob:
raises to $0.08`` (the raise's total), ``cy: is all in $1.40`` (what the player
adds), ``ann: returns uncalled bet $1.40``, cards separated by commas, amounts
with spaces (or no-break spaces) between thousands (``8 589``), and ``bob wins $0.90`` (or ``wins
high pot``, ``wins low pot``) for what each collected; a tournament's header
names ante, small and big blind (``30/150/300``). It writes no rake: what the
winners' amounts leave of a cash game's pot is taken as the rake, never more
than a tenth of it. :func:`loads_each` says each line as PokerStars would and
reads the hand with the PokerStars reader; histories carry ``site``
``'Horizon'``, and the hand number is the hexadecimal one read as a number.

>>> text = '''Hand#51 - $ Rome (6-max) 21934 -- $0.02/$0.04 NL Hold'em -- 2018/04/20 - 20:06:02
... Dealer: Seat 2
... Seat 1: ann ($1.88 in chips)
... Seat 2: bob ($3.57 in chips)
... bob: posts small blind $0.02
... ann: posts big blind $0.04
... Dealt to ann [Qh,Qc]
... bob: raises to $0.12
... ann: folds
... bob: returns uncalled bet $0.08
... bob wins $0.08'''
>>> (history,) = loads_each(text)
>>> history.players, history.finishing_stacks, history.number
(('ann', 'bob'), (184, 361), 81)
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.encoding import hand_blocks
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["HEADER", "is_horizon", "loads_each", "read_each"]

HEADER: Final = re.compile(r"(?:\ufeff|ï»¿)*Hand#[0-9A-F]{1,20} - ")
"""How every hand of a Horizon history begins (a mark read in the wrong code page too)."""
_HEAD: Final = re.compile(
    r"(?:\ufeff|ï»¿)*Hand#(?P<id>[0-9A-F]{1,20}) - (?P<table>.*?)"
    r"(?: -- (?P<buy_in>.*?) -- (?P<seats>[0-9]{1,2}) Max -- Table (?P<number>[0-9]+))?"
    r" -- (?P<stakes>\S+) (?P<limit>NL|PL|FL|L) (?P<game>\S+(?: \S+)?) -- (?P<when>.*)"
)
_GAMES: Final = {
    "Hold'em": "Hold'em",
    "Omaha": "Omaha",
    "OmahaHiLo": "Omaha Hi/Lo",
}
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "L": "Limit"}
_MONEY: Final = r"\$?[0-9]{1,3}(?: [0-9]{3})*(?:\.[0-9]{1,6})?|\$?[0-9]+(?:\.[0-9]{1,6})?"
_AMOUNT: Final = re.compile(rf" ({_MONEY})$")
_TOURNAMENT: Final = re.compile(r"\bT(?P<id>[0-9]{1,20})\b")
_DEALER: Final = re.compile(r"Dealer: Seat (?P<seat>[0-9]{1,2})")
_SEAT: Final = re.compile(
    rf"Seat (?P<seat>[0-9]{{1,2}}): (?P<name>.+?) \((?P<stack>{_MONEY}) in chips\)"
)
_WINS: Final = re.compile(
    rf"(?P<name>.+?) wins (?:(?:high|low) pot )?(?P<amount>{_MONEY})(?: with.*)?"
)


def is_horizon(text: str) -> bool:
    """Whether a text holds a Horizon hand.

    >>> is_horizon("Hand#5128021934000412 - $ Rome (6-max) 21934 -- $0.02/$0.04 NL Hold'em")
    True
    """
    return any(HEADER.match(line.strip()) for line in text.replace("\x00", "").splitlines())


def loads_each(text: str) -> list[Entry]:
    """Each hand of a Horizon history text, read on its own."""
    # Thousands are parted by a space, or in some files a no-break space.
    lines = text.replace("\x00", "").replace("\xa0", " ").splitlines()
    return [_entry(hand, first) for first, hand in hand_blocks(lines, HEADER)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a Horizon history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _entry(lines: list[str], first_line: int) -> Entry:
    head = _HEAD.fullmatch(lines[0].strip())
    if head is None:
        return Unreadable(
            line=first_line,
            reason=f"line {first_line}: not a Horizon hand header: it reads 'Hand#5128021934000412"
            " - $ Rome (6-max) 21934 -- $0.02/$0.04 NL Hold'em -- 2018/04/20 - 20:06:02'",
        )
    number = int(head["id"], 16)
    game = _GAMES.get(head["game"])
    if game is None:
        return OtherGame(line=first_line, number=number, game=f"{head['limit']} {head['game']}")
    try:
        said = _said(lines, head)
        history = read_hand(sit_out_idle(said), first_line)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        if "Exceeds the limit" in reason:
            reason = f"hand #{number}: a number of thousands of digits: not an amount of chips"
        return Unreadable(line=first_line, reason=reason)
    metadata = {**history.metadata, "site": "Horizon", "line": first_line}
    if "tournament" not in metadata:
        metadata["_rake_unknown"] = True  # Horizon writes no rake
    return dataclasses.replace(history, metadata=metadata)


def _said(lines: list[str], head: re.Match[str]) -> list[str]:
    """The hand's lines in PokerStars' words, one for one."""
    number = int(head["id"], 16)
    played = f"{_GAMES[head['game']]} {_LIMITS[head['limit']]}"
    stakes = [_plain(part).lstrip("$") for part in head["stakes"].split("/")]
    small, big = stakes[-2:] if len(stakes) >= 2 else ("-1", "-1")
    if small.startswith("-") or big.startswith("-"):
        small, big = _posted(lines)
    when = head["when"].replace(" - ", " ")
    dollars = "$" in head["stakes"]
    if head["buy_in"] is not None:
        found = _TOURNAMENT.search(head["table"])
        tournament = found["id"] if found else "0"
        first = (
            f"PokerStars Hand #{number}: Tournament #{tournament}, Horizon {played}"
            f" - Level 1 ({small}/{big}) - {when}"
        )
        table = f"{head['table']} {head['number']}"
    else:
        # Play chips may be parted too (92.25): then the hand is read in cents.
        parted = any(re.search(r"[0-9]\.[0-9]", line) for line in lines[1:])
        money = f"({small}/{big})"
        if dollars or parted:
            money = f"(${small}/${big} USD)" if dollars else f"({small}/{big} USD)"
        first = f"PokerStars Hand #{number}:  {played} {money} - {when}"
        table = head["table"]
    said = [first]
    names: list[str] = []
    street: dict[str, int] = {}
    current = 0
    for raw in lines[1:]:
        line = raw.strip()
        if found := _DEALER.fullmatch(line):
            table = table.replace("'", "")
            said.append(f"Table '{table}' 10-max Seat #{found['seat']} is the button")
        elif found := _SEAT.fullmatch(line):
            names.append(found["name"])
            said.append(
                f"Seat {found['seat']}: {found['name']} ({_plain(found['stack'])} in chips)"
            )
        elif line.startswith("*** ") and "[" in line:
            street, current = {}, 0
            said.append(line.replace(",", " "))
        elif line.startswith("Dealt to "):
            said.append(line.replace(",", " "))
        else:
            text, current = _line(line, names, street, current)
            said.append(text)
    return said


def _line(line: str, names: list[str], street: dict[str, int], current: int) -> tuple[str, int]:
    """One player's line in PokerStars' words, and the bet to match after it."""
    if won := _WINS.fullmatch(line):
        name = max((n for n in names if won["name"] == n), key=len, default=None)
        if name is not None:
            return f"{name} collected {_plain(won['amount'])} from pot", current
    name = max((n for n in names if line.startswith(n + ": ")), key=len, default=None)
    if name is None:
        return "", current  # chat, a player leaving, a finish: nothing moves
    rest = " ".join(line[len(name) + 2 :].split())
    found = _AMOUNT.search(rest)
    amount = _plain(found.group(1)) if found else ""
    added = _cents(amount) if amount else 0
    if rest.startswith("posts ante of "):
        return f"{name}: posts the ante {amount}", current
    if rest.startswith(("posts small blind ", "posts big blind ")):
        street[name] = street.get(name, 0) + added
        return f"{name}: {rest.rsplit(' ', 1)[0]} {amount}", max(current, street[name])
    if rest in ("folds", "checks"):
        return f"{name}: {rest}", current
    if rest.startswith(("calls ", "bets ")):
        street[name] = street.get(name, 0) + added
        return f"{name}: {rest.split(' ', 1)[0]} {amount}", max(current, street[name])
    if rest.startswith("raises to "):
        by = _written(max(0, added - current), amount)
        street[name] = added
        return f"{name}: raises {by} to {amount}", max(current, added)
    if rest.startswith("is all in "):
        # The whole stack: a bet, a call or a raise, as the table stands.
        street[name] = street.get(name, 0) + added
        if current == 0:
            return f"{name}: bets {amount} and is all-in", street[name]
        if street[name] <= current:
            return f"{name}: calls {amount} and is all-in", current
        to = _written(street[name], amount)
        by = _written(street[name] - current, amount)
        return f"{name}: raises {by} to {to} and is all-in", street[name]
    if rest.startswith("returns uncalled bet "):
        street[name] = street.get(name, 0) - added
        return f"Uncalled bet ({amount}) returned to {name}", current
    if rest.startswith("shows ["):
        cards = rest.split("[", 1)[1].split("]", 1)[0].replace(",", " ")
        return f"{name}: shows [{cards}]", current
    if rest.startswith("mucks"):
        return f"{name}: mucks hand", current
    return "", current


def _posted(lines: list[str]) -> tuple[str, str]:
    """The blinds as the hand posts them, where the header does not give them."""
    small = big = None
    for line in lines:
        if found := re.search(rf"posts small blind ({_MONEY})$", line.strip()):
            small = small or _plain(found.group(1))
        elif found := re.search(rf"posts big blind ({_MONEY})$", line.strip()):
            big = big or _plain(found.group(1))
    if big is None:
        raise HistoryError("no big blind is posted, and the header names no stakes")
    return small or big, big


def _plain(amount: str) -> str:
    """An amount without its thousands' spaces and idle zeros; a ``$`` kept.

    >>> _plain("8 589"), _plain("25.0000"), _plain("$0.5"), _plain("$1.40")
    ('8589', '25', '$0.50', '$1.40')
    """
    plain = amount.replace(" ", "")
    whole, dot, part = plain.partition(".")
    if not dot:
        return plain
    part = part.rstrip("0")
    return f"{whole}.{part.ljust(2, '0')}" if part else whole


def _cents(amount: str) -> int:
    whole, _, part = amount.lstrip("$").partition(".")
    return int(whole or 0) * 100 + int((part + "00")[:2])


def _written(cents: int, like: str) -> str:
    """Cents written as ``like`` writes its amounts: with ``$`` and decimals, or whole."""
    sign = "$" if like.startswith("$") else ""
    if "." in like or cents % 100:
        return f"{sign}{cents // 100}.{cents % 100:02d}"
    return f"{sign}{cents // 100}"
