"""How the web room feels in a browser: page load, and click-to-paint on another tab.

Starts ``bigblind serve`` on loopback with a fresh SQLite database (as
``benchmarks/room.py`` does) and drives the
system's Chromium (``BIGBLIND_CHROMIUM``, else ``chromium`` on the PATH) with
Playwright:

- **page load**: a fresh browser context (nothing cached) opens a room's join link,
  until the table is drawn (the seats' "Sit" buttons on screen), ``--loads`` times;
- **click-to-paint**: Alice and Bob sit heads-up in one room, each in a tab of their
  own. The player to act clicks Check or Call; the time is taken from just before the
  click in the actor's tab to the first animation frame in which the other tab's hand
  log shows the change (checked every frame, as the page paints), ``--clicks`` times.
  The click's own time in Playwright is in the figure: it is an upper bound.

Prints the median and the 90th percentile of each, in milliseconds.

    python benchmarks/room_page.py
    python benchmarks/room_page.py --loads 20 --clicks 60 --json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from room import server

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"]
LOG = "[data-testid=hand-log]"


def create_room(page: Any, base: str) -> tuple[str, str]:
    """A heads-up room with open seating and a long clock; (join link, host link)."""
    page.goto(base + "/")
    page.click("text=More settings")
    page.locator("[name=open_seating]").set_checked(True)
    page.locator("[name=decision_seconds]").fill("300")
    page.locator("[name=next_hand_seconds]").fill("2")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=host-url]")
    return page.input_value("[data-testid=join-url]"), page.input_value("[data-testid=host-url]")


def sit(page: Any, link: str, seat: int, name: str) -> None:
    page.goto(link)
    page.click(f"[data-testid=sit-{seat}]")
    page.fill("[data-testid=join-name]", name)
    page.click("[data-testid=join-submit]")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def page_loads(browser: Any, join: str, count: int) -> list[float]:
    out = []
    for _ in range(count):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        started = time.perf_counter()
        page.goto(join)
        page.wait_for_selector("[data-testid=sit-2]")
        out.append(1000 * (time.perf_counter() - started))
        context.close()
    return out


def clicks_to_paint(alice: Any, bob: Any, count: int) -> list[float]:
    out: list[float] = []
    deadline = time.monotonic() + 60 + count * 5
    while len(out) < count and time.monotonic() < deadline:
        for actor, other in ((alice, bob), (bob, alice)):
            button = actor.locator("[data-testid=check], [data-testid=call]")
            if not button.count():
                continue
            before = other.locator(LOG).inner_text()
            sent = actor.evaluate("Date.now()")
            try:
                button.first.click(timeout=2000)
            except Exception:  # the turn moved on (the hand ended): nothing was sent
                continue
            painted = other.wait_for_function(
                "before => document.querySelector('[data-testid=hand-log]')?.innerText !== before"
                " && Date.now()",
                arg=before,
                polling="raf",
                timeout=30_000,
            ).json_value()
            out.append(float(painted) - float(sent))
        time.sleep(0.05)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10, help="page loads (default 10)")
    parser.add_argument("--clicks", type=int, default=40, help="clicks timed (default 40)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("this benchmark needs playwright: pip install -e '.[dev]'") from None
    chromium = os.environ.get("BIGBLIND_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("no Chromium: apt-get install chromium, or set BIGBLIND_CHROMIUM")
    with (
        tempfile.TemporaryDirectory() as folder,
        server(f"sqlite:///{Path(folder) / 'rooms.db'}") as (base, _),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        alice, bob = (
            browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            for _ in range(2)
        )
        join, host = create_room(alice, base)
        sit(alice, host, 0, "Alice")
        sit(bob, join, 1, "Bob")
        loads = page_loads(browser, join, args.loads)
        alice.wait_for_selector(LOG)
        bob.wait_for_selector(LOG)
        clicks = clicks_to_paint(alice, bob, args.clicks)
        browser.close()
    if not clicks:
        raise SystemExit("no click was timed: the hand never came to a check or a call")
    figures = {
        "page_load_ms": {"median": statistics.median(loads), "p90": percentile(loads, 0.9)},
        "click_to_paint_ms": {
            "median": statistics.median(clicks),
            "p90": percentile(clicks, 0.9),
            "clicks": len(clicks),
        },
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    load, paint = figures["page_load_ms"], figures["click_to_paint_ms"]
    print(
        f"page load        median {load['median']:7.1f} ms   p90 {load['p90']:7.1f} ms"
        f" ({len(loads)} loads)"
    )
    print(
        f"click-to-paint   median {paint['median']:7.1f} ms   p90 {paint['p90']:7.1f} ms"
        f" ({paint['clicks']} clicks, on the other tab)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
