"""What one client address may put to the server over WebSockets, all its sockets together.

Each socket has its own rate (`rate_limit`, refused message by message), but an address
may hold many sockets, and a refused message has still been read. So an address also has
a budget of messages and of bytes a second across all its sockets, spent by every frame
before it is parsed, and a budget of new WebSockets a minute (each one costs a handshake,
a room lookup and a subscription). A frame over budget closes the socket that sent it with
a typed error; a WebSocket over budget is refused the same way. The address's other
sockets go on while they stay within what is left.

Addresses in `room_limit_exempt` are spared, as by every per-address limit. On a cluster
the budgets are per instance.
"""

from __future__ import annotations

from duoplay.server.config import ServerConfig
from duoplay.server.protocol import ProtocolError
from duoplay.server.ratelimit import TokenBuckets, retry_after_header

TRAFFIC_LIMITED = "traffic_limited"
TOO_MANY_WEBSOCKETS = "too_many_websockets"


class Admission:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.exempt = frozenset(config.room_limit_exempt)
        most = config.address_messages_per_second
        self.messages = TokenBuckets(most, most) if most > 0 else None
        size = config.address_bytes_per_second
        self.bytes = TokenBuckets(size, size) if size > 0 else None
        sockets = config.websockets_per_minute
        self.handshakes = TokenBuckets(sockets, sockets / 60) if sockets > 0 else None

    def frame(self, address: str, text: str | None, data: bytes | None) -> ProtocolError | None:
        """Spend one frame's message and bytes from its address's budget: None, or the refusal
        (the socket is then closed)."""
        if address in self.exempt:
            return None
        if self.messages is not None and self.messages.take(address) > 0:
            most = self.config.address_messages_per_second
            return ProtocolError(TRAFFIC_LIMITED, "Too many messages from your address (at most {most} a "
                                 "second on all its connections)", most=most)
        if self.bytes is not None:
            size = _size(text, data)
            if size and self.bytes.take(address, size) > 0:
                return ProtocolError(TRAFFIC_LIMITED, "Too much data from your address (at most {most} bytes "
                                     "a second on all its connections)",
                                     most=self.config.address_bytes_per_second)
        return None

    def handshake(self, address: str) -> ProtocolError | None:
        """Spend one new WebSocket of its address: None, or the refusal."""
        if address in self.exempt or self.handshakes is None:
            return None
        wait = self.handshakes.take(address)
        if wait <= 0:
            return None
        return ProtocolError(TOO_MANY_WEBSOCKETS, "Too many new connections from your address; "
                             "try again in {seconds} s", seconds=int(retry_after_header(wait)))


def _size(text: str | None, data: bytes | None) -> int:
    if text is not None:
        return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    return len(data) if data is not None else 0
