"""Guards on plain HTTP connections: a deadline for the request line and headers, another for the
body, and a cap on the connections one address holds open.

uvicorn closes idle keep-alive connections between requests, but waits without end for the first
request of a new connection and for the rest of a request's headers. This is its protocol with a
timer armed when a connection is made and when a request begins, and disarmed once the headers are
complete; WebSocket upgrades are covered too, since they begin as such a request.

The cap counts connections from their first byte until they close or become WebSockets (which
have a cap of their own, `connections_per_address`): one address cannot take every file
descriptor with silent sockets, even inside the deadline. A connection over the cap is closed at
once, before a byte is read. A trusted proxy's connections are not capped here (they carry many
clients, each counted by the WebSocket cap under its own address); the proxy caps its clients.

A request whose headers promise a body (`Content-Length`, chunked) has `body_seconds` from its
headers to send all of it: one that sends a byte and then waits would otherwise hold its place under
the cap for as long as it liked. Past the deadline it is answered 408 (`body_timeout`) and closed,
and the application reading the body hears that the client went.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Container
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr

BODY_TIMEOUT = "body_timeout"


def _timeout_response(seconds: float) -> bytes:
    message = f"The request body did not arrive within {seconds:g} s"
    body = json.dumps({"error": {"code": BODY_TIMEOUT, "message": message, "msg": message,
                                 "params": {}}}).encode()
    return (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


class HandshakeDeadline(HttpToolsProtocol):
    seconds = 10.0
    body_seconds = 5.0
    per_address = 0  # 0: no cap
    exempt: ClassVar[Container[str]] = frozenset()
    open_by_address: ClassVar[Counter[str]] = Counter()
    _deadline: asyncio.TimerHandle | None = None
    _counted: str | None = None  # the address this connection is counted under

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _body_expired(self) -> None:
        """The body is late: answer 408 if nothing was answered yet, and end the request."""
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            self.transport.write(_timeout_response(self.body_seconds))
        if cycle is not None:
            cycle.disconnected = True  # the application's reads end, and its answer goes nowhere
            cycle.message_event.set()
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        remote = get_remote_addr(transport)
        address = remote[0] if remote else ""
        if self.per_address and address not in self.exempt:  # exempt: spared addresses, trusted proxies
            if self.open_by_address[address] >= self.per_address:
                transport.abort()
                return
            self.open_by_address[address] += 1
            self._counted = address
        self._arm()

    def _uncount(self) -> None:
        if self._counted is not None:
            self.open_by_address[self._counted] -= 1
            if self.open_by_address[self._counted] <= 0:
                del self.open_by_address[self._counted]
            self._counted = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._uncount()  # from here on a WebSocket, counted by the room service
        super().handle_websocket_upgrade()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if self._has_body() and not (self.parser.should_upgrade() and self._should_upgrade()):
            self._deadline = self.loop.call_later(self.body_seconds, self._body_expired)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _has_body(self) -> bool:
        for name, value in self.headers:
            if name == b"content-length":
                return value.strip() not in (b"", b"0")
            if name == b"transfer-encoding":
                return True
        return False


def handshake_deadline(
    seconds: float, per_address: int = 0, exempt: Container[str] = frozenset(), body_seconds: float = 5.0,
) -> type[HandshakeDeadline]:
    """The protocol class to give uvicorn (`http=`), with its deadlines and its cap per address
    (`exempt`: the addresses it spares)."""
    settings = {"seconds": seconds, "body_seconds": body_seconds, "per_address": per_address,
                "exempt": exempt, "open_by_address": Counter()}
    return type("HandshakeDeadline", (HandshakeDeadline,), settings)
