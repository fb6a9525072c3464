"""Reading the first two lines of a PokerStars hand: what game, what stakes, which table.

Every form PokerStars has written is read: ``PokerStars Hand #`` and, before
2011, ``PokerStars Game #``; ``PokerStars Zoom Hand #`` and ``Home Game Hand
#`` (with the club in braces); cash games for money (any currency: ``$``,
``€``, ``£``, ``Rs.`` ...) and for play money; sit-and-go and multi-table
tournaments with their buy-in (``$10+$1``, knockouts ``$10+$10+$2``,
freerolls, play-money chips), heads-up ``Match Round``, Zoom tournaments and
the mixed games that name the game played in brackets (``HORSE (Hold'em
Limit, ...)``), in Hold'em, Omaha (4, 5 or 6 cards, or Hi/Lo) and 6+ Hold'em
(with blinds, or with antes and a button blind; RULES 11).
A hand of a game bigblind does not read (stud, draw) raises
:class:`OtherGameError` naming the game, so that a reader counts it apart (RULES 11.4).

>>> heading = read_heading(
...     "PokerStars Zoom Hand #1:  Hold'em No Limit ($0.02/$0.05) - 2017/01/03 23:59:25 ET",
...     "Table 'Donati' 6-max Seat #1 is the button")
>>> heading.structure.name, heading.low, heading.high, heading.currency, heading.kind
('NO_LIMIT', 2, 5, 'USD', 'zoom')
>>> read_heading("PokerStars Hand #3:  Omaha Hi/Lo Pot Limit ($1/$2 USD) - 2016/08/24 9:42:57 ET",
...     "Table 'Annagerman' 10-max Seat #9 is the button").game.name
'Omaha hi-lo'
>>> six = read_heading("PokerStars Hand #4:  6+ Hold'em No Limit (Button Blind $0.25 - Ante"
...     " $0.25  USD) - 2019/01/16 11:35:56 ET", "Table 'Saiph' 6-max Seat #3 is the button")
>>> six.game.code, six.button_blind, six.high, six.low
('short-deck', True, 25, 25)
>>> read_heading("PokerStars Hand #2:  Razz ($1/$2 USD) - 2016/08/24 9:42:57 ET", "")
Traceback (most recent call last):
...
bigblind.formats.pokerstars.heading.OtherGameError: hand #2 is of Razz, a game ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from bigblind.engine.rules import Structure
from bigblind.errors import HistoryError
from bigblind.evaluation.games import HOLDEM, SHORT_DECK_HOLDEM, Game
from bigblind.formats.pokerstars.games import GAME, LIMITS, game_of

__all__ = ["SYMBOLS", "Heading", "OtherGameError", "parse_amount", "read_heading"]

SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "Rs.": "INR", "¥": "CNY", "₹": "INR"}
"""The currency symbols PokerStars writes before amounts, and their codes."""

# A currency symbol: a known one, or one character of another (a file read in the
# wrong code page turns '€' into 'Ђ'; the code after the stakes still names it).
SYMBOL: Final = r"(?:Rs\.[ \u00a0]?|[^\s0-9()\[\]/|:,.+\-'\"])"
AMOUNT: Final = rf"{SYMBOL}?(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]{{1,15}})(?:\.[0-9]{{1,2}})?"
"""An amount as PokerStars writes it: ``$0.25``, ``€3``, ``Rs. 25``, ``1500``; GGPoker
writes thousands with commas, ``13,785``."""

_START: Final = re.compile(
    r"(?P<site>PokerStars|Poker|9stacks Poker) (?P<kind>Zoom |Home Game )?(?:Hand|Game)"
    r" #(?P<id>[A-Z]{0,4}[0-9]{1,20}): *(?:\{(?P<club>[^}]*)\} *)?(?P<rest>.*)"
)
_TOURNAMENT: Final = re.compile(
    r"(?P<zoom>Zoom )?Tournament #(?P<number>[0-9]{1,20}), (?P<body>.*)"
)
_LEVEL: Final = re.compile(
    r" - (?:Match Round (?P<round>[IVXLCDM]{1,12}), )?Level ?(?P<level>[IVXLCDM]{1,12}|[0-9]{1,4})"
    r" ?\((?P<stakes>[^()]*)\)(?: - (?P<when>.*))?$"
)
_CASH: Final = re.compile(
    r"(?P<game>.*?) \((?P<stakes>[^()]*)\)(?P<cap> - [^-]*Cap)?(?: - (?P<when>.*))?$"
)
# Not "$0.36+$0.04": a buy-in's digits before a plus are no 6+.
_SHORT_DECK: Final = re.compile(r"(?<![\w.])6\+ Hold'em|Hold'em 6\+|Short Deck|Six Plus", re.I)
_STAKES: Final = re.compile(
    rf"(?:ante (?P<ante>{AMOUNT}), )?(?:{{[^}}]*}} )?(?P<low>{AMOUNT})/(?P<high>{AMOUNT})"
    r"(?: (?P<code>[A-Z]{3}))?"
)
# 6+ Hold'em at PokerStars: antes from all and one blind from the button (RULES 11.3).
_BUTTON_STAKES: Final = re.compile(
    rf"Button Blind (?P<high>{AMOUNT}) - Ante (?P<low>{AMOUNT})(?:\s+(?P<code>[A-Z]{{3}}))?"
)
_TABLE: Final = re.compile(
    r"Table '(?P<name>.*)'(?P<middle>.*?) Seat #(?P<button>[0-9]{1,2}) is the button"
)
_MAX: Final = re.compile(r"\b(?P<max>[0-9]{1,2})-max\b")
# A time stamp; PokerStars adds Eastern time in brackets after the local one.
_WHEN: Final = re.compile(
    r"(?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
)
_ROMAN: Final = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
ACCEPTED: Final = (
    "'PokerStars Hand #N: ...', 'PokerStars Game #N: ...', 'PokerStars Zoom Hand #N: ...',"
    " 'PokerStars Home Game Hand #N: ...' or GGPoker's 'Poker Hand #RCN: ...', then the game,"
    " the stakes in brackets and the time"
)
"""The header forms a reader accepts, for its messages."""


class OtherGameError(HistoryError):
    """A hand of a game bigblind does not play (RULES 11.4): passed over, not failed."""

    def __init__(self, number: int | str, game: str) -> None:
        super().__init__(
            f"hand #{number} is of {game}, a game bigblind does not play"
            " (of PokerStars' games it reads Hold'em, 6+ Hold'em and Omaha with 4, 5 or 6"
            " cards or Hi/Lo, in no limit, pot limit and limit)"
        )
        self.number = number
        self.game = game


@dataclass(frozen=True, slots=True, kw_only=True)
class Heading:
    """What the header and table lines of a hand say.

    ``low`` and ``high`` are the stakes in chips: the blinds, or in a limit
    game the small and big bets. In a cash game for money (``currency`` set)
    a chip is a cent, or the hundredth of the currency. ``kind`` is ``'cash'``,
    ``'zoom'`` or ``'home'`` for a cash game, ``'tournament'`` for any other.
    """

    number: int | str
    """The hand's number; GGPoker's keep their letters (``'RC3796098298'``)."""
    structure: Structure
    game: Game = HOLDEM
    """The game played (RULES 11): hold'em, or Omaha with 4, 5 or 6 cards or hi/lo."""
    low: int
    high: int
    cents: bool
    currency: str | None
    kind: str
    table: str
    button: int
    seat_count: int | None = None
    tournament: int | None = None
    level: int | None = None
    buy_in: str | None = None
    round: int | None = None
    club: str | None = None
    capped: bool = False
    button_blind: bool = False
    """6+ Hold'em with antes and a button blind: ``high`` is the blind, ``low`` the ante."""
    when: datetime | None = None
    """The time the header gives: Eastern time where PokerStars writes it, else the site's."""
    site: str = "PokerStars"
    """The site that wrote the hand: ``'PokerStars'``, or ``'GGPoker'`` (the same form)."""


def read_heading(first: str, second: str) -> Heading:
    """Read a hand's header and table lines; :class:`OtherGameError` for other games.

    Raises :class:`~bigblind.errors.HistoryError` naming the line (``line 1``,
    ``line 2``) and the forms accepted.
    """
    start = _START.fullmatch(first.strip())
    if start is None:
        raise HistoryError(f"line 1 is not a PokerStars hand header: accepted are {ACCEPTED}")
    number: int | str = int(start["id"]) if start["id"].isdigit() else start["id"]
    if (start["site"] == "Poker") == start["id"].isdigit():
        # PokerStars numbers its hands; GGPoker puts letters before the number.
        raise HistoryError(f"line 1 is not a PokerStars hand header: accepted are {ACCEPTED}")
    rest = start["rest"]
    tournament = _TOURNAMENT.fullmatch(rest)
    round_: int | None = None
    level: int | None = None
    buy_in: str | None = None
    if tournament is not None:
        body = tournament["body"]
        found = _LEVEL.search(body)
        if found is None:
            raise HistoryError(
                f"hand #{number}, line 1: a tournament header names its level and stakes,"
                " '... - Level I (10/20) - 2021/07/30 9:00:00 ET'"
            )
        game, stakes = body[: found.start()], found["stakes"]
        level = _level(found["level"])
        round_ = _roman(found["round"]) if found["round"] else None
        named = GAME.search(game)
        buy_in = game[: named.start()].strip() if named else None
        capped = False
    else:
        cash = _CASH.fullmatch(rest)
        if cash is None:
            raise HistoryError(
                f"hand #{number}, line 1: the stakes are missing: a cash game's header reads"
                ' "Hold\'em No Limit ($0.25/$0.50 USD) - 2021/07/30 9:00:00 ET"'
            )
        game, stakes = cash["game"], cash["stakes"]
        if ", " in stakes:  # a mixed game: 'HORSE (Hold'em Limit, $0.10/$0.20 USD)'
            inner, stakes = stakes.rsplit(", ", 1)
            game = f"{game} ({inner.strip()})"
            stakes = stakes.strip()
        named = GAME.search(game)
        capped = cash["cap"] is not None or bool(named and named["cap"])
    played = game_of(named) if named is not None else None
    if played is HOLDEM and _SHORT_DECK.search(game):
        played = SHORT_DECK_HOLDEM
    if named is None or played is None:
        raise OtherGameError(number, game.strip() or "a game it does not name")
    structure = LIMITS[named["limit"]]
    read = _STAKES.fullmatch(stakes.strip())
    button_blind = False
    if read is None and played is SHORT_DECK_HOLDEM:
        read = _BUTTON_STAKES.fullmatch(stakes.strip())
        button_blind = read is not None
    if read is None:
        raise HistoryError(
            f"hand #{number}, line 1: cannot read the stakes ({stakes}):"
            " accepted are '10/20', '$0.25/$0.50 USD', 'Rs. 25/Rs. 50 INR'"
            + (", 'Button Blind $0.25 - Ante $0.25 USD'" if played is SHORT_DECK_HOLDEM else "")
        )
    symbol = _symbol(read["low"])
    currency = read["code"] or (SYMBOLS.get(symbol) if symbol else None)
    # A cash game for money, or one whose stakes have decimals (play money by hundredths),
    # or one its table says is for money (9stacks writes rupees with no symbol).
    fraction = _fraction(read) or "(Real Money)" in second
    # (A tournament's chips written with a currency symbol, as 888poker writes them, are
    # read as hundredths too, as every amount of the hand is.)
    cents = symbol is not None or (tournament is None and (read["code"] is not None or fraction))
    low = parse_amount(read["low"], cents=cents)
    high = parse_amount(read["high"], cents=cents)
    if low is None or high is None:
        raise HistoryError(
            f"hand #{number}, line 1: stakes {stakes!r}: chips are whole numbers in a"
            " tournament or a play-money game"
        )
    table = _TABLE.fullmatch(second.strip())
    if table is None:
        raise HistoryError(
            f"hand #{number}, line 2: the second line must be"
            " \"Table 'NAME' N-max Seat #K is the button\""
        )
    seats = _MAX.search(table["middle"])
    if tournament is not None:
        kind = "tournament"
    else:
        kind = {"Zoom ": "zoom", "Home Game ": "home"}.get(start["kind"] or "", "cash")
    return Heading(
        number=number,
        structure=structure,
        game=played,
        low=low,
        high=high,
        cents=cents,
        currency=currency if tournament is None or symbol is not None else None,
        kind=kind,
        table=table["name"],
        button=int(table["button"]),
        seat_count=int(seats["max"]) if seats else None,
        tournament=int(tournament["number"]) if tournament else None,
        level=level,
        buy_in=buy_in or None,
        round=round_,
        club=start["club"],
        capped=capped,
        button_blind=button_blind,
        site={"PokerStars": "PokerStars", "Poker": "GGPoker"}.get(start["site"], "9stacks"),
        when=_when(first),
    )


def parse_amount(text: str, *, cents: bool) -> int | None:
    """An amount in chips: hundredths where ``cents`` (or a symbol is written), else whole.

    None for a fraction of a whole chip.

    >>> parse_amount("$1.5", cents=True), parse_amount("Rs. 25", cents=True)
    (150, 2500)
    >>> parse_amount("1500", cents=False), parse_amount("7.5", cents=False)
    (1500, None)
    """
    symbol = _symbol(text)
    digits = text[len(symbol) :].strip() if symbol else text
    whole, _, fraction = digits.replace(",", "").partition(".")
    if cents or symbol:
        return int(whole) * 100 + int(fraction.ljust(2, "0") or 0)
    if fraction.strip("0"):
        return None
    return int(whole)


def _fraction(stakes: re.Match[str]) -> bool:
    """Whether stakes are written with hundredths (``0.01/0.02``)."""
    return "." in stakes["low"] or "." in stakes["high"]


def _when(header: str) -> datetime | None:
    """The header's time: the Eastern one in brackets where given, else the first."""
    stamps = list(_WHEN.finditer(header))
    eastern = [m for m in stamps if header[m.end() : m.end() + 3] == " ET"]
    for found in [*eastern, *stamps][:1]:
        try:
            return datetime.strptime(f"{found['date']} {found['time']}", "%Y/%m/%d %H:%M:%S")
        except ValueError:
            return None  # a date that is no date (2021/13/45): the time is unknown
    return None


def _symbol(amount: str) -> str | None:
    """The currency symbol an amount starts with, or None."""
    if amount.startswith("Rs."):
        return "Rs."
    return amount[0] if amount and not amount[0].isdigit() else None


def _level(text: str) -> int:
    return int(text) if text.isdigit() else _roman(text)


def _roman(text: str) -> int:
    """``'XIV'`` as 14: a letter before a larger one is taken away."""
    values = [_ROMAN[c] for c in text]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))
