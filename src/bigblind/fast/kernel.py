"""The batch engine's kernel: hold'em hands played on flat integer arrays (RULES 2-7).

One function of numba plays one hand from start to end with the rules of
:class:`~bigblind.engine.hand.Hand`, step for step: the forced bets (a short
stack covers its blind first, then the ante; RULES 2.6), whose turn it is
(RULES 4), the legal bets and raises of no limit, pot limit and fixed limit
with the short all-in rule (RULES 5), the uncalled bet returned (RULES 4.8),
side pots and odd chips (RULES 6.4-6.6). :mod:`~bigblind.fast.kernels` wraps it in a
parallel loop over many hands, calling a policy that is a numba function too
(:mod:`~bigblind.fast.policies`).

"""

from __future__ import annotations

from typing import Any

import numba

from bigblind.evaluation.batch import Tables, eval7_nb
from bigblind.fast.layout import (
    B_ACTED,
    B_FOLDED,
    CALL,
    FOLD,
    LOG_CALL,
    LOG_CHECK,
    LOG_FOLD,
    LOG_RAISE,
    R_ANTE,
    R_ANTE_TYPE,
    R_BB,
    R_BIG_BET,
    R_CAP,
    R_MIN_BET,
    R_SB,
    R_SMALL_BET,
    R_STRUCTURE,
    R_UNCAPPED,
    RAISE,
    V_BET,
    V_BOARD,
    V_BOARD_COUNT,
    V_CURRENT,
    V_HOLE,
    V_LIVE,
    V_MAX_TO,
    V_MIN_TO,
    V_PLAYER,
    V_POT,
    V_SEAT,
    V_STACK,
    V_STREET,
    V_TO_CALL,
    VIEW_SIZE,
    W_AMOUNTS,
    W_BETS,
    W_BOARD,
    W_CONTRIB,
    W_HOLE0,
    W_HOLE1,
    W_LEFT,
    W_LEVELS,
    W_MATCHED,
    W_ORDER,
    W_STACKS,
    W_VALUES,
    W_VIEW,
    W_WINNERS,
)
from bigblind.fast.policies import next_random

__all__ = ["play_hand"]


@numba.njit(cache=True, inline="always")
def _raise_answerable(n: int, folded: Any, stacks: Any, bets: Any, current: int) -> bool:
    found = False
    for s in range(n):
        if stacks[s] > 0 and not folded[s] and bets[s] + stacks[s] > current:
            if found:
                return True
            found = True
    return False


@numba.njit(cache=True, inline="always")
def _faces_chips(n: int, seat: int, folded: Any, stacks: Any, bets: Any) -> bool:
    mine = bets[seat]
    for s in range(n):  # noqa: SIM110 (numba compiles no generator)
        if s != seat and not folded[s] and (stacks[s] > 0 or bets[s] > mine):
            return True
    return False


@numba.njit(cache=True)
def _next_pending(
    n: int, start: int, folded: Any, stacks: Any, bets: Any, acted: Any, current: int, able: int
) -> int:
    """The first seat from ``start`` that still has to act, -1 for none (RULES 4.5, 4.7)."""
    others = -1
    for i in range(n):
        s = (start + i) % n
        if folded[s] or stacks[s] == 0:
            continue
        if bets[s] < current:
            if able > 1 or _faces_chips(n, s, folded, stacks, bets):
                return s
            continue
        if not acted[s]:
            if others == -1:
                others = 1 if _raise_answerable(n, folded, stacks, bets, current) else 0
            if others == 1:
                return s
    return -1


@numba.njit(cache=True)
def play_hand(
    rules: Any,
    start_stacks: Any,
    deck: Any,
    button: int,
    seating: Any,
    policy: Any,
    rng: Any,
    t: Tables,
    out_stacks: Any,
    log: Any,
    w: Any,
    wb: Any,
    eligible: Any,
) -> int:
    """Play one hand; its final stacks into ``out_stacks``, its actions into ``log``
    (rows of seat, kind, amount). ``seating`` names the player in each seat, as the
    policy's view shows it. Returns the number of actions. ``w``, ``wb`` and
    ``eligible`` are scratch."""
    n = start_stacks.shape[0]
    structure = rules[R_STRUCTURE]
    fixed = structure == 2
    no_limit = structure == 0
    stacks = w[W_STACKS, :n]
    bets = w[W_BETS, :n]
    contrib = w[W_CONTRIB, :n]
    matched = w[W_MATCHED, :n]
    order = w[W_ORDER, :n]
    left = w[W_LEFT, :n]
    folded = wb[B_FOLDED, :n]
    acted = wb[B_ACTED, :n]
    for i in range(n):
        stacks[i] = start_stacks[i]
        left[i] = start_stacks[i]
        bets[i] = 0
        contrib[i] = 0
        matched[i] = 0
        folded[i] = False
        acted[i] = False
        order[i] = (button + 1 + i) % n
    able = n
    live = n
    dead = 0
    # The forced bets: the blinds first from a short stack, then the antes (RULES 2.6).
    if n == 2:
        sb, bb = button, order[0]
    else:
        sb, bb = order[0], order[1]
    sb_amount = min(rules[R_SB], left[sb])
    left[sb] -= sb_amount
    bb_amount = min(rules[R_BB], left[bb])
    left[bb] -= bb_amount
    ante_type = rules[R_ANTE_TYPE]
    if ante_type != 0:
        for i in range(n):
            seat = order[i]
            if ante_type == 2 and seat != bb:
                continue
            amount = min(rules[R_ANTE], left[seat])
            if amount <= 0:
                continue
            left[seat] -= amount
            if stacks[seat] == amount:
                able -= 1
            stacks[seat] -= amount
            if ante_type == 1:
                contrib[seat] += amount
            else:
                dead += amount
    if sb_amount > 0:
        if stacks[sb] == sb_amount:
            able -= 1
        stacks[sb] -= sb_amount
        bets[sb] += sb_amount
        contrib[sb] += sb_amount
    if bb_amount > 0:
        if stacks[bb] == bb_amount:
            able -= 1
        stacks[bb] -= bb_amount
        bets[bb] += bb_amount
        contrib[bb] += bb_amount
    current = rules[R_BB]
    increment = 0 if fixed else current
    full_level = current
    bet_count = 1
    bet_size = rules[R_SMALL_BET]
    hole0 = w[W_HOLE0, :n]
    hole1 = w[W_HOLE1, :n]
    for i in range(n):
        hole0[order[i]] = deck[i]
        hole1[order[i]] = deck[i + n]
    position = 2 * n
    board = w[W_BOARD, :5]
    board[:] = 0
    board_count = 0
    street = 0
    actor = _next_pending(n, (bb + 1) % n, folded, stacks, bets, acted, current, able)
    view = w[W_VIEW, :VIEW_SIZE]
    actions = 0
    while True:
        if actor == -1:
            # The round is over: the uncalled bet goes back (RULES 4.8).
            top = 0
            second = 0
            holder = -1
            count = 0
            for s in range(n):
                b = bets[s]
                if b > top:
                    second = top
                    top = b
                    holder = s
                    count = 1
                elif b == top:
                    count += 1
                    second = b
                elif b > second:
                    second = b
            if top > 0 and count == 1 and not folded[holder]:
                excess = top - second
                bets[holder] -= excess
                contrib[holder] -= excess
                if stacks[holder] == 0:
                    able += 1
                stacks[holder] += excess
            if live == 1:
                break
            if street == 3 or able <= 1:
                while board_count < 5:  # the run-out, each street after its burn
                    position += 1
                    size = 3 if board_count == 0 else 1
                    for _k in range(size):
                        board[board_count] = deck[position]
                        board_count += 1
                        position += 1
                break
            street += 1
            position += 1  # the burn (RULES 3.2)
            size = 3 if street == 1 else 1
            for _k in range(size):
                board[board_count] = deck[position]
                board_count += 1
                position += 1
            for s in range(n):
                bets[s] = 0
                acted[s] = False
                matched[s] = 0
            current = 0
            increment = rules[R_MIN_BET]
            full_level = 0
            bet_count = 0
            if street >= 2:
                bet_size = rules[R_BIG_BET]
            actor = _next_pending(n, order[0], folded, stacks, bets, acted, current, able)
            continue
        # The legal actions of the actor (RULES 4.4, 5).
        a = actor
        stack = stacks[a]
        mine = bets[a]
        to_call = current - mine
        low = -1
        high = -1
        may_raise = False
        if stack > to_call:
            others = False
            for s in range(n):
                if s != a and stacks[s] > 0 and not folded[s] and bets[s] + stacks[s] > current:
                    others = True
                    break
            may_raise = others
            if may_raise and fixed:
                cap = rules[R_CAP]
                if cap > 0 and bet_count >= cap and not (rules[R_UNCAPPED] == 1 and live == 2):
                    may_raise = False
            if may_raise and acted[a]:
                reopen = (bet_size + 1) // 2 if fixed else increment
                may_raise = current - matched[a] >= reopen
        if may_raise:
            everything = mine + stack
            if fixed:
                low = min(full_level + bet_size, everything)
                high = low
            else:
                low = min(current + increment, everything)
                if no_limit:
                    high = everything
                else:
                    pot = dead + to_call
                    for s in range(n):
                        pot += contrib[s]
                    high = min(current + pot, everything)
                    low = min(low, high)
        pot = dead
        for s in range(n):
            pot += contrib[s]
        view[V_SEAT] = a
        view[V_STREET] = street
        view[V_TO_CALL] = min(to_call, stack) if to_call > 0 else 0
        view[V_MIN_TO] = low
        view[V_MAX_TO] = high
        view[V_CURRENT] = current
        view[V_POT] = pot
        view[V_STACK] = stack
        view[V_BET] = mine
        view[V_HOLE] = hole0[a]
        view[V_HOLE + 1] = hole1[a]
        for k in range(5):
            view[V_BOARD + k] = board[k]
        view[V_BOARD_COUNT] = board_count
        view[V_LIVE] = live
        view[V_PLAYER] = seating[a]
        code, amount = policy(view, next_random(rng))
        if code == RAISE and low >= 0:
            amount = max(low, min(high, amount))
        elif code == FOLD and to_call > 0:
            amount = 0
        else:
            code = CALL
        if actions < log.shape[0]:
            log[actions, 0] = a
        if code == FOLD:
            folded[a] = True
            live -= 1
            able -= 1
            kind = LOG_FOLD
            amount = 0
        elif code == CALL and to_call <= 0:
            kind = LOG_CHECK
            amount = 0
        elif code == CALL:
            amount = min(to_call, stack)
            if stacks[a] == amount:
                able -= 1
            stacks[a] -= amount
            bets[a] += amount
            contrib[a] += amount
            kind = LOG_CALL
        else:
            if fixed:
                full = 2 * (amount - full_level) >= bet_size
            else:
                full = amount - current >= increment
                if full:
                    increment = amount - current
            if full:
                full_level = amount
                bet_count += 1
            current = amount
            put = amount - bets[a]
            if stacks[a] == put:
                able -= 1
            stacks[a] -= put
            bets[a] += put
            contrib[a] += put
            kind = LOG_RAISE
        if actions < log.shape[0]:
            log[actions, 1] = kind
            log[actions, 2] = amount
        actions += 1
        acted[a] = True
        matched[a] = bets[a]
        if live > 1:
            actor = _next_pending(n, (a + 1) % n, folded, stacks, bets, acted, current, able)
        else:
            actor = -1
    _settle(n, contrib, folded, dead, live, hole0, hole1, board, button, stacks, t, w, eligible)
    for s in range(n):
        out_stacks[s] = stacks[s]
    return actions


@numba.njit(cache=True)
def _settle(
    n: int,
    contrib: Any,
    folded: Any,
    dead: int,
    live: int,
    hole0: Any,
    hole1: Any,
    board: Any,
    button: int,
    stacks: Any,
    t: Tables,
    w: Any,
    eligible: Any,
) -> None:
    """Build the pots from the contributions and pay each, the last side pot first, to
    its best hand; odd chips from left of the button (RULES 6.4-6.6)."""
    highest = 0
    for s in range(n):
        highest = max(highest, contrib[s])
    levels = w[W_LEVELS, : n + 1]
    count = 0
    for s in range(n):
        c = contrib[s]
        if folded[s] or c >= highest:
            continue
        seen = False
        for k in range(count):
            if levels[k] == c:
                seen = True
        if not seen:
            levels[count] = c
            count += 1
    for i in range(1, count):  # insertion sort: a few levels
        v = levels[i]
        j = i - 1
        while j >= 0 and levels[j] > v:
            levels[j + 1] = levels[j]
            j -= 1
        levels[j + 1] = v
    levels[count] = highest
    count += 1
    amounts = w[W_AMOUNTS, :count]
    amounts[:] = 0
    pots = 0
    previous = 0
    for k in range(count):
        level = levels[k]
        amount = 0
        for s in range(n):
            amount += min(contrib[s], level) - min(contrib[s], previous)
        same = pots > 0
        empty = True
        for s in range(n):
            e = not folded[s] and contrib[s] >= level
            if e:
                empty = False
            if pots > 0 and e != eligible[pots - 1, s]:
                same = False
        if pots > 0 and (same or empty):
            amounts[pots - 1] += amount
        else:
            for s in range(n):
                eligible[pots, s] = not folded[s] and contrib[s] >= level
            amounts[pots] = amount
            pots += 1
        previous = level
    amounts[0] += dead
    values = w[W_VALUES, :n]
    values[:] = 0
    if live > 1:
        for s in range(n):
            if not folded[s]:
                values[s] = eval7_nb(
                    hole0[s], hole1[s], board[0], board[1], board[2], board[3], board[4], t
                )
    winners = w[W_WINNERS, :n]
    for p in range(pots - 1, -1, -1):
        amount = amounts[p]
        if amount == 0:
            continue
        best = -1
        count = 0
        for i in range(n):  # from left of the button, the order the odd chips go in
            s = (button + 1 + i) % n
            if not eligible[p, s]:
                continue
            v = values[s]
            if v > best:
                best = v
                count = 0
            if v == best:
                winners[count] = s
                count += 1
        share = amount // count
        odd = amount - share * count
        for i in range(count):
            stacks[winners[i]] += share + (1 if i < odd else 0)
