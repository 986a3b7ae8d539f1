"""Spreading one decision over a bot pool, as a search sees it (root parallelisation).

Python runs one search step at a time per process. While a pool worker decides a
ticket, a search may post sub-searches of the same decision to the pool's job queue
(Chaslot, Winands and van den Herik, 2008: each helper grows a tree of its own over
the same view for the same budget with its own seed, and the root visit counts are
summed). Idle workers pick them up; a sub-search picked up after its budget has run out
is answered empty at once. The deciding worker waits for answers only until its own
budget ends plus `GRACE_S`, so a busy pool costs a decision helpers, never time.

Outside a pool worker `current()` is None and a search runs alone on its process.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

GRACE_S = 0.005  # how long past its budget a decision waits for helpers that are finishing


class SubSearch(Protocol):
    """A search that a helper runs: `part` is what differs per helper (a seed, a budget share).
    It stops early when `should_stop()` says so, and answers root visit counts, or None when
    there was nothing left to search."""

    def run(self, part: Any, should_stop: Callable[[], bool]) -> list[int] | None: ...


class Helpers(Protocol):
    """The pool, as the worker deciding a ticket offers it to the bot."""

    size: int  # workers in the pool: the most searches a decision can run at once
    started: float  # `time.monotonic()` when the pool received the ticket: budgets run from then

    def post(self, job: SubSearch, parts: Sequence[Any], expires: float | None) -> int:
        """Queue one sub-search per part; returns a tag for `gather`. `expires` is the
        `time.monotonic()` after which a helper has nothing left to do (None: never)."""
        ...

    def gather(self, tag: int, deadline: float | None) -> list[list[int]]:
        """Withdraw the sub-searches no helper has taken, then collect the answers of the others
        until `deadline` (`time.monotonic()`; None: until every one has answered)."""
        ...


_current: Helpers | None = None


def current() -> Helpers | None:
    """The pool helping the decision this process is making, if any."""
    return _current


@contextmanager
def deciding(helpers: Helpers) -> Iterator[None]:
    global _current
    _current = helpers
    try:
        yield
    finally:
        _current = None


def split_iterations(iterations: int | None, parts: int) -> list[int | None]:
    """An iteration budget shared out among `parts` searches (the first ones take the rest)."""
    if iterations is None:
        return [None] * parts
    share, rest = divmod(iterations, parts)
    return [max(share + (1 if k < rest else 0), 1) for k in range(parts)]


def fresh_seeds(rng: random.Random, count: int) -> list[int]:
    return [rng.getrandbits(64) for _ in range(count)]
