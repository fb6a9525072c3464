"""Run it twice at the table: every player still in is asked; rake once (RULES 10.3, 10.2)."""

from __future__ import annotations

import pytest

from bigblind import HandView, Rules
from bigblind.sessions.table import Rake, Table, TableError
from tests.sessions.test_table import deck_for

RULES = Rules.no_limit(blinds=(1, 2))


def shove(view: HandView) -> str:
    assert view.legal is not None
    if view.legal.can_raise:
        return "all-in"
    return "call" if view.legal.call is not None else "check"


def all_in_table(**kwargs: object) -> Table:
    table = Table(RULES, seats=4, seed=2, first_button=0, run_it_twice=True, **kwargs)  # type: ignore[arg-type]
    for seat, chips in ((0, 100), (1, 100), (2, 50)):
        table.join(seat, f"P{seat}", chips)
    return table


def test_every_player_in_agrees_and_the_board_is_run_twice() -> None:
    # RULES 10.3: all agree: the rest of the board twice, every pot halved.
    table = all_in_table()
    asked: list[int] = []

    def agree(view: HandView) -> bool:
        asked.append(view.seat)
        return True

    record = table.play_hand(shove, run_twice=agree)
    assert sorted(asked) == [0, 1, 2]
    assert len(record.hand.boards) == 2
    result = record.hand.result
    assert result is not None and len(result.pots) == 4
    assert sum(record.winnings) == 250
    assert table.chips_on_table == 250


@pytest.mark.parametrize(
    "answers",
    [
        {0: True, 1: True, 2: False},  # a refusal
        {0: True, 1: True},  # no answer from seat 2
    ],
)
def test_a_refusal_or_no_answer_means_one_run(answers: dict[int, bool]) -> None:
    # RULES 10.3: any refusal, or no answer, means one run.
    table = all_in_table()
    deciders = {seat: (lambda view, yes=yes: yes) for seat, yes in answers.items()}
    record = table.play_hand(shove, run_twice=deciders)
    assert len(record.hand.boards) == 1
    assert table.chips_on_table == 250


def test_no_question_at_a_table_that_does_not_run_twice() -> None:
    # RULES 10.3: the table offers the choice only where it allows running twice.
    table = Table(RULES, seats=4, seed=2, first_button=0)
    for seat in range(3):
        table.join(seat, f"P{seat}", 100)
    record = table.play_hand(shove, run_twice=lambda view: pytest.fail("asked"))
    assert len(record.hand.boards) == 1


def test_step_by_step_the_table_names_the_seats_asked() -> None:
    # RULES 10.3: a room server asks the players still in and tells the table.
    table = all_in_table()
    current = table.start_hand()
    assert table.runs_offer() == ()
    while table.runs_offer() == ():
        current.act(shove(current.view(current.actor or 0)))
    assert table.runs_offer() == (0, 1, 2)
    with pytest.raises(TableError, match="not asked"):
        table.choose_runs([3])
    assert table.choose_runs([0, 1, 2]) == 2
    assert current.hand.finished
    table.finish_hand()


def test_rake_is_taken_once_from_the_whole_pot() -> None:
    # RULES 10.2 with 10.3: the cap applies once, not to each run.
    for runs in (True, False):
        table = all_in_table(rake=Rake(10, cap=7))
        layout = table.layout()
        deck = deck_for(layout, {0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c3d4h8s9c")
        record = table.play_hand(shove, deck=deck, run_twice=lambda view: runs)  # noqa: B023
        assert len(record.hand.boards) == (2 if runs else 1)
        assert record.rake == 7
        assert sum(record.winnings) + record.rake == 250
        assert table.chips_on_table + table.rake_taken == 250
