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
import socket
import sys
from typing import TextIO

from bigblind.cli.options import Subparsers

__all__ = ["add_parser", "run"]


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
        print(f"serve needs the server extra ({missing.name} is missing):", file=err)
        print("  pip install 'bigblind[server]'", file=err)
        return 2
    if not 0 < args.port < 65536:
        print(f"port {args.port}: choose 1 to 65535", file=err)
        return 2
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
            print(f"{error}", file=err)
            return 2
    elif advertise or node_id:
        print("--advertise and --node-id need a PostgreSQL --database", file=err)
        return 2
    try:
        store = SqlStore(url)
    except Exception as error:  # SQLAlchemy and drivers raise many kinds
        print(f"cannot open the database {url}: {error}", file=err)
        return 2
    print(f"bigblind rooms on http://{args.host}:{args.port}/  (database: {url})", file=out)
    out.flush()
    config = uvicorn.Config(
        create_app(store, cluster=cluster),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,  # small JSON messages: compressing costs more than it saves
        lifespan="on",
    )
    server = uvicorn.Server(config)
    # uvicorn stops on the first Ctrl-C; it exits by SystemExit when it cannot listen.
    with contextlib.suppress(KeyboardInterrupt, SystemExit):
        server.run()
    if not server.started:
        print(f"could not listen on {args.host}:{args.port}: is the port in use?", file=err)
        return 2
    print("stopped", file=out)
    return 0


def _reachable(host: str) -> str:
    """A name others may reach this process by: the machine's, when listening on all."""
    return socket.gethostname() if host in ("0.0.0.0", "::", "") else host
