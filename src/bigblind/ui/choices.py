"""The choices a player has outside the betting, and how the bots make them.

At the person's table three questions come up besides bet, call or fold:
whether to straddle (RULES 2.7), whether to run it twice (RULES 10.3) and,
at the showdown, whether to show or muck (RULES 6.7). The person is asked;
the bots answer by simple rules, written here so that the screen and the
tests agree on them.
"""

from __future__ import annotations

from bigblind.engine.hand import Hand
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
    """Whether ``seat``, due to show, may muck instead (RULES 6.7): see ``Hand.can_muck``."""
    return hand.actor == seat and hand.can_muck


def bot_shows(hand: Hand, seat: int) -> bool:
    """Whether a bot due to show shows (else it mucks): it shows when it must or when its
    hand could win, as an automatic showdown does (``Hand.may_muck``)."""
    return not (hand.actor == seat and hand.may_muck)
