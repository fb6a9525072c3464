"""Winning Poker Network (ACR) hand histories of the older ``Game started at:`` form.

WPN's older client writes a hand as ``Game started at: ...``, ``Game ID: N
5/10 <table> (Hold'em)``, the button's seat, the seats, then one line per
deed: ``Player ann has small blind (5)``, ``Player bob raises (15)`` (what
the player adds), ``Player cy allin (89)``, ``*** FLOP ***: [2c 8s Jh]``, and
a summary that says, player by player, what each showed, bet and collected
(``*Player ann shows: Straight to 9 [7d Ad]. Bets: 1.44. Collects: 2.74.
Wins: 1.30.``). :func:`loads_each` says each line as PokerStars would and
reads the hand with the PokerStars reader; histories carry ``site``
``'WPN'``.

The form names the betting structure only in a tournament's summary line
(``GameType: NL``); elsewhere a hand whose every bet and raise is of the
fixed-limit size of its round (the big blind, doubled on the turn and river)
is read as fixed limit, any other as no limit, and Omaha as pot limit. Cards
written ``10h`` are tens. Six Plus Hold'em is a game bigblind does not read.

>>> text = '''Game started at: 2016/11/13 11:7:19
... Game ID: 774521186 1/2 PM Hold`em 1/2 (Hold'em)
... Seat 4 is the button
... Seat 4: ann (74.56).
... Seat 5: bob (50).
... Player ann has small blind (1)
... Player bob has big blind (2)
... Player ann received a card.
... Player ann received a card.
... Player bob received card: [Js]
... Player bob received card: [Qs]
... Player ann raises (5)
... Player bob folds
... Uncalled bet (4) returned to ann
... ------ Summary ------
... Pot: 4. Rake 0
... *Player ann mucks (does not show cards). Bets: 2. Collects: 4. Wins: 2.
... Player bob does not show cards.Bets: 2. Collects: 0. Loses: 2.
... Game ended at: 2016/11/13 11:7:30'''
>>> (history,) = loads_each(text)
>>> history.players, history.finishing_stacks
(('bob', 'ann'), (4800, 7656))
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.encoding import hand_blocks
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["HEADER", "is_wpn_classic", "loads_each", "read_each"]

HEADER: Final = re.compile(r"Game started at: ")
"""How every hand of a WPN history of the older form begins."""
_ID: Final = re.compile(
    r"Game ID: (?P<id>[0-9]{1,20}) (?P<low>[0-9.,]+)/(?P<high>[0-9.,]+)"
    r" (?P<table>.*) \((?P<game>[^()]*)\)"
)
_SUMMARY_TYPE: Final = re.compile(r"GameType: (?P<type>[A-Z]{2}), TournamentId: (?P<id>[0-9]+)")
_MONEY: Final = r"[0-9][0-9,]{0,20}(?:\.[0-9]{1,6})?"
_SEAT: Final = re.compile(rf"Seat (?P<seat>[0-9]{{1,2}}): (?P<name>.+) \((?P<stack>{_MONEY})\)\.")
_BUTTON: Final = re.compile(r"Seat (?P<seat>[0-9]{1,2}) is the button")
_AMOUNT: Final = re.compile(rf"\((?P<amount>{_MONEY})\)")
_RESULT: Final = re.compile(
    rf"\*?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>{_MONEY})\.? ?Collects: (?P<collects>{_MONEY})"
)
_POT: Final = re.compile(
    rf"Pot: (?P<pot>{_MONEY})\.?(?: Rake (?P<rake>{_MONEY})\.?)?(?: JP fee (?P<fee>{_MONEY}))?"
)
_GAMES: Final = {
    "Hold'em": "Hold'em",
    "Omaha": "Omaha",
    "Omaha HiLow": "Omaha Hi/Lo",
}
_STREETS: Final = ("*** FLOP ***:", "*** TURN ***:", "*** RIVER ***:")


def is_wpn_classic(text: str) -> bool:
    """Whether a text holds a WPN hand of the older ``Game started at:`` form.

    >>> is_wpn_classic("Game started at: 2016/11/9 9:23:46\\nGame ID: 7 5/10 T (Hold'em)")
    True
    """
    lines = text.replace("\x00", "").splitlines()
    return any(
        HEADER.match(line.strip()) and _ID.match(following.strip())
        for line, following in itertools.pairwise(lines)
    )


def loads_each(text: str) -> list[Entry]:
    """Each hand of a WPN history text of the older form, read on its own."""
    lines = text.replace("\ufeff", "").replace("\x00", "").splitlines()
    return [_entry(hand, first) for first, hand in hand_blocks(lines, HEADER)]


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of such a file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def _entry(lines: list[str], first_line: int) -> Entry:
    try:
        return _read(lines, first_line)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=other.number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)


class _Hand:
    """One hand said in PokerStars' words, a line for each of the file's lines."""

    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = [line.strip() for line in lines]
        self.first_line = first_line
        self.names: list[str] = []
        self.in_round: dict[str, Decimal] = {}
        self.current = Decimal(0)
        self.posted: set[str] = set()
        self.blinds: list[str] = []
        self.antes = any(line.endswith(")") and " ante (" in line for line in self.lines)
        self.dealt = False
        self.hole: dict[str, list[str]] = {}
        self.sizes: list[tuple[int, Decimal]] = []  # (round, what a bet or raise added)
        self.round = 0

    def speaker(self, line: str) -> tuple[str, str] | None:
        """The player a ``Player name ...`` line is about, and the rest of it."""
        if not line.startswith(("Player ", "*Player ")):
            return None
        body = line.split("Player ", 1)[1]
        name = max((n for n in self.names if body.startswith(n + " ")), key=len, default=None)
        return (name, body[len(name) + 1 :]) if name else None

    def deed(self, name: str, rest: str) -> str:
        """A player's line in PokerStars' words ('' for one that changes nothing)."""
        found = _AMOUNT.search(rest)
        amount = _number(found["amount"]) if found else Decimal(0)
        if rest.startswith("has small blind"):
            return self.post(name, "small blind", amount, "")
        if rest.startswith("has big blind") or rest.startswith("posts ("):
            return self.post(name, "big blind", amount, "")
        if rest.startswith("ante ("):
            self.posted.add(name)
            return f"{name}: posts the ante {_text(amount)}"
        if rest.startswith("allin") and not self.dealt:
            if self.antes and name not in self.posted:
                self.posted.add(name)
                return f"{name}: posts the ante {_text(amount)} and is all-in"
            kind = "small blind" if not self.blinds else "big blind"
            return self.post(name, kind, amount, " and is all-in")
        if rest.startswith("received card: ["):
            self.hole.setdefault(name, []).append(_cards(rest.split("[", 1)[1].rstrip("]")))
            return self.hole_line(name)
        if rest.startswith("received a card"):
            return self.hole_line(None)
        if rest == "folds":
            return f"{name}: folds"
        if rest == "checks":
            return f"{name}: checks"
        if rest.startswith(("calls (", "bets (", "raises (", "allin (")):
            return self.bet(name, rest.split(" ", 1)[0], amount)
        if rest.startswith("mucks"):
            return ""  # said with the summary
        return ""  # timed out, sitting out: nothing moves

    def post(self, name: str, kind: str, amount: Decimal, all_in: str) -> str:
        self.blinds.append(name)
        self.in_round[name] = self.in_round.get(name, Decimal(0)) + amount
        self.current = max(self.current, self.in_round[name])
        return f"{name}: posts {kind} {_text(amount)}{all_in}"

    def hole_line(self, name: str | None) -> str:
        first = not self.dealt
        self.dealt = True
        if name is not None and len(self.hole[name]) == 2:
            return f"Dealt to {name} [{' '.join(self.hole[name])}]"
        return "*** HOLE CARDS ***" if first else ""

    def bet(self, name: str, verb: str, added: Decimal) -> str:
        before = self.in_round.get(name, Decimal(0))
        total = before + added
        self.in_round[name] = total
        all_in = " and is all-in" if verb == "allin" else ""
        if total <= self.current:
            return f"{name}: calls {_text(added)}{all_in}"
        self.sizes.append((self.round, total - self.current))
        if self.current == 0:
            self.current = total
            return f"{name}: bets {_text(added)}{all_in}"
        raised = total - self.current
        self.current = total
        return f"{name}: raises {_text(raised)} to {_text(total)}{all_in}"

    def street(self, line: str) -> str:
        self.round += 1
        self.in_round = {}
        self.current = Decimal(0)
        head, cards = line.split(":", 1)
        return f"{head} {_cards(cards.strip())}"


def _read(lines: list[str], first_line: int) -> Entry:
    hand = _Hand(lines, first_line)
    said_lines = hand.lines
    if len(said_lines) < 2 or (game := _ID.fullmatch(said_lines[1])) is None:
        raise HistoryError(
            f"line {first_line + 1}: not a WPN 'Game ID:' line: it reads 'Game ID: 771293352"
            " 5/10 <table> (Hold'em)'"
        )
    number = int(game["id"])
    played = _GAMES.get(game["game"])
    if played is None:
        return OtherGame(line=first_line, number=number, game=game["game"])
    summary_type = _SUMMARY_TYPE.search(said_lines[0])
    tournament = summary_type["id"] if summary_type else None
    if tournament is None and ", Table " in game["table"]:
        tournament = "0"
    when = said_lines[0][len("Game started at: ") :].split(" ***", 1)[0]
    # The seats follow the table's line, as PokerStars writes them; the button's own
    # line goes after them, so that the lines after it keep the file's numbers.
    seats: list[str] = []
    said: list[str] = []
    button = "1"
    for index, line in enumerate(said_lines[2:], start=2):
        if found := _BUTTON.fullmatch(line):
            button = found["seat"]
            said.append("")
        elif found := _SEAT.fullmatch(line):
            hand.names.append(found["name"])
            seats.append(f"Seat {found['seat']}: {found['name']} ({found['stack']} in chips)")
        elif line.startswith(_STREETS):
            said.append(hand.street(line))
        elif line.startswith("Uncalled bet "):
            said.append(line)
        elif line.startswith("------ Summary ------"):
            said.extend(_summary(hand, said_lines[index + 1 :]))
            break
        elif (spoken := hand.speaker(line)) is not None:
            said.append(hand.deed(*spoken))
        else:
            said.append("")
    limit = _limit(hand, played, summary_type["type"] if summary_type else None, game["high"])
    low, high = game["low"].replace(",", ""), game["high"].replace(",", "")
    if limit == "Limit":  # a limit game's stakes are its bets: the big blind and twice it
        low, high = high, _text(2 * _number(high))
    if tournament is not None:
        first = (
            f"PokerStars Hand #{number}: Tournament #{tournament}, WPN {played} {limit}"
            f" - Level 1 ({low}/{high}) - {when}"
        )
    else:
        first = f"PokerStars Hand #{number}:  {played} {limit} ({low}/{high} USD) - {when}"
    table = f"Table '{game['table'].replace(chr(39), '')}' 10-max Seat #{button} is the button"
    history = read_hand(sit_out_idle([first, table, *seats, *said]), first_line)
    metadata = {**history.metadata, "site": "WPN", "line": first_line}
    return dataclasses.replace(history, metadata=metadata)


def _summary(hand: _Hand, lines: list[str]) -> list[str]:
    """The showdown, the collections and the summary, from the summary's lines."""
    shows: list[str] = []
    collected: list[str] = []
    tail = ["*** SUMMARY ***"]
    for line in lines:
        if found := _POT.fullmatch(line):
            rake = sum((_number(found[key]) for key in ("rake", "fee") if found[key]), Decimal(0))
            tail.append(f"Total pot {_text(_number(found['pot']) + rake)} | Rake {_text(rake)}")
        elif line.startswith("Board: "):
            tail.append(f"Board {_cards(line[len('Board: ') :])}")
        elif (result := _RESULT.match(line)) is not None:
            spoken = hand.speaker(line)
            if spoken is None:
                continue
            name, rest = spoken
            if " shows: " in f" {rest}" and "[" in rest:
                cards = _cards(rest.rsplit("[", 1)[1].split("]", 1)[0])
                described = rest.split("shows: ", 1)[1].rsplit(" [", 1)[0]
                shows.append(f"{name}: shows [{cards}] ({described})")
            elif rest.startswith("mucks"):
                shows.append(f"{name}: mucks hand")
            collects = _number(result["collects"])
            if collects:
                collected.append(f"{name} collected {_text(collects)} from pot")
    head = ["*** SHOW DOWN ***"] if shows else []
    return [*head, *shows, *collected, *tail]


def _limit(hand: _Hand, played: str, named: str | None, high: str) -> str:
    """The betting structure: as a tournament's summary names it, else as the bets show."""
    if named == "PL" or (named is None and played.startswith("Omaha")):
        return "Pot Limit"
    if named is not None:
        return "No Limit" if named == "NL" else "Limit"
    big = _number(high)
    fixed = bool(hand.sizes) and all(
        size == (big if street < 2 else 2 * big) for street, size in hand.sizes
    )
    return "Limit" if fixed else "No Limit"


def _number(text: str) -> Decimal:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        raise HistoryError(
            f"cannot read the amount {text!r}: amounts read '1,500' or '0.25'"
        ) from None


def _text(amount: Decimal) -> str:
    return format(amount.normalize(), "f") if amount != amount.to_integral() else str(int(amount))


def _cards(text: str) -> str:
    """Cards as PokerStars writes them: ``10h`` is ``Th``; brackets kept.

    >>> _cards("[Kh 10h]"), _cards("10d")
    ('[Kh Th]', 'Td')
    """
    return re.sub(r"\b10([cdhs])\b", r"T\1", text)
