"""A room's loop: its work, one piece at a time, in the order it arrived.

Every change to a room (a client's message, a bot's move coming back, a timer)
is submitted here with the time it arrived, read from the event loop's clock the
moment the message left its socket. Pieces run one after another in that order,
so a game that races answers sees them in arrival order, and `before` runs
first with each piece's arrival time (the room closes a decision window that
ended before the piece arrived, even if its timer has not fired yet).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

Work = Callable[[], Awaitable[Any]]


def now() -> float:
    """The clock arrivals are stamped with (the running event loop's, monotonic)."""
    return asyncio.get_running_loop().time()


@dataclass(slots=True)
class _Piece:
    arrived: float
    work: Work
    done: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class RoomLoop:
    def __init__(self, name: str, lock: asyncio.Lock, before: Callable[[float], Awaitable[None]]) -> None:
        self._name = name
        self._lock = lock  # held while a piece runs, so others (eviction) can wait for a quiet room
        self._before = before
        self._queue: asyncio.Queue[_Piece | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    def submit(self, work: Work, arrived: float | None = None) -> asyncio.Future[Any]:
        """Queue `work`; the future resolves with its result (or its exception) once it has run."""
        piece = _Piece(now() if arrived is None else arrived, work)
        if self.closed:
            piece.done.cancel()
            return piece.done
        self._queue.put_nowait(piece)
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"room-{self._name}")
        return piece.done

    async def _run(self) -> None:
        while (piece := await self._queue.get()) is not None:
            if piece.done.cancelled():
                continue
            async with self._lock:
                try:
                    await self._before(piece.arrived)
                    result = await piece.work()
                except Exception as error:
                    if not piece.done.cancelled():
                        piece.done.set_exception(error)
                    continue
                except asyncio.CancelledError:
                    piece.done.cancel()
                    raise
            if not piece.done.cancelled():
                piece.done.set_result(result)

    async def close(self) -> None:
        """Finish what was queued before, then stop; later submissions are cancelled."""
        self.closed = True
        if self._task is None:
            return
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(self._task), 5.0)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task


def log_failure(done: asyncio.Future[Any]) -> None:
    """Work submitted by a timer has no one waiting for it: its failure is logged here."""
    if not done.cancelled() and done.exception() is not None:
        log.error("room work failed", exc_info=done.exception())
