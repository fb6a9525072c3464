"""Duplicate matches on the batch engine: several policies at one table, decks dealt
once per seat rotation, every hand still a legal hand of :class:`Hand` (RULES 2-7)."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Rules
from bigblind.errors import RulesError
from bigblind.fast import layout, play, replay
from bigblind.fast.duplicate import deal_seeds, play_deals
from bigblind.fast.policies import uniform_policy

RULES = Rules.no_limit(blinds=(1, 2))


@numba.njit
def folder(view, u):  # type: ignore[no-untyped-def]
    return layout.FOLD, 0


def test_the_uniform_policy_picks_each_legal_kind_equally_and_sizes_uniformly() -> None:
    # The random bot's law: fold, call and raise a third each when facing a bet ...
    view = np.zeros(layout.VIEW_SIZE, np.int64)
    view[layout.V_TO_CALL], view[layout.V_MIN_TO], view[layout.V_MAX_TO] = 2, 4, 7
    grid = (np.arange(30_000) + 0.5) / 30_000
    answers = [uniform_policy(view, float(u)) for u in grid]
    kinds = np.bincount([code for code, _ in answers], minlength=3)
    assert kinds.tolist() == [10_000, 10_000, 10_000]
    sizes = np.bincount([amount for code, amount in answers if code == layout.RAISE])
    assert sizes[4:].tolist() == [2_500] * 4  # 4 to 7, every total as likely
    # ... check or raise a half each when nothing is to call, and no fold.
    view[layout.V_TO_CALL] = 0
    kinds = np.bincount([uniform_policy(view, float(u))[0] for u in grid], minlength=3)
    assert kinds.tolist() == [0, 15_000, 15_000]
    # Facing an all-in that cannot be raised: fold or call, a half each.
    view[layout.V_TO_CALL], view[layout.V_MIN_TO], view[layout.V_MAX_TO] = 5, -1, -1
    kinds = np.bincount([uniform_policy(view, float(u))[0] for u in grid], minlength=3)
    assert kinds.tolist() == [15_000, 15_000, 0]


def test_each_player_plays_its_own_policy_wherever_it_sits() -> None:
    # The folder never puts a chip in beyond its blinds (a fold where a check is free is
    # a check), so no deal of two hands costs it more than the small and big blind.
    won = play_deals(RULES, [folder, "station"], deals=200, chips=200, seed=1)
    assert (won[:, 0] >= -3).all() and (won[:, 0] == -3).any() and (won.sum(axis=1) == 0).all()
    batch = play(
        RULES,
        [100, 100, 100],
        hands=300,
        policy=[folder, "station", "uniform"],
        seating=np.tile([[2, 0, 1]], (300, 1)),
        seed=5,
    )
    folds = batch.log[:, :, 1] == layout.LOG_FOLD
    seat_of_folder = 1  # seating row [2, 0, 1]: player 0 sits in seat 1
    for h in range(300):
        rows = batch.log[h, : batch.counts[h]]
        mine = {int(kind) for seat, kind, _ in rows if seat == seat_of_folder}
        assert mine <= {layout.LOG_FOLD, layout.LOG_CHECK}
    assert folds.any()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 6))
def test_identical_players_break_even_in_every_deal(seed: int, players: int) -> None:
    # Every rotation deals the same cards and draws the same numbers: whoever sits
    # where, the seats' results are the same, so the duplicate deal nets each player 0.
    won = play_deals(RULES, ["uniform"] * players, deals=20, chips=150, seed=seed)
    assert won.shape == (20, players) and (won == 0).all()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_chips_are_conserved_and_any_chunking_plays_the_same_deals(seed: int, players: int) -> None:
    policies = ["uniform", "station", "random", "uniform", "station"][:players]
    whole = play_deals(RULES, policies, deals=12, chips=100, seed=seed)
    parts = np.concatenate(
        [
            play_deals(RULES, policies, deals=5, chips=100, seed=seed),
            play_deals(RULES, policies, deals=7, chips=100, seed=seed, first=5),
        ]
    )
    assert (whole == parts).all() and (whole.sum(axis=1) == 0).all()


def test_mixed_hands_replay_through_hand_to_the_same_stacks() -> None:
    # Several policies at one table change who does what, never the rules.
    seating = (np.arange(4)[None, :] + np.arange(400)[:, None]) % 4
    seeds = np.repeat(deal_seeds(9, 0, 100), 4)
    batch = play(
        Rules.pot_limit(blinds=(1, 2)),
        [80, 120, 200, 60],
        hands=400,
        policy=["uniform", "station", "random", "uniform"],
        seating=seating,
        seeds=seeds,
        buttons=np.repeat(np.arange(100) % 4, 4),
    )
    for h in range(400):
        assert list(replay(batch, h).result.stacks) == batch.stacks[h].tolist()  # type: ignore[union-attr]
    # The same seed deals the same cards in every rotation of a deal.
    assert (batch.decks[0::4] == batch.decks[3::4]).all()


def test_bad_seeds_and_seatings_are_refused_by_name() -> None:
    with pytest.raises(RulesError, match="seeds: one seed per hand, 3"):
        play(RULES, [100, 100], hands=3, seeds=[1, 2])
    with pytest.raises(RulesError, match="seating: a row of 2 players per hand"):
        play(RULES, [100, 100], hands=3, seating=np.zeros((2, 2), np.int64))
    with pytest.raises(RulesError, match="policy 'shark'"):
        play(RULES, [100, 100], hands=3, policy=["station", "shark"])
    with pytest.raises(RulesError, match="deals: play one deal or more"):
        play_deals(RULES, ["station", "station"], deals=0, chips=10)
