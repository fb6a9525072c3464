"""The hand's record: events logged as the hand goes and built when read (RULES 6, 10.3).

However often and whenever the record is read, the events and the result are the
same: reading never changes them, and a hand read only at the end tells the same
story as one read after every action.
"""

from __future__ import annotations

import random

from bigblind import Deck, Hand, Rules
from bigblind.engine.events import HandEnded, HandStarted, PotAwarded

NL = Rules.no_limit(blinds=(1, 2))


def _play(seed: int, *, read_as_it_goes: bool) -> tuple[Hand, list[tuple[object, ...]]]:
    """A random hand from ``seed``; with ``read_as_it_goes`` its events are read at every step."""
    rng = random.Random(seed)
    players = rng.randint(2, 9)
    stacks = [rng.randint(3, 300) for _ in range(players)]
    hand = Hand(
        NL, stacks, button=seed % players, deck=Deck.shuffled(seed=seed), offer_run_twice=True
    )
    seen: list[tuple[object, ...]] = []
    while not hand.finished:
        if read_as_it_goes:
            seen.append(hand.events)
            assert hand.result is None
        if hand.awaiting == "runs":
            hand.run_twice() if rng.random() < 0.5 else hand.run_once()
            continue
        legal = hand.legal
        assert legal is not None
        roll = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.3:
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif legal.fold and roll < 0.5:
            hand.fold()
        else:
            hand.check_or_call()
    return hand, seen


def test_rules_6_the_record_read_as_it_goes_is_the_record_read_at_the_end() -> None:
    for seed in range(300):
        read, seen = _play(seed, read_as_it_goes=True)
        unread, _ = _play(seed, read_as_it_goes=False)
        assert unread.events == read.events
        assert unread.result == read.result
        # Each reading was the beginning of the final record, never rewritten.
        for earlier in seen:
            assert read.events[: len(earlier)] == earlier
        assert isinstance(read.events[0], HandStarted)
        assert isinstance(read.events[-1], HandEnded)


def test_rules_10_3_the_result_is_built_once_and_matches_the_awards() -> None:
    for seed in range(300):
        hand, _ = _play(seed, read_as_it_goes=False)
        result = hand.result
        assert result is not None and hand.result is result
        # Awarded last side pot first (RULES 6.5); the result lists the main pot first.
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        assert sorted((pot.amount, pot.winners, pot.shares) for pot in result.pots) == sorted(
            (a.amount, a.winners, a.shares) for a in awards
        )
        assert sum(result.payouts) == sum(a.amount for a in awards)
        assert result.stacks == hand.stacks
        assert [sum(run.payouts) for run in result.runs] == [
            sum(pot.amount for pot in run.pots) for run in result.runs
        ]
