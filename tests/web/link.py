"""A page's connection to its room, in the test's hands: dropped mid-move and brought back at the
moment the test chooses, the way a phone loses and finds its network.

The page's WebSockets go through Playwright's route to the real server; `drop()` closes the one
open and refuses new ones (the page keeps trying, as it does on a dead network) until `restore()`.
`fall_silent()` is how a phone's network usually goes: the socket stays open on both sides and
nothing more gets through either way, until the page or the server gives it up. Install it before
the page opens the room.
"""

from __future__ import annotations

from playwright.sync_api import Page, WebSocketRoute, expect

WS_URL = "**/ws/*"


class Link:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.up = True
        self.silent = False
        self.sockets: list[tuple[WebSocketRoute, WebSocketRoute]] = []  # (the page's side, the server's)
        page.route_web_socket(WS_URL, self._route)

    def _route(self, socket: WebSocketRoute) -> None:
        if not self.up:
            socket.close(code=1001, reason="offline")
            return
        server = socket.connect_to_server()
        socket.on_message(lambda message: None if self.silent else server.send(message))
        server.on_message(lambda message: None if self.silent else socket.send(message))
        self.sockets.append((socket, server))

    def fall_silent(self) -> None:
        """The network goes without a word: nothing gets through, and nothing is closed."""
        self.silent = True
        self.up = False
        self.sockets.clear()

    def drop(self) -> None:
        """The network goes: the open socket closes, and reconnects fail until `restore()`."""
        self.up = False
        for page_side, server_side in self.sockets:
            page_side.close(code=1001, reason="offline")
            server_side.close(code=1001, reason="offline")
        self.sockets.clear()
        expect(self.page.locator("#connection")).to_be_visible()

    def restore(self) -> None:
        """The network is back: the page's next attempt reaches the server."""
        self.up = True
        self.silent = False
