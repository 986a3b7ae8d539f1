"""Event-log storage: each match is its header plus the append-only log of accepted actions."""

from duoplay.server.storage.store import Fence, Fenced, RoomRow, Storage, StoredMatch

__all__ = ["Fence", "Fenced", "RoomRow", "Storage", "StoredMatch"]
