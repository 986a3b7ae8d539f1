"""One process pool for every bot decision: the server's rooms, `duoplay play`, the arena, benchmarks.

Python runs one search step at a time per process, so bots think in worker processes.
A decision is a `BotTicket` (the seat's view, its legal actions as JSON, and the bot as
its last decision left it) and comes back as a `Decision` (the chosen action, the bot
after it, the time spent). Bots keep nothing in the workers between decisions, so any
worker takes any ticket and one that dies loses only the decision it held. A search bot
may spread its decision over the idle workers (see `spread.py`): with one table every
core thinks about its move, with many tables each decision gets what is free.

    with BotPool(games=[game_id]) as pool:
        bot = PooledBot(pool, game_id, "ismcts", seed=7)
        action = bot.choose(view, legal, seat)                    # blocking
        decision = await pool.decide_async(ticket)                # for an event loop

The workers start with the pool (a few hundred milliseconds: each imports the games in
`games`), run at a lower priority than the parent, ignore Ctrl-C (the parent decides what
it means), and stop when the pool is closed or collected, or when the parent dies.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import weakref
from collections.abc import Sequence
from concurrent.futures import Future
from types import TracebackType
from typing import Any

from duoplay.bots.base import Bot
from duoplay.bots.dispatcher import Dispatcher, PoolStats
from duoplay.bots.registry import make_bot
from duoplay.bots.tickets import BotFailed, BotTicket, Decision, WarmUp
from duoplay.bots.worker import default_niceness
from duoplay.core.errors import GameError
from duoplay.core.protocol import JSON
from duoplay.core.registry import find_game

__all__ = ["BotFailed", "BotPool", "BotTicket", "Decision", "PoolStats", "PooledBot", "pooled_bot"]


class BotPool:
    """`workers` processes (default: one per core) that decide tickets from any thread."""

    def __init__(self, workers: int | None = None, games: Sequence[str] = (),
                 niceness: int | None = None) -> None:
        """`niceness`: how much lower than this process's the workers' priority is (see
        `duoplay.bots.worker.default_niceness`, the default)."""
        size = (os.cpu_count() or 1) if workers is None else workers
        if size < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.size = size
        self._dispatcher = Dispatcher(size, games, default_niceness() if niceness is None else niceness)
        # Collecting the pool stops its workers; the finalizer holds the dispatcher, not the pool.
        self._finalizer = weakref.finalize(self, self._dispatcher.close)

    def submit(self, ticket: BotTicket) -> Future[Decision]:
        """Queue a ticket; the future gets its `Decision`, or `BotFailed`. Never blocks."""
        return self._dispatcher.submit(pickle.dumps(ticket, protocol=pickle.HIGHEST_PROTOCOL))

    def decide(self, ticket: BotTicket) -> Decision:
        """Decide and wait for the answer (raises `BotFailed` if the decision could not be made)."""
        return self.submit(ticket).result()

    async def decide_async(self, ticket: BotTicket) -> Decision:
        """Decide without blocking the event loop: the pool's own thread resolves the future."""
        return await asyncio.wrap_future(self.submit(ticket))

    def warm(self, game: str, options: JSON) -> list[Future[Decision]]:
        """Have the workers load what `game` needs with `options` while they are idle (one
        warm-up per worker is queued; a worker already warm is done with it at once). Returns
        the warm-ups' futures, for a caller that waits for them."""
        payload = pickle.dumps(WarmUp(game, options), protocol=pickle.HIGHEST_PROTOCOL)
        warming = [self._dispatcher.submit(payload) for _ in range(self.size)]
        for done in warming:
            done.add_done_callback(_ignore)
        return warming

    @property
    def stats(self) -> PoolStats:
        return self._dispatcher.stats

    def worker_pids(self) -> list[int]:
        return self._dispatcher.pids()

    def close(self) -> None:
        """Stop the workers; tickets not yet answered fail with `BotFailed`. Idempotent."""
        self._finalizer()

    def __enter__(self) -> BotPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


def _ignore(done: Future[Decision]) -> None:
    """A warm-up answers nothing anyone waits for; a failed one leaves the loading to the decision."""
    done.exception()


class PooledBot:
    """A `Bot` whose decisions are made in a pool; it keeps the bot's memory between them.

    One decision at a time per bot: its next ticket needs the memory this one returns.
    `bot`, if given, is the bot to start from (a variant with settings of its own) instead
    of `make_bot(game_id, level, seed)` in the worker.
    """

    def __init__(self, pool: BotPool, game_id: str, level: str, seed: int,
                 bot: Bot | None = None) -> None:
        self.pool = pool
        self.game_id = game_id
        self.level = level
        self.seed = seed
        self.name: str = getattr(bot, "name", level)
        self.memory = None if bot is None else pickle.dumps(bot, protocol=pickle.HIGHEST_PROTOCOL)
        self.time_ms: float | None = None
        self.last_seconds = 0.0  # time the last decision took in its worker

    def set_budget(self, time_ms: float | None) -> None:
        """The time budget of each decision, for bots that have one (None: the bot's own)."""
        self.time_ms = time_ms

    def ticket(self, view: JSON, legal: Sequence[Any], seat: int) -> BotTicket:
        return BotTicket(self.game_id, self.level, self.seed, seat, view,
                         [action.to_json() for action in legal], self.memory, self.time_ms)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        ticket = self.ticket(view, legal, seat)
        return self._accept(self.pool.decide(ticket), ticket, legal)

    async def choose_async(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        ticket = self.ticket(view, legal, seat)
        return self._accept(await self.pool.decide_async(ticket), ticket, legal)

    def _accept(self, decision: Decision, ticket: BotTicket, legal: Sequence[Any]) -> Any:
        """A move of the menu, a free move (a typed word) that the rules will judge, or None
        when the bot has nothing to do yet."""
        if decision.action is None or decision.action not in ticket.legal:
            chosen = None if decision.action is None else self._free_move(decision.action)
        else:
            chosen = legal[ticket.legal.index(decision.action)]
        self.memory = decision.memory
        self.last_seconds = decision.seconds
        return chosen

    def _free_move(self, action: JSON) -> Any:
        try:
            return find_game(self.game_id).parse_action(action)
        except GameError:
            raise BotFailed(f"the bot answered {action!r}, which is not a move") from None


def pooled_bot(pool: BotPool | None, game_id: str, level: str, seed: int) -> Bot:
    """The bot of `level` deciding in `pool`; a random bot (or any bot, without a pool) decides
    in this process, since sending it a ticket would cost more than its decision."""
    if pool is None or level == "random":
        return make_bot(game_id, level, seed)
    return PooledBot(pool, game_id, level, seed)
