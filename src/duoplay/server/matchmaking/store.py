"""Where the queue lives: the interface, and its implementation in this process (one server without
Redis). A cluster keeps the same in Redis (`shared.py`)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from duoplay.server.matchmaking.tickets import WAITING, Ticket


class QueueStore(Protocol):
    async def put(self, ticket: Ticket) -> str | None:
        """Store a new waiting ticket; returns the id of the owner's previous live ticket, which the
        new one replaces (it is removed)."""
        ...

    async def get(self, ticket_id: str) -> Ticket | None:
        """The ticket, its life renewed; None once it left or expired."""
        ...

    async def save(self, ticket: Ticket) -> None:
        """Write a changed ticket (asked for bots, seated); a waiting one stays in its queue."""
        ...

    async def remove(self, ticket_id: str) -> None: ...

    async def waiting(self, queue: str) -> list[Ticket]:
        """The live tickets waiting in `queue` (expired ones leave it here)."""
        ...

    async def take(self, queue: str, ticket_ids: list[str]) -> None:
        """Out of the waiting list (being seated); `put_back` undoes it if seating failed."""
        ...

    async def put_back(self, ticket: Ticket) -> None: ...

    async def queues(self) -> list[str]:
        """The queues someone waits in."""
        ...

    def turn(self, queue: str) -> contextlib.AbstractAsyncContextManager[bool]:
        """Whether this process may seat people from `queue` now: one at a time across the cluster."""
        ...

    async def close(self) -> None: ...


class MemoryQueue:
    """`QueueStore` in this process's memory; tickets expire `ttl` seconds after they were last read."""

    def __init__(self, ttl: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        self._tickets: dict[str, Ticket] = {}
        self._expires: dict[str, float] = {}
        self._owners: dict[str, str] = {}  # owner -> ticket id
        self._queues: dict[str, dict[str, None]] = {}  # queue -> waiting ticket ids, in order
        self._busy: set[str] = set()

    def _live(self, ticket_id: str) -> Ticket | None:
        ticket = self._tickets.get(ticket_id)
        if ticket is not None and self._expires[ticket_id] <= self.clock():
            self._drop(ticket_id)
            return None
        return ticket

    def _drop(self, ticket_id: str) -> None:
        ticket = self._tickets.pop(ticket_id, None)
        self._expires.pop(ticket_id, None)
        if ticket is None:
            return
        self._queues.get(ticket.queue, {}).pop(ticket_id, None)
        if self._owners.get(ticket.owner) == ticket_id:
            del self._owners[ticket.owner]

    async def put(self, ticket: Ticket) -> str | None:
        previous = self._owners.get(ticket.owner)
        if previous is not None:
            self._drop(previous)
        self._tickets[ticket.id] = ticket
        self._expires[ticket.id] = self.clock() + self.ttl
        self._owners[ticket.owner] = ticket.id
        self._queues.setdefault(ticket.queue, {})[ticket.id] = None
        return previous

    async def get(self, ticket_id: str) -> Ticket | None:
        ticket = self._live(ticket_id)
        if ticket is not None:
            self._expires[ticket_id] = self.clock() + self.ttl
        return ticket

    async def save(self, ticket: Ticket) -> None:
        if ticket.id in self._tickets:
            self._tickets[ticket.id] = ticket

    async def remove(self, ticket_id: str) -> None:
        self._drop(ticket_id)

    async def waiting(self, queue: str) -> list[Ticket]:
        found = []
        for ticket_id in list(self._queues.get(queue, {})):
            ticket = self._live(ticket_id)
            if ticket is not None and ticket.state == WAITING:
                found.append(ticket)
        if not self._queues.get(queue):
            self._queues.pop(queue, None)
        return found

    async def take(self, queue: str, ticket_ids: list[str]) -> None:
        for ticket_id in ticket_ids:
            self._queues.get(queue, {}).pop(ticket_id, None)

    async def put_back(self, ticket: Ticket) -> None:
        if ticket.id in self._tickets:
            self._queues.setdefault(ticket.queue, {})[ticket.id] = None

    async def queues(self) -> list[str]:
        for ticket_id in [t for t, ends in self._expires.items() if ends <= self.clock()]:
            self._drop(ticket_id)  # the sweep: a closed page's ticket goes even if nobody asks
        return [queue for queue, ids in self._queues.items() if ids]

    @contextlib.asynccontextmanager
    async def turn(self, queue: str) -> AsyncIterator[bool]:
        if queue in self._busy:
            yield False
            return
        self._busy.add(queue)
        try:
            yield True
        finally:
            self._busy.discard(queue)

    async def close(self) -> None:
        pass
