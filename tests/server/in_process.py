"""A real server in the test's own process (uvicorn in the test's event loop), for tests that
look at what it holds (its rooms) or set what the command line does not (its config); clients
talk to it over real HTTP and WebSockets, and rooms are stored in a real SQLite file."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from tests.server.support import free_port

from duoplay.server.app import create_app
from duoplay.server.config import ServerConfig
from duoplay.server.rooms import LocalRooms


@dataclass
class LiveServer:
    app: Starlette
    port: int

    @property
    def rooms(self) -> LocalRooms:
        rooms: LocalRooms = self.app.state.rooms
        return rooms

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    async def create(self, **options: Any) -> str:
        async with httpx.AsyncClient() as client:
            answer = await client.post(self.http + "/api/rooms", json={"game": "uno-duo", "options": options})
        assert answer.status_code == 201
        return str(answer.json()["code"])

    async def get(self, path: str) -> Any:
        async with httpx.AsyncClient() as client:
            answer = await client.get(self.http + path)
        assert answer.status_code == 200
        return answer.json()


class ManualClock:
    """The time idle rooms are measured by, moved on by the test instead of waited for."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextlib.asynccontextmanager
async def live_server(
    database: str, room_idle: float = 1800.0, clock: ManualClock | None = None, **settings: Any
) -> AsyncIterator[LiveServer]:
    settings.setdefault("room_limit_exempt", ("127.0.0.1", "::1"))  # many rooms come from here
    config = ServerConfig(
        database_url=database, bot_pace=0.0, replace_after=3600.0, room_idle=room_idle, **settings
    )
    app = create_app(config)
    # The server tunes the garbage collector for a long-lived process; put it back for the tests after.
    thresholds, callbacks = gc.get_threshold(), list(gc.callbacks)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
            raise RuntimeError("the server stopped before it started")
        await asyncio.sleep(0.02)
    live = LiveServer(app, port)
    if clock is not None:
        live.rooms.clock = clock
    try:
        yield live
    finally:
        server.should_exit = True
        await task
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.callbacks[:] = callbacks


async def eventually(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.02)
    return True
