"""``bigblind serve``: options and the one-line refusals (the server itself is tested in
tests/room)."""

from __future__ import annotations

import argparse
import io
import signal
import socket
from pathlib import Path

import pytest

from bigblind.cli.main import main
from bigblind.cli.serve import SHUTDOWN_SECONDS, run, stopping_server


def test_help_lists_serve() -> None:
    assert main(["serve", "--help"]) == 0


def test_bad_port_and_database_are_one_line() -> None:
    err = io.StringIO()
    args = argparse.Namespace(host="127.0.0.1", port=70000, database=None)
    assert run(args, io.StringIO(), err) == 2
    assert err.getvalue() == "bigblind serve: port 70000: choose 1 to 65535\n"
    err = io.StringIO()
    args = argparse.Namespace(host="127.0.0.1", port=8000, database="nosuch://x")
    assert run(args, io.StringIO(), err) == 2
    assert err.getvalue().startswith("bigblind serve: cannot open the database nosuch://x:")


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        err = io.StringIO()
        database = f"sqlite:///{tmp_path / 'r.sqlite3'}"
        args = argparse.Namespace(host="127.0.0.1", port=port, database=database)
        assert run(args, io.StringIO(), err) == 2
    assert "is the port in use?" in err.getvalue()


def test_cluster_options_need_postgresql(tmp_path: Path) -> None:
    err = io.StringIO()
    database = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    args = argparse.Namespace(
        host="127.0.0.1", port=8000, database=database, node_id=None, advertise="http://x:1"
    )
    assert run(args, out=io.StringIO(), err=err) == 2
    assert "need a PostgreSQL --database" in err.getvalue()
    args = argparse.Namespace(
        host="127.0.0.1",
        port=8000,
        database="postgresql+psycopg://u@h/d",
        node_id="n1",
        advertise="10.0.0.5:8000",
    )
    assert run(args, out=io.StringIO(), err=err) == 2
    assert "give an http:// or https:// URL" in err.getvalue()


def test_limits_are_set_by_name_and_bad_ones_are_one_line() -> None:
    # Issue: every limit of the room server can be changed by its operator (docs/deploy.md).
    err = io.StringIO()
    for bad, words in [
        ("speed=3", "no such limit; the limits are address_messages_per_second"),
        ("messages_per_second=fast", "the value must be a number above 0"),
        ("messages_per_second=0", "messages per second 0.0: a number above 0"),
        ("max_rooms=2.5", "the value must be a whole number"),
        ("chat_per_minute=nan", "chat per minute nan: a number above 0"),
    ]:
        args = argparse.Namespace(host="127.0.0.1", port=8000, database=None, limit=[bad])
        assert run(args, io.StringIO(), err) == 2
        assert words in err.getvalue(), (bad, err.getvalue())
        assert "Traceback" not in err.getvalue()


def test_a_second_sigterm_stops_the_server_at_once_and_open_tabs_are_not_waited_on() -> None:
    uvicorn = pytest.importorskip("uvicorn", reason="the server extra is not installed")

    async def app(scope: object, receive: object, send: object) -> None:  # pragma: no cover
        pass

    config = uvicorn.Config(app, timeout_graceful_shutdown=SHUTDOWN_SECONDS)
    server = stopping_server(uvicorn, config)
    server.handle_exit(signal.SIGTERM, None)
    assert server.should_exit and not server.force_exit  # the first: a graceful stop
    server.handle_exit(signal.SIGTERM, None)
    assert server.force_exit  # the second: no more waiting
    assert server.config.timeout_graceful_shutdown == SHUTDOWN_SECONDS
