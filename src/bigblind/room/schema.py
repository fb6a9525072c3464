"""The database schema of the event store: one row per room event.

The room id and the event's number make the key, so an event can never be
stored twice or out of place; ``data`` is the event as JSON text.

>>> sorted(room_events.c.keys())
['data', 'room_id', 'seq', 'type']
"""

from __future__ import annotations

from sqlalchemy import Column, Integer, MetaData, String, Table, Text

__all__ = ["cluster_nodes", "cluster_rooms", "metadata", "room_events"]

metadata = MetaData()

room_events = Table(
    "room_events",
    metadata,
    Column("room_id", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("type", String(32), nullable=False),
    Column("data", Text, nullable=False),
)

# Rooms on several processes (bigblind.room.cluster): who may be sent to, and what to own.
cluster_nodes = Table(
    "cluster_nodes",
    metadata,
    Column("node_id", String(64), primary_key=True),
    Column("address", String(200), nullable=False),
    Column("pid", Integer, nullable=False),
)

cluster_rooms = Table("cluster_rooms", metadata, Column("room_id", String(64), primary_key=True))
