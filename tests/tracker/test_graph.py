"""The winnings lines and their drawing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bigblind.tracker.graph import GraphError, draw, winnings
from bigblind.tracker.stats import Filters, stats
from tests.tracker.hands import (
    c_bet_raised,
    limped_to_showdown,
    pokerstars_hand,
    steal_and_three_bet,
)
from tests.tracker.test_stats import load

PLAYS = [steal_and_three_bet, c_bet_raised, limped_to_showdown]


def test_the_lines_run_to_the_statistics_totals(tmp_path: Path) -> None:
    text = "\n\n".join(pokerstars_hand(PLAYS[i % 3], number=i + 1) for i in range(12))
    db = load(tmp_path, text)
    for player in ("btn", "co", "bb"):
        lines = winnings(db, Filters(player=player))
        found = stats(db, Filters(player=player))["all"]
        assert lines.hands == 12
        assert lines.total[-1] == pytest.approx(found.net_bb)
        assert lines.showdown[-1] == pytest.approx(found.showdown_bb)
        assert lines.non_showdown[-1] == pytest.approx(found.non_showdown_bb)
        assert lines.all_in_adjusted[-1] == pytest.approx(found.all_in_adjusted_bb)
        for i in range(12):  # at every hand, the parts add up to the whole
            assert lines.showdown[i] + lines.non_showdown[i] == pytest.approx(lines.total[i])
        chips = winnings(db, Filters(player=player), chips=True)
        assert chips.total[-1] == found.net and chips.unit == "chips"


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_drawn_as_png_or_svg(tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib")
    db = load(tmp_path, pokerstars_hand(c_bet_raised, number=1))
    out = tmp_path / f"g{suffix}"
    draw(winnings(db, Filters(player="co")), out)
    head = out.read_bytes()[:100]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in out.read_bytes()


def test_what_cannot_be_drawn_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = load(tmp_path, pokerstars_hand(c_bet_raised, number=1))
    lines = winnings(db, Filters())
    with pytest.raises(GraphError, match=r"PNG or SVG: g\.jpg is neither"):
        draw(lines, tmp_path / "g.jpg")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    with pytest.raises(GraphError, match=r"pip install 'bigblind\[plot\]'"):
        draw(lines, tmp_path / "g.png")
