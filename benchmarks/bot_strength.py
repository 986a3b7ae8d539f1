"""How strong the UNO Duo bots are: single rounds between two bots, on every core.

A round runs from the draft until one player goes out. Rounds come in pairs on the
same shuffle with the seats swapped (as in duplicate bridge), so each bot drafts first
and acts first equally often and meets the same deals from both sides. Prints each pairing's
round win rate with a 95% Wilson interval and each bot's mean time per decision
with a choice (more than one legal action: the decisions a search bot searches),
along with the mean over every decision and the longest one.

ISMCTS thinks in a bot pool of one process per core (`--workers`), as on the server,
and spreads each decision over the pool's idle workers (`--searches`, root
parallelisation). Rounds are played `--rounds-at-once` at a time (1 by default, so
that every decision has every core), each in a thread of this process: the rules and
the other bots are quick and run here, ISMCTS's work is in the pool.

    python benchmarks/bot_strength.py --rounds 400 [--baseline-rounds 2000] [--ms 225]
    python benchmarks/bot_strength.py --rounds 200 --a ismcts --b heuristic
    python benchmarks/bot_strength.py --rounds 150 --a ismcts --b heuristic --ismcts opponent=search

With no --a/--b it plays heuristic vs random (--baseline-rounds) and then ISMCTS vs
heuristic (--rounds); the last line reads `ISMCTS vs heuristic: P% [lo, hi], M ms/decision`.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from duoplay.bots.base import Bot
from duoplay.bots.play import Played, play_match
from duoplay.bots.pool import BotPool, PooledBot, PoolStats
from duoplay.bots.registry import make_bot
from duoplay.bots.stats import wilson_interval
from duoplay.games.uno_duo.bots import ismcts_bot

GAME_ID = "uno-duo"
LABELS = {"ismcts": "ISMCTS"}
POOLED = {"ismcts"}  # levels that think in the bot pool; the others decide in this process


@dataclass(frozen=True)
class Task:
    a: str
    b: str
    index: int
    seed: int
    time_ms: float
    ismcts: tuple[tuple[str, Any], ...] = ()  # settings for the ISMCTS bot (a variant under study)
    searches: int | None = None  # searches each ISMCTS decision is spread over (None: the pool size)


class SearchBot(PooledBot):
    """ISMCTS in the pool, counting the iterations of the decisions it searched."""

    def __init__(self, pool: BotPool, seed: int, bot: Bot) -> None:
        super().__init__(pool, GAME_ID, "ismcts", seed, bot=bot)
        self.searched = 0
        self.iterations = 0

    def choose(self, view: Any, legal: Sequence[Any], seat: int) -> Any:
        action = super().choose(view, legal, seat)
        if len(legal) > 1:
            self.searched += 1
            self.iterations += pickle.loads(self.memory or b"").last_iterations
        return action


def make_bot_for(task: Task, pool: BotPool | None, made: list[Bot], level: str, seed: int) -> Bot:
    bot: Bot
    if level == "ismcts":
        bot = ismcts_bot(seed, workers=task.searches, **dict(task.ismcts))
        if pool is not None:
            bot = SearchBot(pool, seed, bot)
    else:
        bot = make_bot(GAME_ID, level, seed)
    made.append(bot)
    return bot


def parse_settings(text: str) -> tuple[tuple[str, Any], ...]:
    """`key=value,key=value`; values are read as JSON when they can be."""
    settings = []
    for item in filter(None, text.split(",")):
        key, _, raw = item.partition("=")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        settings.append((key.strip(), value))
    return tuple(settings)


@dataclass
class Tally:
    """Per bot (a, b): decisions asked, those with a choice, time spent, longest decision."""

    rounds: int = 0
    wins: float = 0.0
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    choices: list[int] = field(default_factory=lambda: [0, 0])
    choice_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    longest: list[float] = field(default_factory=lambda: [0.0, 0.0])
    searched: int = 0  # ISMCTS decisions searched (with a choice), and their iterations
    iterations: int = 0


def play_round(task: Task, pool: BotPool | None) -> tuple[Task, Played, list[Bot]]:
    # Bot a takes seat 0 in even rounds and seat 1 in odd ones.
    levels = [task.a, task.b] if task.index % 2 == 0 else [task.b, task.a]
    made: list[Bot] = []

    def factory(level: str, seed: int) -> Bot:
        return make_bot_for(task, pool, made, level, seed)

    played = play_match(GAME_ID, levels, task.seed, {"target_score": 1000}, time_ms=task.time_ms,
                        first_round_only=True, factory=factory)
    return task, played, made


def run_pairing(a: str, b: str, rounds: int, seed: int, time_ms: float, pool: BotPool | None,
                at_once: int = 1, ismcts: tuple[tuple[str, Any], ...] = (),
                searches: int | None = None) -> Tally:
    # Rounds 2k and 2k+1 share a seed: the same cut and shuffle, the bots in swapped seats.
    tasks = [Task(a, b, i, seed + i // 2, time_ms, ismcts, searches) for i in range(rounds)]
    tally = Tally()
    with ThreadPoolExecutor(at_once, thread_name_prefix="round") as rounds_at_once:
        results = rounds_at_once.map(lambda task: play_round(task, pool), tasks)
        for task, played, bots in tqdm(results, total=rounds, desc=f"{label(a)} vs {label(b)}",
                                       unit="round", file=sys.stderr):
            for bot in bots:
                if isinstance(bot, SearchBot):
                    tally.searched += bot.searched
                    tally.iterations += bot.iterations
            seat_a = task.index % 2
            winners = played.winners()
            tally.rounds += 1
            if seat_a in winners:
                tally.wins += 1 / len(winners)
            elif not winners:
                tally.wins += 0.5  # a blocked round with equal hands
            for bot, seat in ((0, seat_a), (1, 1 - seat_a)):
                tally.decisions[bot] += played.decisions[seat]
                tally.seconds[bot] += played.think_seconds[seat]
                tally.choices[bot] += played.choices[seat]
                tally.choice_seconds[bot] += played.choice_seconds[seat]
                tally.longest[bot] = max(tally.longest[bot], played.longest[seat])
    return tally


def label(level: str) -> str:
    return LABELS.get(level, level)


def per_decision_ms(tally: Tally, bot: int) -> float:
    """Mean time of the decisions with a choice (the ones a search bot searches)."""
    return 1000 * tally.choice_seconds[bot] / max(tally.choices[bot], 1)


def timing(tally: Tally, bot: int, name: str) -> str:
    every = 1000 * tally.seconds[bot] / max(tally.decisions[bot], 1)
    return (f"{name} {per_decision_ms(tally, bot):.1f} ms over {tally.choices[bot]} decisions with a "
            f"choice ({every:.1f} ms over all {tally.decisions[bot]}, longest "
            f"{1000 * tally.longest[bot]:.0f} ms)")


def pool_line(stats: PoolStats, tally: Tally) -> str:
    """How the pool shared the work: the iterations per searched decision, the helpers it got."""
    per_decision = tally.iterations / max(tally.searched, 1)
    return (f"pool: {per_decision:.0f} iterations per searched ISMCTS decision; "
            f"{stats.searches_posted} sub-searches posted, {stats.searches_run} taken by a helper, "
            f"{stats.searches_withdrawn} withdrawn, {stats.searches_expired} expired, "
            f"{stats.searches_yielded} yielded to a ticket, {stats.answers_late} answers too late; "
            f"{stats.workers_replaced} workers replaced, {stats.failed} tickets failed")


def summary(a: str, b: str, tally: Tally) -> str:
    low, high = wilson_interval(tally.wins, tally.rounds)
    rate = 100 * tally.wins / max(tally.rounds, 1)
    return f"{label(a)} vs {label(b)}: {rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}], " \
           f"{per_decision_ms(tally, 0):.0f} ms/decision"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds of the main pairing")
    parser.add_argument("--baseline-rounds", type=int, default=2000,
                        help="rounds of heuristic vs random (default pairings only)")
    parser.add_argument("--a", help="bot level under test (with --b: play only this pairing)")
    parser.add_argument("--b", help="its opponent")
    parser.add_argument("--ms", type=float, default=225.0, help="search time per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes of the bot pool ISMCTS thinks in (default: one per core)")
    parser.add_argument("--searches", type=int, default=None,
                        help="searches each ISMCTS decision is spread over in the pool (default: --workers)")
    parser.add_argument("--rounds-at-once", type=int, default=1,
                        help="rounds played at the same time (default 1: every decision has every core)")
    parser.add_argument("--ismcts", default="", metavar="KEY=VALUE,...",
                        help="ISMCTS variant, e.g. opponent=search, read_opponent=false or prior_weight=1.5")
    args = parser.parse_args()
    if (args.a is None) != (args.b is None):
        parser.error("give both --a and --b, or neither")
    searches = args.workers if args.searches is None else args.searches
    if min(args.rounds, args.baseline_rounds, args.workers, searches, args.rounds_at_once) < 1 \
            or args.ms <= 0:
        parser.error("--rounds, --baseline-rounds, --workers, --searches, --rounds-at-once and --ms "
                     "must be positive")
    if searches > args.workers:
        parser.error("--searches cannot exceed --workers: a decision spreads over the pool's workers")
    if args.a is None:
        pairings = [("heuristic", "random", args.baseline_rounds), ("ismcts", "heuristic", args.rounds)]
    else:
        pairings = [(args.a, args.b, args.rounds)]
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, a bot pool of {args.workers} workers, ISMCTS spread over {searches} "
          f"searches per decision, {args.rounds_at_once} round(s) at a time, {args.ms:.0f} ms search "
          f"budget, load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    lines = []
    pool = BotPool(args.workers, games=[GAME_ID]) if any({a, b} & POOLED for a, b, _ in pairings) else None
    try:
        for a, b, rounds in pairings:
            started = time.perf_counter()
            tally = run_pairing(a, b, rounds, args.seed, args.ms, pool if {a, b} & POOLED else None,
                                args.rounds_at_once, parse_settings(args.ismcts), searches)
            elapsed = time.perf_counter() - started
            print(f"{label(a)} vs {label(b)}: {rounds} rounds in {elapsed:.0f} s; "
                  f"{timing(tally, 0, label(a))}; {timing(tally, 1, label(b))}")
            if pool is not None and {a, b} & POOLED:
                print(pool_line(pool.stats, tally))
            lines.append(summary(a, b, tally))
    finally:
        if pool is not None:
            pool.close()
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
