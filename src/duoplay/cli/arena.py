"""`duoplay arena GAME --bots A,B --games N`: many full games between bots, on every core.

Seats rotate from game to game so each bot sits in each seat equally often. Each
game becomes one JSON line in the results file; the summary gives each bot's wins
with a 95% Wilson interval, its mean final score, its time per decision and the
games played per second.

The bots think in one bot pool of `--workers` processes, as they do on the server; as
many games as the pool has workers are played at once, each in a thread of this process
(the rules are quick, the bots' work is in the pool). A search bot spreads a decision
over whatever workers are idle. Random bots decide here: a ticket would cost more.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from typing import Any, TextIO

from tqdm import tqdm

from duoplay.bots.base import Bot
from duoplay.bots.play import Played, play_match
from duoplay.bots.pool import BotPool, pooled_bot
from duoplay.bots.registry import bot_levels
from duoplay.bots.stats import wilson_interval
from duoplay.core.errors import GameError
from duoplay.core.protocol import JSON
from duoplay.core.registry import find_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game's id or alias (a wrong name lists them)")
    parser.add_argument("--bots", required=True, help="comma-separated bot levels, one per seat: A,B")
    parser.add_argument("--games", type=int, default=100, help="how many full games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--out", default="results.jsonl", help="results file, one JSON line per game")
    parser.add_argument("--ms", type=float, default=None, help="search time per decision for search bots")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable), e.g. --option target_score=100")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes of the bot pool, and games played at once (default: one per core)")


@dataclass(frozen=True)
class _Game:
    index: int
    game_id: str
    levels: tuple[str, ...]
    seed: int
    options: JSON
    time_ms: float | None


def _play(task: _Game, pool: BotPool | None) -> tuple[_Game, Played]:
    def factory(level: str, seed: int) -> Bot:
        return pooled_bot(pool, task.game_id, level, seed)

    return task, play_match(task.game_id, task.levels, task.seed, task.options, task.time_ms,
                            factory=factory)


def parse_option(text: str) -> tuple[str, Any]:
    """`key=value`; the value is read as JSON when it can be (numbers, true/false), else as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise GameError(f"Options look like key=value, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def _check(args: argparse.Namespace) -> tuple[str, list[str], JSON]:
    game = find_game(args.game)
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    if not game.min_seats <= len(levels) <= game.max_seats:
        seats = f"{game.min_seats}" if game.min_seats == game.max_seats else \
            f"{game.min_seats} to {game.max_seats}"
        raise GameError(f"{game.name} needs {seats} bots, one per seat; got {len(levels)}")
    known = bot_levels(game.id)
    for level in levels:
        if level not in known:
            raise GameError(f"No bot level {level!r} for {game.id}; choose from {', '.join(known)}")
    if args.games < 1:
        raise GameError("--games must be at least 1")
    if args.workers < 1:
        raise GameError("--workers must be at least 1")
    if args.ms is not None and args.ms <= 0:
        raise GameError("--ms must be positive")
    options = dict(parse_option(text) for text in args.option)
    game.options_to_json(game.parse_options(options))  # refuse bad options before any work
    return game.id, levels, options


def _labels(levels: Sequence[str]) -> list[str]:
    """Bot names for the summary; a level entered twice becomes 'heuristic#1', 'heuristic#2'."""
    return [f"{level}#{i + 1}" if levels.count(level) > 1 else level for i, level in enumerate(levels)]


def run(args: argparse.Namespace) -> int:
    try:
        game_id, levels, options = _check(args)
    except GameError as error:
        print(f"duoplay arena: {error.reason}", file=sys.stderr)
        return 2
    count = len(levels)
    labels = _labels(levels)
    tasks = []
    for i in range(args.games):
        # Bot b sits in seat (b + i) mod n in game i.
        seating = tuple(levels[(seat - i) % count] for seat in range(count))
        tasks.append(_Game(i, game_id, seating, args.seed + i, options, args.ms))
    wins = [0.0] * count
    score_sum = [0.0] * count
    decisions = [0] * count
    seconds = [0.0] * count
    started = time.perf_counter()
    pool = BotPool(args.workers, games=[game_id]) if set(levels) != {"random"} else None
    games = ThreadPoolExecutor(min(args.workers, args.games), thread_name_prefix="arena")
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            played_games = as_completed([games.submit(partial(_play, task, pool)) for task in tasks])
            _tally(tqdm((done.result() for done in played_games), total=len(tasks), unit="game",
                        desc=f"{game_id} {' vs '.join(labels)}", file=sys.stderr),
                   out, labels, wins, score_sum, decisions, seconds)
    except KeyboardInterrupt:
        print("duoplay arena: interrupted; the results file holds the games that ended", file=sys.stderr)
        return 130
    finally:
        games.shutdown(wait=False, cancel_futures=True)  # after Ctrl-C, start no other game
        if pool is not None:
            pool.close()  # a game still running fails at its next decision
    elapsed = time.perf_counter() - started
    games_played = len(tasks)
    print(f"{games_played} games of {game_id} in {elapsed:.1f} s ({games_played / elapsed:.2f} games/s), "
          f"results in {args.out}")
    for b, name in enumerate(labels):
        low, high = wilson_interval(wins[b], games_played)
        print(f"{name}: {wins[b]:g} wins ({100 * wins[b] / games_played:.1f}% "
              f"[{100 * low:.1f}, {100 * high:.1f}]), mean score {score_sum[b] / games_played:.1f}, "
              f"{1000 * seconds[b] / max(decisions[b], 1):.1f} ms/decision")
    return 0


def _tally(results: Iterable[tuple[_Game, Played]], out: TextIO, labels: Sequence[str], wins: list[float],
           score_sum: list[float], decisions: list[int], seconds: list[float]) -> None:
    """Write each game's line and add it to each bot's totals."""
    count = len(labels)
    for task, played in results:
        outcome = played.outcome or {"winners": [], "results": [0.5] * count,
                                     "scores": [0] * count, "reason": "not finished"}
        seat_of = [(b + task.index) % count for b in range(count)]
        out.write(json.dumps({
            "game": task.index, "seed": task.seed, "seats": list(task.levels),
            "bots": [labels[(seat - task.index) % count] for seat in range(count)],
            "outcome": played.outcome, "scores": outcome["scores"], "actions": played.actions,
        }) + "\n")
        for b, seat in enumerate(seat_of):
            wins[b] += outcome["results"][seat]
            score_sum[b] += outcome["scores"][seat]
            decisions[b] += played.decisions[seat]
            seconds[b] += played.think_seconds[seat]
