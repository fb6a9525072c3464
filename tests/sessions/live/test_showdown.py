"""The showdown of a live hand: after an all-in the shows come in any order (RULES 6.7)."""

from __future__ import annotations

import pytest

from bigblind import IllegalActionError, OutOfTurnError, Rules
from bigblind.engine.events import Shown
from bigblind.sessions.live import LiveHand

RULES = Rules.no_limit(blinds=(1, 2))
HOLES = {0: "As Ad", 1: "Ks Kd", 2: "Qs Qd"}


def dealt_three(stacks: list[int]) -> LiveHand:
    live = LiveHand(RULES, stacks, button=2)
    for card in (0, 1):
        for seat in (0, 1, 2):
            live.deal_hole(card=HOLES[seat].split()[card])
    return live


def shown(live: LiveHand) -> list[int]:
    return [e.seat for e in live.events if isinstance(e, Shown)]


# RULES 4.7, 6.7: every hand is turned up at once after an all-in, so the dealer may enter
# the shows in any order.
def test_after_an_all_in_the_dealer_enters_the_shows_in_any_order() -> None:
    live = dealt_three([50, 50, 50])
    live.act("all-in")  # seat 2, the button
    live.act("call")
    live.act("call")
    assert live.awaiting == "show" and live.actor == 2  # the all-in bettor is due first
    live.show(seat=1)
    live.show("As Ad", seat=0)
    live.show()  # the seat due: 2
    assert shown(live) == [1, 0, 2]
    for board in ("2c 7d 9h", "Th", "3c"):
        live.deal_board(board)
    assert live.result is not None and live.stacks == (150, 0, 0)


# RULES 6.7: after a river betting round the order stands.
def test_after_the_river_another_seat_is_refused() -> None:
    live = dealt_three([100, 100, 100])
    for action in ("call", "call", "check"):
        live.act(action)
    for board in ("2c 7d 9h", "Th", "3c"):
        live.deal_board(board)
        for _ in range(3):
            live.act("check")
    assert live.actor == 0
    with pytest.raises(OutOfTurnError, match="seat 0 shows first"):
        live.show(seat=1)
    with pytest.raises(IllegalActionError, match="seat 7 does not exist"):
        live.show(seat=7)
    assert shown(live) == []
    live.show()
    assert shown(live) == [0]
