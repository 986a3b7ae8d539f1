"""The queue over HTTP (docs/protocol.md, "Finding players"):

- `POST /api/queue` `{game, lang?, rated?, name}`: a ticket and the status;
- `GET /api/queue/{ticket}`: waiting (how many, seconds until bots are offered) or seated (code, seat,
  token);
- `DELETE /api/queue/{ticket}`: leave;
- `POST /api/queue/{ticket}/bots`: fill the table with bots now.
"""

from __future__ import annotations

import json

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from duoplay.core.json import MAX_DEPTH, has_lone_surrogates, too_deep
from duoplay.core.protocol import JSON
from duoplay.server import protocol as wire
from duoplay.server.clients import client_address, origin_allowed
from duoplay.server.matchmaking.players import player_of
from duoplay.server.matchmaking.service import Matchmaker
from duoplay.server.rooms import RoomError

MAX_BODY = 4 * 1024  # a join is a game id, a language, a flag and a name
OTHER_SITE = RoomError(wire.FORBIDDEN_ORIGIN, "Requests from other sites are not allowed here", 403)
TICKET_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _refused(error: RoomError) -> Response:
    from duoplay.server.app import room_error_response  # the app imports this module

    headers = {"Retry-After": str(error.params["seconds"])} if error.code == wire.RATE_LIMITED else None
    return room_error_response(error, headers)


def _matchmaker(request: Request) -> Matchmaker:
    matchmaker: Matchmaker = request.app.state.matchmaker
    return matchmaker


def _ticket(request: Request) -> str:
    """The ticket of the path; one that cannot be a ticket is refused like one that has expired."""
    ticket: str = request.path_params["ticket"]
    if not 0 < len(ticket) <= 64 or not set(ticket) <= TICKET_CHARS:
        raise RoomError("ticket_not_found", "You are no longer in the queue: it was left, or not "
                        "asked about for a while", 404)
    return ticket


async def _body(request: Request) -> JSON:
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise RoomError("malformed_request", "The body may be at most {most} bytes", 413,
                                most=MAX_BODY)
    except ClientDisconnect:
        raise RoomError("malformed_request", "The request was cut short") from None
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise RoomError("malformed_request", "The body must be a JSON object") from None
    if not isinstance(body, dict):
        raise RoomError("malformed_request", "The body must be a JSON object")
    if too_deep(body):
        raise RoomError("malformed_request", "The body nests deeper than {most} levels", most=MAX_DEPTH)
    if has_lone_surrogates(body):
        raise RoomError("malformed_request", "The body holds text that is not valid Unicode")
    return body


async def join(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused(OTHER_SITE)
    try:
        body = await _body(request)
        ticket, status = await _matchmaker(request).join(
            body.get("game"), body.get("lang"), body.get("rated"), body.get("name"),
            client_address(request), await player_of(request))
    except RoomError as error:
        return _refused(error)
    return JSONResponse({"ticket": ticket, **status}, status_code=201)


async def status(request: Request) -> Response:
    try:
        return JSONResponse(await _matchmaker(request).status(_ticket(request)))
    except RoomError as error:
        return _refused(error)


async def leave(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused(OTHER_SITE)
    try:
        await _matchmaker(request).leave(_ticket(request))
    except RoomError as error:
        return _refused(error)
    return Response(status_code=204)


async def bots_now(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused(OTHER_SITE)
    try:
        return JSONResponse(await _matchmaker(request).bots_now(_ticket(request), client_address(request)))
    except RoomError as error:
        return _refused(error)


def routes() -> list[BaseRoute]:
    return [
        Route("/api/queue", join, methods=["POST"]),
        Route("/api/queue/{ticket}", status, methods=["GET"]),
        Route("/api/queue/{ticket}", leave, methods=["DELETE"]),
        Route("/api/queue/{ticket}/bots", bots_now, methods=["POST"]),
    ]
