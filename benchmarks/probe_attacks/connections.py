"""Attacks on connections: bodies that never finish, floods of bad frames from one address, and
pages of another site that made their name resolve to this server (DNS rebinding)."""

from __future__ import annotations

import asyncio
import contextlib
import time

import httpx
import websockets

from probe_attacks.common import Server, Tally, create_room, http_client, open_ws

SLOW_BODIES = 50
FLOODERS = 16
MEGABYTE = "x" * 1_000_000


async def slow_bodies(server: Server, seconds: float, source: str, body_timeout: float) -> Tally:
    """50 sockets each promise a 100-byte room request and send 1 byte, as many places as one
    address may hold: each must be answered (408) and closed once its body is late, after which
    /healthz from the same address answers again."""
    tally = Tally()
    head = (f"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json"
            "\r\nContent-Length: 100\r\n\r\n{").encode()
    sockets = []
    for _ in range(SLOW_BODIES):
        tally.tried += 1
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))
        except OSError:
            tally.refused += 1
            continue
        writer.write(head)
        sockets.append((reader, writer))
    # However short the attack, the bodies get their deadline and a margin for a busy machine.
    wait = max(seconds, body_timeout + 3)

    async def answered(reader: asyncio.StreamReader) -> bool:
        with contextlib.suppress(TimeoutError, OSError):
            data = await asyncio.wait_for(reader.read(64), wait)
            return data == b"" or data.startswith(b"HTTP/1.1 4")  # the server gave up on the body
        return False

    given_up = await asyncio.gather(*(answered(reader) for reader, _ in sockets))
    tally.refused += sum(given_up)
    for _, writer in sockets:
        writer.close()
    if not all(given_up):
        tally.broke(f"{given_up.count(False)} slow bodies still held their place after {wait:.0f} s")
    async with http_client(server, source) as client:
        try:
            answer = (await client.get("/healthz", timeout=5)).status_code
            failure = "" if answer == 200 else f"HTTP {answer}"
        except httpx.HTTPError as error:
            failure = type(error).__name__
    if failure:
        tally.broke(f"/healthz from the same address after the slow bodies: {failure}")
    return tally


async def _flood_once(server: Server, code: str, source: str, tally: Tally) -> None:
    try:
        ws = await open_ws(server, f"/ws/{code}", source)
    except (OSError, websockets.InvalidHandshake, TimeoutError):
        tally.tried += 1
        tally.refused += 1  # refused before it opened
        await asyncio.sleep(0.05)
        return
    frames = ('{"v": 1, "type": "hel', MEGABYTE)
    sent = answered = 0
    closed = False
    try:
        for frame in frames:
            await ws.send(frame)
            sent += 1
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1):
                async for _ in ws:
                    answered += 1  # an error for a frame
                    if answered == len(frames):
                        break
        closed = ws.close_code is not None
    except websockets.ConnectionClosed:
        closed = True
    finally:
        await ws.close()
    tally.tried += max(sent, 1)
    tally.refused += max(sent, 1) if closed else min(answered, sent)  # a close refuses what it did not answer


async def floods(server: Server, seconds: float, source: str) -> Tally:
    """Many sockets from one address reconnecting again and again, each sending a bit of broken
    JSON and a 1 MB frame. What breaks here is the victim's latency, or the server."""
    tally = Tally()
    code = await create_room(server, source, {"game": "uno-duo"})
    end = time.monotonic() + seconds

    async def flooder() -> None:
        while time.monotonic() < end:
            await _flood_once(server, code, source, tally)

    await asyncio.gather(*(flooder() for _ in range(FLOODERS)))
    return tally


async def rebinding(server: Server, seconds: float, source: str) -> Tally:
    """A page of evil.example whose name resolves to this server sends its own name as Host and
    Origin: rooms and sockets must be refused."""
    tally = Tally()
    evil = {"Host": "evil.example:8634", "Origin": "http://evil.example:8634"}
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    code = await create_room(server, source, {"game": "uno-duo"})
    end = time.monotonic() + min(seconds, 2)
    async with http_client(server, source) as client:
        while time.monotonic() < end:
            tries = (("POST", "/api/rooms", evil), ("GET", f"/ws/{code}", {**evil, **upgrade}))
            for method, path, headers in tries:
                tally.tried += 1
                answer = await client.request(method, path, headers=headers,
                                              json={"game": "duos"} if method == "POST" else None)
                if answer.status_code in (400, 403):
                    tally.refused += 1
                else:
                    tally.broke(f"{method} {path} with Host evil.example: {answer.status_code}")
                    return tally
            await asyncio.sleep(0.1)
    return tally
