"""Replaying the showdown of a PHH file: the order of shows (RULES 6.7)."""

from __future__ import annotations

import itertools

import pytest

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import phh


def reordered(text: str, order: tuple[int, ...]) -> str:
    """The text with its ``sm`` actions put in ``order`` (indices into them)."""
    lines = text.splitlines(keepends=True)
    shows = [i for i, line in enumerate(lines) if " sm" in line]
    out = list(lines)
    for at, pick in zip(shows, order, strict=True):
        out[at] = lines[shows[pick]]
    return "".join(out)


def all_in_preflop(street_cards: int = 0) -> Hand:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [40, 70, 100, 130],
        button=0,
        deck=Deck.shuffled(seed=11),
        show_all=True,
    )
    hand.all_in()
    while not hand.finished:
        hand.call()
    return hand


# RULES 6.7: when betting ended because players are all-in, every hand is turned up at
# once and no order applies: a file listing those shows in any order replays the same.
def test_all_in_shows_in_any_order_replay_alike() -> None:
    hand = all_in_preflop()
    assert hand.result is not None
    text = phh.dumps(hand)
    shows = sum(" sm " in line for line in text.splitlines())
    assert shows == 4
    expected = phh.replay(phh.loads(text)[0]).result
    assert expected is not None
    for order in itertools.permutations(range(shows)):
        (history,) = phh.loads(reordered(text, order))
        again = phh.replay(history)
        assert again.result is not None, order
        assert again.result.stacks == expected.stacks, order
        assert history.finishing_stacks == again.result.stacks, order


def test_all_in_on_the_flop_shows_in_any_order() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [60, 60, 60],
        button=0,
        deck=Deck.shuffled(seed=3),
        show_all=True,
    )
    while hand.street.label == "pre-flop":
        hand.check_or_call()
    hand.all_in()
    while not hand.finished:
        hand.call()
    text = phh.dumps(hand)
    (history,) = phh.loads(reordered(text, (2, 1, 0)))
    again = phh.replay(history)
    assert again.result is not None and history.finishing_stacks == again.result.stacks


def test_shows_after_river_betting_keep_their_order() -> None:
    # Betting reached the river with chips behind: RULES 6.7's order applies, and a
    # file that shows out of turn is refused.
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)), [100, 100, 100], deck=Deck.shuffled(seed=8), show_all=True
    )
    while not hand.finished:
        hand.check_or_call()
    text = phh.dumps(hand)
    with pytest.raises(HistoryError, match="shows first"):
        phh.replay(phh.loads(reordered(text, (1, 0, 2)))[0])


def test_a_show_twice_is_refused() -> None:
    hand = all_in_preflop()
    text = phh.dumps(hand)
    lines = text.splitlines(keepends=True)
    shows = [i for i, line in enumerate(lines) if " sm " in line]
    lines[shows[0]] = lines[shows[-1]]  # the last player shows twice, the first never
    with pytest.raises(HistoryError):
        phh.replay(phh.loads("".join(lines))[0])


# RULES 6.7 in PokerStars text: after an all-in the shows may be listed in any order; every
# order replays to the same result.
def test_pokerstars_all_in_shows_in_any_order_replay_alike() -> None:
    from datetime import datetime

    from bigblind.formats import pokerstars

    hand = all_in_preflop()
    names = ["ann", "bob", "cy", "dee"]
    text = pokerstars.dumps(hand, hand_id=1, table="T", players=names, when=datetime(2026, 1, 1))
    lines = text.splitlines(keepends=True)
    shows = [i for i, line in enumerate(lines) if ": shows [" in line]
    assert len(shows) == 4
    for order in itertools.permutations(range(4)):
        out = list(lines)
        for at, pick in zip(shows, order, strict=True):
            out[at] = lines[shows[pick]]
        (history,) = pokerstars.loads("".join(out))
        again = pokerstars.replay(history)
        assert pokerstars.results_match(history, again), order
