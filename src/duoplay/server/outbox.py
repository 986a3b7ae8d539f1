"""A connection's messages waiting to be written: a deque and one waiting future.

Each of thousands of connections has one. An `asyncio.Queue` would do, but it keeps three deques
and its getters' and putters' bookkeeping per connection (about 1.4 KB more each, 7 MB at 5,000
players) for what is one producer that never waits and one consumer.
"""

from __future__ import annotations

import asyncio
from collections import deque


class Outbox:
    def __init__(self) -> None:
        self._messages: deque[str | None] = deque()
        self._waiting: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._messages)

    def put(self, message: str | None) -> None:
        """Queue a message (None: the writer stops once it has written what came before)."""
        self._messages.append(message)
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(None)

    async def get(self) -> str | None:
        """The next message, waiting for one if there is none."""
        while not self._messages:
            self._waiting = asyncio.get_running_loop().create_future()
            try:
                await self._waiting
            finally:
                self._waiting = None
        return self._messages.popleft()
