"""Reinforcement-learning environments: PettingZoo (AEC) and Gymnasium.

Install with ``pip install bigblind[env]``. ``env(players=6, ...)`` and
``raw_env(...)`` follow PettingZoo's conventions; :class:`SingleAgentEnv`
is a Gymnasium environment where the other seats are bigblind bots.

>>> from bigblind.env import env
>>> game = env(players=2)
>>> game.reset(seed=3)
>>> sorted(game.observe(game.agent_selection))[:3]
['action_mask', 'bets', 'board']
"""

try:
    import gymnasium as _gymnasium  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _missing:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"bigblind.env needs the env extra ({_missing.name} is missing):"
        " pip install 'bigblind[env]'"
    ) from None

from bigblind.env.gym import SingleAgentEnv
from bigblind.env.holdem import ACTIONS, HoldemEnv, env, raw_env

__all__ = ["ACTIONS", "HoldemEnv", "SingleAgentEnv", "env", "raw_env"]
