"""The person's choices outside the betting: straddle, run it twice, show or muck.

:class:`TableChoices` asks the questions and takes the answers (the keys are
bound in :class:`~bigblind.ui.table_app.TableApp`): before a hand whether
to straddle (RULES 2.7), after an all-in before the river whether to run it
twice (RULES 10.3), and at the showdown whether to show or muck where the
rules allow a muck (RULES 6.7). The bots answer by the rules of
:mod:`bigblind.ui.choices`; a question nobody is asked is answered at once.
"""

from __future__ import annotations

import time

from bigblind.errors import BigblindError
from bigblind.ui.table_screen import MUTED, TableScreen

__all__ = ["CHOICE_STATES", "TableChoices"]

CHOICE_STATES = ("straddle", "runs", "show")
"""The states in which the table waits for the person's answer to a question."""


class TableChoices(TableScreen):
    """Asks the person to straddle, to run it twice, to show or muck; answers for the bots."""

    def _start(self, straddle: bool) -> None:
        """Deal the hand (the app's own)."""
        raise NotImplementedError

    def _step(self) -> None:
        """Go on with the hand (the app's own)."""
        raise NotImplementedError

    _asked_at = 0.0
    """When the person was asked to run it twice (monotonic seconds)."""

    def _runs_timed_out(self, now: float) -> bool:
        """On the clock, no answer in time to run it twice means one run (RULES 10.3)."""
        seconds = self.game.config.clock
        if self.state != "runs" or seconds is None or now - self._asked_at < seconds:
            return False
        self._write_log("(no answer in time: the board is run once)", f"italic {MUTED}")
        return self._answer(False)

    def _offer_straddle(self) -> bool:
        """Ask the person whether to straddle when the straddle is theirs; True if asked."""
        offer = self.game.straddle_offer()
        if offer is None or offer.name != self.game.hero:
            return False
        self.state = "straddle"
        self._say(f"Straddle {offer.amount}? y straddles · n does not")
        self._render()
        return True

    def _questions(self) -> bool:
        """Answer for the bots what is theirs to answer; True when the person is asked."""
        game = self.game
        current = game.current
        while current is not None and not current.hand.finished:
            awaiting = current.hand.awaiting
            if awaiting == "runs":
                if game.hero_asked_runs:
                    self.state = "runs"
                    self._asked_at = time.monotonic()
                    self._say("Run it twice? y runs it twice · n runs it once")
                    self._render()
                    return True
                game.choose_runs()
            elif awaiting == "show":
                game.bots_show()
                if game.showing is not None:
                    self.state = "show"
                    self._say("Your hand: s shows it · m mucks it unseen")
                    self._render()
                    return True
            else:
                return False
        return False

    def _answer(self, yes: bool) -> bool:
        """y or n: the answer to the question asked, if any; True when there was one."""
        if self.state == "straddle":
            self._say("")
            self._start(yes)
            return True
        if self.state == "runs":
            self._say("")
            runs = self.game.choose_runs(yes)
            if yes and runs == 1:
                self._write_log("(not everyone agreed: the board is run once)", f"italic {MUTED}")
            self.state = "bot"
            self._step()
            return True
        return False

    def _showdown(self, muck: bool) -> bool:
        """s or m at the showdown: show or muck; True when the person was due."""
        if self.state != "show":
            return False
        try:
            self.game.show(muck=muck)
        except BigblindError as error:
            self._say(str(error).splitlines()[0])
            return True
        self._say("")
        self.state = "bot"
        self._step()
        return True
