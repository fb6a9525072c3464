"""The PettingZoo and Gymnasium environments."""

from __future__ import annotations

import itertools
import re
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from bigblind.engine import Action, Hand, Structure
from bigblind.env import ACTIONS, SingleAgentEnv, env, raw_env
from bigblind.env.holdem import HoldemEnv
from bigblind.errors import BigblindError


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 6},
        {"players": 10, "structure": Structure.FIXED_LIMIT},
        {"players": 3, "structure": Structure.POT_LIMIT, "episode": "session", "stack_bb": 5},
        {"players": 2, "exact_raises": True, "stack_bb": 20},
        # RULES 11: the other games, their hole cards in the observation.
        {"players": 4, "structure": Structure.POT_LIMIT, "game": "plo"},
        {"players": 3, "structure": Structure.POT_LIMIT, "game": "plo6", "episode": "session"},
        {"players": 4, "structure": Structure.FIXED_LIMIT, "game": "plo8"},
        {"players": 6, "game": "6+", "stack_bb": 10},
    ],
)
def test_pettingzoo_api_test(options: dict[str, Any]) -> None:
    api_test(env(**options), num_cycles=300)


def test_the_environment_refuses_a_game_it_cannot_seat() -> None:
    with pytest.raises(BigblindError, match="seats 2 to 7"):
        raw_env(players=9, game="plo6")
    with pytest.raises(BigblindError, match="no game 'stud'"):
        raw_env(players=2, game="stud")


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=4), num_cycles=300)
    seed_test(lambda: env(players=3, episode="session", stack_bb=3), num_cycles=300)


def test_gymnasium_check_env() -> None:
    check_env(SingleAgentEnv(players=3, bots="random"), skip_render_check=True)
    check_env(SingleAgentEnv(players=6, bots=["tag", "station", "random", "tag", "station"]))


def _play(game: HoldemEnv, rng: np.random.Generator, cycles: int = 2000) -> dict[str, float]:
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(cycles):
        observation, reward, done, cut, _ = game.last()
        totals[agent] += reward
        if done or cut:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
    return totals


def test_one_hand_episodes_pay_in_big_blinds_and_sum_to_zero() -> None:
    game = raw_env(players=6, blinds=(5, 10))
    game.reset(seed=4)
    totals = _play(game, np.random.default_rng(1))
    assert game.agents == []
    assert abs(sum(totals.values())) < 1e-9
    # Chips are whole: a reward is a multiple of a tenth of a big blind with 5/10 blinds.
    assert all(abs(v * 10 - round(v * 10)) < 1e-9 for v in totals.values())


def test_a_session_ends_when_one_player_has_every_chip() -> None:
    game = raw_env(players=4, episode="session", stack_bb=2, max_hands=10_000)
    game.reset(seed=7)
    totals = _play(game, np.random.default_rng(2), cycles=100_000)
    assert game.agents == []
    assert sorted(totals.values())[:3] == [-2.0, -2.0, -2.0]
    assert max(totals.values()) == 6.0


def test_the_button_moves_one_seat_each_hand_of_a_session() -> None:
    # RULES 2.1: the button goes to the next player still in after every hand.
    game = raw_env(players=4, episode="session", stack_bb=3, max_hands=10_000)
    game.reset(seed=11)
    rng = np.random.default_rng(3)
    buttons: list[tuple[str, list[str]]] = []
    hand = None
    for _agent in game.agent_iter(20_000):
        if game.hand is not hand:
            hand = game.hand
            assert hand is not None
            seated = [a for a in game.possible_agents if game._seat(a) is not None]
            buttons.append((seated[hand.button], seated))
        observation, _, done, cut, _ = game.last()
        if done or cut:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert len(buttons) > 5
    for (before, _), (after, seated) in itertools.pairwise(buttons):
        order = game.possible_agents
        following = order[order.index(before) + 1 :] + order[: order.index(before) + 1]
        assert after == next(a for a in following if a in seated)


def test_each_episode_draws_its_button_from_the_seed() -> None:
    buttons = []
    for _ in range(2):
        game = raw_env(players=6)
        game.reset(seed=5)
        first = game.hand
        game.reset(seed=6)
        assert first is not None and game.hand is not None
        buttons.append((first.button, game.hand.button))
    assert buttons[0] == buttons[1]
    many = set()
    game = raw_env(players=6)
    for seed in range(40):
        game.reset(seed=seed)
        assert game.hand is not None
        many.add(game.hand.button)
    assert many == set(range(6))


def test_presets_become_legal_amounts_by_rules_5_7() -> None:
    # RULES 5.7: each preset becomes a legal raise-to total before the engine sees it.
    game = raw_env(players=3, blinds=(1, 2))
    game.reset(seed=0)
    hand = game.hand
    assert hand is not None
    game.step(ACTIONS.index("x3"))
    assert max(hand.bets) == 6
    mine, pot = hand.bets[hand.actor or 0], hand.pot
    game.step(ACTIONS.index("pot"))
    assert max(hand.bets) == 6 + pot + (6 - mine)  # call, then raise by the pot after the call


def test_exact_raises_are_raise_to_totals_with_a_mask() -> None:
    game = raw_env(players=2, exact_raises=True, stack_bb=10, blinds=(1, 2))
    game.reset(seed=0)
    mask = game.observe(game.agent_selection)["action_mask"]
    assert list(np.flatnonzero(mask)) == [0, 1, *range(2 + 4, 2 + 20 + 1)]
    game.step(2 + 7)
    assert game.hand is not None and max(game.hand.bets) == 7


def test_the_flat_encoding_holds_the_dict() -> None:
    game = raw_env(players=3)
    game.reset(seed=5)
    for _ in range(3):
        agent = game.agent_selection
        obs = game.observe(agent)
        flat, n = obs["observation"], 3
        assert set(np.flatnonzero(flat[:52])) == set(obs["hole"].tolist())
        assert np.array_equal(flat[104 : 104 + n], obs["stacks"])
        assert flat[105 + 3 * n + obs["position"]] == 1.0
        assert flat[105 + 4 * n + obs["street"]] == 1.0
        game.step(1)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 10), st.integers(0, 2**32), st.lists(st.integers(0, 7), max_size=60))
def test_no_seat_sees_another_seats_hidden_cards(players: int, seed: int, picks: list[int]) -> None:
    # RULES 3.4: every observation holds only the observer's own hole cards, as its view.
    game = raw_env(players=players)
    game.reset(seed=seed)
    for pick in [*picks, *[1] * 200]:
        if not game.agents:
            break
        hand = game.hand
        assert hand is not None
        for agent in game.agents:
            seat = game.possible_agents.index(agent)
            obs = game.observe(agent)
            own = {int(c) for c in hand.hole(seat) if c is not None}
            seen = set(np.flatnonzero(obs["observation"][:52]).tolist()) | set(obs["hole"].tolist())
            assert seen == own
            others = {
                int(c) for s in range(players) if s != seat for c in hand.hole(s) if c is not None
            }
            board = set(np.flatnonzero(obs["observation"][52:104]).tolist())
            assert not board & others
            # The observation is the seat's view (RULES 3.4, 6.7): its own cards and the
            # board, the view's hands shown by others the only cards it leaves out.
            view = hand.seen(seat)
            assert own == {int(c) for c in view.hole(seat) if c is not None}
            assert board == {int(c) for c in hand.view(seat).board}
            shown = {
                int(c) for s in range(players) if s != seat for c in view.hole(s) if c is not None
            }
            assert own | board <= view.cards() <= own | board | shown | set(hand.boards[-1])
        agent = game.agent_selection
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        legal = np.flatnonzero(game.observe(agent)["action_mask"])
        game.step(int(legal[pick % len(legal)]))


def test_single_agent_rewards_match_the_hand() -> None:
    game = SingleAgentEnv(players=2, bots="station", blinds=(1, 2))
    game.reset(seed=3)
    total = 0.0
    done = False
    while not done:
        _, reward, done, cut, _ = game.step(ACTIONS.index("check/call"))
        total += float(reward)
        done = done or cut
    hand = game.table.hand
    assert hand is not None and hand.result is not None
    assert total == (hand.result.stacks[0] - hand.starting_stacks[0]) / 2


def test_bad_options_are_refused() -> None:
    with pytest.raises(BigblindError, match="2 to 10"):
        raw_env(players=11)
    with pytest.raises(BigblindError, match="one per other seat"):
        SingleAgentEnv(players=3, bots=["tag"])
    with pytest.raises(BigblindError, match="no bot 'shark'"):
        SingleAgentEnv(players=3, bots="shark")
    with pytest.raises(BigblindError, match="no bot 'shark'"):  # any seat's name, not the first
        SingleAgentEnv(players=3, bots=["tag", "shark"])
    with pytest.raises(BigblindError, match="seat 3: the agent's seat is 0 to 2"):
        SingleAgentEnv(players=3, seat=3)


def test_position_counts_seats_left_of_the_button() -> None:
    # RULES 2.2, 2.3: 0 is the small blind, n-1 the button; heads-up the button is the
    # small blind, so there 0 is the big blind.
    for players in (2, 3, 6):
        game = raw_env(players=players)
        game.reset(seed=players)
        hand = game.hand
        assert hand is not None
        for seat, agent in enumerate(game.possible_agents):
            position = game.observe(agent)["position"]
            if seat == hand.button:
                assert position == players - 1
            if hand.bets[seat] == 2:  # the big blind
                assert position == (0 if players == 2 else 1)


def test_a_masked_action_ends_the_episode_with_a_penalty() -> None:
    game = raw_env(players=3)
    game.reset(seed=1)
    agent = game.agent_selection
    game.step(1)
    game.step(1)
    game.step(1)  # the big blind checks: pre-flop is over, nobody faces a bet
    agent = game.agent_selection
    assert game.observe(agent)["action_mask"][0] == 0
    game.step(0)  # folding when checking is free is masked (RULES 4.4)
    assert game._cumulative_rewards[agent] == -1.0
    assert game.infos[agent] == {"illegal_action": 0}
    assert all(game.terminations.values())


def test_an_action_outside_the_space_raises() -> None:
    game = env(players=2)
    game.reset(seed=1)
    with pytest.raises(ValueError, match="0 to 7"):
        game.step(8)


def test_the_example_prints_big_blinds_per_100_hands(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "random_vs_tag.py"
    spec = importlib.util.spec_from_file_location("random_vs_tag", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--hands", "30", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"random agent vs tag: [+-]\d+\.\d bb/100 over \d+ hands\n", out)
    for bad in (["--hands", "0"], ["--players", "1"], ["--players", "11"]):
        with pytest.raises(SystemExit) as stopped:
            module.main(bad)
        assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--hands 0: play at least 1 hand" in err and "Traceback" not in err


def test_the_benchmark_prints_one_json_object_with_both_environments() -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[2] / "benchmarks" / "env.py"
    # PettingZoo silences pygame in this process; the benchmark must do it itself.
    environment = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    done = subprocess.run(
        [sys.executable, str(script), "--seconds", "0.05", "--repeats", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env=environment,
    )
    result = json.loads(done.stdout)  # nothing else on stdout (pygame's greeting included)
    assert set(result) == {
        "bigblind_form",
        "bigblind_steps_per_s",
        "pettingzoo_steps_per_s",
        "ratio",
    }
    assert result["bigblind_steps_per_s"] > 0 and result["pettingzoo_steps_per_s"] > 0


# RULES 4.4: an index of the action space reaches the hand as the engine's Action.
def test_a_step_hands_the_engine_an_action(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[object] = []
    act = Hand.act

    def recording(self: Hand, action: Action | str, *, seat: object = None) -> None:
        handed.append(action)
        act(self, action, seat=seat)

    monkeypatch.setattr(Hand, "act", recording)
    game = raw_env(players=2)
    game.reset(seed=1)
    game.step(1)  # the small blind calls
    game.step(1)  # the big blind checks
    assert handed == [Action.call(), Action.check()]
