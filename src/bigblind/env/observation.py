"""What a seat observes, as a dict of arrays and as one flat vector; the action set.

Seat-relative arrays start with the observer and go clockwise (index 0 is
the observer, 1 the player to its left ...). Chips are in big blinds.

Dict keys: ``hole`` (2 card numbers 0-51, ``rank * 4 + suit``), ``board``
(5, -1 where not dealt), ``stacks``, ``bets`` (this round), ``folded``
(1.0 or 0.0), ``pot``, ``position`` (seats left of the button: 0 the small
blind, n-1 the button; heads-up the button posts the small blind, RULES 2.3,
so there 0 is the big blind and 1 the button), ``street`` (0 pre-flop .. 3 river),
``action_mask`` (1 where an action is legal) and ``observation``.

``observation``, the flat float32 vector, holds in order: hole cards one-hot
(52), board one-hot (52), stacks (n), bets (n), folded (n), pot (1),
position one-hot (n), street one-hot (4): ``109 + 4n`` numbers. The dict's
``stacks``, ``bets``, ``folded`` and ``pot`` are views of that vector (copy
one before changing it); each observation is a new vector.

Actions (``Discrete``): 0 fold, 1 check or call, then the presets of RULES
5.7 (2 x2, 3 x3, 4 33%, 5 50%, 6 pot, 7 all-in), each turned into a legal
raise-to total by :func:`bigblind.engine.preset_amount`. With exact raises
the actions after 1 are raise-to totals: action ``2 + k`` raises to ``k``
chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from bigblind.engine import Hand, Legal

__all__ = [
    "ACTIONS",
    "action_mask",
    "observation_space",
    "observe",
]

ACTIONS = ("fold", "check/call", "x2", "x3", "33%", "50%", "pot", "all-in")
"""The preset action set, by index."""


def observation_space(
    players: int, total_bb: float, actions: int, *, hole_cards: int = 2
) -> spaces.Dict:
    """The space of :func:`observe` for ``players`` seats and ``total_bb`` big blinds in play,
    ``hole_cards`` each (four to six in Omaha, RULES 11.1)."""
    chips = spaces.Box(0.0, total_bb, (players,), np.float32)
    return spaces.Dict(
        {
            "hole": spaces.Box(0, 51, (hole_cards,), np.int64),
            "board": spaces.Box(-1, 51, (5,), np.int64),
            "stacks": chips,
            "bets": chips,
            "folded": spaces.Box(0.0, 1.0, (players,), np.float32),
            "pot": spaces.Box(0.0, total_bb, (1,), np.float32),
            "position": spaces.Discrete(players),
            "street": spaces.Discrete(4),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            "observation": spaces.Box(0.0, max(total_bb, 1.0), (109 + 4 * players,), np.float32),
        }
    )


def observe(
    hand: Hand,
    seat: int,
    big_blind: int,
    actions: int,
    exact: bool,
    table: Sequence[int | None] | None = None,
) -> dict[str, Any]:
    """What ``seat`` sees of ``hand``: its view (:meth:`~bigblind.engine.hand.Hand.view`),
    its own hole cards and the public table (RULES 3.4).

    ``table`` maps each place at the table to its seat in the hand (None for
    a player who has left: no chips, counted as folded), so that the arrays
    keep their size as players leave a session.
    """
    view = hand.view(seat)
    places = list(range(hand.seats)) if table is None else table
    n = len(places)
    me = places.index(seat)
    order = [*places[me:], *places[:me]]
    own = [c for c in view.hole if c is not None]
    board = list(view.board)
    bb = float(big_blind)
    stacks, bets, folded = view.stacks, view.bets, view.folded
    position = (seat - view.button - 1) % hand.seats
    street = int(view.street)
    # One vector holds everything (built as a list: cheaper than numpy item by item);
    # the dict's arrays are views of its parts.
    values = [0.0] * (109 + 4 * n)
    for card in own:
        values[card] = 1.0
    for card in board:
        values[52 + card] = 1.0
    for i, s in enumerate(order):
        if s is None:
            values[104 + 2 * n + i] = 1.0
        else:
            values[104 + i] = stacks[s] / bb
            values[104 + n + i] = bets[s] / bb
            values[104 + 2 * n + i] = 1.0 if folded[s] else 0.0
    values[104 + 3 * n] = view.pot / bb
    values[105 + 3 * n + position] = 1.0
    values[105 + 4 * n + street] = 1.0
    flat = np.array(values, np.float32)
    size = view.game.hole_cards
    hole = own if len(own) == size else [0] * size
    cards = np.array([*hole, *board, *[-1] * (5 - len(board))], np.int64)
    return {
        "hole": cards[:size],
        "board": cards[size:],
        "stacks": flat[104 : 104 + n],
        "bets": flat[104 + n : 104 + 2 * n],
        "folded": flat[104 + 2 * n : 104 + 3 * n],
        "pot": flat[104 + 3 * n : 105 + 3 * n],
        "position": position,
        "street": street,
        "action_mask": _mask(view.legal, actions, exact),
        "observation": flat,
    }


def action_mask(hand: Hand, seat: int, actions: int, exact: bool) -> np.ndarray[Any, Any]:
    """1 where the action is legal for ``seat`` now; all 0 when it is not to act."""
    legal = hand.legal
    return _mask(legal if legal is not None and legal.seat == seat else None, actions, exact)


def _mask(legal: Legal | None, actions: int, exact: bool) -> np.ndarray[Any, Any]:
    """1 where ``legal`` (the seat's legal actions, None when it is not to act) allows."""
    mask = np.zeros(actions, np.int8)
    if legal is None:
        return mask
    mask[0] = legal.fold
    mask[1] = 1
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        if exact:
            mask[2 + low : 2 + min(high, actions - 3) + 1] = 1
        else:
            mask[2:] = 1
    return mask
