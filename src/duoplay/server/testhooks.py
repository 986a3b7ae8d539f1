"""Hooks for the test suite: a room's next deal from a chosen seed, and its clock moved on.

Tests wait on the state they expect, never on time: a test that needs a given deal
names its seed, and a test that needs a wait to end moves the room's clock to it.
Both answer only on a server started with `duoplay serve --test-hooks`; any other
server refuses them with `test_hooks_off` (403), so a public server's deals stay
unknowable and its clocks run as the rules say.

    POST /api/test/rooms/{code}/seed   {"seed": 42}        the next match deals from seed 42
    POST /api/test/rooms/{code}/clock  {"advance": 5.0}    5 s pass, at most to the armed deadline
                                                            (and off absent players' grace)
    POST /api/test/rooms/{code}/bots   {"pace": 4.0}       the room's bots wait 4 times as long
    GET  /api/test/connections?address=127.0.0.1           the sockets that address holds open
                                                            (WebSockets, and HTTP ones before upgrade)
"""

from __future__ import annotations

import json
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from duoplay.server.config import ServerConfig
from duoplay.server.room import Room
from duoplay.server.rooms import LocalRooms, RoomError

MAX_SEED = 2**62


def routes() -> list[Route]:
    return [
        Route("/api/test/rooms/{code}/seed", seed_next_match, methods=["POST"]),
        Route("/api/test/rooms/{code}/clock", advance_clock, methods=["POST"]),
        Route("/api/test/rooms/{code}/bots", pace_bots, methods=["POST"]),
        Route("/api/test/connections", open_connections, methods=["GET"]),
    ]


async def seed_next_match(request: Request) -> Response:
    room, body = await _room_and_body(request)
    seed = body.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise RoomError("malformed_request", '"seed" must be a whole number from 0 to 2^62 - 1')
    room.next_seed = seed
    return JSONResponse({"code": room.code, "seed": seed})


async def advance_clock(request: Request) -> Response:
    room, body = await _room_and_body(request)
    seconds = body.get("advance")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not math.isfinite(seconds) \
            or seconds < 0:
        raise RoomError("malformed_request", '"advance" must be a number of seconds, 0 or more')
    return JSONResponse({"code": room.code, **await room.advance_clock(float(seconds))})


async def pace_bots(request: Request) -> Response:
    """Slow bots let people win the races a test wants; 0 makes them act at once."""
    room, body = await _room_and_body(request)
    pace = body.get("pace")
    if not isinstance(pace, int | float) or isinstance(pace, bool) or not math.isfinite(pace) \
            or not 0 <= pace <= 100:
        raise RoomError("malformed_request", '"pace" must be a number from 0 to 100')
    room.bots.pace = float(pace)
    return JSONResponse({"code": room.code, "pace": room.bots.pace})


async def open_connections(request: Request) -> Response:
    """What the per-address caps count, so that a test waits until the server has seen a socket
    close rather than for a while. The request asking is itself one open HTTP connection."""
    _hooks_on(request)
    address = request.query_params.get("address", "")
    websockets: dict[str, int] = request.app.state.open_sockets
    protocol = getattr(request.app.state, "http_protocol", None)
    http = protocol.open_by_address.get(address, 0) if protocol is not None else None
    return JSONResponse({"address": address, "websockets": websockets.get(address, 0), "http": http})


def _hooks_on(request: Request) -> None:
    config: ServerConfig = request.app.state.config
    if not config.test_hooks:
        raise RoomError("test_hooks_off", "This server takes no test hooks (start it with --test-hooks)", 403)


async def _room_and_body(request: Request) -> tuple[Room, dict[str, Any]]:
    _hooks_on(request)
    try:
        body = json.loads(await request.body())
    except (ValueError, RecursionError):
        body = None
    if not isinstance(body, dict):
        raise RoomError("malformed_request", "The body must be a JSON object")
    rooms: LocalRooms = request.app.state.rooms
    room = await rooms.local_room(request.path_params["code"])
    if room is None:
        raise RoomError("room_not_found", "No room has this code", 404)
    return room, body
