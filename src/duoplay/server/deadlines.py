"""The scheduler that turns a game's `Deadline` into a timeout action appended by the table.

The room re-arms it after every accepted action with the game's current deadline,
the match version and the arrival time of that action: a new wait runs from the
moment the action that began it arrived, not from when it was stored. A deadline
with the same non-empty key as the armed one keeps its clock running (a wait the
game names, such as one pairing turn); any other deadline restarts the clock. When
the time passes the callback gets the version it was armed at and the deadline, so
it can drop one made moot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from duoplay.core.protocol import Deadline

Fire = Callable[[int, Deadline, float], Awaitable[None]]


class DeadlineTimer:
    def __init__(self, fire: Fire) -> None:
        self._fire = fire
        self._task: asyncio.Task[None] | None = None
        self.armed: tuple[int, Deadline] | None = None
        self.ends_at = 0.0  # event-loop time when the armed deadline passes

    def arm(self, version: int, deadline: Deadline | None, started_at: float | None = None) -> None:
        """Replace whatever was armed by `deadline` (None disarms), counted from `started_at`
        (event-loop time, default now), unless it continues the armed wait (same non-empty key)."""
        if (
            deadline is not None
            and deadline.key
            and self.armed is not None
            and self.armed[1].key == deadline.key
        ):
            return
        self.cancel()
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        self.armed = (version, deadline)
        self.ends_at = (loop.time() if started_at is None else started_at) + max(0.0, deadline.seconds)
        self._task = asyncio.create_task(
            self._wait(version, deadline, self.ends_at), name=f"deadline-v{version}"
        )

    def due(self, at: float) -> tuple[int, Deadline] | None:
        """The armed deadline if it has passed by event-loop time `at`."""
        return self.armed if self.armed is not None and self.ends_at <= at else None

    def seconds_left(self) -> float | None:
        """How long the armed deadline has to run, or None when nothing is armed."""
        if self.armed is None:
            return None
        return max(0.0, self.ends_at - asyncio.get_running_loop().time())

    def bring_forward(self, seconds: float) -> None:
        """End the armed wait `seconds` sooner, but not before now (a clock moved on by a test)."""
        if self.armed is None:
            return
        version, deadline = self.armed
        loop = asyncio.get_running_loop()
        ends_at = max(loop.time(), self.ends_at - seconds)
        self.cancel()
        self.armed, self.ends_at = (version, deadline), ends_at
        self._task = asyncio.create_task(self._wait(version, deadline, ends_at), name=f"deadline-v{version}")

    def cancel(self) -> None:
        if self._task is not None and not self._task.done() and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None
        self.armed = None

    async def _wait(self, version: int, deadline: Deadline, ends_at: float) -> None:
        await asyncio.sleep(max(0.0, ends_at - asyncio.get_running_loop().time()))
        await self._fire(version, deadline, ends_at)
