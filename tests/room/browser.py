"""A real `bigblind serve` and a real Chromium for the browser tests.

The browser is Chromium from the system (``BIGBLIND_CHROMIUM``, else
``chromium`` on the PATH), driven by Playwright; tests skip, saying why,
where either is missing. `.ci/run` installs Chromium so that they run there.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The system Chromium, or None."""
    return os.environ.get("BIGBLIND_CHROMIUM") or shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`bigblind serve` in its own process, on a loopback port, over one SQLite file."""

    def __init__(self, database: Path, *options: str) -> None:
        self.options = options  # more `serve` options, e.g. "--limit", "rooms_per_hour=600"
        self.url_db = f"sqlite:///{database}"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        code = "import sys; from bigblind.cli.main import main; sys.exit(main(sys.argv[1:]))"
        command = [sys.executable, "-c", code, "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--database", self.url_db, *self.options],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 90  # a busy machine imports slowly
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.base + "/", timeout=1).close()
                return
            time.sleep(0.1)
        raise RuntimeError("bigblind serve did not start within 90 s")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def get(self, path: str, token: str | None = None) -> Any:
        request = urllib.request.Request(self.base + path)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's tests; they create more rooms from one address than the
    room limit of a real server allows."""
    pytest.importorskip("uvicorn", reason="the server extra is not installed")
    database = tmp_path_factory.mktemp("rooms") / "rooms.sqlite"
    running = Server(database, "--limit", "rooms_per_hour=600")
    running.start()
    yield running
    running.kill()


@pytest.fixture
def tabs(browser: Any) -> Iterator[list[Tab]]:
    """The tabs a test opens, closed after it; none may have logged a page error."""
    opened: list[Tab] = []
    yield opened
    for tab in opened:
        assert tab.errors == [], tab.errors
        tab.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Where BIGBLIND_CHROMIUM is set (as .ci/run does) the browser tests are mandatory.
    required = bool(os.environ.get("BIGBLIND_CHROMIUM"))
    try:
        import playwright.sync_api as sync_api
    except ImportError:
        if required:
            pytest.fail("BIGBLIND_CHROMIUM is set but playwright is not installed")
        pytest.skip("playwright is not installed (pip install playwright)")
    path = chromium_path()
    if path is None or not Path(path).exists():
        if required:
            pytest.fail(f"BIGBLIND_CHROMIUM={path} does not exist")
        pytest.skip("no Chromium: install it (apt-get install chromium) or set BIGBLIND_CHROMIUM")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot where a person can look at it after the run."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


class Tab:
    """One browser page at the room, recording every WebSocket frame it receives."""

    def __init__(
        self, browser: Any, *, phone: bool = False, size: tuple[int, int] | None = None
    ) -> None:
        width, height = size or ((390, 844) if phone else (1280, 800))
        viewport = {"width": width, "height": height}
        self.context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
        self.page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._watch)

    def _watch(self, socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            with contextlib.suppress(ValueError):
                self.frames.append(json.loads(payload))

        socket.on("framereceived", received)

    def states(self) -> list[dict[str, Any]]:
        return [f["state"] for f in self.frames if f.get("type") == "state"]

    def latest(self) -> dict[str, Any]:
        states = self.states()
        assert states, "no state received yet"
        return states[-1]

    def wait_for(self, predicate: Any, timeout: float = 45.0) -> dict[str, Any]:
        """The first received state (from now on, polling) for which ``predicate`` holds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = self.states()
            if states and predicate(states[-1]):
                return states[-1]
            self.page.wait_for_timeout(100)
        raise AssertionError(f"timed out waiting; last state: {self.states()[-1:]}")

    def close(self) -> None:
        self.context.close()


def create_room(tab: Tab, server: Server, **settings: str) -> tuple[str, str, str]:
    """Create a game from the start page; (room id, join link, host link)."""
    page = tab.page
    page.goto(server.base + "/")
    if settings:
        page.click("text=More settings")
    for name, value in settings.items():
        field = page.locator(f"[name={name}]")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(value == "on")
        elif field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=host-url]")
    join = page.input_value("[data-testid=join-url]")
    host = page.input_value("[data-testid=host-url]")
    room = join.split("room=")[1]
    return room, join, host


def sit(tab: Tab, link: str, seat: int, name: str, buy_in: int | None = None) -> None:
    """Open ``link`` and ask for ``seat``."""
    page = tab.page
    page.goto(link)
    page.click(f"[data-testid=sit-{seat}]")
    page.fill("[data-testid=join-name]", name)
    if buy_in is not None:
        page.fill("[data-testid=join-buy-in]", str(buy_in))
    page.click("[data-testid=join-submit]")


def act_passively(tab: Tab) -> bool:
    """Check, else call, if it is this tab's turn; True when it acted."""
    page = tab.page
    for testid in ("check", "call"):
        button = page.locator(f"[data-testid={testid}]")
        if button.count():
            try:
                button.click(timeout=1000)
            except Exception:  # the turn moved on while clicking: nothing was sent
                return False
            return True
    return False


def seated(
    server: Server, browser: Any, tabs: list[Tab], *, phone: bool = False, **settings: str
) -> tuple[str, Tab, Tab]:
    """Alice (the host, seat 0, at a desktop) and Bob (seat 1, at a desktop or a phone) at
    an open table; (room, alice, bob)."""
    alice, bob = Tab(browser), Tab(browser, phone=phone)
    tabs += [alice, bob]
    room, join, host_link = create_room(alice, server, open_seating="on", **settings)
    sit(alice, host_link, 0, "Alice", 200)
    sit(bob, join, 1, "Bob", 200)
    for tab, seat in ((alice, 0), (bob, 1)):
        tab.wait_for(lambda s, seat=seat: s["you"] == seat)
    return room, alice, bob


def token_of(tab: Tab, room: str) -> str:
    """The secret token the page keeps for ``room``."""
    return str(tab.page.evaluate(f"localStorage.getItem('bigblind:{room}')"))


def post(server: Server, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    """POST ``body`` as JSON to the server (with ``token`` as the bearer); the JSON answer."""
    request = urllib.request.Request(
        server.base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    """Whether an element's bounding box lies within a ``width`` x ``height`` viewport."""
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )


def overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    """Whether two elements' bounding boxes overlap."""
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )
