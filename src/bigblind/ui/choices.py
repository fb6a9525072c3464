"""The choices a player has outside the betting, and how the bots make them.

At the person's table three questions come up besides bet, call or fold:
whether to straddle (RULES 2.7), whether to run it twice (RULES 10.3) and,
at the showdown, whether to show or muck (RULES 6.7). The person is asked;
the bots answer by simple rules, written here so that the screen and the
tests agree on them.
"""

from __future__ import annotations

from bigblind.engine.events import Mucked, Shown
from bigblind.engine.hand import Hand
from bigblind.evaluation.scalar import evaluate
from bigblind.sessions.table import StraddleOffer

__all__ = ["BOT_STRADDLE_DEPTH", "bot_runs_twice", "bot_shows", "bot_straddles", "may_muck"]

BOT_STRADDLE_DEPTH = 50
"""A bot straddles when it has at least this many big blinds."""


def bot_straddles(offer: StraddleOffer) -> bool:
    """Whether a bot offered the straddle takes it: only with a deep stack (RULES 2.7)."""
    return offer.stack >= BOT_STRADDLE_DEPTH * offer.big_blind


def bot_runs_twice() -> bool:
    """Whether a bot agrees to run it twice (RULES 10.3): always, as it does not change
    what a hand is worth, only how much the result swings."""
    return True


def may_muck(hand: Hand, seat: int) -> bool:
    """Whether ``seat``, due to show, may muck instead (RULES 6.7).

    Not when it is all-in or betting ended with players all-in (every hand is
    turned up), nor for the first hand of the showdown, nor when nobody else
    can win a pot it is in (its hand takes that pot only if it is shown).
    """
    if hand.awaiting != "show" or hand.actor != seat:
        return False
    if hand.stacks[seat] == 0 or _ran_out(hand):
        return False
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    if not shown:
        return False
    mucked = {e.seat for e in hand.events if isinstance(e, Mucked)}
    # Who else may still win: the hands shown and those yet to show (not the mucked).
    contenders = {s for s in range(hand.seats) if not hand.folded[s]} - mucked - {seat}
    return all(
        seat not in pot.eligible or any(s in contenders for s in pot.eligible) for pot in hand.pots
    )


def bot_shows(hand: Hand, seat: int) -> bool:
    """Whether a bot due to show shows (else it mucks): it shows when it must, or when
    its hand beats or ties the best hand shown in some pot it is in, on some board."""
    if not may_muck(hand, seat):
        return True
    hole = hand.hole(seat)
    if None in hole:
        return True
    shown = {e.seat: e.cards for e in hand.events if isinstance(e, Shown)}
    for board in hand.boards:
        mine = evaluate([*(c for c in hole if c is not None), *board])
        for pot in hand.pots:
            if seat not in pot.eligible:
                continue
            values = [evaluate([*shown[s], *board]) for s in pot.eligible if s in shown]
            if not values or mine >= max(values):
                return True
    return False


def _ran_out(hand: Hand) -> bool:
    """Whether betting ended with players all-in before the river: the hands are shown
    before the rest of the board is dealt (RULES 6.7, 4.7)."""
    return len(hand.board) < 5
