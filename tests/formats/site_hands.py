"""What the real-file tests of every site's reader share: counting a file's hands, and
the reconciled ones with the lines each was read from, for the test's own reading."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal

from bigblind.formats import pokerstars
from bigblind.formats.phh import HandHistory

__all__ = ["ReadHand", "new_counts", "reconciled_hands"]


@dataclass(frozen=True)
class ReadHand:
    """A hand that reconciled: the reader's history, its replay's stacks and payouts as
    amounts (hundredths where the file writes money), and the file's lines for it."""

    history: HandHistory
    stacks: dict[str, Decimal]
    pot: Decimal
    unit: Decimal
    lines: list[str]


def new_counts() -> dict[str, int]:
    """The counts a real-file test keeps: every hand is one of the four kinds."""
    return {"hands": 0, "reconciled": 0, "not": 0, "unreadable": 0, "other": 0}


def reconciled_hands(
    entries: Sequence[HandHistory | pokerstars.OtherGame | pokerstars.Unreadable],
    lines: Sequence[str],
    counts: dict[str, int],
    reasons: dict[str, int] | None = None,
) -> Iterator[ReadHand]:
    """Count each entry of a file in ``counts`` (and an unreadable hand's reason in
    ``reasons``) and yield those that reconcile, each with the lines it was read from."""
    starts = [e.line if not isinstance(e, HandHistory) else e.metadata["line"] for e in entries]
    for entry, begin in zip(entries, starts, strict=True):
        counts["hands"] += 1
        if isinstance(entry, pokerstars.OtherGame):
            counts["other"] += 1
            continue
        if isinstance(entry, pokerstars.Unreadable):
            counts["unreadable"] += 1
            if reasons is not None:
                reasons[entry.reason] = reasons.get(entry.reason, 0) + 1
            continue
        check = pokerstars.reconcile(entry)
        if not check.reconciled:
            counts["not"] += 1
            continue
        counts["reconciled"] += 1
        assert isinstance(begin, int) and check.hand is not None
        assert check.hand.result is not None
        end = next((s for s in starts if isinstance(s, int) and s > begin), len(lines) + 1)
        unit = Decimal("0.01") if entry.metadata["cents"] else Decimal(1)
        names = entry.players or ()
        stacks = check.hand.result.stacks
        yield ReadHand(
            history=entry,
            stacks={n: Decimal(s) * unit for n, s in zip(names, stacks, strict=True)},
            pot=sum(check.hand.result.payouts) * unit,
            unit=unit,
            lines=list(lines[begin - 1 : end - 1]),
        )
