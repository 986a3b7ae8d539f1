"""The parent's side of a bot pool: one thread that owns the workers and the job queue.

Callers hand tickets over through a thread-safe inbox and get a `concurrent.futures.Future`
back; they never wait on a worker, so an event loop stays free. The dispatcher thread
gives a job to a worker only when that worker is idle, each over the worker's own pipe:
no lock is shared between processes, so a worker that dies (even while reading) leaves
nothing stuck. Waiting tickets go before sub-searches, and when a ticket finds no idle
worker, a worker helping another's search is told to yield at once.

Every sub-search posted is answered exactly once to the worker that posted it: by its
helper, empty by the dispatcher (its helper died, or it expired in the queue), or
withdrawn. An answer that comes after its decision was made is dropped.
"""

from __future__ import annotations

import contextlib
import pickle
import queue
import socket
import threading
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any

from duoplay.bots.slots import Search, Slot, Ticket, Workers
from duoplay.bots.tickets import BotFailed, Decision

MAX_QUICK_DEATHS = 3  # a worker dying this often in a row without answering is not restarted


@dataclass
class PoolStats:
    """Counts since the pool started, for benchmarks and logs."""

    tickets: int = 0
    failed: int = 0
    workers_replaced: int = 0
    searches_posted: int = 0
    searches_run: int = 0  # taken by a helper
    searches_withdrawn: int = 0  # never taken: the decision ended first
    searches_expired: int = 0  # found in the queue after their budget
    searches_yielded: int = 0  # helpers told to make way for a ticket
    answers_late: int = 0  # came after their decision was made


class Dispatcher:
    def __init__(self, size: int, games: Sequence[str], niceness: int) -> None:
        self._workers = Workers(size, games, niceness)
        self._inbox: queue.SimpleQueue[Ticket | None] = queue.SimpleQueue()
        self._lock = threading.Lock()  # between `submit` and `close`
        self._closed = False
        self._wake_read, self._wake_write = socket.socketpair()
        # Set by a submitter that sent a wake-up byte, cleared by the dispatcher before it empties
        # the inbox: tickets submitted meanwhile ride on the wake-up already sent (a send each was
        # a system call per bot turn on the server's loop).
        self._wake_pending = False
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._tickets: deque[Ticket] = deque()
        self._searches: deque[Search] = deque()
        self.stats = PoolStats()
        self._slots = [Slot(index) for index in range(size)]
        try:
            for slot in self._slots:
                self._workers.start(slot)
            for slot in self._slots:
                self._workers.wait_ready(slot)
        except BaseException:
            self._workers.stop(self._slots)
            self._wake_read.close()
            self._wake_write.close()
            raise
        self._thread = threading.Thread(target=self._run, name="bot-pool", daemon=True)
        self._thread.start()

    # --- any thread --------------------------------------------------------------------------

    def submit(self, payload: bytes) -> Future[Decision]:
        future: Future[Decision] = Future()
        with self._lock:
            if self._closed:
                raise BotFailed("the bot pool is closed")
            self._inbox.put(Ticket(payload, time.monotonic(), future))
        self._wake()
        return future

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._inbox.put(None)
        self._wake()
        if threading.current_thread() is not self._thread:
            self._thread.join()

    def pids(self) -> list[int]:
        return [slot.process.pid for slot in self._slots if slot.process is not None
                and slot.process.pid is not None]

    def _wake(self) -> None:
        if self._wake_pending:
            return
        self._wake_pending = True
        with contextlib.suppress(OSError):  # full (a wake-up is pending anyway) or closed
            self._wake_write.send(b"!")

    # --- the dispatcher thread ---------------------------------------------------------------

    def _run(self) -> None:
        try:
            while self._serve_once():
                pass
        finally:
            with self._lock:
                self._closed = True
            self._workers.stop(self._slots)
            self._fail_waiting("the bot pool was closed")
            self._wake_read.close()
            self._wake_write.close()

    def _serve_once(self) -> bool:
        live = [slot for slot in self._slots if slot.process is not None]
        by_connection: dict[Any, Slot] = {slot.connection: slot for slot in live}
        by_sentinel: dict[Any, Slot] = {
            slot.process.sentinel: slot for slot in live if slot.process is not None}
        ready = wait([self._wake_read, *by_connection, *by_sentinel])
        lost = []
        for item in ready:
            slot = by_connection.get(item)
            if slot is not None and not self._read(slot):
                lost.append(slot)
        for item in ready:
            slot = by_sentinel.get(item)
            if slot is not None and slot not in lost:
                lost.append(slot)
        for slot in lost:
            self._lost(slot)
        if self._wake_read in ready:
            with contextlib.suppress(OSError):
                while self._wake_read.recv(4096):
                    pass
            self._wake_pending = False  # before the inbox is read: a ticket put after this wakes us again
            while True:
                try:
                    ticket = self._inbox.get_nowait()
                except queue.Empty:
                    break
                if ticket is None:
                    return False
                self.stats.tickets += 1
                self._tickets.append(ticket)
        self._dispatch()
        return True

    def _read(self, slot: Slot) -> bool:
        """Handle what the worker sent; False once its pipe has ended."""
        connection = slot.connection
        assert connection is not None
        try:
            while connection.poll():
                self._handle(slot, connection.recv())
                slot.deaths = 0
        except (EOFError, OSError):
            return False
        return True

    def _handle(self, slot: Slot, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind in ("decided", "failed"):
            ticket = slot.job
            self._end_decision(slot)
            if not isinstance(ticket, Ticket):
                return  # cannot happen: a worker answers the ticket it was given
            if kind == "decided":
                action, memory, seconds = pickle.loads(message[1])
                _settle(ticket.future, Decision(action, memory, seconds))
            else:
                self.stats.failed += 1
                _settle(ticket.future, BotFailed(message[1]))
        elif kind == "post":
            _, tag, payload, parts, expires = message
            slot.tag, slot.posted = tag, len(parts)
            self.stats.searches_posted += len(parts)
            self._searches.extend(Search(slot, slot.generation, tag, payload, part, expires)
                                  for part in parts)
        elif kind == "withdraw":
            tag = message[1]
            kept = deque(s for s in self._searches if not (s.owner is slot and s.tag == tag))
            withdrawn = len(self._searches) - len(kept)
            self._searches = kept
            self.stats.searches_withdrawn += withdrawn
            slot.send(("withdrawn", tag, slot.posted - withdrawn))
        elif kind == "ready":
            pass  # a replacement worker: jobs sent before this waited in its pipe
        elif kind == "searched":
            search = slot.job
            slot.job, slot.yielding = None, False
            if isinstance(search, Search):
                self._answer(search, message[1])

    def _end_decision(self, slot: Slot) -> None:
        slot.job, slot.tag, slot.posted = None, None, 0
        self._searches = deque(s for s in self._searches if s.owner is not slot)

    def _answer(self, search: Search, counts: list[int] | None) -> None:
        owner = search.owner
        if owner.generation == search.generation and owner.tag == search.tag:
            owner.send(("answer", search.tag, counts))
        else:
            self.stats.answers_late += 1

    def _dispatch(self) -> None:
        for slot in self._slots:
            if slot.process is not None and slot.job is None:
                self._feed(slot)
        waiting = len(self._tickets)
        for slot in self._slots:
            if waiting <= 0:
                break
            if isinstance(slot.job, Search) and not slot.yielding:
                slot.yielding = True
                self.stats.searches_yielded += 1
                slot.send(("yield",))
                waiting -= 1

    def _feed(self, slot: Slot) -> None:
        """Give an idle worker the oldest waiting ticket, else the oldest sub-search still wanted."""
        while self._tickets:
            ticket = self._tickets.popleft()
            if ticket.future.set_running_or_notify_cancel():  # False: the caller gave up on it
                slot.job = ticket
                slot.send(("ticket", ticket.payload, ticket.started))
                return
        now = time.monotonic()
        while self._searches:
            search = self._searches.popleft()
            if search.expires is not None and now >= search.expires:
                self.stats.searches_expired += 1
                self._answer(search, None)
                continue
            slot.job = search
            self.stats.searches_run += 1
            slot.send(("search", search.payload, search.part))
            return

    def _lost(self, slot: Slot) -> None:
        """A worker died: fail the ticket it held, answer the search it ran, start another."""
        job = slot.job
        self._end_decision(slot)
        slot.yielding = False
        if isinstance(job, Ticket):
            self.stats.failed += 1
            _settle(job.future, BotFailed("the worker deciding it died"))
        elif isinstance(job, Search):
            self._answer(job, None)
        self._workers.release(slot)
        slot.deaths += 1
        if slot.deaths > MAX_QUICK_DEATHS:
            if all(s.process is None for s in self._slots):
                self._fail_waiting("every worker of the bot pool keeps dying")
            return
        try:
            self._workers.start(slot)
            self.stats.workers_replaced += 1
        except Exception:
            if all(s.process is None for s in self._slots):
                self._fail_waiting("the bot pool cannot start a worker")

    def _fail_waiting(self, reason: str) -> None:
        for slot in self._slots:
            if isinstance(slot.job, Ticket):
                _settle(slot.job.future, BotFailed(reason))
            slot.job = None
        while self._tickets:
            _settle(self._tickets.popleft().future, BotFailed(reason))
        while True:
            try:
                ticket = self._inbox.get_nowait()
            except queue.Empty:
                break
            if ticket is not None:
                _settle(ticket.future, BotFailed(reason))


def _settle(future: Future[Decision], outcome: Decision | BaseException) -> None:
    if future.cancelled():
        return
    with contextlib.suppress(Exception):  # settled already
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)
