"""Deadlines as data: a timer never reaches the rules, only the action it causes.

The server asks the game for its current `Deadline` after every accepted action;
when that many seconds pass with no change, it appends the deadline's action to
the log like any other. Replays therefore need no clock.
"""

from __future__ import annotations

from duoplay.core.protocol import Deadline

__all__ = ["Deadline", "due"]


def due(deadline: Deadline | None, started_at: float, now: float) -> bool:
    """Whether a deadline armed at `started_at` has passed at `now` (seconds)."""
    return deadline is not None and now - started_at >= deadline.seconds
