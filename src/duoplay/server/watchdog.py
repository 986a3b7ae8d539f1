"""The server watching itself: it logs the pauses that every room feels at once.

An event loop that wakes late (the process waited for a CPU, or something
blocked it) and long garbage collections both delay every client; logging
them tells a slow moment of the server from a slow network or client.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

_gc_started = 0.0


def _time_gc(phase: str, info: dict[str, int]) -> None:
    """Log long garbage collections: they stop every room at once."""
    global _gc_started
    if phase == "start":
        _gc_started = time.monotonic()
    elif (took := time.monotonic() - _gc_started) > 0.05:
        log.warning("garbage collection of generation %d took %.0f ms", info["generation"], took * 1000)


async def watch_loop(every: float = 0.05, report_over: float = 0.1) -> None:
    """Log when the event loop wakes late: every client of every room waits through such a stall."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(every)
        late = time.monotonic() - asked - every
        if late > report_over:
            log.warning("event loop stalled: woke %.0f ms late", late * 1000)


def watch_gc() -> None:
    if _time_gc not in gc.callbacks:
        gc.callbacks.append(_time_gc)
