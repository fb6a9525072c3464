"""The home-game options of RULES 12 played in a real browser, checked against the server.

Each test clicks what a player would click, then reads the server's own
record (its view, its histories) to check the page; screenshots go to
build/screenshots/, at desktop and phone sizes.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from bigblind.cli.serve import SEEDED_ROOMS
from bigblind.room import Room, RoomSettings
from tests.room.browser import (
    Server,
    Tab,
    act_passively,
    browser,
    overlap,
    post,
    screenshot,
    seated,
    server,
    sit,
    tabs,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def text(server: Server, path: str) -> str:
    with urllib.request.urlopen(server.base + path, timeout=10) as response:
        return str(response.read().decode())


def fold_one_hand(alice: Tab, bob: Tab) -> dict[str, Any]:
    """The host pauses and the player to act folds: the hand ends, nothing shown."""
    by_seat = {0: alice, 1: bob}
    state = alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["actor"] is not None)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")
    by_seat[state["hand"]["actor"]].page.click("[data-testid=fold]")
    return alice.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_player_shows_one_card_then_the_other_after_the_hand(
    server: Server, browser: Any, tabs: list[Tab], phone: bool
) -> None:  # RULES 12.4
    room, alice, bob = seated(server, browser, tabs, phone=phone, decision_seconds="60")
    over = fold_one_hand(alice, bob)
    assert over["last_hand"]["shown"] == {}
    first, second = bob.wait_for(lambda s: s["hand"] is None)["seats"][1]["cards"].split()
    # Bob is offered each card by name, and both.
    page = bob.page
    page.locator("[data-testid=show-card-0]").wait_for()
    assert page.inner_text("[data-testid=show]") == "Show both"
    page.click("[data-testid=show-card-1]")
    shown = alice.wait_for(lambda s: "1" in (s["last_hand"] or {}).get("shown", {}))
    assert shown["last_hand"]["shown"]["1"] == second
    # Alice sees that one card face up and the other face down.
    seat = alice.page.locator("[data-testid=cards-1]")
    seat.locator(f".card[data-card='{second}']").wait_for()
    assert seat.locator(".card[data-card]").count() == 1
    assert seat.locator(".card.back").count() == 1
    assert f"Bob shows {second} after the hand" in shown["last_hand"]["log"]
    # Bob's page keeps the other card's button alone; the card shown is marked.
    page.locator("[data-testid=show-card-1]").wait_for(state="detached")
    assert page.locator("[data-testid=show]").count() == 0
    assert page.locator(f"[data-testid=cards-1] .card.turned[data-card='{second}']").count() == 1
    screenshot(page, f"show-one-card-{'phone' if phone else 'desktop'}")
    screenshot(alice.page, f"show-one-card-seen-{'phone' if phone else 'desktop'}")
    # The server's record: its view and every reader's history hold the card shown alone.
    record = server.get(f"/api/rooms/{room}")
    assert record["last_hand"]["shown"] == {"1": second}
    stars = text(server, f"/api/rooms/{room}/history.txt")
    assert f"Bob: shows [{second}]" in stars and first not in stars
    played = text(server, f"/api/rooms/{room}/history.phh")
    assert f' {second}"]' in played and first not in played
    # Then the other card: both are up, and no button is left.
    page.click("[data-testid=show-card-0]")
    both = alice.wait_for(lambda s: (s["last_hand"] or {}).get("shown", {}).get("1", "") != second)
    assert both["last_hand"]["shown"]["1"] == f"{first} {second}"
    page.locator("[data-testid=show-card-0]").wait_for(state="detached")
    assert server.get(f"/api/rooms/{room}")["last_hand"]["shown"] == {"1": f"{first} {second}"}
    chips = [s["stack"] for s in record["seats"] if s]
    assert sum(chips) == 400


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_spectator_hunts_the_rabbit_and_everyone_sees_it_change_nothing(
    server: Server, browser: Any, tabs: list[Tab], phone: bool
) -> None:  # RULES 12.3
    room, alice, bob = seated(
        server, browser, tabs, phone=phone, decision_seconds="60", rabbit_hunting="on"
    )
    watcher = Tab(browser)
    tabs.append(watcher)
    watcher.page.goto(f"{server.base}/?room={room}")
    watcher.wait_for(lambda s: s["you"] is None and s["hand"] is not None)
    over = fold_one_hand(alice, bob)
    assert over["last_hand"]["board"] == "" and over["last_hand"]["rabbit"] is None
    before = [s["stack"] for s in server.get(f"/api/rooms/{room}")["seats"] if s]
    # Everyone is offered the hunt, the spectator too; the spectator asks.
    bob.page.locator("[data-testid=rabbit-hunt]").wait_for()
    # The bar, with the hunt and the show buttons, stays on screen and off Bob's cards.
    width, height = (390, 844) if phone else (1280, 800)
    bar = bob.page.locator("[data-testid=actions]").bounding_box()
    for testid in ("rabbit-hunt", "show", "show-card-0", "show-card-1", "cards-1"):
        box = bob.page.locator(f"[data-testid={testid}]").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, testid
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, testid
    cards = bob.page.locator("[data-testid=cards-1]").bounding_box()
    assert bar is not None and cards is not None and cards["y"] + cards["height"] <= bar["y"]
    watcher.page.click("[data-testid=rabbit-hunt]")
    hunted = bob.wait_for(lambda s: (s["last_hand"] or {}).get("rabbit") is not None)
    rabbit = hunted["last_hand"]["rabbit"].split()
    assert len(rabbit) == 5  # folded before the flop: flop, turn and river
    for tab in (alice, bob, watcher):
        board = tab.page.locator("[data-testid=board]")
        board.locator(".card.rabbit").nth(4).wait_for()
        faces = [board.locator(".card.rabbit").nth(i).get_attribute("data-card") for i in range(5)]
        assert faces == rabbit
        tab.page.locator("[data-testid=rabbit-note]").wait_for()
        tab.page.locator("[data-testid=rabbit-hunt]").wait_for(state="detached")
    screenshot(bob.page, f"rabbit-hunt-{'phone' if phone else 'desktop'}")
    # The server's record: the same cards, and every chip where it was.
    record = server.get(f"/api/rooms/{room}")
    assert record["last_hand"]["rabbit"] == " ".join(rabbit)
    assert record["last_hand"]["log"][-1].endswith(f"{' '.join(rabbit)} would have come")
    assert [s["stack"] for s in record["seats"] if s] == before and sum(before) == 400


def play_until(tabs: list[Tab], watcher: Tab, done: Any, timeout: float = 90.0) -> dict[str, Any]:
    """Check or call in whichever tab is to act until ``done(state)`` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = watcher.latest()
        if done(state):
            return state
        for tab in tabs:
            act_passively(tab)
        watcher.page.wait_for_timeout(150)
    raise AssertionError(f"timed out; last state: {watcher.latest()}")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_bomb_pot_called_by_the_host_then_one_every_three_hands(
    server: Server, browser: Any, tabs: list[Tab], phone: bool
) -> None:  # RULES 12.1
    room, alice, bob = seated(
        server,
        browser,
        tabs,
        phone=phone,
        decision_seconds="60",
        bomb_pot="6",
        bomb_pot_every="3",
    )
    first = alice.wait_for(lambda s: s["hand"] is not None)["hand"]["number"]
    assert first == 1
    # The host calls a bomb pot of 8 for the next hand.
    alice.page.click("[data-testid=tab-host]")
    alice.page.fill("[data-testid=bomb-pot-amount]", "8")
    alice.page.click("[data-testid=bomb-pot]")
    alice.page.locator("[data-testid=bomb-pot-called]").wait_for()
    assert alice.wait_for(lambda s: s["bomb_pot_next"] == 8)["bomb_pot_called"] == 8
    both = [alice, bob]
    for number, amount in ((2, 8), (3, 6)):
        play_until(both, bob, lambda s, n=number: (s["hand"] or {}).get("number") == n)
        # The hand as first dealt: antes in, no blind, and the flop already out.
        hand = next(s["hand"] for s in bob.states() if (s["hand"] or {}).get("number") == number)
        assert hand["bomb_pot"] == amount and hand["street"] == "flop", hand
        assert hand["pot"] == 2 * amount and not any("blind" in line for line in hand["log"])
        for tab in both:
            tag = tab.page.locator("[data-testid=bomb-pot-tag]")
            tag.wait_for()
            assert f"{amount} each" in tag.inner_text()
            assert "no blinds" in (tag.get_attribute("title") or "")
            assert tab.page.locator(".blind-tag").count() == 0
        if number == 3:
            screenshot(bob.page, f"bomb-pot-{'phone' if phone else 'desktop'}")
            screenshot(alice.page, f"bomb-pot-host-{'phone' if phone else 'desktop'}")
    after = play_until(both, bob, lambda s: (s["hand"] or {}).get("number") == 4)
    assert after["hand"]["bomb_pot"] == 0 and any(
        "big blind" in line for line in after["hand"]["log"]
    )
    # The server's record: the histories write each bomb pot as antes with no blinds.
    stars = text(server, f"/api/rooms/{room}/history.txt").split("\n\n\n")
    for number, amount in ((2, 8), (3, 6)):
        hand_text = next(h for h in stars if f"Hand #{number}:" in h)
        assert hand_text.count(f"posts the ante {amount}") == 2 and "blind" not in hand_text
    played = text(server, f"/api/rooms/{room}/history.phh")
    assert "_bomb_pot = 8" in played and "_bomb_pot = 6" in played
    record = server.get(f"/api/rooms/{room}")
    assert sum(s["stack"] for s in record["seats"] if s) + record["hand"]["pot"] == 400


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A test server that lets a room seed its decks: the seven-deuce test needs a 7-2."""
    pytest.importorskip("uvicorn", reason="the server extra is not installed")
    database = tmp_path_factory.mktemp("seeded") / "rooms.sqlite"
    running = Server(database, "--limit", "rooms_per_hour=600")
    previous = os.environ.get(SEEDED_ROOMS)
    os.environ[SEEDED_ROOMS] = "1"
    try:
        running.start()
    finally:
        if previous is None:
            del os.environ[SEEDED_ROOMS]
        else:
            os.environ[SEEDED_ROOMS] = previous
    yield running
    running.kill()


def seven_deuce_seed(settings: dict[str, Any]) -> tuple[int, int]:
    """A seed whose first hand deals 7-2 to seat 0 or 1 of two players, and that seat,
    found by dealing the same room as a pure object."""
    for seed in range(2000):
        room, _ = Room.create(
            "probe", RoomSettings(**settings, seed=seed), "h", at=0.0, table_seed=seed
        )
        room.request_seat("a" * 32, "Alice", 0, 200, at=1.0)
        room.request_seat("b" * 32, "Bob", 1, 200, at=1.0)
        room.deal(at=2.0)
        current = room.current
        assert current is not None
        for seat in (0, 1):
            hole = current.hand.hole(current.hand_seat(seat))
            if sorted(str(card)[0] for card in hole if card is not None) == ["2", "7"]:
                return seed, seat
    raise AssertionError("no seed deals 7-2 in the first 2,000")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_seven_deuce_shown_after_a_steal_collects_the_bounty(
    seeded_server: Server, browser: Any, tabs: list[Tab], phone: bool
) -> None:  # RULES 12.2
    server = seeded_server
    settings: dict[str, Any] = {"open_seating": True, "seven_deuce": 5, "decision_seconds": 60}
    seed, holder = seven_deuce_seed(settings)
    room = post(server, "/api/rooms", {**settings, "seed": seed, "seats": 6})
    alice, bob = Tab(browser), Tab(browser, phone=phone)
    tabs += [alice, bob]
    sit(alice, server.base + room["host_url"], 0, "Alice", 200)
    sit(bob, server.base + room["join_url"], 1, "Bob", 200)
    by_seat = {0: alice, 1: bob}
    winner, other = by_seat[holder], by_seat[1 - holder]
    state = winner.wait_for(lambda s: s["you"] == holder and (s["hand"] or {}).get("number") == 1)
    cards = state["seats"][holder]["cards"].split()
    assert sorted(card[0] for card in cards) == ["2", "7"]
    # The 7-2 raises, the other folds: won uncontested, nothing shown yet.
    for _ in range(4):
        state = winner.wait_for(lambda s: s["hand"] is None or s["hand"]["actor"] is not None)
        if state["hand"] is None:
            break
        if state["hand"]["actor"] == holder:
            winner.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)
            winner.page.click("[data-testid=preset-x3]")
        else:
            other.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)
            if other.latest()["hand"]["legal"]["check"]:
                other.page.click("[data-testid=check]")
            else:
                other.page.click("[data-testid=fold]")
        winner.wait_for(
            lambda s, d=state["hand"]["decision"]: s["hand"] is None or s["hand"]["decision"] != d
        )
    over = winner.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    assert over["last_hand"]["winnings"].get(str(holder)) and over["last_hand"]["seven_deuce"] == []
    before = {s["seat"]: s["stack"] for s in over["seats"] if s}
    # Bob or Alice turns both cards up: the bounty comes from the other player.
    winner.page.click("[data-testid=show]")
    paid = other.wait_for(lambda s: bool((s["last_hand"] or {}).get("seven_deuce")))
    assert paid["last_hand"]["seven_deuce"] == [{"winner": holder, "from": 1 - holder, "chips": 5}]
    note = other.page.locator(f"[data-testid=seven-deuce-{holder}]")
    note.wait_for()
    assert "collects 5" in note.inner_text()
    winner.page.locator(f"[data-testid=seven-deuce-{holder}]").wait_for()
    screenshot(winner.page, f"seven-deuce-{'phone' if phone else 'desktop'}")
    screenshot(other.page, f"seven-deuce-seen-{'phone' if phone else 'desktop'}")
    # The server's record: the stacks moved by 5, the ledger says so, every chip kept.
    record = server.get(f"/api/rooms/{room['room']}")
    stacks = {s["seat"]: s["stack"] for s in record["seats"] if s}
    assert stacks == {holder: before[holder] + 5, 1 - holder: before[1 - holder] - 5}
    ledger = server.get(f"/api/rooms/{room['room']}/ledger")
    kinds = [(e["kind"], e["chips"]) for e in ledger["entries"] if e["kind"] == "seven-deuce"]
    assert sorted(kinds) == [("seven-deuce", -5), ("seven-deuce", 5)]
    assert sum(stacks.values()) == 400 == ledger["bought"]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_bomb_pot_at_ten_seats_leaves_every_seat_and_the_bar_clear(
    server: Server, browser: Any, tabs: list[Tab], phone: bool
) -> None:  # RULES 12.1
    settings = {"seats": 10, "bots": ["station"] * 9, "decision_seconds": 120}
    room = post(server, "/api/rooms", {**settings, "bomb_pot": 4, "bomb_pot_every": 1})
    request = urllib.request.Request(
        f"{server.base}/api/rooms/{room['room']}/seats",
        data=json.dumps({"name": "Alice", "seat": 9, "buy_in": 200}).encode(),
        method="POST",
        headers={
            "content-type": "application/json",
            "authorization": f"Bearer {room['host_token']}",
        },
    )
    urllib.request.urlopen(request, timeout=10).close()
    tab = Tab(browser, phone=phone)
    tabs.append(tab)
    page = tab.page
    page.goto(server.base + room["host_url"])
    state = tab.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None, timeout=90)
    assert state["hand"]["bomb_pot"] == 4 and state["hand"]["street"] != "pre-flop"
    tag = page.locator("[data-testid=bomb-pot-tag]")
    tag.wait_for()
    width, height = (390, 844) if phone else (1280, 800)
    box = tag.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    for seat in range(10):
        seat_box = page.locator(f"[data-testid=seat-{seat}]").bounding_box()
        assert seat_box is not None and not overlap(box, seat_box), seat
    bar = page.locator("[data-testid=actions]").bounding_box()
    assert bar is not None and not overlap(box, bar)
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    screenshot(page, f"bomb-pot-10-seats-{'phone' if phone else 'desktop'}")
