"""When each absent player's stand-in bot takes over: one timer per seat, on the room's loop clock.

A seated player with no connection during a game gets a bot after a grace period (`--replace-after`);
coming back cancels it. The room decides who is absent; this keeps the times and, when one is due,
hands the seat to the room's `due` callback inside the room's loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from duoplay.server.inbox import log_failure


class AwayTimers:
    def __init__(self, name: str, grace: float, submit: Callable[[Callable[[], Awaitable[Any]]], Any],
                 due: Callable[[int], Awaitable[None]]) -> None:
        self._name = name
        self._grace = grace
        self._submit = submit  # runs work in the room's loop, returns its future
        self._due = due
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._ends: dict[int, float] = {}  # loop time at which each absent seat's bot takes over

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def arm(self, seat: int) -> None:
        self.cancel(seat)
        self._start(seat, self._now() + self._grace)

    def cancel(self, seat: int) -> None:
        self._ends.pop(seat, None)
        task = self._tasks.pop(seat, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def seconds_left(self, seat: int) -> float | None:
        """Seconds until a bot plays for this absent player, or None when none is on its way.
        Relative, as a deadline's `seconds_left`: clients' clocks do not agree with ours."""
        end = self._ends.get(seat)
        return None if end is None else max(0.0, round(end - self._now(), 1))

    def bring_forward(self, seconds: float) -> bool:
        """Every grace runs `seconds` shorter (with the game's clock, by a test hook); whether any ran."""
        now = self._now()
        for seat, end in list(self._ends.items()):
            self.cancel(seat)
            self._start(seat, max(now, end - seconds))
        return bool(self._ends)

    def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()

    def _start(self, seat: int, end: float) -> None:
        self._ends[seat] = end
        self._tasks[seat] = asyncio.create_task(self._wait(seat, end), name=f"away-{self._name}-{seat}")

    async def _wait(self, seat: int, end: float) -> None:
        await asyncio.sleep(max(0.0, end - self._now()))
        done = self._submit(lambda: self._fire(seat))
        done.add_done_callback(log_failure)

    async def _fire(self, seat: int) -> None:
        self._tasks.pop(seat, None)
        self._ends.pop(seat, None)
        await self._due(seat)

