"""The deck: cards dealt from the top, every order equally likely (RULES 1.2).

A module of its own so that the build can compile it with the engine, which
deals from it on every hand, while :class:`~bigblind.cards.Card` stays a Python
``int`` subclass. :mod:`bigblind.cards` and :mod:`bigblind` export it too.

>>> from bigblind import Deck
>>> Deck.stacked("As Kd").deal(2)
(Card('As'), Card('Kd'))
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from bigblind.cards import CARDS, Card, format_cards, parse_cards
from bigblind.errors import CardError

__all__ = ["Deck"]

_FACTORIALS: Final = tuple(math.factorial(k) for k in range(53))
_SPAN: Final = 10  # digits of a Lehmer code read at once: their radix, at most 52!/42!, fits a word
_SPAN_RADIX: Final = tuple(math.perm(size, min(size, _SPAN)) for size in range(53))


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
        if len(cards) == 0:  # Deck.shuffled starts from an empty deck: nothing to check
            self._cards = []
            return
        given: Sequence[object] = cards  # as given: compiled, an int would take True for 1
        for card in given:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
                raise CardError(f"a deck holds card numbers 0 to 51, not {card!r}")
        if len(set(cards)) != len(cards):
            raise CardError(f"a deck cannot hold a card twice: {format_cards(cards, ' ')}")
        self._cards = [CARDS[c] for c in cards]

    def _shuffle(self, draw: Callable[[int], int], cards: Sequence[Card] = CARDS) -> None:
        self._cards = []
        self._pool = list(cards)
        self._code = _lehmer_code(len(cards), draw)

    def _decode(self, count: int) -> None:
        """Work out the order down to card ``count`` from the top, or a little further."""
        cards, pool, code = self._cards, self._pool, self._code
        while len(cards) < count and pool:
            # The code's digits a span at a time: one division of the big code by the
            # span's radix, then divisions of word-sized numbers, far cheaper than big ones.
            size = len(pool)
            code, digits = divmod(code, _SPAN_RADIX[size])
            for base in range(size, max(size - _SPAN, 0), -1):
                cards.append(pool.pop(digits % base))
                digits //= base
        self._code = code

    @classmethod
    def shuffled(cls, seed: int | None = None, *, cards: Sequence[int] | None = None) -> Deck:
        """A shuffled deck; the same ``seed`` gives the same order.

        ``cards`` are the deck's cards where the game plays with fewer than 52
        (short deck's 36, RULES 11.3); a seed of None shuffles securely.

        >>> from bigblind.evaluation import SHORT_DECK
        >>> deck = Deck.shuffled(seed=3, cards=SHORT_DECK)
        >>> len(deck), set(deck.cards) == set(SHORT_DECK)
        (36, True)
        """
        if cards is None and seed is None:
            return cls()
        pool = CARDS if cards is None else cls(cards)._cards  # checked as a deck's cards
        deck = cls(())  # no cards yet: the shuffle below gives them
        deck._shuffle(secrets.randbits if seed is None else random.Random(seed).getrandbits, pool)
        return deck

    @classmethod
    def stacked(
        cls,
        top: str | Iterable[str | int],
        *,
        seed: int | None = None,
        cards: Sequence[int] | None = None,
    ) -> Deck:
        """A deck with ``top`` dealt first, then the other cards (of ``cards``, by
        default all 52) shuffled."""
        first = parse_cards(top)
        taken = set(first)
        rest = [c for c in (CARDS if cards is None else cls(cards)._cards) if c not in taken]
        draw = secrets.randbits if seed is None else random.Random(seed).getrandbits
        return cls([*first, *_shuffle(rest, draw)])

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, dealt ones included, top first."""
        self._decode(52)  # or all there are, in a smaller deck
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
