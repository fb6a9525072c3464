"""Tournament equity by the Independent Chip Model (Malmuth-Harville), for deals.

A player wins first place with probability stack / total chips; given the
players placed so far, each of the others takes the next place with
probability their stack / the chips of the players not yet placed. A player's
equity is the sum over places of the probability of that place times its
prize. The recursion runs over the sets of players already placed, each set
computed once (memoised): exact, and quick up to a dozen players or so.

>>> icm([5000, 3000, 2000], [50, 30, 20])
(38.39..., 32.75, 28.85...)
>>> icm([1, 1], [70, 30], exact=True)
(Fraction(50, 1), Fraction(50, 1))
>>> deal([5000, 3000, 2000], [50, 30, 20])
(38, 33, 29)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Literal, overload

from bigblind.errors import BigblindError

__all__ = ["IcmError", "deal", "icm"]

_MAX_PLAYERS = 20


class IcmError(BigblindError):
    """Stacks or prizes the model cannot work with."""


@overload
def icm(
    stacks: Sequence[int], payouts: Sequence[int | Fraction], *, exact: Literal[False] = ...
) -> tuple[float, ...]: ...


@overload
def icm(
    stacks: Sequence[int], payouts: Sequence[int | Fraction], *, exact: Literal[True]
) -> tuple[Fraction, ...]: ...


@overload
def icm(
    stacks: Sequence[int], payouts: Sequence[int | Fraction], *, exact: bool
) -> tuple[float, ...] | tuple[Fraction, ...]: ...


def icm(
    stacks: Sequence[int], payouts: Sequence[int | Fraction], *, exact: bool = False
) -> tuple[float, ...] | tuple[Fraction, ...]:
    """Each player's equity in the prizes ``payouts`` (first place first) given ``stacks``.

    ``exact`` computes in fractions instead of floats. Players with no chips
    share the places below everyone with chips equally. The equities add up to
    the prizes of the places that ``stacks`` can fill.

    >>> icm([100, 100, 100], [60, 40])
    (33.33..., 33.33..., 33.33...)
    >>> icm([300, 0], [70, 30])
    (70.0, 30.0)
    """
    n = len(stacks)
    if not 1 <= n <= _MAX_PLAYERS:
        raise IcmError(f"ICM takes 1 to {_MAX_PLAYERS} players, not {n}")
    for stack in stacks:
        if not isinstance(stack, int) or isinstance(stack, bool) or stack < 0:
            raise IcmError(f"stack {stack!r} must be a whole number of chips, 0 or more")
    for prize in payouts:
        if not isinstance(prize, int | Fraction) or isinstance(prize, bool) or prize < 0:
            raise IcmError(f"prize {prize!r} must be a number, 0 or more")
    if not any(stacks):
        raise IcmError("at least one player must have chips")
    places = min(len(payouts), n)
    prizes = [Fraction(p) for p in payouts[:places]]
    convert: Callable[[Fraction], Fraction | float] = (
        (lambda x: x) if exact else (lambda x: float(x))
    )
    prize_values = [convert(p) for p in prizes]
    total = sum(stacks)
    zero = convert(Fraction(0))

    @cache
    def equities(placed: int) -> tuple[Fraction | float, ...]:
        """Equities in the places still open once the players in ``placed`` took the first ones."""
        depth = placed.bit_count()
        out = [zero] * n
        if depth >= places:
            return tuple(out)
        left = total - sum(stacks[i] for i in range(n) if placed >> i & 1)
        open_ = [i for i in range(n) if not placed >> i & 1]
        if left == 0:
            # Only players without chips are left: they share the open places.
            share = convert(sum(prizes[depth:places], Fraction(0)) / len(open_))
            for i in open_:
                out[i] = share
            return tuple(out)
        for i in open_:
            if not stacks[i]:
                continue
            chance = convert(Fraction(stacks[i], left))
            out[i] += chance * prize_values[depth]
            rest = equities(placed | 1 << i)
            for j in range(n):
                if rest[j]:
                    out[j] += chance * rest[j]
        return tuple(out)

    result = equities(0)
    if exact:
        return tuple(Fraction(x) for x in result)
    return tuple(float(x) for x in result)


def deal(stacks: Sequence[int], payouts: Sequence[int]) -> tuple[int, ...]:
    """An ICM deal in whole chips (or money units): the equities rounded to add up exactly.

    The prizes of the places the players can fill are divided by their
    exact equities, each rounded down, and the units left over go one each to
    the largest remainders (the larger stack first on a tie).

    >>> deal([1, 1, 1], [50, 30, 20])
    (34, 33, 33)
    """
    for prize in payouts:
        if not isinstance(prize, int) or isinstance(prize, bool):
            raise IcmError(f"prize {prize!r} must be a whole number for a deal")
    exact = icm(stacks, payouts, exact=True)
    fractions = [Fraction(x) for x in exact]
    whole = [int(x) for x in fractions]
    pool = sum(payouts[: len(stacks)])
    rest = pool - sum(whole)
    order = sorted(range(len(stacks)), key=lambda i: (-(fractions[i] - whole[i]), -stacks[i], i))
    for i in order[:rest]:
        whole[i] += 1
    return tuple(whole)
