"""Cards as small ints, their text form, and the deck (RULES 1).

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

import math
import random
import re
import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from bigblind.errors import CardError

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "Deck",
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


def _lehmer_code(size: int, draw: Callable[[int], int]) -> int:
    """A uniform number below size! (RULES 1.2: every order equally likely).

    One draw of enough random bits, redrawn until it falls below size!, read
    as the Lehmer code of a permutation: exact, and one call to the source.
    """
    orders = _FACTORIALS[size]
    bits = orders.bit_length()
    code = draw(bits)
    while code >= orders:
        code = draw(bits)
    return code


def _shuffle(cards: Sequence[Card], draw: Callable[[int], int]) -> tuple[Card, ...]:
    """A uniformly random order of ``cards``."""
    code = _lehmer_code(len(cards), draw)
    pool = list(cards)
    out = []
    for size in range(len(pool), 0, -1):
        code, index = divmod(code, size)
        out.append(pool.pop(index))
    return tuple(out)


_FACTORIALS: Final = tuple(math.factorial(k) for k in range(53))


class Deck:
    """A deck of cards to deal from the top (RULES 1.2).

    ``Deck()`` is shuffled by a cryptographically secure source;
    ``Deck.shuffled(seed=...)`` is reproducible; ``Deck.stacked(...)`` puts
    given cards on top in the order given (for replays and live dealing).

    >>> deck = Deck.shuffled(seed=7)
    >>> len(deck), len(set(deck.cards))
    (52, 52)
    >>> Deck.shuffled(seed=7).cards == deck.cards
    True
    >>> Deck.stacked("As Kd").deal(2)
    (Card('As'), Card('Kd'))
    """

    __slots__ = ("_cards", "_code", "_pool", "_top")

    def __init__(self, cards: Sequence[int] | None = None) -> None:
        # A shuffled deck decodes its order lazily from one Lehmer code: a hand
        # deals a score of cards, and the rest need never be worked out.
        self._top = 0
        self._cards: list[Card]
        self._pool: list[Card] = []
        self._code = 0
        if cards is None:
            self._shuffle(secrets.randbits)
            return
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
                raise CardError(f"a deck holds card numbers 0 to 51, not {card!r}")
        if len(set(cards)) != len(cards):
            raise CardError(f"a deck cannot hold a card twice: {format_cards(cards, ' ')}")
        self._cards = [CARDS[c] for c in cards]

    def _shuffle(self, draw: Callable[[int], int]) -> None:
        self._cards = []
        self._pool = list(CARDS)
        self._code = _lehmer_code(52, draw)

    def _decode(self, count: int) -> None:
        """Work out the order down to card ``count`` from the top, and a few more."""
        cards, pool, code = self._cards, self._pool, self._code
        count += 8  # burns and board come one by one: decode a hand's worth ahead
        left = len(pool)
        for size in range(left, max(left - (count - len(cards)), 0), -1):
            code, index = divmod(code, size)
            cards.append(pool.pop(index))
        self._code = code

    @classmethod
    def shuffled(cls, seed: int | None = None) -> Deck:
        """A shuffled deck; the same ``seed`` gives the same order."""
        if seed is None:
            return cls()
        deck = cls.__new__(cls)
        deck._top = 0
        deck._shuffle(random.Random(seed).getrandbits)
        return deck

    @classmethod
    def stacked(cls, top: str | Iterable[str | int], *, seed: int | None = None) -> Deck:
        """A deck with ``top`` dealt first, then the other cards shuffled."""
        first = parse_cards(top)
        taken = set(first)
        rest = [c for c in CARDS if c not in taken]
        draw = secrets.randbits if seed is None else random.Random(seed).getrandbits
        return cls([*first, *_shuffle(rest, draw)])

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, dealt ones included, top first."""
        self._decode(52)
        return tuple(self._cards)

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) + len(self._pool) - self._top

    def __len__(self) -> int:
        return self.remaining

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards off the top."""
        start = self._top
        end = start + count
        if end > len(self._cards):
            if count < 0:
                raise CardError(f"cannot deal {count} cards: the count must be 0 or more")
            if count > self.remaining:
                raise CardError(f"cannot deal {count} cards: only {self.remaining} are left")
            self._decode(end)
        elif count < 0:
            raise CardError(f"cannot deal {count} cards: the count must be 0 or more")
        self._top = end
        return tuple(self._cards[start:end])

    def deal_one(self) -> Card:
        """Take the top card."""
        top = self._top
        if top >= len(self._cards):
            if not self._pool:
                raise CardError("cannot deal a card: the deck is empty")
            self._decode(top + 1)
        self._top = top + 1
        return self._cards[top]

    def __repr__(self) -> str:
        return f"Deck({self.remaining} cards left)"
