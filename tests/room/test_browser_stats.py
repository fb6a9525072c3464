"""The session's statistics panel in a real browser, checked against the server's figures
and against what was played: a raise and a fold, then a fold."""

from __future__ import annotations

from typing import Any

from tests.room.browser import (
    Server,
    Tab,
    browser,
    screenshot,
    seated,
    server,
    tabs,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def test_the_stats_panel_counts_each_players_hands_vpip_pfr_and_chips(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    by_seat = {0: alice, 1: bob}
    names = {0: "Alice", 1: "Bob"}
    alice.page.click("[data-testid=tab-stats]")
    alice.page.locator("[data-testid=tab-stats].on").wait_for()
    # Hand 1: the first to act raises, the other folds (the host pauses first).
    state = alice.wait_for(lambda s: (s["hand"] or {}).get("actor") is not None)
    raiser = state["hand"]["actor"]
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")
    by_seat[raiser].page.click("[data-testid=raise]")
    folder = 1 - raiser
    by_seat[folder].wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)
    by_seat[folder].page.click("[data-testid=fold]")
    alice.wait_for(lambda s: s["hand"] is None and s["hands_played"] == 1)
    # Hand 2: the first to act folds.
    alice.page.click("[data-testid=resume]")
    state = alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["number"] == 2)
    alice.page.click("[data-testid=pause]")
    first = state["hand"]["actor"]
    by_seat[first].wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)
    by_seat[first].page.click("[data-testid=fold]")
    alice.wait_for(lambda s: s["hand"] is None and s["hands_played"] == 2)
    # The panel shows the server's figures, and they are what was played.
    stats = {row["name"]: row for row in server.get(f"/api/rooms/{room}/stats")}
    assert stats[names[raiser]]["vpip"] == 1 and stats[names[raiser]]["pfr"] == 1
    assert stats[names[folder]]["pfr"] == 0
    assert all(row["hands"] == 2 for row in stats.values())
    assert sum(row["won"] for row in stats.values()) == 0  # no rake: one's loss, the other's win
    alice.page.click("[data-testid=tab-stats]")
    for name, row in stats.items():
        line = alice.page.locator(f"[data-testid=stats-{name}] td")
        line.first.wait_for()
        cells = line.all_inner_texts()
        assert cells[:3] == [name, "2", f"{row['vpip_percent']:.1f}%"], cells
        assert cells[3] == f"{row['pfr_percent']:.1f}%"
        assert cells[4].replace(",", "") == str(row["won"])
    screenshot(alice.page, "stats-panel")
