"""Passkeys: a player's passkeys, the browsers they signed in, and open ceremonies.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _player_id() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id", ondelete="CASCADE"),
                     nullable=False)


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(1400), primary_key=True),
        _player_id(),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_passkeys_player_id", "passkeys", ["player_id"])
    op.create_table(
        "player_devices",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        _player_id(),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_player_devices_player_id", "player_devices", ["player_id"])
    op.create_table(
        "passkey_ceremonies",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("challenge", sa.LargeBinary(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_passkey_ceremonies_expires_at", "passkey_ceremonies", ["expires_at"])


def downgrade() -> None:
    op.drop_table("passkey_ceremonies")
    op.drop_table("player_devices")
    op.drop_table("passkeys")
