"""A bot pool's worker process: it decides tickets and helps other workers' searches.

Bots are stateless across workers: a ticket carries its bot as a pickle (or only its
game, level and seed, for a new bot), so any worker can take any ticket. What a worker
keeps between tickets is what the game modules cache per process (models loaded once).

The worker talks only to the pool's dispatcher in the parent, over its own pipe; the
dispatcher gives it a job only when it is idle. Messages (tuples, first item a kind):

    in:  ("ticket", payload, started)      payload: a pickled BotTicket
         ("search", payload, part)         a sub-search posted by another worker, its part
         ("yield",)                        a ticket is waiting: end the sub-search now
         ("answer", tag, counts | None)    a helper's answer to our posted sub-search
         ("withdrawn", tag, left)          unstarted sub-searches removed; `left` will answer
         None                              stop
    out: ("ready",)                        once, when set up
         ("decided", payload)              a pickled (action JSON, memory, seconds)
         ("failed", reason)
         ("post", tag, payload, parts, expires)
         ("withdraw", tag)
         ("searched", counts | None)
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import threading
import time
from collections.abc import Sequence
from multiprocessing import parent_process
from multiprocessing.connection import Connection, wait
from typing import Any

from duoplay.bots import spread
from duoplay.bots.registry import bot_factories, make_bot
from duoplay.bots.spread import SubSearch
from duoplay.bots.tickets import BotTicket, WarmUp
from duoplay.core import declared
from duoplay.core.registry import find_game

NICENESS = 10  # below the parent, whose event loop must answer players while bots think


def default_niceness() -> int:
    """How much lower than the parent's the workers' priority is: NICENESS, or the environment's
    DUOPLAY_BOT_NICENESS (the test suite sets 0: beside other loads at normal priority, bots niced
    to 10 got a twentieth of a core, and a test's bot moves came minutes late)."""
    try:
        return int(os.environ.get("DUOPLAY_BOT_NICENESS", NICENESS))
    except ValueError:
        return NICENESS


class _Stop(BaseException):
    """The pool is closing (or the parent is gone): leave whatever is running."""


def serve(connection: Connection, size: int, games: Sequence[str], niceness: int = NICENESS) -> None:
    """The worker's whole life: set up, then take jobs until told to stop."""
    # Ctrl-C at a terminal reaches the whole process group: the parent decides what it means.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(niceness)
    _exit_with_parent()
    for game_id in games:
        _warm(game_id)
    connection.send(("ready",))
    worker = _Worker(connection, size)
    with contextlib.suppress(_Stop, EOFError, OSError):
        worker.run()


def _exit_with_parent() -> None:
    """A worker outlives neither the pool (told to stop) nor the process that made it."""
    parent = parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _warm(game_id: str) -> None:
    """Import a game and its bots before the first ticket, so no decision pays for it."""
    with contextlib.suppress(Exception):
        bot_factories(game_id)  # imports the game's bots module, which imports its rules


class _Worker:
    def __init__(self, connection: Connection, size: int) -> None:
        self.connection = connection
        self.size = size
        self._tags = 0

    def receive(self) -> Any:
        message = self.connection.recv()
        if message is None:
            raise _Stop
        return message

    def run(self) -> None:
        while True:
            message = self.receive()
            kind = message[0]
            if kind == "ticket":
                self.connection.send(self._decide(message[1], message[2]))
            elif kind == "search":
                self.connection.send(("searched", self._search(message[1], message[2])))
            # Anything else is late: a yield for a sub-search that had ended, or answers to a
            # decision that has been made.

    def _decide(self, payload: bytes, started: float) -> tuple[Any, ...]:
        began = time.perf_counter()
        try:
            ticket: BotTicket | WarmUp = pickle.loads(payload)
            if isinstance(ticket, WarmUp):
                game = find_game(ticket.game)
                declared.bot_warm_up(game, game.parse_options(ticket.options))
                return ("decided", pickle.dumps((None, b"", time.perf_counter() - began)))
            game = find_game(ticket.game)
            bot = pickle.loads(ticket.memory) if ticket.memory is not None else \
                make_bot(ticket.game, ticket.level, ticket.seed)
            set_budget = getattr(bot, "set_budget", None)
            if ticket.time_ms is not None and callable(set_budget):
                set_budget(ticket.time_ms)
            legal = [game.parse_action(action) for action in ticket.legal]
            with spread.deciding(_Channel(self, started)):
                action = bot.choose(ticket.view, legal, ticket.seat)
            chosen = None if action is None else action.to_json()  # None: nothing to do yet
            memory = pickle.dumps(bot, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:
            return ("failed", f"{type(error).__name__}: {error}")
        seconds = time.perf_counter() - began
        return ("decided", pickle.dumps((chosen, memory, seconds), protocol=pickle.HIGHEST_PROTOCOL))

    def _search(self, payload: bytes, part: Any) -> list[int] | None:
        try:
            job: SubSearch = pickle.loads(payload)
            # Any message now is a yield (or a stop): the search ends at its next step.
            return job.run(part, self.connection.poll)
        except Exception:
            return None  # the deciding worker goes on without this share

    def next_tag(self) -> int:
        self._tags += 1
        return self._tags


class _Channel:
    """The pool as the bot deciding a ticket on this worker sees it (see `spread.Helpers`)."""

    def __init__(self, worker: _Worker, started: float) -> None:
        self._worker = worker
        self.size = worker.size
        self.started = started

    def post(self, job: SubSearch, parts: Sequence[Any], expires: float | None) -> int:
        tag = self._worker.next_tag()
        payload = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        self._worker.connection.send(("post", tag, payload, list(parts), expires))
        return tag

    def gather(self, tag: int, deadline: float | None) -> list[list[int]]:
        worker = self._worker
        worker.connection.send(("withdraw", tag))
        answers: list[list[int]] = []
        received = 0
        left: int | None = None  # known once the dispatcher says how many were taken
        while left is None or received < left:
            timeout = None if deadline is None else max(deadline - time.monotonic(), 0)
            if timeout is not None and not worker.connection.poll(timeout):
                break  # answers that come later are dropped by their tag
            message = worker.receive()
            if message[0] == "withdrawn" and message[1] == tag:
                left = message[2]
            elif message[0] == "answer" and message[1] == tag:
                received += 1
                if message[2] is not None:
                    answers.append(message[2])
        return answers
