"""Actions get the time the room accepted them: a room resumed after a crash counts its wait on from it.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable, so rows stored before it stay as they are (their wait starts afresh on resume).
    op.add_column("actions", sa.Column("accepted_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("accepted_at")
