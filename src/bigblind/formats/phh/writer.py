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
    HandKilled,
    HoleDealt,
    Mucked,
    Posted,
    RunBoardDealt,
    RunsAgreed,
    Shown,
)
from bigblind.engine.hand import Hand
from bigblind.engine.rules import AnteType, Structure
from bigblind.engine.views import SeenHand
from bigblind.errors import HistoryError
from bigblind.formats.phh.history import FIXED_LIMIT_CAP, GAME_FIELDS, OWN_FIELDS, variant_code

__all__ = ["dump_session", "dumps"]

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


def dumps(hand: Hand | SeenHand, /, **metadata: object) -> str:
    """Write a hand played with the engine as a ``.phh`` text (TOML).

    Hole cards and boards are written as the house knows them (``??`` for
    unknown cards), or as one player saw them when ``hand`` is a
    :class:`~bigblind.engine.views.SeenHand` (``hand.seen(seat)``: RULES 3.4);
    shows and mucks are ``sm`` actions; the button is ``pn``.
    ``metadata`` adds fields such as ``hand``, ``event`` or ``players`` (the
    names in seat order, like the stacks; they are written in PHH order).
    The variant code names the structure and the game (RULES 11.4): pot-limit hold'em and
    no-limit Omaha, among others, have none and raise
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
    return "".join(history_lines(hand, metadata))


def dump_session(
    hands: Iterable[Hand | SeenHand | tuple[Hand | SeenHand, Mapping[str, object]]],
    /,
    **metadata: object,
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
        if isinstance(item, tuple):
            hand, own = item
        else:
            hand = item
        fields = {**metadata, **own}
        parts.append(f"[{index}]\n" + "".join(history_lines(hand, fields)))
    return "\n".join(parts)


def history_lines(
    hand: Hand | SeenHand, metadata: Mapping[str, object], *, record_last: bool = False
) -> list[str]:
    """The lines of one hand; ``record_last`` puts the metadata before the actions.

    With ``record_last`` the finishing stacks come last, so that a hand cut
    short while being appended lacks them (see :func:`append`).
    """
    rules = hand.rules
    variant = variant_code(rules)
    if variant is None:
        raise HistoryError(
            f"a {rules.structure.value} hand of {rules.game.name} cannot be written: PHH has no"
            f" variant code for {rules.structure.value.replace(' ', '-')} {rules.game.name}"
            " (bigblind writes NT, FT, PO, FO/8, NS and its own P5O, P6O, PO/8)"
        )
    n = hand.seats
    if rules.structure is Structure.FIXED_LIMIT and (
        rules.cap != FIXED_LIMIT_CAP or rules.uncapped_heads_up
    ):
        raise HistoryError(
            f"cap: PHH fixed-limit games allow {FIXED_LIMIT_CAP} bets a round, capped heads-up"
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

    bomb = hand.bomb_pot
    if bomb:
        # RULES 12.1: PHH has no bomb pot: every player's ante, no blinds, and no pre-flop
        # action (PHH would expect a pre-flop round), named by bigblind's own field.
        blinds, layout = [0] * n, None
    else:
        blinds, layout = _blinds(hand, phh_index)
    antes = [0] * n
    if bomb:
        antes = [bomb] * n
    elif rules.ante_type is AnteType.PER_PLAYER:
        antes = [rules.ante] * n
    elif rules.ante_type is AnteType.BIG_BLIND:
        # p2; p1 heads-up (the PHH order reversed) or when the big blind is p1
        antes[0 if layout else 1] = rules.ante
    fields: list[tuple[str, object]] = [
        ("variant", variant),
        ("ante_trimming_status", True if bomb else bool(rules.antes_as_contributions)),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
    ]
    if layout == "_dead_small_blind" and rules.straddle:
        # Positions alone would read as a small and a big blind: say which blind is dead.
        fields.append((layout, rules.small_blind))
    elif layout == "_small_blind_on_button":
        fields.append((layout, True))
    if rules.structure is not Structure.FIXED_LIMIT:  # no limit and pot limit (PO)
        fields.append(("min_bet", rules.min_bet))
    else:
        fields += [("small_bet", rules.small_bet), ("big_bet", rules.big_bet)]
    fields.append(("starting_stacks", by_phh(hand.starting_stacks)))
    fields += _owed_posts(hand, metadata, by_phh)
    if bomb:
        fields.append(("_bomb_pot", bomb))
    runs = max((e.runs for e in hand.events if isinstance(e, RunsAgreed)), default=1)
    if runs > 1:
        fields.append(("_runs", runs))  # run it twice (RULES 10.3): PHH has no field for it
    actions, kills = _actions_of(hand.events, phh_index)
    if kills:
        # RULES 9.2: PHH has no dead hand: each is [player, actions before the kill].
        fields.append(("_dead_hands", kills))
    out = [f"{key} = {_toml(value)}\n" for key, value in fields]
    record: list[str] = []
    for key, value in metadata.items():
        if key in OWN_FIELDS:
            # From the hand: the owed posts are checked by _owed_posts, and a dead
            # small blind must be the one the hand had.
            written = dict(fields).get(key)
            mine = (
                "_dead_small_blind",
                "_small_blind_on_button",
                "_runs",
                "_dead_hands",
                "_bomb_pot",
            )
            if key in mine and value != written:
                raise HistoryError(f"metadata {key!r} {value!r} disagrees with the hand")
            continue
        if key in GAME_FIELDS - {"players", "hand"}:
            raise HistoryError(f"metadata cannot set {key!r}: it comes from the hand")
        if key == "players":
            value = _players_in_phh_order(value, n, phh_index)
        record.append(f"{_toml_key(key)} = {_toml(value)}\n")
    if record_last:
        out += record
    out.append("actions = [\n")
    out += [f"  {_toml(action)},\n" for action in actions]
    out.append("]\n")
    if hand.result is not None:
        out.append(f"finishing_stacks = {_toml(by_phh(hand.result.stacks))}\n")
    if not record_last:
        out += record
    return out


_OWED: Final = {"_live_blinds": Forced.LIVE_BLIND, "_dead_money": Forced.DEAD_BLIND}


def _blinds(hand: Hand | SeenHand, phh_index: Callable[[int], int]) -> tuple[list[int], str | None]:
    """``blinds_or_straddles`` by position, and bigblind's own field for a layout PHH lacks.

    PHH places the blinds by position: ``p1`` the small blind, ``p2`` the big
    blind, ``p3`` a straddle (heads-up the order is reversed). Two layouts of a
    table with a dead button (RULES 8.4) go further and are named by a field:
    a dead small blind (``p1`` posts the big blind, ``p2`` the straddle;
    ``_dead_small_blind``, needed only with a straddle) and a small blind posted
    by the player right of an empty button seat, who acts last after the flop
    (``pn``; ``_small_blind_on_button``).
    """
    rules, n = hand.rules, hand.seats
    posted = {
        e.kind: phh_index(e.seat)
        for e in hand.events
        if isinstance(e, Posted)
        and e.kind in (Forced.SMALL_BLIND, Forced.BIG_BLIND, Forced.STRADDLE)
    }
    if n == 2:
        posted = {kind: 1 - index for kind, index in posted.items()}  # reversed heads-up
    layout: str | None = None
    expected = {Forced.SMALL_BLIND: 0, Forced.BIG_BLIND: 1, Forced.STRADDLE: 2}
    if rules.button_blind and n > 2:  # RULES 11.3: the button's one blind, on pn
        expected = {Forced.BIG_BLIND: n - 1}
    elif rules.small_blind > 0 and Forced.SMALL_BLIND not in posted:
        layout = "_dead_small_blind"
        expected = {Forced.BIG_BLIND: 0, Forced.STRADDLE: 1}
    elif n > 2 and posted.get(Forced.SMALL_BLIND) == n - 1:
        layout = "_small_blind_on_button"
        expected = {Forced.SMALL_BLIND: n - 1, Forced.BIG_BLIND: 0, Forced.STRADDLE: 1}
    if n == 2 and layout is not None:
        raise HistoryError("a heads-up hand without a small blind cannot be written in PHH")
    amounts = {
        Forced.SMALL_BLIND: rules.small_blind,
        Forced.BIG_BLIND: rules.big_blind,
        Forced.STRADDLE: rules.straddle,
    }
    blinds = [0] * n
    for kind, index in posted.items():
        if expected.get(kind) != index:
            raise HistoryError(
                f"the {kind.value} was posted by p{index + 1}: PHH places the small blind on p1,"
                " the big blind on p2 and a straddle on p3 (the big blind on p1 when the small"
                " blind is dead or on the button)"
            )
        blinds[index] = amounts[kind]
    return blinds, layout


def _owed_posts(
    hand: Hand | SeenHand,
    metadata: Mapping[str, object],
    by_phh: Callable[[Sequence[int]], list[int]],
) -> list[tuple[str, object]]:
    """The fields ``_live_blinds`` and ``_dead_money`` for owed posts (RULES 10.1)."""
    fields: list[tuple[str, object]] = []
    for name, kind in _OWED.items():
        amounts = [0] * hand.seats
        for event in hand.events:
            if isinstance(event, Posted) and event.kind is kind:
                amounts[event.seat] += event.amount
        in_phh = by_phh(amounts)
        given = metadata.get(name)
        if given is not None and (not isinstance(given, list | tuple) or list(given) != in_phh):
            raise HistoryError(
                f"metadata {name!r} {given!r} disagrees with the hand's posts {in_phh}"
            )
        if any(amounts):
            fields.append((name, in_phh))
    return fields


def _players_in_phh_order(names: object, n: int, phh_index: Callable[[int], int]) -> list[str]:
    if not isinstance(names, list | tuple) or len(names) != n:
        raise HistoryError(f"metadata 'players' must name the {n} players in seat order")
    out = [""] * n
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise HistoryError(f"metadata 'players' holds {name!r}: names are strings")
        out[phh_index(seat)] = name
    return out


def _actions_of(
    events: Sequence[Event], phh_index: Callable[[int], int]
) -> tuple[list[str], list[list[int]]]:
    """The PHH action texts for the events of a hand, and its kills.

    Each kill (RULES 9.2) is ``[player, position]``: the player's number (``p1`` is 1)
    and how many actions came before it.
    """
    actions: list[str] = []
    kills: list[list[int]] = []
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
        elif isinstance(event, RunBoardDealt):
            # RULES 10.3: the second run's cards follow the first run's, marked for readers.
            actions.append(f"d db {format_cards(event.cards)} # run {event.run}")
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
        elif isinstance(event, HandKilled):
            flush()
            kills.append([phh_index(event.seat) + 1, len(actions)])
    flush()
    return actions, kills


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
        if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            shown = repr(value) if len(value) <= 40 else repr(value[:37]) + "..."
            raise HistoryError(
                f"cannot write {shown} in a PHH file: it holds a lone surrogate, which UTF-8"
                " cannot encode"
            )
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
    """Control characters and every line break as ``\\uXXXX``: each field stays on its line."""
    code = ord(char)
    if code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029):
        return f"\\u{code:04X}"
    return char
