"""Writing engine hands as PHH texts: :func:`dumps` (one hand) and :func:`dump_session`."""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
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
from bigblind.engine.rules import AnteType, Structure
from bigblind.errors import HistoryError
from bigblind.formats.phh.history import _FIXED_LIMIT_CAP, _GAME_FIELDS, _VARIANT_OF

__all__ = ["dump_session", "dumps"]

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


def dumps(hand: Hand, /, **metadata: object) -> str:
    """Write a hand played with the engine as a ``.phh`` text (TOML).

    Hole cards and boards are written as the house knows them (``??`` for
    unknown cards), shows and mucks as ``sm`` actions; the button is ``pn``.
    ``metadata`` adds fields such as ``hand``, ``event`` or ``players`` (the
    names in seat order, like the stacks; they are written in PHH order).
    Pot-limit hold'em has no PHH variant code and raises
    :class:`~bigblind.errors.HistoryError`, as do rules PHH cannot express.

    >>> from bigblind import Deck, Rules
    >>> from bigblind.formats.phh import loads, replay
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
    >>> from bigblind.formats.phh import loads
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
