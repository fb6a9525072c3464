"""What the two full-screen apps share: the layout's common CSS, the log and the message lines.

Both the table (:mod:`bigblind.ui.table_app`) and the dealer's assistant
(:mod:`bigblind.ui.live_app`) show a title bar, then the seats, the board,
the result and the controls on the left and a scrolling log on the right.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import App
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

__all__ = ["NARROW_BELOW", "SCREEN_CSS", "SHORT_RESULT", "ScreenApp"]

NARROW_BELOW = 100
"""A terminal narrower than this many columns gets the narrow layout: the seats drawn
in fewer columns, so that the log beside them keeps room to be read (80 columns)."""
SHORT_RESULT = 3
"""A showdown of more lines than this is shown by its winners alone where the screen is
too short for it (the shows are in the log); two shows and a winner always fit."""

SCREEN_CSS = """
Screen { layout: vertical; background: #0b2818; }
#title { height: 1; background: #14532d; color: #f0fdf4; text-style: bold; padding: 0 1; }
#main { height: 1fr; }
#seats { height: auto; border: round #3f8f5f; border-title-color: #bbf7d0;
         padding: 0 1; background: #0f3b22; }
#board { height: auto; padding: 0 1; }
#result { height: auto; padding: 0 1; }
#controls { height: auto; border: round #6b8fb3; border-title-color: #dbeafe;
            padding: 0 1; background: #0f2236; }
#hint { height: auto; color: #93a3b8; }
#message { height: auto; color: #fca5a5; text-style: bold; }
#log-box { width: 1fr; min-width: 16; border: round #6b7280; border-title-color: #e5e7eb;
           background: #111827; }
#log { padding: 0 1; width: 100%; }
"""
"""The rules both apps' CSS starts with; each adds its own (none of the same property)."""


class ScreenApp(App[None]):
    """A full-screen app in the common layout: it keeps the log and writes the message lines.

    The log is ``#log`` in ``#log-box``; the lines are ``#message`` and ``#hint``.
    """

    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None
    LOG_LIMIT: ClassVar[int] = 600
    """The most log lines kept on the screen (``log_texts`` keeps them all)."""

    def __init__(self) -> None:
        super().__init__()
        self.log_texts: list[str] = []
        """Every line the log has shown, as plain text."""
        self._log_content: list[Content] = []
        self._logged = 0
        self._drawn = False
        self._width: int | None = None

    @property
    def narrow(self) -> bool:
        """Whether the terminal is narrower than :data:`NARROW_BELOW` columns."""
        return (self._width or self.size.width) < NARROW_BELOW

    def _write_log(self, line: str, style: str = "") -> None:
        self.log_texts.append(line)
        self._log_content.append(Content.styled(line, style) if style else Content(line))
        del self._log_content[: -self.LOG_LIMIT]
        self.query_one("#log", Static).update(Content("\n").join(self._log_content))
        self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)

    def _say(self, message: str) -> None:
        self._line("#message", message)

    def _hint(self, message: str) -> None:
        self._line("#hint", message)

    def _line(self, selector: str, message: str) -> None:
        """Show a message line; an empty one takes no room (a short terminal needs it)."""
        widget = self.query_one(selector, Static)
        widget.update(message)
        widget.display = bool(message)

    def on_resize(self, event: events.Resize) -> None:
        """Redraw for the new width (the narrow layout below :data:`NARROW_BELOW` columns)."""
        self._width = event.size.width  # the app's own size may not have caught up yet
        if self._drawn:
            self._render()

    def _render(self) -> None:
        """Redraw every part of the screen, log first; the app has the class '-narrow' in a
        terminal narrower than :data:`NARROW_BELOW` columns, for the CSS."""
        self._drawn = True
        self.set_class(self.narrow, "-narrow")
        self._sync_log()
        self._render_title()
        self._render_seats()
        self._render_board()
        self._render_result()
        self._render_controls()

    # The parts each app draws in its own way.
    def _sync_log(self) -> None:
        raise NotImplementedError

    def _render_title(self) -> None:
        raise NotImplementedError

    def _render_seats(self) -> None:
        raise NotImplementedError

    def _render_board(self) -> None:
        raise NotImplementedError

    def _render_result(self) -> None:
        raise NotImplementedError

    def _render_controls(self) -> None:
        raise NotImplementedError
