"""The queue of a cluster, in its Redis: every instance takes joins and polls, and seats groups one
queue at a time (a short lock per queue), so two browsers on two instances meet.

Keys (under `duoplay:queue:`): `t:<id>` a ticket (JSON, expiring when not read), `o:<owner>` the
owner's live ticket id, `q:<queue>` the waiting ids by arrival, `queues` the queues with someone in
them, `turn:<queue>` the lock of whoever is seating people from it.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from collections.abc import AsyncIterator
from typing import Any

from duoplay.server.cluster.directory import PREFIX
from duoplay.server.matchmaking.tickets import WAITING, Ticket

BASE = PREFIX + "queue:"
QUEUES = BASE + "queues"
TURN_MS = 15_000  # longer than seating one table takes (a room stored and started); a crash frees it

# KEYS: the lock. ARGV: the holder's token. Frees the lock only if this holder still has it.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def _owner_key(owner: str) -> str:
    return BASE + "o:" + hashlib.sha256(owner.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class SharedQueue:
    """`QueueStore` in the cluster's Redis."""

    def __init__(self, redis: Any, ttl: float) -> None:
        self.redis = redis
        self.ttl_ms = max(1, int(ttl * 1000))
        self._release = redis.register_script(_RELEASE)

    async def put(self, ticket: Ticket) -> str | None:
        # SET ... GET: the owner's previous ticket and the new one's claim in one step, so two joins
        # at once never leave two live tickets.
        previous = await self.redis.set(_owner_key(ticket.owner), ticket.id, px=self.ttl_ms, get=True)
        if previous is not None and previous != ticket.id:
            await self._drop(previous, keep_owner=True)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(BASE + "t:" + ticket.id, ticket.to_text(), px=self.ttl_ms)
            pipe.zadd(BASE + "q:" + ticket.queue, {ticket.id: ticket.joined})
            pipe.sadd(QUEUES, ticket.queue)
            await pipe.execute()
        return previous if previous != ticket.id else None

    async def get(self, ticket_id: str) -> Ticket | None:
        text = await self.redis.get(BASE + "t:" + ticket_id)
        if text is None:
            return None
        ticket = Ticket.from_text(text)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.pexpire(BASE + "t:" + ticket_id, self.ttl_ms)
            pipe.pexpire(_owner_key(ticket.owner), self.ttl_ms)
            await pipe.execute()
        return ticket

    async def save(self, ticket: Ticket) -> None:
        await self.redis.set(BASE + "t:" + ticket.id, ticket.to_text(), xx=True, keepttl=True)

    async def remove(self, ticket_id: str) -> None:
        await self._drop(ticket_id, keep_owner=False)

    async def _drop(self, ticket_id: str, keep_owner: bool) -> None:
        text = await self.redis.get(BASE + "t:" + ticket_id)
        if text is None:
            return
        ticket = Ticket.from_text(text)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(BASE + "t:" + ticket_id)
            pipe.zrem(BASE + "q:" + ticket.queue, ticket_id)
            await pipe.execute()
        if not keep_owner:
            await self._release(keys=[_owner_key(ticket.owner)], args=[ticket_id])

    async def waiting(self, queue: str) -> list[Ticket]:
        ids: list[str] = await self.redis.zrange(BASE + "q:" + queue, 0, -1)
        if not ids:
            await self.redis.srem(QUEUES, queue)
            return []
        texts = await self.redis.mget([BASE + "t:" + ticket_id for ticket_id in ids])
        gone = [ticket_id for ticket_id, text in zip(ids, texts, strict=True) if text is None]
        if gone:  # expired: the page that held them was closed
            await self.redis.zrem(BASE + "q:" + queue, *gone)
        tickets = [Ticket.from_text(text) for text in texts if text is not None]
        return [ticket for ticket in tickets if ticket.state == WAITING]

    async def take(self, queue: str, ticket_ids: list[str]) -> None:
        if ticket_ids:
            await self.redis.zrem(BASE + "q:" + queue, *ticket_ids)

    async def put_back(self, ticket: Ticket) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(BASE + "q:" + ticket.queue, {ticket.id: ticket.joined})
            pipe.sadd(QUEUES, ticket.queue)
            await pipe.execute()

    async def queues(self) -> list[str]:
        found: set[str] = await self.redis.smembers(QUEUES)
        return sorted(found)

    @contextlib.asynccontextmanager
    async def turn(self, queue: str) -> AsyncIterator[bool]:
        key, token = BASE + "turn:" + queue, secrets.token_hex(8)
        held = bool(await self.redis.set(key, token, nx=True, px=TURN_MS))
        try:
            yield held
        finally:
            if held:
                await self._release(keys=[key], args=[token])

    async def close(self) -> None:
        pass
