"""A PettingZoo AEC environment of Texas Hold'em on bigblind's engine.

``raw_env(players=6, ...)`` is the bare environment, ``env(...)`` the same
behind PettingZoo's order-enforcing wrapper (a masked action ends the game
with a penalty; an action outside the space raises). Agents are
``player_0 .. player_{n-1}``; seat ``i`` is ``player_i``; the button is
placed at random (from the seed) when an episode starts and, in a session,
moves one seat each hand to the next player still in (RULES 2.1).

Options (keywords): ``structure`` (a :class:`~bigblind.engine.Structure`,
no limit by default), ``blinds`` ``(1, 2)``, ``stack_bb`` (100 big blinds),
``episode`` (``"hand"``: one hand from fresh stacks; ``"session"``: hands
until one player has every chip, busted players leaving, truncated after
``max_hands``), ``exact_raises`` (actions are raise-to totals instead of
presets), ``game`` (a :class:`~bigblind.evaluation.Game` or its code, e.g.
``"plo"``: Omaha, Omaha hi-lo or short deck, RULES 11; hold'em by default).
Rewards are chips won or lost in big blinds, given when a hand ends.
Observations: see :mod:`bigblind.env.observation`.

>>> e = raw_env(players=3)
>>> e.reset(seed=1)
>>> e.agent_selection, [a for a, ok in zip(ACTIONS, e.observe("player_0")["action_mask"]) if ok]
('player_0', ['fold', 'check/call', 'x2', 'x3', '33%', '50%', 'pot', 'all-in'])
>>> plo = raw_env(players=3, structure=Structure.POT_LIMIT, game="plo")
>>> plo.reset(seed=1)
>>> plo.observe("player_0")["hole"].shape
(4,)
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from bigblind.deck import Deck
from bigblind.engine import Action, Hand, Rules, Structure, preset_amount
from bigblind.env.observation import ACTIONS, action_mask, observation_space
from bigblind.env.observation import observe as observe_seat
from bigblind.errors import BigblindError
from bigblind.evaluation.games import HOLDEM, Game, GameError
from bigblind.evaluation.games import game as find_game

__all__ = ["ACTIONS", "HoldemEnv", "env", "raw_env"]

_PRESETS = ("x2", "x3", "33%", "50%", "100%", "all-in")


class HoldemEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Texas Hold'em for 2-10 agents, one hand or one session per episode."""

    metadata = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "bigblind_holdem_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 6,
        *,
        structure: Structure = Structure.NO_LIMIT,
        blinds: tuple[int, int] = (1, 2),
        stack_bb: int = 100,
        episode: Literal["hand", "session"] = "hand",
        max_hands: int = 1000,
        exact_raises: bool = False,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        game: Game | str = HOLDEM,
    ) -> None:
        super().__init__()
        try:
            played = game if isinstance(game, Game) else find_game(game)
        except GameError as error:
            raise BigblindError(f"game: {error}") from None
        most = min(10, played.max_players)
        if not 2 <= players <= most:
            raise BigblindError(f"players {players}: the environment seats 2 to {most}")
        if episode not in ("hand", "session"):
            raise BigblindError(f"episode {episode!r}: accepted are 'hand' and 'session'")
        if stack_bb < 1:
            raise BigblindError(f"stack_bb {stack_bb}: stacks must be at least one big blind")
        if structure is Structure.FIXED_LIMIT:
            self.rules = Rules.fixed_limit(blinds=blinds, game=played)
        elif structure is Structure.POT_LIMIT:
            self.rules = Rules.pot_limit(blinds=blinds, game=played)
        else:
            self.rules = Rules.no_limit(blinds=blinds, game=played)
        self.big_blind = self.rules.big_blind
        self.stack = stack_bb * self.big_blind
        self.episode = episode
        self.max_hands = max_hands
        self.exact = exact_raises
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        total = players * self.stack
        self.actions = 2 + total + 1 if exact_raises else len(ACTIONS)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        space = observation_space(
            players, total / self.big_blind, self.actions, hole_cards=played.hole_cards
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self.actions) for a in self.possible_agents}
        self.agent_selection = self.possible_agents[0]
        self._rng = random.Random()
        self.hand: Hand | None = None
        self._seated: list[str] = []
        self._seats: dict[str, int] = {}
        self._table: list[int | None] = []
        self._chips: dict[str, int] = {}
        self._button = 0
        self._hands = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._chips = dict.fromkeys(self.agents, self.stack)
        self._button = self._rng.randrange(len(self.agents))
        self._hands = 0
        self._next_hand()

    def observe(self, agent: str) -> dict[str, Any]:
        hand = self.hand
        assert hand is not None
        seat = self._seat(agent)
        if seat is None:  # a player who has left the session sees an empty table
            return _empty(self.observation_spaces[agent])
        return observe_seat(hand, seat, self.big_blind, self.actions, self.exact, self._table)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not isinstance(action, int | np.integer) or not 0 <= action < self.actions:
            raise BigblindError(
                f"action {action!r} is not in the action space: 0 to {self.actions - 1}"
            )
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        played = self.engine_action(action)
        if played is None:
            self._illegal(agent, action)
            return
        assert self.hand is not None
        self.hand.act(played)
        self._after_action()

    def engine_action(self, action: int) -> Action | None:
        """The engine :class:`~bigblind.engine.actions.Action` an index of the action space
        names now (0 fold, 1 check or call, 2 on a bet or raise), or None when illegal."""
        hand = self.hand
        assert hand is not None
        legal = hand.legal
        assert legal is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        if action == 1:
            return Action.check() if legal.check else Action.call()
        if action == 0 and legal.fold:
            return Action.fold()
        if action >= 2 and low is not None and high is not None:
            amount = action - 2 if self.exact else preset_amount(hand, _PRESETS[action - 2])
            if low <= amount <= high:
                return Action.raise_to(amount)
        return None

    def step_text(self, action: Action | str) -> None:
        """Step with an engine Action, or its text (``'call'``, ``'raise 6'``...), as bots
        answer."""
        hand = self.hand
        assert hand is not None
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        hand.act(action)
        self._after_action()

    def _after_action(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.finished:
            self._end_hand()
        else:
            self.agent_selection = self._seated[hand.actor or 0]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: int) -> None:
        """A masked action ends the episode, the offender losing ``illegal_reward``.

        This is what PettingZoo's ``TerminateIllegalWrapper`` does; it is built in.
        """
        self.rewards[agent] = self.illegal_reward
        self.infos[agent] = {"illegal_action": action}
        for other in self.agents:
            self.terminations[other] = True
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        text = repr(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ internals

    def legal_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The action mask of ``agent`` now."""
        hand, seat = self.hand, self._seat(agent)
        if hand is None or seat is None:
            return np.zeros(self.actions, np.int8)
        return action_mask(hand, seat, self.actions, self.exact)

    def _seat(self, agent: str) -> int | None:
        return self._seats.get(agent)

    def _next_hand(self) -> None:
        self._seated = [
            a for a in self.possible_agents if self._chips[a] > 0 and not self.terminations[a]
        ]
        self._seats = {agent: seat for seat, agent in enumerate(self._seated)}
        self._table = [self._seats.get(agent) for agent in self.possible_agents]
        self._button %= len(self._seated)
        game = self.rules.game  # its own deck: 36 cards in short deck (RULES 11.3)
        cards = game.deck if len(game.deck) < 52 else None
        deck = Deck.shuffled(seed=self._rng.getrandbits(64), cards=cards)
        stacks = [self._chips[a] for a in self._seated]
        self.hand = Hand(self.rules, stacks, button=self._button, deck=deck)
        self._hands += 1
        if self.hand.finished:
            # Everyone was all-in from the blinds: the hand is over before anyone acts,
            # and ending it starts the next one (or ends the episode).
            self._end_hand()
        else:
            self.agent_selection = self._seated[self.hand.actor or 0]

    def _end_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.result is not None
        for seat, agent in enumerate(self._seated):
            won = hand.result.stacks[seat] - hand.starting_stacks[seat]
            self.rewards[agent] += won / self.big_blind
            self._chips[agent] = hand.result.stacks[seat]
        if self.episode == "hand":
            for agent in self.agents:
                self.terminations[agent] = True
            return
        left = [a for a in self._seated if self._chips[a] > 0]
        for agent in self._seated:
            if self._chips[agent] == 0:
                self.terminations[agent] = True
        if len(left) == 1:
            self.terminations[left[0]] = True
            return
        if self._hands >= self.max_hands:
            for agent in left:
                self.truncations[agent] = True
            return
        # The button goes to the next player still in (left of the old button).
        button_agent = self._seated[(self._button + 1) % len(self._seated)]
        while button_agent not in left:
            button_agent = self._seated[(self._seated.index(button_agent) + 1) % len(self._seated)]
        self._button = left.index(button_agent)
        self._next_hand()


def _empty(space: spaces.Space[Any]) -> dict[str, Any]:
    assert isinstance(space, spaces.Dict)
    empty: dict[str, Any] = {}
    for key, sub in space.spaces.items():
        if isinstance(sub, spaces.Discrete):
            empty[key] = 0
        else:
            assert isinstance(sub, spaces.Box)
            empty[key] = np.clip(np.zeros(sub.shape, sub.dtype), sub.low, sub.high)
    empty["board"] = np.full(5, -1, np.int64)
    return empty


def raw_env(players: int = 6, **options: Any) -> HoldemEnv:
    """The bare AEC environment (see the module's options)."""
    return HoldemEnv(players, **options)


def env(players: int = 6, **options: Any) -> Any:
    """The environment behind PettingZoo's order-enforcing wrapper.

    The checks of ``AssertOutOfBoundsWrapper`` (an action outside the space
    raises) and ``TerminateIllegalWrapper`` (a masked action ends the game,
    the offender losing ``illegal_reward``) are built into the environment,
    where they cost far less than as layers of wrappers.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(players, **options))
