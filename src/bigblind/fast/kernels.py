"""Parallel kernels of the batch engine: every hand of a batch, a chunk per task.

A chunk allocates its scratch once and plays its hands one after another;
a policy's kernel is compiled on its first use in a process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from bigblind.evaluation.batch import Tables
from bigblind.fast.kernel import play_hand
from bigblind.fast.layout import B_ROWS, W_CARDS, W_ROWS, W_WIDTH
from bigblind.fast.policies import next_random

__all__ = ["make_kernel"]


@numba.njit(cache=True)
def play_chunk(
    chunk: int,
    chunks: int,
    rules: Any,
    stacks: Any,
    buttons: Any,
    seating: Any,
    seeds: Any,
    t: Tables,
    out_stacks: Any,
    decks: Any,
    logs: Any,
    counts: Any,
    policy: Any,
) -> None:
    """The hands of one chunk of a batch, with their scratch allocated once."""
    used = decks.shape[1]
    hands = stacks.shape[0]
    w = np.zeros((W_ROWS, W_WIDTH), np.int64)
    wb = np.zeros((B_ROWS, W_WIDTH), np.bool_)
    eligible = np.zeros((W_WIDTH, W_WIDTH), np.bool_)
    rng = np.empty(1, np.uint64)
    cards = w[W_CARDS, :52]
    for h in range(chunk * hands // chunks, (chunk + 1) * hands // chunks):
        rng[0] = np.uint64(seeds[h])
        for i in range(52):
            cards[i] = i
        for i in range(used):  # Fisher-Yates, as far as the hand deals
            j = i + int(next_random(rng) * (52 - i))
            c = cards[j]
            cards[j] = cards[i]
            cards[i] = c
            decks[h, i] = c
        counts[h] = play_hand(
            rules,
            stacks[h],
            cards,
            buttons[h],
            seating[h],
            policy,
            rng,
            t,
            out_stacks[h],
            logs[h],
            w,
            wb,
            eligible,
        )


def make_kernel(policy: Callable[..., tuple[int, int]]) -> Callable[..., None]:
    """A parallel kernel that plays every hand of a batch with ``policy`` (a numba
    function ``policy(view, u) -> (code, amount)``).

    The kernel is ``kernel(rules, stacks, buttons, seating, seeds, t, out_stacks, decks,
    logs, counts)``: ``stacks`` and ``seating`` (hands, players: the player in each
    seat), ``buttons`` and ``seeds`` (hands,); the
    outputs are the final stacks, the cards each hand used in dealing order (hands,
    2 * players + 8: a partial shuffle of the 52 from the hand's seed), its action rows
    (hands, MAX_ACTIONS, 3; or (hands, 0, 3) to keep no log) and action counts. A
    kernel is compiled on its first call in each process (numba keeps no kernel that
    calls a function handed in on disk); the hand's own code is cached.
    """

    @numba.njit(parallel=True)
    def kernel(
        rules: Any,
        stacks: Any,
        buttons: Any,
        seating: Any,
        seeds: Any,
        t: Tables,
        out_stacks: Any,
        decks: Any,
        logs: Any,
        counts: Any,
    ) -> None:
        chunks = min(stacks.shape[0], 64 * numba.get_num_threads())
        for chunk in numba.prange(chunks):
            play_chunk(
                chunk,
                chunks,
                rules,
                stacks,
                buttons,
                seating,
                seeds,
                t,
                out_stacks,
                decks,
                logs,
                counts,
                policy,
            )

    return kernel
