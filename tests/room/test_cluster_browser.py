"""The browser client behind nginx, with two server processes on one PostgreSQL database.

The proxy is configured as docs/deploy.md shows, except that ``/`` goes to the
second process alone: the room is made on the first, so every request of the
pages must be sent on (HTTP 307, WebSocket close 4307) through the first
process's path. Then the first process is killed with SIGKILL mid-hand: the
pages reconnect through ``/``, the second process takes the room over, and the
hand goes on with the same cards.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bigblind.room import Room
from tests.room.browser import Tab, act_passively, browser, sit
from tests.room.clients import ServerProcess, free_port, fresh_database, stored_events

__all__ = ["browser"]  # fixture

NGINX = """
daemon off;
user root;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header Host $host;
        proxy_read_timeout 1h;
        location /n0/ {{ proxy_pass http://127.0.0.1:{n0}/; }}
        location /n1/ {{ proxy_pass http://127.0.0.1:{n1}/; }}
        location / {{ proxy_pass http://127.0.0.1:{n1}; }}
    }}
}}
"""


@contextlib.contextmanager
def nginx(folder: Path, port: int, n0: int, n1: int) -> Iterator[str]:
    # BIGBLIND_NGINX names the proxy and makes this test mandatory, as .ci/run does.
    path = os.environ.get("BIGBLIND_NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(path).exists():
        if os.environ.get("BIGBLIND_NGINX"):
            pytest.fail(f"BIGBLIND_NGINX={path} is not there")
        pytest.skip("no nginx: install it (apt-get install nginx) to test behind a proxy")
    config = folder / "nginx.conf"
    config.write_text(NGINX.format(folder=folder, port=port, n0=n0, n1=n1))
    process = subprocess.Popen(
        [path, "-c", str(config), "-p", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/", timeout=1).close()
                break
            assert process.poll() is None, (folder / "error.log").read_text()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_pages_follow_the_room_and_survive_its_process(tmp_path: Path, browser: Any) -> None:
    with fresh_database() as url:
        proxy_port = free_port()
        nodes = [
            ServerProcess(
                url,
                extra=["--node-id", f"n{i}", "--advertise", f"http://127.0.0.1:{proxy_port}/n{i}"],
            )
            for i in range(2)
        ]
        tabs: list[Tab] = []
        try:
            for node in nodes:
                node.start()
            with nginx(tmp_path, proxy_port, nodes[0].port, nodes[1].port) as proxy:
                settings = {"open_seating": True, "next_hand_seconds": 1, "decision_seconds": 120}
                made = httpx.post(f"{proxy}/n0/api/rooms", json=settings, timeout=30)
                assert made.status_code == 201, made.text
                room = made.json()["room"]
                alice, bob = Tab(browser), Tab(browser)
                tabs += [alice, bob]
                sockets: list[str] = []
                for tab in tabs:
                    tab.page.on("websocket", lambda socket: sockets.append(socket.url))
                join = f"{proxy}/?room={room}"
                sit(alice, join, 0, "Alice", 200)
                sit(bob, join, 1, "Bob", 200)
                before = alice.wait_for(lambda s: s["hand"] is not None)
                # Every page came in through / (the second process) and was sent to the first.
                assert any(f"/n0/api/rooms/{room}/ws" in u for u in sockets), sockets
                count = len(alice.states())
                nodes[0].kill()
                # The next state comes from the second process, which took the room over.
                after = alice.wait_for(lambda s: len(alice.states()) > count, timeout=30)
                assert after["hand"]["number"] == before["hand"]["number"]
                assert after["seats"][0]["cards"] == before["seats"][0]["cards"]
                for _ in range(200):
                    if alice.latest()["hands_played"] > before["hands_played"]:
                        break
                    if not (act_passively(alice) or act_passively(bob)):
                        alice.page.wait_for_timeout(150)
                else:
                    raise AssertionError("no hand finished after the takeover")
                ledger = httpx.get(f"{proxy}/api/rooms/{room}/ledger", timeout=30).json()
                assert ledger["bought"] == 400
                assert Room.restore(room, stored_events(url)[room]).chips_accounted()
                for tab in tabs:
                    assert tab.errors == [], tab.errors
        finally:
            for tab in tabs:
                tab.close()
            for node in nodes:
                node.stop()
