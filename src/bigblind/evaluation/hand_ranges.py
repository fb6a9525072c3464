"""Ranges of Omaha hands (4, 5 or 6 cards) in the usual notation: ``AAxx``, ``AKQJds``.

A :class:`HandRange` is a set of hands of one size, each a tuple of
:class:`~bigblind.cards.Card` from the highest down. The notation, comma
separated, case-insensitive, one pattern per hand size:

* ranks and wildcards: ``AAxx`` (or ``AA**``) is every hand with two aces or more
  and any other cards; ``AKQJ`` every hand of those four ranks; ``KKxxx`` five cards;
* a rank may carry its suit: ``AsAhxx`` holds those two aces and any two cards;
* a suit pattern after the ranks: ``ds`` double-suited (two cards of each of two
  suits), ``ss`` single-suited (two cards of one suit, the others of two other
  suits), ``r`` rainbow (no two cards of a suit), for four cards;
* one hand written out: ``AsKsQdJd`` (spaces allowed, ``As Ks Qd Jd``);
* ``random``: every hand of the size.

>>> len(HandRange.parse("AAxx")), len(HandRange.parse("AKQJds")), len(HandRange.parse("AKQJ"))
(6961, 36, 256)
>>> HandRange.parse("AsKsQdJd").hands
((Card('As'), Card('Ks'), Card('Qd'), Card('Jd')),)
>>> len(HandRange.parse("KKxxx", size=5)), len(HandRange.parse("random", size=4))
(108336, 270725)
>>> HandRange.parse("AAx")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bigblind.evaluation.ranges.RangeError: cannot read the range 'AAx': 'AAx' at column 1 has 3 cards...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from math import comb
from typing import Final

from bigblind.cards import CARDS, RANKS, SUITS, Card
from bigblind.evaluation.ranges import RangeError

__all__ = ["HandRange", "parse_hand_range"]

_ACCEPTED: Final = (
    "patterns of ranks and wildcards (AAxx, AA**, AKQJ), ranks with suits (AsAhxx), a suit"
    " pattern after four cards (ds double-suited, ss single-suited, r rainbow), one hand"
    " (AsKsQdJd) or random, separated by commas"
)
_ITEM = re.compile(r"(10|[2-9TJQKA])([CDHS]?)|([X*])", re.IGNORECASE)
_SUITS_AFTER = re.compile(r"^(.*?)(DS|SS|R)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRange:
    """A frozen set of hands of ``size`` cards, each highest card first.

    >>> r = HandRange.parse("AAxx, KKQQ")
    >>> len(r), r.size, str(r)
    (6997, 4, 'AAxx, KKQQ')
    >>> len(r.excluding([Card.parse("As")])) < len(r)
    True
    """

    hands: tuple[tuple[Card, ...], ...]
    size: int
    notation: str
    everything: bool = False
    """Every hand of the size (``random``): ``hands`` is then empty, as a list of them
    would be millions long; :meth:`excluding` keeps it so and equity deals from the deck."""

    @classmethod
    def parse(cls, text: str, *, size: int = 4) -> HandRange:
        """Read a range of hands of ``size`` cards (see the module)."""
        return parse_hand_range(text, size=size)

    def __len__(self) -> int:
        """The number of hands, every hand of the size for ``random``."""
        return comb(52, self.size) if self.everything else len(self.hands)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return iter(self.hands)

    def __str__(self) -> str:
        return self.notation

    def excluding(self, cards: Iterable[int]) -> HandRange:
        """The hands holding none of ``cards``."""
        dead = set(cards)
        kept = tuple(h for h in self.hands if not dead.intersection(h))
        return HandRange(
            hands=kept, size=self.size, notation=self.notation, everything=self.everything
        )


def parse_hand_range(text: str, *, size: int = 4) -> HandRange:
    """A :class:`HandRange` of hands of ``size`` cards (4, 5 or 6) from its notation.

    >>> [len(parse_hand_range(t)) for t in ("AA**", "AAKKds", "AKQJr", "As Ks Qd Jd, AAAA")]
    [6961, 6, 24, 2]
    """
    if size not in (4, 5, 6):
        raise RangeError(f"Omaha hands hold 4, 5 or 6 cards, not {size!r}")
    if not isinstance(text, str) or not text.strip():
        raise RangeError(f"cannot read the range {text!r}: accepted are {_ACCEPTED}")
    notation = ", ".join(p.strip() for p in text.split(","))
    found: set[tuple[Card, ...]] = set()
    column = 1
    everything = False
    for part in text.split(","):
        token = part.strip()
        at = column + len(part) - len(part.lstrip())
        column += len(part) + 1
        if not token:
            raise RangeError(f"cannot read the range {text!r}: an empty item at column {at}")
        if token.lower() == "random":
            everything = True
        else:
            found.update(_hands(token, size, text, at))
    if everything:
        return HandRange(hands=(), size=size, notation=notation, everything=True)
    return HandRange(hands=tuple(sorted(found, reverse=True)), size=size, notation=notation)


def _hands(token: str, size: int, text: str, at: int) -> set[tuple[Card, ...]]:
    match = _SUITS_AFTER.match(token.replace(" ", ""))
    assert match is not None
    body, suits = match.group(1), (match.group(2) or "").lower()
    items: list[tuple[int | None, int | None]] = []
    rest = body
    while rest:
        item = _ITEM.match(rest)
        if item is None:
            raise _error(text, token, at, f"{rest[:1]!r} is not a rank, suit or wildcard")
        rank_text, suit_text, wild = item.groups()
        if wild:
            items.append((None, None))
        else:
            rank = RANKS.index("T" if rank_text == "10" else rank_text.upper())
            items.append((rank, SUITS.index(suit_text.lower()) if suit_text else None))
        rest = rest[item.end() :]
    if len(items) != size:
        raise _error(text, token, at, f"has {len(items)} cards, not {size}")
    if suits and size != 4:
        raise _error(text, token, at, "suit patterns (ds, ss, r) are for four cards")
    hands = _matching(items, size)
    if suits:
        wanted = {"ds": [2, 2], "ss": [2, 1, 1], "r": [1, 1, 1, 1]}[suits]
        hands = {
            h for h in hands if sorted(Counter(c & 3 for c in h).values(), reverse=True) == wanted
        }
    if not hands:
        raise _error(text, token, at, "holds no hand (a card twice, or five of a rank?)")
    return hands


def _matching(items: list[tuple[int | None, int | None]], size: int) -> set[tuple[Card, ...]]:
    """Every hand whose cards fill the items: a rank (and suit) each, or anything."""
    choices: list[list[int]] = []
    wild = 0
    for rank, suit in items:
        if rank is None:
            wild += 1
        elif suit is None:
            choices.append([4 * rank + s for s in range(4)])
        else:
            choices.append([4 * rank + suit])
    out: set[tuple[Card, ...]] = set()
    for fixed in product(*choices):
        if len(set(fixed)) != len(fixed):
            continue
        left = [c for c in range(52) if c not in fixed]
        for extra in combinations(left, wild):
            out.add(tuple(CARDS[c] for c in sorted((*fixed, *extra), reverse=True)))
    return out


def _error(text: str, token: str, at: int, why: str) -> RangeError:
    return RangeError(
        f"cannot read the range {text!r}: {token!r} at column {at} {why}; accepted are {_ACCEPTED}"
    )
