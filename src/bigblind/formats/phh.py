"""Hand histories in the PHH format (Poker Hand History, the TOML format PokerKit reads).

A ``.phh`` file holds one hand; a ``.phhs`` file holds several, one TOML table
per hand (``[1]``, ``[2]`` ...). bigblind reads and writes the two Texas
hold'em variants it plays: ``NT`` (no limit) and ``FT`` (fixed limit). Hands of
other variants are read far enough to be named, and :func:`replay` refuses
them with :class:`UnsupportedVariantError`.

Players ``p1`` .. ``pn`` sit clockwise from the first seat left of the button:
``pK`` is seat ``K - 1`` and the button is seat ``n - 1``. Heads-up the PHH
format lists the forced bets reversed (``p1`` is the big blind); with the
small blind written first this is the engine's own heads-up rule, the button
posts the small blind (RULES 2.3).

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 ????", "d dh p3 7h6h",
...            "p3 cbr 6", "p1 f", "p2 f"]
... finishing_stacks = [99, 98, 103]
... ''')[0]
>>> history.rules.big_blind, history.starting_stacks
(2, (100, 100, 100))
>>> replay(history).result.stacks == history.finishing_stacks
True
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from bigblind.cards import Card, format_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BoardDealt,
    Event,
    Forced,
    HoleDealt,
    Mucked,
    Posted,
    Shown,
)
from bigblind.engine.hand import Hand
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError, HistoryError

__all__ = [
    "SUPPORTED_VARIANTS",
    "VARIANTS",
    "HandHistory",
    "UnsupportedVariantError",
    "dump_session",
    "dumps",
    "loads",
    "parse_each",
    "read",
    "replay",
    "stacks_match",
]

VARIANTS: Final[Mapping[str, str]] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""The variant codes of the PHH specification and their names."""

SUPPORTED_VARIANTS: Final = frozenset({"NT", "FT"})
"""The variants bigblind replays and writes."""

_STRUCTURE: Final = {"NT": Structure.NO_LIMIT, "FT": Structure.FIXED_LIMIT}
_VARIANT_OF: Final = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT"}
# The PHH fixed-limit games allow four bets a round (RULES 5.2).
_FIXED_LIMIT_CAP: Final = 4
# Fields that hold the game and its play; every other field is metadata.
_GAME_FIELDS: Final = frozenset(
    {
        "variant",
        "antes",
        "blinds_or_straddles",
        "bring_in",
        "small_bet",
        "big_bet",
        "min_bet",
        "starting_stacks",
        "actions",
        "ante_trimming_status",
        "finishing_stacks",
        "players",
        "hand",
    }
)
_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


class UnsupportedVariantError(HistoryError):
    """A hand of a variant bigblind does not play: skipped rather than failed."""

    def __init__(self, variant: str) -> None:
        name = VARIANTS.get(variant)
        what = f"variant {variant!r}" + (f" ({name})" if name else " (not a PHH variant code)")
        super().__init__(f"{what} is not played by bigblind, which plays NT and FT")
        self.variant = variant


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as a PHH file records it.

    ``rules`` are the engine's rules for the hand; ``starting_stacks`` and
    ``finishing_stacks`` are in PHH order (``p1`` first), which is seat order;
    finishing stacks may hold fractions (odd chips split in halves, see
    :func:`stacks_match`).
    ``number`` is the ``hand`` field, or the table name in a ``.phhs`` file.
    ``metadata`` holds every other field (``event``, ``year``, ``_custom`` ...).

    For a variant other than NT and FT (``supported`` False) only the variant,
    the number, the player names and the action texts are read: ``rules`` is
    None, the stacks are empty and the other fields stay in ``metadata``.
    """

    variant: str
    rules: Rules | None
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[float, ...] | None = None
    players: tuple[str, ...] | None = None
    number: int | str | None = None
    metadata: Mapping[str, object] = field(default_factory=dict, hash=False)
    dead_small_blind: bool = False
    """Nobody posted a small blind (RULES 8.4): ``p1`` posts the big blind."""

    @property
    def supported(self) -> bool:
        """Whether bigblind plays this variant (NT or FT)."""
        return self.rules is not None

    @property
    def button(self) -> int:
        """The button's seat: the last player, ``pn``."""
        return len(self.starting_stacks) - 1


# ------------------------------------------------------------------- reading


def loads(text: str) -> list[HandHistory]:
    """Read the hands of a ``.phh`` (one hand) or ``.phhs`` (tables ``[1]``, ``[2]`` ...) text.

    Raises :class:`~bigblind.errors.HistoryError` naming the hand and the
    field for the first hand that cannot be read.

    >>> text = '[1]\\nvariant = "FB"\\nactions = []\\n[2]\\nvariant = "PO"\\nactions = []\\n'
    >>> [(h.number, h.variant, h.supported) for h in loads(text)]
    [(1, 'FB', False), (2, 'PO', False)]
    >>> loads('variant = "NT"\\nstarting_stacks = [100, 100]\\nactions = []')
    Traceback (most recent call last):
    ...
    bigblind.errors.HistoryError: missing field 'antes' (required for NT)
    """
    hands: list[HandHistory] = []
    for item in parse_each(text):
        if isinstance(item, HistoryError):
            raise item
        hands.append(item)
    return hands


def parse_each(text: str) -> list[HandHistory | HistoryError]:
    """Like :func:`loads`, but a hand that cannot be read comes back as its error.

    One bad hand of a ``.phhs`` file then does not hide the others. A text that
    is not TOML at all still raises.

    >>> text = '[1]\\nvariant = "FB"\\nactions = []\\n[2]\\nvariant = 3\\n'
    >>> [str(h) if isinstance(h, HistoryError) else h.variant for h in parse_each(text)]
    ['FB', "hand 2: field 'variant' 3 must be a string such as 'NT'"]
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError(f"not a PHH file: invalid TOML: {error}") from None
    out: list[HandHistory | HistoryError] = []
    if "variant" in document or not document:
        tables: list[tuple[int | str | None, object]] = [(None, document)]
    else:
        tables = [(_table_number(key), value) for key, value in document.items()]
    for number, table in tables:
        where = "" if number is None else f"hand {number}: "
        if not isinstance(table, dict):
            shown = "" if number is None else f"[{number}] "
            out.append(
                HistoryError(
                    f"{shown}is not a hand: a .phhs file holds one table per hand"
                    " ([1], [2] ...) and a .phh file needs a 'variant' field"
                )
            )
            continue
        try:
            out.append(_parse_hand(table, number))
        except HistoryError as error:
            out.append(HistoryError(where + str(error)))
    return out


def read(path: str | Path) -> list[HandHistory]:
    """Read the hands of a ``.phh`` or ``.phhs`` file (see :func:`loads`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise HistoryError(f"{path}: cannot read the file: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(f"{path}: not a PHH file: not UTF-8 text ({error.reason})") from None
    try:
        return loads(text)
    except HistoryError as error:
        raise HistoryError(f"{path}: {error}") from None


def _table_number(key: str) -> int | str:
    return int(key) if key.isdigit() else key


def _parse_hand(table: Mapping[str, object], number: int | str | None) -> HandHistory:
    variant = table.get("variant")
    if not isinstance(variant, str):
        if variant is None:
            raise HistoryError("missing field 'variant' (a PHH variant code such as 'NT')")
        raise HistoryError(f"field 'variant' {variant!r} must be a string such as 'NT'")
    hand_field = table.get("hand")
    if hand_field is not None:
        if isinstance(hand_field, bool) or not isinstance(hand_field, int | str):
            raise HistoryError(f"field 'hand' {hand_field!r} must be an integer or a string")
        number = hand_field
    actions = _actions(table)
    players = _players(table)
    if variant not in SUPPORTED_VARIANTS:
        rest = {
            k: v for k, v in table.items() if k not in ("variant", "actions", "players", "hand")
        }
        return HandHistory(variant, None, (), actions, None, players, number, rest)
    structure = _STRUCTURE[variant]
    stacks = _chip_list(table, "starting_stacks", None, minimum=1)
    n = len(stacks)
    if n < 2:
        raise HistoryError(f"field 'starting_stacks' needs 2 players or more, not {n}")
    if players is not None and len(players) != n:
        raise HistoryError(f"field 'players' names {len(players)} players, not {n}")
    finishing = _finishing_stacks(table, n)
    rules = _rules(table, variant, structure, n)
    metadata = {k: v for k, v in table.items() if k not in _GAME_FIELDS}
    dead_small = _dead_small_blind(_chip_list(table, "blinds_or_straddles", n))
    return HandHistory(
        variant, rules, stacks, actions, finishing, players, number, metadata, dead_small
    )


def _dead_small_blind(blinds: Sequence[int]) -> bool:
    """Whether only ``p1`` posts a blind: the big blind, the small blind being dead."""
    return len(blinds) > 2 and blinds[0] > 0 and not any(blinds[1:])


def _actions(table: Mapping[str, object]) -> tuple[str, ...]:
    actions = table.get("actions")
    if actions is None:
        raise HistoryError("missing field 'actions' (an array of action strings)")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryError("field 'actions' must be an array of strings such as 'p1 cc'")
    return tuple(actions)


def _players(table: Mapping[str, object]) -> tuple[str, ...] | None:
    players = table.get("players")
    if players is None:
        return None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HistoryError("field 'players' must be an array of names (strings)")
    return tuple(players)


def _chips(name: str, value: object, minimum: int = 0) -> int:
    """A whole number of chips: an integer, or a float without a fraction."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise HistoryError(f"field {name!r} holds {value!r}: bigblind plays whole chips (integers)")
    if value < minimum:
        raise HistoryError(f"field {name!r} holds {value}: it must be at least {minimum}")
    return value


def _chip_list(
    table: Mapping[str, object], name: str, length: int | None, minimum: int = 0
) -> tuple[int, ...]:
    value = table.get(name)
    if value is None:
        raise HistoryError(f"missing field {name!r} (one amount per player)")
    if not isinstance(value, list):
        raise HistoryError(f"field {name!r} must be an array with one amount per player")
    if length is not None and len(value) != length:
        raise HistoryError(f"field {name!r} has {len(value)} entries for {length} players")
    return tuple(_chips(name, v, minimum) for v in value)


def _finishing_stacks(table: Mapping[str, object], n: int) -> tuple[float, ...] | None:
    """The recorded final stacks; fractions are kept (odd chips split in halves)."""
    value = table.get("finishing_stacks")
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != n:
        raise HistoryError(f"field 'finishing_stacks' must be an array of {n} amounts")
    out: list[float] = []
    for v in value:
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
            raise HistoryError(f"field 'finishing_stacks' holds {v!r}: amounts are at least 0")
        out.append(v)
    return tuple(out)


def stacks_match(expected: Sequence[float], actual: Sequence[int]) -> bool:
    """Whether final stacks agree with recorded ones.

    Equal, or off by less than one chip where the record splits an odd chip
    in fractions: the engine gives it whole to the first winner left of the
    button (RULES 6.6). The totals must agree either way (RULES 7.2).

    >>> stacks_match([10162.5, 9837.5], [10163, 9837]), stacks_match([10, 20], [11, 19])
    (True, False)
    """
    if len(expected) != len(actual) or not math.isclose(sum(expected), sum(actual)):
        return False
    return all(
        e == a or (not float(e).is_integer() and abs(e - a) < 1)
        for e, a in zip(expected, actual, strict=True)
    )


def _chip_field(table: Mapping[str, object], name: str, variant: str) -> int:
    if name not in table:
        raise HistoryError(f"missing field {name!r} (required for {variant})")
    return _chips(name, table[name])


def _rules(table: Mapping[str, object], variant: str, structure: Structure, n: int) -> Rules:
    """The engine's rules for the forced bets and limits of the file (RULES 2, 5)."""
    for name in ("antes", "blinds_or_straddles"):
        if name not in table:
            raise HistoryError(f"missing field {name!r} (required for {variant})")
    antes = _chip_list(table, "antes", n)
    blinds = _chip_list(table, "blinds_or_straddles", n)
    if table.get("bring_in"):
        raise HistoryError("field 'bring_in' is for stud games: hold'em has blinds")
    trimming = table.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise HistoryError(f"field 'ante_trimming_status' {trimming!r} must be true or false")
    # RULES 2.2, 2.3, 2.7: a small and a big blind, and a straddle by the player left
    # of the big blind. Heads-up the PHH order is reversed (p1 is the big blind), which
    # is the engine's rule that the button posts the small blind.
    posted = [i for i, amount in enumerate(blinds) if amount]
    if _dead_small_blind(blinds):  # RULES 8.4: the big blind left of the button
        blinds = (0, blinds[0], *blinds[2:])
    elif not posted or not set(posted) <= {0, 1, 2} or 1 not in posted:
        raise HistoryError(
            f"field 'blinds_or_straddles' {list(blinds)} cannot be played: bigblind has a"
            " small blind (p1), a big blind (p2) and a straddle (p3), e.g. [1, 2, 0, 0]"
        )
    small, big = blinds[0], blinds[1]
    straddle = blinds[2] if n > 2 else 0
    if small > big:
        raise HistoryError(
            f"field 'blinds_or_straddles' {list(blinds)}: the small blind {small} is larger"
            f" than the big blind {big}"
        )
    if straddle and straddle < big:
        raise HistoryError(
            f"field 'blinds_or_straddles' {list(blinds)}: the straddle {straddle} is smaller"
            f" than the big blind {big}"
        )
    # RULES 2.4: every player's ante, or one ante posted by the big blind (index 1,
    # which is p2, or p1 heads-up where the PHH order is reversed).
    anted = [i for i, amount in enumerate(antes) if amount]
    ante_type = AnteType.NONE
    ante = 0
    if len(anted) == n and len(set(antes)) == 1:
        ante_type, ante = AnteType.PER_PLAYER, antes[0]
    elif anted == [1]:
        ante_type, ante = AnteType.BIG_BLIND, antes[1]
    elif anted:
        raise HistoryError(
            f"field 'antes' {list(antes)} cannot be played: bigblind has equal antes for"
            " every player or one big-blind ante (the second entry)"
        )
    min_bet = small_bet = big_bet = 0
    if structure is Structure.NO_LIMIT:
        min_bet = _chip_field(table, "min_bet", variant)
        for name in ("small_bet", "big_bet"):
            if name in table:
                raise HistoryError(f"field {name!r} is for fixed-limit games, not {variant}")
    else:
        small_bet = _chip_field(table, "small_bet", variant)
        big_bet = _chip_field(table, "big_bet", variant)
        if "min_bet" in table:
            raise HistoryError(f"field 'min_bet' is for no-limit games, not {variant}")
    try:
        return Rules(
            structure=structure,
            small_blind=small,
            big_blind=big,
            ante=ante,
            ante_type=ante_type,
            straddle=straddle,
            # RULES 6.4: the file says whether antes count as contributions.
            antes_as_contributions=trimming,
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            cap=_FIXED_LIMIT_CAP if structure is Structure.FIXED_LIMIT else None,
        )
    except BigblindError as error:
        raise HistoryError(f"the forced bets and limits cannot be played: {error}") from None


# ------------------------------------------------------------------ replaying


def replay(history: HandHistory) -> Hand:
    """Play the recorded actions on a fresh :class:`~bigblind.engine.hand.Hand` and return it.

    The hand is dealt and shown by hand (``dealing="manual"``,
    ``showdown="manual"``), so it follows the file. Raises
    :class:`~bigblind.errors.HistoryError` naming the action that fails and
    why, or :class:`UnsupportedVariantError` for variants other than NT and FT.
    A history that stops early gives an unfinished hand.

    >>> h = loads('''variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [50, 50]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 5"]''')[0]
    >>> replay(h)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.HistoryError: actions[2] 'p2 cbr 5': seat 1 cannot raise to 5: the only ...
    """
    rules = history.rules
    if rules is None:
        raise UnsupportedVariantError(history.variant)
    try:
        hand = Hand(
            rules,
            history.starting_stacks,
            button=history.button,
            dealing="manual",
            showdown="manual",
            blind_seats=(None, 0) if history.dead_small_blind else None,
        )
    except BigblindError as error:
        raise HistoryError(f"the hand cannot start: {error}") from None
    n = len(history.starting_stacks)
    for index, text in enumerate(history.actions):
        try:
            _apply(hand, text, n)
        except BigblindError as error:
            raise HistoryError(f"actions[{index}] {text.strip()!r}: {error}") from None
    return hand


def _apply(hand: Hand, text: str, n: int) -> None:
    """Carry out one PHH action on the hand."""
    words = text.split("#", 1)[0].split()
    if not words:
        return  # a no-op: empty, or a commentary only
    actor, *rest = words
    if not rest:
        raise HistoryError("an action needs an actor and a verb, e.g. 'p1 cc' or 'd db 2c3d4h'")
    verb, args = rest[0], rest[1:]
    if actor == "d":
        if verb == "dh" and len(args) == 2:
            cards = args[1]
            seat = _seat(args[0], n)
            # Unknown cards ('????', or partly unknown) are dealt as unknown.
            hand.deal_hole(seat, None if "?" in cards else cards)
        elif verb == "db" and len(args) == 1:
            if "?" in args[0]:
                raise HistoryError("board cards must be known to be played")
            hand.deal_board(args[0])
        else:
            raise HistoryError(
                "the dealer's actions are 'd dh pK CARDS' and 'd db CARDS'"
                + (" (no draws or stud cards in hold'em)" if verb in ("dh", "db") else "")
            )
        return
    seat = _seat(actor, n)
    if verb == "f" and not args:
        hand.fold(seat=seat)
    elif verb == "cc" and not args:
        hand.check_or_call(seat=seat)
    elif verb == "cbr" and len(args) == 1:
        hand.raise_to(_amount(args[0]), seat=seat)
    elif verb == "sm" and len(args) <= 1:
        shown = args[0] if args else None
        if shown is None:
            hand.muck(seat=seat)
        elif shown == "-" or "?" in shown:
            # '-' shows the cards dealt; unknown cards can be shown only if dealt known.
            hand.show(None, seat=seat)
        else:
            hand.show(shown, seat=seat)
    elif verb in ("pb", "sd"):
        raise HistoryError(f"{verb!r} (bring-in, draw) is not a hold'em action")
    else:
        raise HistoryError(
            "cannot read the action: players 'pK f', 'pK cc', 'pK cbr AMOUNT', 'pK sm [CARDS]'"
        )


def _seat(word: str, n: int) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None or int(match.group(1)) > n:
        raise HistoryError(f"{word!r} is not a player: the players are p1 to p{n}")
    return int(match.group(1)) - 1


def _amount(word: str) -> int:
    try:
        value = float(word) if any(c in word for c in ".eE") else int(word)
    except ValueError:
        raise HistoryError(f"amount {word!r} is not a number") from None
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            raise HistoryError(f"amount {word!r}: bigblind plays whole chips (integers)")
        value = int(value)
    return value


# -------------------------------------------------------------------- writing


def dumps(hand: Hand, /, **metadata: object) -> str:
    """Write a hand played with the engine as a ``.phh`` text (TOML).

    Hole cards and boards are written as the house knows them (``??`` for
    unknown cards), shows and mucks as ``sm`` actions; the button is ``pn``.
    ``metadata`` adds fields such as ``hand``, ``event`` or ``players`` (the
    names in seat order, like the stacks; they are written in PHH order).
    Pot-limit hold'em has no PHH variant code and raises
    :class:`~bigblind.errors.HistoryError`, as do rules PHH cannot express.

    >>> from bigblind import Deck, Rules
    >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=3))
    >>> hand.fold()
    >>> text = dumps(hand, hand=1)
    >>> print(text)  # doctest: +ELLIPSIS
    variant = "NT"
    ...
    actions = [
      "d dh p1 ...",
      "d dh p2 ...",
      "p2 f",
    ]
    finishing_stacks = [101, 99]
    hand = 1
    <BLANKLINE>
    >>> replay(loads(text)[0]).result.stacks
    (101, 99)
    """
    return "".join(_lines(hand, metadata))


def dump_session(
    hands: Iterable[Hand | tuple[Hand, Mapping[str, object]]], /, **metadata: object
) -> str:
    """Write several hands as a ``.phhs`` text: tables ``[1]``, ``[2]`` ...

    Each item is a hand or a (hand, fields) pair; ``metadata`` goes into every
    table, a pair's own fields win over it.

    >>> from bigblind import Deck, Rules
    >>> rules = Rules.no_limit(blinds=(1, 2))
    >>> hands = []
    >>> for i in range(3):
    ...     hand = Hand(rules, [50, 50, 50], button=i, deck=Deck.shuffled(seed=i))
    ...     hand.fold(); hand.fold()
    ...     hands.append(hand)
    >>> text = dump_session(hands, event="Home game")
    >>> [(h.number, h.metadata["event"]) for h in loads(text)]
    [(1, 'Home game'), (2, 'Home game'), (3, 'Home game')]
    """
    parts: list[str] = []
    for index, item in enumerate(hands, start=1):
        own: Mapping[str, object] = {}
        if isinstance(item, Hand):
            hand = item
        else:
            hand, own = item
        fields = {**metadata, **own}
        parts.append(f"[{index}]\n" + "".join(_lines(hand, fields)))
    return "\n".join(parts)


def _lines(hand: Hand, metadata: Mapping[str, object]) -> list[str]:
    rules = hand.rules
    variant = _VARIANT_OF.get(rules.structure)
    if variant is None:
        raise HistoryError(
            f"a {rules.structure.value} hand cannot be written: PHH has no variant code for"
            " pot-limit Texas hold'em (only NT and FT)"
        )
    clash = sorted(set(metadata) & (_GAME_FIELDS - {"players", "hand"}))
    if clash:
        raise HistoryError(
            f"metadata cannot set {', '.join(map(repr, clash))}: it comes from the hand"
        )
    n = hand.seats
    if rules.structure is Structure.FIXED_LIMIT and (
        rules.cap != _FIXED_LIMIT_CAP or rules.uncapped_heads_up
    ):
        raise HistoryError(
            f"cap: PHH fixed-limit games allow {_FIXED_LIMIT_CAP} bets a round, capped heads-up"
            f" too; these rules have cap {rules.cap}"
            + (", uncapped heads-up" if rules.uncapped_heads_up else "")
        )

    def phh_index(seat: int) -> int:
        return (seat - hand.button - 1) % n

    def by_phh(values: Sequence[int]) -> list[int]:
        out = [0] * n
        for seat, value in enumerate(values):
            out[phh_index(seat)] = value
        return out

    antes = [0] * n
    if rules.ante_type is AnteType.PER_PLAYER:
        antes = [rules.ante] * n
    elif rules.ante_type is AnteType.BIG_BLIND:
        antes[1] = rules.ante  # p2, or p1 heads-up in the reversed PHH order
    blinds = [0] * n
    blinds[0], blinds[1] = rules.small_blind, rules.big_blind
    if rules.straddle and n > 2:
        blinds[2] = rules.straddle
    posted = {e.kind: e.seat for e in hand.events if isinstance(e, Posted)}
    unposted = Forced.SMALL_BLIND not in posted and Forced.STRADDLE not in posted
    if n > 2 and unposted and phh_index(posted[Forced.BIG_BLIND]) == 0:
        blinds = [rules.big_blind] + [0] * (n - 1)  # a dead small blind (RULES 8.4)
    fields: list[tuple[str, object]] = [
        ("variant", variant),
        ("ante_trimming_status", bool(rules.antes_as_contributions)),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
    ]
    if rules.structure is Structure.NO_LIMIT:
        fields.append(("min_bet", rules.min_bet))
    else:
        fields += [("small_bet", rules.small_bet), ("big_bet", rules.big_bet)]
    fields.append(("starting_stacks", by_phh(hand.starting_stacks)))
    out = [f"{key} = {_toml(value)}\n" for key, value in fields]
    out.append("actions = [\n")
    out += [f"  {_toml(action)},\n" for action in _actions_of(hand.events, phh_index)]
    out.append("]\n")
    if hand.result is not None:
        out.append(f"finishing_stacks = {_toml(by_phh(hand.result.stacks))}\n")
    for key, value in metadata.items():
        if key == "players":
            value = _players_in_phh_order(value, n, phh_index)
        out.append(f"{_toml_key(key)} = {_toml(value)}\n")
    return out


def _players_in_phh_order(names: object, n: int, phh_index: Callable[[int], int]) -> list[str]:
    if not isinstance(names, list | tuple) or len(names) != n:
        raise HistoryError(f"metadata 'players' must name the {n} players in seat order")
    out = [""] * n
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise HistoryError(f"metadata 'players' holds {name!r}: names are strings")
        out[phh_index(seat)] = name
    return out


def _actions_of(events: Sequence[Event], phh_index: Callable[[int], int]) -> list[str]:
    """The PHH action texts for the events of a hand."""
    actions: list[str] = []
    hole: dict[int, list[Card | None]] = {}

    def flush() -> None:
        for seat in sorted(hole, key=phh_index):
            cards = "".join("??" if c is None else str(c) for c in hole[seat])
            actions.append(f"d dh p{phh_index(seat) + 1} {cards}")
        hole.clear()

    for event in events:
        if isinstance(event, HoleDealt):
            hole.setdefault(event.seat, []).append(event.card)
            continue
        if isinstance(event, BoardDealt):
            flush()
            actions.append(f"d db {format_cards(event.cards)}")
        elif isinstance(event, Acted):
            flush()
            player = f"p{phh_index(event.seat) + 1}"
            if event.kind is ActionKind.FOLD:
                actions.append(f"{player} f")
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(f"{player} cc")
            else:
                actions.append(f"{player} cbr {event.amount}")
        elif isinstance(event, Shown):
            flush()
            actions.append(f"p{phh_index(event.seat) + 1} sm {format_cards(event.cards)}")
        elif isinstance(event, Mucked):
            flush()
            actions.append(f"p{phh_index(event.seat) + 1} sm")
    flush()
    return actions


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml(key)


def _toml(value: object) -> str:
    """A TOML value for strings, whole and real numbers, booleans, dates and arrays."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(_ESCAPES.get(c) or _escape(c) for c in value) + '"'
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise HistoryError(
        f"cannot write {value!r} in a PHH file: fields are strings, numbers, booleans,"
        " dates, times or arrays of them"
    )


_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04X}" if code < 0x20 or code == 0x7F else char
