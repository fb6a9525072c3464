"""The betting rounds of a hand: whose turn, what is legal, raise sizes (RULES 4-5).

Functions of a :class:`~bigblind.engine.state.HandState`. Each action
checks everything before it changes anything, so an illegal action leaves
the hand as it was. When a round is over the state's ``actor`` is None and
:func:`close_round` says which phase follows.

>>> from bigblind import Hand, Rules
>>> hand = Hand(Rules.pot_limit(blinds=(5, 10)), [1000] * 3)
>>> hand.legal.options()  # RULES 5.3: raise at most to the call plus the pot after it
('fold', 'call 10', 'raise to 20-35')
"""

from __future__ import annotations

from typing import Final, NoReturn

from bigblind.engine.action_text import ACCEPTED, BEYOND, read_action_text
from bigblind.engine.actions import Action
from bigblind.engine.events import Acted, ActionKind, BetReturned, Street
from bigblind.engine.records import Legal, Phase
from bigblind.engine.state import HandState
from bigblind.errors import (
    ActionTextError,
    HandFinishedError,
    IllegalActionError,
    OutOfTurnError,
)

__all__ = [
    "act",
    "all_in",
    "bet",
    "call",
    "check",
    "close_round",
    "compute_legal",
    "describe_legal",
    "fold",
    "legal",
    "open_round",
    "pass_turn",
    "raise_to",
    "turn",
]

# Enum members as module constants: reading one off its class is a slow lookup in
# Python, and these are read on every action.
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_RAISE: Final = ActionKind.RAISE
_BETTING: Final = Phase.BETTING
_DEALING: Final = Phase.DEALING
_SETTLED: Final = Phase.SETTLED
_SHOWDOWN: Final = Phase.SHOWDOWN
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_TURN: Final = Street.TURN

# Legal sets are made many times a hand: built from their fields directly, skipping the
# named tuple's Python-level constructor.
_make: Final = tuple.__new__
# Classes as module constants too: compiled, a constant is read directly, an imported
# name is looked up in the module's namespace on every use.
_ACTED: Final = Acted
_BET_RETURNED: Final = BetReturned
_LEGAL: Final = Legal
_ACTION: Final = Action


def turn(state: HandState, seat: object, what: str) -> int:
    """The seat to act, or an error if ``seat`` (None: whoever is due) may not act now."""
    actor = state.actor
    phase = state.phase
    if (
        phase is _BETTING
        and actor is not None
        and (seat is None or (type(seat) is int and seat == actor))
    ):
        return actor
    if phase is _SETTLED:
        raise HandFinishedError(f"cannot {what}: the hand is over")
    if phase is not _BETTING or actor is None:
        raise IllegalActionError(f"cannot {what} now: the hand awaits {state.awaiting()}")
    if seat is not None and (type(seat) is not int or seat != actor):
        # True and 1.0 equal seat 1 but are no seat numbers.
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {state.seats - 1}"
            )
        raise OutOfTurnError(f"seat {seat} cannot {what}: it is seat {actor}'s turn")
    return actor


def act(state: HandState, seat: int, action: object) -> None:
    """Play an :class:`~bigblind.engine.actions.Action`, or the action a text names as
    :func:`~bigblind.engine.action_text.read_action_text` reads it.

    Text that names no action is refused with an
    :class:`~bigblind.errors.ActionTextError` naming ``seat`` and what it may do now.
    """
    if isinstance(action, str):
        # Called by its name: compiled, a direct call of a compiled function.
        verb, chips = read_action_text(action)
        if not verb or chips == BEYOND:
            _refuse_text(state, seat, action, verb)
        amount: object = chips
    elif isinstance(action, _ACTION):
        verb = action.kind
        amount = action.amount
    else:
        _refuse_text(state, seat, action, "")
    if verb == "fold":
        fold(state, seat)
    elif verb == "check":
        check(state, seat)
    elif verb == "call":
        call(state, seat)
    elif verb == "all-in":
        all_in(state, seat)
    elif verb == "bet":
        bet(state, seat, amount)
    else:
        raise_to(state, seat, amount, "bet" if state.current == 0 else "raise to")


def _refuse_text(state: HandState, seat: int, text: object, verb: str) -> NoReturn:
    """Refuse text that names no action, or an amount of more digits than any stack."""
    if not verb:
        raise ActionTextError(
            f"cannot read action {text!r} of seat {seat}: {ACCEPTED}; legal: "
            + describe_legal(legal(state, seat))
        )
    # Beyond every stack: refused as any amount above the maximum is.
    digits = str(text).split()[-1]
    raise IllegalActionError(
        f"seat {seat} cannot {verb} {digits[:30]}...: more chips than are in play; legal: "
        + describe_legal(legal(state, seat))
    )


def legal(state: HandState, seat: int) -> Legal:
    """The legal actions of ``seat``, the player to act (cached until the next action)."""
    cached = state.legal_cache
    if cached is not None and cached.seat == seat:
        return cached
    result = state.legal_cache = compute_legal(state, seat)
    return result


def describe_legal(legal: Legal) -> str:
    """The legal actions in words, for error messages."""
    return ", ".join(legal.options())


def fold(state: HandState, seat: int) -> None:
    """Fold, only when facing a bet (RULES 4.4)."""
    if state.current <= state.bets[seat]:
        raise IllegalActionError(
            f"seat {seat} cannot fold: nothing is at stake (check is free); legal: "
            + describe_legal(legal(state, seat))
        )
    state.folded[seat] = True
    state.live -= 1
    state.able -= 1
    _record(state, seat, _FOLD, 0)


def check(state: HandState, seat: int) -> None:
    """Check, only when there is nothing to call (RULES 4.4)."""
    if state.current > state.bets[seat]:
        raise IllegalActionError(
            f"seat {seat} cannot check: {state.current - state.bets[seat]} to call; legal: "
            + describe_legal(legal(state, seat))
        )
    _record(state, seat, _CHECK, 0)


def call(state: HandState, seat: int) -> None:
    """Call, all-in for less when the stack is short (RULES 5.5)."""
    to_call = state.current - state.bets[seat]
    if to_call <= 0:
        raise IllegalActionError(
            f"seat {seat} cannot call: there is no bet to call; legal: "
            + describe_legal(legal(state, seat))
        )
    amount = min(to_call, state.stacks[seat])
    state.put(seat, amount)
    _record(state, seat, _CALL, amount)


def bet(state: HandState, seat: int, amount: object) -> None:
    """Bet when nobody has bet this round (RULES 4.4)."""
    options = legal(state, seat)
    if not options.bet and options.can_raise:
        raise IllegalActionError(
            f"seat {seat} cannot bet {amount}: there is a bet of {state.current} already"
            " (call or raise); legal: " + describe_legal(options)
        )
    raise_to(state, seat, amount, "bet")


def all_in(state: HandState, seat: int) -> None:
    """Put in the whole stack: a call for less or as much, or a bet or raise (RULES 5.5)."""
    options = legal(state, seat)
    everything = state.bets[seat] + state.stacks[seat]
    if options.call is not None and options.call == state.stacks[seat]:
        call(state, seat)
    elif options.max_raise_to == everything:
        raise_to(state, seat, everything, "bet" if state.current == 0 else "raise to")
    else:
        raise IllegalActionError(
            f"seat {seat} cannot go all-in for {everything}: legal: " + describe_legal(options)
        )


def raise_to(state: HandState, seat: int, amount: object, verb: str) -> None:
    """Bet or raise to ``amount`` in total this round (RULES 5.1-5.6)."""
    options = legal(state, seat)
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalActionError(
            f"seat {seat} cannot {verb} {amount!r}: amounts are whole chips; legal: "
            + describe_legal(options)
        )
    if options.min_raise_to is None or options.max_raise_to is None:
        raise IllegalActionError(
            f"seat {seat} cannot {verb} {amount}: {_no_raise_reason(state, seat)}; legal: "
            + describe_legal(options)
        )
    lo, hi = options.min_raise_to, options.max_raise_to
    if not lo <= amount <= hi:
        noun = "bet" if options.bet else "raise"
        where = "minimum bet is" if options.bet else "minimum raise is to"
        msg = f"seat {seat} cannot {verb} {amount}: the {where} {lo} and the maximum is {hi}"
        if lo == hi:
            msg = f"seat {seat} cannot {verb} {amount}: the only {noun} is to {lo}"
        raise IllegalActionError(msg)
    raise_size = amount - state.current
    if state.acpc:
        # The ACPC server: every raise counts and reopens the betting; the next raise is
        # to at least the last minimum or this raise doubled, whichever is higher.
        full = True
        if not state.fixed:
            least = state.current + state.increment
            state.increment = max(least - amount, raise_size)
    elif state.fixed:
        full = 2 * (amount - state.full_level) >= state.bet_size  # RULES 5.6, TDA 47-B
    else:
        full = raise_size >= state.increment
        if full:
            state.increment = raise_size
    if full:
        state.full_level = amount
        state.bet_count += 1
    kind = _BET if state.current == 0 else _RAISE
    state.current = amount
    state.aggressor = seat
    state.put(seat, amount - state.bets[seat])
    _record(state, seat, kind, amount)


def open_round(state: HandState) -> None:
    """Begin a betting round: reset it, find the first to act (RULES 4.2, 4.3)."""
    state.legal_cache = None
    state.street_done = False
    if state.street is not _PREFLOP:
        n = state.seats
        state.bets = [0] * n
        state.acted = [False] * n
        state.matched = [0] * n
        state.current = 0
        state.increment = state.rules.min_bet
        state.full_level = 0
        state.bet_count = 0
        state.aggressor = None
        if state.street >= _TURN:
            state.bet_size = state.rules.big_bet
        start = state.order[0]
    else:
        start = (state.first_preflop + 1) % state.seats
    state.actor = _next_pending(state, start)


def close_round(state: HandState) -> Phase:
    """End the betting round, returning an uncalled bet (RULES 4.5-4.8); the phase that follows."""
    state.actor = None
    bets = state.bets
    top = max(bets)
    if top and bets.count(top) == 1 and not state.folded[seat := bets.index(top)]:
        # Only a dead hand out of the hand holds the top bet: its chips stay in (RULES 9.2).
        excess = top - sorted(bets)[-2]
        bets[seat] -= excess
        state.contrib[seat] -= excess
        if state.stacks[seat] == 0:
            state.able += 1
        state.stacks[seat] += excess
        state.log.append((_BET_RETURNED, seat, excess))
    state.street_done = True
    if state.live == 1:
        return _SETTLED
    if state.street is _RIVER or state.able <= 1:
        state.runout = len(state.board) < 5
        state.runout_from = len(state.board)
        return _SHOWDOWN
    return _DEALING


def pass_turn(state: HandState) -> None:
    """Who is due now that a seat left the hand out of turn (a dead hand, RULES 9.2).

    The actor stays if still due; else the turn passes on, or the round ends
    (``actor`` None) when nobody is left to act or one player is left.
    """
    state.legal_cache = None
    actor = state.actor
    if actor is not None:
        state.actor = _next_pending(state, actor) if state.live > 1 else None


def _record(state: HandState, seat: int, kind: ActionKind, amount: int) -> None:
    """Append the action and pass the turn on; ``actor`` None when the round is over."""
    state.legal_cache = None
    state.acted[seat] = True
    state.matched[seat] = state.bets[seat]
    all_in = state.stacks[seat] == 0 and kind is not _FOLD
    state.log.append((_ACTED, seat, kind, amount, all_in))
    state.actor = _next_pending(state, seat + 1) if state.live > 1 else None


def compute_legal(state: HandState, seat: int) -> Legal:
    """The legal actions of ``seat``, computed afresh (RULES 4.4, 5)."""
    stack = state.stacks[seat]
    mine = state.bets[seat]
    current = state.current
    to_call = current - mine
    call = (to_call if to_call < stack else stack) if to_call > 0 else None
    lo = hi = None
    # Going all-in is a call of the whole stack, or a bet or raise of it (see all_in).
    shove = to_call >= stack
    if stack > to_call and _may_raise(state, seat):
        everything = mine + stack
        if state.fixed:
            top = min(state.full_level + state.bet_size, everything)
            lo = hi = top
            shove = top == everything
        else:
            lo = current + state.increment
            if lo > everything:
                lo = everything
            if state.no_limit:
                hi = everything
                shove = True
            else:
                # RULES 5.3: the call plus the pot after the call.
                top = min(current + sum(state.contrib) + state.dead + to_call, everything)
                hi = top
                lo = min(lo, top)
                shove = top == everything
    return _make(_LEGAL, (seat, to_call > 0, to_call <= 0, call, lo, hi, current == 0, shove))


def _may_raise(state: HandState, seat: int) -> bool:
    """Raise rights: someone able to respond, the cap, short all-ins (RULES 5.2, 5.6)."""
    if not _others_able(state, seat):
        return False
    if state.fixed:  # only fixed limit has a cap: the rules are read only then
        cap = state.rules.cap
        capped = cap is not None and state.bet_count >= cap
        if capped and not (state.rules.uncapped_heads_up and state.live == 2):
            return False
    if not state.acted[seat] or state.acpc:
        return True
    return state.current - state.matched[seat] >= _reopen_size(state)


def _reopen_size(state: HandState) -> int:
    """How much more than a player matched reopens the betting for them (RULES 5.6)."""
    if state.fixed:
        return (state.bet_size + 1) // 2
    return state.increment


def _no_raise_reason(state: HandState, seat: int) -> str:
    cap = state.rules.cap
    if state.stacks[seat] <= state.current - state.bets[seat]:
        return "the stack does not cover more than a call"
    if not _others_able(state, seat):
        return "nobody else has chips to answer a raise"
    if state.fixed and cap is not None and state.bet_count >= cap:
        return f"the betting is capped at {cap} bets"
    return "a short all-in did not reopen the betting for a player who has acted"


def _others_able(state: HandState, seat: int) -> bool:
    """Whether another player could answer a raise: chips beyond the current bet."""
    current, folded, stacks, bets = state.current, state.folded, state.stacks, state.bets
    # The ACPC server counts any other player with chips behind, even one short of a call.
    if state.acpc:
        current = 0
    for s in range(state.seats):
        if s != seat and stacks[s] and not folded[s] and bets[s] + stacks[s] > current:
            return True
    return False


def _raise_answerable(state: HandState) -> bool:
    """Whether two or more players could answer a raise: chips beyond the current bet."""
    current, folded, stacks, bets = state.current, state.folded, state.stacks, state.bets
    found = False
    for s in range(state.seats):
        if stacks[s] and not folded[s] and bets[s] + stacks[s] > current:
            if found:
                return True
            found = True
    return False


def _next_pending(state: HandState, start: int) -> int | None:
    """The first seat from ``start`` clockwise that still has to act (RULES 4.5)."""
    n = state.seats
    current = state.current
    folded, stacks, bets, acted = state.folded, state.stacks, state.bets, state.acted
    others: bool | None = None
    for i in range(n):
        s = (start + i) % n
        if folded[s] or stacks[s] == 0:
            continue
        if bets[s] < current:
            # RULES 4.7: nobody is asked to act who could not be answered (a blind all-in
            # for no more than this seat has put in, everyone else folded).
            if state.able > 1 or _faces_chips(state, s):
                return s
            continue
        if not acted[s]:
            # A player who has matched still acts if a raise could be answered.
            if others is None:
                others = _raise_answerable(state)
            if others:
                return s
    return None


def _faces_chips(state: HandState, seat: int) -> bool:
    """Whether an opponent still in has chips behind or has put in more than ``seat``."""
    folded, stacks, bets = state.folded, state.stacks, state.bets
    mine = bets[seat]
    for s in range(state.seats):
        if s != seat and not folded[s] and (stacks[s] or bets[s] > mine):
            return True
    return False
