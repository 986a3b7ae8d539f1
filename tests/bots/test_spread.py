"""ISMCTS spread over helpers (root parallelisation), with a pool stood in for by this process."""

from __future__ import annotations

import multiprocessing
import pickle
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from tests.bots.test_ismcts import Nim

from duoplay.bots import spread
from duoplay.bots.ismcts import Ismcts
from duoplay.bots.spread import SubSearch, split_iterations


class InlineHelpers:
    """Runs each posted sub-search at once, in this process, as a pool's idle workers would,
    `late` seconds after it was posted."""

    def __init__(self, size: int, late: float = 0.0) -> None:
        self.size = size
        self.started = time.monotonic()
        self.late = late
        self.answers: list[list[int] | None] = []

    def post(self, job: SubSearch, parts: Sequence[Any], expires: float | None) -> int:
        time.sleep(self.late)
        for part in parts:
            copy: SubSearch = pickle.loads(pickle.dumps(job))  # as it crosses to another worker
            never: Callable[[], bool] = lambda: False  # noqa: E731
            self.answers.append(copy.run(part, never))
        return 1

    def gather(self, tag: int, deadline: float | None) -> list[list[int]]:
        return [counts for counts in self.answers if counts is not None]


@pytest.mark.parametrize(("stones", "best"), [(5, 1), (6, 2), (7, 3)])
def test_helpers_find_the_move_that_leaves_a_multiple_of_four(stones: int, best: int) -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=3000, seed=stones)
    helpers = InlineHelpers(size=3)
    with spread.deciding(helpers):
        assert bot.choose({"stones": stones, "current": 0}, [1, 2, 3], 0) == best
    assert len(helpers.answers) == 2  # one sub-search per other worker of the pool
    assert bot.last_iterations == 3000  # shared out, not run once per search


def test_workers_caps_the_searches_and_one_searches_alone() -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=900, seed=1, workers=2)
    helpers = InlineHelpers(size=4)
    with spread.deciding(helpers):
        bot.choose({"stones": 9, "current": 0}, [1, 2, 3], 0)
    assert len(helpers.answers) == 1
    bot.set_workers(1)
    alone = InlineHelpers(size=4)
    with spread.deciding(alone):
        bot.choose({"stones": 9, "current": 0}, [1, 2, 3], 0)
    assert alone.answers == []
    assert bot.last_iterations == 900


def test_a_sub_search_taken_after_the_budget_adds_nothing() -> None:
    bot = Ismcts(Nim(), time_ms=20, seed=2)
    helpers = InlineHelpers(size=2, late=0.05)
    with spread.deciding(helpers):
        assert bot.choose({"stones": 21, "current": 0}, [1, 2, 3], 0) in (1, 2, 3)
    assert helpers.answers == [None]


def test_outside_a_pool_a_search_runs_alone_on_its_process() -> None:
    before = set(multiprocessing.active_children())  # a pool an earlier test of this process left
    bot = Ismcts(Nim(), time_ms=None, iterations=500, seed=3, workers=4)
    assert bot.choose({"stones": 6, "current": 0}, [1, 2, 3], 0) == 2
    assert bot.last_iterations == 500
    assert set(multiprocessing.active_children()) <= before  # it started no process of its own


def test_the_time_budget_runs_from_when_the_decision_was_asked_for() -> None:
    # A ticket that waited in the pool's queue has spent that much of its budget already.
    bot = Ismcts(Nim(), time_ms=50, seed=1)
    visits = bot.root_visits({"stones": 21, "current": 0}, [1, 2, 3], 0, started=time.monotonic() - 1)
    assert sum(visits) == 1  # the budget was spent before the search began: one iteration only


def test_a_search_told_to_stop_ends_at_its_next_step() -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=10_000, seed=1)
    calls = 0

    def after_ten() -> bool:
        nonlocal calls
        calls += 1
        return calls >= 10

    assert sum(bot.root_visits({"stones": 21, "current": 0}, [1, 2, 3], 0, should_stop=after_ten)) == 10


def test_iteration_budgets_are_shared_out_whole() -> None:
    assert split_iterations(10, 3) == [4, 3, 3]
    assert split_iterations(1, 2) == [1, 1]  # every search runs at least one iteration
    assert split_iterations(None, 2) == [None, None]


def test_paired_root_searches_alone() -> None:
    with pytest.raises(ValueError, match="workers"):
        Ismcts(Nim(), time_ms=None, iterations=10, paired_root=True, workers=2)
    with pytest.raises(ValueError, match="workers"):
        Ismcts(Nim(), time_ms=None, iterations=10, workers=0)
    paired = Ismcts(Nim(), time_ms=None, iterations=30, paired_root=True, seed=1)
    helpers = InlineHelpers(size=2)
    with spread.deciding(helpers):
        paired.choose({"stones": 5, "current": 0}, [1, 2, 3], 0)
    assert helpers.answers == []
