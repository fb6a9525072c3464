"""Run it twice in a live hand (RULES 10.3): the choice, and each run's own burns.

The engine deals the two runs and splits the pots; the live layer asks the
dealer for the players' answer, checks that the stub holds the cards of both
runs, and gives the second run burns of its own (RULES 3.2): the burns and
waived burns of the first run (RULES 9.3-9.6) do not carry over.
"""

from __future__ import annotations

from bigblind.cards import Card
from bigblind.errors import IllegalActionError
from bigblind.sessions.live.procedures import DealerErrorProcedures
from bigblind.sessions.live.state import BOARD_CARDS, recorded


class RunChoice(DealerErrorProcedures):
    """The choice of one run or two over the state of a live hand."""

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each run's board: one, or two once the players agreed to run it twice."""
        return self.hand.boards

    @property
    def run(self) -> int:
        """The run whose cards are dealt now: 2 once the first of two runs is complete."""
        boards = self.hand.boards
        return 2 if len(boards) == 2 and len(boards[0]) == BOARD_CARDS else 1

    @property
    def can_run_twice(self) -> bool:
        """Whether the rest of the board may be run twice now (RULES 10.3).

        The betting has ended all-in before the river, no card of the run-out is
        out, and the stub (with any set-aside card) holds both runs' cards.
        """
        if self._dealing or not self.hand.can_run_twice:
            return False
        return self._runs_room() >= 2 * (BOARD_CARDS - len(self.hand.board))

    def _runs_room(self) -> int:
        return self._stub + len(self._returning)

    @recorded
    def run_twice(self) -> None:
        """Every player all-in agreed: the rest of the board is dealt twice (RULES 10.3)."""
        self._check_open("run it twice")
        if self.hand.can_run_twice and not self.can_run_twice:
            need = 2 * (BOARD_CARDS - len(self.hand.board))
            raise IllegalActionError(
                f"cannot run it twice: the stub holds {self._runs_room()} cards, and two runs"
                f" need {need}; run it once"
            )
        self.hand.run_twice()
        self._sync()

    @recorded
    def run_once(self) -> None:
        """A player refused (or gave no answer): the rest of the board is dealt once."""
        self._check_open("run it once")
        self.hand.run_once()
        self._sync()

    def _start_second_run(self) -> None:
        """Once the first run is out, the second has its own burns (RULES 3.2, 10.3)."""
        if self.run == 2 and not self._second:
            self._second = True
            self._burned = set()
            self._waived = {}
            self._burn_card = None
