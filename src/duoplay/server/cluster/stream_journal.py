"""The live streams of a cluster's rooms, kept in Redis as well, so that the instance taking over a
room from one that died carries them on (a drawing as it was drawn, the text typed so far).

A room keeps its streams in memory (`streams.StreamRelay`): what was streamed and not yet committed
would die with its instance. Here, each stream message the owner keeps is appended to its match's
list (`streams:{match id}`) before it is relayed, so whatever a client saw echoed back outlives the
owner; a stream the game has committed gets a closing record. The new owner replays the list
(`load`) and the room holds again what the old one held. A list lives a day after its last message.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from redis.exceptions import RedisError

from duoplay.server.cluster.directory import PREFIX
from duoplay.server.streams import Key

log = logging.getLogger(__name__)

KEPT_FOR_MS = 24 * 3600 * 1000


def journal_key(match_id: str) -> str:
    return f"{PREFIX}streams:{match_id}"


class StreamJournal:
    def __init__(self, redis: Any) -> None:
        self.redis = redis

    async def kept(self, match_id: str, seat: int, channel: str, data: Any) -> None:
        await self._append(match_id, [seat, channel, data])

    async def closed(self, match_id: str, seat: int, channel: str) -> None:
        await self._append(match_id, [seat, channel])

    async def load(self, match_id: str) -> dict[Key, list[Any]]:
        """Each stream still open in the list, with what it carried, in order."""
        kept: dict[Key, list[Any]] = {}
        try:
            records = await self.redis.lrange(journal_key(match_id), 0, -1)
        except RedisError:
            log.warning("match %s: its live streams could not be read; they start afresh", match_id)
            return kept
        for record in records:
            seat, channel, *data = json.loads(record)
            if data:
                kept.setdefault((seat, channel), []).append(data[0])
            else:
                kept.pop((seat, channel), None)
        return kept

    async def _append(self, match_id: str, record: list[Any]) -> None:
        key = journal_key(match_id)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.rpush(key, json.dumps(record, separators=(",", ":")))
                pipe.pexpire(key, KEPT_FOR_MS)
                await pipe.execute()
        except RedisError:
            # The stream goes on in the room; only a take-over would start it afresh.
            log.warning("match %s: a live stream message could not be kept in Redis", match_id)
