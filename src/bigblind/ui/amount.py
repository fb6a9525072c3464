"""The table's amount field, and reading what is typed in it.

While the field is open every printable key goes to it: digits are typed,
and so are a decimal point or comma (to be refused whole on Enter: ignoring
the point of "5.5" would send 55); letters are ignored (they do not fold, call
or quit behind the person's back). Enter sends the amount, Esc closes the field.

>>> read_amount("120"), read_amount(" 7 ")
(120, 7)
>>> read_amount("²") is None, read_amount("9" * 5000) is None
(True, True)
>>> amount_problem("5.5")
'5.5 is not a whole number of chips: type 5 or 6, then Enter'
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Input

__all__ = ["MAX_DIGITS", "AmountInput", "amount_problem", "read_amount"]

MAX_DIGITS = 9
"""The most digits an amount may have (a billion chips is more than any table holds)."""


def read_amount(text: str) -> int | None:
    """The whole number of chips ``text`` holds (ASCII digits only), or None."""
    word = text.strip()
    if not word or len(word) > MAX_DIGITS or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


def amount_problem(text: str) -> str:
    """What is wrong with ``text``, which :func:`read_amount` refused, in the player's words."""
    word = text.strip()
    whole, point, fraction = word.replace(",", ".").partition(".")
    if point and whole.isdigit() and fraction.isdigit() and len(whole) <= MAX_DIGITS:
        low = int(whole)
        high = low + 1 if int(fraction) else low
        choices = f"{low} or {high}" if high != low else f"{low}"
        return f"{word} is not a whole number of chips: type {choices}, then Enter"
    return f"Type an amount in chips (up to {MAX_DIGITS} digits), then Enter"


_POINTS = frozenset(".,")


class AmountInput(Input):
    """The amount field: it takes digits 0-9 and swallows every other printable key."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Consume every printable key, so that no letter acts while an amount is typed."""
        return character is not None and character.isprintable()

    async def _on_key(self, event: events.Key) -> None:
        """Type ASCII digits and a point; any other printable key is ignored, with a word
        in the hint."""
        character = event.character or ""
        number = character.isascii() and (character.isdigit() or character in _POINTS)
        if event.is_printable and not number:
            event.prevent_default()
            event.stop()
            self.post_message(self.Ignored(self, character))

    class Ignored(Message):
        """A key the field ignored (not a digit) while an amount was being typed."""

        def __init__(self, field: AmountInput, character: str) -> None:
            super().__init__()
            self.field = field
            self.character = character
