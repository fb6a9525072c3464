"""The batch engine against the object engine: the same deals and actions, the same stacks.

Every hand the batch engine plays is replayed by :class:`Hand` from its deck,
button and actions; the replay must accept every action as legal and end on
the batch's stacks (RULES 2-7). ``scripts/check_batch.py`` runs the same check
over millions of hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numba
import numpy as np
import pytest

from bigblind import Rules
from bigblind.engine.rules import AnteType
from bigblind.errors import RulesError
from bigblind.fast import actions, encode_rules, layout, play, replay

MAKERS: dict[str, Callable[..., Rules]] = {
    "nl": Rules.no_limit,
    "pl": Rules.pot_limit,
    "fl": Rules.fixed_limit,
}


def random_rules(rng: random.Random) -> Rules:
    small = rng.choice([1, 2, 5])
    big = small * rng.choice([2, 3])
    options: dict[str, object] = {}
    ante = rng.choice(["none", "none", "each", "big blind"])
    if ante == "each":
        options = {"ante": rng.choice([1, 2]), "ante_type": AnteType.PER_PLAYER}
    elif ante == "big blind":
        options = {"ante": big, "ante_type": AnteType.BIG_BLIND}
    return MAKERS[rng.choice(list(MAKERS))](blinds=(small, big), **options)


def random_stacks(rng: random.Random, hands: int, players: int, big: int) -> np.ndarray:
    # Short stacks on purpose: blinds and antes all-in, short all-ins, side pots.
    choices = [1, 2, 3, big, 3 * big]
    return np.array(
        [
            [
                rng.choice([*choices, rng.randint(1, 400), rng.randint(50, 2_000)])
                for _ in range(players)
            ]
            for _ in range(hands)
        ]
    )


@pytest.mark.parametrize("trial", range(12))
def test_every_batch_hand_replays_through_hand_to_the_same_stacks(trial: int) -> None:
    # RULES 2.6 (short blinds), 4.4-4.8 (turns, uncalled bets), 5.1-5.6 (raise sizes,
    # short all-ins), 6.4-6.6 (side pots, odd chips), in every structure.
    rng = random.Random(trial)
    rules = random_rules(rng)
    players = rng.randint(2, 10)
    stacks = random_stacks(rng, 150, players, rules.big_blind)
    batch = play(rules, stacks, seed=trial, policy=rng.choice(["random", "station"]))
    assert (batch.stacks.sum(axis=1) == stacks.sum(axis=1)).all()  # chips conserved
    for index in range(batch.hands):
        hand = replay(batch, index)
        assert hand.finished and hand.result is not None
        assert list(hand.result.stacks) == batch.stacks[index].tolist(), index


def test_the_same_seed_plays_the_same_hands_and_no_card_is_dealt_twice() -> None:
    rules = Rules.no_limit(blinds=(1, 2))
    first = play(rules, [100] * 9, hands=500, seed=3)
    again = play(rules, [100] * 9, hands=500, seed=3)
    assert (first.stacks == again.stacks).all() and (first.decks == again.decks).all()
    assert (first.log == again.log).all()
    for deck in first.decks:  # RULES 1: each card once
        assert len(set(deck.tolist())) == deck.shape[0] == 2 * 9 + 8
    other = play(rules, [100] * 9, hands=500, seed=4)
    assert not (other.decks == first.decks).all()


def test_a_hand_run_on_every_core_is_the_hand_run_on_one() -> None:
    rules = Rules.pot_limit(blinds=(1, 2))
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play(rules, [80] * 6, hands=300, seed=5)
    finally:
        numba.set_num_threads(threads)
    every = play(rules, [80] * 6, hands=300, seed=5)
    assert (one.stacks == every.stacks).all() and (one.log == every.log).all()


@numba.njit
def min_raiser(view, u):  # type: ignore[no-untyped-def]
    """A user's policy: raise the minimum whenever allowed, else check or call."""
    if view[layout.V_MIN_TO] >= 0:
        return layout.RAISE, view[layout.V_MIN_TO]
    return layout.CALL, 0


def test_a_policy_written_by_a_user_plays_and_replays() -> None:  # RULES 5.2
    rules = Rules.no_limit(blinds=(1, 2))
    batch = play(rules, [60, 200, 35], hands=200, seed=6, policy=min_raiser)
    raised = 0
    for index in range(batch.hands):
        hand = replay(batch, index)
        assert list(hand.result.stacks) == batch.stacks[index].tolist()  # type: ignore[union-attr]
        raised += sum(a.kind == "raise" for _, a in actions(batch, index))
    assert raised > batch.hands  # more than a raise a hand: the policy was the one used


def test_a_batch_without_its_log_says_it_cannot_be_replayed() -> None:
    batch = play(Rules.no_limit(blinds=(1, 2)), [100, 100], hands=10, record=False)
    assert batch.log.shape == (10, 0, 3) and batch.counts.min() >= 1
    with pytest.raises(RulesError, match="kept no actions"):
        replay(batch, 0)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (Rules.pot_limit(blinds=(1, 2), game="plo"), "hold'em only, not Omaha"),
        (Rules.no_limit(blinds=(1, 2), straddle=4), "no straddles"),
    ],
)
def test_what_the_batch_engine_does_not_play_is_refused_by_name(rules: Rules, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        encode_rules(rules)


@pytest.mark.parametrize(
    ("stacks", "options", "message"),
    [
        ([100], {"hands": 1}, "a row of 2 to 22 stacks"),
        ([100, 0], {"hands": 1}, "1 chip or more"),
        ([100, 100], {}, "say how many hands"),
        ([100, 100], {"hands": 2, "policy": "maniac"}, "accepted are random, station"),
        ([100, 100], {"hands": 2, "buttons": [0, 2]}, "one seat from 0 to 1"),
    ],
)
def test_bad_batches_are_refused_with_what_would_do(
    stacks: list[int], options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        play(Rules.no_limit(blinds=(1, 2)), stacks, **options)  # type: ignore[arg-type]
