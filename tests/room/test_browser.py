"""The room in a real browser: two friends play by clicking (RULES 3.4, 4-6, 10.4).

Every test drives headless Chromium against a real `bigblind serve` over a real
SQLite database, and saves screenshots under build/screenshots/.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

from tests.room.browser import (
    Server,
    Tab,
    act_passively,
    browser,
    create_room,
    screenshot,
    server,
    sit,
    tabs,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def approve_all(host: Tab) -> None:
    host.page.click("[data-testid=tab-host]")
    for _ in range(20):
        buttons = host.page.locator("[data-testid^=approve-]")
        if buttons.count() == 0:
            return
        buttons.first.click()
        host.page.wait_for_timeout(300)


def hidden_cards_leaked(tab: Tab) -> list[str]:
    """Cards of another seat in any state this tab received, not shown in that state's log."""
    leaks = []
    for state in tab.states():
        logs = " ".join(
            (state.get("hand") or {}).get("log", []) + (state.get("last_hand") or {}).get("log", [])
        )
        for seat in state["seats"]:
            if seat is None or seat["seat"] == state["you"] or not seat["cards"]:
                continue
            if f"{seat['name']} shows {seat['cards']}" not in logs:
                leaks.append(f"{seat['name']}: {seat['cards']}")
    return leaks


def face_up(tab: Tab, seat: int) -> int:
    count: int = tab.page.locator(f"[data-testid=cards-{seat}] .card[data-card]").count()
    return count


def test_two_friends_play_a_hand_to_showdown(server: Server, browser: Any, tabs: list[Tab]) -> None:
    alice, bob = Tab(browser), Tab(browser)
    tabs += [alice, bob]
    room, join, host_link = create_room(alice, server)
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 150)
    approve_all(alice)
    alice.wait_for(lambda s: s["hand"] is not None)
    alice.page.click("[data-testid=pause]")  # no second hand: the first one stays on screen
    shot_mid = False
    for _ in range(200):
        state = alice.latest()
        if state["hand"] is None and state["last_hand"] is not None:
            break
        hand = state["hand"]
        if hand and hand["board"] and not shot_mid:
            # RULES 3.4: each page shows its own cards face up and never the other's.
            assert face_up(alice, 0) == 2 and face_up(alice, 1) == 0
            assert face_up(bob, 1) == 2 and face_up(bob, 0) == 0
            screenshot(alice.page, "table-mid-hand")
            shot_mid = True
        if not (act_passively(alice) or act_passively(bob)):
            alice.page.wait_for_timeout(150)
    final = alice.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    bob.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    assert shot_mid
    screenshot(alice.page, "table-showdown")
    # RULES 3.4: no frame to either page held the other's cards before they were shown.
    assert hidden_cards_leaked(alice) == [] and hidden_cards_leaked(bob) == []
    # RULES 6.7: the hands shown at the showdown (a beaten hand may be mucked) are face up on
    # both pages, with the cards the server recorded.
    shown = final["last_hand"]["shown"]
    assert shown
    for seat, cards in shown.items():
        for tab in (alice, bob):
            faces = tab.page.locator(f"[data-testid=cards-{seat}] .card[data-card]")
            assert (
                " ".join(faces.nth(i).get_attribute("data-card") or "" for i in range(2)) == cards
            )
    # The stacks and the outcome on screen are the server's (RULES 7.2: chips conserved).
    server_view = server.get(f"/api/rooms/{room}")
    for seat in (0, 1):
        shown = alice.page.inner_text(f"[data-testid=stack-{seat}]").replace(",", "")
        assert int(shown) == server_view["seats"][seat]["stack"]
    assert server_view["seats"][0]["stack"] + server_view["seats"][1]["stack"] == 350
    outcome = alice.page.inner_text("[data-testid=outcome]")
    for pot in final["last_hand"]["pots"]:
        assert f"({pot['amount']})" in outcome
    # The ledger panel shows the server's ledger to the chip.
    ledger = server.get(f"/api/rooms/{room}/ledger")
    alice.page.click("[data-testid=tab-ledger]")
    alice.page.wait_for_selector("[data-testid=ledger] td")
    rows = alice.page.locator("[data-testid=ledger] tr")
    shown_rows = [rows.nth(i).inner_text().split("\t") for i in range(1, rows.count())]
    expected = [
        [p["name"], str(p["buy_in"]), str(p["cash_out"]), str(p["stack"]), str(p["net"])]
        for p in ledger["players"]
    ]
    assert [[cell.replace(",", "").strip() for cell in row] for row in shown_rows] == expected
    assert {p["name"]: p["buy_in"] for p in ledger["players"]} == {"Alice": 200, "Bob": 150}


def test_presets_slider_bad_amounts_timeout_and_reload(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    alice, bob = Tab(browser), Tab(browser)
    tabs += [alice, bob]
    sent: list[str] = []
    alice.page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(str(p))))
    _room, join, host_link = create_room(
        alice, server, decision_seconds="4", time_bank_seconds="0", open_seating="on"
    )
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 200)
    # Wait for Alice's turn with a raise on offer.
    alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["actor"] in (0, 1))
    state = alice.wait_for(lambda s: s["hand"] and s["hand"]["actor"] in (0, 1), 10)
    if state["hand"]["actor"] == 1:
        bob.page.click("[data-testid=call]")
        state = alice.wait_for(lambda s: s["hand"] and s["hand"]["actor"] == 0)
    legal = state["hand"]["legal"]
    page = alice.page
    page.wait_for_selector("[data-testid=amount]")
    # An illegal amount typed: a clear message, nothing sent.
    before = len(sent)
    for text in ("1", str(legal["max_raise_to"] + 1)):
        page.fill("[data-testid=amount]", text)
        page.click("[data-testid=raise]")
        message = page.inner_text("[data-testid=action-message]")
        assert re.search(r"from \d+ to \d+", message), message
        assert f'"{text}"' in message
    assert len(sent) == before
    # The slider moves the amount box within the legal range.
    page.fill("[data-testid=slider]", str(legal["max_raise_to"]))
    assert page.input_value("[data-testid=amount]") == str(legal["max_raise_to"])
    # A preset button raises by the server's amount (RULES 5.7).
    name = next(iter(legal["presets"]))
    amount = legal["presets"][name]
    page.click(f"[data-testid=preset-{name}]")
    after = alice.wait_for(lambda s: s["hand"] is None or s["hand"]["actor"] != 0)
    assert after["hand"] is None or max(seat["bet"] for seat in after["seats"] if seat) == amount
    # Bob lets the clock run out: he folds and is marked away (RULES 10.4).
    state = bob.wait_for(lambda s: s["seats"][1]["away"], timeout=15)
    assert "Bob folds" in " ".join(
        (state["last_hand"] or {}).get("log", []) + (state["hand"] or {}).get("log", [])
    )
    assert page.locator("[data-testid=seat-1].away").count() == 1
    # A reload keeps the seat.
    page.reload()
    state = alice.wait_for(lambda s: True)
    page.wait_for_selector("[data-testid=seat-0].me")
    assert state["you"] == 0


def test_pages_reconnect_after_a_server_restart(
    tmp_path: Path, browser: Any, tabs: list[Tab]
) -> None:
    own = Server(tmp_path / "rooms.sqlite")
    own.start()
    try:
        alice, bob = Tab(browser), Tab(browser)
        tabs += [alice, bob]
        _room, join, host_link = create_room(alice, own, open_seating="on")
        sit(alice, host_link, 0, "Alice", 200)
        sit(bob, join, 1, "Bob", 200)
        before = alice.wait_for(lambda s: s["hand"] is not None)
        own.kill()
        alice.page.wait_for_selector("#banner:not([hidden])")
        assert "reconnecting" in alice.page.inner_text("#banner")
        count = len(alice.states())
        own.start()
        alice.wait_for(lambda s: len(alice.states()) > count, timeout=30)
        alice.page.wait_for_selector("#banner", state="hidden")
        after = alice.latest()
        # The same hand, the same cards (RULES 7.2: nothing lost).
        assert after["hand"]["number"] == before["hand"]["number"]
        assert after["seats"][0]["cards"] == before["seats"][0]["cards"]
        # And play goes on.
        for _ in range(100):
            if (
                alice.latest()["hands_played"] > before["hands_played"]
                or (alice.latest()["hand"] or {}).get("number", 0) > before["hand"]["number"]
            ):
                break
            if not (act_passively(alice) or act_passively(bob)):
                alice.page.wait_for_timeout(150)
        else:
            raise AssertionError("no hand finished after the restart")
    finally:
        own.kill()


def test_a_phone_sized_screen(server: Server, browser: Any, tabs: list[Tab]) -> None:
    desk, phone = Tab(browser), Tab(browser, phone=True)
    tabs += [desk, phone]
    _room, join, host_link = create_room(desk, server, open_seating="on")
    sit(desk, host_link, 0, "Alice", 200)
    sit(phone, join, 1, "Bob", 200)
    phone.wait_for(lambda s: s["hand"] is not None)
    page = phone.page
    page.wait_for_selector("[data-testid=seat-1].me")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    box = page.locator("[data-testid=actions]").bounding_box()
    assert box is not None and box["width"] <= 390
    assert face_up(phone, 1) == 2
    screenshot(page, "table-phone")


def test_run_it_twice_from_the_prompt(server: Server, browser: Any, tabs: list[Tab]) -> None:
    alice, bob = Tab(browser), Tab(browser)
    tabs += [alice, bob]
    room, join, host_link = create_room(alice, server, open_seating="on", run_it_twice="on")
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 200)
    alice.wait_for(lambda s: s["hand"] is not None)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")  # the hand run twice stays on screen
    # Both all-in before the flop: the first to act shoves, the other calls.
    for _ in range(100):
        state = alice.latest()
        hand = state["hand"]
        if hand and hand["runs_offer"]:
            break
        for tab in (alice, bob):
            if tab.page.locator("[data-testid=preset-all-in]").count():
                with contextlib.suppress(Exception):
                    tab.page.click("[data-testid=preset-all-in]", timeout=1000)
            elif tab.page.locator("[data-testid=call]").count():
                with contextlib.suppress(Exception):
                    tab.page.click("[data-testid=call]", timeout=1000)
        alice.page.wait_for_timeout(200)
    # RULES 10.3: every player all-in is asked, on their own page, and both agree.
    for tab in (alice, bob):
        tab.page.click("[data-testid=rit-yes]")
    final = alice.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    boards = final["last_hand"]["boards"]
    assert len(boards) == 2 and all(len(board.split()) == 5 for board in boards)
    alice.page.wait_for_selector("[data-testid=board-2]")
    for testid, board in zip(("board", "board-2"), boards, strict=True):
        cards = alice.page.locator(f"[data-testid={testid}] .card[data-card]")
        assert [cards.nth(i).get_attribute("data-card") for i in range(5)] == board.split()
    screenshot(alice.page, "table-run-twice")
    view = server.get(f"/api/rooms/{room}")
    assert view["seats"][0]["stack"] + view["seats"][1]["stack"] == 400  # RULES 7.2
