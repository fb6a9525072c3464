"""The replayer in a real browser: a finished hand drawn as a table, step by step, each
seat's stack and bet, the board and the pot, and the shown hands' equities, as the server
computed them."""

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
    token_of,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def test_the_replayer_draws_an_all_in_hand_as_a_table_step_by_step(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    by_seat = {0: alice, 1: bob}
    state = alice.wait_for(lambda s: (s["hand"] or {}).get("actor") is not None)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")  # one hand only
    first = state["hand"]["actor"]
    by_seat[first].page.click("[data-testid=preset-all-in]", timeout=60_000)
    other = by_seat[1 - first]
    other.wait_for(lambda s: ((s["hand"] or {}).get("legal") or {}).get("call") is not None)
    other.page.click("[data-testid=call]", timeout=60_000)
    alice.wait_for(lambda s: s["hand"] is None and s["hands_played"] == 1)
    # The server's steps, as Alice may see them: both hands were shown all-in (RULES 6.7).
    replay = server.get(f"/api/rooms/{room}/hands/1/replay", token=token_of(alice, room))
    steps = replay["steps"]
    alice.page.click("[data-testid=tab-replay]")
    alice.page.select_option("[data-testid=replay-hand]", "1")
    felt = alice.page.locator("[data-testid=replay-felt]")
    felt.wait_for()
    assert alice.page.locator("[data-testid=replay-seat]").count() == 2
    # Step through to the first step with a board, checking each drawn step on the way.
    for index, step in enumerate(steps):
        assert alice.page.locator("[data-testid=replay-step]").inner_text() == step["text"]
        pot = alice.page.locator("[data-testid=replay-pot]").inner_text()
        assert pot.replace(",", "") == f"Pot {step['pot']}"
        stacks = alice.page.locator("[data-testid=replay-stack]").all_inner_texts()
        assert [s.replace(",", "") for s in stacks] == [str(p["stack"]) for p in step["players"]]
        drawn = alice.page.locator("[data-testid=replay-board] .card").count()
        assert drawn == len(step["board"].split())
        if step["board"]:
            equities = alice.page.locator("[data-testid=replay-equity]").all_inner_texts()
            wanted = [f"{p['equity'] * 100:.1f}%" for p in step["players"]]
            assert [e.strip() for e in equities] == wanted
            screenshot(alice.page, "replayer-table")
            break
        assert index < len(steps) - 1
        alice.page.click("[data-testid=replay-next]")
    # Chips are conserved on every step the server sent (RULES 6.4).
    for step in steps:
        assert sum(p["stack"] + p["bet"] for p in step["players"]) + step["pot"] == 400
    alice.page.click("[data-testid=replay-prev]")
    assert alice.page.locator("[data-testid=replay-step]").inner_text() == steps[index - 1]["text"]
