"""``bigblind serve``: options and the one-line refusals (the server itself is tested in
tests/room)."""

from __future__ import annotations

import argparse
import io
import socket
from pathlib import Path

from bigblind.cli.main import main
from bigblind.cli.serve import run


def test_help_lists_serve() -> None:
    assert main(["serve", "--help"]) == 0


def test_bad_port_and_database_are_one_line() -> None:
    err = io.StringIO()
    args = argparse.Namespace(host="127.0.0.1", port=70000, database=None)
    assert run(args, io.StringIO(), err) == 2
    assert err.getvalue() == "port 70000: choose 1 to 65535\n"
    err = io.StringIO()
    args = argparse.Namespace(host="127.0.0.1", port=8000, database="nosuch://x")
    assert run(args, io.StringIO(), err) == 2
    assert err.getvalue().startswith("cannot open the database nosuch://x:")


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
