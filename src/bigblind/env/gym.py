"""A Gymnasium environment for one seat; bigblind bots play the others.

An action the mask forbids is played as check or call (and flagged in
``info["illegal"]``), so that any sampled action is a move. Each episode is
one hand by default; hands in which the agent has no decision (everyone
folds to its big blind) are played through by ``reset``, which reports
their number and the agent's winnings in them in ``info["unplayed_hands"]``
and ``info["unplayed_bb"]`` rather than in a reward.

>>> from bigblind.env import SingleAgentEnv
>>> game = SingleAgentEnv(players=3, bots="station")
>>> obs, info = game.reset(seed=2)
>>> obs["observation"].shape, int(obs["action_mask"][1])
((121,), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from bigblind.bots.base import Bot, make_bot
from bigblind.env.holdem import HoldemEnv
from bigblind.errors import BigblindError

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[dict[str, Any], int]):
    """Seat ``seat`` is the agent; ``bots`` (one name, or one per other seat) play the rest."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium reads it from the class

    def __init__(
        self,
        players: int = 6,
        *,
        bots: str | Sequence[str] = "tag",
        seat: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table = HoldemEnv(players, **options)
        names = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(names) != players - 1:
            raise BigblindError(
                f"bots {names}: give one name, or {players - 1} (one per other seat)"
            )
        for name in names:
            make_bot(name, 0)  # an unknown name fails here, not at the first reset
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise BigblindError(f"seat {seat!r}: the agent's seat is 0 to {players - 1}")
        self.agent = self.table.possible_agents[seat]
        self.bot_names = names
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self.render_mode = render_mode
        self._bots: dict[str, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        others = [a for a in self.table.possible_agents if a != self.agent]
        self._bots = {
            agent: make_bot(name, int(self.np_random.integers(2**31)))
            for agent, name in zip(others, self.bot_names, strict=True)
        }
        unplayed, hands = 0.0, 0
        table_seed = int(self.np_random.integers(2**63))
        while True:
            self.table.reset(seed=table_seed)
            table_seed += 1
            won = self._bots_play()
            if self._my_turn():
                info = {"unplayed_bb": unplayed, "unplayed_hands": hands}
                return self.table.observe(self.agent), info
            unplayed += won
            hands += 1

    def step(self, action: int) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        mask = self.table.legal_mask(self.agent)
        illegal = not (0 <= int(action) < len(mask) and mask[int(action)])
        self.table.step(1 if illegal else int(action))
        reward = self.table.rewards.get(self.agent, 0.0)
        reward += self._bots_play()
        over = self.table.terminations.get(self.agent, True) or not self._my_turn()
        truncated = self.table.truncations.get(self.agent, False)
        observation = self.table.observe(self.agent)
        return (
            observation,
            float(reward),
            bool(over and not truncated),
            truncated,
            {"illegal": illegal},
        )

    def render(self) -> str | None:
        return self.table.render() if self.render_mode == "ansi" else None

    def _my_turn(self) -> bool:
        table = self.table
        return (
            table.agent_selection == self.agent
            and not table.terminations.get(self.agent, True)
            and not table.truncations.get(self.agent, False)
        )

    def _bots_play(self) -> float:
        """Let the bots act until the agent is to act or the episode ends; the agent's reward."""
        table, reward = self.table, 0.0
        while table.agents and not self._my_turn():
            agent = table.agent_selection
            if table.terminations[agent] or table.truncations[agent]:
                if agent == self.agent:
                    return reward
                table.step(None)
                continue
            hand = table.hand
            assert hand is not None and hand.actor is not None
            table.step_text(self._bots[agent].act(hand.view(hand.actor)))
            reward += table.rewards.get(self.agent, 0.0)
        return reward

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal actions now (the name sb3-contrib's maskable algorithms look for)."""
        return self.table.legal_mask(self.agent)
