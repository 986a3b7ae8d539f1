"""Guards on plain HTTP connections, before any request is read: a deadline for the request line
and headers, and a cap on the connections one address holds open.

uvicorn closes idle keep-alive connections between requests, but waits without end for the first
request of a new connection and for the rest of a request's headers. This is its protocol with a
timer armed when a connection is made and when a request begins, and disarmed once the headers are
complete; WebSocket upgrades are covered too, since they begin as such a request.

The cap counts connections from their first byte until they close or become WebSockets (which
have a cap of their own, `connections_per_address`): one address cannot take every file
descriptor with silent sockets, even inside the deadline. A connection over the cap is closed at
once, before a byte is read.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr


class HandshakeDeadline(HttpToolsProtocol):
    seconds = 10.0
    per_address = 0  # 0: no cap
    exempt: ClassVar[frozenset[str]] = frozenset()
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

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        remote = get_remote_addr(transport)
        address = remote[0] if remote else ""
        if self.per_address and address not in self.exempt:
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


def handshake_deadline(
    seconds: float, per_address: int = 0, exempt: tuple[str, ...] = ()
) -> type[HandshakeDeadline]:
    """The protocol class to give uvicorn (`http=`), with its deadline and its cap per address."""
    settings = {"seconds": seconds, "per_address": per_address, "exempt": frozenset(exempt),
                "open_by_address": Counter()}
    return type("HandshakeDeadline", (HandshakeDeadline,), settings)
