r"""A heads-up post-flop spot: ranges, board, pot, stacks, rake and the betting tree's sizes.

A :class:`Spot` is a frozen value; :func:`read_spot` reads one from TOML text
and :func:`load_spot` from a file:

.. code-block:: toml

    board = "Td 9d 6h Qc 2s"
    pot = 200               # chips in the pot as the spot starts
    stack = 900             # effective stack behind each player
    oop = "66+, A8s+, AKo:0.5"   # out of position (first to act): weights after ':'
    ip = "QQ-22, AQs-A2s"
    rake = 0.05             # optional: share of the pot, and its cap in chips
    rake_cap = 30

    [tree]                  # optional
    donk_bets = true        # may the out-of-position player lead after calling?
    raise_cap = 3           # raises a street after the first bet (absent: no cap)
    add_all_in = 1.5        # all-in added when the stack is at most this x the pot
    force_all_in = 0.15     # a size becomes all-in when the stack-to-pot ratio after
                            # a call would be at most this
    merge = 0.1             # sizes within about this share of the pot of a larger
                            # one are left out

    [tree.river]            # one table per street played: flop, turn, river
    bets = "33%, 75%, a"    # both players; oop_bets / ip_bets for one of them
    raises = "2.5x"         # likewise oop_raises / ip_raises
    donk = "50%"            # optional: the out-of-position lead after calling

>>> spot = read_spot('''
... board = "Td 9d 6h Qc 2s"
... pot = 200
... stack = 900
... oop = "AA, KK:0.5"
... ip = "QQ"
... [tree.river]
... bets = "50%"
... raises = "a"
... ''')
>>> len(spot.oop), spot.oop.weights[0], len(spot.ip), spot.street
(12, 0.5, 6, 'river')
>>> read_spot('board = "Td 9d"')
Traceback (most recent call last):
...
bigblind.solver.spot.SpotError: the spot has no 'pot': it needs board, pot, stack, oop and ip
>>> read_spot('board = "Td 9d"\npot = 9\nstack = 9\noop = "AA"\nip = "KK"')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bigblind.solver.spot.SpotError: the spot's board 'Td 9d' has 2 cards; a spot starts on the flop...
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.errors import BigblindError, CardError
from bigblind.evaluation.ranges import Combo, RangeError, parse_range
from bigblind.solver.sizes import Size, SizeError, parse_sizes

__all__ = [
    "STREETS",
    "PlayerSizes",
    "Spot",
    "SpotError",
    "StreetSizes",
    "TreeOptions",
    "WeightedRange",
    "load_spot",
    "parse_weighted_range",
    "read_spot",
]

STREETS: Final = ("flop", "turn", "river")
MAX_CHIPS: Final = 10**9
"""The most chips a pot or a stack may hold."""
MAX_SPOT_BYTES: Final = 1_000_000


class SpotError(BigblindError):
    """A spot that cannot be read or makes no sense; the message names the field."""


@dataclass(frozen=True, slots=True)
class WeightedRange:
    """Combos, each with a weight in (0, 1]: how often the player holds it here.

    >>> r = parse_weighted_range("AA, AKs:0.25")
    >>> len(r), sorted(set(r.weights))
    (10, [0.25, 1.0])
    """

    combos: tuple[Combo, ...]
    weights: tuple[float, ...]
    text: str = field(default="", compare=False)

    def __len__(self) -> int:
        return len(self.combos)

    def excluding(self, cards: tuple[int, ...]) -> WeightedRange:
        """The combos that use none of ``cards``, with their weights."""
        gone = set(cards)
        kept = [(c, w) for c, w in zip(self.combos, self.weights, strict=True) if not gone & {*c}]
        return WeightedRange(tuple(c for c, _ in kept), tuple(w for _, w in kept), text=self.text)

    def __str__(self) -> str:
        return self.text


def parse_weighted_range(text: str) -> WeightedRange:
    """Range notation (see :mod:`bigblind.evaluation.ranges`) with ``:weight`` after a part.

    A later part gives its combos its own weight; a weight of 0 leaves them out.

    >>> r = parse_weighted_range("QQ+, KK:0.5")
    >>> dict(zip([str(c[0]) + str(c[1]) for c in r.combos], r.weights))["KsKh"]
    0.5
    >>> parse_weighted_range("AA:2")
    Traceback (most recent call last):
    ...
    bigblind.solver.spot.SpotError: cannot read the range 'AA:2': 'AA:2' has the weight 2; ...
    """
    if not isinstance(text, str) or not text.strip():
        raise SpotError(f"a range is range notation such as 'QQ+, AKs:0.5', not {text!r}")
    weights: dict[Combo, float] = {}
    for part in text.split(","):
        token = part.strip()
        body, colon, weight_text = token.partition(":")
        weight = 1.0
        if colon:
            try:
                weight = float(weight_text)
            except ValueError:
                weight = math.nan
            if not 0.0 <= weight <= 1.0:
                raise SpotError(
                    f"cannot read the range {text!r}: {token!r} has the weight"
                    f" {weight_text.strip() or 'nothing'}; a weight is from 0 to 1"
                )
        try:
            combos = parse_range(body).combos
        except RangeError as error:
            raise SpotError(f"cannot read the range {text!r}: {error}") from None
        for combo in combos:
            weights[combo] = weight
    kept = sorted((c, w) for c, w in weights.items() if w > 0)
    return WeightedRange(tuple(c for c, _ in kept), tuple(w for _, w in kept), text=text.strip())


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSizes:
    """One player's sizes on one street: bets, raises, and (out of position) leads."""

    bets: tuple[Size, ...] = ()
    raises: tuple[Size, ...] = ()
    donk: tuple[Size, ...] | None = None
    """The out-of-position lead after calling the last street (None: the bets)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetSizes:
    """Both players' sizes on one street."""

    oop: PlayerSizes = PlayerSizes()
    ip: PlayerSizes = PlayerSizes()


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeOptions:
    """How the betting tree is built beyond its sizes (see the module)."""

    donk_bets: bool = True
    raise_cap: int | None = None
    add_all_in: float = 0.0
    force_all_in: float = 0.0
    merge: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Spot:
    """A heads-up post-flop spot (see the module); build it with keywords or :func:`read_spot`."""

    board: tuple[Card, ...]
    oop: WeightedRange
    ip: WeightedRange
    pot: int
    stack: int
    rake: float = 0.0
    rake_cap: float = 0.0
    sizes: Mapping[str, StreetSizes] = field(default_factory=dict)
    """Per street played ("flop", "turn", "river")."""
    options: TreeOptions = TreeOptions()

    def __post_init__(self) -> None:
        if len(self.board) not in (3, 4, 5) or len(set(self.board)) != len(self.board):
            raise SpotError(
                f"the spot's board {format_cards(self.board, ' ')!r} has"
                f" {len(self.board)} cards; a spot starts on the flop (3 cards), the turn (4)"
                " or the river (5)"
                if len(set(self.board)) == len(self.board)
                else f"the spot's board {format_cards(self.board, ' ')!r} repeats a card"
            )
        for name, value in (("pot", self.pot), ("stack", self.stack)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SpotError(f"the spot's {name} is a whole number of chips, not {value!r}")
        if not 1 <= self.pot <= MAX_CHIPS or not 0 <= self.stack <= MAX_CHIPS:
            raise SpotError(
                f"the spot's pot ({self.pot}) must be 1 to {MAX_CHIPS:,} chips and its stack"
                f" ({self.stack}) 0 to {MAX_CHIPS:,}"
            )
        if not 0.0 <= self.rake <= 1.0 or not 0.0 <= self.rake_cap <= MAX_CHIPS:
            raise SpotError(
                f"the rake is a share of the pot from 0 to 1 (not {self.rake}) and its cap"
                f" 0 to {MAX_CHIPS:,} chips (not {self.rake_cap})"
            )
        for name, hands in (("out-of-position", self.oop), ("in-position", self.ip)):
            if not hands.excluding(tuple(self.board)):
                raise SpotError(
                    f"the {name} range {str(hands)!r} holds no hand the board"
                    f" {format_cards(self.board, ' ')} leaves possible"
                )
        for street in STREETS[len(self.board) - 3 :]:
            if street not in self.sizes:
                raise SpotError(
                    f"the spot has no bet sizes for the {street}: give a [tree.{street}] table"
                    " with bets and raises"
                )
        cap = self.options.raise_cap
        if cap is not None and not 0 <= cap <= 100:
            raise SpotError(f"the raise cap is 0 to 100 raises a street, not {cap}")
        for name, ratio in (
            ("add_all_in", self.options.add_all_in),
            ("force_all_in", self.options.force_all_in),
            ("merge", self.options.merge),
        ):
            if not 0.0 <= ratio <= 100.0:
                raise SpotError(f"the tree's {name} is a ratio from 0 to 100, not {ratio}")

    @property
    def street(self) -> str:
        """The street the spot starts on."""
        return STREETS[len(self.board) - 3]


def load_spot(path: str | Path) -> Spot:
    """Read a spot from a TOML file (see the module)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SPOT_BYTES + 1)
    except OSError as error:
        raise SpotError(f"cannot read the spot file {str(path)!r}: {error.strerror}") from None
    if len(data) > MAX_SPOT_BYTES:
        raise SpotError(f"the spot file {str(path)!r} is over {MAX_SPOT_BYTES:,} bytes")
    try:
        return read_spot(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SpotError(f"the spot file {str(path)!r} is not UTF-8 text") from None


_TOP_KEYS: Final = {"board", "pot", "stack", "oop", "ip", "rake", "rake_cap", "tree"}
_TREE_KEYS: Final = {
    "donk_bets",
    "raise_cap",
    "add_all_in",
    "force_all_in",
    "merge",
    *STREETS,
}
_STREET_KEYS: Final = {
    "bets",
    "raises",
    "oop_bets",
    "oop_raises",
    "ip_bets",
    "ip_raises",
    "donk",
}


def read_spot(text: str) -> Spot:
    """A :class:`Spot` from TOML text (see the module)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SpotError(f"the spot is not valid TOML: {error}") from None
    _known(data, _TOP_KEYS, "the spot")
    for key in ("board", "pot", "stack", "oop", "ip"):
        if key not in data:
            raise SpotError(f"the spot has no {key!r}: it needs board, pot, stack, oop and ip")
    board_text = _typed(data, "board", str, "the spot")
    try:
        board = parse_cards(board_text)
    except CardError as error:
        raise SpotError(f"cannot read the spot's board {board_text!r}: {error}") from None
    tree = _typed(data, "tree", dict, "the spot", default={})
    _known(tree, _TREE_KEYS, "[tree]")
    sizes = {
        street: _street(_typed(tree, street, dict, "[tree]"), street)
        for street in STREETS
        if street in tree
    }
    raise_cap = tree.get("raise_cap")
    if raise_cap is not None:
        raise_cap = _typed(tree, "raise_cap", int, "[tree]")
    options = TreeOptions(
        donk_bets=_typed(tree, "donk_bets", bool, "[tree]", default=True),
        raise_cap=raise_cap,
        add_all_in=_number(tree, "add_all_in", "[tree]"),
        force_all_in=_number(tree, "force_all_in", "[tree]"),
        merge=_number(tree, "merge", "[tree]"),
    )
    return Spot(
        board=board,
        oop=parse_weighted_range(_typed(data, "oop", str, "the spot")),
        ip=parse_weighted_range(_typed(data, "ip", str, "the spot")),
        pot=_typed(data, "pot", int, "the spot"),
        stack=_typed(data, "stack", int, "the spot"),
        rake=_number(data, "rake", "the spot"),
        rake_cap=_number(data, "rake_cap", "the spot"),
        sizes=sizes,
        options=options,
    )


def _street(table: dict[str, Any], street: str) -> StreetSizes:
    where = f"[tree.{street}]"
    _known(table, _STREET_KEYS, where)

    def sizes(key: str, fallback: str, *, raises: bool) -> tuple[Size, ...]:
        text = _typed(table, key, str, where, default=_typed(table, fallback, str, where, ""))
        try:
            return parse_sizes(text, raises=raises)
        except SizeError as error:
            raise SpotError(f"{where} {key}: {error}") from None

    donk = None
    if "donk" in table:
        try:
            donk = parse_sizes(_typed(table, "donk", str, where), raises=False)
        except SizeError as error:
            raise SpotError(f"{where} donk: {error}") from None
    return StreetSizes(
        oop=PlayerSizes(
            bets=sizes("oop_bets", "bets", raises=False),
            raises=sizes("oop_raises", "raises", raises=True),
            donk=donk,
        ),
        ip=PlayerSizes(
            bets=sizes("ip_bets", "bets", raises=False),
            raises=sizes("ip_raises", "raises", raises=True),
        ),
    )


def _known(table: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise SpotError(
            f"{where} has the unknown key {unknown[0]!r}; known are {', '.join(sorted(keys))}"
        )


_KINDS: Final = {str: "text", int: "a whole number", bool: "true or false", dict: "a table"}


def _typed(table: Mapping[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SpotError(f"{where}'s {key!r} must be {_KINDS[kind]}, not {value!r}")
    return value


def _number(table: Mapping[str, Any], key: str, where: str) -> float:
    value = table.get(key, 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SpotError(f"{where}'s {key!r} must be a number, not {value!r}")
    return float(value)
