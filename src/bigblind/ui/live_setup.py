"""The live app's set-up form: the seats, names, stacks, blinds and button of the game."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Input, Static

from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError
from bigblind.sessions.live import LiveSession
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
            )
            if self.session is None:
                self.session = LiveSession(
                    rules, players, button=int(button_text) - 1, run_twice=self._run_twice
                )
            else:
                self.session.rules = rules
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
