"""The bot pool: tickets in, decisions out, from any thread or event loop, whatever the workers do."""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from tests.bots.pool_helpers import LEGAL, ScriptedBot, running, scripted_ticket, sleepy_search, wait_until

from duoplay.bots.pool import BotFailed, BotPool, BotTicket, PooledBot
from duoplay.core.match import Match
from duoplay.games.uno_duo.actions import SIMPLE_ACTIONS

pytestmark = pytest.mark.live


@pytest.fixture
def pool() -> Iterator[BotPool]:
    with BotPool(2, games=["uno-duo"]) as pool:
        yield pool


def test_bots_in_the_pool_play_a_game_with_legal_moves(pool: BotPool) -> None:
    match = Match.new("uno-duo", 2, 11, {"target_score": 1000})
    bots = [PooledBot(pool, "uno-duo", "ismcts", 1), PooledBot(pool, "uno-duo", "heuristic", 2)]
    bots[0].set_budget(10)
    for _ in range(60):
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), legal, seat)
        assert any(action is offered for offered in legal)  # the game's own instance, not a copy
        match.act(seat, action)
    # The search bot came back from the pool as it left it, with the budget it was given, and it
    # spread its decisions over both workers (it does by default).
    assert pickle.loads(bots[0].memory or b"").search.time_ms == 10
    assert pool.stats.searches_posted > 0


def test_a_pooled_bot_remembers_between_decisions(pool: BotPool) -> None:
    bot = PooledBot(pool, "uno-duo", "scripted", 0, bot=ScriptedBot())
    legal = list(SIMPLE_ACTIONS.values())
    picks = [bot.choose({"pick": k}, legal, 0) for k in (4, 1, 7)]
    assert picks == [legal[4], legal[1], legal[7]]
    assert pickle.loads(bot.memory or b"").decisions == 3


def test_a_decision_spread_over_two_workers_runs_more_iterations_than_over_one(pool: BotPool) -> None:
    view = {"best": 6}
    legal = list(SIMPLE_ACTIONS.values())
    iterations = {1: 0, 2: 0}
    for attempt in range(2):
        for searches in (1, 2):
            # 300 ms: enough samples to try each of the 14 moves several times even when a loaded
            # machine stretches each 2 ms wait, so the best is always found.
            bot = PooledBot(pool, "uno-duo", "sleepy", attempt, bot=sleepy_search(300, searches, attempt))
            assert bot.choose(view, legal, 0) == legal[6]
            iterations[searches] += pickle.loads(bot.memory or b"").last_iterations
    assert pool.stats.searches_run == 2  # one helper for each decision spread over two searches
    # Each sample waits 2 ms: one search fits about 150 in 300 ms, two about 300.
    assert iterations[2] > 1.3 * iterations[1], iterations


def test_a_failing_bot_raises_bot_failed_and_the_pool_keeps_working(pool: BotPool) -> None:
    with pytest.raises(BotFailed, match="RuntimeError: scripted to fail"):
        pool.decide(scripted_ticket(fail=True))
    unknown = BotTicket("uno-duo", "grandmaster", 1, 0, {}, LEGAL, None)
    with pytest.raises(BotFailed, match="No bot level 'grandmaster'"):
        pool.decide(unknown)
    assert pool.decide(scripted_ticket(pick=2)).action == LEGAL[2]


def test_concurrent_tickets_from_many_threads_each_get_their_own_answer(pool: BotPool) -> None:
    picks = [k % len(LEGAL) for k in range(40)]
    with ThreadPoolExecutor(8) as callers:
        answers = list(callers.map(lambda k: pool.decide(scripted_ticket(pick=k, sleep=0.005)).action, picks))
    assert answers == [LEGAL[k] for k in picks]
    futures = [pool.submit(scripted_ticket(pick=k)) for k in picks]
    assert [future.result(timeout=60).action for future in futures] == [LEGAL[k] for k in picks]


@pytest.mark.asyncio
async def test_decide_async_leaves_the_event_loop_free(pool: BotPool) -> None:
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    # Four decisions of 0.3 s on two workers: 0.6 s in which a free loop ticks about 60 times.
    decisions = await asyncio.wait_for(asyncio.gather(
        *(pool.decide_async(scripted_ticket(pick=k, sleep=0.3)) for k in range(4))), timeout=60)
    ticker.cancel()
    assert [decision.action for decision in decisions] == LEGAL[:4]
    assert ticks >= 10


@pytest.mark.asyncio
async def test_a_caller_that_gives_up_leaves_the_pool_working(pool: BotPool, tmp_path: Path) -> None:
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(pool.decide_async(scripted_ticket(sleep=0.5)), timeout=0.05)
    # A ticket still waiting for a worker when its caller gives up is never decided.
    busy = [pool.submit(scripted_ticket(sleep=0.5)) for _ in range(2)]
    mark = tmp_path / "decided"
    given_up = pool.submit(scripted_ticket(touch=str(mark)))
    assert given_up.cancel()
    for future in busy:
        future.result(timeout=30)
    assert (await pool.decide_async(scripted_ticket(pick=9))).action == LEGAL[9]
    assert not mark.exists()


def test_a_killed_worker_is_replaced_and_the_ticket_it_held_fails() -> None:
    with BotPool(2) as pool:
        before = pool.worker_pids()
        held = pool.submit(scripted_ticket(sleep=60))
        assert wait_until(held.running)
        for pid in before:  # the one deciding, and the idle one waiting for a job
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(BotFailed, match="died"):
            held.result(timeout=30)
        assert wait_until(lambda: len(set(pool.worker_pids()) - set(before)) == 2)
        assert pool.decide(scripted_ticket(pick=5)).action == LEGAL[5]
        assert pool.stats.workers_replaced == 2


def test_workers_ignore_ctrl_c_and_think_at_a_lower_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DUOPLAY_BOT_NICENESS", raising=False)  # the suite runs its bots at its own
    with BotPool(1) as pool:  # the default
        for pid in pool.worker_pids():
            assert os.getpriority(os.PRIO_PROCESS, pid) > os.getpriority(os.PRIO_PROCESS, 0) or \
                os.getpriority(os.PRIO_PROCESS, 0) == 19
            os.kill(pid, signal.SIGINT)
        assert pool.decide(scripted_ticket(pick=1)).action == LEGAL[1]
        assert pool.stats.workers_replaced == 0


def test_the_workers_priority_may_be_set_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUOPLAY_BOT_NICENESS", "0")
    with BotPool(1) as pool:
        assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in pool.worker_pids()] == [
            os.getpriority(os.PRIO_PROCESS, 0)]


def test_closing_the_pool_leaves_no_child_process_and_fails_what_it_held() -> None:
    pool = BotPool(2)
    pids = pool.worker_pids()
    assert len(pids) == 2 and all(running(pid) for pid in pids)
    held = pool.submit(scripted_ticket(sleep=60))
    waiting = [pool.submit(scripted_ticket(sleep=60)) for _ in range(3)]
    assert wait_until(held.running)
    pool.close()
    for future in (held, *waiting):
        with pytest.raises(BotFailed):
            future.result(timeout=30)
    assert wait_until(lambda: not any(running(pid) for pid in pids), timeout=10)
    assert not [p for p in multiprocessing.active_children() if p.name.startswith("bot-pool")]
    pool.close()  # again: nothing happens
    with pytest.raises(BotFailed, match="closed"):
        pool.decide(scripted_ticket())


def test_a_pool_nobody_holds_stops_its_workers() -> None:
    pool = BotPool(1)
    pids = pool.worker_pids()
    assert pool.decide(scripted_ticket(pick=3)).action == LEGAL[3]
    del pool
    gc.collect()
    assert wait_until(lambda: not any(running(pid) for pid in pids), timeout=10)


def test_workers_stop_when_their_parent_dies() -> None:
    # The parent is killed outright: it closes nothing, and its workers must notice alone.
    script = ("import os, signal, sys\n"
              "from duoplay.bots.pool import BotPool\n"
              "pool = BotPool(2)\n"
              "print(*pool.worker_pids(), flush=True)\n"
              "sys.stdin.readline()\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    parent = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    assert parent.stdout is not None and parent.stdin is not None
    pids = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(pids) == 2 and all(running(pid) for pid in pids)
    parent.stdin.write("\n")
    parent.stdin.flush()
    assert parent.wait(timeout=30) == -signal.SIGKILL
    assert wait_until(lambda: not any(running(pid) for pid in pids), timeout=10)


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        BotPool(0)


def test_a_warm_up_loads_what_a_game_needs_in_the_workers_before_a_decision_does() -> None:
    """A DUOS room warms the pool: the encoder a partner's WORD may need is loaded while people
    gather, so no bot's turn waits for it."""
    from duoplay.games.duos.game import GAME

    def encoder_loaded(decision_memory: bytes) -> list[bool]:
        bot: ScriptedBot = pickle.loads(decision_memory)
        return bot.duos_encoder_loaded

    with BotPool(1, games=["uno-duo"]) as pool:
        before = pool.decide(scripted_ticket(look_at_duos=True))
        pool.warm("duos", GAME.options_to_json(GAME.parse_options(None)))
        after = pool.decide(scripted_ticket(look_at_duos=True))  # queued behind the warm-up
    assert encoder_loaded(before.memory) == [False]
    assert encoder_loaded(after.memory) == [True]
