"""ISMCTS on several processes: helper trees over the same view, root visits summed."""

from __future__ import annotations

import os
import random
import time

import pytest
from tests.bots.test_ismcts import Nim, NimState

from duoplay.bots.ismcts import Ismcts
from duoplay.bots.root_parallel import split_iterations
from duoplay.core.protocol import JSON


@pytest.mark.parametrize(("stones", "best"), [(5, 1), (6, 2), (7, 3)])
def test_two_processes_find_the_move_that_leaves_a_multiple_of_four(stones: int, best: int) -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=3000, seed=stones, workers=2)
    try:
        assert bot.choose({"stones": stones, "current": 0}, [1, 2, 3], 0) == best
        assert bot.last_iterations == 3000  # shared out, not run once per process
    finally:
        bot.close()


def test_with_a_time_budget_every_process_searches() -> None:
    bot = Ismcts(Nim(), time_ms=20, seed=1, workers=3)
    try:
        assert bot.choose({"stones": 21, "current": 0}, [1, 2, 3], 0) in (1, 2, 3)
        assert bot.last_iterations >= 3  # each process runs at least one iteration
    finally:
        bot.close()


def test_the_time_budget_runs_from_when_the_decision_started() -> None:
    # Reaching the helpers takes time; they stop at the deadline of the decision, not later.
    bot = Ismcts(Nim(), time_ms=50, seed=1)
    visits = bot.root_visits({"stones": 21, "current": 0}, [1, 2, 3], 0, started=time.monotonic() - 1)
    assert sum(visits) == 1  # the budget was spent before the search began: one iteration only


def test_closing_stops_the_helper_processes() -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=50, seed=1, workers=3)
    bot.choose({"stones": 9, "current": 0}, [1, 2, 3], 0)
    helpers = bot.helpers
    assert helpers is not None
    processes = list(helpers._processes)
    assert len(processes) == 2 and all(p.is_alive() for p in processes)
    bot.close()
    assert not any(p.is_alive() for p in processes)
    # A closed bot starts new helpers when it is asked again.
    assert bot.choose({"stones": 9, "current": 0}, [1, 2, 3], 0) in (1, 2, 3)
    assert bot.helpers is not None and bot.helpers is not helpers
    assert bot.last_iterations == 50
    bot.close()


class NimThatFailsInHelpers(Nim):
    """Nim whose sampling breaks in any process but the one that made it."""

    def __init__(self) -> None:
        self.home = os.getpid()

    def sample_state(self, view: JSON, seat: int, rng: random.Random) -> NimState:
        if os.getpid() != self.home:
            raise RuntimeError("broken in a helper")
        return super().sample_state(view, seat, rng)


def test_a_helper_whose_search_fails_costs_only_its_share() -> None:
    bot = Ismcts(NimThatFailsInHelpers(), time_ms=None, iterations=2000, seed=5, workers=2)
    try:
        assert bot.choose({"stones": 5, "current": 0}, [1, 2, 3], 0) == 1
        assert bot.last_iterations == 1000  # this process's half; the helper added nothing
    finally:
        bot.close()


def test_a_helper_that_died_is_replaced_at_the_next_decision() -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=2000, seed=6, workers=2)
    try:
        assert bot.choose({"stones": 6, "current": 0}, [1, 2, 3], 0) == 2
        assert bot.helpers is not None
        for process in bot.helpers._processes:
            process.kill()
            process.join()
        assert bot.choose({"stones": 7, "current": 0}, [1, 2, 3], 0) == 3
        assert bot.last_iterations == 2000
    finally:
        bot.close()


def test_iteration_budgets_are_shared_out_whole() -> None:
    assert split_iterations(10, 3) == [4, 3, 3]
    assert split_iterations(1, 2) == [1, 1]  # every process runs at least one iteration
    assert split_iterations(None, 2) == [None, None]


def test_paired_root_runs_on_one_process_only() -> None:
    with pytest.raises(ValueError, match="workers"):
        Ismcts(Nim(), time_ms=None, iterations=10, paired_root=True, workers=2)
    with pytest.raises(ValueError, match="workers"):
        Ismcts(Nim(), time_ms=None, iterations=10, workers=0)
