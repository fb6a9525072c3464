"""The table's amount field: digits only; every other key goes on to the table's keys."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

__all__ = ["AmountInput"]


class AmountInput(Input):
    """The amount field: it takes digits; every other key goes on to the table's keys."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Consume digits only, so that letters stay the table's keys (f, c, q ...)."""
        return character is not None and character.isdigit()

    async def _on_key(self, event: events.Key) -> None:
        """Type digits; any other printable key goes on to the table's keys."""
        if event.is_printable and not (event.character or "").isdigit():
            event.prevent_default()
