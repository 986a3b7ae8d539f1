"""Train or measure the reference agents from the command line (see `duoplay.games.uno_duo.ai.baselines`).

NumPy's linear algebra may spread small products over every core, which costs more than it
gives at these sizes: run with `OMP_NUM_THREADS=1`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from duoplay.ai.evaluation import evaluate
from duoplay.ai.opponents import OpponentSpec
from duoplay.games.uno_duo.ai.baselines.dqn import train_dqn
from duoplay.games.uno_duo.ai.baselines.policies import Model, load, save
from duoplay.games.uno_duo.ai.baselines.reinforce import train_reinforce
from duoplay.games.uno_duo.ai.baselines.training import SHORT_GAME
from duoplay.games.uno_duo.bots import ismcts_bot

TRAINERS: dict[str, Callable[..., Model]] = {"reinforce": train_reinforce, "dqn": train_dqn}


def _train(args: argparse.Namespace) -> None:
    started = time.process_time()
    seconds = None if args.minutes is None else 60 * args.minutes
    trainer: Callable[..., Model] = TRAINERS[args.agent]
    model = trainer(steps=args.steps, seconds=seconds, games=args.games, seed=args.seed, progress=True)
    seconds = time.process_time() - started
    save(model, args.out, agent=args.agent, minutes=args.minutes, steps=args.steps, games=args.games,
         seed=args.seed, cpu_seconds=round(seconds))
    print(f"{args.agent}: trained for {seconds:.0f} CPU s, saved to {args.out}")


def opponent_named(name: str, iterations: int) -> OpponentSpec:
    """A bot level, except `ismcts`: a fixed search budget, repeatable and far cheaper than 200 ms a move."""
    return ismcts_bot(0, time_ms=None, iterations=iterations) if name == "ismcts" else name


def _evaluate(args: argparse.Namespace) -> None:
    print("| agent | " + " | ".join(f"vs {name}" for name in args.opponents) + " |")
    print("| --- |" + " --- |" * len(args.opponents))
    for path in args.models:
        model = load(path) if path.endswith(".npz") else path  # a bot level, for reference rows
        cells = []
        for name in args.opponents:
            games = args.ismcts_games if name == "ismcts" else args.games
            result = evaluate(model, "uno-duo", opponent_named(name, args.ismcts_iterations), games=games,
                              seed=args.seed, game_options=SHORT_GAME)
            cells.append(f"{result.win_rate:.3f} [{result.low:.3f}, {result.high:.3f}]")
            sys.stderr.write(f"{path} vs {name}: {result}\n")
        print(f"| {path} | " + " | ".join(cells) + " |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m duoplay.games.uno_duo.ai.baselines", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser("train", help="train a reference agent against the random and heuristic bots")
    train.add_argument("agent", choices=sorted(TRAINERS))
    train.add_argument("--minutes", type=float, default=None, help="CPU minutes of training")
    train.add_argument("--steps", type=int, default=None, help="vector steps of training")
    train.add_argument("--games", type=int, default=16, help="games played at once")
    train.add_argument("--seed", type=int, default=0)
    train.add_argument("--out", required=True, help="the .npz file to write")
    measure = commands.add_parser("evaluate", help="win rates against the bots, as a Markdown table")
    measure.add_argument("models", nargs="+", help=".npz files, or bot levels (random, heuristic) to compare")
    measure.add_argument("--opponents", nargs="+", default=["random", "heuristic", "ismcts"])
    measure.add_argument("--games", type=int, default=500)
    measure.add_argument("--ismcts-games", type=int, default=100)
    measure.add_argument("--ismcts-iterations", type=int, default=100)
    measure.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "train":
        if args.minutes is None and args.steps is None:
            parser.error("train needs --minutes, --steps or both")
        _train(args)
    else:
        _evaluate(args)


if __name__ == "__main__":
    main()
