"""Hands built on the engine and written as PokerStars writes them, for the tracker's tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from bigblind import Deck, Hand, Rules
from bigblind.formats.pokerstars import dumps

# Seat order round the table; the button is the last seat so that the positions read
# SB, BB, UTG, HJ, CO, BTN from seat 0.
SIX = ["sb", "bb", "utg", "hj", "co", "btn"]
START = datetime(2026, 12, 1, 9, 0)


def pokerstars_hand(
    play: Callable[[Hand], None],
    *,
    number: int,
    players: Sequence[str] = SIX,
    stacks: Sequence[int] | None = None,
    deck: str = "",
    hero: int | None = None,
) -> str:
    """A finished hand: ``play`` acts on a hand of 1/2 no limit, the button last."""
    n = len(players)
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        list(stacks or [200] * n),
        button=n - 1,
        deck=Deck.stacked(deck, seed=number) if deck else Deck.shuffled(seed=number),
    )
    play(hand)
    return dumps(
        hand,
        hand_id=number,
        table="Alpha",
        players=list(players),
        when=START + timedelta(minutes=number),
        max_seats=max(n, 6),
        hero=hero,
    )


def steal_and_three_bet(hand: Hand) -> None:
    """Folded to the button, who raises; the small blind folds, the big blind 3-bets and
    the button folds."""
    hand.fold()  # utg
    hand.fold()  # hj
    hand.fold()  # co
    hand.raise_to(6)  # btn
    hand.fold()  # sb
    hand.raise_to(20)  # bb
    hand.fold()  # btn


def c_bet_raised(hand: Hand) -> None:
    """UTG raises, the cut-off and the big blind call; on the flop UTG c-bets, the
    cut-off raises, the big blind folds and UTG calls; on the turn UTG checks, the
    cut-off bets and UTG folds."""
    hand.raise_to(6)  # utg
    hand.fold()  # hj
    hand.call()  # co
    hand.fold()  # btn
    hand.fold()  # sb
    hand.call()  # bb
    hand.check()  # bb
    hand.raise_to(10)  # utg: the c-bet
    hand.raise_to(30)  # co
    hand.fold()  # bb
    hand.call()  # utg
    hand.check()  # utg
    hand.raise_to(40)  # co
    hand.fold()  # utg


def limped_to_showdown(hand: Hand) -> None:
    """Everyone limps or checks to the showdown: nobody raises, so no c-bet spot."""
    for _ in range(5):
        hand.call()  # utg hj co btn sb
    hand.check()  # bb
    while hand.actor is not None:
        hand.check()


def all_in_preflop(hand: Hand) -> None:
    """Heads-up: the button (small blind) shoves, the big blind calls."""
    legal = hand.legal
    assert legal is not None and legal.max_raise_to is not None
    hand.raise_to(legal.max_raise_to)
    hand.call()


def run(hand: Hand, actions: Sequence[Callable[[Hand], None]]) -> None:
    """Each action in turn."""
    for act in actions:
        act(hand)
