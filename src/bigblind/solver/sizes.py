"""Bet and raise sizes of a betting tree: ``33%``, ``2.5x``, ``100c``, ``a``.

A size is read from the usual solver notation, comma separated:

* ``33%`` (or ``33``): a share of the pot. A bet of p% is ``round(p x pot)``, the
  pot as the street started; a raise of p% puts in the call, then p% of the
  pot after that call.
* ``2.5x``: a raise to 2.5 times the bet it raises (raises only).
* ``100c``: a fixed number of chips: a bet of 100, or a raise by 100.
* ``e``: geometric: the share of the pot that, bet (or raised, over the pot after
  the call) on this street and each one left and called every time, puts the
  stack in by the river.
* ``a`` (or ``allin``, ``all-in``): everything behind.

>>> parse_sizes("33%, 75%, a", raises=False)
(Size(kind='pot', value=0.33), Size(kind='pot', value=0.75), Size(kind='all-in', value=0.0))
>>> str(parse_sizes("2.5x", raises=True)[0])
'2.5x'
>>> bet_to(Size(kind="pot", value=0.33), pot=200, facing=0)
66
>>> bet_to(Size(kind="times", value=2.5), pot=200, facing=66)
165
>>> parse_sizes("2.5x", raises=False)
Traceback (most recent call last):
...
bigblind.solver.sizes.SizeError: cannot read the bet sizes '2.5x': '2.5x' ...
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final, Literal

from bigblind.errors import BigblindError

__all__ = ["Size", "SizeError", "bet_to", "parse_sizes"]

SizeKind = Literal["pot", "times", "chips", "geometric", "all-in"]

MAX_POT_SHARE: Final = 100.0
"""The largest pot share a size may be (10,000%)."""
MAX_TIMES: Final = 100.0
"""The largest multiple of the last bet a raise may be."""
MAX_SIZES: Final = 16
"""The most sizes in one list."""

_ACCEPTED: Final = (
    "a share of the pot (33%), a multiple of the last bet for raises (2.5x), chips (100c),"
    " geometric (e) or all-in (a), separated by commas"
)
_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_POT = re.compile(_NUMBER + r"\s*%?")
_TIMES = re.compile(_NUMBER + r"\s*x", re.IGNORECASE)
_CHIPS = re.compile(_NUMBER + r"\s*c", re.IGNORECASE)
_ALL_IN = {"a", "allin", "all-in", "all in"}


class SizeError(BigblindError):
    """Bet sizes that cannot be read, or a size that makes no sense."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Size:
    """One bet or raise size: ``kind`` and its ``value`` (a pot share as a fraction)."""

    kind: SizeKind
    value: float

    def __str__(self) -> str:
        if self.kind == "pot":
            return f"{self.value * 100:g}%"
        if self.kind == "times":
            return f"{self.value:g}x"
        if self.kind == "chips":
            return f"{self.value:g}c"
        return "e" if self.kind == "geometric" else "a"


def _one(token: str, *, raises: bool) -> Size | str:
    """The size ``token`` says, or why it is not one."""
    if token.lower() in _ALL_IN:
        return Size(kind="all-in", value=0.0)
    if token.lower() == "e":
        return Size(kind="geometric", value=0.0)
    match = _TIMES.fullmatch(token)
    if match is not None:
        if not raises:
            return "is a multiple of the last bet, which only a raise can be"
        times = float(match.group(1))
        if not 1.0 < times <= MAX_TIMES:
            return f"must be more than 1x and at most {MAX_TIMES:g}x"
        return Size(kind="times", value=times)
    match = _CHIPS.fullmatch(token)
    if match is not None:
        chips = float(match.group(1))
        if chips != int(chips) or not 1 <= chips <= 10**9:
            return "must be a whole number of chips from 1 to 1,000,000,000"
        return Size(kind="chips", value=chips)
    match = _POT.fullmatch(token)
    if match is not None:
        share = float(match.group(1)) / 100
        if not 0 < share <= MAX_POT_SHARE:
            return f"must be more than 0% and at most {MAX_POT_SHARE * 100:g}% of the pot"
        return Size(kind="pot", value=share)
    return "is not a size"


def parse_sizes(text: str, *, raises: bool) -> tuple[Size, ...]:
    """The sizes of ``text`` (see the module), in the order given, each once.

    An empty text is no sizes (the player may only check, or only call).

    >>> [str(s) for s in parse_sizes("50%, 50, 100c, allin", raises=True)]
    ['50%', '100c', 'a']
    >>> parse_sizes("", raises=False)
    ()
    """
    if not isinstance(text, str):
        raise SizeError(f"bet sizes are text such as '33%, 75%, a', not {text!r}")
    what = "raise sizes" if raises else "bet sizes"
    out: list[Size] = []
    if not text.strip():
        return ()
    for token in (t.strip() for t in text.split(",")):
        size = _one(token, raises=raises) if token else "is empty"
        if isinstance(size, str):
            raise SizeError(
                f"cannot read the {what} {text!r}: {token!r} {size}; expected {_ACCEPTED}"
            )
        if size not in out:
            out.append(size)
    if len(out) > MAX_SIZES:
        raise SizeError(
            f"the {what} {text!r} list {len(out)} sizes; at most {MAX_SIZES} are allowed"
        )
    return tuple(out)


def bet_to(size: Size, *, pot: int, facing: int, behind: int = 0, streets: int = 1) -> int:
    """The street's bet-to amount of ``size``, before the stack and minimum are applied.

    ``pot`` is the pot as the street started and ``facing`` the bet-to being raised
    (0 for a bet); an all-in is a huge int (the caller caps it at the stack). A
    geometric size needs ``behind``, the stack as the street began, and ``streets``,
    the streets left counting this one. Halves round up, as chips are counted.

    >>> bet_to(Size(kind="geometric", value=0.0), pot=200, facing=0, behind=900, streets=2)
    216

    >>> bet_to(Size(kind="pot", value=0.5), pot=200, facing=100)
    300
    >>> bet_to(Size(kind="chips", value=40.0), pot=200, facing=100)
    140
    """
    if size.kind == "all-in":
        return 2**62
    if size.kind == "times":
        return _round(size.value * facing)
    if size.kind == "chips":
        return facing + int(size.value)
    if size.kind == "geometric":
        after = pot + 2 * facing
        left = max(behind - facing, 0)
        share = ((1 + 2 * left / after) ** (1 / max(streets, 1)) - 1) / 2
        return facing + _round(share * after)
    return facing + _round(size.value * (pot + 2 * facing))


def _round(amount: float) -> int:
    # Half up, not Python's half to even: 2.5x of 33 is 83.
    return math.floor(amount + 0.5 + 1e-9)
