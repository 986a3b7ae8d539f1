"""The ASGI app: HTTP API, the web client's files and one WebSocket per client (`server/sockets.py`,
docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import os
import time
from collections.abc import AsyncIterator
from typing import Any

import segno
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from duoplay.bots.pool import BotPool
from duoplay.core.declared import describe, has_bot_warm_up, has_warm_up, warm_up
from duoplay.core.json import MAX_DEPTH, has_lone_surrogates, too_deep
from duoplay.core.registry import find_game, game_ids
from duoplay.server import howto, playnow, testhooks, tiles
from duoplay.server import protocol as wire
from duoplay.server.admission import Admission
from duoplay.server.clients import (
    client_address,
    give_back_lookup,
    lookup_refusal,
    origin_allowed,
    take_lookup,
)
from duoplay.server.clients import rooms_of as _rooms
from duoplay.server.collector import run_collector
from duoplay.server.config import ServerConfig, normalize_database_url
from duoplay.server.hosts import AllowedHosts
from duoplay.server.identity import Identity
from duoplay.server.identity import routes as identity_routes
from duoplay.server.identity.service import profile_limit
from duoplay.server.matchmaking import open_matchmaker
from duoplay.server.matchmaking import routes as queue_routes
from duoplay.server.proxies import AddressSet, ForwardedClient
from duoplay.server.ratelimit import AddressLimit, LocalAddressLimit, TokenBuckets, retry_after_header
from duoplay.server.ratings import routes as rating_routes
from duoplay.server.replays import ReplayShare
from duoplay.server.rooms import LocalRooms, RoomError
from duoplay.server.sockets import room_socket
from duoplay.server.storage import Storage
from duoplay.server.storage.migrate import upgrade_async
from duoplay.server.watchdog import watch_gc, watch_loop

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024  # a room request is a few hundred bytes

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


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, RoomError)
    return room_error_response(error)

def origin_refusal() -> JSONResponse:
    return error_response(wire.FORBIDDEN_ORIGIN, "Requests from other sites are not allowed here", 403)

def games_list() -> list[dict[str, Any]]:
    return [describe(find_game(game_id)) for game_id in game_ids()]

async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def list_games(request: Request) -> Response:
    return JSONResponse(request.app.state.games)


async def create_room(request: Request) -> Response:
    if not origin_allowed(request):
        return origin_refusal()
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                return error_response("malformed_request", f"The body may be at most {MAX_BODY} bytes", 413)
    except ClientDisconnect:  # the client went mid-body: nobody to answer, nothing to log
        return Response(status_code=400)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return error_response("malformed_request", "The body must be a JSON object", 400)
    if not isinstance(body, dict):
        return error_response("malformed_request", "The body must be a JSON object", 400)
    if too_deep(body):
        return error_response("malformed_request", f"The body nests deeper than {MAX_DEPTH} levels", 400)
    if has_lone_surrogates(body):
        return error_response("malformed_request", "The body holds text that is not valid Unicode", 400)
    config: ServerConfig = request.app.state.config
    limit: AddressLimit | None = request.app.state.room_limit
    address = client_address(request)
    if address in config.room_limit_exempt:
        limit = None
    rooms = _rooms(request)
    game, options, seats = body.get("game"), body.get("options"), body.get("seats")
    if limit is not None and (wait := await limit.take(address)) > 0:
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
        if body.get("bots") == playnow.FILL:  # Play now: seated among bots, the match running
            answer = await playnow.play_now(rooms, game, options, body.get("name"))
            return JSONResponse(answer, status_code=201)
        code = await rooms.create(game, options, seats)
    except RoomError as error:
        if limit is not None:
            await limit.give_back(address)  # a refused request stored nothing, so it costs nothing
        return room_error_response(error)
    return JSONResponse({"code": code, "url": f"/room/{code}"}, status_code=201)


async def open_rooms(request: Request) -> Response:
    """A page of the open rooms, newest first: `?offset=` skips, `?limit=` asks for fewer than a page.
    The body is the list; `X-Total-Count` says how many there are, `Link` names the next page."""
    page: int = request.app.state.config.open_rooms_page
    try:
        offset = int(request.query_params.get("offset", 0))
        limit = int(request.query_params.get("limit", page))
    except ValueError:
        offset, limit = -1, -1
    if offset < 0 or not 0 < limit <= page:
        return error_response("malformed_request", f"offset must be 0 or more and limit from 1 to {page}",
                              400, template="offset must be 0 or more and limit from 1 to {most}",
                              params={"most": page})
    rooms, total = await _rooms(request).open_rooms(offset, limit)
    headers = {"X-Total-Count": str(total)}
    if offset + len(rooms) < total:
        headers["Link"] = f'</api/rooms?offset={offset + len(rooms)}&limit={limit}>; rel="next"'
    return JSONResponse(rooms, headers=headers)


async def one_room(request: Request) -> Response:
    if (wait := await take_lookup(request)) > 0:
        refusal = lookup_refusal(wait)
        return error_response(refusal.code, refusal.message, 429, {"Retry-After": retry_after_header(wait)},
                              template=refusal.template, params=refusal.params)
    summary = await _rooms(request).find(request.path_params["code"])
    if summary is None:
        return error_response(wire.ROOM_NOT_FOUND, "No room has that code", 404)
    await give_back_lookup(request)
    return JSONResponse(summary)


async def match_replay(request: Request) -> Response:
    seat_text = request.query_params.get("seat")
    seat = None
    if seat_text is not None:
        if not (seat_text.isascii() and seat_text.isdigit()) or len(seat_text) > 2:
            return error_response("bad_seat", "seat must be a seat number", 400)
        seat = int(seat_text)
    share: ReplayShare = request.app.state.replay_share
    address = client_address(request)
    spared = address in request.app.state.config.room_limit_exempt
    if not spared and not share.take(address):
        return error_response("replays_busy", "Replays you asked for are still being prepared: ask again "
                              "once one has come", 429, {"Retry-After": "1"})
    try:
        body = await _rooms(request).replay(request.path_params["match_id"], seat)
    except RoomError as error:
        return room_error_response(error)
    finally:
        if not spared:
            share.give_back(address)
    if body is None:
        return error_response("match_not_found", "No match has that id", 404)
    return Response(body, media_type="application/json")


async def room_qr(request: Request) -> Response:
    """A QR code (SVG) of the room's link, for the big screen: phones scan it to join.

    The link is built from the address the screen itself was opened at, so it works behind a proxy."""
    code = request.path_params["code"].upper()
    if not (code.isascii() and code.isalnum()) or len(code) > 12:
        return error_response(wire.ROOM_NOT_FOUND, "No room has that code", 404)
    link = str(request.url_for("room_page", code=code))
    svg = io.BytesIO()  # a file of its own, with its namespace: an <img> does not show inline SVG
    segno.make(link, error="m").save(svg, kind="svg", scale=8, border=2, dark="#111", light="#fff")
    return Response(svg.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


async def index(request: Request) -> Response:
    page = request.app.state.config.web_dir / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html")
    return HTMLResponse(_PLACEHOLDER)


async def manifest(request: Request) -> Response:
    """The web app manifest: what a phone needs to put the site on its home screen and open it
    without the browser's bars."""
    path = request.app.state.config.web_dir / "manifest.webmanifest"
    if not path.is_file():
        return Response("Not Found", status_code=404, media_type="text/plain")
    return FileResponse(path, media_type="application/manifest+json")

async def _warm_up(games: tuple[str, ...], pool: BotPool) -> None:
    """Load the named games' data (their bots' too in the bot pool's workers), and wait until all have."""
    loop = asyncio.get_running_loop()
    waits: list[asyncio.Future[Any]] = []
    for game_id in games:
        rules = find_game(game_id)
        options = rules.parse_options(None)
        if has_warm_up(rules):
            waits.append(loop.run_in_executor(None, warm_up, rules, options))
        if has_bot_warm_up(rules):
            warming = pool.warm(game_id, rules.options_to_json(options))
            waits += [asyncio.wrap_future(done) for done in warming]
    started = time.monotonic()
    await asyncio.gather(*waits, return_exceptions=True)  # a failed one loads on first use instead
    if waits:
        log.info("warmed up %s in %.1f s", ", ".join(games), time.monotonic() - started)


def create_app(config: ServerConfig | None = None) -> Starlette:
    config = config or ServerConfig()
    url = normalize_database_url(config.database_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await upgrade_async(url)
        storage = Storage(url)
        await storage.start()
        pool = BotPool(config.bot_workers or os.cpu_count() or 1, games=game_ids())
        if config.redis_url:
            from duoplay.server.cluster import ClusterRooms  # Redis is needed only on a cluster

            cluster = ClusterRooms(storage, config, pool)
            await cluster.start()
            app.state.room_limit = cluster.shared_limit("rooms", app.state.room_limit)
            app.state.lookup_limit = cluster.shared_limit("lookups", app.state.lookup_limit)
            app.state.identity = Identity(storage, cluster.shared_limit("profiles", profile_limit()))
            rooms: LocalRooms = cluster
        else:
            app.state.identity = Identity(storage)
            rooms = LocalRooms(storage, config, pool)
            await rooms.start()
        app.state.rooms = rooms
        app.state.matchmaker = open_matchmaker(config, rooms, app.state.room_limit)
        await app.state.matchmaker.start()
        await _warm_up(config.warm_up, pool)
        # Only young objects are collected; what outlives them is set aside (collector.py).
        collector = asyncio.create_task(run_collector())
        log.info("duoplay server ready (%d rooms resumed)", len(rooms.rooms))
        watchdog = asyncio.create_task(watch_loop())
        watch_gc()
        try:
            yield
        finally:
            watchdog.cancel()
            collector.cancel()
            await app.state.matchmaker.close()
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
        Route("/manifest.webmanifest", manifest),
        Route("/room/{code}", index, name="room_page"),
        Route("/room/{code}/screen", index),
        Route("/api/rooms/{code}/qr.svg", room_qr),
        Route("/replay/{match_id}", index),
        Route("/rules/{game}", index),
        Route("/queue/{game}", index),
        *queue_routes(),
        *howto.routes(),
        *identity_routes.routes(),
        *rating_routes.routes(),
        Route("/player/{player_id}", index),
        Route("/leaderboard/{game}", index),
        *tiles.routes(),
        *testhooks.routes(),
        Mount("/static", StaticFiles(directory=config.web_dir, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={RoomError: _refused},
                    middleware=[Middleware(ForwardedClient, proxies=AddressSet(config.forwarded_allow_ips)),
                                Middleware(AllowedHosts, names=config.allowed_hosts)])
    app.state.config = config
    app.state.room_limit = (
        LocalAddressLimit(TokenBuckets(config.room_burst, config.rooms_per_minute / 60))
        if config.room_burst > 0 else None
    )
    app.state.lookup_limit = (
        LocalAddressLimit(TokenBuckets(config.lookup_burst, config.lookups_per_minute / 60))
        if config.lookup_burst > 0 else None
    )
    app.state.open_sockets = {}
    app.state.admission = Admission(config)
    app.state.replay_share = ReplayShare()
    app.state.games = games_list()
    return app
