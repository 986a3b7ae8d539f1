"""The open-room list of the whole cluster, in Redis: waiting rooms with an empty seat, newest first.

A sorted set (code by creation time) and a hash (code -> the room's summary as JSON). The instance that
owns a room keeps its entry current: after each stored change of seats or status it queues the room,
and one task writes the latest summary of every queued room (so a burst of changes costs one write).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.server.cluster.directory import PREFIX
from duoplay.server.lobby import WAITING

log = logging.getLogger(__name__)

ORDER, SUMMARIES = PREFIX + "open", PREFIX + "open:rooms"

Summary = Callable[[], tuple[JSON, float] | None]
"""A room's summary and creation time now, or None once it is gone from this instance."""


def is_open(summary: JSON) -> bool:
    return summary["status"] == WAITING and any(seat["kind"] == "empty" for seat in summary["seats"])


class OpenRooms:
    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self._queued: dict[str, Summary] = {}
        self._writer: asyncio.Task[None] | None = None

    async def show(self, summary: JSON, created_at: float) -> None:
        """List the room if it is open, else take it off the list."""
        code = summary["code"]
        async with self.redis.pipeline(transaction=True) as pipe:
            if is_open(summary):
                pipe.zadd(ORDER, {code: created_at})
                pipe.hset(SUMMARIES, code, json.dumps(summary, separators=(",", ":")))
            else:
                pipe.zrem(ORDER, code)
                pipe.hdel(SUMMARIES, code)
            await pipe.execute()

    async def hide(self, code: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(ORDER, code)
            pipe.hdel(SUMMARIES, code)
            await pipe.execute()

    def changed(self, code: str, summary: Summary) -> None:
        """The room changed: write its entry soon (the latest summary then)."""
        self._queued[code] = summary
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write(), name="cluster-open-rooms")

    async def _write(self) -> None:
        while self._queued:
            code, summary = next(iter(self._queued.items()))
            del self._queued[code]
            try:
                now = summary()
                await (self.hide(code) if now is None else self.show(*now))
            except Exception:
                log.exception("could not update the open-room list for %s", code)

    async def page(self, offset: int, limit: int | None) -> tuple[list[JSON], int]:
        stop = -1 if limit is None else offset + limit - 1
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrevrange(ORDER, offset, stop)
            pipe.zcard(ORDER)
            codes, total = await pipe.execute()
        if not codes:
            return [], int(total)
        found = await self.redis.hmget(SUMMARIES, codes)
        return [json.loads(text) for text in found if text is not None], int(total)

    async def close(self) -> None:
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
