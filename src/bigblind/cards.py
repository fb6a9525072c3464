"""Cards as small ints and their text form (RULES 1); the deck is in :mod:`bigblind.deck`.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, ranks 0 (deuce) to
12 (ace), suits 0 to 3 (clubs, diamonds, hearts, spades). :class:`Card` is an
``int`` subclass that prints as text, so cards index lookup tables directly.

>>> Card.parse("As")
Card('As')
>>> parse_cards("AsKd 10c")
(Card('As'), Card('Kd'), Card('Tc'))
>>> format_cards(parse_cards("As Kd"))
'AsKd'
>>> int(Card.parse("2c")), int(Card.parse("As"))
(0, 51)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from bigblind.errors import CardError

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "format_cards",
    "parse_cards",
]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
_ACCEPTED: Final = (
    "a rank 2-9, T (or 10), J, Q, K, A followed by a suit c, d, h, s"
    " (or ♣ ♦ ♥ ♠), e.g. 'As', 'Td', 'A♠'"
)
_SUIT_SYMBOLS: Final = {
    "♣": "c",
    "♧": "c",
    "♦": "d",
    "♢": "d",
    "♥": "h",
    "♡": "h",
    "♠": "s",
    "♤": "s",
}
# ASCII only: under plain IGNORECASE the Kelvin sign would match 'k' and the long s 's'.
_TOKEN = re.compile(r"(10|[2-9TJQKA])([cdhs♣♧♦♢♥♡♠♤])", re.IGNORECASE | re.ASCII)


class Card(int):
    """One card: an ``int`` 0..51 that prints as ``'As'``.

    >>> c = Card.parse("Td")
    >>> c.rank, c.suit, str(c)
    (8, 1, 'Td')
    >>> Card(51) is Card.parse("as")
    False
    >>> Card(51) == Card.parse("as")
    True
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            # Card('Ah') reads as the repr suggests; Card.parse is the documented way.
            return cls.parse(value)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 52:
            raise CardError(
                f"card number {_short(value)} is out of range: accepted are 0 to 51,"
                " or a card text such as Card('Ah')"
            )
        return super().__new__(cls, value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card such as ``'As'``, ``'Td'`` or ``'10d'``."""
        match = _TOKEN.fullmatch(text.strip())
        if match is None:
            raise CardError(f"cannot read card {_short(text)}: expected {_ACCEPTED}")
        return CARDS[card_index(match.group(1), match.group(2))]

    @property
    def rank(self) -> int:
        """Rank 0 (deuce) to 12 (ace)."""
        return self >> 2

    @property
    def suit(self) -> int:
        """Suit 0 to 3: clubs, diamonds, hearts, spades."""
        return self & 3

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def card_index(rank: str, suit: str) -> int:
    """The number of the card with rank text ``rank`` and suit text ``suit`` (or symbol).

    >>> card_index("A", "♠"), card_index("10", "d")
    (51, 33)
    """
    rank = "T" if rank == "10" else rank.upper()
    suit = _SUIT_SYMBOLS.get(suit, suit.lower())
    if len(rank) != 1 or rank not in RANKS or len(suit) != 1 or suit not in SUITS:
        raise CardError(f"cannot read card {_short(rank + suit)}: expected {_ACCEPTED}")
    return RANKS.index(rank) * 4 + SUITS.index(suit)


def _short(value: object) -> str:
    """``repr(value)``, cut short when long (a number of thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "of more than 20 digits"
    text = repr(value)
    if len(text) <= 40:
        return text
    if isinstance(value, str):
        return repr(value[:30])[:-1] + f"...' ({len(value)} characters)"
    return text[:37] + "..."


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))


def parse_cards(text: str | Iterable[str | int]) -> tuple[Card, ...]:
    """Parse cards written together or apart: ``'AsKd'``, ``'As Kd'``, ``'10d'``.

    Also accepts an iterable of card texts or card numbers.

    >>> parse_cards("Jc Ts 2d")
    (Card('Jc'), Card('Ts'), Card('2d'))
    >>> parse_cards("As Ax")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.CardError: cannot read cards 'As Ax' at 'Ax': expected a rank 2-9, T (or 10)...
    """
    if not isinstance(text, str):
        out: list[Card] = []
        for item in text:
            if isinstance(item, str):
                out.extend(parse_cards(item))
            elif isinstance(item, int) and not isinstance(item, bool):
                out.append(CARDS[item] if 0 <= item < 52 else Card(item))
            else:
                raise CardError(f"cannot read card {_short(item)}: expected a card text or 0 to 51")
        return tuple(out)
    cards: list[Card] = []
    pos = 0
    compact = text.replace(",", " ")
    length = len(compact)
    while pos < length:
        if compact[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(compact, pos)
        if match is None:
            bad = compact[pos:].split()[0]
            start = pos
            while start > 0 and not compact[start - 1].isspace():
                start -= 1
            word = compact[start:].split()[0]
            where = _short(bad) if start == pos else f"{_short(bad)} in {_short(word)}"
            raise CardError(f"cannot read cards {_short(text)} at {where}: expected {_ACCEPTED}")
        cards.append(CARDS[card_index(match.group(1), match.group(2))])
        pos = match.end()
    return tuple(cards)


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """Write cards as text, joined by ``sep``.

    >>> format_cards([51, 45], sep=" ")
    'As Kd'
    """
    return sep.join(RANKS[c >> 2] + SUITS[c & 3] for c in cards)
