"""The server's garbage collection: what lives is set aside, nothing that dies is kept for good."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from duoplay.server import collector
from duoplay.server.collector import FULL_AT_MOST_EVERY, LastFull, freeze_all, run_collector


class Node:
    """A container a test can watch die (weakref) and put in a cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture(autouse=True)
def restored() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_frozen_objects_are_freed_when_their_last_reference_goes() -> None:
    node = Node()
    gone = weakref.ref(node)
    freeze_all(LastFull(blocks=10**12, at=0.0), now=1.0)
    assert gc.get_freeze_count() > 0
    del node
    assert gone() is None


def test_a_cycle_frozen_then_dropped_waits_for_a_full_collection_which_the_heap_growth_starts() -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    freeze_all(LastFull(blocks=10**12, at=0.0), now=1.0)
    del first, second
    gc.collect(0)
    gc.collect(1)
    assert gone() is not None  # frozen: no collection of a generation sees it
    # The heap has not doubled since the last full collection: nothing more.
    freeze_all(LastFull(blocks=10**12, at=0.0), now=FULL_AT_MOST_EVERY + 1)
    assert gone() is not None
    # It has, but the last full collection was too recent: nothing more.
    freeze_all(LastFull(blocks=1, at=0.0), now=FULL_AT_MOST_EVERY - 1)
    assert gone() is not None
    last = freeze_all(LastFull(blocks=1, at=0.0), now=FULL_AT_MOST_EVERY + 1)
    assert gone() is None
    assert last.at == FULL_AT_MOST_EVERY + 1 and last.blocks > 1


def test_while_the_server_serves_only_young_objects_are_collected_and_survivors_are_frozen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "FREEZE_EVERY", 0.01)

    async def serve() -> tuple[tuple[int, int, int], int]:
        task = asyncio.create_task(run_collector())
        await asyncio.sleep(0.05)
        kept = [Node() for _ in range(1000)]  # made while the server serves, and kept
        await asyncio.sleep(0.05)
        thresholds = gc.get_threshold()
        frozen_with_them = gc.get_freeze_count()
        del kept
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return thresholds, frozen_with_them

    thresholds, frozen = asyncio.run(serve())
    assert thresholds == (collector.YOUNG, collector.NEVER, collector.NEVER)
    assert frozen >= 1000
    assert gc.get_freeze_count() == 0  # a stopped server leaves nothing frozen
    assert gc.get_threshold() == (700, 10, 10)
