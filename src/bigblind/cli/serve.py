"""``bigblind serve``: host rooms that friends join from their own devices.

The web stack loads only when the server starts (``pip install bigblind[server]``).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bigblind")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["serve", "--port", "9000"])
>>> args.host, args.port, args.database, args.advertise
('127.0.0.1', 9000, None, None)
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import socket
import sys
from typing import TYPE_CHECKING, Any, TextIO

from bigblind.cli.options import Subparsers

if TYPE_CHECKING:
    from bigblind.room.limits import Limits

__all__ = ["SEEDED_ROOMS", "add_parser", "parse_limits", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind serve`` and its options."""
    command = subparsers.add_parser(
        "serve",
        help="host online rooms: friends join by link and play from their own devices",
        description=(
            "Serve the room server: create a room, send the link, friends sit down and play."
            " Every action is stored in the database before anyone sees it, so a restarted"
            " server brings every room back where it was."
        ),
    )
    command.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    command.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    command.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL: sqlite:///path or postgresql+psycopg://user@host/db"
        " (default: an SQLite file in your data directory)",
    )
    command.add_argument(
        "--node-id",
        default=None,
        metavar="NAME",
        help="this process's name among several on one PostgreSQL database (default: host:port)",
    )
    command.add_argument(
        "--advertise",
        default=None,
        metavar="URL",
        help="the address clients are sent to for the rooms this process owns, when several"
        " processes share one PostgreSQL database (default: http://HOST:PORT, with the"
        " machine's name for HOST 0.0.0.0)",
    )
    command.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the server's limits, e.g. --limit messages_per_second=10"
        " --limit bot_room_minutes=60 (each may be repeated; docs/deploy.md lists them all)",
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Serve until interrupted; 0 after Ctrl-C, 2 when the server cannot start."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        import uvicorn

        from bigblind.room.app import create_app
        from bigblind.room.cluster import ClusterSettings
        from bigblind.room.store import SqlStore, default_database_url
    except ImportError as missing:
        print(f"bigblind serve: the server extra is needed ({missing.name} is missing):", file=err)
        print("  pip install 'bigblind[server]'", file=err)
        return 2
    if not 0 < args.port < 65536:
        print(f"bigblind serve: port {args.port}: choose 1 to 65535", file=err)
        return 2
    try:
        limits = parse_limits(getattr(args, "limit", []))
    except ValueError as error:
        print(f"bigblind serve: {error}", file=err)
        return 2
    # Only a test server deals seeded decks: a seed from a client would let it know the cards.
    seeded = os.environ.get(SEEDED_ROOMS) == "1"
    if seeded:
        print(f"bigblind serve: {SEEDED_ROOMS}=1: rooms may seed their decks (tests)", file=err)
    url = args.database or default_database_url()
    node_id = getattr(args, "node_id", None)
    advertise = getattr(args, "advertise", None)
    cluster = None
    if url.startswith("postgresql"):
        # On PostgreSQL every process takes part in the cluster, even alone: a second
        # one started on the same database then shares the rooms instead of clashing.
        try:
            cluster = ClusterSettings(
                node=node_id or f"{socket.gethostname()}:{args.port}"[:64],
                address=advertise or f"http://{_reachable(args.host)}:{args.port}",
            )
        except ValueError as error:
            print(f"bigblind serve: {error}", file=err)
            return 2
    elif advertise or node_id:
        print("bigblind serve: --advertise and --node-id need a PostgreSQL --database", file=err)
        return 2
    try:
        store = SqlStore(url)
    except Exception as error:  # SQLAlchemy and drivers raise many kinds
        print(f"bigblind serve: cannot open the database {url}: {error}", file=err)
        return 2
    print(f"bigblind rooms on http://{args.host}:{args.port}/  (database: {url})", file=out)
    out.flush()
    config = uvicorn.Config(
        create_app(store, cluster=cluster, limits=limits, seeded_rooms=seeded),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,  # small JSON messages: compressing costs more than it saves
        lifespan="on",
        # Tabs left open (or a client that never finishes closing) are cut off after this
        # long: waiting on them kept the rooms' tasks, bots and all, running after the port
        # was released.
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
    server = stopping_server(uvicorn, config)
    # uvicorn stops on the first Ctrl-C; it exits by SystemExit when it cannot listen.
    with contextlib.suppress(KeyboardInterrupt, SystemExit):
        server.run()
    if not server.started:
        print(
            f"bigblind serve: could not listen on {args.host}:{args.port}: is the port in use?",
            file=err,
        )
        return 2
    print("stopped", file=out)
    return 0


SEEDED_ROOMS = "BIGBLIND_TEST_SEEDED_ROOMS"
SHUTDOWN_SECONDS = 5
"""How long a stopping server waits for open connections before closing them."""


def stopping_server(uvicorn: Any, config: Any) -> Any:
    """A uvicorn server that a second SIGTERM stops at once, as a second Ctrl-C does
    (uvicorn alone forces only on SIGINT, so a stuck shutdown ignored ``kill``)."""

    class Server(uvicorn.Server):  # type: ignore[misc]
        def handle_exit(self, sig: int, frame: Any) -> None:
            again = self.should_exit
            super().handle_exit(sig, frame)
            if again:
                self.force_exit = True

    return Server(config)


"""Set to 1 by the test suite alone: rooms may then be created with a deck seed."""


def parse_limits(options: list[str]) -> Limits:
    """The server's limits with ``NAME=VALUE`` options applied.

    >>> parse_limits(["messages_per_second=10"]).messages_per_second
    10.0
    >>> parse_limits(["speed=3"])
    Traceback (most recent call last):
    ...
    ValueError: --limit speed=3: no such limit; the limits are address_messages_per_second, ...
    """
    from bigblind.room.limits import Limits

    names = Limits.names()
    values: dict[str, float | int] = {}
    for option in options:
        name, _, text = option.partition("=")
        name = name.strip().replace("-", "_")
        if name not in names:
            raise ValueError(
                f"--limit {option}: no such limit; the limits are {', '.join(sorted(names))}"
            )
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"--limit {option}: the value must be a number above 0") from None
        whole = name in ("connections_per_person", "connections_per_address", "max_rooms")
        if whole and not number.is_integer():
            raise ValueError(f"--limit {option}: the value must be a whole number above 0")
        values[name] = int(number) if whole and math.isfinite(number) else number
    return Limits(**values)  # type: ignore[arg-type]


def _reachable(host: str) -> str:
    """A name others may reach this process by: the machine's, when listening on all."""
    return socket.gethostname() if host in ("0.0.0.0", "::", "") else host
