"""The bot pool's worker processes as its dispatcher keeps them: one slot per worker.

A slot holds a worker's process, the parent's end of its pipe and the job it is doing;
when the worker dies, the slot gets a new one (a new generation, so that nothing meant
for the old worker reaches the new). `Workers` starts, waits for and stops them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any

from duoplay.bots.tickets import BotFailed, Decision
from duoplay.bots.worker import serve

START_TIMEOUT_S = 120.0  # a worker imports its games before it is ready; a loaded machine is slow
STOP_WAIT_S = 1.0  # how long idle workers get to leave on their own when the pool closes


@dataclass(eq=False)
class Ticket:
    payload: bytes  # a pickled BotTicket
    started: float  # `time.monotonic()` when the pool received it: the bot's budget runs from then
    future: Future[Decision]


@dataclass(eq=False)
class Search:
    owner: Slot
    generation: int  # of the owner's process: a replaced worker posted nothing
    tag: int
    payload: bytes
    part: Any
    expires: float | None


@dataclass(eq=False)
class Slot:
    index: int
    process: BaseProcess | None = None
    connection: Connection | None = None
    generation: int = 0
    job: Ticket | Search | None = None
    tag: int | None = None  # the decision whose sub-searches this worker waits for
    posted: int = 0  # sub-searches it posted for that decision
    yielding: bool = False  # told to end its sub-search
    deaths: int = 0  # in a row, without an answer in between

    def send(self, message: Any) -> None:
        if self.connection is None:
            return
        # A worker that has died is found by its sentinel, which settles the job it held.
        with contextlib.suppress(OSError):
            self.connection.send(message)


class Workers:
    """Starts and stops the processes of a pool of `size` that import `games` first."""

    def __init__(self, size: int, games: Sequence[str], niceness: int) -> None:
        # Never plain fork: the parent has threads (the dispatcher's, an event loop's).
        self._context: ForkServerContext | SpawnContext
        if "forkserver" in multiprocessing.get_all_start_methods():
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload(["duoplay.bots.worker"])
        else:
            self._context = multiprocessing.get_context("spawn")
        self._size = size
        self._games = tuple(games)
        self._niceness = niceness

    def start(self, slot: Slot) -> None:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(target=serve, args=(theirs, self._size, self._games, self._niceness),
                                        name=f"bot-pool-{slot.index}", daemon=True)
        try:
            process.start()
        finally:
            theirs.close()
        slot.process, slot.connection = process, ours
        slot.generation += 1

    def wait_ready(self, slot: Slot) -> None:
        """Wait until a new worker has set itself up (its games imported, Ctrl-C ignored)."""
        assert slot.connection is not None
        try:
            if slot.connection.poll(START_TIMEOUT_S) and slot.connection.recv() == ("ready",):
                return
        except (EOFError, OSError):
            pass
        raise BotFailed("a bot pool worker could not start (a script that makes a pool must do so "
                        "under `if __name__ == '__main__':`, as worker processes import it)")

    def release(self, slot: Slot) -> None:
        """Let go of a slot's worker, which has died or been told to stop."""
        process, connection = slot.process, slot.connection
        slot.process = slot.connection = None
        if connection is not None:
            connection.close()
        if process is not None:
            process.join(timeout=1)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()

    def stop(self, slots: Sequence[Slot]) -> None:
        for slot in slots:
            if slot.job is None:
                slot.send(None)
            elif slot.process is not None:
                slot.process.terminate()  # its answer would go nowhere: no need to wait for it
        deadline = time.monotonic() + STOP_WAIT_S
        for slot in slots:
            if slot.process is not None:
                slot.process.join(timeout=max(deadline - time.monotonic(), 0))
                if slot.process.is_alive():
                    slot.process.terminate()
            self.release(slot)
