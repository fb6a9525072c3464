"""Pots as a pure function of contributions, folds and hand values (RULES 6.4-6.6).

Seed 001's example: P1 puts in 50 (all-in), P2 100 (all-in), P3 and P4 200:

>>> [(p.amount, p.eligible) for p in build_pots([50, 100, 200, 200], [False] * 4)]
[(200, (0, 1, 2, 3)), (150, (1, 2, 3)), (200, (2, 3))]
>>> split(7, winners=(3, 1), button=0, seats=4)
(3, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "split", "winners_of"]


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips that only the ``eligible`` seats can win; pot 0 is the main pot."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: int = 0,
    *,
    all_in: Sequence[bool] | None = None,
) -> list[Pot]:
    """Split the chips put in into a main pot and side pots (RULES 6.4).

    Every distinct all-in level of a player still in the hand closes a pot
    that only players who put in at least that much can win. Chips of folded
    players stay in the pots they reached; ``dead`` chips (antes that are not
    contributions) go whole into the main pot. ``all_in`` says who cannot put
    in more; by default every contribution is final (the betting is over).
    A pot of no chips is no pot: every bet returned and nothing dead leaves none.

    >>> [(p.amount, p.eligible) for p in build_pots([300, 120, 300, 0], [False] * 3 + [True])]
    [(360, (0, 1, 2)), (360, (0, 2))]
    >>> [(p.amount, p.eligible) for p in build_pots([10, 10, 4], [False, True, False], dead=3)]
    [(15, (0, 2)), (12, (0,))]
    >>> [(p.amount, p.eligible) for p in build_pots([0, 1, 2], [False] * 3, all_in=[False] * 3)]
    [(3, (0, 1, 2))]
    >>> build_pots([0, 0, 0], [True, False, True])
    []
    """
    n = len(contributions)
    live = [seat for seat in range(n) if not folded[seat]]
    if not live:
        raise ValueError("a pot needs at least one player still in the hand")
    capped = live if all_in is None else [seat for seat in live if all_in[seat]]
    highest = max(contributions)
    levels = sorted({contributions[seat] for seat in capped if contributions[seat] < highest})
    if not levels and (all_in is not None or contributions[live[0]] == highest):
        total = sum(contributions) + dead  # no side pot: the common case
        return [Pot(total, tuple(live))] if total else []
    levels.append(highest)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(
            seat
            for seat in live
            if contributions[seat] >= level or (all_in is not None and not all_in[seat])
        )
        if pots and (pots[-1].eligible == eligible or not eligible):
            # Chips above every live player's level (only a folded player's) stay below.
            eligible = pots[-1].eligible
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    if dead:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    # A pot of no chips (every bet returned, nothing dead) is no pot at all.
    return [pot for pot in pots if pot.amount]


def winners_of(pot: Pot, values: Mapping[int, int]) -> tuple[int, ...]:
    """The seats with the best value among those eligible that have one.

    >>> winners_of(Pot(10, (0, 1, 2)), {0: 5, 1: 9, 2: 9})
    (1, 2)
    """
    # Loops rather than max() over a generator: compiled, they run without the generator.
    best = -1
    winners: list[int] = []
    for seat in pot.eligible:
        value = values.get(seat)
        if value is None or value < best:
            continue
        if value > best:
            best = value
            winners = []
        winners.append(seat)
    if not winners:
        raise ValueError(f"no eligible seat of {pot.eligible} has a hand value")
    return tuple(winners)


def split(amount: int, *, winners: Sequence[int], button: int, seats: int) -> tuple[int, ...]:
    """Divide ``amount`` equally; odd chips one at a time from left of the button (RULES 6.6).

    The shares are in the order of ``winners``.

    >>> split(5, winners=(0, 2), button=2, seats=3)
    (3, 2)
    """
    if len(winners) == 1:
        return (amount,)
    share, odd = divmod(amount, len(winners))
    by_position = sorted(winners, key=lambda seat: (seat - button - 1) % seats)
    extra = set(by_position[:odd])
    return tuple(share + (seat in extra) for seat in winners)
