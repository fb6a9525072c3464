"""Bovada and Ignition hand histories: each line said in PokerStars' words, then read so.

Bovada (and Ignition, and Bodog before them) name the players by their
positions (``Big Blind [ME]``, ``UTG+1``), write ``name : Calls $0.05``, the
button in a ``Set dealer [5]`` line, the stakes nowhere but in the posts, an
``All-in $x`` that is a bet, a call or a raise as the table stands, and the
pot won as ``Hand result $0.45``. :func:`loads_each` says each hand as
PokerStars would and reads it with the PokerStars reader: one line for one,
after a table line of its own (the numbers of the file's lines are kept).
Bovada writes no rake: what the winners' amounts leave of the pot is taken
as the rake, never more than a tenth of it (``_rake_unknown``).

>>> text = '''Bovada Hand #3754819884  Zone Poker ID#1365 HOLDEMZonePoker No Limit - \\
... 2019-04-01 22:46:39
... Seat 1: Big Blind [ME] ($5 in chips)
... Seat 5: Dealer ($15.79 in chips)
... Seat 6: Small Blind ($5.72 in chips)
... Dealer : Set dealer [5]
... Small Blind : Small Blind $0.02
... Big Blind  [ME] : Big blind $0.05
... *** HOLE CARDS ***
... Dealer : Raises $0.20 to $0.20
... Small Blind : Folds
... Big Blind  [ME] : Folds
... Dealer : Return uncalled portion of bet $0.15
... Dealer : Hand result $0.12
... *** SUMMARY ***'''
>>> (history,) = loads_each(text)
>>> history.players, history.finishing_stacks
(('Small Blind', 'Big Blind [ME]', 'Dealer'), (570, 495, 1586))
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled  # 0.12 of a pot of 0.12
True
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

__all__ = ["HEADER", "is_bovada", "loads_each", "read_each"]

HEADER: Final = re.compile(r"(?:Bovada|Ignition|Bodog(?:\.eu)?) Hand #[0-9]{1,20}")
"""How every hand of a Bovada, Ignition or Bodog history begins."""
_HEAD: Final = re.compile(
    r"(?P<site>Bovada|Ignition|Bodog(?:\.eu)?) Hand #(?P<id>[0-9]{1,20}):? +(?P<rest>.*?)"
    r" - (?P<when>[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5,8})$"
)
_GAME: Final = re.compile(
    r"\b(?P<game>[A-Z]+?)(?:ZonePoker)? (?P<limit>No Limit|Pot Limit|Limit)\b"
)
_TOURNAMENT: Final = re.compile(
    r"HOLDEM Tournament #(?P<number>[0-9]{1,20}) .*?Level (?P<level>[0-9]{1,4})"
    r" \((?P<low>[0-9,.]+)/(?P<high>[0-9,.]+)\)"
)
_TABLE: Final = re.compile(r"(?:TBL#|ID#)(?P<table>[0-9]{1,20})")
_SEAT: Final = re.compile(
    r"Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?) \((?P<stack>[^()]*) in chips\)"
)
_DEALER: Final = re.compile(r".* : Set dealer \[(?P<seat>[0-9]{1,2})\]")
_AMOUNT: Final = r"\$?[0-9][0-9,]*(?:\.[0-9]{1,2})?"
_LIMITS: Final = {"No Limit": "Hold'em No Limit", "Pot Limit": "Hold'em Pot Limit"}
_QUIET: Final = (
    "Leave",
    "Enter",
    "Seat ",
    "Table ",
    "Set dealer",
    "Draw for dealer",
    "Does not show",
    "Showdown(",
)


def loads_each(text: str) -> list[Entry]:
    """Each hand of a Bovada or Ignition history text, read on its own."""
    lines = text.replace("\ufeff", "").splitlines()
    return [_entry(hand, first) for first, hand in hand_blocks(lines, HEADER)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a Bovada or Ignition history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def is_bovada(text: str) -> bool:
    """Whether a text holds a Bovada, Ignition or Bodog hand.

    >>> is_bovada("Ignition Hand #3589791199 Zone Poker ID#1232 HOLDEMZonePoker No Limit")
    True
    """
    return any(HEADER.match(line.strip()) for line in text.replace("\ufeff", "").splitlines())


def _entry(lines: list[str], first_line: int) -> Entry:
    head = _HEAD.fullmatch(lines[0].strip())
    if head is None:
        return Unreadable(
            line=first_line,
            reason=f"line {first_line}: not a Bovada hand header: it reads 'Bovada Hand #N "
            "TBL#N HOLDEM No Limit - 2019-04-01 22:46:39'",
        )
    number = int(head["id"])
    game = _GAME.search(head["rest"])
    if head["rest"].startswith("HOLDEM Tournament"):
        played = "Hold'em No Limit"  # the tournament header names no limit: no limit's
    elif game is None or game["game"] != "HOLDEM" or game["limit"] not in _LIMITS:
        named = game.group(0) if game else head["rest"]
        return OtherGame(line=first_line, number=number, game=named)
    else:
        played = _LIMITS[game["limit"]]
    try:
        said = _in_pokerstars_words(lines, head, played, number)
        # One line more than the file's (the table line): the rest keep their numbers.
        history = read_hand(said, first_line - 1)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)
    metadata = {**history.metadata, "site": head["site"], "line": first_line}
    if "tournament" not in metadata:
        metadata["_rake_unknown"] = True  # Bovada does not write the rake
    return dataclasses.replace(history, metadata=metadata)


def _in_pokerstars_words(
    lines: list[str], head: re.Match[str], played: str, number: int
) -> list[str]:
    dealer = next((m["seat"] for line in lines if (m := _DEALER.fullmatch(line.strip()))), None)
    seats = {m["name"]: int(m["seat"]) for line in lines if (m := _SEAT.fullmatch(line.strip()))}
    if dealer is None:  # the seat named for the button, then
        dealer = next((str(n) for name, n in seats.items() if name.startswith("Dealer")), None)
    small = next((n for name, n in seats.items() if name.startswith("Small Blind")), None)
    if dealer is None and small is not None and small - 1 not in seats.values():
        # 'Set dealer' and no seat: the button is the empty seat right of the small blind.
        dealer = str(small - 1 if small > 1 else 99)
    if dealer is None:
        raise HistoryError(
            f"hand #{number}: neither a 'Set dealer [N]' line nor a seat named 'Dealer'"
            " says where the button is"
        )
    # The names are the positions. Where the seat numbers do not go round the table in
    # their order (Bodog's tournaments number seats at random), seats are numbered by
    # position, the button first.
    order = {name: _position(name) for name in seats}
    renumber: dict[str, int] = {}
    if all(rank is not None for rank in order.values()) and 0 in order.values():
        by_position = sorted(seats, key=lambda name: order[name] or 0)
        button = int(dealer)
        around = sorted(seats, key=lambda name: (seats[name] - button - 1) % 100)
        if around != [*by_position[1:], by_position[0]]:
            renumber = {name: (order[name] or 0) + 1 for name in seats}
            dealer = "1"
    table = _TABLE.search(head["rest"])
    tournament = _TOURNAMENT.search(head["rest"])
    when = head["when"].replace("-", "/")
    if tournament is not None:
        header = (
            f"PokerStars Hand #{number}: Tournament #{tournament['number']}, Bodog {played}"
            f" - Level {tournament['level']} ({tournament['low']}/{tournament['high']}) - {when}"
        )
    else:
        low, high = _stakes(lines)
        header = f"PokerStars Hand #{number}:  {played} ({low}/{high} USD) - {when}"
    name = table["table"] if table else number
    said = [header, f"Table '{name}' 9-max Seat #{dealer} is the button"]
    names: list[str] = []
    street: dict[str, int] = {}
    dealt: dict[str, str] = {}
    current = 0
    for raw in lines[1:]:
        line = raw.strip()
        if seat := _SEAT.fullmatch(line):
            name = _name(seat["name"])
            names.append(name)
            number_ = renumber.get(seat["name"], int(seat["seat"]))
            said.append(f"Seat {number_}: {name} ({seat['stack']} in chips)")
            continue
        if line.startswith("*** "):
            if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
                street, current = {}, 0
            said.append(line)
            continue
        speaker, _, rest = line.partition(" : ")
        name = _name(speaker)
        if not rest or name not in names:
            said.append("")
            continue
        rest = rest.strip()
        if rest.startswith("Card dealt to a spot"):
            dealt[name] = rest[len("Card dealt to a spot ") :].strip()
        elif rest.startswith("Showdown") and "[" in rest:
            # Bovada shows the best five cards; the hand shown is the two dealt.
            said.append(f"{name}: shows {dealt[name]}" if name in dealt else "")
            continue
        text, current = _action(name, rest, street, current, tournament is None)
        said.append(text)
    # Bovada lists the seats of players who joined after the deal too.
    return sit_out_idle(said)


def _action(
    name: str, rest: str, street: dict[str, int], current: int, money: bool
) -> tuple[str, int]:
    """One player's line in PokerStars' words, and the bet to call after it (hundredths);
    ``money`` for dollars, else a tournament's chips."""

    def written(cents: int) -> str:
        return _dollars(cents) if money else str(cents // 100)

    found = re.search(_AMOUNT, rest)
    amount = found.group(0) if found else ""
    added = _cents(amount) if amount else 0
    verb = rest.split(" ", 1)[0].split("(", 1)[0]
    if rest.startswith(_QUIET):
        return "", current
    if rest.startswith("Card dealt to a spot"):
        return f"Dealt to {name} {rest[len('Card dealt to a spot ') :]}".rstrip(), current
    if rest.lower().startswith(("small blind ", "big blind ", "posts chip ", "ante chip ")):
        kind = rest.lower().split(" ", 1)[0]
        word = {
            "small": "small blind",
            "big": "big blind",
            "posts": "big blind",
            "ante": "the ante",
        }
        if kind != "ante":
            street[name] = street.get(name, 0) + added
            current = max(current, street[name])
        return f"{name}: posts {word[kind]} {amount}", current
    if verb in ("Folds", "Checks"):
        return f"{name}: {verb.lower()}", current
    if verb in ("Calls", "Call", "Bets"):
        street[name] = street.get(name, 0) + added
        current = max(current, street[name])
        return f"{name}: {'bets' if verb == 'Bets' else 'calls'} {amount}", current
    if verb in ("Raises", "All-in") and " to " in rest:
        to = rest.rsplit(" to ", 1)[1].strip()
        street[name] = _cents(to)
        by = written(max(0, _cents(to) - current))
        return f"{name}: raises {by} to {to}", max(current, _cents(to))
    if verb == "All-in":
        # A bet, a call or a raise of the whole stack, as the table stands.
        before = street.get(name, 0)
        street[name] = before + added
        if current == 0:
            return f"{name}: bets {amount} and is all-in", street[name]
        if street[name] <= current:
            return f"{name}: calls {amount} and is all-in", current
        to = written(street[name])
        by = written(street[name] - current)
        return f"{name}: raises {by} to {to} and is all-in", street[name]
    if rest.startswith("Return uncalled portion of bet"):
        street[name] = street.get(name, 0) - added
        return f"Uncalled bet ({amount}) returned to {name}", current
    if rest.lower().startswith("hand result"):
        return f"{name} collected {amount} from pot", current
    if verb == "Mucks":
        return f"{name}: mucks hand", current
    return "", current


def _position(name: str) -> int | None:
    """A position's place from the button: Dealer 0, Small Blind 1, Big Blind 2, UTG 3,
    UTG+1 4 ...; None for a name that is no position."""
    bare = name.replace("[ME]", "").strip()
    places = {"Dealer": 0, "Small Blind": 1, "Big Blind": 2, "UTG": 3}
    if bare in places:
        return places[bare]
    if bare.startswith("UTG+") and bare[4:].isdigit():
        return 3 + int(bare[4:])
    return None


def _stakes(lines: list[str]) -> tuple[str, str]:
    """A cash game's blinds, from its posts (Bovada's header names none)."""
    small = big = None
    for line in lines:
        _, _, rest = line.strip().partition(" : ")
        amount = re.search(_AMOUNT, rest)
        if amount and rest.lower().startswith("small blind "):
            small = small or amount.group(0)
        elif amount and rest.lower().startswith("big blind "):
            big = big or amount.group(0)
    if big is None:
        raise HistoryError("no big blind is posted, and the header names no stakes")
    if small is None:
        small = _dollars(_cents(big) // 2)
    return "$" + small.lstrip("$"), "$" + big.lstrip("$")


def _name(text: str) -> str:
    """A player's name with its spaces as the seat line has them (Bovada doubles some)."""
    return re.sub(r"\s+", " ", text.strip())


def _cents(amount: str) -> int:
    whole, _, fraction = amount.lstrip("$").replace(",", "").partition(".")
    return int(whole or 0) * 100 + int(fraction.ljust(2, "0")[:2] or 0)


def _dollars(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"
