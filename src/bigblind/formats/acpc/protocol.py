"""The ACPC match-state protocol (version 2.0.0) and the dealer's log lines, as text.

A match state is ``MATCHSTATE:<position>:<hand number>:<betting>:<cards>``:
betting rounds separated by ``/``, each action ``f``, ``c`` or ``r`` (no
limit: ``r<N>``, N being the raiser's total over the whole hand); the cards
are each position's hole cards separated by ``|`` (empty where unseen), then
``/`` and each later round's board. A client answers with the state, ``:``
and its action. The dealer's log has one ``STATE:<hand>:<betting>:<cards>:
<values>:<names>`` line per hand, values and names per position.

>>> state = parse_matchstate("MATCHSTATE:1:7:r300c/r900:|9hQd/8dAs4c", no_limit=True)
>>> state.position, state.hand_number, format_betting(state.betting), state.board
(1, 7, 'r300c/r900', ((), (Card('8d'), Card('As'), Card('4c'))))
>>> str(state)
'MATCHSTATE:1:7:r300c/r900:|9hQd/8dAs4c'
>>> parse_response("MATCHSTATE:1:7:r300c/r900:|9hQd/8dAs4c:c", no_limit=True)[1]
Action(kind='c', size=None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bigblind.cards import Card, format_cards
from bigblind.errors import BigblindError, CardError

__all__ = [
    "VERSION",
    "Action",
    "MatchState",
    "ProtocolError",
    "StateLine",
    "format_betting",
    "format_value",
    "parse_action",
    "parse_betting",
    "parse_matchstate",
    "parse_response",
    "parse_state_line",
    "split_response",
]

VERSION = "VERSION:2.0.0"
"""The line a client sends first."""

Betting = tuple[tuple["Action", ...], ...]
# The ACPC server reads b/B and r/R as a raise, c/C and k/K as a call.
_KINDS: dict[str, Literal["f", "c", "r"]] = {
    "f": "f",
    "c": "c",
    "k": "c",
    "r": "r",
    "b": "r",
}
_SIZE = re.compile(r"[ \t\n\v\f\r]*([+-]?[0-9]+)")


class ProtocolError(BigblindError):
    """A message or log line that does not follow the ACPC protocol."""


@dataclass(frozen=True, slots=True)
class Action:
    """One ACPC action: ``f`` fold, ``c`` check or call, ``r`` bet or raise.

    ``size`` is a no-limit raise's total over the whole hand.

    >>> str(Action("r", 600)), str(Action("c"))
    ('r600', 'c')
    """

    kind: Literal["f", "c", "r"]
    size: int | None = None

    def __str__(self) -> str:
        return self.kind if self.size is None else f"{self.kind}{self.size}"


def parse_action(text: str, *, no_limit: bool) -> tuple[Action, int]:
    """The action at the start of ``text`` and how many characters it took.

    >>> parse_action("r250c", no_limit=True)
    (Action(kind='r', size=250), 4)
    >>> parse_action("k", no_limit=False)
    (Action(kind='c', size=None), 1)
    >>> parse_action("x", no_limit=False)
    Traceback (most recent call last):
    ...
    bigblind.formats.acpc.protocol.ProtocolError: cannot read action 'x': accepted are f, c, r ...
    """
    kind = _KINDS.get(text[:1].lower())
    if kind is None:
        raise ProtocolError(
            f"cannot read action {text!r}: accepted are f, c, r (k and b as c and r),"
            " a no-limit raise with its total, e.g. r600"
        )
    if kind != "r" or not no_limit:
        return Action(kind), 1
    # The size is read as C's "%d" reads it (the ACPC server's own reading): spaces,
    # then a sign, then digits. A size out of range is the dealer's to fix, not an error.
    size = _SIZE.match(text, 1)
    if size is None:
        raise ProtocolError(
            f"cannot read action {text!r}: a no-limit raise names its total, e.g. r600"
        )
    return Action("r", int(size.group(1))), size.end()


def parse_betting(text: str, *, no_limit: bool) -> Betting:
    """The actions of each round; rounds are separated by ``/``.

    >>> [[str(a) for a in r] for r in parse_betting("cr300c/", no_limit=True)]
    [['c', 'r300', 'c'], []]
    """
    rounds: list[tuple[Action, ...]] = []
    for part in text.split("/"):
        actions: list[Action] = []
        at = 0
        while at < len(part):
            action, used = parse_action(part[at:], no_limit=no_limit)
            actions.append(action)
            at += used
        rounds.append(tuple(actions))
    return tuple(rounds)


def format_betting(betting: Betting) -> str:
    """The betting as ACPC text."""
    return "/".join("".join(map(str, actions)) for actions in betting)


def format_value(value: Fraction | float) -> str:
    """A value as the ACPC dealer prints it: six decimals, trailing zeros dropped.

    >>> format_value(Fraction(-100)), format_value(Fraction(301, 2)), format_value(Fraction(1, 3))
    ('-100', '150.5', '0.333333')
    """
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True, slots=True)
class MatchState:
    """What one position is told: the betting, its cards and any shown cards, the board.

    ``hole`` has one entry per position (empty where unseen); ``board`` one
    per round, round 0 (pre-flop) empty.
    """

    position: int
    hand_number: int
    betting: Betting
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        common = _common(self.hand_number, self.betting, self.hole, self.board)
        return f"MATCHSTATE:{self.position}:{common}"


@dataclass(frozen=True, slots=True)
class StateLine:
    """One line of the dealer's log: a finished hand, its values and names by position."""

    hand_number: int
    betting: Betting
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]
    values: tuple[Fraction, ...]
    names: tuple[str, ...]

    def __str__(self) -> str:
        values = "|".join(format_value(v) for v in self.values)
        common = _common(self.hand_number, self.betting, self.hole, self.board)
        return f"STATE:{common}:{values}:{'|'.join(self.names)}"


def _common(
    number: int,
    betting: Betting,
    hole: Sequence[Sequence[Card]],
    board: Sequence[Sequence[Card]],
) -> str:
    cards = "|".join(format_cards(h) for h in hole)
    cards += "".join("/" + format_cards(b) for b in board[1:])
    return f"{number}:{format_betting(betting)}:{cards}"


def parse_matchstate(line: str, *, no_limit: bool, players: int | None = None) -> MatchState:
    """Read a ``MATCHSTATE`` line (any trailing ``\\r\\n`` ignored)."""
    text = line.rstrip("\r\n")
    parts = text.split(":")
    if len(parts) != 5 or parts[0] != "MATCHSTATE":
        raise ProtocolError(
            f"cannot read match state {text!r}: expected"
            " MATCHSTATE:<position>:<hand number>:<betting>:<cards>"
        )
    position = _number(parts[1], "position", text)
    number, betting, hole, board = _read_common(parts[2:], no_limit, text)
    if players is not None and (position >= players or len(hole) != players):
        raise ProtocolError(f"match state {text!r} is not for a {players}-player game")
    return MatchState(position, number, betting, hole, board)


def parse_response(line: str, *, no_limit: bool) -> tuple[MatchState, Action]:
    """Split a client's answer into the state it answers and its action.

    The action's trailing text is ignored, as the ACPC dealer ignores it.
    """
    text = line.rstrip("\r\n")
    state_text, action_text = split_response(text)
    if action_text is None:
        raise ProtocolError(f"cannot read response {text!r}: expected <match state>:<action>")
    state = parse_matchstate(state_text, no_limit=no_limit)
    action, _ = parse_action(action_text, no_limit=no_limit)
    return state, action


def split_response(line: str) -> tuple[str, str | None]:
    """A client's answer as its match state and the text after it (None: no action at all).

    The state is ``MATCHSTATE`` and four fields; the action is whatever follows
    the next ``:``, so text after the action (even another ``:``) stays with it
    and is ignored when the action is read, as the ACPC dealer reads answers.

    >>> split_response("MATCHSTATE:0:3:r300:|AsKd:c:thinking")
    ('MATCHSTATE:0:3:r300:|AsKd', 'c:thinking')
    >>> split_response("MATCHSTATE:0:3:r300:|AsKd")
    ('MATCHSTATE:0:3:r300:|AsKd', None)
    """
    parts = line.split(":", 5)
    if len(parts) < 6:
        return line, None
    return ":".join(parts[:5]), parts[5]


def parse_state_line(line: str, *, no_limit: bool) -> StateLine:
    """Read one ``STATE`` line of a dealer's log."""
    text = line.rstrip("\r\n")
    parts = text.split(":")
    if len(parts) != 6 or parts[0] != "STATE":
        raise ProtocolError(
            f"cannot read log line {text!r}: expected"
            " STATE:<hand>:<betting>:<cards>:<values>:<names>"
        )
    number, betting, hole, board = _read_common(parts[1:4], no_limit, text)
    try:
        values = tuple(Fraction(v) for v in parts[4].split("|"))
    except ValueError:
        raise ProtocolError(f"log line {text!r}: values {parts[4]!r} are not numbers") from None
    names = tuple(parts[5].split("|"))
    if not len(values) == len(names) == len(hole):
        raise ProtocolError(f"log line {text!r}: give one value and one name per position")
    return StateLine(number, betting, hole, board, values, names)


def _number(text: str, what: str, line: str) -> int:
    if not text.isdecimal():
        raise ProtocolError(f"cannot read {what} {text!r} in {line!r}: expected a whole number")
    return int(text)


def _read_common(
    parts: Sequence[str], no_limit: bool, line: str
) -> tuple[int, Betting, tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    number = _number(parts[0], "hand number", line)
    try:
        betting = parse_betting(parts[1], no_limit=no_limit)
    except ProtocolError as error:
        raise ProtocolError(f"{error} (in {line!r})") from None
    hole_text, *board_texts = parts[2].split("/")
    hole = tuple(_cards(h, line) for h in hole_text.split("|"))
    board = ((), *(_cards(b, line) for b in board_texts))
    if len(board) != len(betting):
        raise ProtocolError(
            f"{line!r} has {len(betting)} betting rounds but cards for {len(board)}"
        )
    return number, betting, hole, board


def _cards(text: str, line: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise ProtocolError(f"cannot read cards {text!r} in {line!r}: two characters per card")
    try:
        return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))
    except CardError as error:
        raise ProtocolError(f"cannot read cards {text!r} in {line!r}: {error}") from None
