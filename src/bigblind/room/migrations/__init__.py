"""Alembic migrations of the event store's schema (run by :func:`bigblind.room.store.migrate`)."""
