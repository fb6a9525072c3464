"""The cluster's tables: the processes serving rooms, and every room's id.

Which process owns a room is not stored: it is whoever holds the room's
PostgreSQL advisory lock. ``cluster_nodes`` maps a lock holder's backend pid
to the address clients are sent to; ``cluster_rooms`` lists the rooms to own
without scanning every event.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the cluster tables and list the rooms already stored."""
    op.create_table(
        "cluster_nodes",
        sa.Column("node_id", sa.String(64), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
    )
    op.create_table("cluster_rooms", sa.Column("room_id", sa.String(64), primary_key=True))
    op.execute("INSERT INTO cluster_rooms (room_id) SELECT DISTINCT room_id FROM room_events")


def downgrade() -> None:
    """Drop the cluster tables."""
    op.drop_table("cluster_rooms")
    op.drop_table("cluster_nodes")
