"""The host's table controls pressed in a real browser, checked against the server's
record: stacks edited with ledger lines (every chip accounted), the host handed on, a
player seated where the host chooses, spectators' chat on and off, spectators kept out.

Every wait is on a condition (a state received, an element shown), never a fixed
sleep, so that the tests pass on a busy machine.
"""

from __future__ import annotations

from typing import Any

from tests.room.browser import (
    Server,
    Tab,
    browser,
    create_room,
    screenshot,
    seated,
    server,
    sit,
    tabs,
    token_of,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def between_hands(alice: Tab, bob: Tab) -> dict[str, Any]:
    """The host pauses; the hand in play is folded by whoever is to act."""
    alice.wait_for(lambda s: s["hands_played"] > 0)  # one is dealt, or was
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")
    by_seat = {0: alice, 1: bob}
    while True:
        state = alice.wait_for(lambda s: s["hand"] is None or s["hand"]["actor"] is not None)
        if state["hand"] is None:
            return state
        actor = by_seat[state["hand"]["actor"]]
        number, decision = state["hand"]["number"], state["hand"]["decision"]
        fold = actor.page.locator("[data-testid=fold]")
        check = actor.page.locator("[data-testid=check]")
        (fold if fold.count() else check).click(timeout=30_000)
        seen = (number, decision)
        alice.wait_for(lambda s, seen=seen: moved_on(s, seen))


def moved_on(state: dict[str, Any], seen: tuple[int, int]) -> bool:
    hand = state["hand"]
    return hand is None or (hand["number"], hand["decision"]) != seen


def balanced(server: Server, room: str) -> dict[str, Any]:
    """The ledger, checked: buy-ins and the host's edits equal cash-outs, stacks and rake."""
    ledger: dict[str, Any] = server.get(f"/api/rooms/{room}/ledger")
    view = server.get(f"/api/rooms/{room}")
    assert view["hand"] is None
    stacks = sum(s["stack"] for s in view["seats"] if s)
    assert ledger["bought"] + ledger["adjusted"] == ledger["cashed"] + stacks + ledger["rake"]
    return ledger


def test_the_host_edits_a_stack_between_hands_and_during_one(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    alice.wait_for(lambda s: s["hand"] is not None)
    before = between_hands(alice, bob)["seats"][1]["stack"]
    # Between hands: made at once, Bob's seat shows it, the ledger has its line.
    page = alice.page
    page.fill("[data-testid=adjust-amount-1]", "50")
    page.click("[data-testid=adjust-add-1]")
    bob.wait_for(lambda s: s["seats"][1]["stack"] == before + 50)
    bob.page.locator(f"[data-testid=stack-1] >> text={before + 50}").wait_for()
    ledger = balanced(server, room)
    assert [(e["name"], e["chips"]) for e in ledger["entries"] if e["kind"] == "adjustment"] == [
        ("Bob", 50)
    ]
    bob_row = next(p for p in ledger["players"] if p["name"] == "Bob")
    assert bob_row["adjustment"] == 50 and bob_row["net"] == bob_row["stack"] - 250
    # The open ledger shows it without a refresh.
    bob.page.click("[data-testid=tab-ledger]")
    row = bob.page.locator("[data-testid=ledger-Bob] td")
    row.first.wait_for()
    assert row.all_inner_texts() == ["Bob", "200", "+50", "0", str(before + 50), str(before - 200)]
    # A bad amount is refused on the page, nothing sent.
    page.once("dialog", lambda dialog: dialog.accept())
    page.fill("[data-testid=adjust-amount-1]", "1.5")
    page.click("[data-testid=adjust-take-1]")
    # Taking more than the stack: the server refuses it in the host's words.
    page.fill("[data-testid=adjust-amount-1]", str(before + 51))
    page.click("[data-testid=adjust-take-1]")
    page.locator("[data-testid=actions] >> text=take away at most").wait_for()
    # During a hand: marked pending in the host panel, made when the hand ends.
    page.click("[data-testid=resume]")
    alice.wait_for(lambda s: s["hand"] is not None)
    page.fill("[data-testid=adjust-amount-0]", "20")
    page.click("[data-testid=adjust-take-0]")
    waiting = alice.wait_for(lambda s: s["adjustments"] == [{"seat": 0, "chips": -20}])
    if waiting["hand"] is not None:
        page.locator("[data-testid=adjust-pending-0] >> text=after this hand").wait_for()
        screenshot(page, "host-stack-edit-pending")
    between_hands(alice, bob)
    alice.wait_for(lambda s: s["adjustments"] == [] and s["hand"] is None)
    ledger = balanced(server, room)
    assert [(e["name"], e["chips"]) for e in ledger["entries"] if e["kind"] == "adjustment"] == [
        ("Bob", 50),
        ("Alice", -20),
    ]
    assert sum(p["net"] for p in ledger["players"]) == -ledger["rake"]
    # Bob's ledger, open all along, shows Alice's change without a refresh.
    bob.page.locator("[data-testid=ledger-Alice] td >> text=-20").wait_for()


def test_the_host_hands_the_controls_to_a_player(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs)
    assert bob.page.locator("[data-testid=tab-host]").count() == 0
    alice.page.click("[data-testid=tab-host]")
    alice.page.once("dialog", lambda dialog: dialog.accept())
    alice.page.click("[data-testid=make-host-1]")
    # Bob's tab gets the host's controls and Alice's loses them, without a reload.
    bob.page.locator("[data-testid=tab-host]").wait_for()
    alice.page.locator("[data-testid=tab-host]").wait_for(state="detached")
    assert server.get(f"/api/rooms/{room}", token_of(bob, room))["host"] is True
    assert server.get(f"/api/rooms/{room}", token_of(alice, room))["host"] is False
    assert server.get(f"/api/rooms/{room}")["host_seat"] == 1
    bob.page.click("[data-testid=tab-host]")
    bob.page.click("[data-testid=pause]")
    alice.wait_for(lambda s: s["paused"])
    bob.page.locator("[data-testid=host-seat-1] >> text=host").wait_for()
    screenshot(bob.page, "host-handed-on")


def test_the_host_seats_a_player_elsewhere_than_asked(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    alice, dee = Tab(browser), Tab(browser)
    tabs += [alice, dee]
    room, join, host_link = create_room(alice, server, seats="6")
    sit(alice, host_link, 0, "Alice", 200)
    alice.wait_for(lambda s: s["you"] == 0)
    sit(dee, join, 2, "Dee", 150)
    request = alice.wait_for(lambda s: len(s["requests"]) == 1)["requests"][0]["request"]
    alice.page.click("[data-testid=tab-host]")
    alice.page.select_option(f"[data-testid=seat-choice-{request}]", "4")
    alice.page.click(f"[data-testid=approve-{request}]")
    state = dee.wait_for(lambda s: s["you"] is not None)
    assert state["you"] == 4 and state["seats"][4]["name"] == "Dee"
    assert server.get(f"/api/rooms/{room}")["seats"][2] is None
    dee.page.locator("[data-testid=seat-4] >> text=Dee").wait_for()


def test_spectators_chat_when_allowed_and_see_only_the_seats_when_kept_out(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs)
    carol = Tab(browser)
    tabs.append(carol)
    carol.page.goto(f"{server.base}/?room={room}")
    carol.wait_for(lambda s: s["hand"] is not None)
    carol.page.click("[data-testid=tab-chat]")
    carol.page.locator("[data-testid=chat-closed] >> text=chat off").wait_for()
    # The host lets spectators chat: Carol chats under a name, marked as watching.
    alice.page.click("[data-testid=tab-host]")
    alice.page.check("[data-testid=spectators-chat]")
    carol.page.locator("[data-testid=chat-input]").wait_for()
    carol.page.fill("[data-testid=chat-name]", "Carol")
    carol.page.fill("[data-testid=chat-input]", "go Bob")
    carol.page.press("[data-testid=chat-input]", "Enter")
    bob.page.click("[data-testid=tab-chat]")
    bob.page.locator("[data-testid=chat] >> text=Carol (watching)").wait_for()
    line = server.get(f"/api/rooms/{room}")["chat"][-1]
    assert line == {**line, "name": "Carol", "text": "go Bob", "spectator": True}
    # Chat off again: Carol is told, and her box is gone.
    alice.page.uncheck("[data-testid=spectators-chat]")
    carol.page.locator("[data-testid=chat-closed] >> text=chat off").wait_for()
    # No spectators: Carol sees the seats and a message, nothing of the play.
    alice.page.uncheck("[data-testid=spectators-allowed]")
    closed = carol.wait_for(lambda s: s["spectators_closed"])
    assert closed["hand"] is None and closed["chat"] == [] and closed["last_hand"] is None
    assert all(s["cards"] is None and s["bet"] == 0 for s in closed["seats"] if s)
    carol.page.locator("[data-testid=spectators-closed]").wait_for()
    assert carol.page.locator("[data-testid=board] .card[data-card]").count() == 0
    screenshot(carol.page, "spectators-kept-out")
    # The players still see the table; Carol may still take a free seat, and then sees it.
    assert alice.latest()["spectators_closed"] is False
    carol.page.click("[data-testid=sit-2]")
    carol.page.fill("[data-testid=join-name]", "Carol")
    carol.page.click("[data-testid=join-submit]")
    seated_view = carol.wait_for(lambda s: s["you"] == 2)
    assert seated_view["spectators_closed"] is False
