"""Who is asking, and may they: the client's address (set by `server/proxies.py` behind a trusted
proxy), the origin check, and the room-code lookups each address may spend."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.websockets import WebSocket

from duoplay.server import protocol as wire
from duoplay.server.protocol import ProtocolError
from duoplay.server.ratelimit import AddressLimit, retry_after_header
from duoplay.server.rooms import RoomService


def client_address(request: Request | WebSocket) -> str:
    """The address every per-address limit counts (the peer's, or the one a trusted proxy names)."""
    return request.client.host if request.client is not None else ""


def exempt(request: Request | WebSocket) -> bool:
    """Whether the per-address limits spare this client (`--room-limit-exempt`)."""
    return client_address(request) in request.app.state.config.room_limit_exempt

def origin_allowed(request: Request | WebSocket) -> bool:
    """Same origin (the Origin's host is the Host the request was sent to), or an allowed origin.

    Browsers send Origin with every WebSocket and every cross-origin POST; a request without one
    is not a browser acting for a page, and is let through."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    allowed: tuple[str, ...] = request.app.state.config.allowed_origins
    if "*" in allowed or origin.rstrip("/") in allowed:
        return True
    parts = urlsplit(origin)
    host = request.headers.get("host", "")
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


async def take_lookup(request: Request | WebSocket) -> float:
    """Spend one code lookup of the client's address: 0.0, or the seconds until one comes back."""
    limit: AddressLimit | None = request.app.state.lookup_limit
    if limit is None or exempt(request):
        return 0.0
    return await limit.take(client_address(request))


async def give_back_lookup(request: Request | WebSocket) -> None:
    """A code that named a room costs nothing: only guessing runs out of lookups."""
    limit: AddressLimit | None = request.app.state.lookup_limit
    if limit is not None and not exempt(request):
        await limit.give_back(client_address(request))


def lookup_refusal(wait: float) -> ProtocolError:
    return ProtocolError(wire.RATE_LIMITED, "Too many room codes tried from your address; "
                         "try again in {seconds} s", seconds=int(retry_after_header(wait)))


def rooms_of(request: Request | WebSocket) -> RoomService:
    rooms: RoomService = request.app.state.rooms
    return rooms
