"""Alembic's entry point: migrate over the connection the tracker hands in.

The revisions are counted in a table of their own (``tracker_alembic_version``),
so that the tracker's tables may share a database with the room's.
Imported outside Alembic (by a doctest collector, say) it does nothing.
"""

from __future__ import annotations

from alembic import context

from bigblind.tracker.schema import metadata

VERSION_TABLE = "tracker_alembic_version"


def run() -> None:
    """Run the migrations in the connection :func:`bigblind.tracker.database.migrate` passes."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata, version_table=VERSION_TABLE)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):
    run()
