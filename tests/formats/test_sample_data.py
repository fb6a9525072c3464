"""The sample of real hands kept with the tests (tests/data/phh): every hand of a game bigblind
plays (hold'em, Omaha, Omaha hi-lo, short deck) replays; the others are passed over."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigblind.errors import HistoryError
from bigblind.formats import phh

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "phh"
WHOLE_CHIPS_ONLY = {"antonius-blom-2009.phh"}  # a PO hand of stacks in cents
FILES = sorted(SAMPLE.rglob("*.phh"))


def test_the_sample_is_complete() -> None:
    # Five famous hands and the 83 hands of the WSOP 2023 Event #43 final table.
    assert len(FILES) == 88
    assert len(list((SAMPLE / "wsop/2023/43/5").glob("*.phh"))) == 83
    assert "MIT License" in (SAMPLE / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SAMPLE)))
def test_each_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    # RULES 7.2: a replay ends the hand with the chips it started with and reaches the
    # recorded stacks where the file has them; other variants are named
    # and refused, never misplayed.
    if path.name in WHOLE_CHIPS_ONLY:
        # The stacks are in dollars and cents: bigblind plays whole chips, and says so.
        with pytest.raises(HistoryError, match="bigblind plays whole chips"):
            phh.read(path)
        return
    (history,) = phh.read(path)
    if not history.supported:
        with pytest.raises(phh.UnsupportedVariantError, match=re.escape(repr(history.variant))):
            phh.replay(history)
        return
    hand = phh.replay(history)
    assert hand.finished and hand.result is not None
    assert sum(hand.result.stacks) == sum(history.starting_stacks)
    if history.finishing_stacks is not None:  # the famous hands do not record them
        assert phh.stacks_match(history.finishing_stacks, hand.result.stacks)


def test_the_sample_holds_every_variant_bigblind_reads() -> None:
    variants = [phh.read(path)[0].variant for path in FILES if path.name not in WHOLE_CHIPS_ONLY]
    counts = {code: variants.count(code) for code in ("NT", "FT", "PO", "FO/8", "NS")}
    assert counts == {"NT": 12, "FT": 7, "PO": 7, "FO/8": 14, "NS": 1}
