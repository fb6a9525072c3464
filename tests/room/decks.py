"""Decks that give chosen seats chosen cards, found by dealing a probe copy of a room."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bigblind.cards import CARDS, parse_cards
from bigblind.deck import Deck
from bigblind.engine.hand import Legal
from bigblind.room import Room


def all_in(legal: Legal) -> str:
    return "all-in" if legal.can_raise else "call"


def check_down(legal: Legal) -> str:
    return "check" if legal.check else "call"


def deck_for(
    room: Room,
    holes: dict[int, str],
    board: str,
    *,
    at: float,
    play: Callable[[Legal], str] = all_in,
) -> Deck:
    """A deck giving each table seat in ``holes`` its cards, and ``board``, when the hand
    dealt at ``at`` is played by ``play``: the positions come from a probe copy of the room
    dealt from a known deck."""
    probe = Room.restore(room.id, json.loads(json.dumps(room.events)))
    order = list(CARDS)
    probe.deal(at=at, deck=Deck(order))
    current = probe.current
    assert current is not None, "the probe dealt no hand (a straddle offer?)"
    hand = current.hand
    positions = {
        s: [order.index(c) for c in hand.hole(current.hand_seat(s)) if c is not None] for s in holes
    }
    while not hand.finished:
        legal = hand.legal
        if legal is not None:
            hand.act(play(legal))
        elif hand.may_muck:
            hand.muck()
        else:
            hand.show()
    wanted: dict[int, Any] = {}
    for seat, text in holes.items():
        wanted.update(zip(positions[seat], parse_cards(text), strict=True))
    wanted.update(zip([order.index(c) for c in hand.board], parse_cards(board), strict=True))
    rest = iter(c for c in order if c not in wanted.values())
    return Deck([wanted[i] if i in wanted else next(rest) for i in range(52)])
