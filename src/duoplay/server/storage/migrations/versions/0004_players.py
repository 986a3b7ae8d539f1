"""Players (an id kept by a cookie), their ratings per game and the matches they played.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "played",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("result", sa.Float(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=True),
        sa.Column("sigma", sa.Float(), nullable=True),
        sa.Column("before_mu", sa.Float(), nullable=True),
        sa.Column("before_sigma", sa.Float(), nullable=True),
        sa.Column("finished_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_played_player", "played", ["player_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("ix_played_player", "played")
    op.drop_table("played")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
    op.drop_table("players")
