"""The ``--database`` option of every ``bigblind track`` subcommand, and its opening."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from bigblind.tracker.database import Database

__all__ = ["add_database", "open_database"]


def add_database(command: argparse.ArgumentParser) -> None:
    """Declare ``--database URL``."""
    command.add_argument(
        "--database",
        metavar="URL",
        help=(
            "an SQLAlchemy URL (sqlite:///FILE, postgresql+psycopg://user@host/db); by default"
            " an SQLite file in the user's data directory"
        ),
    )


def open_database(args: argparse.Namespace, err: TextIO) -> Database | None:
    """The database ``--database`` names (or the default one); None, said on ``err``,
    when it cannot be opened."""
    from bigblind.tracker.database import Database, DatabaseError, default_database_url

    try:
        return Database(args.database or default_database_url())
    except DatabaseError as error:
        print(f"bigblind track: {error}", file=err)
        return None
