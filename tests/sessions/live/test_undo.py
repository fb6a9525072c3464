"""The dealer undoes the last step, back to the start of the hand; the undo is recorded."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import IllegalActionError, Rules
from bigblind.engine.events import Acted
from bigblind.sessions.live import LiveHand, Misdealt, Undone

RULES = Rules.no_limit(blinds=(1, 2))


def snapshot(live: LiveHand) -> tuple[object, ...]:
    """What the hand is now, leaving out the undos themselves."""
    events = tuple(e for e in live.events if not isinstance(e, Undone))
    return (
        events,
        live.stacks,
        live.bets,
        live.awaiting,
        live.actor,
        live.due_seat,
        live.deal_number,
        live.rulings,
        tuple(live.holes(s) for s in range(live.seats)),
        live.board,
        live.stub,
        live.dead_seats,
    )


def test_an_action_is_undone_and_the_undo_recorded() -> None:
    live = LiveHand(RULES, [100, 100, 100], button=2)
    for _ in range(6):
        live.deal_hole()
    before = snapshot(live)
    live.act("raise 6")
    undone = live.undo()
    assert undone == Undone(7, "an action ('raise 6')")
    assert snapshot(live) == before
    assert live.events[-1] == undone
    assert not [e for e in live.events if isinstance(e, Acted)]
    live.act("call")
    assert live.events[-2] == undone  # the record keeps the undo in its place


def test_a_misdeal_ruling_is_undone() -> None:
    live = LiveHand(RULES, [100, 100], button=0)
    ruling = live.deal_hole(card="As", exposed=True)
    assert ruling is not None and ruling.misdeal and live.deal_number == 2
    live.undo()
    assert live.deal_number == 1 and live.rulings == ()
    assert [e for e in live.events if isinstance(e, Misdealt)] == []
    assert live.due_seat == 1 and live.stub == 52


def test_undo_goes_back_to_the_start_and_no_further() -> None:
    live = LiveHand(RULES, [50, 50], button=0)
    start = snapshot(live)
    for card in ("2c", None, "3c", None):
        live.deal_hole(card=card)
    live.act("call")
    assert len(live.steps) == 5
    for _ in range(5):
        live.undo()
    assert snapshot(live) == start and not live.steps
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        live.undo()
    assert sum(isinstance(e, Undone) for e in live.events) == 5


def test_a_refused_step_is_not_a_step() -> None:
    live = LiveHand(RULES, [50, 50], button=0)
    with pytest.raises(IllegalActionError):
        live.act("call")  # the cards are not dealt yet
    assert live.steps == ()


HOLES = ["Ah Kh", "Qd Jd", "9s 8s", "7c 6c"]
BOARD = ["2c 3d 4h", "5s", "8d"]


def random_steps(live: LiveHand, rnd: random.Random, count: int) -> None:
    """Up to ``count`` steps of a dealer who deals unseen cards and checks or calls."""
    for _ in range(count):
        awaiting = live.awaiting
        if awaiting is None:
            return
        if awaiting == "hole card":
            if rnd.random() < 0.05:
                live.report_wrong_count(live.due_seat or 0, 3)
            else:
                live.deal_hole()
        elif awaiting == "action":
            legal = live.legal
            assert legal is not None
            choices = ["fold"] if legal.fold else []
            choices.append("check" if legal.check else "call")
            live.act(rnd.choice(choices))
        elif awaiting == "show":
            live.show(HOLES[live.actor or 0])
        else:
            live.deal_board(BOARD[len(live.board) and len(live.board) - 2])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(0, 40), back=st.integers(0, 40))
def test_undoing_is_replaying_the_steps_that_stand(seed: int, count: int, back: int) -> None:
    # The state after undos equals a fresh hand given only the steps left.
    live = LiveHand(RULES, [60, 60, 60, 60], button=3)
    random_steps(live, random.Random(seed), count)
    taken = len(live.steps)
    for _ in range(min(back, taken)):
        live.undo()
    # The random dealer takes one step a turn: the same seed gives the same steps.
    fresh = LiveHand(RULES, [60, 60, 60, 60], button=3)
    random_steps(fresh, random.Random(seed), taken - min(back, taken))
    assert snapshot(live) == snapshot(fresh)
    assert live.steps == fresh.steps
