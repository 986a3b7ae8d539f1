"""The passkey tables: each player's passkeys, the browsers a passkey signed in, and the open
ceremonies (a challenge waiting for its answer). Created by migration 0005; every row that names a
player goes with it (ON DELETE CASCADE)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from duoplay.server.identity.tables import PLAYER_ID_LENGTH, SECRET_HASH_LENGTH
from duoplay.server.storage.models import Base

CREDENTIAL_ID_LENGTH = 1400  # base64url of the largest id WebAuthn allows (1,023 bytes)
CEREMONY_ID_LENGTH = 32


class PasskeyModel(Base):
    __tablename__ = "passkeys"

    credential_id: Mapped[str] = mapped_column(String(CREDENTIAL_ID_LENGTH), primary_key=True)
    """base64url, as browsers name it."""
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class DeviceModel(Base):
    """A browser signed in with a passkey: its own cookie secret for the same player, so that signing
    in elsewhere never signs the first browser out."""

    __tablename__ = "player_devices"

    secret_hash: Mapped[str] = mapped_column(String(SECRET_HASH_LENGTH), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)


class CeremonyModel(Base):
    """A challenge given out and not yet answered: used once, then deleted; stale after
    `CEREMONY_SECONDS`. In the database, so any instance of a cluster can take the answer."""

    __tablename__ = "passkey_ceremonies"

    id: Mapped[str] = mapped_column(String(CEREMONY_ID_LENGTH), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))  # "register" or "sign_in"
    player_id: Mapped[str | None] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"), nullable=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    expires_at: Mapped[float] = mapped_column(Float, index=True)
