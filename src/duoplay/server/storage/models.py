"""The three tables: rooms (lobby and seats), matches (headers) and actions (the logs)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class RoomModel(Base):
    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # One object per seat: name, kind, level, token hash, away (a bot stands in).
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    # Bumped by each process that claims the room on a cluster; writes carry the one they hold (a fence).
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class MatchModel(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_code: Mapped[str] = mapped_column(String(16), index=True)
    game: Mapped[str] = mapped_column(String(64))
    seats: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    names: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    finished: Mapped[bool] = mapped_column(default=False)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class ActionModel(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1 for the first accepted action: the match's version once this action is applied."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # When the room accepted it (wall-clock seconds): a resumed room counts a wait on from it.
    # None on rows stored before this was kept.
    accepted_at: Mapped[float | None] = mapped_column(Float, nullable=True)
