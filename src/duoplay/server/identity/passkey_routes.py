"""Passkey routes (docs/server.md, Passkeys):

    POST   /api/me/passkeys/options    a challenge to add a passkey to this browser's player
    POST   /api/me/passkeys            the browser's answer: the passkey is kept
    GET    /api/me/passkeys            this player's passkeys (label, when added, when last used)
    DELETE /api/me/passkeys/{id}       one removed
    POST   /api/passkeys/options       a challenge to sign in with any passkey of this site
    POST   /api/passkeys/sign-in       the answer: this browser now keeps the passkey's player

Every refusal is a typed error (`bad_ceremony`, `passkey_refused`, `unknown_passkey`, ...).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from duoplay.server.bodies import json_object
from duoplay.server.clients import client_address, exempt, origin_allowed
from duoplay.server.identity.cookie import keep
from duoplay.server.identity.passkeys import Passkey, PasskeyError, Passkeys, Site
from duoplay.server.identity.players import Player
from duoplay.server.identity.service import current_player
from duoplay.server.ratelimit import retry_after_header

MAX_BODY = 64 * 1024  # an attestation with its certificates fits in a few kilobytes


def site_of(connection: HTTPConnection) -> Site:
    """The relying party: `--passkey-rp-id` when the server is told one (a deploy behind a proxy
    that rewrites the host), else the host name the page was opened at."""
    configured = getattr(connection.app.state.config, "passkey_rp_id", None)
    url = connection.url
    origin = f"{url.scheme}://{url.netloc}"
    return Site(configured or url.hostname or "localhost", origin)


def _error(error: PasskeyError) -> JSONResponse:
    body = {"code": error.code, "message": str(error), "msg": error.message, "params": error.params}
    return JSONResponse({"error": body}, status_code=error.status)


def _foreign() -> JSONResponse:
    return _error(PasskeyError("forbidden_origin", "Requests from other sites are not allowed here", 403))


def _nobody() -> JSONResponse:
    return _error(PasskeyError("no_player", "This browser keeps no player", 401))


def _passkeys(request: Request) -> Passkeys:
    passkeys: Passkeys = request.app.state.identity.passkeys
    return passkeys


async def _checked(request: Request, signed_in: bool) -> tuple[Player | None, dict[str, Any] | JSONResponse]:
    """The asking player and the request's body, or the refusal to send instead."""
    if not origin_allowed(request):
        return None, _foreign()
    player = await current_player(request)
    if signed_in and player is None:
        return None, _nobody()
    body = await json_object(request, MAX_BODY, empty=b"{}")
    if body is None:
        return player, _error(PasskeyError("malformed_request", "The body must be a JSON object", 400))
    return player, body


def _shown(key: Passkey) -> dict[str, Any]:
    return {"id": key.id, "label": key.label, "created_at": key.created_at, "used_at": key.used_at}


async def add_options(request: Request) -> Response:
    player, body = await _checked(request, signed_in=True)
    if isinstance(body, Response):
        return body
    assert player is not None
    try:
        return JSONResponse(await _passkeys(request).registration_options(site_of(request), player))
    except PasskeyError as error:
        return _error(error)


async def add(request: Request) -> Response:
    player, body = await _checked(request, signed_in=True)
    if isinstance(body, Response):
        return body
    assert player is not None
    try:
        key = await _passkeys(request).register(site_of(request), player, body.get("ceremony"),
                                                body.get("credential"), body.get("label"))
    except PasskeyError as error:
        return _error(error)
    return JSONResponse({"passkey": _shown(key)}, status_code=201)


async def listed(request: Request) -> Response:
    player = await current_player(request)
    if player is None:
        return _nobody()
    return JSONResponse({"passkeys": [_shown(key) for key in await _passkeys(request).of_player(player.id)]})


async def remove(request: Request) -> Response:
    if not origin_allowed(request):
        return _foreign()
    player = await current_player(request)
    if player is None:
        return _nobody()
    if not await _passkeys(request).remove(player.id, request.path_params["credential_id"]):
        return _error(PasskeyError("unknown_passkey", "This profile has no such passkey", 404))
    return JSONResponse({"removed": request.path_params["credential_id"]})


async def sign_in_options(request: Request) -> Response:
    _, body = await _checked(request, signed_in=False)
    if isinstance(body, Response):
        return body
    # A challenge costs a row: the same allowance as new profiles keeps one address from piling them up.
    limit = request.app.state.identity.limit
    if not exempt(request) and (wait := await limit.take(client_address(request))) > 0:
        after = retry_after_header(wait)
        refusal = PasskeyError("rate_limited", "Too many sign-ins from your address; try again in "
                               "{seconds} s", 429, seconds=int(after))
        response = _error(refusal)
        response.headers["Retry-After"] = after
        return response
    return JSONResponse(await _passkeys(request).sign_in_options(site_of(request)))


async def sign_in(request: Request) -> Response:
    _, body = await _checked(request, signed_in=False)
    if isinstance(body, Response):
        return body
    try:
        player_id, secret = await _passkeys(request).sign_in(site_of(request), body.get("ceremony"),
                                                             body.get("credential"))
    except PasskeyError as error:
        return _error(error)
    response = JSONResponse({"player": {"id": player_id}})
    keep(response, request, secret)
    return response


def routes() -> list[Route]:
    return [
        Route("/api/me/passkeys/options", add_options, methods=["POST"]),
        Route("/api/me/passkeys", add, methods=["POST"]),
        Route("/api/me/passkeys", listed, methods=["GET"]),
        Route("/api/me/passkeys/{credential_id}", remove, methods=["DELETE"]),
        Route("/api/passkeys/options", sign_in_options, methods=["POST"]),
        Route("/api/passkeys/sign-in", sign_in, methods=["POST"]),
    ]
