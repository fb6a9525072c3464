"""How the table feels, in a real browser: sounds on your turn, a bet and a win (and none
when muted, remembered after a reload), the tab's title and a notification on your turn,
the animations of a deal, a bet and a pot won (and none under reduced motion), avatars,
reactions by the seats (a few at a time, the server says), and the log of every past hand.

Every wait is on a condition, never a fixed sleep.
"""

from __future__ import annotations

from typing import Any

from tests.room.browser import Server, Tab, browser, screenshot, seated, server, tabs
from tests.room.test_browser_hosting import between_hands

__all__ = ["browser", "server", "tabs"]  # fixtures

# A notification the page makes is recorded, not shown; and the page is taken to be in the
# background (a notification is for a player looking elsewhere).
NOTIFICATIONS = """
window.notified = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.notified.push([title, options.body]); }
  close() {}
};
document.hasFocus = () => false;
"""


def sounds(tab: Tab) -> list[str]:
    return list(tab.page.evaluate("window.bigblindSounds || []"))


def to_act(tab: Tab, seat: int) -> dict[str, Any]:
    return tab.wait_for(lambda s: (s["hand"] or {}).get("actor") == seat and s["hand"]["legal"])


def test_sounds_the_title_and_a_notification_on_your_turn_and_mute_remembered(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    _room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    bob.page.add_init_script(NOTIFICATIONS)
    bob.page.reload()
    bob.wait_for(lambda s: s["you"] == 1)
    by_seat = {0: alice, 1: bob}
    state = alice.wait_for(lambda s: (s["hand"] or {}).get("actor") is not None)
    first = state["hand"]["actor"]
    # The player to act hears it and reads it in the title; the other does not.
    actor, other = by_seat[first], by_seat[1 - first]
    actor.page.wait_for_function("document.title.startsWith('● Your turn')")
    assert not other.page.title().startswith("● Your turn")
    if actor is bob:
        assert "turn" in sounds(bob)
    # A call is heard as chips going in; the turn moves to the other, heard and titled there.
    actor.page.click("[data-testid=call]")
    actor.page.wait_for_function("(window.bigblindSounds || []).includes('bet')")
    other.page.wait_for_function("(window.bigblindSounds || []).includes('turn')")
    other.page.wait_for_function("document.title.startsWith('● Your turn')")
    actor.page.wait_for_function("!document.title.startsWith('● Your turn')")
    # Bob's tab, in the background, was notified of his turn.
    bob.page.wait_for_function("window.notified.length > 0")
    assert bob.page.evaluate("window.notified[0][0]") == "Your turn"
    # A pot won is heard.
    between_hands(alice, bob)
    alice.page.wait_for_function("(window.bigblindSounds || []).includes('win')")
    # Muted: no sound, and still muted after a reload.
    alice.page.click("[data-testid=mute]")
    alice.page.locator("[data-testid=mute] >> text=Sound off").wait_for()
    alice.page.reload()
    alice.page.locator("[data-testid=mute] >> text=Sound off").wait_for()
    alice.wait_for(lambda s: s["you"] == 0)
    alice.page.click("[data-testid=tab-host]")
    alice.page.click("[data-testid=resume]")
    state = alice.wait_for(lambda s: (s["hand"] or {}).get("actor") is not None)
    by_seat[state["hand"]["actor"]].page.click("[data-testid=call]")
    alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["pot"] > 3)
    assert sounds(alice) == []  # her turn or Bob's call: heard, were she not muted


def test_deals_bets_and_pots_are_animated_except_under_reduced_motion(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    _room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    bob.page.emulate_media(reduced_motion="reduce")
    by_seat = {0: alice, 1: bob}
    between_hands(alice, bob)
    alice.page.click("[data-testid=resume]")
    # A new hand: the cards come in.
    state = alice.wait_for(lambda s: (s["hand"] or {}).get("actor") is not None)
    alice.page.locator("[data-testid=cards-0] .card.dealt").first.wait_for()
    animation = "node => getComputedStyle(node).animationName"
    assert alice.page.locator("[data-testid=cards-0] .card.dealt").first.evaluate(animation) == (
        "deal"
    )
    bob.page.locator("[data-testid=cards-1] .card.dealt").first.wait_for()
    assert bob.page.locator("[data-testid=cards-1] .card.dealt").first.evaluate(animation) == (
        "none"
    )
    # A raise slides to its place.
    actor = state["hand"]["actor"]
    waiting = by_seat[1 - actor]
    by_seat[actor].page.click("[data-testid=raise]")
    waiting.page.locator(f"[data-testid=bet-{actor}].fresh").wait_for()
    # The pot goes to the winner (the host pauses first: the moment stays on the screen).
    alice.page.click("[data-testid=pause]")
    to_act(waiting, 1 - actor)
    waiting.page.click("[data-testid=fold]")
    ended = alice.wait_for(lambda s: s["hand"] is None and s["last_hand"] is not None)
    winner = next(int(s) for s, won in ended["last_hand"]["winnings"].items() if won > 0)
    fly = alice.page.locator(f"[data-testid=pot-fly-{winner}]")
    fly.wait_for(state="attached")
    assert fly.evaluate(animation) == "pot-fly"
    assert not bob.page.locator(f"[data-testid=pot-fly-{winner}]").is_visible()


def test_avatars_reactions_and_every_past_hands_log(
    server: Server, browser: Any, tabs: list[Tab]
) -> None:
    room, alice, bob = seated(server, browser, tabs, decision_seconds="120")
    # Avatars: initials on a colour of the name's own, the same in every tab.
    avatar = "[data-testid=seat-{}] .avatar"
    assert alice.page.inner_text(avatar.format(0)) == "A"
    assert alice.page.inner_text(avatar.format(1)) == "B"

    # (The colour is read from the element's own style: a redraw may replace the element
    # while it is read, and a replaced element has no computed style.)
    def colour(tab: Tab, seat: int) -> str:
        return str(tab.page.locator(avatar.format(seat)).get_attribute("style"))

    for seat in (0, 1):
        assert colour(alice, seat) == colour(bob, seat)
        assert colour(alice, seat).startswith("background:hsl(")
    assert colour(alice, 0) != colour(alice, 1)
    # Reactions: shown by Bob's seat at Alice's tab; a fourth in ten seconds is refused.
    for _ in range(3):
        bob.page.click("[data-testid=react]")
        bob.page.click("[data-testid=react-0]")
    alice.page.locator("[data-testid=reaction-1] >> text=👍").first.wait_for()
    bob.page.click("[data-testid=react]")
    bob.page.click("[data-testid=react-4]")
    bob.page.locator("[data-testid=action-message] >> text=3 reactions in 10 seconds").wait_for()
    reactions = server.get(f"/api/rooms/{room}")["reactions"]
    assert [(r["seat"], r["emoji"]) for r in reactions] == [(1, "👍")] * 3
    screenshot(alice.page, "reactions")
    # Two hands folded: the log shows the last and keeps each earlier one.
    between_hands(alice, bob)
    alice.page.click("[data-testid=resume]")
    alice.wait_for(lambda s: s["hand"] is not None and s["hand"]["number"] == 2)
    between_hands(alice, bob)
    alice.page.click("[data-testid=tab-log]")
    past = alice.page.locator("[data-testid=past-log-1]")
    past.wait_for()
    past.locator("summary").click()
    logs = server.get(f"/api/rooms/{room}/hands/log")
    assert [h["number"] for h in logs] == [2, 1]
    shown = past.locator(".log div").all_inner_texts()
    assert shown == logs[1]["log"] and any("folds" in line for line in shown)
    assert alice.page.locator("[data-testid=past-log-2]").count() == 0  # it is the one on top
