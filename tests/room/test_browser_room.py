"""The room in a real browser: presets, layout, chat, seats and the host's controls.

Each test clicks what a player would click and checks the page against the
server's own record; screenshots go to build/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.room.browser import (
    Server,
    Tab,
    act_passively,
    browser,
    create_room,
    inside,
    overlap,
    post,
    screenshot,
    seated,
    server,
    sit,
    tabs,
)

__all__ = ["browser", "server", "tabs"]  # fixtures


def turn_of(tabs: dict[int, Tab], state: dict[str, Any]) -> Tab:
    return tabs[state["hand"]["actor"]]


def test_every_preset_is_offered_and_the_pot_button_and_key_five_bet_the_pot(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    _room, alice, bob = seated(server, browser, tabs, decision_seconds="60")
    by_seat = {0: alice, 1: bob}
    state = alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["actor"] is not None)
    actor = turn_of(by_seat, state)
    legal = actor.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)["hand"]["legal"]
    # RULES 5.7: the six presets of the bar, each with the server's amount in its title.
    ids = {"x2": "x2", "x3": "x3", "33%": "33", "50%": "50", "100%": "pot", "all-in": "all-in"}
    assert set(legal["presets"]) == set(ids)
    for name, testid in ids.items():
        button = actor.page.locator(f"[data-testid=preset-{testid}]")
        button.wait_for()
        assert str(legal["presets"][name]) in (button.get_attribute("title") or "")
    assert actor.page.inner_text("[data-testid=preset-pot]").startswith("Pot")
    pot = legal["presets"]["100%"]
    number = state["hand"]["number"]
    actor.page.click("[data-testid=preset-pot]")
    after = alice.wait_for(
        lambda s: (
            s["hand"] is None
            or s["hand"]["number"] != number
            or s["hand"]["actor"] != state["hand"]["actor"]
        )
    )
    assert max(seat["bet"] for seat in after["seats"] if seat) == pot
    # The other player raises the pot with key 5 (Options says "5 pot").
    other = turn_of(by_seat, after)
    legal = other.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None)["hand"]["legal"]
    other.page.locator("[data-testid=preset-pot]").wait_for()
    other.page.keyboard.press("5")
    final = alice.wait_for(
        lambda s: s["hand"] is None or s["hand"]["actor"] != after["hand"]["actor"]
    )
    assert max(seat["bet"] for seat in final["seats"] if seat) == legal["presets"]["100%"]
    other.page.click("[data-testid=tab-options]")
    assert "5 pot" in other.page.inner_text(".panel")
    screenshot(actor.page, "presets")


# The desktop, a large screen, a tablet upright and a phone (the last two touch screens).
SCREENS = ((1280, 800, False), (1920, 1080, False), (768, 1024, True), (390, 844, True))


@pytest.mark.parametrize("seats", [2, 6, 10])
def test_the_buttons_your_cards_and_every_seat_fit_a_desktop_and_a_phone(
    server: Server, browser: Any, tabs: list[Tab], seats: int
) -> None:
    # Calling stations: every hand reaches the player's turn with a raise on offer.
    settings = {"seats": seats, "bots": ["station"] * (seats - 1), "decision_seconds": 120}
    room = post(server, "/api/rooms", {**settings, "name": "Friday night game"})
    me = seats - 1
    post(
        server,
        f"/api/rooms/{room['room']}/seats",
        {"name": "Alice", "seat": me, "buy_in": 200},
        room["host_token"],
    )
    screens = [(Tab(browser, phone=touch, size=(w, h)), (w, h)) for w, h, touch in SCREENS]
    tabs += [tab for tab, _ in screens]
    phone = screens[-1][0]
    for tab, (width, height) in screens:
        page = tab.page
        page.goto(server.base + room["host_url"])
        tab.wait_for(lambda s: (s["hand"] or {}).get("legal") is not None, timeout=90)
        page.locator("[data-testid=preset-pot]").wait_for()
        # No page scroll: everything is on the first screen.
        assert page.evaluate("document.documentElement.scrollHeight") <= height
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Fold and call, or check (the big blind after a limp): whichever is on offer.
        offered = [
            t for t in ("fold", "check", "call") if page.locator(f"[data-testid={t}]").count()
        ]
        assert "check" in offered or "call" in offered
        testids = [*offered, "raise", "amount", "pots", f"cards-{me}", "actions"]
        # The top bar's buttons too: the join link, the sound, reactions; the side panels,
        # or on a narrow screen the Menu that opens them.
        testids += ["copy-join", "mute", "react"]
        toggle = page.locator("[data-testid=panels-toggle]")
        testids += ["panels-toggle"] if toggle.is_visible() else ["tab-log", "tab-host"]
        testids += [f"preset-{p}" for p in ("x2", "x3", "33", "50", "pot", "all-in")]
        for testid in testids:
            box = page.locator(f"[data-testid={testid}]").bounding_box()
            assert inside(box, width, height), (width, testid, box)
        for seat in range(seats):
            box = page.locator(f"[data-seat='{seat}']").bounding_box()
            assert inside(box, width, height), (width, seat, box)
        bar = page.locator("[data-testid=actions]").bounding_box()
        assert not overlap(bar, page.locator(f"[data-testid=seat-{me}]").bounding_box())
        screenshot(page, f"layout-{width}x{height}-{seats}-seats")
        # An error is shown in view, in the bar.
        page.fill("[data-testid=amount]", "1")
        page.click("[data-testid=raise]")
        message = page.locator("[data-testid=action-message]")
        assert "from" in message.inner_text() and inside(message.bounding_box(), width, height)
    # On the phone the panels open over the table from the Menu button, the host's among them.
    page = phone.page
    page.click("[data-testid=panels-toggle]")
    page.click("[data-testid=tab-host]")
    assert inside(page.locator("[data-testid=pause]").bounding_box(), 390, 844)
    screenshot(page, f"layout-phone-{seats}-seats-host")
    page.click("[data-testid=panels-close]")
    page.locator("[data-testid=tab-host]").wait_for(state="hidden")


def test_chat_comes_in_while_typing_and_a_hand_is_shown_after_it_ends(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs, decision_seconds="60")
    by_seat = {0: alice, 1: bob}
    alice.page.click("[data-testid=tab-chat]")
    bob.page.click("[data-testid=tab-chat]")
    box = alice.page.locator("[data-testid=chat-input]")
    box.fill("good luck")
    box.press("Enter")
    box.fill("half a thought")  # Alice keeps typing; the box keeps the focus
    bob.page.fill("[data-testid=chat-input]", "you too")
    bob.page.press("[data-testid=chat-input]", "Enter")
    alice.page.wait_for_selector("[data-testid=chat] >> text=you too")
    assert "good luck" in alice.page.inner_text("[data-testid=chat]")
    assert box.input_value() == "half a thought"
    assert alice.page.evaluate("document.activeElement.dataset.testid") == "chat-input"
    # The hand ends by a fold; nothing is shown, and each player may show their own cards.
    state = alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["actor"] is not None)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=pause]")
    folder = by_seat[state["hand"]["actor"]]
    folder.page.click("[data-testid=fold]")
    over = alice.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    assert over["last_hand"]["shown"] == {}
    dealt = bob.wait_for(lambda s: s["hand"] is None)["seats"][1]["cards"]
    assert dealt, "between hands, a player's own cards stay in their view"
    bob.page.click("[data-testid=show]")
    shown = alice.wait_for(lambda s: "1" in (s["last_hand"] or {}).get("shown", {}))
    assert shown["last_hand"]["shown"]["1"] == dealt
    # RULES 6.7: Alice's page turns Bob's cards up; Bob's button is gone.
    faces = alice.page.locator("[data-testid=cards-1] .card[data-card]")
    faces.nth(1).wait_for()
    assert " ".join(faces.nth(i).get_attribute("data-card") or "" for i in range(2)) == dealt
    bob.page.locator("[data-testid=show]").wait_for(state="detached")
    server_view = server.get(f"/api/rooms/{room}")
    assert server_view["last_hand"]["shown"]["1"] == dealt
    assert server_view["seats"][0]["stack"] + server_view["seats"][1]["stack"] == 400
    # The ledger is live: Bob leaves and Alice's open ledger shows his cash-out unasked.
    alice.page.click("[data-testid=tab-ledger]")
    alice.page.wait_for_selector("[data-testid=ledger] td")
    stack = server_view["seats"][1]["stack"]
    bob.page.click("[data-testid=leave]")
    row = alice.page.locator("[data-testid=ledger] tr", has_text="Bob")
    row.locator(f"td >> nth=2 >> text={stack}").wait_for()
    ledger = server.get(f"/api/rooms/{room}/ledger")
    assert next(p for p in ledger["players"] if p["name"] == "Bob")["cash_out"] == stack
    # The join link is copied at the table, never with the host's token.
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"])
    alice.page.click("[data-testid=copy-join]")
    alice.page.locator("[data-testid=copy-join] >> text=Link copied").wait_for()
    copied = alice.page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{server.base}/?room={room}"


def test_seat_requests_refused_joining_mid_hand_leaving_and_a_removal_pending(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    alice, bob, cy = Tab(browser), Tab(browser), Tab(browser)
    tabs += [alice, bob, cy]
    room, join, host_link = create_room(alice, server, decision_seconds="120", seats="4")
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 200)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid^=approve-]")
    alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["deadline"] is not None)
    # A slow press on "Sit here" while the clock runs: the button stays under the pointer.
    cy.page.goto(join)
    button = cy.page.locator("[data-testid=sit-2]")
    button.hover()
    cy.page.mouse.down()
    cy.page.wait_for_timeout(800)
    cy.page.mouse.up()
    cy.page.fill("[data-testid=join-name]", "Cy")
    cy.page.click("[data-testid=join-submit]")
    request = alice.wait_for(lambda s: len(s["requests"]) == 1)["requests"][0]["request"]
    # One request at a time from one tab: no "Sit here" while it waits.
    cy.page.locator("[data-testid=note] >> text=Waiting for the host").wait_for()
    assert cy.page.locator("[data-testid^=sit-]").count() == 0
    # Refused: Cy is told, and may ask again.
    alice.page.click(f"[data-testid=refuse-{request}]")
    cy.page.locator("[data-testid=note] >> text=did not seat you").wait_for()
    cy.page.click("[data-testid=sit-2]")
    assert cy.page.input_value("[data-testid=join-name]") == "Cy"
    cy.page.click("[data-testid=join-submit]")
    request = alice.wait_for(lambda s: len(s["requests"]) == 1)["requests"][0]["request"]
    # Approved during the hand: Cy sees the seat at once, and the host lists him (RULES 10.1).
    alice.page.click(f"[data-testid=approve-{request}]")
    cy.page.locator("[data-testid=joining-note]").wait_for()
    assert cy.page.inner_text("[data-testid=seat-2] .name") == "Cy"
    assert "joins next hand" in cy.page.inner_text("[data-testid=seat-2]")
    alice.page.locator("[data-testid=host-seat-2]").wait_for()
    assert alice.latest()["hand"] is not None  # all of it during the first hand
    # Bob leaves during the hand: told when he goes, never offered "I'm back".
    if alice.latest()["hand"]["actor"] == 1:  # his turn first: he calls, Alice is to act
        bob.page.click("[data-testid=call]")
        alice.wait_for(lambda s: s["hand"]["actor"] == 0)
    bob.page.click("[data-testid=leave]")
    bob.page.locator("[data-testid=leaving-note]").wait_for()
    assert bob.page.locator("[data-testid=sit-in]").count() == 0
    alice.page.locator("[data-testid=leaving-1]").wait_for()
    assert "away" not in alice.page.inner_text("[data-testid=seat-1] .tags")
    # The host removes Cy: the removal is marked pending, not offered again.
    alice.page.click("[data-testid=remove-2]")
    alice.page.locator("[data-testid=removing-2]").wait_for()
    assert alice.page.locator("[data-testid=remove-2]").count() == 0
    cy.page.locator("[data-testid=leaving-note]").wait_for()
    screenshot(alice.page, "leaving-and-removal-pending")
    # The hand ends; both are cashed out, every chip in the ledger (RULES 7.2).
    # (Bob, away while leaving, checks or folds at once; Alice plays it out.)
    alice.page.click("[data-testid=pause]")
    for _ in range(200):
        if alice.latest()["hand"] is None:
            break
        if not act_passively(alice):
            alice.page.wait_for_timeout(150)
    alice.wait_for(lambda s: s["seats"][1] is None and s["seats"][2] is None)
    ledger = server.get(f"/api/rooms/{room}/ledger")
    # Cy bought in on approval and is cashed out whole: he was never dealt in.
    assert {p["name"]: p["buy_in"] for p in ledger["players"]} == {
        "Alice": 200,
        "Bob": 200,
        "Cy": 200,
    }
    assert next(p for p in ledger["players"] if p["name"] == "Cy")["net"] == 0
    view = server.get(f"/api/rooms/{room}")
    assert ledger["bought"] == ledger["cashed"] + view["seats"][0]["stack"]


def test_bad_settings_are_refused_in_the_form_and_the_join_dialog_keeps_no_stale_error(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    host = Tab(browser)
    tabs.append(host)
    page = host.page
    page.goto(server.base + "/")
    # Out of range: the server refuses it in words, and the form marks the field.
    page.fill("[name=big_blind]", "99999999999999999999")
    page.click("[data-testid=create]")
    error = page.locator("[data-testid=create-error]")
    error.locator("text=big blind").wait_for()
    assert "1,000,000,000,000" in error.inner_text()
    assert page.get_attribute("[name=big_blind]", "aria-invalid") == "true"
    assert page.locator("[data-testid=host-url]").count() == 0  # nothing created
    page.fill("[name=big_blind]", "2")
    assert error.inner_text() == ""  # a change clears the old refusal
    # A field in "More settings" is shown opened and marked.
    page.click("text=More settings")
    page.fill("[name=next_hand_seconds]", "1000000000")
    page.click("text=More settings")  # closed again before sending
    page.click("[data-testid=create]")
    error.locator("text=next hand seconds").wait_for()
    assert "0 to 60" in error.inner_text()
    assert page.locator("[name=next_hand_seconds]").is_visible()
    assert page.get_attribute("[name=next_hand_seconds]", "aria-invalid") == "true"
    # A box left empty is named by its label, and nothing is sent.
    page.fill("[name=next_hand_seconds]", "3")
    page.fill("[name=seats]", "")
    page.click("[data-testid=create]")
    error.locator("text=Seats: enter a whole number").wait_for()
    for text in ("_", "None", "Input should"):
        assert text not in error.inner_text()
    page.fill("[name=seats]", "6")
    page.click("[data-testid=create]")
    join = page.locator("[data-testid=join-url]")
    join.wait_for()
    # The join dialog: each answer replaces the last, no error stays from an earlier try.
    guest = Tab(browser)
    tabs.append(guest)
    guest.page.goto(join.input_value())
    guest.page.click("[data-testid=sit-0]")
    guest.page.fill("[data-testid=join-name]", "Ann")
    guest.page.fill("[data-testid=join-buy-in]", "5")
    guest.page.click("[data-testid=join-submit]")
    message = guest.page.locator("[data-testid=join-error]")
    assert "40 to 200" in message.inner_text()
    guest.page.fill("[data-testid=join-buy-in]", "100")
    assert message.inner_text() == ""
    guest.page.click("[data-testid=join-submit]")
    guest.page.locator("[data-testid=note] >> text=Waiting for the host").wait_for()
    assert guest.page.locator("[data-testid=join-error]").count() == 0


def play_to_showdown(by_seat: dict[int, Tab], watcher: Tab, number: int) -> dict[str, Any]:
    """Check or call from each page until hand ``number`` ends; the state after it."""
    for _ in range(200):
        state = watcher.latest()
        hand = state["hand"]
        if hand is None or hand["number"] != number:
            return watcher.wait_for(lambda s: s["last_hand"] is not None)
        if hand["actor"] is not None:
            act_passively(by_seat[hand["actor"]])
        watcher.page.wait_for_timeout(150)
    raise AssertionError("the hand did not end after 200 turns")


@pytest.mark.parametrize(
    ("variant", "title", "cards"),
    [("omaha", "Pot-limit Omaha", 4), ("short-deck", "No-limit short deck hold'em", 2)],
)
def test_omaha_and_short_deck_are_played_to_a_showdown_at_desktop_and_phone_sizes(
    server: Server, browser: Any, tabs: list[Tab], variant: str, title: str, cards: int
) -> None:  # RULES 11.1, 11.3
    alice, bob = Tab(browser), Tab(browser, phone=True)
    tabs += [alice, bob]
    # Choosing Omaha switches the betting to pot limit, as home games play it.
    room, join, host_link = create_room(alice, server, variant=variant, open_seating="on")
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 200)
    by_seat = {0: alice, 1: bob}
    state = alice.wait_for(lambda s: s["hand"] is not None and s["you"] == 0)
    assert alice.page.inner_text("[data-testid=game-title]") == title
    assert state["game"]["hole_cards"] == cards
    for tab, me, other in ((alice, 0, 1), (bob, 1, 0)):
        tab.wait_for(lambda s, me=me: s["you"] == me and s["hand"] is not None)
        mine = tab.page.locator(f"[data-testid=cards-{me}] .card[data-card]")
        mine.nth(cards - 1).wait_for()
        assert mine.count() == cards
        faces = [mine.nth(i).get_attribute("data-card") or "" for i in range(cards)]
        if variant == "short-deck":  # RULES 11.3: no card below a six
            assert all(face[0] in "6789TJQKA" for face in faces)
        assert tab.page.locator(f"[data-testid=cards-{other}] .card.back").count() == cards
        box = tab.page.locator(f"[data-testid=seat-{me}]").bounding_box()
        size = tab.page.viewport_size
        assert size is not None and inside(box, size["width"], size["height"])
    screenshot(alice.page, f"{variant}-desktop")
    screenshot(bob.page, f"{variant}-phone")
    after = play_to_showdown(by_seat, alice, state["hand"]["number"])
    last = after["last_hand"]
    assert len(last["board"].split()) == 5
    assert last["shown"], "two players checking down show at the showdown (RULES 6.7)"
    for shown in last["shown"].values():
        assert len(shown.split()) == cards
    screenshot(bob.page, f"{variant}-showdown-phone")
    view = server.get(f"/api/rooms/{room}")
    assert view["settings"]["variant"] == variant
    assert view["settings"]["structure"] == ("pl" if variant == "omaha" else "nl")
    # Every chip kept: in the stacks, or in the pot of the next hand if it is dealt already.
    in_pot = view["hand"]["pot"] if view["hand"] else 0
    assert sum(seat["stack"] for seat in view["seats"] if seat) + in_pot == 400
