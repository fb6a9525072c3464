"""Reading PHH texts and files into :class:`~bigblind.formats.phh.history.HandHistory` values.

>>> [h.variant for h in loads('variant = "FB"\\nactions = []')]
['FB']
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.phh.history import (
    _FIXED_LIMIT_CAP,
    _GAME_FIELDS,
    _STRUCTURE,
    SUPPORTED_VARIANTS,
    HandHistory,
)

__all__ = ["loads", "parse_each", "read"]


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
