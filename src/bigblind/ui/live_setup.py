"""The live app's set-up form: the seats, names, stacks, blinds and button of the game."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Input, Static

from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError, RulesError
from bigblind.sessions.live import LiveSession
from bigblind.sessions.names import check_name
from bigblind.ui.amount import read_amount
from bigblind.ui.live_screen import LiveScreen
from bigblind.ui.live_text import STRUCTURES, parse_blinds, parse_players, parse_structure

__all__ = ["LiveSetup"]


class LiveSetup(LiveScreen):
    """The form that opens a game, or changes it between hands."""

    def _show_setup(self) -> None:
        """Open the form, filled with the game as it stands."""
        self.state = "setup"
        session = self.session
        if session is not None:
            players = ", ".join(
                f"{n}:{c}" for n, c in zip(session.names, session.stacks, strict=True)
            )
            self.query_one("#setup-players", Input).value = players
            rules = session.rules
            self.query_one("#setup-blinds", Input).value = f"{rules.small_blind}/{rules.big_blind}"
            code = {v: k for k, v in STRUCTURES.items()}[rules.structure]
            self.query_one("#setup-structure", Input).value = code
            self.query_one("#setup-button", Input).value = str(session.button + 1)
        for widget_id in ("#setup",):
            self.query_one(widget_id).display = True
        for widget_id in ("#seats", "#board", "#result", "#controls"):
            self.query_one(widget_id).display = False
        self.query_one("#setup-players", Input).focus()
        self._render_title()

    def _keep_game(self, players: list[tuple[str, int]], button: int) -> bool:
        """Where the form keeps the game's players in their order and the button where it
        was, and only adds players or chips, go on with the game as a cash table does
        (RULES 10.1): a newcomer posts a big blind to play the next hand; chips added are
        a rebuy or top-up, and a player who went broke owes the blinds that passed. False
        when the form makes a new game instead (the stacks cut, the seats or button moved).
        """
        session = self.session
        assert session is not None
        before = dict(zip(session.names, session.stacks, strict=True))
        staying = [(name, chips) for name, chips in players if name in before]
        newcomers = [(name, chips) for name, chips in players if name not in before]
        names = [name for name, _ in players]
        if (
            [name for name, _ in staying] != list(session.names)
            or button != session.button
            or len(set(names)) != len(names)
            or any(chips < before[name] for name, chips in staying)
            or any(chips < 1 for _, chips in newcomers)
        ):
            return False  # a new game (set_players says what is wrong, if anything)
        for name, _ in newcomers:
            check_name(name, RulesError)  # before any change: all or none
        for name, chips in staying:
            if chips > before[name]:
                session.rebuy(name, chips - before[name])
                self._write_log(f"{name} adds {chips - before[name]} chips", "italic")
        for place, (name, chips) in enumerate(players):
            if name not in before:
                session.add_player(name, chips, seat=place)
                self._write_log(f"{name} joins and posts a big blind (RULES 10.1)", "italic")
        return True

    def _read_setup(self) -> bool:
        """Take the form's game; False (the error said under it) when it makes none."""
        try:
            players = parse_players(self.query_one("#setup-players", Input).value)
            blinds = parse_blinds(self.query_one("#setup-blinds", Input).value)
            structure = parse_structure(self.query_one("#setup-structure", Input).value)
            button_text = self.query_one("#setup-button", Input).value.strip()
            if read_amount(button_text) is None or not 1 <= int(button_text) <= len(players):
                raise ValueError(f"button {button_text!r}: give a seat from 1 to {len(players)}")
            rules = Rules(
                structure=structure,
                small_blind=blinds[0],
                big_blind=blinds[1],
                straddle=self._straddle,
                game=self._game,
            )
            if self.session is None:
                self.session = LiveSession(
                    rules, players, button=int(button_text) - 1, run_twice=self._run_twice
                )
            else:
                self.session.rules = rules
                if not self._keep_game(players, int(button_text) - 1):
                    self.session.set_players(players, button=int(button_text) - 1)
        except (ValueError, BigblindError) as error:
            self.query_one("#setup-help", Static).update(
                Content.styled(str(error).splitlines()[0], "bold #fca5a5")
            )
            return False
        self.query_one("#setup").display = False
        for widget_id in ("#seats", "#board", "#result", "#controls"):
            self.query_one(widget_id).display = True
        self.set_focus(None)
        return True
