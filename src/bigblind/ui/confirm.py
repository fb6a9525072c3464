"""A yes-or-no question over either app's screen: quitting in the middle of a hand.

``y`` or ``q`` answers yes, ``n`` or Esc no; no other key acts while it asks.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["Confirm"]


class Confirm(ModalScreen[bool]):
    """Ask ``question``; dismissed with True (y, q) or False (n, Esc)."""

    DEFAULT_CSS = """
    Confirm { align: center middle; background: #0b2818 60%; }
    Confirm > Vertical { width: 60; height: auto; border: round #facc15;
                         background: #0f2236; padding: 0 1; }
    Confirm #question { color: #fde68a; text-style: bold; }
    Confirm #answers { color: #93a3b8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "answer(True)", "yes", show=False),
        Binding("n,escape", "answer(False)", "no", show=False),
    ]

    def __init__(self, question: str, answers: str = "y or q: quit  ·  n or Esc: play on") -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        """The question and the keys that answer it."""
        with Vertical():
            yield Static(self.question, id="question")
            yield Static(self.answers, id="answers")

    def action_answer(self, yes: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(yes)
