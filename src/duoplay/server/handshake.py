"""A deadline for the HTTP request line and headers: a connection that sends nothing, or only part
of its headers, is closed after `seconds` instead of holding a file descriptor forever.

uvicorn closes idle keep-alive connections between requests, but waits without end for the first
request of a new connection and for the rest of a request's headers. This is its protocol with a
timer armed when a connection is made and when a request begins, and disarmed once the headers are
complete; WebSocket upgrades are covered too, since they begin as such a request."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HandshakeDeadline(HttpToolsProtocol):
    seconds = 10.0
    _deadline: asyncio.TimerHandle | None = None

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

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()


def handshake_deadline(seconds: float) -> type[HandshakeDeadline]:
    """The protocol class to give uvicorn (`http=`), with its deadline."""
    return type("HandshakeDeadline", (HandshakeDeadline,), {"seconds": seconds})
