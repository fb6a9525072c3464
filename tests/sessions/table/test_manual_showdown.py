"""A table that leaves the showdown to its players (RULES 6.7)."""

from __future__ import annotations

from bigblind.engine import Rules
from bigblind.engine.events import Mucked, Shown
from bigblind.sessions.table import Table


def _checked_down(showdown: str) -> Table:
    table = Table(Rules.no_limit(blinds=(1, 2)), seats=2, seed=3, showdown=showdown)  # type: ignore[arg-type]
    table.join(0, "Ann", 100)
    table.join(1, "Bob", 100)
    current = table.start_hand()
    while current.hand.awaiting == "action":
        current.hand.check_or_call()
    return table


# RULES 6.7: the first hand is shown; the next may be mucked unshown, as its player chooses.
def test_a_manual_showdown_waits_for_each_player_in_turn() -> None:
    table = _checked_down("manual")
    current = table.current
    assert current is not None and current.hand.awaiting == "show"
    first = current.hand.actor
    current.hand.show()
    second = current.hand.actor
    assert second is not None and second != first
    current.hand.muck()
    assert current.hand.finished
    events = current.hand.events
    assert [e.seat for e in events if isinstance(e, Shown)] == [first]
    assert [e.seat for e in events if isinstance(e, Mucked)] == [second]
    record = table.finish_hand()
    assert sum(record.stacks_after) == 200


def test_the_default_showdown_plays_itself() -> None:
    table = _checked_down("auto")
    current = table.current
    assert current is not None and current.hand.finished
