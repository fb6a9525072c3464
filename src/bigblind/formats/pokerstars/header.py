"""The first lines of a PokerStars hand: the header (game, stakes, tournament, time) and table.

>>> Tournament(1, level=14).level_text
'XIV'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bigblind.engine.hand import Hand
from bigblind.engine.rules import Structure
from bigblind.engine.views import SeenHand
from bigblind.errors import HistoryError
from bigblind.formats.names import check_name
from bigblind.formats.pokerstars.games import game_name

__all__ = ["Tournament", "eastern_now"]

_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_CODES: Final = {code: symbol for symbol, code in _CURRENCIES.items()}
_ROMAN: Final = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"))
_ROMAN_SMALL: Final = ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


@dataclass(frozen=True, slots=True)
class Tournament:
    """The tournament a hand belongs to, for the header line.

    ``number`` is the tournament's id, ``level`` the blind level (written in
    Roman numerals, ``Level IV``). ``buy_in`` lists the parts of the buy-in as
    PokerStars writes them, the prize-pool share first and the fee last, e.g.
    ``(319, 31)`` for ``$3.19+$0.31 USD`` (cents, with the hand's currency) or
    ``(4500, 500)`` for a play-money ``4500+500``; empty for a freeroll.

    >>> Tournament(797469411, level=4, buy_in=(319, 31)).level_text
    'IV'
    """

    number: int
    level: int = 1
    buy_in: tuple[int, ...] = ()

    @property
    def level_text(self) -> str:
        """The level in Roman numerals."""
        return _roman(self.level)


def header_line(
    hand: Hand | SeenHand,
    hand_id: int,
    when: datetime,
    symbol: str,
    code: str,
    tournament: Tournament | None,
) -> str:
    if isinstance(hand_id, bool) or not isinstance(hand_id, int) or hand_id < 1:
        raise HistoryError(f"hand id {hand_id!r} must be a whole number of at least 1")
    rules = hand.rules
    game = game_name(rules)
    if rules.structure is Structure.FIXED_LIMIT:
        low, high = rules.small_bet, rules.big_bet
    else:
        low, high = rules.small_blind, rules.big_blind
    stamp = _eastern(when)
    if tournament is not None:
        if isinstance(tournament.number, bool) or not isinstance(tournament.number, int):
            raise HistoryError(f"tournament number {tournament.number!r} must be a whole number")
        if not isinstance(tournament.level, int) or tournament.level < 1:
            raise HistoryError(f"tournament level {tournament.level!r} must be 1 or more")
        if any(not isinstance(p, int) or p < 0 for p in tournament.buy_in):
            raise HistoryError(f"buy-in {tournament.buy_in!r} must be whole amounts, 0 or more")
        if not any(tournament.buy_in):
            buy_in = "Freeroll "  # PokerStars leaves two spaces after the word
        elif symbol:
            buy_in = "+".join(symbol + f"{p // 100}.{p % 100:02d}" for p in tournament.buy_in)
            buy_in += f" {code}"
        else:
            buy_in = "+".join(str(p) for p in tournament.buy_in)
        return (
            f"PokerStars Hand #{hand_id}: Tournament #{tournament.number}, {buy_in} {game}"
            f" - Level {tournament.level_text} ({low}/{high}) - {stamp}"
        )
    if rules.button_blind:  # 6+ Hold'em's antes and button blind, as PokerStars names them
        blind, ante = _money(rules.big_blind, symbol), _money(rules.ante, symbol)
        stakes = f"Button Blind {blind} - Ante {ante}" + (f"  {code}" if symbol else "")
    elif symbol:
        if low % 100 or high % 100:
            stakes = f"{symbol}{low // 100}.{low % 100:02d}/{symbol}{high // 100}.{high % 100:02d}"
        else:
            stakes = f"{symbol}{low // 100}/{symbol}{high // 100}"
        stakes += f" {code}"
    else:
        stakes = f"{low}/{high}"
    return f"PokerStars Hand #{hand_id}:  {game} ({stakes}) - {stamp}"


def _money(amount: int, symbol: str | None) -> str:
    """Chips as the header writes them: hundredths after a currency symbol."""
    if not symbol:
        return str(amount)
    cents = f".{amount % 100:02d}" if amount % 100 else ""
    return f"{symbol}{amount // 100}{cents}"


def table_line(table: str, max_seats: int, button: int, *, play: bool) -> str:
    check_name(table, what="table name")
    if "'" in table:
        raise HistoryError(f"table name {table!r} must be one line of text without quotes")
    money = " (Play Money)" if play else ""
    return f"Table '{table}' {max_seats}-max{money} Seat #{button} is the button"


def eastern_now() -> datetime:
    """Now as a naive Eastern time, the clock PokerStars stamps its hands by (local time
    where the system has no time-zone data).

    >>> eastern_now().tzinfo is None
    True
    """
    try:
        return datetime.now(ZoneInfo("America/New_York")).replace(tzinfo=None)
    except ZoneInfoNotFoundError:  # pragma: no cover - systems without time-zone data
        return datetime.now()


def _eastern(when: datetime) -> str:
    """PokerStars' time stamp: Eastern time, the hour without a leading zero."""
    if not isinstance(when, datetime):
        raise HistoryError(f"when {when!r} must be a datetime")
    if when.tzinfo is not None:
        try:
            when = when.astimezone(ZoneInfo("America/New_York"))
        except ZoneInfoNotFoundError:
            raise HistoryError(
                "no time-zone data to convert to Eastern time: pass a naive Eastern datetime"
            ) from None
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S} ET"


def cents_text(amount: int) -> str:
    """``150`` as ``'1.50'``, ``200`` as ``'2'``: PokerStars drops ``.00`` from amounts."""
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}" if cents else str(whole)


def currency_marks(currency: str | None) -> tuple[str, str]:
    if currency is None:
        return "", ""
    if currency in _CURRENCIES:
        return currency, _CURRENCIES[currency]
    if currency in _CODES:
        return _CODES[currency], currency
    accepted = ", ".join([*_CURRENCIES, *_CODES])
    raise HistoryError(
        f"currency {currency!r} is not one PokerStars plays for: accepted {accepted}"
    )


def _roman(number: int) -> str:
    out = []
    for value, letters in (*_ROMAN, *_ROMAN_SMALL):
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)
