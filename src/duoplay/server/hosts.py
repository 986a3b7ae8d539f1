"""The names this server answers to (the Host header). A page on another site whose name resolves
to our address (DNS rebinding) sends its own name as both Host and Origin, which the same-origin
check cannot tell from ours: only a list of our own names can.

By default the list follows from where the server listens and whom it lets in: a loopback address
answers to the loopback names, a specific address to itself and those, and every allowed origin's
name is added. A server listening on every address (0.0.0.0) cannot know the names people reach
it by: it answers to any unless `--allowed-hosts` names them (the deploy guide does)."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from duoplay.server import protocol as wire

LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def implied_hosts(listen: str, origins: Sequence[str]) -> tuple[str, ...]:
    """The allowed names that `--host` and `--allowed-origins` imply; "*" is any."""
    if listen in EVERY_ADDRESS or "*" in origins:
        return ("*",)
    names = {listen.strip("[]").lower(), *LOOPBACK}
    names.update((urlsplit(origin).hostname or "").lower() for origin in origins)
    names.discard("")
    return tuple(sorted(names))


def host_name(header: str | None) -> str | None:
    """The name of a Host header without its port (an IPv6 address without its brackets)."""
    if not header:
        return None
    parsed = urlsplit("//" + header)
    try:
        parsed.port  # noqa: B018 - a port that is not a number makes the header malformed
    except ValueError:
        return None
    return (parsed.hostname or "").lower() or None


class AllowedHosts:
    """Refuses requests and WebSockets whose Host is not one of `names` ("*" allows any)."""

    def __init__(self, app: ASGIApp, names: Sequence[str]) -> None:
        self.app = app
        self.names = frozenset(name.strip("[]").lower() for name in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if "*" in self.names or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        name = host_name(Headers(scope=scope).get("host"))
        if name is not None and name in self.names:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})
            return
        refusal = JSONResponse({"error": {
            "code": wire.FORBIDDEN_HOST, "message": "This server does not answer to that name",
            "msg": "This server does not answer to that name", "params": {}}}, status_code=400)
        await refusal(scope, receive, send)
