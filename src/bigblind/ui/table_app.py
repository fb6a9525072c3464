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
from bigblind.engine.hand import HandView
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.errors import BigblindError, IllegalActionError
from bigblind.sessions.table import HandRecord
from bigblind.ui.amount import AmountInput
from bigblind.ui.table_screen import MUTED, TableScreen, preset_label

__all__ = ["AmountInput", "TableApp"]

_SEAT_PREFIX = re.compile(r"^seat \d+ ")


class TableApp(TableScreen):
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
        Binding("b", "rebuy", "rebuy", show=False),
        Binding("q", "quit", "quit", show=False),
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
        if game.over:
            self.state = "over"
            self._render()
            return
        try:
            current = game.start_hand()
        except BigblindError as error:
            self.state = "over"
            self._say(f"No hand can be dealt: {error}")
            self._render()
            return
        self._shown = current
        self._logged = 0
        self._write_log(f"━━ Hand #{current.number} ━━", "bold #fde68a")
        self._say("")
        self._step()

    def _step(self) -> None:
        """After every change: settle a finished hand, else give the turn to the next player."""
        game = self.game
        current = game.current
        if current is None:
            self._render()
            return
        if current.hand.finished:
            self._sync_log()
            self._hand_over(game.finish_hand())
            return
        self._turn_started = time.monotonic()
        if game.hero_to_act:
            self.state = "hero"
            self._render()
            return
        turn = game.bot_to_act()
        if turn is None:  # pragma: no cover - auto dealing never waits for anything else
            raise BigblindError(f"the hand awaits {current.hand.awaiting}")
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
        if token != self._token or self.game.current is None:
            return
        try:
            self.game.act(action)
        except BigblindError as error:
            legal = view.legal
            fallback = "check" if legal is None or legal.check else "fold"
            self.game.act(fallback)
            note = note or f"{name}'s bot answered {action!r}: {error}"
            self._write_log(f"({note}; it {fallback}s)", f"italic {MUTED}")
        self._step()

    def _hero_act(self, action: str) -> bool:
        """Play the person's action; an illegal one gets the reason on one line, and no more."""
        if self.state != "hero" or not self.game.hero_to_act:
            self._say(self._not_your_turn())
            return False
        try:
            self.game.act(action)
        except IllegalActionError as error:
            self._say(_reason(error))
            return False
        self._say("")
        self._clear_amount()
        self._step()
        return True

    def _hand_over(self, record: HandRecord) -> None:
        game = self.game
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
                self._over = f"You are out of the tournament in place {place}"
            self._say("")
        elif game.hero_busted and game.cash:
            self.state = "busted"
            self._say(f"You are out of chips: b rebuys for {game.config.starting_stack}")
        else:
            self.state = "between"
        self._render()

    # ----------------------------------------------------------------- actions

    def action_fold(self) -> None:
        """Fold."""
        self._hero_act("fold")

    def action_check_call(self) -> None:
        """Check when it is free, else call."""
        view = self.view
        legal = view.legal if view is not None else None
        self._hero_act("call" if legal is not None and legal.call is not None else "check")

    def action_preset(self, index: int) -> None:
        """Put a preset's amount into the amount field; Enter sends it (RULES 5.7)."""
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
        field.focus()
        field.select_all()
        verb = "bet" if view.legal.bet else "raise to"
        self._say("")
        self._hint(f"{preset_label(view, preset)}: {verb} {amount} · Enter sends")

    def action_amount(self, digit: str = "") -> None:
        """Start typing an amount (a bet, or the total to raise to)."""
        if self.state != "hero":
            self._say(self._not_your_turn())
            return
        field = self.query_one("#amount", AmountInput)
        field.value = digit
        field.cursor_position = len(digit)
        field.focus()
        self._hint("Enter sends · Esc clears")

    def action_cancel(self) -> None:
        """Clear the amount field."""
        self._clear_amount()
        self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the amount field: bet, or raise to, the amount typed."""
        event.stop()
        text = event.value.strip()
        if self.state != "hero":
            self._say(self._not_your_turn())
            return
        if not text:
            self._say("Type an amount in chips, then Enter")
            return
        view = self.view
        legal = view.legal if view is not None else None
        verb = "bet" if legal is not None and legal.bet else "raise"
        self._hero_act(f"{verb} {int(text)}")

    def action_next_hand(self) -> None:
        """Deal the next hand when the table waits between hands."""
        if self.state == "between":
            self._deal()
        elif self.state == "busted":
            self._say(f"You are out of chips: b rebuys for {self.game.config.starting_stack}")

    def action_rebuy(self) -> None:
        """Buy chips again when broke (cash games)."""
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
