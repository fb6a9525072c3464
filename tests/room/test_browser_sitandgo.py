"""A sit-and-go, a straddle prompt and the show-or-muck choice in a real browser
(RULES 2.7, 6.7, 8). Screenshots are saved under build/screenshots/."""

from __future__ import annotations

import contextlib
import re
import time
from functools import partial
from typing import Any

from tests.room.browser import Server, Tab, act_passively, browser, screenshot, server, sit, tabs

__all__ = ["browser", "server", "tabs"]  # fixtures


def create_sit_and_go(tab: Tab, server: Server) -> tuple[str, str]:
    """Create a two-seat sit-and-go from the start page; (join link, host link)."""
    page = tab.page
    page.goto(server.base + "/")
    assert page.locator("[data-testid=tournament-buy-in]").is_hidden()
    page.select_option("[data-testid=game-type]", "tournament")
    # The cash stakes give way to the tournament's settings.
    assert page.locator("[name=min_buy_in]").is_hidden()
    page.fill("[name=seats]", "3")
    page.fill("[data-testid=tournament-buy-in]", "10")
    page.fill("[name=starting_stack]", "300")
    page.fill("[data-testid=level-minutes]", "0.05")
    page.click("text=More settings")
    page.locator("[name=open_seating]").set_checked(True)
    screenshot(page, "start-sit-and-go")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=host-url]")
    return page.input_value("[data-testid=join-url]"), page.input_value("[data-testid=host-url]")


def hand_log(state: dict[str, Any]) -> list[str]:
    return list((state["hand"] or {}).get("log", []))


def shown_by(seat: int, state: dict[str, Any]) -> bool:
    return state["last_hand"] is not None and str(seat) in state["last_hand"]["shown"]


def all_in_or_call(tab: Tab) -> bool:
    """Move all-in when a bet is possible, else check or call; True when it acted."""
    button = tab.page.locator("[data-testid=preset-all-in]")
    if button.count():
        try:
            button.click(timeout=1000)
        except Exception:  # the turn moved on while clicking
            return False
        return True
    return act_passively(tab)


def test_a_sit_and_go_from_registration_to_results(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    ann, bob = Tab(browser), Tab(browser, phone=True)
    tabs += [ann, bob]
    join, host_link = create_sit_and_go(ann, server)
    sit(ann, host_link, 0, "Ann")
    ann.page.wait_for_selector("text=Everyone starts with", state="detached")
    sit(bob, join, 1, "Bob")
    state = ann.wait_for(lambda s: s["seats"][1] is not None)
    assert not state["tournament"]["started"]
    assert "2 of 3 registered" in ann.page.inner_text("[data-testid=waiting-note]")
    screenshot(ann.page, "sit-and-go-registration")
    # The host starts with two of three seats taken: heads-up, the winner takes all.
    ann.page.click("[data-testid=tab-host]")
    ann.page.click("[data-testid=start-tournament]")
    state = ann.wait_for(lambda s: s["hand"] is not None)
    assert state["tournament"]["prizes"] == [20]
    level = ann.page.inner_text("[data-testid=level]")
    assert re.fullmatch(
        r"Level \d+ (· next [\d,]+/[\d,]+ in 0:0\d|from the next hand: [\d,]+/[\d,]+)", level
    ), level
    ann.page.wait_for_timeout(3500)  # 3 seconds a level: the blinds rise
    level_seen = False
    for _ in range(400):
        state = ann.latest()
        if state["tournament"]["finished"]:
            break
        if state["tournament"]["level"] >= 2 and state["hand"] and not level_seen:
            # The level of the clock, and the one the next hand will be dealt at.
            text = ann.page.inner_text("[data-testid=level]")
            assert re.match(r"Level \d+ (· next|from the next hand)", text), text
            screenshot(ann.page, "sit-and-go-level")
            screenshot(bob.page, "sit-and-go-phone")
            level_seen = True
        if not (all_in_or_call(ann) or all_in_or_call(bob)):
            ann.page.wait_for_timeout(150)
    final = ann.wait_for(lambda s: s["tournament"]["finished"])
    assert level_seen
    winner = final["tournament"]["finishes"][0]
    assert winner["places"] == [1] and winner["payout"] == 20
    results = ann.page.inner_text("[data-testid=results]")
    assert f"1st\t{winner['name']}\t20" in results and "2nd" in results
    screenshot(ann.page, "sit-and-go-results")
    ann.page.click("[data-testid=tab-ledger]")
    ann.page.wait_for_selector("[data-testid=ledger] >> text=Prize")
    ledger = ann.page.inner_text("[data-testid=ledger]")
    assert f"{winner['name']}\t10\t20\t10" in ledger


def test_the_straddle_prompt_and_the_choice_to_show(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    ann, bob = Tab(browser), Tab(browser)
    tabs += [ann, bob]
    page = ann.page
    page.goto(server.base + "/")
    page.click("text=More settings")
    page.fill("[name=seats]", "3")
    page.locator("[name=straddle]").set_checked(True)
    page.locator("[name=open_seating]").set_checked(True)
    page.fill("[name=bots_station]", "1")  # a station calls: hands reach the showdown
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=host-url]")
    join, host_link = (
        page.input_value("[data-testid=join-url]"),
        page.input_value("[data-testid=host-url]"),
    )
    sit(ann, host_link, 1, "Ann")
    sit(bob, join, 2, "Bob")
    for tab in (ann, bob):
        tab.wait_for(lambda s: s["you"] is not None)
        # Asked at each showdown: the switch is off once the server says so (a redraw of
        # the panel from an older state may land between the click and its answer).
        # While the player is to act the bar holds the decision alone: act, then switch.
        for _ in range(40):
            switch = tab.page.locator("[data-testid=auto-muck]")
            if switch.count() == 0:
                if not act_passively(tab):
                    tab.page.wait_for_timeout(200)
                continue
            with contextlib.suppress(Exception):  # redrawn under the click: try again
                switch.uncheck(timeout=2000)
            try:
                tab.wait_for(lambda s: s["seats"][s["you"]]["auto_muck"] is False, timeout=2)
                break
            except AssertionError:
                continue
        assert tab.latest()["seats"][tab.latest()["you"]]["auto_muck"] is False
    straddled = chosen = False
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if straddled and chosen:
            break
        for tab in (ann, bob):
            state = tab.latest()
            me = state["you"]
            prompt = tab.page.locator("[data-testid=straddle-yes]")
            offer = state["straddle"]
            if not straddled and offer and offer["seat"] == me and prompt.count():
                screenshot(tab.page, "straddle-prompt")
                prompt.click()
                # RULES 2.7: the straddle is a live bet of two big blinds.
                posted = f"{state['seats'][me]['name']} posts straddle 4"
                page.wait_for_timeout(500)
                for _ in range(100):
                    if any(posted in line for st in tab.states() for line in hand_log(st)):
                        break
                    page.wait_for_timeout(100)
                else:
                    raise AssertionError(f"no {posted!r} in the hand log")
                straddled = True
            elif straddled and offer and offer["seat"] == me:
                # Once is enough: later offers are declined at once rather than left to
                # run out the decision time, so hands keep coming to a showdown.
                decline = tab.page.locator("[data-testid=straddle-no]")
                if decline.count():
                    decline.click()
            show = tab.page.locator("[data-testid=show-hand]")
            if not chosen and state["hand"] and state["hand"]["show_choice"] == me and show.count():
                screenshot(tab.page, "show-or-muck")
                show.click()
                # RULES 6.7: shown at the player's choice, the hand is face up for everyone.
                last = tab.wait_for(partial(shown_by, me))
                assert last["last_hand"]["shown"][str(me)]
                chosen = True
            act_passively(tab)
        page.wait_for_timeout(100)
    hands = ann.latest()["hands_played"]
    assert straddled and chosen, (straddled, chosen, hands)
