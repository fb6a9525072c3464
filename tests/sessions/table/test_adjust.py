"""A stack changed between hands outside the buy-in limits (a host's correction)."""

from __future__ import annotations

import pytest

from bigblind import Rules
from bigblind.sessions.table import BuyIn, Table, TableError


def test_a_stack_is_changed_by_chips_added_or_taken_and_counted_in_and_out() -> None:
    table = Table(Rules.no_limit(blinds=(1, 2)), seats=3, buy_in=BuyIn(40, 200), seed=1)
    table.join(0, "Ann", 100)
    table.join(1, "Bob", 100)
    assert table.adjust(0, 500) == 600  # above the maximum buy-in: a correction may be
    assert table.adjust(1, -100) == 0
    assert table.chips_in == 700 and table.chips_out == 100
    assert table.chips_on_table == table.chips_in - table.chips_out
    with pytest.raises(TableError, match="has 0 chips: 1 cannot be taken away"):
        table.adjust(1, -1)
    with pytest.raises(TableError, match="not 0"):
        table.adjust(0, 0)
    with pytest.raises(TableError, match="seat 2 is empty"):
        table.adjust(2, 5)


def test_a_stack_is_not_changed_during_a_hand() -> None:
    table = Table(Rules.no_limit(blinds=(1, 2)), seats=2, seed=1)
    table.join(0, "Ann", 100)
    table.join(1, "Bob", 100)
    table.start_hand()
    with pytest.raises(TableError, match="during a hand"):
        table.adjust(0, 5)
