"""Winamax hand histories: each line said in PokerStars' words, then read as PokerStars text.

Winamax writes what PokerStars writes, in other words: ``name posts small
blind 0.01€`` for ``name: posts small blind €0.01``, ``*** PRE-FLOP ***`` for
``*** HOLE CARDS ***``, a header of its own, stakes with the ante first
(``(30/125/250)``), no ``Uncalled bet`` lines (the engine returns those bets,
see :mod:`~bigblind.formats.pokerstars.recorded`). :func:`loads_each` says
each line of a hand as PokerStars would, one line for one, so that the
PokerStars reader reads it and its errors name the Winamax file's lines; the
histories then carry Winamax's hand id as their number and ``site``
``'Winamax'``. Tournament summaries hold no hands and give none.

>>> text = '''Winamax Poker - CashGame - HandId: #5511456-657-1387318419 - Holdem no limit \\
... (0.01€/0.02€) - 2013/12/17 22:13:39 UTC
... Table: 'Tokyo 02' 9-max (real money) Seat #1 is the button
... Seat 1: ann (2€)
... Seat 2: bob (1.50€)
... *** ANTE/BLINDS ***
... ann posts small blind 0.01€
... bob posts big blind 0.02€
... *** PRE-FLOP ***
... ann raises 0.04€ to 0.06€
... bob folds
... ann collected 0.04€ from pot
... *** SUMMARY ***
... Total pot 0.04€ | No rake
... Seat 1: ann (button) (small blind) won 0.04€'''
>>> (history,) = loads_each(text)
>>> history.number, history.players, history.finishing_stacks
('5511456-657-1387318419', ('bob', 'ann'), (148, 198))
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled  # the 0.04€ not called is returned
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

__all__ = ["HEADER", "is_winamax", "loads_each", "read_each"]

HEADER: Final = re.compile(
    r"Winamax Poker - (?:CashGame|Tournament(?! summary)|Go Fast|Sit&Go|Expresso)"
)
"""How every hand of a Winamax history begins."""
_HEAD: Final = re.compile(
    r"Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[0-9-]{1,60}) - (?P<game>.+?)"
    r" \((?P<stakes>[^()]*)\) - (?P<when>.*)"
)
_TOURNAMENT: Final = re.compile(
    r'Tournament "(?P<name>[^"]*)" buyIn: (?P<buy_in>.*?)(?: level: (?P<level>[0-9]{1,4}))?$'
)
_GAMES: Final = {
    "Holdem no limit": "Hold'em No Limit",
    "Holdem pot limit": "Hold'em Pot Limit",
    "Holdem fixed limit": "Hold'em Limit",
    "Holdem limit": "Hold'em Limit",
    "Omaha no limit": "Omaha No Limit",
    "Omaha pot limit": "Omaha Pot Limit",
    "Omaha fixed limit": "Omaha Limit",
}
_TABLE: Final = re.compile(
    r"Table: '(?P<name>.*)' (?P<middle>.*?)Seat #(?P<button>[0-9]{1,2}) is the button"
)
_SEAT: Final = re.compile(
    r"Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?) \((?P<stack>[^,()]*)(?:, [^()]*)?\)$"
)
_EURO: Final = re.compile(r"([0-9]+(?:\.[0-9]{1,2})?)€")
_VERBS: Final = (
    "posts ",
    "folds",
    "checks",
    "calls ",
    "bets ",
    "raises ",
    "shows ",
    "mucks",
    "doesn't show",
)
_NUMBER: Final = re.compile(r"\(([0-9]{1,20})\)")


def loads_each(text: str) -> list[Entry]:
    """Each hand of a Winamax history text, read on its own (as ``pokerstars.loads_each``)."""
    lines = text.replace("\ufeff", "").splitlines()
    return [_entry(hand, first) for first, hand in hand_blocks(lines, HEADER)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a Winamax history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def is_winamax(text: str) -> bool:
    """Whether a text holds a Winamax hand.

    >>> is_winamax("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit"), is_winamax("")
    (True, False)
    """
    return any(HEADER.match(line.strip()) for line in text.replace("\ufeff", "").splitlines())


def _entry(lines: list[str], first_line: int) -> Entry:
    head = _HEAD.fullmatch(lines[0].strip())
    if head is None:
        return Unreadable(
            line=first_line,
            reason=f"line {first_line}: not a Winamax hand header: it reads 'Winamax Poker - "
            "CashGame - HandId: #N - Holdem no limit (0.01€/0.02€) - 2013/12/17 22:13:39 UTC'",
        )
    number = head["id"]
    game = _GAMES.get(head["game"])
    if game is None:
        return OtherGame(line=first_line, number=number, game=head["game"])
    try:
        said = _in_pokerstars_words(lines, head, game)
        history = read_hand(said, first_line)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason.replace("hand #1,", f"hand #{number},"))
    metadata = {**history.metadata, "hand": number, "site": "Winamax"}
    return dataclasses.replace(history, number=number, metadata=metadata)


def _in_pokerstars_words(lines: list[str], head: re.Match[str], game: str) -> list[str]:
    """The hand's lines as PokerStars writes them, one for one (a line dropped is blank)."""
    table = _TABLE.fullmatch(lines[1].strip()) if len(lines) > 1 else None
    if table is None:
        raise HistoryError(
            f"hand #{head['id']}, line 2: the second line must be"
            " \"Table: 'NAME' N-max (real money) Seat #K is the button\""
        )
    stakes = [_euro(part.strip()) for part in head["stakes"].split("/")]
    if len(stakes) < 2:
        raise HistoryError(f"hand #{head['id']}, line 1: stakes ({head['stakes']}) are 'SB/BB'")
    low, high = stakes[-2], stakes[-1]  # an ante, when written, comes first
    money = "€" in head["stakes"]
    tournament = _TOURNAMENT.fullmatch(head["kind"])
    if tournament is not None:
        number = _NUMBER.search(table["name"])
        level = tournament["level"] or "1"
        buy_in = tournament["buy_in"].replace(" ", "")
        first = (
            f"PokerStars Hand #1: Tournament #{number.group(1) if number else 0}, {buy_in}"
            f" {game} - Level {level} ({low}/{high}) - {head['when']}"
        )
    else:
        code = " EUR" if money else ""
        first = f"PokerStars Hand #1:  {game} ({low}/{high}{code}) - {head['when']}"
    said = [
        first,
        f"Table '{table['name']}' {_max(table['middle'])}Seat #{table['button']} is the button",
    ]
    names: list[str] = []
    for raw in lines[2:]:
        line = _euro(raw.strip())
        if seat := _SEAT.fullmatch(line):
            names.append(seat["name"])
            said.append(f"Seat {seat['seat']}: {seat['name']} ({seat['stack']} in chips)")
            continue
        said.append(_line(line, names))
    # Winamax lists every seat, those not dealt in too (a player waiting for the button).
    return sit_out_idle(said)


def _line(line: str, names: list[str]) -> str:
    if line.startswith("*** ANTE/BLINDS"):
        return ""
    if line.startswith("*** PRE-FLOP"):
        return "*** HOLE CARDS ***"
    if line.startswith("*** "):
        return line.replace("][", "] [")
    if line.startswith("Total pot "):
        return line.replace("| No rake", "| Rake 0")
    speaker = max(
        (n for n in names if line.startswith(n + " ") and line[len(n) + 1 :].startswith(_VERBS)),
        key=len,
        default=None,
    )
    if speaker is not None:
        rest = line[len(speaker) + 1 :]
        rest = rest.replace("posts ante ", "posts the ante ").removesuffix(" out of position")
        return f"{speaker}: {rest}"
    return re.sub(r" from side pot ([0-9]+)$", r" from side pot-\1", line)


def _euro(text: str) -> str:
    """``0.89€`` as PokerStars writes it, ``€0.89``."""
    return _EURO.sub(r"€\1", text)


def _max(middle: str) -> str:
    found = re.search(r"[0-9]{1,2}-max ", middle)
    return found.group(0) if found else ""
