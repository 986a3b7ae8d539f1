"""The server watching itself: it logs the pauses that every room feels at once.

An event loop that wakes late (the process waited for a CPU, or something
blocked it), long garbage collections and slow commits delay every client;
logging them tells a slow moment of the server from a slow network or client.
Each one over 50 ms is logged as it happens; every `REPORT_EVERY` seconds one
line gives the worst of each kind in that time, however short, so a load test
can read the longest pauses of the time it measured from the log.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)

SLOW = 0.05  # seconds: a pause every room feels
REPORT_EVERY = 10.0


@dataclass
class Pauses:
    """The worst pause of each kind since the last report (seconds)."""

    stall: float = 0.0
    # The loop thread's CPU time over the longest stall's whole sleep (the sleep asked, then the
    # stall): near all of it, callbacks held the loop; far less, the process waited for a CPU.
    stall_cpu: float = 0.0
    stall_window: float = 0.0
    collection: float = 0.0
    generation: int = -1
    collection_cpu: float = 0.0  # of the longest collection: the rest it waited for a CPU
    commit: float = 0.0
    writes: int = 0

    def line(self, period: float) -> str:
        collection = "none"
        if self.generation >= 0:
            collection = (f"{self.collection * 1000:.1f} ms (generation {self.generation},"
                          f" {self.collection_cpu * 1000:.1f} ms of CPU)")
        commit = f"{self.commit * 1000:.1f} ms ({self.writes} writes)" if self.writes else "none"
        return (
            f"pauses over the last {period:.0f} s: longest event-loop stall {self.stall * 1000:.1f} ms"
            f" (the loop ran {self.stall_cpu * 1000:.1f} ms of {self.stall_window * 1000:.1f} ms),"
            f" longest garbage collection {collection}, slowest commit {commit}"
        )

    def worst(self) -> float:
        return max(self.stall, self.collection, self.commit)


pauses = Pauses()
_gc_started = (0.0, 0.0)


def _time_gc(phase: str, info: dict[str, int]) -> None:
    """Time every collection: a long one stops every room at once. Its CPU time tells the
    collector's own work from the time the process waited for a CPU meanwhile."""
    global _gc_started
    if phase == "start":
        _gc_started = (time.monotonic(), time.thread_time())
        return
    took = time.monotonic() - _gc_started[0]
    cpu = time.thread_time() - _gc_started[1]
    if took > pauses.collection:
        pauses.collection, pauses.generation, pauses.collection_cpu = took, info["generation"], cpu
    if took > SLOW:
        log.warning("garbage collection of generation %d took %.0f ms (%.0f ms of CPU)",
                    info["generation"], took * 1000, cpu * 1000)


def note_commit(took: float, writes: int) -> None:
    """Called by the storage writer after each commit (it logs the slow ones itself)."""
    if took > pauses.commit:
        pauses.commit, pauses.writes = took, writes


async def watch_loop(
    every: float = 0.05, report_over: float = 0.1, report_every: float = REPORT_EVERY
) -> None:
    """Log when the event loop wakes late (every client of every room waits through such a stall),
    and every `report_every` seconds the worst pauses of that time."""
    global pauses
    reported = time.monotonic()
    while True:
        asked, asked_cpu = time.monotonic(), time.thread_time()
        await asyncio.sleep(every)
        now = time.monotonic()
        late = now - asked - every
        cpu = time.thread_time() - asked_cpu
        if late > pauses.stall:
            pauses.stall, pauses.stall_cpu, pauses.stall_window = late, cpu, now - asked
        if late > report_over:
            log.warning("event loop stalled: woke %.0f ms late (the loop ran %.0f ms of %.0f ms)",
                        late * 1000, cpu * 1000, (now - asked) * 1000)
        if now - reported >= report_every:
            # Over 50 ms is a warning; otherwise the line is for load tests and whoever asks for info.
            log.log(logging.WARNING if pauses.worst() > SLOW else logging.INFO, pauses.line(now - reported))
            pauses, reported = Pauses(), now


def watch_gc() -> None:
    if _time_gc not in gc.callbacks:
        gc.callbacks.append(_time_gc)
