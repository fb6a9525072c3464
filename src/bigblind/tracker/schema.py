"""The tracker's database schema: files read, hands, and each player's facts of a hand.

``player_hands`` repeats the hand's stakes, game, date and big blind beside
each player's flags, so that every statistic, by any filter, is one query of
one table.

>>> sorted(hands.c.keys())[:4]
['allin', 'big_blind', 'board', 'file']
>>> "vpip" in player_hands.c and "net" in player_hands.c
True
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    MetaData,
    SmallInteger,
    String,
    Table,
)

from bigblind.tracker.facts import FLAGS

__all__ = ["files", "hands", "metadata", "player_hands"]

metadata = MetaData()

files = Table(
    "tracker_files",
    metadata,
    Column("path", String(1000), primary_key=True),
    Column("size", BigInteger, nullable=False),
    Column("digest", String(64), nullable=False),
    Column("offset", BigInteger, nullable=False),
)
"""Each file read: its size and the SHA-256 of those bytes, and where to read on from."""

hands = Table(
    "tracker_hands",
    metadata,
    Column("id", BigInteger, primary_key=True, autoincrement=False),
    Column("key", String(200), nullable=False, unique=True),
    Column("site", String(40), nullable=False),
    Column("number", String(40), nullable=False),
    Column("game", String(80), nullable=False),
    Column("stakes", String(60), nullable=False),
    Column("big_blind", BigInteger, nullable=False),
    Column("played_at", DateTime, nullable=True),
    Column("board", String(40), nullable=False),
    Column("players", SmallInteger, nullable=False),
    Column("allin", SmallInteger, nullable=False),
    Column("file", String(1000), nullable=False),
)

player_hands = Table(
    "tracker_player_hands",
    metadata,
    # The player first: one player's hands lie together (SQLite: without a rowid), so
    # their statistics are one sequential read.
    Column("player", String(100), primary_key=True),
    Column("hand_id", BigInteger, ForeignKey("tracker_hands.id"), primary_key=True),
    Column("seat", SmallInteger, primary_key=True),
    Column("position", String(8), nullable=False),
    Column("cards", String(40), nullable=False),
    Column("game", String(80), nullable=False),
    Column("stakes", String(60), nullable=False),
    Column("played_at", DateTime, nullable=True),
    Column("big_blind", BigInteger, nullable=False),
    Column("net", BigInteger, nullable=False),
    Column("ev_net", Float, nullable=False),
    Column("allin", SmallInteger, nullable=False),
    *(Column(name, SmallInteger, nullable=False) for name in FLAGS),
    Index("tracker_player_hands_hand", "hand_id"),
    sqlite_with_rowid=False,
)
