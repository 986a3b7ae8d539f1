"""The player's own routes: `GET /api/me` (`?create=1` makes a player on a first visit),
`PATCH /api/me` (the name), `POST /api/me/signout` (this browser forgets the player) and
`DELETE /api/me` (the player, its ratings and history are deleted). docs/server.md, Identity."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from duoplay.server.bodies import json_object
from duoplay.server.clients import client_address, exempt, origin_allowed
from duoplay.server.identity import passkey_routes
from duoplay.server.identity.cookie import forget, keep, secret_of
from duoplay.server.identity.players import Player, tidy_name
from duoplay.server.identity.service import Identity, current_player
from duoplay.server.ratelimit import retry_after_header
from duoplay.server.ratings.read import ratings_of, shown_ratings

MAX_BODY = 1024
NO_PLAYER = "no_player"


def _error(code: str, message: str, status: int, headers: dict[str, str] | None = None,
           **params: Any) -> JSONResponse:
    body = {"code": code, "message": message.format(**params), "msg": message, "params": params}
    return JSONResponse({"error": body}, status_code=status, headers=headers)


def _identity(request: Request) -> Identity:
    identity: Identity = request.app.state.identity
    return identity


async def described(request: Request, player: Player) -> dict[str, Any]:
    ratings = await ratings_of(request.app.state.identity.players.storage, player.id)
    return {"id": player.id, "name": player.name, "ratings": shown_ratings(ratings)}


async def me(request: Request) -> Response:
    player = await current_player(request)
    if player is not None:
        return JSONResponse({"player": await described(request, player)})
    if request.query_params.get("create") != "1":
        return JSONResponse({"player": None})
    identity = _identity(request)
    if not exempt(request) and (wait := await identity.limit.take(client_address(request))) > 0:
        after = retry_after_header(wait)
        return _error("rate_limited", "Too many new players from your address; try again in {seconds} s",
                      429, {"Retry-After": after}, seconds=int(after))
    player, secret = await identity.players.create(request.query_params.get("name"))
    response = JSONResponse({"player": await described(request, player)}, status_code=201)
    keep(response, request, secret)
    return response


def _refused_origin() -> JSONResponse:
    return _error("forbidden_origin", "Requests from other sites are not allowed here", 403)


def _no_player() -> JSONResponse:
    return _error(NO_PLAYER, "This browser keeps no player", 401)


async def rename(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused_origin()
    player = await current_player(request)
    if player is None:
        return _no_player()
    body = await json_object(request, MAX_BODY)
    name = tidy_name(None if body is None else body.get("name"))
    if name is None:
        return _error("bad_name", "A name needs something printable in it", 400)
    await _identity(request).players.rename(player.id, name)
    return JSONResponse({"player": await described(request, Player(player.id, name, player.created_at))})


async def sign_out(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused_origin()
    if (secret := secret_of(request)) is not None:
        await _identity(request).players.sign_out(secret)
    response = JSONResponse({"player": None})
    forget(response, request)
    return response


async def delete_me(request: Request) -> Response:
    if not origin_allowed(request):
        return _refused_origin()
    player = await current_player(request)
    if player is None:
        return _no_player()
    await _identity(request).players.delete(player.id)
    response = JSONResponse({"deleted": player.id})
    forget(response, request)
    return response


def routes() -> list[Route]:
    return [
        Route("/api/me", me, methods=["GET"]),
        Route("/api/me", rename, methods=["PATCH"]),
        Route("/api/me", delete_me, methods=["DELETE"]),
        Route("/api/me/signout", sign_out, methods=["POST"]),
        *passkey_routes.routes(),
    ]
