"""The player tables: players, their rating per game, and the matches each played.

Beside the room tables on the same metadata (`storage/models.py`); created by migration 0004. A later
migration may add tables that point at `players.id` (a passkey's credentials): deleting a player
deletes every row that points at it (ON DELETE CASCADE).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from duoplay.server.storage.models import Base

PLAYER_ID_LENGTH = 16
SECRET_HASH_LENGTH = 64  # SHA-256, hex


class PlayerModel(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(PLAYER_ID_LENGTH), primary_key=True)
    """Public: profile links and seats show it. Never the secret, which only the cookie holds."""
    secret_hash: Mapped[str] = mapped_column(String(SECRET_HASH_LENGTH), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)


class RatingModel(Base):
    """A player's current OpenSkill rating in one game (docs/server.md, Ratings)."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer)
    """Rated matches played: a rating with few is shown as provisional."""
    updated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_ratings_game", "game"),)


class PlayedModel(Base):
    """One seat of one finished match that a player held: the history, and the rating chart's points."""

    __tablename__ = "played"

    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    result: Mapped[float] = mapped_column(Float)
    """The game's result for the seat: 1 a win, 0 a loss, a share for a tie; 0 for one who left."""
    rank: Mapped[int] = mapped_column(Integer)
    """1 first; seats that tie share a rank."""
    rated: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)
    """The player left the match and a stand-in finished it: rated as a loss."""
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The rating after this match (None when it was not rated)."""
    before_mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    before_sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_played_player", "player_id", "finished_at"),)
