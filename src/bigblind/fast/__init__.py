"""The fast lane: many hands at once on flat arrays, by the same rules as :class:`Hand`.

>>> from bigblind import Rules
>>> from bigblind.fast import play
>>> play(Rules.no_limit(blinds=(1, 2)), [200, 200], hands=10, seed=1).stacks.sum()
np.int64(4000)
"""

from __future__ import annotations

from bigblind.fast.batch import POLICIES, Batch, actions, encode_rules, play, replay

__all__ = ["POLICIES", "Batch", "actions", "encode_rules", "play", "replay"]
