"""The ledger: every chip that came to the table and every chip that left it.

>>> ledger = Ledger()
>>> ledger.record("Ann", "buy-in", 100, at=0); ledger.record("Ann", "cash-out", 130, at=9)
>>> ledger.net({"Bob": 70}) == [{"name": "Ann", "buy_in": 100, "cash_out": 130, "stack": 0,
...     "net": 30}]
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Ledger", "LedgerEntry"]

KINDS = ("buy-in", "top-up", "cash-out", "prize", "seven-deuce", "adjustment")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula in a cell (CSV injection)."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One movement of chips: a buy-in or top-up onto the table, a cash-out off it; in a
    sit-and-go, the buy-in is the entry and a prize is paid for a place (RULES 8.3). A
    seven-deuce bounty (RULES 12.2) moves chips between two players at the table: one
    entry each, ``chips`` won (above 0) or paid (below 0). An adjustment is the host's
    change to a stack between hands: chips added (above 0) or taken away (below 0), counted
    with what the player brought, so that every net still sums to the table's."""

    name: str
    kind: str
    chips: int
    at: float


class Ledger:
    """Buy-ins, top-ups and cash-outs in order, with totals per player."""

    def __init__(self) -> None:
        self.entries: list[LedgerEntry] = []
        self.bought = 0
        self.cashed = 0
        self.adjusted = 0  # the host's changes to stacks, added less taken away

    def record(self, name: str, kind: str, chips: int, at: float) -> None:
        """Add an entry; ``kind`` is 'buy-in', 'top-up', 'cash-out', 'prize',
        'seven-deuce' (chips that stay at the table: neither brought nor taken away) or
        'adjustment' (the host's change to a stack, signed)."""
        if kind not in KINDS:
            raise ValueError(f"ledger entry kind {kind!r}: accepted are {', '.join(KINDS)}")
        self.entries.append(LedgerEntry(name, kind, chips, at))
        if kind == "seven-deuce":
            return
        if kind == "adjustment":
            self.adjusted += chips
            return
        if kind in ("cash-out", "prize"):
            self.cashed += chips
        else:
            self.bought += chips

    def net(self, stacks: Mapping[str, int]) -> list[dict[str, Any]]:
        """Per player: chips brought, taken away, still at the table (``stacks``), and net.

        Only players with ledger entries are listed, in order of arrival.
        """
        rows: dict[str, dict[str, Any]] = {}
        for entry in self.entries:
            row = rows.setdefault(
                entry.name, {"name": entry.name, "buy_in": 0, "cash_out": 0, "stack": 0, "net": 0}
            )
            if entry.kind == "prize":
                row["prize"] = row.get("prize", 0) + entry.chips
            elif entry.kind == "seven-deuce":  # in the stack already: shown, not added
                row["seven_deuce"] = row.get("seven_deuce", 0) + entry.chips
            elif entry.kind == "adjustment":  # like chips brought: counted against the net
                row["adjustment"] = row.get("adjustment", 0) + entry.chips
            elif entry.kind == "cash-out":
                row["cash_out"] += entry.chips
            else:
                row["buy_in"] += entry.chips
        for name, row in rows.items():
            row["stack"] = stacks.get(name, 0)
            brought = row["buy_in"] + row.get("adjustment", 0)
            row["net"] = row["cash_out"] + row.get("prize", 0) + row["stack"] - brought
        return list(rows.values())

    def to_json(self, stacks: Mapping[str, int], rake: int) -> dict[str, Any]:
        """The ledger as JSON-ready data: entries, players' totals, rake."""
        return {
            "entries": [
                {"name": e.name, "kind": e.kind, "chips": e.chips, "at": e.at} for e in self.entries
            ],
            "players": self.net(stacks),
            "bought": self.bought,
            "cashed": self.cashed,
            "adjusted": self.adjusted,
            "rake": rake,
        }

    def to_csv(self, stacks: Mapping[str, int]) -> str:
        """The players' totals as CSV: name, buy_in, cash_out, (prize,) stack, net."""
        out = io.StringIO()
        rows = self.net(stacks)
        fields = ["name", "buy_in", "cash_out", "stack", "net"]
        if any("prize" in row for row in rows):
            fields.insert(3, "prize")
        if any("seven_deuce" in row for row in rows):
            fields.insert(fields.index("stack"), "seven_deuce")
        if any("adjustment" in row for row in rows):
            fields.insert(fields.index("stack"), "adjustment")
        writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n", restval=0)
        writer.writeheader()
        writer.writerows({k: _cell(v) for k, v in row.items()} for row in rows)
        return out.getvalue()


def _cell(value: object) -> object:
    """A text cell a spreadsheet would take for a formula, quoted with ``'`` so that it is
    read as text; numbers are written as they are (a negative net stays a number).

    >>> _cell("=HYPERLINK(1)"), _cell("Ann"), _cell(-5)
    ("'=HYPERLINK(1)", 'Ann', -5)
    """
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value
