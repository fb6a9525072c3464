"""Names that would break a hand history are refused where players are seated."""

from __future__ import annotations

import pytest

from bigblind import Rules
from bigblind.sessions import LiveSession, Table, TableError, Tournament, TournamentError
from bigblind.sessions.names import check_name

RULES = Rules.no_limit(blinds=(1, 2))
BAD = [
    "",
    "   ",
    "Ann\rLee",
    "Ann\nLee",
    "Ann\x85",
    "A\u2028B",
    "A\u2029B",
    "A\ud800B",
    "A\x00",
    "\t",
]
GOOD = ["Ann", "Ann Lee", "Zoë", "李", "O'Brien", "player #7"]


@pytest.mark.parametrize("name", BAD)
def test_names_that_break_histories_are_refused_everywhere(name: str) -> None:
    table = Table(RULES, seats=2)
    with pytest.raises(TableError, match="name"):
        table.join(0, name, 100)
    with pytest.raises(TableError, match="name"):
        table.seat_player(0, name, 100)
    with pytest.raises(TournamentError, match="name"):
        Tournament([name, "Bob"])
    with pytest.raises(ValueError, match="name"):
        LiveSession(RULES, [(name, 100), ("Bob", 100)])
    assert table.players == ()


@pytest.mark.parametrize("name", GOOD)
def test_ordinary_names_are_taken(name: str) -> None:
    assert check_name(name, TableError) == name
    table = Table(RULES, seats=2)
    table.join(0, name, 100)
    assert table.seat_of(name) == 0


def test_the_message_names_the_character() -> None:
    with pytest.raises(TableError, match=r"U\+000D"):
        check_name("Ann\rLee", TableError)
    with pytest.raises(TableError, match="not 42"):
        check_name(42, TableError)
