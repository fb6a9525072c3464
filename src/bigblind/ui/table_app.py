"""The full-screen table: a person plays Texas Hold'em against bots, keyboard only.

The screen shows the seats (name, bot, stack, bet in front, folded, all-in,
sitting out or busted, the button and the blinds), the board, the pot and
the side pots, the person's two cards, whose turn it is and for how long,
and a log of the hand. Every other hand is a back until it is shown: the
screen is drawn from the person's own view of the hand (RULES 3.4). Keys:

==========  ===========================================================
f           fold
c           check, or call
1 ... 6     bet presets (RULES 5.7): x2, x3, 33%, 50%, pot, all-in; the
            amount goes into the amount field and Enter sends it
r           type an amount (a bet, or the total to raise to), Enter sends
0, 7, 8, 9  start typing an amount with that digit
Esc         clear the amount field
n, space    deal the next hand (the table waits between hands)
y, n        answer a question: straddle (RULES 2.7), run it twice (10.3)
s, m        show or muck at the showdown where the rules allow a muck (6.7)
s           between hands: sit out, or come back (cash games)
b           rebuy when broke (cash games)
q           quit
==========  ===========================================================

An illegal amount is not played: the engine's reason shows on one line.
Bots think in a worker, in a thread, for at least ``speed`` seconds, so the
screen never waits on them.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input

from bigblind.bots import Bot
from bigblind.engine.actions import Action
from bigblind.engine.hand import HandView
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.errors import BigblindError, IllegalActionError
from bigblind.sessions.clock import BankToppedUp
from bigblind.sessions.table import HandRecord
from bigblind.ui.amount import AmountInput, amount_problem, read_amount
from bigblind.ui.confirm import Confirm
from bigblind.ui.table_choices import CHOICE_STATES, TableChoices
from bigblind.ui.table_screen import MUTED, preset_label

__all__ = ["AmountInput", "TableApp"]

_SEAT_PREFIX = re.compile(r"^seat \d+ ")


class TableApp(TableChoices):
    """One person's seat at a table of bots: the keys and the play (the drawing is
    :class:`~bigblind.ui.table_screen.TableScreen`'s)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "fold", "fold", show=False),
        Binding("c", "check_call", "check or call", show=False),
        *(
            Binding(str(i), f"preset({i - 1})", preset, show=False)
            for i, preset in enumerate(PRESETS, start=1)
        ),
        Binding("r", "amount", "type an amount", show=False),
        *(Binding(d, f"amount('{d}')", "type an amount", show=False) for d in "0789"),
        Binding("escape", "cancel", "clear the amount", show=False),
        Binding("n,space,enter", "next_hand", "next hand", show=False),
        Binding("y", "yes", "answer yes", show=False),
        Binding("m", "muck", "muck", show=False),
        Binding("b", "rebuy", "rebuy", show=False),
        Binding("s", "sit_out", "sit out or come back", show=False),
        Binding("w", "watch", "watch the rest of the tournament", show=False),
        Binding("q", "request_quit", "quit", show=False),
        Binding("ctrl+c", "interrupt", "stop at once", show=False, priority=True),
    ]

    def on_mount(self) -> None:
        """Deal the first hand and start the turn clock."""
        self.query_one("#seats").border_title = "Table"
        self.query_one("#log-box").border_title = "Hand log"
        self.set_interval(0.2, self._tick)
        self._deal()

    # ----------------------------------------------------------------- playing

    def _deal(self) -> None:
        game = self.game
        self._pre = None
        if game.over:
            self.state = "over"
            self._render()
            return
        if not self._offer_straddle():
            self._start(False)

    def _start(self, straddle: bool) -> None:
        """Deal the hand; ``straddle``: the person takes the straddle offered (RULES 2.7)."""
        game = self.game
        try:
            current = game.start_hand(straddle=straddle)
        except BigblindError as error:
            if game.cash and game.sitting_out:  # the others wait for the person to come back
                self._say("Nobody else can play: s comes back, q quits")
                self._render()
                return
            self.state = "over"
            self._say(f"No hand can be dealt: {error}")
            self._render()
            return
        self._shown = current
        self._logged = 0
        if self.clock is not None and current.level is not None:
            if self._clock_level is not None and current.level != self._clock_level:
                self.clock.new_level()  # RULES 10.4: a tournament tops the bank up each level
            self._clock_level = current.level
        self._write_log(f"━━ Hand #{current.number} ━━", "bold #fde68a")
        self._tell_top_ups()
        self._say("")
        self._step()

    def _step(self) -> None:
        """After every change: settle a finished hand, else give the turn to the next player."""
        game = self.game
        current = game.current
        if current is None:
            self._render()
            return
        if self._message_until_step:
            self._say("")
            self._message_until_step = False
        if current.hand.finished:
            self._sync_log()
            self._hand_over(game.finish_hand())
            return
        if self._questions():
            return
        if current.hand.finished:
            self._step()
            return
        self._turn_started = time.monotonic()
        if game.hero_to_act:
            self.state = "hero"
            if self._pre is not None and self._play_pre_action():
                return
            if self.clock is not None:
                self.clock.start_turn(game.hero, now=time.monotonic())
            self._render()
            return
        turn = game.bot_to_act()
        if turn is None:  # pragma: no cover - auto dealing never waits for anything else
            self._say(f"The hand waits for {current.hand.awaiting}: q quits")
            self._render()
            return
        self.state = "bot"
        token = self._token = (current.number, len(current.hand.events))
        self._render()
        self.run_worker(self._bot_turn(token, *turn), group="bots", exclusive=True)

    async def _bot_turn(self, token: tuple[int, int], name: str, bot: Bot, view: HandView) -> None:
        """A bot's turn: it thinks in a thread, and for at least ``speed`` seconds."""
        started = time.monotonic()
        note = ""
        try:
            action = await asyncio.to_thread(bot.act, view)
        except Exception as error:  # a failing bot must not end the person's game
            action, note = "", f"{name}'s bot failed: {error}"
        wait = self.speed - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        if token != self._token or self.game.current is None or not self.is_running:
            return
        try:
            self.game.act(action)
        except BigblindError as error:
            legal = view.legal
            fallback = Action.check() if legal is None or legal.check else Action.fold()
            self.game.act(fallback)
            note = note or f"{name}'s bot answered {action!r}: {error}"
            self._write_log(f"({note}; it {fallback}s)", f"italic {MUTED}")
        self._step()

    def _hero_act(self, action: Action) -> bool:
        """Play the person's action; an illegal one gets the reason on one line, and no more."""
        if self.state != "hero" or not self.game.hero_to_act:
            self._say_until_step(self._not_your_turn())
            return False
        now = time.monotonic()
        if not self._on_time(now):
            return False
        try:
            self.game.act(action)
        except IllegalActionError as error:
            self._hint("")  # the reason takes its place: room for it in a short terminal
            self._say(_reason(error))
            return False
        if self.clock is not None and self.clock.turn is not None:
            self.clock.end_turn(now=now)
            self.clock.back(self.game.hero)
        self._say("")
        self._clear_amount()
        self._step()
        return True

    def _play_pre_action(self) -> bool:
        """Play the action chosen ahead (check/fold, call any); True when it was played."""
        view = self.view
        legal = view.legal if view is not None else None
        chosen, self._pre = self._pre, None
        if legal is None:
            return False
        if chosen == "check/fold":
            action = Action.check() if legal.check else Action.fold()
        else:
            action = Action.check() if legal.check else Action.call()
        self._write_log(f"(your pre-action: {chosen})", f"italic {MUTED}")
        return self._hero_act(action)

    def _tick(self) -> None:
        """Five times a second: the clock; a person whose time ran out checks or folds."""
        if not self.is_running:
            return  # the app is closing: its widgets may be gone already
        clock = self.clock
        now = time.monotonic()
        if self._paused_at is not None:  # the Quit box is open: no time runs out under it
            return
        if self._runs_timed_out(now):
            return
        expired = clock is not None and clock.expired(now)
        if self.state == "hero" and expired and self._time_out(now):
            return
        super()._tick()

    def _time_out(self, now: float) -> bool:
        """The person's time ran out: check if free, else fold; they are away (RULES 10.4)."""
        clock, view = self.clock, self.view
        if clock is None or view is None or view.legal is None:
            return False
        timed = clock.time_out(now, view.legal)
        self._write_log(f"(your time ran out: you {timed.action})", f"italic {MUTED}")
        self._clear_amount()
        self.game.act(timed.action)
        self._say_until_step(f"Time ran out (RULES 10.4): you {timed.action}")
        self._step()
        return True

    def _on_time(self, now: float) -> bool:
        """Whether a key pressed at ``now`` may act (RULES 10.4). An away person who acts
        says they are back and has a fresh turn; a person whose time ran out before the
        clock's tick noticed is timed out now instead."""
        clock = self.clock
        if clock is None or clock.turn is None or not clock.expired(now):
            return True
        hero = self.game.hero
        if clock.is_away(hero):
            clock.back(hero)
            clock.start_turn(hero, now=now)
            return True
        self._time_out(now)
        return False

    def _hand_over(self, record: HandRecord) -> None:
        game = self.game
        self._pre = None
        if self.clock is not None:
            self.clock.stop()
            self.clock.hand_finished()
            self._tell_top_ups()
        self._say("")
        self._net = None
        if game.hero in record.names:
            index = record.names.index(game.hero)
            self._net = record.stacks_after[index] - record.stacks_before[index]
        for name in game.rebuys:
            self._write_log(f"{name} rebuys for {game.config.starting_stack}", f"italic {MUTED}")
        if game.over:
            self.state = "over"
            place = game.hero_place
            if place == 1:
                self._over = "You won the tournament!"
            elif place is not None:
                self._over = f"You are out of the tournament: {game.place_text} place"
                if game.tournament is not None and not game.tournament.finished:
                    self._say("w watches the rest of the tournament · q quits")
            elif game.tournament is not None and game.tournament.finished:
                self._over = "The tournament is over"
            for line in game.standings():  # RULES 8.3: the places, in the log
                self._write_log(line, "bold")
        elif game.hero_busted and game.cash:
            self.state = "busted"
            self._say(f"You are out of chips: b rebuys for {game.config.starting_stack}")
        else:
            self.state = "between"
            self._sit_out_away()
        self._render()

    def _tell_top_ups(self) -> None:
        """Say in the log each time the banks grow (RULES 10.4), so the clock never
        changes behind the person's back."""
        clock = self.clock
        if clock is None:
            return
        events = clock.events
        for event in events[self._clock_told :]:
            if isinstance(event, BankToppedUp):
                self._write_log(
                    f"Time banks +{event.seconds:.0f}s ({event.why}, RULES 10.4):"
                    f" yours is {clock.bank(self.game.hero):.0f}s",
                    f"italic {MUTED}",
                )
        self._clock_told = len(events)

    def _sit_out_away(self) -> None:
        """A person away at a cash table sits out from the next hand until they come back
        (RULES 10.4); in a tournament they are dealt in, and their turns time out at once."""
        game, clock = self.game, self.clock
        if clock is None or not game.cash or game.sitting_out or not clock.is_away(game.hero):
            return
        game.sit_out()
        self._say("You were away (RULES 10.4): you sit out · s comes back · n deals")

    # ----------------------------------------------------------------- actions

    def action_fold(self) -> None:
        """Fold; while another player acts, check/fold ahead (again: cancel)."""
        if self._typed_ahead():
            return
        if self._arm("check/fold"):
            return
        self._hero_act(Action.fold())

    def action_check_call(self) -> None:
        """Check when it is free, else call; while another player acts, call any ahead."""
        if self._typed_ahead():
            return
        if self._arm("call any"):
            return
        view = self.view
        legal = view.legal if view is not None else None
        self._hero_act(
            Action.call() if legal is not None and legal.call is not None else Action.check()
        )

    def _arm(self, pre: str) -> bool:
        """Choose (or cancel) a pre-action while a bot acts and the person is in the hand."""
        if self.state != "bot" or not self.game.hero_in_hand:
            return False
        self._pre = None if self._pre == pre else pre
        if self._pre is None:
            self._say_until_step(f"Pre-action {pre} cancelled")
        else:
            self._say_until_step(f"Pre-action: {pre} when your turn comes (again: cancel)")
        self._render_turn()
        return True

    def _say_until_step(self, message: str) -> None:
        """A message that the next change at the table clears."""
        self._say(message)
        self._message_until_step = True

    def action_request_quit(self) -> None:
        """Quit; in the middle of a hand the person is in, ask first."""
        if self._typed_ahead():
            return
        if self.state in ("hero", "bot", *CHOICE_STATES) and self.game.hero_in_hand:
            if self.clock is not None and self.clock.turn is not None:
                self._paused_at = time.monotonic()  # the box keeps the person from acting
            self.push_screen(
                Confirm("Quit in the middle of the hand? It will not be finished."),
                self._quit_if,
            )
            return
        self.exit()

    def _quit_if(self, yes: bool | None) -> None:
        if yes:
            self.exit()
            return
        paused, self._paused_at = self._paused_at, None
        if paused is not None and self.clock is not None and self.clock.turn is not None:
            self.clock.give_back(
                time.monotonic() - paused
            )  # RULES 10.4: time to act, not to answer

    def action_interrupt(self) -> None:
        """Ctrl-C: stop at once (every finished hand is already written)."""
        self.exit(return_code=130)

    def action_yes(self) -> None:
        """y: yes to the question asked (straddle, run it twice)."""
        if self._typed_ahead():
            return
        if not self._answer(True):
            self._say_until_step("Nothing is asked now: y answers a question when one is")

    def action_muck(self) -> None:
        """m: muck at the showdown, where the rules allow it (RULES 6.7)."""
        if self._typed_ahead():
            return
        if not self._showdown(muck=True):
            self._say_until_step("You can muck at the showdown, when it is your turn to show")

    def action_sit_out(self) -> None:
        """s: show at the showdown; between hands at a cash table: sit out, or come back in."""
        if self._typed_ahead():
            return
        if self._showdown(muck=False):
            return
        game = self.game
        clock = self.clock
        if clock is not None and clock.is_away(game.hero) and not game.sitting_out:
            # RULES 10.4: dealt in while away (a tournament, or the hand they timed out
            # in), the person says they are back.
            clock.back(game.hero)
            self._say("Welcome back: your turns are timed again")
            self._render()
            return
        if not game.cash:
            self._say("In a tournament you are dealt every hand")
            return
        if self.state not in ("between", "busted"):
            self._say_until_step("You can sit out or come back between hands")
            return
        try:
            if game.sitting_out:
                self._say(f"Welcome back: {game.sit_in()}")
                if self.clock is not None:
                    self.clock.back(game.hero)
            else:
                game.sit_out()
                self._say("You sit out: n deals the next hand without you · s comes back")
        except BigblindError as error:
            self._say(_reason(error))
        self._render()

    def action_watch(self) -> None:
        """Out of a tournament: watch it to the end."""
        if self._typed_ahead():
            return
        game = self.game
        if self.state != "over" or game.tournament is None or game.hero_place is None:
            self._say("You can watch once you are out of a tournament")
            return
        if game.tournament.finished:
            self._say("The tournament is over: q quits")
            return
        game.watch()
        self.state = "between"
        self._say("You watch the rest of the tournament: n deals each hand · q quits")
        self._render()

    def action_preset(self, index: int) -> None:
        """Put a preset's amount into the amount field; Enter sends it (RULES 5.7)."""
        if self._typed_ahead(str(index + 1)):
            return
        view = self.view
        if self.state != "hero" or view is None or view.legal is None:
            self._say(self._not_your_turn())
            return
        preset = PRESETS[index]
        try:
            amount = preset_amount(view, preset)
        except IllegalActionError as error:
            self._say(_reason(error))
            return
        field = self.query_one("#amount", AmountInput)
        field.value = str(amount)
        self._typing = True
        field.focus()
        field.select_all()
        verb = view.legal.raise_word
        self._say("")
        self._hint(f"{preset_label(view, preset)}: {verb} {amount} · Enter sends")

    def action_amount(self, digit: str = "") -> None:
        """Start typing an amount (a bet, or the total to raise to)."""
        if self._typed_ahead(digit):
            return
        if self.state != "hero":
            self._say(self._not_your_turn())
            return
        field = self.query_one("#amount", AmountInput)
        field.value = digit
        field.cursor_position = len(digit)
        self._typing = True
        field.focus()
        self._hint("Enter sends · Esc clears")

    def _typed_ahead(self, digit: str | None = None) -> bool:
        """A key typed while the amount field is open but before it has the keyboard (keys
        typed fast): a digit goes into the field, any other key is ignored as the field
        ignores it. True when the key was taken so."""
        field = self.query_one("#amount", AmountInput)
        if not self._typing or field.has_focus:
            return False
        if digit is None:
            self.on_amount_input_ignored()
        else:
            field.insert_text_at_cursor(digit)
        return True

    def action_cancel(self) -> None:
        """Clear the amount field."""
        self._clear_amount()
        self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the amount field: bet, or raise to, the amount typed."""
        event.stop()
        if self.state != "hero":
            self._say(self._not_your_turn())
            return
        amount = read_amount(event.value)
        if amount is None:
            self._say(amount_problem(event.value))
            return
        view = self.view
        legal = view.legal if view is not None else None
        self._hero_act(Action.bet_or_raise(amount, opening=legal is not None and legal.bet))

    def on_amount_input_ignored(self, event: AmountInput.Ignored | None = None) -> None:
        """A letter while an amount is typed: it does nothing; say how to go on."""
        self._hint("Digits only: Enter sends, Esc closes")

    def action_next_hand(self) -> None:
        """Deal the next hand when the table waits between hands."""
        field = self.query_one("#amount", AmountInput)
        if self._typing and not field.has_focus:  # Enter typed before the field took it
            self.post_message(Input.Submitted(field, field.value))
            return
        if self._typed_ahead():
            return
        if self._answer(False):
            return
        if self.state == "show":
            self._say(self._not_your_turn())
        elif self.state == "between":
            self._deal()
        elif self.state == "busted":
            self._say(f"You are out of chips: b rebuys for {self.game.config.starting_stack}")

    def action_rebuy(self) -> None:
        """Buy chips again when broke (cash games)."""
        if self._typed_ahead():
            return
        if self.state != "busted":
            self._say("You can rebuy when you are out of chips")
            return
        chips = self.game.rebuy()
        self._write_log(f"{self.game.hero} rebuys for {chips}", f"italic {MUTED}")
        self.state = "between"
        self._say(f"You rebought for {chips}: n deals the next hand")
        self._render()


def _reason(error: BigblindError) -> str:
    """The engine's message on one line, about 'you' rather than a seat number."""
    text = _SEAT_PREFIX.sub("you ", str(error).splitlines()[0])
    return text[:1].upper() + text[1:]
