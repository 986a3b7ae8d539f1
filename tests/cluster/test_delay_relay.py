"""The cluster benchmark's delaying relay (benchmarks/delay_relay.py), as its links use it: a round trip
takes at least twice its delay, bytes pass unchanged both ways, a slow receiver holds the sender back,
and when one side closes both are closed."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tests.cluster.support import run_apart

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "delay_relay.py"
DELAY = 0.02  # long beside the loop's timer granularity (about a millisecond), so the bounds below are clear

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def _relay_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("delay_relay", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["delay_relay"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


relay_module = _relay_module()


@asynccontextmanager
async def relayed(handler: Handler, delay: float = DELAY) -> AsyncIterator[tuple[int, Any]]:
    """A server running `handler` behind a relay; the relay's port and its record of what it held."""
    server = await asyncio.start_server(handler, "127.0.0.1", 0)
    target = server.sockets[0].getsockname()[:2]
    holds = relay_module.Holds()
    relays = await relay_module.start([(("127.0.0.1", 0), target)], delay, holds)
    try:
        yield relays[0].sockets[0].getsockname()[1], holds
    finally:
        for each in (*relays, server):
            each.close()


async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(65536):
        writer.write(data)
        await writer.drain()
    writer.close()


def test_a_round_trip_takes_twice_the_delay_and_bytes_come_back_unchanged() -> None:
    async def scenario() -> None:
        async with relayed(echo) as (port, holds):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            started = time.monotonic()
            writer.write(b"ping")
            assert await reader.readexactly(4) == b"ping"
            assert time.monotonic() - started >= 2 * DELAY

            payload = os.urandom(3 * 1024 * 1024)  # many chunks each way, in order
            writer.write(payload)
            assert await reader.readexactly(len(payload)) == payload
            # Chunks in flight overlap: twenty pings sent 5 ms apart (the sender's pace, so that they
            # travel as chunks of their own) are all back one round trip after the last was sent, not
            # twenty round trips after the first (a wide margin over 2 x 20 ms for a busy machine).
            chunks_before = holds.chunks
            for number in range(20):
                writer.write(b"%02d" % number)
                await asyncio.sleep(0.005)
            last_sent = time.monotonic()
            assert await reader.readexactly(40) == b"".join(b"%02d" % n for n in range(20))
            assert time.monotonic() - last_sent < 5 * DELAY
            assert holds.chunks - chunks_before >= 20  # both ways: they did not travel as one chunk
            writer.close()
            assert holds.chunks > 2 and holds.total / holds.chunks >= DELAY

    run_apart(scenario())


def test_when_the_client_closes_the_server_side_is_closed_after_what_was_in_flight() -> None:
    async def scenario() -> None:
        received: asyncio.Queue[bytes] = asyncio.Queue()

        async def collect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await received.put(await reader.read())  # everything, until the relay closes this side
            writer.close()

        async with relayed(collect) as (port, _):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"last words")
            writer.close()
            assert await asyncio.wait_for(received.get(), 10) == b"last words"

    run_apart(scenario())


def test_when_the_server_closes_the_client_gets_its_last_bytes_then_the_end() -> None:
    async def scenario() -> None:
        async def farewell(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(b"bye")
            writer.close()

        async with relayed(farewell) as (port, _):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            assert await asyncio.wait_for(reader.read(), 10) == b"bye"  # read() returns at the end
            assert reader.at_eof()
            # The relay closed the client's side too: writing to it soon fails.
            with pytest.raises(ConnectionError):
                while True:
                    writer.write(b"x" * 65536)
                    await asyncio.wait_for(writer.drain(), 10)

    run_apart(scenario())


async def stopped_reading(holds: Any) -> None:
    while holds.pauses == 0:
        await asyncio.sleep(0.01)  # polls the relay's state: it stops reading once it holds its limit


def test_a_slow_receiver_stops_the_relay_reading_and_everything_still_arrives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(relay_module, "HELD_BYTES", 256 * 1024)

    async def scenario() -> None:
        may_read = asyncio.Event()
        received: asyncio.Queue[bytes] = asyncio.Queue()

        async def slow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await may_read.wait()
            await received.put(await reader.readexactly(len(payload)))
            writer.close()

        # More than the sockets' buffers on both sides of the relay hold, so the relay must stop reading.
        payload = os.urandom(48 * 1024 * 1024)
        async with relayed(slow, delay=0.001) as (port, holds):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(payload)
            await asyncio.wait_for(stopped_reading(holds), 60)
            held_at_pause = holds.most_bytes
            may_read.set()
            assert await asyncio.wait_for(received.get(), 60) == payload
            # One read past the limit at most (the loop reads up to 256 KiB at a time).
            assert held_at_pause <= 2 * relay_module.HELD_BYTES
            assert holds.most_bytes <= 2 * relay_module.HELD_BYTES
            writer.close()

    run_apart(scenario())
