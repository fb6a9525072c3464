"""Hand ranges in the usual notation: ``QQ+``, ``22-55``, ``ATs+``, ``A5s-A2s``, ``AhKh``.

A :class:`Range` is a frozen set of two-card combos, each a pair of
:class:`~bigblind.cards.Card` with the higher card first. The notation, comma
separated, case-insensitive:

* ``QQ`` a pair (6 combos), ``QQ+`` that pair and every higher one, ``22-55``
  the pairs from one to the other;
* ``AKs`` suited (4 combos), ``AKo`` offsuit (12), ``AK`` both (16);
* ``ATs+`` the kicker raised up to one below the top card (ATs, AJs, AQs,
  AKs), likewise ``KTo+`` and ``AT+``; ``A5s-A2s`` the kickers between two
  hands with the same top card;
* ``AhKh`` one combo (``Ah Kh`` and ``10h`` are read too);
* ``random`` every one of the 1,326 combos.

>>> r = Range.parse("QQ+, AKs")
>>> len(r), str(r), r.notation
(22, 'QQ+, AKs', 'QQ+, AKs')
>>> len(Range.parse("random")), len(Range.parse("22-44, A5s-A2s, KTo+"))
(1326, 70)
>>> Range.parse("AhKh").combos
((Card('Ah'), Card('Kh')),)
>>> Range.parse("QQ+, AXs")
Traceback (most recent call last):
...
bigblind.evaluation.ranges.RangeError: cannot read range ...: 'AXs' at column 6 is not a hand; ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from bigblind.cards import CARDS, RANKS, Card, format_cards
from bigblind.errors import BigblindError

__all__ = [
    "STARTING_HANDS",
    "Combo",
    "Range",
    "RangeError",
    "class_combos",
    "parse_range",
    "starting_hand",
]

Combo = tuple[Card, Card]
"""Two distinct cards, the higher first."""


class RangeError(BigblindError):
    """Range notation that cannot be read; the message quotes the bad part and its column."""


_ACCEPTED: Final = (
    "a pair (QQ, QQ+, 22-55), a suited or offsuit hand (AKs, AKo, AK, ATs+, KTo+,"
    " A5s-A2s), one combo (AhKh) or random, separated by commas"
)
_RANK = r"(10|[2-9TJQKA])"
_CLASS = re.compile(_RANK + _RANK + r"([SO]?)", re.IGNORECASE)
_PLUS = re.compile(_RANK + _RANK + r"([SO]?)\+", re.IGNORECASE)
_SPAN = re.compile(_RANK + _RANK + r"([SO]?)\s*-\s*" + _RANK + _RANK + r"([SO]?)", re.IGNORECASE)
_COMBO = re.compile(_RANK + r"([CDHS])\s*" + _RANK + r"([CDHS])", re.IGNORECASE)
_RANDOM: Final = "random"


def _rank(text: str) -> int:
    return RANKS.index("T" if text == "10" else text.upper())


def _combo(a: int, b: int) -> Combo:
    return (CARDS[a], CARDS[b]) if a > b else (CARDS[b], CARDS[a])


_ALL: Final[tuple[Combo, ...]] = tuple(
    sorted((_combo(a, b) for a, b in combinations(range(52), 2)), reverse=True)
)


def class_combos(high: int, low: int, suited: bool | None = None) -> tuple[Combo, ...]:
    """The combos of a starting hand by ranks (0 = deuce .. 12 = ace).

    ``suited`` is None for a pair or for both suited and offsuit hands.

    >>> len(class_combos(12, 12)), len(class_combos(12, 11, True)), len(class_combos(12, 11))
    (6, 4, 16)
    """
    if high < low:
        high, low = low, high
    out = []
    for s in range(4):
        for t in range(4):
            a, b = high * 4 + s, low * 4 + t
            if a <= b:
                continue
            if high != low and suited is not None and (s == t) != suited:
                continue
            out.append(_combo(a, b))
    return tuple(sorted(out, reverse=True))


def starting_hand(combo: Iterable[int]) -> str:
    """The starting-hand class of two cards: ``'AA'``, ``'AKs'`` or ``'AKo'``.

    >>> from bigblind.cards import parse_cards
    >>> starting_hand(parse_cards("Kh Ah")), starting_hand(parse_cards("7c 2d"))
    ('AKs', '72o')
    """
    a, b = sorted(combo, reverse=True)
    high, low = a >> 2, b >> 2
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if a & 3 == b & 3 else "o")


def _starting_hands() -> tuple[str, ...]:
    names = []
    for high in range(12, -1, -1):
        names.append(RANKS[high] * 2)
        for low in range(high - 1, -1, -1):
            names += [RANKS[high] + RANKS[low] + "s", RANKS[high] + RANKS[low] + "o"]
    return tuple(names)


STARTING_HANDS: Final = _starting_hands()
"""The 169 starting-hand classes: AA, AKs, AKo, AQs, ..., 32o, 22 (ace first)."""


def _token_combos(token: str) -> Sequence[Combo] | str:
    """The combos of one token, or why it cannot be read."""
    if token.lower() == _RANDOM:
        return _ALL
    match = _COMBO.fullmatch(token)
    if match is not None:
        r1, s1, r2, s2 = match.groups()
        a = _rank(r1) * 4 + "cdhs".index(s1.lower())
        b = _rank(r2) * 4 + "cdhs".index(s2.lower())
        if a == b:
            return f"uses {format_cards([a])} twice"
        return [_combo(a, b)]
    match = _CLASS.fullmatch(token)
    if match is not None:
        return _class(match.group(1), match.group(2), match.group(3), plus=False)
    match = _PLUS.fullmatch(token)
    if match is not None:
        return _class(match.group(1), match.group(2), match.group(3), plus=True)
    match = _SPAN.fullmatch(token)
    if match is not None:
        return _span(*match.groups())
    return "is not a hand"


def _suitedness(text: str) -> bool | None:
    return None if not text else text.lower() == "s"


def _class(r1: str, r2: str, kind: str, *, plus: bool) -> list[Combo] | str:
    high, low = sorted((_rank(r1), _rank(r2)), reverse=True)
    suited = _suitedness(kind)
    if high == low:
        if suited is not None:
            return "is a pair, which is neither suited nor offsuit"
        tops = range(high, 13) if plus else (high,)
        return [c for r in tops for c in class_combos(r, r)]
    kickers = range(low, high) if plus else (low,)
    return [c for k in kickers for c in class_combos(high, k, suited)]


def _span(r1: str, r2: str, k1: str, r3: str, r4: str, k2: str) -> list[Combo] | str:
    a = sorted((_rank(r1), _rank(r2)), reverse=True)
    b = sorted((_rank(r3), _rank(r4)), reverse=True)
    if a[0] == a[1] or b[0] == b[1]:
        if a[0] != a[1] or b[0] != b[1] or k1 or k2:
            return "mixes a pair with other hands; write pairs as 22-55"
        low, high = sorted((a[0], b[0]))
        return [c for r in range(low, high + 1) for c in class_combos(r, r)]
    if a[0] != b[0]:
        return "needs the same top card at both ends, as in A5s-A2s"
    if k1.lower() != k2.lower():
        return "needs the same suitedness at both ends, as in A5s-A2s"
    low, high = sorted((a[1], b[1]))
    return [c for k in range(low, high + 1) for c in class_combos(a[0], k, _suitedness(k1))]


def _tokens(text: str) -> Iterator[tuple[str, int]]:
    """The comma-separated tokens of ``text``, stripped, each with its 0-based start."""
    start = 0
    for piece in text.split(","):
        stripped = piece.strip()
        offset = len(piece) - len(piece.lstrip())
        yield stripped, start + offset
        start += len(piece) + 1


def _error(text: str, token: str, at: int, why: str) -> RangeError:
    if token:
        return RangeError(
            f"cannot read range {text!r}: {token!r} at column {at + 1} {why}; expected {_ACCEPTED}"
        )
    return RangeError(
        f"cannot read range {text!r}: nothing between commas at column {at + 1}; "
        f"expected {_ACCEPTED}"
    )


def parse_range(text: str) -> Range:
    """Read range notation (see the module docs); same as :meth:`Range.parse`.

    >>> len(parse_range("AK")), len(parse_range("aks, 22"))
    (16, 10)
    >>> parse_range("AKs, A5s-K2s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.evaluation.ranges.RangeError: cannot read range ...: 'A5s-K2s' at column 6 needs ...
    """
    if not isinstance(text, str):
        raise RangeError(f"cannot read range {text!r}: range notation is a string")
    if not text.strip():
        raise RangeError(f"cannot read range {text!r}: it is empty; expected {_ACCEPTED}")
    combos: set[Combo] = set()
    for token, at in _tokens(text):
        result = _token_combos(token) if token else "is empty"
        if isinstance(result, str):
            raise _error(text, token, at, result)
        combos.update(result)
    ordered = tuple(sorted(combos, reverse=True))
    return Range._trusted(ordered, ", ".join(token for token, _ in _tokens(text)))


@dataclass(frozen=True, slots=True)
class Range:
    """A set of two-card combos; compares by its combos, prints as its notation.

    Build one with :meth:`Range.parse` (or :func:`parse_range`) from notation,
    or ``Range(combos)`` from pairs of card numbers. ``str`` gives the notation
    it was read from, :attr:`notation` a compact notation of its combos.

    >>> r = Range.parse("AA, KK")
    >>> len(r), r == Range.parse("KK+"), str(r)
    (12, True, 'AA, KK')
    >>> from bigblind.cards import parse_cards
    >>> len(r.excluding(parse_cards("As"))), tuple(parse_cards("Kh Kd")) in r
    (9, True)
    >>> Range([(51, 47), (47, 43)]).notation
    'AsKs, KsQs'
    """

    combos: tuple[Combo, ...]
    """The distinct combos, each the higher card first, in descending order."""
    text: str = field(default="", compare=False)

    def __init__(self, combos: Iterable[Iterable[int]], *, text: str = "") -> None:
        normalized: set[Combo] = set()
        for combo in combos:
            cards = tuple(combo)
            if len(cards) != 2 or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in cards
            ):
                raise RangeError(f"a range holds pairs of card numbers 0 to 51, not {cards!r}")
            if cards[0] == cards[1]:
                raise RangeError(f"a combo needs two different cards, not {format_cards(cards)}")
            normalized.add(_combo(cards[0], cards[1]))
        object.__setattr__(self, "combos", tuple(sorted(normalized, reverse=True)))
        object.__setattr__(self, "text", text)

    @classmethod
    def _trusted(cls, combos: tuple[Combo, ...], text: str) -> Range:
        """A range of combos already normalized: distinct, higher card first, descending."""
        out = object.__new__(cls)
        object.__setattr__(out, "combos", combos)
        object.__setattr__(out, "text", text)
        return out

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read range notation (see the module docs).

        >>> len(Range.parse("22+")), len(Range.parse("A2s+, KQo"))
        (78, 60)
        """
        return parse_range(text)

    @classmethod
    def random(cls) -> Range:
        """Every one of the 1,326 combos.

        >>> len(Range.random())
        1326
        """
        return cls._trusted(_ALL, _RANDOM)

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos)

    def __contains__(self, combo: object) -> bool:
        if not isinstance(combo, tuple) or len(combo) != 2:
            return False
        a, b = combo
        if not (isinstance(a, int) and isinstance(b, int)) or a == b:
            return False
        if not (0 <= a < 52 and 0 <= b < 52):
            return False
        return _combo(a, b) in self.combos

    def excluding(self, cards: Iterable[int]) -> Range:
        """The combos that use none of ``cards`` (card removal by a board or dead cards).

        >>> from bigblind.cards import parse_cards
        >>> len(Range.parse("AA").excluding(parse_cards("Ac Kd")))
        3
        """
        gone = set(cards)
        kept = [c for c in self.combos if c[0] not in gone and c[1] not in gone]
        if len(kept) == len(self.combos):
            return self
        return Range._trusted(tuple(kept), self.text)

    @property
    def notation(self) -> str:
        """A compact notation of the combos that reads back to the same range.

        >>> Range.parse("AKs, AQs, AJs, TT, JJ, QQ, KK, AA, 22, 33").notation
        'TT+, 22-33, AJs+'
        >>> Range.parse("AsKs, AsKh").notation
        'AsKs, AsKh'
        """
        return _notation(self.combos)

    def __str__(self) -> str:
        return self.text or self.notation

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints in ``values`` (descending), as (high, low)."""
    runs: list[tuple[int, int]] = []
    for v in sorted(values, reverse=True):
        if runs and runs[-1][1] == v + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _notation(combos: tuple[Combo, ...]) -> str:
    if len(combos) == len(_ALL):
        return _RANDOM
    have = set(combos)
    parts: list[str] = []
    loose: list[Combo] = []

    def full(high: int, low: int, suited: bool | None) -> bool:
        members = class_combos(high, low, suited)
        return all(c in have for c in members)

    pairs = [r for r in range(13) if full(r, r, None)]
    for top, bottom in _runs(pairs):
        name, low_name = RANKS[top] * 2, RANKS[bottom] * 2
        if top == 12 and bottom < top:
            parts.append(low_name + "+")
        else:
            parts.append(name if top == bottom else f"{low_name}-{name}")
    for high in range(12, -1, -1):
        suited = [k for k in range(high) if full(high, k, True)]
        offsuit = [k for k in range(high) if full(high, k, False)]
        both = suited if suited == offsuit else []
        for kickers, suffix in (
            (both, ""),
            ([k for k in suited if k not in both], "s"),
            ([k for k in offsuit if k not in both], "o"),
        ):
            for top, bottom in _runs(kickers):
                first = RANKS[high] + RANKS[top] + suffix
                last = RANKS[high] + RANKS[bottom] + suffix
                if top == high - 1 and bottom < top:
                    parts.append(last + "+")
                else:
                    parts.append(first if top == bottom else f"{first}-{last}")
    covered = set(Range.parse(", ".join(parts)).combos) if parts else set()
    loose = [c for c in combos if c not in covered]
    parts += [format_cards(c) for c in loose]
    return ", ".join(parts)
