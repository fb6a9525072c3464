"""The dealer's assistant (``bigblind live``): a person deals real cards, bigblind keeps the game.

The screen looks like the terminal table: the seats (name, stack, bet,
folded or all-in, the button and the blinds, the cards the house knows), the
board and the pots, and the hand's record on the right. The dealer's box
always says what to do next and which keys do it; every dealer's error is one
key, and the procedure of RULES 9 appears in words. Keys:

==========  ===========================================================
Enter       do what is due: deal the next card face down (unknown),
            open the board or the show entry, start the next hand
k           the next hole card, named
x           the next hole card went face up (exposed): name it
o           a card went to the wrong seat (out of turn)
w           a seat holds the wrong number of cards
m           misdeal for another reason
f, c, a     fold; check or call; all-in
r, 0-9      type a bet or raise-to amount
b           board cards: the street due, or cards turned too early
s, u        show (name the cards) or muck; after an all-in any seat shows, in
            any order: the cards and the seat ('As Kd 3', or '3' as dealt)
y, n        answer: a straddle (RULES 2.7); did the players all-in agree
            to run it twice (10.3)
z           undo the last step of the hand (an action, a card, a ruling),
            as often as needed back to its start; the undo stays recorded
e           between hands: seats, names, stacks and blinds
Esc         close the entry
q           quit
==========  ===========================================================

Seats are numbered from 1 as at the table. The session's hands are written
as PHH (``.phhs``) under the history folder after every hand.
"""

from __future__ import annotations

import re
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Input, Static

from bigblind.engine.actions import Action
from bigblind.errors import BigblindError
from bigblind.sessions.live import LiveHand
from bigblind.ui.amount import read_amount
from bigblind.ui.confirm import Confirm
from bigblind.ui.live_files import append_hand, session_files
from bigblind.ui.live_setup import LiveSetup
from bigblind.ui.live_text import log_style, record_lines

__all__ = ["LiveApp", "record_lines"]

_SEAT_PREFIX = re.compile(r"^seat (\d+) ")
_PROMPTS = {
    "card": "Card dealt",
    "exposed": "Exposed card [seat]",
    "seat": "Seat it went to",
    "count": "Seat and cards held",
    "misdeal": "Misdeal because",
    "raise": "Bet / raise to",
    "board": "Board cards",
    "show": "Cards shown",
}


def _progress(live: LiveHand) -> int:
    """How far the deal has come: the board cards out. Every procedure of RULES 9 is
    carried out by the next board card (a new flop, the river, the burn set aside)."""
    return sum(len(board) for board in live.boards)


class LiveApp(LiveSetup):
    """The dealer's assistant for a :class:`~bigblind.sessions.live.LiveSession`.

    Without a session the app opens on the set-up form (seats, names,
    stacks, blinds). ``history_dir`` is where the session's PHH file goes
    (None: nowhere).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "due", "do what is due", show=False),
        Binding("k", "entry('card')", "name the card", show=False),
        Binding("x", "entry('exposed')", "exposed card", show=False),
        Binding("o", "entry('seat')", "out of turn", show=False),
        Binding("w", "entry('count')", "wrong number of cards", show=False),
        Binding("m", "entry('misdeal')", "misdeal", show=False),
        Binding("f", "act('fold')", "fold", show=False),
        Binding("c", "check_call", "check or call", show=False),
        Binding("a", "act('all-in')", "all-in", show=False),
        Binding("r", "entry('raise')", "bet or raise", show=False),
        *(Binding(d, f"amount('{d}')", "type an amount", show=False) for d in "0123456789"),
        Binding("b", "entry('board')", "board cards", show=False),
        Binding("s", "entry('show')", "show", show=False),
        Binding("u", "muck", "muck", show=False),
        Binding("z", "undo", "undo the last step", show=False),
        Binding("e", "edit", "seats and blinds", show=False),
        Binding("escape", "cancel", "close the entry", show=False),
        Binding("y", "answer(True)", "yes", show=False),
        Binding("n", "answer(False)", "no", show=False),
        Binding("q", "request_quit", "quit", show=False),
        Binding("ctrl+c", "interrupt", "stop at once", show=False, priority=True),
    ]

    def on_mount(self) -> None:
        """Open the form, or deal the first hand of the session given."""
        self.query_one("#seats").border_title = "Table"
        self.query_one("#controls").border_title = "Dealer"
        self.query_one("#setup").border_title = "Set up the game"
        self.query_one("#log-box").border_title = "Hand record"
        self.query_one("#entry-row").display = False
        if self.session is None:
            self._show_setup()
        else:
            self.query_one("#setup").display = False
            self._start_hand()

    def _submit_setup(self) -> None:
        if self._read_setup():
            self._start_hand()

    # ----------------------------------------------------------------- a hand

    def _start_hand(self, straddle: bool | None = None) -> None:
        """Start the next hand; where a straddle is offered (RULES 2.7), ask first: the
        answer is ``straddle``."""
        session = self.session
        assert session is not None
        if not session.can_deal():
            self.state = "between"
            self._say("Fewer than two players have chips: e changes the seats · q quits")
            self._render()
            return
        if straddle is None and session.straddle_offer() is not None:
            self.state = "straddle"
            self._render()
            return
        live = session.start_hand(straddle=bool(straddle))
        self._shown = live
        self.state = "hand"
        self._logged = 0
        self._write_log(f"━━━━ Hand #{len(session.history) + 1} ━━━━", "bold #fde68a")
        self._say("")
        self._procedure("")
        self._ruled_at = None
        self._render()

    def _after_change(self) -> None:
        """After every entry: settle a finished hand, then redraw."""
        session = self.session
        live = self.live
        if session is not None and live is not None and live.finished and session.current is live:
            self._sync_log()
            session.finish_hand()
            self.state = "between"
            self._save()
        self._render()

    def _save(self) -> None:
        """Append the hand just finished to the session's files; a failure is said, not fatal."""
        session = self.session
        if self.history_dir is None or session is None or not session.history:
            return
        live = session.history[-1]
        number = len(session.history)
        try:
            self._append(live, number)
        except (OSError, BigblindError) as error:
            reason = getattr(error, "strerror", None) or str(error).splitlines()[0]
            self.save_error = f"hand #{number} was not saved: {reason}"
            self._say(f"The hand history could not be written ({reason}); the game goes on")
            return
        self.save_error = None

    def _append(self, live: LiveHand, number: int) -> None:
        assert self.history_dir is not None
        if self.history_file is None or self.pokerstars_file is None:
            self.history_file, self.pokerstars_file = session_files(self.history_dir)
        files = (self.history_file, self.pokerstars_file)
        assert self.session is not None
        players = self.session.players(number)
        problem = append_hand(live, number, files, self._started, players)
        if problem is not None:
            self.phh_error = problem

    def _do(self, what: str, *args: object, **kwargs: object) -> bool:
        """Call a method of the hand; an error becomes one line on the screen."""
        live = self.session.current if self.session is not None else None
        if live is None:
            self._say("No hand is being dealt: Enter starts the next one")
            return False
        try:
            ruling = getattr(live, what)(*args, **kwargs)
        except BigblindError as error:
            self._say(self._reason(live, error))
            return False
        self._say("")
        if ruling is not None:
            self._procedure(
                f"{ruling.error.text}.\nRULES {ruling.procedure.rule}: {ruling.procedure.text}"
            )
            self._ruled_at = _progress(live)
        elif self._ruled_at is not None and _progress(live) != self._ruled_at:
            # The procedure is carried out once the board moves on; its note would mislead.
            self._procedure("")
            self._ruled_at = None
        self._after_change()
        return True

    @staticmethod
    def _reason(live: LiveHand, error: BigblindError) -> str:
        text = str(error).splitlines()[0]
        match = _SEAT_PREFIX.match(text)
        if match is not None and int(match.group(1)) < live.seats:
            text = f"{live.names[int(match.group(1))]} " + text[match.end() :]
        return text[:1].upper() + text[1:]

    def _seat_of(self, text: str) -> int:
        """A table seat number (from 1) as a hand seat."""
        session = self.session
        assert session is not None
        if read_amount(text) is None:
            raise ValueError(f"{text!r} is not a seat number")
        seat = int(text) - 1
        if seat not in session.dealt:
            raise ValueError(f"seat {text} is not dealt in this hand")
        return session.dealt.index(seat)

    # ----------------------------------------------------------------- actions

    def action_due(self) -> None:
        """Enter: deal the next card face down, open the entry due, or start the next hand."""
        if self.state == "setup":
            self._submit_setup()
            return
        if self.state == "between":
            self._start_hand()
            return
        if self.state == "straddle":
            self._say("Say first whether the player straddles: y or n")
            return
        live = self.live
        if live is None:
            return
        awaiting = live.awaiting
        if awaiting == "hole card":
            self._do("deal_hole")
        elif awaiting in ("flop", "turn", "river"):
            self.action_entry("board")
        elif awaiting == "show":
            self.action_entry("show")
        elif awaiting == "runs":
            self._say("Did every player all-in agree to run it twice? y: two runs · n: one run")
        else:
            self._say("Enter the action: " + " · ".join(label for _, label in self._choices()))

    def action_entry(self, mode: str) -> None:
        """Open the entry line for a card, a seat, an amount or the board."""
        if self.state != "hand":
            self._say("No hand is being dealt: Enter starts the next one")
            return
        live = self.live
        assert live is not None
        allowed = {
            "card": live.dealing,
            "exposed": live.dealing,
            "seat": live.dealing,
            "raise": live.awaiting == "action" and live.legal is not None and live.legal.can_raise,
            "board": live.awaiting in ("flop", "turn", "river")
            or (live.awaiting == "action" and len(live.board) < 5),
            "show": live.awaiting == "show",
        }
        if not allowed.get(mode, True):
            self._say(f"Not now: {live.next_step}")
            return
        prompt = _PROMPTS[mode]
        if mode == "board":
            due = live.awaiting if live.awaiting != "action" else "exposed too soon"
            if len(live.boards) > 1:  # run twice (RULES 10.3): say which run
                due = f"run {live.run} {due}"
            prompt = f"Board ({due})"
        self._mode = mode
        self.query_one("#entry-row").display = True
        self.query_one("#entry-label", Static).update(Content.styled(prompt, "bold"))
        field = self.query_one("#entry", Input)
        field.value = ""
        field.focus()
        hints = {
            "card": "e.g. Qh · Enter deals it",
            "exposed": "e.g. Qh, or Qh 4 if it went to seat 4",
            "seat": "the seat number",
            "count": "e.g. 3 1: seat 3 holds one card",
            "misdeal": "in a few words",
            "raise": "chips, Enter sends",
            "board": "e.g. 7h" if live.awaiting in ("turn", "river") else "e.g. Jc Ts 2d",
            "show": "e.g. As Kd; As Kd 3 for seat 3 after an all-in; empty: as dealt",
        }
        self._hint(f"{hints[mode]} · Esc closes")

    def action_amount(self, digit: str) -> None:
        """A digit starts typing a bet or raise amount."""
        live = self.live
        if self.state != "hand" or live is None or live.awaiting != "action":
            return
        self.action_entry("raise")
        if self._mode == "raise":
            field = self.query_one("#entry", Input)
            field.value = digit
            field.cursor_position = 1

    def action_cancel(self) -> None:
        """Close the entry line."""
        self._close_entry()
        self._say("")

    def action_act(self, action: str) -> None:
        """Fold or go all-in for the seat to act."""
        if self._betting():
            self._do("act", Action.parse(action))

    def action_check_call(self) -> None:
        """Check when free, else call."""
        live = self.live
        if self._betting() and live is not None and live.legal is not None:
            self._do("act", Action.call() if live.legal.call is not None else Action.check())

    def action_muck(self) -> None:
        """The seat due to show mucks."""
        live = self.live
        if self.state == "hand" and live is not None and live.awaiting == "show":
            self._do("muck")
        else:
            self._say("Nobody is showing now")

    def action_request_quit(self) -> None:
        """Quit; while a hand is being dealt, ask first."""
        if self.state == "hand":
            self.push_screen(
                Confirm("Quit while a hand is being dealt? It will not be recorded."),
                self._quit_if,
            )
            return
        self.exit()

    def _quit_if(self, yes: bool | None) -> None:
        if yes:
            self.exit()

    def action_interrupt(self) -> None:
        """Ctrl-C: stop at once (every finished hand is already written)."""
        self.exit(return_code=130)

    def action_answer(self, yes: bool) -> None:
        """y or n: whether the player offered the straddle takes it (RULES 2.7), or whether
        every player all-in agreed to run it twice (RULES 10.3)."""
        live = self.live
        if self.state == "hand" and live is not None and live.awaiting == "runs":
            self._do("run_twice" if yes else "run_once")
            return
        if self.state != "straddle":
            self._say("Nothing to answer now: y and n answer a straddle or to run it twice")
            return
        self._say("")
        self._start_hand(straddle=yes)

    def action_undo(self) -> None:
        """z: take back the hand's last step; the record keeps the undo (the steps undone
        stay in the log above it, as they were said at the table)."""
        live = self.live
        if self.state != "hand" or live is None:
            self._say("Nothing to undo: a finished hand stays as it was recorded")
            return
        try:
            undone = live.undo()
        except BigblindError as error:
            self._say(self._reason(live, error))
            return
        self._close_entry()
        lines = record_lines(live.events, live.names)
        self._write_log(lines[-1], log_style(lines[-1]))  # the undo, the last event
        self._logged = len(lines)
        self._say(f"Undone: {undone.what}")
        self._procedure("")
        self._ruled_at = None
        self._after_change()

    def action_edit(self) -> None:
        """Between hands: change the seats, names, stacks and blinds."""
        if self.state != "between":
            self._say("Seats and blinds change between hands")
            return
        self._show_setup()

    def _betting(self) -> bool:
        live = self.live
        if self.state != "hand" or live is None or live.awaiting != "action":
            self._say("Nobody is to act now" + (f": {live.next_step}" if live else ""))
            return False
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the entry line, or in the set-up form."""
        if self.state == "setup":
            self._submit_setup()
            return
        mode = self._mode
        if mode is None:
            return
        value = event.value.strip()
        ok = False
        try:
            ok = self._submit(mode, value)
        except ValueError as error:  # a seat or a count that cannot be read
            self._say(str(error)[:1].upper() + str(error)[1:])
        if ok:
            self._close_entry()

    def _submit(self, mode: str, value: str) -> bool:
        live = self.live
        assert live is not None
        words = value.split()
        if mode == "card":
            return self._do("deal_hole", None, value or None)
        if mode == "exposed":
            if not words:
                raise ValueError("name the exposed card")
            seat = self._seat_of(words[1]) if len(words) > 1 else None
            return self._do("deal_hole", seat, words[0], exposed=True)
        if mode == "seat":
            return self._do("deal_hole", self._seat_of(value), None)
        if mode == "count":
            if len(words) != 2 or read_amount(words[1]) is None:
                raise ValueError("give the seat and the cards it holds, e.g. 3 1")
            return self._do("report_wrong_count", self._seat_of(words[0]), int(words[1]))
        if mode == "misdeal":
            return self._do("misdeal", value or "the dealer called a misdeal")
        if mode == "raise":
            amount = read_amount(value)
            if amount is None:
                raise ValueError("type the chips of the bet or raise, e.g. 8")
            return self._do("raise_to", amount)
        if mode == "board":
            return self._do("deal_board", value)
        if mode == "show":
            # 'As Kd 3': seat 3 shows, as any seat may after an all-in (RULES 6.7).
            if words and read_amount(words[-1]) is not None:
                cards = " ".join(words[:-1]) or None
                return self._do("show", cards, seat=self._seat_of(words[-1]))
            return self._do("show", value or None)
        return False

    def _close_entry(self) -> None:
        self._mode = None
        field = self.query_one("#entry", Input)
        field.value = ""
        self.query_one("#entry-row").display = False
        self._hint("")
        if field.has_focus:
            self.set_focus(None)
