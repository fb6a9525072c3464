"""The tracker's tables: files read, hands, and each player's facts of a hand.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

FLAGS = [
    "won",
    "vpip",
    "pfr",
    "three_bet_opp",
    "three_bet",
    "fold_to_three_bet_opp",
    "fold_to_three_bet",
    "four_bet_opp",
    "four_bet",
    "steal_opp",
    "steal",
    "fold_to_steal_opp",
    "fold_to_steal",
    "cbet_flop_opp",
    "cbet_flop",
    "cbet_turn_opp",
    "cbet_turn",
    "fold_to_cbet_flop_opp",
    "fold_to_cbet_flop",
    "fold_to_cbet_turn_opp",
    "fold_to_cbet_turn",
    "bets",
    "calls",
    "folds",
    "saw_flop",
    "showdown",
    "won_showdown",
]


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "tracker_files",
        sa.Column("path", sa.String(1000), primary_key=True),
        sa.Column("size", sa.BigInteger, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("offset", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "tracker_hands",
        sa.Column("id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("site", sa.String(40), nullable=False),
        sa.Column("number", sa.String(40), nullable=False),
        sa.Column("game", sa.String(80), nullable=False),
        sa.Column("stakes", sa.String(60), nullable=False),
        sa.Column("big_blind", sa.BigInteger, nullable=False),
        sa.Column("played_at", sa.DateTime, nullable=True),
        sa.Column("board", sa.String(40), nullable=False),
        sa.Column("players", sa.SmallInteger, nullable=False),
        sa.Column("allin", sa.SmallInteger, nullable=False),
        sa.Column("file", sa.String(1000), nullable=False),
    )
    op.create_table(
        "tracker_player_hands",
        sa.Column("hand_id", sa.BigInteger, sa.ForeignKey("tracker_hands.id"), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True),
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("position", sa.String(8), nullable=False),
        sa.Column("cards", sa.String(40), nullable=False),
        sa.Column("game", sa.String(80), nullable=False),
        sa.Column("stakes", sa.String(60), nullable=False),
        sa.Column("played_at", sa.DateTime, nullable=True),
        sa.Column("big_blind", sa.BigInteger, nullable=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("ev_net", sa.Float, nullable=False),
        sa.Column("allin", sa.SmallInteger, nullable=False),
        *(sa.Column(name, sa.SmallInteger, nullable=False) for name in FLAGS),
        sqlite_with_rowid=False,  # one player's hands together, by the key's order
    )
    op.create_index("tracker_player_hands_hand", "tracker_player_hands", ["hand_id"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_index("tracker_player_hands_hand", "tracker_player_hands")
    op.drop_table("tracker_player_hands")
    op.drop_table("tracker_hands")
    op.drop_table("tracker_files")
