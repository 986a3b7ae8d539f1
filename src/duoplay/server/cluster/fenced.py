"""The storage one claimed room writes through: each write carries the room's fence.

A room (`duoplay.server.room.Room`) stores through this object as it would through `Storage`. Every
write it makes (seats, a new match, an action) commits only while the room's generation in the
database is the one this instance claimed; if another instance has claimed the room since, the write
fails with `Fenced`, the room is told it is lost (and leaves this instance), and the caller sees the
failure as any failed write: the action was not played. Reads, and anything else, go to `Storage`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.protocol import JSON
from duoplay.server.storage import Fence, Fenced, Storage
from duoplay.server.storage.store import Statement


class FencedStore:
    def __init__(
        self, storage: Storage, fence: Fence, changed: Callable[[], None], lost: Callable[[], None]
    ) -> None:
        self.storage = storage
        self.fence = fence
        self._changed = changed
        self._lost = lost

    async def _fenced(self, write: Awaitable[None]) -> None:
        try:
            await write
        except Fenced:
            self._lost()
            raise

    async def update_room(self, code: str, seats: list[JSON], status: str, match_id: str | None) -> None:
        await self._fenced(self.storage.update_room(code, seats, status, match_id, self.fence))
        self._changed()

    async def create_match(
        self, match_id: str, room_code: str, header: MatchHeader, names: list[Any], created_at: float
    ) -> None:
        write = self.storage.create_match(match_id, room_code, header, names, created_at, self.fence)
        await self._fenced(write)

    async def append_action(self, match_id: str, version: int, entry: LogEntry, outcome: JSON | None,
                            also: tuple[Statement, ...] = ()) -> None:
        await self._fenced(self.storage.append_action(match_id, version, entry, outcome, self.fence,
                                                      also=also))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)
