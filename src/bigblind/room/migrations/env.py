"""Alembic's entry point: migrate over the connection the store hands in.

Imported outside Alembic (by a doctest collector, say) it does nothing.
"""

from __future__ import annotations

from alembic import context

from bigblind.room.schema import metadata


def run() -> None:
    """Run the migrations in the connection :func:`bigblind.room.store.migrate` passes."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):
    run()
