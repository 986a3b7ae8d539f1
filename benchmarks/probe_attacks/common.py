"""What the probe's attacks share: the server, clients bound to a loopback source address of their
own (each attack speaks from its own address, so one attack's per-address limits touch neither
another attack nor the victim room), and the tally of one attack."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets


@dataclass
class Server:
    http: str
    port: int

    @property
    def ws(self) -> str:
        return "ws" + self.http.removeprefix("http")


@dataclass
class Tally:
    """One attack: messages or connections tried, those the server refused, and what broke."""

    tried: int = 0
    refused: int = 0
    breaks: list[str] = field(default_factory=list)

    def broke(self, why: str) -> None:
        self.breaks.append(why)


def address(n: int) -> str:
    """A loopback source address: Linux routes all of 127/8 to this machine."""
    return f"127.0.0.{n}"


def http_client(server: Server, source: str, **options: Any) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=server.http, transport=transport, timeout=10, **options)


async def open_ws(server: Server, path: str, source: str, **options: Any) -> Any:
    return await websockets.connect(server.ws + path, local_addr=(source, 0), max_size=None,
                                    open_timeout=5, ping_interval=None, **options)


async def create_room(server: Server, source: str, body: dict[str, Any]) -> str:
    async with http_client(server, source) as client:
        answer = await client.post("/api/rooms", json=body)
        answer.raise_for_status()
        code: str = answer.json()["code"]
        return code


class Peer:
    """One WebSocket client of a room, remembering what it heard."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.token: str | None = None

    @classmethod
    async def join(cls, server: Server, code: str, source: str, name: str, token: str | None = None) -> Peer:
        peer = cls(await open_ws(server, f"/ws/{code}", source))
        await peer.send(type="hello", name=name, token=token)
        welcome = await peer.until("welcome")
        peer.seat, peer.token = welcome["seat"], welcome["token"]
        return peer

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.seen.append(message)
        return message

    async def until(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, end - time.monotonic()))
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        got = []
        with contextlib.suppress(TimeoutError):
            while True:
                got.append(await self.recv(seconds))
        return got

    async def sit(self, seat: int) -> None:
        await self.send(type="sit", seat=seat)
        seated = await self.until("seated")
        self.seat, self.token = seated["seat"], seated["token"]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()


async def latest_state(peer: Peer) -> dict[str, Any] | None:
    for message in await peer.quiet(0.3):
        if message["type"] == "state":
            return message
    states = [m for m in peer.seen if m["type"] == "state"]
    return states[-1] if states else None


async def duplik_drawing(server: Server, source: str) -> tuple[list[Peer], int]:
    """A three-seat Duplik room played to its drawing (whoever may act takes their first choice):
    the peers by seat and the Portrayer's seat."""
    code = await create_room(server, source, {"game": "duplik", "seats": 3})
    peers = [await Peer.join(server, code, source, name) for name in ("Ada", "Ben", "Cy")]
    for seat, peer in enumerate(peers):
        await peer.sit(seat)
    await peers[0].send(type="start")
    for _ in range(20):
        for peer in peers:
            state = await latest_state(peer)
            if state is None:
                continue
            if state["view"]["phase"] == "describe":
                return peers, int(state["view"]["portrayer"])
            if state["legal"]:
                await peer.send(type="action", action=state["legal"][0], version=state["version"])
    raise RuntimeError("the Duplik round never reached its drawing")
