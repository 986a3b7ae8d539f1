"""Messages between instances over Redis pub/sub: one channel per instance, read by that instance only.

A message is text: its kind, the sender's id and fields, separated by US (0x1f). What a room sends
to clients connected through another instance is batched: everything posted to one instance before
the event loop comes round again goes in one PUBLISH, as records separated by RS (0x1e). Neither
separator can occur inside the texts carried: they are JSON, which escapes every control character,
and a client's frame is passed on only after it parsed as (strict) JSON.

Order: one instance's messages to another arrive in the order they were published, and each is
awaited before the next from the same connection is sent; batches to one instance go out one at a
time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from duoplay.server.cluster.directory import PREFIX

log = logging.getLogger(__name__)

UNIT, RECORD = "\x1f", "\x1e"
OUT = "out"  # a batch of texts for connections at the receiving instance

Handler = Callable[[str, str, list[str]], Awaitable[None]]
"""Called with (kind, sender, fields) for each message; an `out` batch as (kind, sender, [k, text, ...])."""


def channel(instance: str) -> str:
    return f"{PREFIX}bus:{instance}"


class Bus:
    def __init__(self, redis: Any, instance: str, handle: Handler) -> None:
        self.redis = redis
        self.instance = instance
        self._handle = handle
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._boxes: dict[str, list[str]] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}

    async def start(self) -> None:
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(channel(self.instance))
        self._reader = asyncio.create_task(self._read(), name="cluster-bus")

    async def close(self) -> None:
        for task in [self._reader, *self._flushers.values()]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()

    async def tell(self, to: str, kind: str, *fields: str) -> None:
        """Publish one message to instance `to` (awaited: the next one from here comes after it)."""
        await self.redis.publish(channel(to), UNIT.join((kind, self.instance, *fields)))

    def post(self, to: str, connection: int, text: str) -> None:
        """Queue `text` for `connection` at instance `to`; sent with whatever else is queued for it."""
        box = self._boxes.get(to)
        if box is None:
            box = self._boxes[to] = []
        box.append(f"{connection}{UNIT}{text}")
        if to not in self._flushers:
            self._flushers[to] = asyncio.create_task(self._flush(to), name=f"cluster-out-{to}")

    async def _flush(self, to: str) -> None:
        try:
            while box := self._boxes.pop(to, None):
                payload = RECORD.join((f"{OUT}{UNIT}{self.instance}", *box))
                try:
                    await self.redis.publish(channel(to), payload)
                except Exception:
                    log.exception("could not send %d messages to instance %s", len(box), to)
        finally:
            del self._flushers[to]

    async def _read(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster bus: reading from Redis failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            data = message["data"]
            try:
                await self._dispatch(data if isinstance(data, str) else data.decode())
            except Exception:
                log.exception("cluster bus: could not handle a message")

    async def _dispatch(self, data: str) -> None:
        if data.startswith(OUT + UNIT):
            header, *records = data.split(RECORD)
            sender = header.split(UNIT, 1)[1]
            fields: list[str] = []
            for record in records:
                fields.extend(record.split(UNIT, 1))
            await self._handle(OUT, sender, fields)
            return
        kind, sender, *fields = data.split(UNIT)
        await self._handle(kind, sender, fields)
