"""Clients with an address of their own: Linux answers on all of 127.0.0.0/8, so a socket bound to
127.0.0.2 reaches a server on 127.0.0.1 as a client the server has not seen from 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets
from tests.server.support import Peer, ServerProcess, running_server


def http_from(address: str, timeout: float = 10.0) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address), timeout=timeout)


async def socket_from(address: str, url: str, headers: dict[str, str] | None = None) -> Peer:
    """A WebSocket from `address` that has said nothing yet."""
    return Peer(await websockets.connect(url, local_addr=(address, 0), additional_headers=headers,
                                         max_size=None))


async def join_from(address: str, url: str, name: str, headers: dict[str, str] | None = None) -> Peer:
    """A spectator from `address`, welcomed into the room."""
    peer = await socket_from(address, url, headers)
    await peer.send(type="hello", name=name, token=None)
    await peer.until("welcome")
    return peer


async def closed_with(peer: Peer, timeout: float = 5.0) -> tuple[list[dict[str, Any]], int | None, str]:
    """Every message until the server closes the socket (or `timeout` runs out: the code is then
    None), and its close code and reason."""
    got: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(timeout):
            async for text in peer.ws:
                got.append(json.loads(text))
    except websockets.ConnectionClosed:
        pass
    except TimeoutError:
        return got, None, ""
    return got, peer.ws.close_code, peer.ws.close_reason or ""


def strict_server(workdir: Path, *extra: str) -> Iterator[ServerProcess]:
    """A server whose per-address limits apply to this machine too (`--room-limit-exempt` with no
    address), with `extra` options."""
    database = f"sqlite+aiosqlite:///{workdir / 'duoplay.db'}"
    with running_server(database, workdir, "--room-limit-exempt", *extra) as process:
        yield process
