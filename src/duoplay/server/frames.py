"""WebSocket frames as uvicorn reads them, with one change: a text frame that is not UTF-8.

RFC 6455 says to close such a connection with 1007, and uvicorn does, but first logs the
decoding error with its traceback at ERROR: anyone could fill the server's log with them.
Here the connection is closed with 1007 and the reason `invalid_utf8`, and one line goes to
the log at INFO. `duoplay serve` gives this protocol to uvicorn (`ws=`).
"""

from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger(__name__)

CLOSE_INVALID_DATA = 1007
INVALID_UTF8 = "invalid_utf8"


class StrictTextProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            try:
                bytes(data).decode()
            except UnicodeDecodeError:
                self.frames = []
                log.info("closed a WebSocket from %s: a text message that is not UTF-8",
                         self.client[0] if self.client else "?")
                self.conn.send_close(CLOSE_INVALID_DATA, INVALID_UTF8)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
