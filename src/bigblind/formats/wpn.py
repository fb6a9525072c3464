"""Winning Poker Network (ACR) hand histories of the ``Game Hand #`` form, read as PokerStars.

WPN's newer files write a hand almost as PokerStars does, without the colon
after the player's name (``Villain1 posts the small blind 10.00``), with a
header of its own (``Game Hand #12908866 - Tournament #8034884 -
Holdem(No Limit) - Level 1 (10.00/20.00)- 2017/05/08 08:32:30 UTC``), the
cards drawn for the button before the deal and the pots named as they grow.
:func:`loads_each` says each line as PokerStars would, one for one, and reads
the hand with the PokerStars reader; histories carry ``site`` ``'WPN'``.
WPN's older form (``Game started at:``) is read by
:mod:`bigblind.formats.wpn_classic`.

>>> text = '''Game Hand #1 - Tournament #8 - Holdem(No Limit) - Level 1 (10.00/20.00)- 2017/05/08
... Table '1' 9-max Seat #2 is the button
... Seat 1: ann (1500.00)
... Seat 2: bob (1500.00)
... Dealt to ann [5d]
... Dealt to bob [As]
... bob posts the small blind 10.00
... ann posts the big blind 20.00
... *** HOLE CARDS ***
... bob raises 40.00 to 60.00
... ann folds
... Uncalled bet (40.00) returned to bob
... bob collected 40.00 from main pot
... *** SUMMARY ***
... Total pot 40.00 | Rake 0.00'''
>>> (history,) = loads_each(text)
>>> history.players, history.finishing_stacks
(('ann', 'bob'), (1480, 1520))
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

__all__ = ["HEADER", "is_wpn", "loads_each", "read_each"]

HEADER: Final = re.compile(r"Game Hand #[0-9]{1,20} - ")
"""How every hand of a WPN history of the newer form begins."""
_HEAD: Final = re.compile(
    r"Game Hand #(?P<id>[0-9]{1,20}) - (?:Tournament #(?P<tournament>[0-9]{1,20}) - )?"
    r"(?P<game>\w+)\((?P<limit>[^)]*)\) - (?:Level (?P<level>[0-9]{1,4}) )?"
    r"\((?P<stakes>[^()]*)\) ?- (?P<when>.*)"
)
_LIMITS: Final = {"No Limit": "Hold'em No Limit", "Pot Limit": "Hold'em Pot Limit"}
_SEAT: Final = re.compile(
    r"Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<rest>.*)"
)
_VERBS: Final = ("posts ", "folds", "checks", "calls ", "bets ", "raises ", "shows ", "mucks")


def loads_each(text: str) -> list[Entry]:
    """Each hand of a WPN history text, read on its own."""
    lines = text.replace("\ufeff", "").replace("\x00", "").splitlines()
    return [_entry(hand, first) for first, hand in hand_blocks(lines, HEADER)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a WPN history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def is_wpn(text: str) -> bool:
    """Whether a text holds a WPN hand of the ``Game Hand #`` form.

    >>> is_wpn("<Hand History>\\nGame Hand #12908866 - Tournament #8034884 - Holdem(No Limit)")
    True
    """
    return any(HEADER.match(line.strip()) for line in text.replace("\x00", "").splitlines())


def _entry(lines: list[str], first_line: int) -> Entry:
    head = _HEAD.fullmatch(lines[0].strip())
    if head is None:
        return Unreadable(
            line=first_line,
            reason=f"line {first_line}: not a WPN hand header: it reads 'Game Hand #N -"
            " Tournament #N - Holdem(No Limit) - Level 1 (10.00/20.00)- 2017/05/08 08:32:30'",
        )
    number = int(head["id"])
    if head["game"] != "Holdem" or head["limit"] not in _LIMITS:
        return OtherGame(line=first_line, number=number, game=f"{head['game']}({head['limit']})")
    played = _LIMITS[head["limit"]]
    low, _, high = head["stakes"].partition("/")
    if head["tournament"]:
        first = (
            f"PokerStars Hand #{number}: Tournament #{head['tournament']}, WPN {played}"
            f" - Level {head['level'] or 1} ({low}/{high}) - {head['when']}"
        )
    else:
        first = f"PokerStars Hand #{number}:  {played} ({low}/{high} USD) - {head['when']}"
    said = [first]
    names: list[str] = []
    for raw in lines[1:]:
        line = raw.strip()
        if seat := _SEAT.fullmatch(line):
            names.append(seat["name"])
            said.append(f"Seat {seat['seat']}: {seat['name']} ({seat['stack']} in chips)")
        elif line.startswith("Dealt to ") and len(line.rsplit("[", 1)[-1].split()) == 1:
            said.append("")  # one card drawn for the button, before the deal
        else:
            said.append(_line(line, names))
    if not any(" collected " in line for line in said) and "*** SUMMARY ***" in said:
        # A hand won without a showdown has no 'collected' line: the summary's 'won X'
        # says it, written before the summary (its lines come one later).
        at = said.index("*** SUMMARY ***")
        won = [_won(line, names) for line in said[at:]]
        said[at:at] = [line for line in won if line]
    try:
        history = read_hand(sit_out_idle(said), first_line)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)
    metadata = {**history.metadata, "site": "WPN", "line": first_line}
    return dataclasses.replace(history, metadata=metadata)


def _won(line: str, names: list[str]) -> str:
    """A summary's ``Seat 2: bob did not show and won 840.00`` as ``bob collected 840.00
    from pot``; '' for any other line."""
    found = re.fullmatch(r"Seat [0-9]{1,2}: (?P<rest>.*) won (?P<amount>[0-9][0-9.,]*)", line)
    if found is None:
        return ""
    name = max((n for n in names if found["rest"].startswith(n + " ")), key=len, default=None)
    return f"{name} collected {found['amount']} from pot" if name else ""


def _line(line: str, names: list[str]) -> str:
    speaker = max(
        (n for n in names if line.startswith(n + " ") and line[len(n) + 1 :].startswith(_VERBS)),
        key=len,
        default=None,
    )
    if speaker is None:
        return line  # the table's own lines read as PokerStars writes them
    rest = line[len(speaker) + 1 :]
    rest = rest.replace("posts the small blind", "posts small blind")
    rest = rest.replace("posts the big blind", "posts big blind")
    rest = rest.replace("posts ante", "posts the ante")
    return f"{speaker}: {rest}"
