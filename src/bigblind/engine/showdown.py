"""Showdown and settling: who shows, who may muck, who wins each pot (RULES 6).

Functions of a :class:`~bigblind.engine.state.HandState`. :func:`begin`
fixes the pots and the showing order, :func:`step` shows or mucks the next
hand, and :func:`settle` awards every pot and ends the hand.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100] * 2, deck=Deck.shuffled(seed=2))
>>> hand.all_in(); hand.call()
>>> [(pot.amount, pot.winners) for pot in hand.result.pots]
[(200, (0,))]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.engine.dealing import check_unseen
from bigblind.engine.events import HandEnded, HandKilled, Mucked, PotAwarded, Shown
from bigblind.engine.pots import Pot, build_pots, split, winners_of
from bigblind.engine.records import Phase
from bigblind.engine.state import HandState, RawAward
from bigblind.errors import HandFinishedError, IllegalActionError, OutOfTurnError
from bigblind.evaluation.scalar import describe, evaluate, evaluate7

__all__ = ["begin", "kill", "may_muck", "muck", "settle", "show", "show_turn", "step"]

# Enum members as module constants: reading one off its class is a slow lookup in
# Python, and these are read on every action.
_DEALING: Final = Phase.DEALING
_SETTLED: Final = Phase.SETTLED
_SHOWDOWN: Final = Phase.SHOWDOWN
# Classes as module constants too: compiled, a constant is read directly, an imported
# name is looked up in the module's namespace on every use.
_HAND_ENDED: Final = HandEnded
_MUCKED: Final = Mucked
_POT_AWARDED: Final = PotAwarded
_SHOWN: Final = Shown


def begin(state: HandState) -> None:
    """Fix the pots and the order: the last aggressor of the final round, else left of the button.

    RULES 6.7.
    """
    state.pots = build_pots(state.contrib, state.folded, state.dead)
    live = [s for s in state.order if not state.folded[s]]
    aggressor = state.aggressor
    first = aggressor if aggressor is not None and not state.folded[aggressor] else live[0]
    start = live.index(first)
    state.to_show = live[start:] + live[:start]
    state.actor = state.to_show[0]


def step(state: HandState) -> Phase | None:
    """Show or muck the next hand: the phase that follows, or None for a manual decision."""
    if not state.to_show:
        state.actor = None
        return _DEALING if len(state.board) < 5 else _SETTLED
    seat = state.to_show[0]
    state.actor = seat
    if not state.auto_show:
        return None
    # RULES 6.7: all-in hands and the first hand are shown, a hand that can win is shown.
    if (
        state.show_all
        or state.runout
        or not state.shown
        or state.stacks[seat] == 0
        or _can_win(state, seat)
    ):
        _reveal(state, seat)
    else:
        state.to_show.remove(seat)
        state.log.append((_MUCKED, seat, tuple(state.hole[seat])))
    return _SHOWDOWN


def show_turn(state: HandState, seat: object, what: str) -> int:
    """The seat to show or muck, or an error if ``seat`` (None: whoever is due) may not."""
    actor = state.actor
    if state.phase is _SETTLED:
        raise HandFinishedError(f"cannot {what}: the hand is over")
    if state.phase is not _SHOWDOWN or actor is None:
        raise IllegalActionError(f"cannot {what} now: the hand awaits {state.awaiting()}")
    if state.auto_show:
        raise IllegalActionError(f"cannot {what}: this hand shows down by itself")
    if seat is not None and (type(seat) is not int or seat != actor):
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {state.seats - 1}"
            )
        if state.runout and seat in state.to_show:
            # RULES 6.7: after an all-in every hand is turned up at once, in no order.
            return seat
        raise OutOfTurnError(f"seat {seat} cannot {what}: seat {actor} shows first")
    return actor


def show(state: HandState, seat: int, cards: str | Iterable[str | int] | None) -> None:
    """Turn ``seat``'s cards face up, naming them where the house did not see them."""
    hole = state.hole[seat]
    if cards is not None:
        given = parse_cards(cards)
        if len(given) != state.hole_size:
            raise IllegalActionError(
                f"seat {seat} must show {state.hole_size} cards, not {len(given)}"
            )
        known = [c for c in hole if c is not None]
        if not set(known) <= set(given):
            raise IllegalActionError(
                f"seat {seat} cannot show {format_cards(given, ' ')}: it was dealt"
                f" {format_cards(known, ' ')}"
            )
        check_unseen(state, [c for c in given if c not in hole])
        state.hole[seat] = list(given)
    elif None in hole:
        raise IllegalActionError(f"seat {seat} must name the cards it shows: they are unknown")
    _reveal(state, seat)


def muck(state: HandState, seat: int) -> None:
    """Throw ``seat``'s hand away unshown, where the rules allow it (RULES 6.7)."""
    reason = _must_show(state, seat)
    if reason:
        raise IllegalActionError(f"seat {seat} cannot muck: {reason}")
    state.to_show.remove(seat)
    state.log.append((_MUCKED, seat, tuple(state.hole[seat])))


def can_muck(state: HandState, seat: int) -> bool:
    """Whether the rules let ``seat`` muck rather than show (RULES 6.7)."""
    return not _must_show(state, seat)


def may_muck(state: HandState, seat: int) -> bool:
    """Whether ``seat`` holds a hand the rules let it muck and that cannot win a pot: the
    hands an automatic showdown throws away, where a player may choose (RULES 6.7)."""
    return not state.show_all and not _must_show(state, seat) and not _can_win(state, seat)


def kill(state: HandState, seat: int, reason: str) -> None:
    """Declare ``seat``'s hand dead (RULES 9.2): out of the hand, its chips left in the pots.

    It is out as a fold is, whatever it holds or has shown: pots fixed for the
    showdown are built again without its claim, and it is no longer due to
    show. Whose turn it is then is for the caller to settle.
    """
    if state.stacks[seat]:
        state.able -= 1
    state.folded[seat] = True
    state.live -= 1
    state.killed = state.killed | {seat}
    state.shown.pop(seat, None)
    state.values.pop(seat, None)
    state.lows.pop(seat, None)
    if seat in state.to_show:
        state.to_show.remove(seat)
    if state.pots:
        state.pots = build_pots(state.contrib, state.folded, state.dead)
    state.log.append((HandKilled, seat, reason))


def settle(state: HandState) -> None:
    """Award every pot, last side pot first (RULES 6.5), and end the hand.

    A hand run twice awards each pot in halves, the odd chip with the first
    run, each half on its own run's board (RULES 10.3). In a split game each
    pot (or half pot of a run) is split again between high and low (RULES 11.2).
    """
    n = state.seats
    pots = state.pots or build_pots(state.contrib, state.folded, state.dead)
    stacks = state.stacks
    boards = [state.board] if state.runs == 1 else [state.board, state.second_board]
    for run in range(1, state.runs + 1):
        board = boards[run - 1]
        run_payouts = [0] * n
        results: list[RawAward] = []
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            amount = pot.amount if state.runs == 1 else (pot.amount + 2 - run) // 2
            if amount == 0:
                continue  # a one-chip pot run twice: its odd chip went with the first run
            run_no = run if state.runs > 1 else 0
            if state.split and state.live > 1:
                awards = _split_awards(state, pot, index, amount, run_no, board)
                for award in awards:
                    _pay(award, run_payouts, stacks)
                results.extend(reversed(awards))  # high first once the list is turned
            else:
                award = _award(state, pot, index, amount, run_no, board)
                _pay(award, run_payouts, stacks)
                results.append(award)
        results.reverse()
        state.run_results.append((tuple(board), results, run_payouts))
    state.bets = [0] * n
    state.log.append((_HAND_ENDED, tuple(stacks)))
    state.actor = None


def _pay(award: RawAward, run_payouts: list[int], stacks: list[int]) -> None:
    winners, shares = award[2], award[3]
    for i in range(len(winners)):
        run_payouts[winners[i]] += shares[i]
        stacks[winners[i]] += shares[i]


def _award(
    state: HandState, pot: Pot, index: int, amount: int, run: int, board: list[Card]
) -> RawAward:
    """Give ``amount`` of ``pot`` to its best hand on ``board`` (RULES 6.4-6.6)."""
    if state.live == 1:  # all others folded: every pot is the last player's alone
        winners = pot.eligible
        text = ""
    else:
        if run == 2:
            contenders = {s: _value_on(state, s, board) for s in pot.eligible if s in state.shown}
        else:
            contenders = {s: _value(state, s) for s in pot.eligible if s in state.shown}
        winners = winners_of(pot, contenders)
        best = contenders[winners[0]]
        text = describe(best) if state.high is None else state.game.describe_high(best)
    shares = split(amount, winners=winners, button=state.button, seats=state.seats)
    state.log.append((_POT_AWARDED, index, amount, pot.eligible, winners, shares, text, run, ""))
    return (amount, pot.eligible, winners, shares, text, "")


def _split_awards(
    state: HandState, pot: Pot, index: int, amount: int, run: int, board: list[Card]
) -> list[RawAward]:
    """Split ``amount`` of ``pot`` between its best high hand and its best low (RULES 11.2).

    Only the pot's own eligible hands count, so each side pot splits on its own.
    With no qualifying low the high hand takes it all; else the high half gets
    the odd chip, and each half is shared among its tied hands as RULES 6.6 says.
    """
    shown = [s for s in pot.eligible if s in state.shown]
    game = state.game
    highs = {s: _value_on(state, s, board) if run == 2 else _value(state, s) for s in shown}
    lows: dict[int, int] = {}
    for s in shown:
        low = _low_on(state, s, board) if run == 2 else _low(state, s)
        if low is not None:
            lows[s] = low
    halves = [(amount, highs, "")]
    if lows:
        halves = [(amount - amount // 2, highs, "high"), (amount // 2, lows, "low")]
    awards: list[RawAward] = []
    for part, values, half in halves:
        winners = winners_of(pot, values)
        best = values[winners[0]]
        text = game.describe_low(best) if half == "low" else game.describe_high(best)
        shares = split(part, winners=winners, button=state.button, seats=state.seats)
        award = (part, pot.eligible, winners, shares, text, half)
        state.log.append((_POT_AWARDED, index, *award[:5], run, half))
        awards.append(award)
    return awards


def _reveal(state: HandState, seat: int) -> None:
    cards = _known_hole(state, seat)
    # Shown before an all-in run-out, a hand is named once the board is out (PotAwarded).
    full = len(state.board) == 5
    value = _value(state, seat) if full else 0
    state.shown[seat] = value
    if state.high is None:
        text = describe(value) if value else ""
    else:
        text = state.game.describe(cards, state.board) if full else ""
        if state.split and full:
            state.lows[seat] = _low(state, seat)
    state.to_show.remove(seat)
    state.log.append((_SHOWN, seat, cards, text))


def _known_hole(state: HandState, seat: int) -> tuple[Card, ...]:
    hole = state.hole[seat]
    known = tuple([card for card in hole if card is not None])
    if len(known) != len(hole):
        raise IllegalActionError(f"seat {seat}'s hole cards are unknown: name them to show")
    return known


def _value(state: HandState, seat: int) -> int:
    value = state.values.get(seat)
    if value is None:
        board = state.board
        if len(board) < 5:
            high = state.high
            if high is None:
                return evaluate([*_known_hole(state, seat), *board])
            return high(_known_hole(state, seat), board)
        value = state.values[seat] = _value_on(state, seat, board)
    return value


def _value_on(state: HandState, seat: int, board: list[Card]) -> int:
    """The high value of ``seat``'s hand on a board of five (a run's board, RULES 10.3)."""
    high = state.high
    if high is not None:  # the game values it (RULES 11)
        return high(_known_hole(state, seat), board)
    first, second = state.hole[seat]
    if first is None or second is None:
        raise IllegalActionError(f"seat {seat}'s hole cards are unknown: name them to show")
    # Named one by one: compiled, a call with unpacked arguments goes the slow, generic way.
    return evaluate7(first, second, board[0], board[1], board[2], board[3], board[4])


def _low(state: HandState, seat: int) -> int | None:
    """``seat``'s low on the board (RULES 11.2), None for no qualifying low."""
    if seat in state.lows:
        return state.lows[seat]
    return _low_on(state, seat, state.board)


def _low_on(state: HandState, seat: int, board: list[Card]) -> int | None:
    return state.game.value_low(_known_hole(state, seat), board)


def _must_show(state: HandState, seat: int) -> str:
    """Why ``seat`` may not muck, or '' (RULES 6.7: all-in hands are always shown)."""
    if state.runout or state.stacks[seat] == 0:
        return "all-in hands are always shown"
    if not state.shown:
        return "the first hand of the showdown must be shown"
    others = set(state.to_show) - {seat}
    for pot in state.pots:
        if seat in pot.eligible and not any(
            s in state.shown or s in others for s in pot.eligible if s != seat
        ):
            return "nobody else can win a pot it is in"
    return ""


def _can_win(state: HandState, seat: int) -> bool:
    """Whether ``seat`` could beat or tie every shown hand of some pot it is in, high or,
    in a split game, low."""
    value = _value(state, seat)
    low = _low(state, seat) if state.split else None
    for pot in state.pots:
        if seat not in pot.eligible:
            continue
        shown = [state.shown[s] for s in pot.eligible if s in state.shown]
        if not shown or value >= max(shown):
            return True
        if low is not None:  # RULES 11.2: a hand may win the low half alone
            lows = [state.lows.get(s) for s in pot.eligible if s in state.shown]
            if low >= max([x for x in lows if x is not None], default=0):
                return True
    return False
