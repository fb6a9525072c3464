"""Alembic migrations of the tracker's schema (run by :func:`bigblind.tracker.database.migrate`)."""
