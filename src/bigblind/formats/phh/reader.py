"""Reading PHH texts and files into :class:`~bigblind.formats.phh.history.HandHistory` values.

>>> [h.variant for h in loads('variant = "FB"\\nactions = []')]
['FB']
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError, HistoryError
from bigblind.evaluation.games import Game
from bigblind.formats.names import brief
from bigblind.formats.phh.history import (
    FIXED_LIMIT_CAP,
    GAME_FIELDS,
    GAME_VARIANTS,
    SUPPORTED_VARIANTS,
    HandHistory,
)

__all__ = ["loads", "parse_each", "plain_document", "read"]


def loads(text: str) -> list[HandHistory]:
    """Read the hands of a ``.phh`` (one hand) or ``.phhs`` (tables ``[1]``, ``[2]`` ...) text.

    Raises :class:`~bigblind.errors.HistoryError` naming the hand and the
    field for the first hand that cannot be read.

    >>> text = '[1]\\nvariant = "FB"\\nactions = []\\n[2]\\nvariant = "FR"\\nactions = []\\n'
    >>> [(h.number, h.variant, h.supported) for h in loads(text)]
    [(1, 'FB', False), (2, 'FR', False)]
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
    return parse_document(toml_document(text))


# The form nearly every .phh file takes, one 'key = value' a line, the values plain
# strings, integers, booleans or one-line arrays of them: read without the TOML
# parser, which costs most of a hand's reading. Anything else goes to tomllib.
_SCALAR = (
    r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\""
    r"|-?(?:0|[1-9][0-9]{0,17})|true|false"
)
_ARRAY = rf"\[ *(?:(?:{_SCALAR}) *(?:, *(?:{_SCALAR}) *)*,? *)?\]"
_PLAIN_LINE = re.compile(rf"([A-Za-z_][A-Za-z0-9_]*) *= *((?:{_SCALAR})|{_ARRAY}) *")
_TOKEN = re.compile(_SCALAR)


def plain_document(text: str) -> dict[str, object] | None:
    """The document of a text in the plain form, or None for any other text."""
    document: dict[str, object] = {}
    for line in text.split("\n"):
        line = line.removesuffix("\r")
        if not line.strip(" \t"):
            continue
        found = _PLAIN_LINE.fullmatch(line)
        if found is None or found[1] in document:
            return None
        value = found[2]
        if value.startswith("["):
            document[found[1]] = [_scalar(token) for token in _TOKEN.findall(value)]
        else:
            document[found[1]] = _scalar(value)
    return document


def _scalar(token: str) -> object:
    if token[0] in "'\"":
        return token[1:-1]
    if token in ("true", "false"):
        return token == "true"
    return int(token)


def toml_document(text: str) -> dict[str, object]:
    """The TOML document of a text; a :class:`TOMLError` if it is not TOML."""
    plain = plain_document(text)
    if plain is not None:
        return plain
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TOMLError(f"not a PHH file: invalid TOML: {error}", str(error)) from None
    except RecursionError:
        raise HistoryError("not a PHH file: arrays or tables nested too deep") from None
    except ValueError as error:  # a number TOML allows and Python will not convert
        raise HistoryError(f"not a PHH file: {error}") from None


class TOMLError(HistoryError):
    """A text that is not TOML; ``detail`` is the parser's message, with its position."""

    def __init__(self, message: str, detail: str) -> None:
        super().__init__(message)
        self.detail = detail


def parse_document(document: Mapping[str, object]) -> list[HandHistory | HistoryError]:
    """The hands (or their errors) of a ``.phh`` document or of a ``.phhs`` one."""
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
    text = read_text(path)
    try:
        return loads(text)
    except HistoryError as error:
        raise HistoryError(f"{path}: {error}") from None


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise HistoryError(f"{path}: cannot read the file: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(f"{path}: not a PHH file: not UTF-8 text ({error.reason})") from None


def _table_number(key: str) -> int | str:
    # ASCII digits only ('²' is a digit to str.isdigit), and few enough to convert.
    return int(key) if key.isascii() and key.isdigit() and len(key) < 19 else key


def _parse_hand(table: Mapping[str, object], number: int | str | None) -> HandHistory:
    variant = table.get("variant")
    if not isinstance(variant, str):
        if variant is None:
            raise HistoryError("missing field 'variant' (a PHH variant code such as 'NT')")
        raise HistoryError(f"field 'variant' {brief(variant)} must be a string such as 'NT'")
    hand_field = table.get("hand")
    if hand_field is not None:
        if isinstance(hand_field, bool) or not isinstance(hand_field, int | str):
            raise HistoryError(f"field 'hand' {brief(hand_field)} must be an integer or a string")
        number = hand_field
    actions = _actions(table)
    players = _players(table)
    if variant not in SUPPORTED_VARIANTS:
        rest = {
            k: v for k, v in table.items() if k not in ("variant", "actions", "players", "hand")
        }
        return HandHistory(variant, None, (), actions, None, players, number, rest)
    structure, game = GAME_VARIANTS[variant]  # RULES 11.4: the file names the game
    stacks = _chip_list(table, "starting_stacks", None, minimum=1)
    n = len(stacks)
    if n < 2:
        raise HistoryError(f"field 'starting_stacks' needs 2 players or more, not {n}")
    if players is not None and len(players) != n:
        raise HistoryError(f"field 'players' names {len(players)} players, not {n}")
    finishing = _finishing_stacks(table, n)
    dead_small = _dead_small_blind(table, n)
    on_button = table.get("_small_blind_on_button", False)
    if not isinstance(on_button, bool) or (on_button and (n < 3 or dead_small is not None)):
        raise HistoryError(
            f"field '_small_blind_on_button' {brief(on_button)} must be true or false, and"
            " true only with 3 players or more and a small blind"
        )
    bomb = _bomb_pot(table)
    if bomb:
        # RULES 12.1: the antes are the bomb pot's, posted by the engine; the rules keep
        # the table's betting (its minimum bet as the big blind) and no forced bet.
        size = table.get("min_bet", table.get("small_bet"))
        bet = size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else 1
        table = {**table, "antes": [0] * n, "blinds_or_straddles": [0, bet] + [0] * (n - 2)}
    rules = _rules(table, variant, structure, n, dead_small, on_button, game)
    metadata = {k: v for k, v in table.items() if k not in GAME_FIELDS}
    return HandHistory(
        variant,
        rules,
        stacks,
        actions,
        finishing,
        players,
        number,
        metadata,
        dead_small_blind=dead_small is not None,
        small_blind_on_button=on_button,
        live_blinds=_owed(table, "_live_blinds", n),
        dead_money=_owed(table, "_dead_money", n),
        runs=_runs(table),
        dead_hands=_dead_hands(table, n, len(actions)),
        bomb_pot=bomb,
    )


def _bomb_pot(table: Mapping[str, object]) -> int:
    bomb = table.get("_bomb_pot", 0)
    if isinstance(bomb, bool) or not isinstance(bomb, int) or bomb < 0:
        raise HistoryError(
            f"field '_bomb_pot' {brief(bomb)} must be each player's ante in chips (RULES 12.1)"
        )
    return bomb


def _runs(table: Mapping[str, object]) -> int:
    runs = table.get("_runs", 1)
    if isinstance(runs, bool) or runs not in (1, 2):
        raise HistoryError(f"field '_runs' {brief(runs)} must be 1 or 2 (RULES 10.3)")
    assert isinstance(runs, int)
    return runs


def _dead_hands(table: Mapping[str, object], n: int, count: int) -> tuple[tuple[int, int], ...]:
    kills = table.get("_dead_hands", [])
    usage = (
        f"field '_dead_hands' {brief(kills)} must list [player, position] pairs: a player"
        f" 1 to {n} whose hand was declared dead (RULES 9.2), once, and how many of the"
        f" {count} actions came before"
    )
    if not isinstance(kills, list):
        raise HistoryError(usage)
    out: list[tuple[int, int]] = []
    for kill in kills:
        if not (isinstance(kill, list) and len(kill) == 2):
            raise HistoryError(usage)
        player, position = kill
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in kill):
            raise HistoryError(usage)
        if not (1 <= player <= n and 0 <= position <= count):
            raise HistoryError(usage)
        if any(player - 1 == seat for seat, _ in out):
            raise HistoryError(usage)
        out.append((player - 1, position))
    return tuple(out)


def _dead_small_blind(table: Mapping[str, object], n: int) -> int | None:
    """The small blind nobody posted (RULES 8.4), or None when it was posted.

    The field ``_dead_small_blind`` gives it; without that field, ``p1`` alone
    posting a blind (the big blind) means a dead small blind of unknown size (0).
    """
    if "_dead_small_blind" in table:
        if n < 3:
            raise HistoryError("field '_dead_small_blind' needs 3 players or more")
        return _chips("_dead_small_blind", table["_dead_small_blind"])
    if "blinds_or_straddles" not in table:
        return None  # reported with the other forced bets
    blinds = _chip_list(table, "blinds_or_straddles", n)
    if len(blinds) > 2 and blinds[0] > 0 and not any(blinds[1:]):
        return 0
    return None


def _owed(table: Mapping[str, object], name: str, n: int) -> tuple[int, ...]:
    """Owed posts of returning players (RULES 10.1), one amount per player; () when none."""
    if name not in table:
        return ()
    amounts = _chip_list(table, name, n)
    return amounts if any(amounts) else ()


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
        raise HistoryError(
            f"field {brief(name)} holds {brief(value)}: bigblind plays whole chips (integers)"
        )
    if value < minimum:
        raise HistoryError(f"field {brief(name)} holds {value}: it must be at least {minimum}")
    return value


def _chip_list(
    table: Mapping[str, object], name: str, length: int | None, minimum: int = 0
) -> tuple[int, ...]:
    value = table.get(name)
    if value is None:
        raise HistoryError(f"missing field {brief(name)} (one amount per player)")
    if not isinstance(value, list):
        raise HistoryError(f"field {brief(name)} must be an array with one amount per player")
    if length is not None and len(value) != length:
        raise HistoryError(f"field {brief(name)} has {len(value)} entries for {length} players")
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
            raise HistoryError(f"field 'finishing_stacks' holds {brief(v)}: amounts are at least 0")
        out.append(v)
    return tuple(out)


def _chip_field(table: Mapping[str, object], name: str, variant: str) -> int:
    if name not in table:
        raise HistoryError(f"missing field {brief(name)} (required for {variant})")
    return _chips(name, table[name])


def _rules(
    table: Mapping[str, object],
    variant: str,
    structure: Structure,
    n: int,
    dead_small: int | None,
    on_button: bool,
    game: Game,
) -> Rules:
    """The engine's rules for the forced bets and limits of the file (RULES 2, 5)."""
    for name in ("antes", "blinds_or_straddles"):
        if name not in table:
            raise HistoryError(f"missing field {brief(name)} (required for {variant})")
    antes = _chip_list(table, "antes", n)
    blinds = _chip_list(table, "blinds_or_straddles", n)
    if table.get("bring_in"):
        raise HistoryError("field 'bring_in' is for stud games: hold'em has blinds")
    trimming = table.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise HistoryError(f"field 'ante_trimming_status' {brief(trimming)} must be true or false")
    # RULES 2.2, 2.3, 2.7: a small and a big blind, and a straddle by the player left
    # of the big blind. Heads-up the PHH order is reversed (p1 is the big blind), which
    # is the engine's rule that the button posts the small blind.
    if dead_small is not None:  # RULES 8.4: the big blind left of the button, then a straddle
        blinds = (dead_small, *blinds)
    elif on_button:  # RULES 8.4: the small blind on pn, the big blind p1, then a straddle
        blinds = (blinds[-1], *blinds[:-1], 0)
    posted = [i for i, amount in enumerate(blinds) if amount]
    # RULES 11.3: one blind, the button's (pn), with antes: short deck's button blind.
    button_blind = n > 2 and posted == [n - 1] and dead_small is None and not on_button
    if button_blind:
        blinds = (0, blinds[-1], *[0] * (n - 2))
        posted = [1]
    if (dead_small is not None or on_button) and (blinds[1] == 0 or any(blinds[3:])):
        raise HistoryError(
            f"field 'blinds_or_straddles' {list(blinds[1:])} cannot be played with a dead"
            " or moved small blind: bigblind has the big blind (p1) and a straddle (p2)"
        )
    standard = dead_small is None and not on_button
    if standard and (not posted or not set(posted) <= {0, 1, 2} or 1 not in posted):
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
    # RULES 2.4: every player's ante, or one ante posted by the big blind: p2, or p1
    # heads-up (the PHH order reversed) or after a dead small blind.
    anted = [i for i, amount in enumerate(antes) if amount]
    ante_type = AnteType.NONE
    ante = 0
    if len(anted) == n and len(set(antes)) == 1:
        ante_type, ante = AnteType.PER_PLAYER, antes[0]
    elif anted == [0 if dead_small is not None or on_button else 1]:
        ante_type, ante = AnteType.BIG_BLIND, antes[anted[0]]
    elif anted:
        raise HistoryError(
            f"field 'antes' {list(antes)} cannot be played: bigblind has equal antes for"
            " every player or one big-blind ante (the second entry)"
        )
    min_bet = small_bet = big_bet = 0
    if structure is not Structure.FIXED_LIMIT:  # no limit and pot limit (PO) name a min_bet
        min_bet = _chip_field(table, "min_bet", variant)
        for name in ("small_bet", "big_bet"):
            if name in table:
                raise HistoryError(f"field {brief(name)} is for fixed-limit games, not {variant}")
    else:
        small_bet = _chip_field(table, "small_bet", variant)
        big_bet = _chip_field(table, "big_bet", variant)
        if "min_bet" in table:
            raise HistoryError(
                f"field 'min_bet' is for no-limit and pot-limit games, not {variant}"
            )
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
            cap=FIXED_LIMIT_CAP if structure is Structure.FIXED_LIMIT else None,
            game=game,
            button_blind=button_blind,
        )
    except BigblindError as error:
        raise HistoryError(f"the forced bets and limits cannot be played: {error}") from None
