"""Issue 32, second probe: a request body that never comes holds no place for long.

Fifty sockets each promising a 100-byte body and sending one byte took every place one address
may hold (`--http-connections-per-address`, 50) for as long as they liked; now a body has
`--body-timeout` seconds once its headers are in, after which the answer is 408 and the place is free.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from tests.security.addresses import http_from, strict_server
from tests.server.support import ServerProcess

pytestmark = pytest.mark.live

BODY_TIMEOUT = 1.0
SOCKETS = 50  # the default cap of connections per address


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from strict_server(tmp_path_factory.mktemp("bodies"), "--body-timeout", str(BODY_TIMEOUT))


async def _one_byte_of_a_body(server: ServerProcess) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    where = urlsplit(server.http)
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    writer.write(b"POST /api/rooms HTTP/1.1\r\nHost: " + where.netloc.encode()
                 + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    await writer.drain()
    return reader, writer


@pytest.mark.asyncio
async def test_bodies_that_stall_are_answered_408_and_free_their_places(server: ServerProcess) -> None:
    before = server.log_text().count("Traceback")
    stalled = [await _one_byte_of_a_body(server) for _ in range(SOCKETS)]
    started = time.monotonic()
    # Each hears 408 and is closed; 5 s leaves a margin of four deadlines on a busy machine.
    answers = await asyncio.wait_for(asyncio.gather(*(reader.read() for reader, _ in stalled)), 5.0)
    assert all(answer.startswith(b"HTTP/1.1 408") and b'"body_timeout"' in answer for answer in answers)
    assert time.monotonic() - started >= BODY_TIMEOUT * 0.5  # not at once: they had their time
    for _, writer in stalled:
        writer.close()
    # The same address is served again: the places are free.
    async with http_from("127.0.0.1") as client:
        assert (await client.get(server.http + "/healthz")).status_code == 200
        assert (await client.post(server.http + "/api/rooms", json={"game": "uno-duo"})).status_code == 201
    assert server.log_text().count("Traceback") == before


@pytest.mark.asyncio
async def test_a_slow_body_that_arrives_within_the_deadline_is_served(server: ServerProcess) -> None:
    reader, writer = await _one_byte_of_a_body(server)
    body = b'"game": "uno-duo"}'.ljust(99)
    writer.write(body)  # the rest, well within the deadline
    await writer.drain()
    answer = await asyncio.wait_for(reader.readuntil(b"\r\n"), 5.0)
    assert answer.startswith(b"HTTP/1.1 201")
    writer.close()
