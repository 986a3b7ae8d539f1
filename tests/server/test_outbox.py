"""A connection's outbox: messages leave in order, the writer waits for the next one, and a
writer cancelled while it waits leaves the outbox usable."""

from __future__ import annotations

import asyncio

import pytest

from duoplay.server.outbox import Outbox

pytestmark = pytest.mark.asyncio


async def test_messages_leave_in_the_order_they_came_and_none_ends_the_writer() -> None:
    outbox = Outbox()
    written: list[str] = []

    async def writer() -> None:
        while (text := await outbox.get()) is not None:
            written.append(text)

    task = asyncio.create_task(writer())
    await asyncio.sleep(0)  # the writer waits: nothing queued yet
    for text in ("a", "b", "c"):
        outbox.put(text)
    await asyncio.sleep(0)
    outbox.put("d")
    outbox.put(None)
    outbox.put("after the end")
    await asyncio.wait_for(task, 1)
    assert written == ["a", "b", "c", "d"]
    assert len(outbox) == 1


async def test_a_writer_cancelled_while_it_waits_leaves_the_outbox_usable() -> None:
    outbox = Outbox()
    waiting = asyncio.create_task(outbox.get())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    outbox.put("next")
    assert await asyncio.wait_for(outbox.get(), 1) == "next"
