"""A random agent against the ``tag`` bot, heads-up, through the Gymnasium environment.

Nothing is trained: the loop is the one a learning agent would run. Each
episode is one hand; the agent picks uniformly among the legal actions the
mask allows. Hands the agent had no decision in (the bot folded its small
blind) count too: ``reset`` reports them. Prints the agent's result in big
blinds per 100 hands.

    pip install 'bigblind[env]'
    python examples/random_vs_tag.py --hands 2000 --seed 1
"""

from __future__ import annotations

import argparse

import numpy as np

from bigblind.env import SingleAgentEnv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands to play (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    parser.add_argument("--players", type=int, default=2, help="seats; tag bots fill the others")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands {args.hands}: play at least 1 hand")
    if not 2 <= args.players <= 10:
        parser.error(f"--players {args.players}: the table seats 2 to 10")

    game = SingleAgentEnv(players=args.players, bots="tag")
    rng = np.random.default_rng(args.seed)
    won_bb, hands = 0.0, 0
    observation, info = game.reset(seed=args.seed)
    while hands < args.hands:
        won_bb += info["unplayed_bb"]
        hands += info["unplayed_hands"]
        terminated = truncated = False
        while not (terminated or truncated):
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = game.step(int(rng.choice(legal)))
            won_bb += float(reward)
        hands += 1
        observation, info = game.reset()

    print(f"random agent vs tag: {100 * won_bb / hands:+.1f} bb/100 over {hands} hands")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
