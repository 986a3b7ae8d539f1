"""The ASGI app: HTTP API, the web client's files and one WebSocket per client (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import time
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from duoplay.bots.pool import BotPool
from duoplay.core.declared import describe
from duoplay.core.json import has_lone_surrogates
from duoplay.core.registry import find_game, game_ids
from duoplay.server import protocol as wire
from duoplay.server.config import ServerConfig, normalize_database_url
from duoplay.server.protocol import ProtocolError
from duoplay.server.ratelimit import TokenBuckets, retry_after_header
from duoplay.server.rooms import LocalRooms, RoomError, RoomService
from duoplay.server.storage import Storage
from duoplay.server.storage.migrate import upgrade_async
from duoplay.server.watchdog import watch_gc, watch_loop

log = logging.getLogger(__name__)

GC_THRESHOLDS = (5000, 20, 100)  # CPython's defaults are (700, 10, 10); see the lifespan below
MAX_BODY = 64 * 1024  # a room request is a few hundred bytes
MAX_OUTBOX = 1000  # messages waiting for a client that does not read; past this it is dropped
CLOSE_ROOM_NOT_FOUND = 4404
CLOSE_POLICY = 1008

_PLACEHOLDER = """<!doctype html><html><head><meta charset="utf-8"><title>duoplay</title></head>
<body><p>The duoplay server is running, but the web client is not installed.</p></body></html>"""


def error_response(
    code: str, message: str, status: int, headers: dict[str, str] | None = None,
    template: str | None = None, params: dict[str, Any] | None = None,
) -> JSONResponse:
    """`{"error": {"code", "message", "msg", "params"}}`: `msg` is the message id clients translate."""
    body = {"code": code, "message": message, "msg": template or message, "params": params or {}}
    return JSONResponse({"error": body}, status_code=status, headers=headers)


def room_error_response(error: RoomError, headers: dict[str, str] | None = None) -> JSONResponse:
    return error_response(error.code, error.message, error.status, headers,
                          template=error.template, params=error.params)


def games_list() -> list[dict[str, Any]]:
    return [describe(find_game(game_id)) for game_id in game_ids()]


def _rooms(request: Request | WebSocket) -> RoomService:
    rooms: RoomService = request.app.state.rooms
    return rooms


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def list_games(request: Request) -> Response:
    return JSONResponse(request.app.state.games)


async def create_room(request: Request) -> Response:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return error_response("malformed_request", f"The body may be at most {MAX_BODY} bytes", 413)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return error_response("malformed_request", "The body must be a JSON object", 400)
    if not isinstance(body, dict):
        return error_response("malformed_request", "The body must be a JSON object", 400)
    if has_lone_surrogates(body):
        return error_response("malformed_request", "The body holds text that is not valid Unicode", 400)
    config: ServerConfig = request.app.state.config
    limit: TokenBuckets | None = request.app.state.room_limit
    address = request.client.host if request.client is not None else ""
    if address in config.room_limit_exempt:
        limit = None
    rooms = _rooms(request)
    game, options, seats = body.get("game"), body.get("options"), body.get("seats")
    if limit is not None and (wait := limit.take(address)) > 0:
        try:
            await rooms.check(game, options, seats)  # a wrong request hears what is wrong with it
        except RoomError as error:
            return room_error_response(error)
        after = retry_after_header(wait)
        refusal = RoomError(wire.RATE_LIMITED,
                            "Too many new rooms from your address; try again in {seconds} s",
                            429, seconds=int(after))
        return room_error_response(refusal, {"Retry-After": after})
    try:
        code = await rooms.create(game, options, seats)
    except RoomError as error:
        if limit is not None:
            limit.give_back(address)  # a refused request stored nothing, so it costs nothing
        return room_error_response(error)
    return JSONResponse({"code": code, "url": f"/room/{code}"}, status_code=201)


async def open_rooms(request: Request) -> Response:
    return JSONResponse(await _rooms(request).open_rooms())


async def one_room(request: Request) -> Response:
    summary = await _rooms(request).find(request.path_params["code"])
    if summary is None:
        return error_response(wire.ROOM_NOT_FOUND, "No room has that code", 404)
    return JSONResponse(summary)


async def match_replay(request: Request) -> Response:
    replay = await _rooms(request).replay(request.path_params["match_id"])
    if replay is None:
        return error_response("match_not_found", "No match has that id", 404)
    return JSONResponse(replay)


async def index(request: Request) -> Response:
    page = request.app.state.config.web_dir / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html")
    return HTMLResponse(_PLACEHOLDER)


async def room_socket(websocket: WebSocket) -> None:
    config: ServerConfig = websocket.app.state.config
    await websocket.accept()
    outbox: asyncio.Queue[str | None] = asyncio.Queue()
    overflow = False

    reader = asyncio.current_task()

    def send(text: str) -> None:
        nonlocal overflow
        if outbox.qsize() >= MAX_OUTBOX:
            # A client that does not read would make us hold its messages forever: drop it.
            if not overflow and reader is not None:
                overflow = True
                reader.cancel()
            return
        outbox.put_nowait(text)

    async def write() -> None:
        with contextlib.suppress(Exception):
            while (text := await outbox.get()) is not None:
                await websocket.send_text(text)

    rooms = _rooms(websocket)
    subscription = await rooms.subscribe(websocket.path_params["code"], send)
    if subscription is None:
        await websocket.send_text(
            wire.encode(wire.error(ProtocolError(wire.ROOM_NOT_FOUND, "No room has that code"))))
        await websocket.close(CLOSE_ROOM_NOT_FOUND)
        return
    writer = asyncio.create_task(write())
    limit = TokenBuckets(config.rate_limit, config.rate_limit)  # one key: this connection
    refusals: deque[float] = deque()
    loop = asyncio.get_running_loop()
    try:
        while not overflow:
            frame = await websocket.receive()
            arrived = loop.time()  # before anything else: races are decided by this stamp
            if frame["type"] == "websocket.disconnect":
                break
            now = time.monotonic()
            text = frame.get("text")
            try:
                if limit.take("") > 0:
                    raise ProtocolError(wire.RATE_LIMITED, "At most {most} messages per second",
                                        most=config.rate_limit)
                message = wire.parse_client(text, arrived)
            except ProtocolError as error:
                send(wire.encode(wire.error(error, wire.message_id(text))))
                refusals.append(now)
                while refusals and now - refusals[0] > config.abuse_window:
                    refusals.popleft()
                if len(refusals) > config.abuse_limit:
                    break
                continue
            # Shielded: a cancelled reader must not stop a move halfway between storage and fan-out.
            await asyncio.shield(rooms.deliver(subscription, message))
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not overflow:
            raise
    finally:
        await rooms.unsubscribe(subscription)
        outbox.put_nowait(None)
        # Give queued messages (such as the last error) a moment to leave before closing.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(writer), 2.0)
        writer.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(CLOSE_POLICY)


def create_app(config: ServerConfig | None = None) -> Starlette:
    config = config or ServerConfig()
    url = normalize_database_url(config.database_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await upgrade_async(url)
        storage = Storage(url)
        await storage.start()
        pool = BotPool(config.bot_workers or os.cpu_count() or 1, games=game_ids())
        rooms = LocalRooms(storage, config, pool)
        await rooms.start()
        app.state.rooms = rooms
        # Modules and resumed rooms live as long as the process: keep them out of every later GC scan.
        gc.collect()
        gc.freeze()
        # Full collections walk every connection's objects and stop all rooms for a moment (hundreds of
        # ms with 1,000 clients on a busy machine); collecting less often keeps them rare.
        gc.set_threshold(*GC_THRESHOLDS)
        log.info("duoplay server ready (%d rooms resumed)", len(rooms.rooms))
        watchdog = asyncio.create_task(watch_loop())
        watch_gc()
        try:
            yield
        finally:
            watchdog.cancel()
            await rooms.close()
            pool.close()
            await storage.close()

    routes = [
        Route("/healthz", healthz),
        Route("/api/games", list_games),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms", open_rooms, methods=["GET"]),
        Route("/api/rooms/{code}", one_room),
        Route("/api/matches/{match_id}/replay", match_replay),
        WebSocketRoute("/ws/{code}", room_socket),
        Route("/", index),
        Route("/room/{code}", index),
        Route("/replay/{match_id}", index),
        Mount("/static", StaticFiles(directory=config.web_dir, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.config = config
    app.state.room_limit = (
        TokenBuckets(config.room_burst, config.rooms_per_minute / 60) if config.room_burst > 0 else None
    )
    app.state.games = games_list()
    return app
