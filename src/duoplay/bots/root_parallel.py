"""Root parallelisation for ISMCTS (Chaslot, Winands and van den Herik, 2008).

Python runs one search step at a time per process, so a search that should use
more than one core runs in helper processes: each grows a tree of its own over the
same view for the same budget, with its own random seed, and the root visit counts
of all trees are summed. Independent trees lose little against one shared tree at
the root, where the decision is made, and they need no locks.

The helpers are forked from the searching process, so they start with its game
code and settings; each decision sends them the game object again (it may carry
memory that changed since, such as an opponent reader) with the view, the root
actions and the budget. They stop when the bot is closed or garbage collected, or
when the process that forked them ends (they are daemons).
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import weakref
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from duoplay.core.protocol import JSON

if TYPE_CHECKING:
    from duoplay.bots.ismcts import Ismcts


class RootHelpers:
    """`count` helper processes that each run the search they were forked with."""

    def __init__(self, search: Ismcts, count: int) -> None:
        context = multiprocessing.get_context("fork")  # the helpers inherit the game code as loaded
        self._connections: list[Connection] = []
        self._processes = []
        global _forking
        _forking = search  # read by the forked helper; not an argument, which the parent would keep
        try:
            for _ in range(count):
                ours, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, ours), daemon=True)
                process.start()
                theirs.close()
                self._connections.append(ours)
                self._processes.append(process)
        finally:
            _forking = None
        self._finalizer = weakref.finalize(self, _stop, self._connections, self._processes)

    def start(self, game: Any, view: JSON, options: Sequence[Any], seat: int, started: float,
              time_ms: float | None, iterations: Sequence[int | None], seeds: Sequence[int]) -> None:
        """Ask every helper to search (helper k with `iterations[k]` and `seeds[k]`) for `time_ms`
        from `started` (`time.monotonic()`); `gather` collects the answers."""
        for connection, budget, seed in zip(self._connections, iterations, seeds, strict=True):
            connection.send((game, view, list(options), seat, started, time_ms, budget, seed))

    def gather(self) -> list[list[int]]:
        """The root visit counts of each helper that searched, in the order of the options it
        was sent. A helper that failed adds nothing; one that is gone raises `EOFError`."""
        answers = [connection.recv() for connection in self._connections]
        return [counts for counts in answers if counts is not None]

    def close(self) -> None:
        self._finalizer()


_forking: Ismcts | None = None  # the search being forked into helpers, while it is


def _serve(connection: Connection, parent_end: Connection) -> None:
    parent_end.close()  # so that the helper sees the end of the pipe when the bot goes away
    # Ctrl-C at a terminal reaches the whole process group: the bot's process decides what it
    # means, and the helper stops when the bot does.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    search = _forking
    assert search is not None
    search.helpers = None
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        game, view, options, seat, started, time_ms, iterations, seed = request
        search.game = game
        search.set_budget(time_ms, iterations)
        search.reseed(seed)
        try:
            # The monotonic clock is the machine's, shared with the forking process (on Linux;
            # where it is not, `root_visits` never lets the budget run from later than now).
            counts = search.root_visits(view, options, seat, started)
        except Exception:  # the bot's own search goes on; this helper's share is lost
            counts = None
        connection.send(counts)


def _stop(connections: list[Connection], processes: list[Any]) -> None:
    for connection in connections:
        try:
            connection.send(None)
            connection.close()
        except OSError:
            pass  # the helper is gone already
    for process in processes:
        process.join(timeout=1)
        if process.is_alive():
            process.terminate()


def split_iterations(iterations: int | None, parts: int) -> list[int | None]:
    """An iteration budget shared out among `parts` searches (the first ones take the rest)."""
    if iterations is None:
        return [None] * parts
    share, rest = divmod(iterations, parts)
    return [max(share + (1 if k < rest else 0), 1) for k in range(parts)]


def fresh_seeds(rng: random.Random, count: int) -> list[int]:
    return [rng.getrandbits(64) for _ in range(count)]
