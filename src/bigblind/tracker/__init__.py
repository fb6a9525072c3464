"""A tracker of one's own play: a database of hands, their statistics, all-in luck and leaks.

Hands of every history bigblind reads are stored once each
(:mod:`bigblind.tracker.database`), with each player's facts computed at import
(:mod:`bigblind.tracker.facts`), so that the statistics
(:mod:`bigblind.tracker.stats`) are queries. The database is SQLite by default,
or any SQLAlchemy URL (PostgreSQL); it needs the ``server`` extra.
"""
