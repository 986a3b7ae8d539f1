"""How the server's garbage collector runs: young objects only, and what lives is set aside.

CPython frees almost everything by reference counting; its cyclic collector only finds cycles.
A server at play makes none: with 5,000 players, collections of the older generations found
nothing in steady play (the cycles come from opening connections). Yet each of those collections
walks every object that outlived a young collection since the last one: 300,000 objects and 300 ms
of CPU, a pause every room feels at once.

So every `FREEZE_EVERY` seconds every object the collector tracks is frozen (`gc.freeze`, which
only moves lists): out of every later collection's sight. Objects frozen are still freed when
their last reference goes. The youngest generation is collected by its threshold as before, and
it never holds more than the objects of one such interval: a young collection counts new objects
less those freed, and a server replacing each seat's view frees as many as it makes, so without
the freeze the youngest generation grew to 140,000 objects between collections (120 ms).
A cycle that became garbage after it was frozen stays until a full collection, which thaws
everything first; it runs only when the heap (Python's allocated blocks: counting the frozen
objects would walk them all) has grown to `THAW_GROWTH` times what the last one left, at most once
in `FULL_AT_MOST_EVERY` seconds, and is logged: rarely (a server's heap grows as players come; a
game in play makes no cycles).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)

YOUNG = 5000  # a young collection when the container objects grew by 5,000
NEVER = 1_000_000_000  # the older generations' thresholds: never by count (see `FREEZE_EVERY`)
FREEZE_EVERY = 0.1  # seconds
THAW_GROWTH = 2.0
FULL_AT_MOST_EVERY = 600.0  # seconds


def full_collection() -> int:
    """Thaw everything, collect every generation, freeze what is left; returns the heap's size."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    return sys.getallocatedblocks()


@dataclass
class LastFull:
    """The heap's size (allocated blocks) the last full collection left, and when it ran
    (monotonic seconds)."""

    blocks: int
    at: float


def freeze_all(last: LastFull, now: float) -> LastFull:
    """Freeze every tracked object; a full collection instead when the heap grew past
    `THAW_GROWTH` times what the last one left and it ran long enough ago."""
    gc.freeze()
    if now - last.at < FULL_AT_MOST_EVERY:
        return last
    grown = sys.getallocatedblocks()
    if grown <= THAW_GROWTH * max(last.blocks, 1):
        return last
    started = time.monotonic()
    left = full_collection()
    log.warning("full garbage collection: the heap grew to %d blocks, %d left, took %.0f ms", grown,
                left, (time.monotonic() - started) * 1000)
    return LastFull(left, now)


async def run_collector() -> None:
    """The server's collection policy, for as long as it serves (started after warm-up)."""
    last = LastFull(full_collection(), time.monotonic())  # modules, start-up data, resumed rooms
    gc.set_threshold(YOUNG, NEVER, NEVER)
    try:
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            last = freeze_all(last, time.monotonic())
    finally:
        gc.set_threshold(700, 10, 10)  # CPython's defaults, for whatever runs after the server
        gc.unfreeze()
