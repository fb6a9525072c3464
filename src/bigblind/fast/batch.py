"""Many hold'em hands at once, at machine speed, by the rules of :class:`Hand`.

:func:`play` deals and plays a batch of hands on flat integer arrays with a
numba kernel (:mod:`bigblind.fast.kernel`) on every core: the same forced
bets, turns, legal raises, uncalled bets, side pots and odd chips as the
object engine. Every hand it plays can be turned back into the engine's
actions (:func:`actions`) and replayed by :class:`~bigblind.engine.hand.Hand`
to the same stacks (:func:`replay`): the object engine stays the reference,
the batch engine its fast lane.

>>> from bigblind import Rules
>>> batch = play(Rules.no_limit(blinds=(1, 2)), [100] * 6, hands=1000, seed=7)
>>> batch.stacks.shape, int(batch.stacks.sum(axis=1).min()), int(batch.stacks.sum(axis=1).max())
((1000, 6), 600, 600)
>>> hand = replay(batch, 17)
>>> list(hand.result.stacks) == batch.stacks[17].tolist()
True

What it plays: hold'em with two to 22 players, no limit, pot limit or fixed
limit, blinds and antes (each player's, or one from the big blind); not yet
straddles, the other games of RULES 11, run it twice or owed blinds, which
:func:`encode_rules` refuses by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.hand import Hand
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import RulesError
from bigblind.evaluation.batch import tables
from bigblind.fast import layout as k
from bigblind.fast.kernels import make_kernel
from bigblind.fast.policies import random_policy, seated, station_policy, uniform_policy

__all__ = ["POLICIES", "Batch", "actions", "encode_rules", "play", "replay"]

MAX_PLAYERS: Final = 22
"""The most players a batch deals: 44 hole cards, every burn and the board from 52."""

Policy = Callable[..., tuple[int, int]]
Policies = str | Policy | Sequence[str | Policy]

POLICIES: Final[dict[str, Policy]] = {
    "random": random_policy,
    "station": station_policy,
    "uniform": uniform_policy,
}
"""The policies by name; any numba function ``policy(view, u) -> (code, amount)`` plays too."""

_KERNELS: dict[Any, Callable[..., None]] = {}
_SEATED: dict[Any, Policy] = {}  # one numba function per list of policies, compiled once


@dataclass(frozen=True, slots=True, kw_only=True)
class Batch:
    """A batch of finished hands: ``rules``, each hand's starting ``start`` and final
    ``stacks`` (hands, players), the cards it dealt in order, burns included (``decks``:
    hands, 2 * players + 8; the rest of the deck was never dealt), its
    ``buttons``, and its actions as rows of (seat, kind, amount) in ``log`` with
    ``counts`` of them."""

    rules: Rules
    start: NDArray[np.int64]
    stacks: NDArray[np.int64]
    decks: NDArray[np.int64]
    buttons: NDArray[np.int64]
    log: NDArray[np.int64]
    counts: NDArray[np.int64]

    @property
    def hands(self) -> int:
        """How many hands the batch holds."""
        return int(self.stacks.shape[0])


def encode_rules(rules: Rules) -> NDArray[np.int64]:
    """The rules as the kernel reads them, or a :class:`~bigblind.errors.RulesError`
    naming what the batch engine does not play yet.

    >>> encode_rules(Rules.pot_limit(blinds=(5, 10), ante=1)).tolist()
    [1, 5, 10, 1, 1, 10, 0, 0, 0, 0]
    """
    if rules.game.code != "holdem":
        raise RulesError(f"the batch engine plays hold'em only, not {rules.game.name}")
    if rules.straddle:
        raise RulesError("the batch engine plays no straddles yet")
    if rules.button_blind:
        raise RulesError("the batch engine plays no button blind")
    per_player = rules.ante_type is AnteType.PER_PLAYER
    if rules.ante and rules.antes_as_contributions is not per_player:
        raise RulesError("the batch engine counts antes as the rules do by default only")
    encoded = np.zeros(k.R_SIZE, np.int64)
    encoded[k.R_STRUCTURE] = {
        Structure.NO_LIMIT: 0,
        Structure.POT_LIMIT: 1,
        Structure.FIXED_LIMIT: 2,
    }[rules.structure]
    encoded[k.R_SB] = rules.small_blind
    encoded[k.R_BB] = rules.big_blind
    encoded[k.R_ANTE] = rules.ante
    encoded[k.R_ANTE_TYPE] = 0 if not rules.ante else (1 if per_player else 2)
    encoded[k.R_MIN_BET] = rules.min_bet
    encoded[k.R_SMALL_BET] = rules.small_bet
    encoded[k.R_BIG_BET] = rules.big_bet
    encoded[k.R_CAP] = rules.cap or 0
    encoded[k.R_UNCAPPED] = int(rules.uncapped_heads_up)
    return encoded


def play(
    rules: Rules,
    stacks: Sequence[int] | NDArray[np.int64],
    *,
    hands: int | None = None,
    seed: int = 0,
    policy: Policies = "random",
    buttons: Sequence[int] | NDArray[np.int64] | None = None,
    record: bool = True,
    seeds: Sequence[int] | NDArray[np.int64] | None = None,
    seating: NDArray[np.int64] | None = None,
) -> Batch:
    """Deal and play ``hands`` hands of ``rules``, each from ``stacks`` (one row of
    stacks for every hand, or a 2-D array of a row per hand) with ``policy`` for every
    seat; the button moves a seat a hand unless ``buttons`` are given. The same
    ``seed`` deals the same cards and draws the same random numbers. Without
    ``record`` no actions are kept (a simulation that wants the stacks alone): such a
    batch cannot be replayed.

    ``policy`` may also be a list, one policy per player: ``seating`` (hands, players)
    then says which player sits in each seat of each hand (by default player ``s`` in
    seat ``s``). ``seeds`` gives each hand's own seed (its deck and random stream) in
    place of seeds drawn from ``seed``: hands with the same seed are dealt the same
    cards, as duplicate play wants.
    """
    start = np.asarray(stacks, dtype=np.int64)
    if start.ndim == 1:
        if hands is None:
            raise RulesError("hands: say how many hands to play from one row of stacks")
        start = np.broadcast_to(start, (hands, start.shape[0])).copy()
    if start.ndim != 2 or not 2 <= start.shape[1] <= MAX_PLAYERS:
        raise RulesError(
            f"stacks: a row of 2 to {MAX_PLAYERS} stacks per hand, not shape {start.shape}"
        )
    if (start < 1).any():
        raise RulesError("stacks: every player is dealt in with 1 chip or more")
    count, players = start.shape
    chosen = _policy(policy)
    rng = np.random.default_rng(seed)
    if buttons is None:
        button_array = np.arange(count, dtype=np.int64) % players
    else:
        button_array = np.asarray(buttons, dtype=np.int64)
        if button_array.shape != (count,) or (button_array < 0).any():
            raise RulesError(f"buttons: one seat from 0 to {players - 1} per hand")
        if (button_array >= players).any():
            raise RulesError(f"buttons: one seat from 0 to {players - 1} per hand")
    if seeds is None:
        seed_array = np.asarray(rng.integers(0, 2**63 - 1, size=count), dtype=np.int64)
    else:
        seed_array = np.asarray(seeds, dtype=np.int64)
        if seed_array.shape != (count,):
            raise RulesError(f"seeds: one seed per hand, {count} of them")
    if seating is None:
        seat_array = np.broadcast_to(np.arange(players, dtype=np.int64), (count, players))
    else:
        seat_array = np.asarray(seating, dtype=np.int64)
        if seat_array.shape != (count, players):
            raise RulesError(f"seating: a row of {players} players per hand, {count} rows")
    out = np.empty_like(start)
    decks = np.empty((count, 2 * players + 8), np.int64)
    log = np.zeros((count, k.MAX_ACTIONS if record else 0, 3), np.int64)
    counts = np.zeros(count, np.int64)
    kernel = _KERNELS.get(chosen)
    if kernel is None:
        kernel = _KERNELS[chosen] = make_kernel(chosen)
    kernel(
        encode_rules(rules),
        start,
        button_array,
        np.ascontiguousarray(seat_array),
        seed_array,
        tables(),
        out,
        decks,
        log,
        counts,
    )
    return Batch(
        rules=rules,
        start=start,
        stacks=out,
        decks=decks,
        buttons=button_array,
        log=log,
        counts=counts,
    )


def _policy(policy: Policies) -> Policy:
    """The numba function that plays ``policy``: a name, a function, or a list of them
    (one per player, made one by :func:`~bigblind.fast.policies.seated`)."""
    if isinstance(policy, str):
        chosen = POLICIES.get(policy)
        if chosen is None:
            raise RulesError(f"policy {policy!r}: accepted are {', '.join(POLICIES)} or a function")
        return chosen
    if callable(policy):
        return policy
    players = tuple(_policy(one) for one in policy)
    key = ("seated", players)
    mixed = _SEATED.get(key)
    if mixed is None:
        mixed = _SEATED[key] = seated(players)
    return mixed


def actions(batch: Batch, index: int) -> list[tuple[int, Action]]:
    """Hand ``index`` of ``batch`` as the engine's actions, each with its seat."""
    rows = batch.log[index, : int(batch.counts[index])]
    if int(batch.counts[index]) > batch.log.shape[1]:
        kept = (
            "the batch kept no actions (record=False)"
            if not batch.log.shape[1]
            else (f"it took more than {k.MAX_ACTIONS} actions")
        )
        raise RulesError(f"hand {index} cannot be replayed: {kept}")
    out: list[tuple[int, Action]] = []
    for seat, kind, amount in rows.tolist():
        if kind == k.LOG_FOLD:
            action = Action.fold()
        elif kind == k.LOG_CHECK:
            action = Action.check()
        elif kind == k.LOG_CALL:
            action = Action.call()
        else:
            action = Action.raise_to(amount)
        out.append((seat, action))
    return out


def replay(batch: Batch, index: int) -> Hand:
    """Hand ``index`` of ``batch`` played again by :class:`Hand`: the same deck, button
    and actions. Raises the engine's error where the two engines part ways."""
    hand = Hand(
        batch.rules,
        batch.start[index].tolist(),
        button=int(batch.buttons[index]),
        deck=Deck.stacked(batch.decks[index].tolist(), seed=0),
    )
    for seat, action in actions(batch, index):
        if hand.actor != seat:
            raise RulesError(f"hand {index}: seat {seat} acted where Hand has seat {hand.actor}")
        hand.act(action)
    return hand
