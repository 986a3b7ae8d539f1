"""Clients connected to this instance whose room another instance owns: their messages go to the owner.

The edge half of forwarding (the owner's half is in `rooms.py`). Each such connection has a link with
a negative id (local clients' ids are positive). The owner is asked to `open` the link; from then on
the client's frames go to it as `msg`, and what the room sends the client comes back in `out` batches,
in order, with a few control records among them (text starting with `!`, which no JSON text does):
`!opened`, `!refused` (the owner no longer has the room), `!greeted:1|0` (its answer to a hello) and
`!gone` (the room left the owner: the client reconnects, and lands on the room's new owner).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from dataclasses import dataclass, field

from duoplay.server.cluster.bus import Bus
from duoplay.server.room import Send
from duoplay.server.rooms import End

log = logging.getLogger(__name__)

OPENED, REFUSED, GREETED, GONE = "!opened", "!refused", "!greeted:", "!gone"
HELLO_TIMEOUT = 10.0  # seconds to wait for the owner's answer to a hello


@dataclass(slots=True)
class Forward:
    id: int
    code: str
    owner: str
    send: Send
    end: End | None
    opened: asyncio.Future[bool]
    greeted: bool = False
    hello: asyncio.Future[bool] | None = None
    ended: bool = field(default=False)

    def finish(self) -> None:
        """End the client's connection (once): it reconnects and finds the room wherever it is now.
        A link still opening is only refused: the client is still being subscribed, and looks again."""
        if not self.opened.done():
            self.opened.set_result(False)
        elif not self.ended:
            self.ended = True
            if self.end is not None:
                self.end()


class Forwards:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.links: dict[int, Forward] = {}
        self._ids = itertools.count(1)

    async def open(
        self, owner: str, code: str, send: Send, end: End | None, timeout: float
    ) -> Forward | None:
        """Ask `owner` to take this client into room `code`; None if it refused or did not answer."""
        link = Forward(-next(self._ids), code, owner, send, end, asyncio.get_running_loop().create_future())
        self.links[link.id] = link
        try:
            await self.bus.tell(owner, "open", str(link.id), code)
            if await asyncio.wait_for(asyncio.shield(link.opened), timeout):
                return link
        except (TimeoutError, OSError, ConnectionError):
            pass
        except Exception:
            log.exception("could not reach instance %s for room %s", owner, code)
        self.links.pop(link.id, None)
        with contextlib.suppress(Exception):
            await self.bus.tell(owner, "close", str(link.id))
        return None

    async def deliver(self, link_id: int, text: str, hello: bool) -> None:
        link = self.links.get(link_id)
        if link is None:
            return
        if hello:
            link.hello = asyncio.get_running_loop().create_future()
        await self.bus.tell(link.owner, "msg", str(link_id), text)
        if link.hello is not None:
            try:
                link.greeted = await asyncio.wait_for(link.hello, HELLO_TIMEOUT)
            except TimeoutError:
                link.greeted = False
            link.hello = None

    def greeted(self, link_id: int) -> bool:
        link = self.links.get(link_id)
        return link is not None and link.greeted

    async def close(self, link_id: int) -> None:
        link = self.links.pop(link_id, None)
        if link is not None:
            with contextlib.suppress(Exception):
                await self.bus.tell(link.owner, "close", str(link_id))

    def received(self, owner: str, fields: list[str]) -> None:
        """An `out` batch from `owner`: [id, text, id, text, ...]."""
        for index in range(0, len(fields) - 1, 2):
            link = self.links.get(int(fields[index]))
            if link is None or link.owner != owner:
                continue
            text = fields[index + 1]
            if not text.startswith("!"):
                link.send(text)
            elif text in (OPENED, REFUSED):
                if not link.opened.done():
                    link.opened.set_result(text == OPENED)
            elif text.startswith(GREETED):
                if link.hello is not None and not link.hello.done():
                    link.hello.set_result(text == GREETED + "1")
            elif text == GONE:
                link.finish()

    def owners(self) -> set[str]:
        return {link.owner for link in self.links.values()}

    def owner_gone(self, alive: set[str]) -> None:
        """End the links whose owner is no longer alive."""
        for link in list(self.links.values()):
            if link.owner not in alive:
                link.finish()

    async def close_all(self) -> None:
        for link in list(self.links.values()):
            link.finish()
            await self.close(link.id)
