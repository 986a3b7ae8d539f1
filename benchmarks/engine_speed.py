"""Random-vs-random UNO Duo through the public protocol, against RLCard's UNO, in one run.

Two comparisons, like with like:

- public protocol step: ours = `GAME.to_move` + `GAME.legal_actions` + a uniform choice +
  `GAME.apply` + `GAME.view` of the seat to act next (the JSON a client or bot receives);
  RLCard's = a uniform choice from `state["legal_actions"]` + `env.step` (which decodes
  the action, steps the game and encodes the next player's state);
- bare step: ours = `GAME.legal_actions` + a uniform choice + `GAME.apply`; RLCard's =
  `round.get_legal_actions` + a uniform choice + `round.proceed_round`, the two calls
  its game makes per step.

Each measurement runs for a fixed time; ours and RLCard's alternate over several
repetitions and the medians are reported. A round is one hand, played until a player
goes out (for RLCard, one game: its UNO plays a single hand). Needs the `bench` extra.

    python benchmarks/engine_speed.py [--seconds 2] [--repeats 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions

_CHECK_EVERY = 200  # steps between two looks at the clock


@dataclass
class Figures:
    steps: int
    rounds: int
    seconds: float

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    @property
    def rounds_per_s(self) -> float:
        return self.rounds / self.seconds


def ours(budget: float, seed: int, with_view: bool) -> Figures:
    chooser = random.Random(seed)
    options = UnoDuoOptions()
    game_seed = seed
    state = GAME.setup(2, options, game_seed)
    legal_actions, apply, view, to_move = GAME.legal_actions, GAME.apply, GAME.view, GAME.to_move
    choice = chooser.choice
    steps = rounds = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            seat = to_move(state)[0]
            history = len(state.history)
            apply(state, seat, choice(legal_actions(state, seat)))
            if len(state.history) != history:
                rounds += 1
                if state.phase == "game-over":
                    game_seed += 1
                    state = GAME.setup(2, options, game_seed)
            if with_view:
                view(state, to_move(state)[0])
        steps += _CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return Figures(steps, rounds, now - start)


def rlcard_public(budget: float, seed: int) -> Figures:
    import rlcard

    chooser = random.Random(seed)
    env = rlcard.make("uno", config={"seed": seed})
    state, _ = env.reset()
    choice = chooser.choice
    steps = rounds = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            state, _ = env.step(choice(list(state["legal_actions"])))
            if env.is_over():
                rounds += 1
                state, _ = env.reset()
        steps += _CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return Figures(steps, rounds, now - start)


def rlcard_bare(budget: float, seed: int) -> Figures:
    import rlcard

    chooser = random.Random(seed)
    env = rlcard.make("uno", config={"seed": seed})
    env.reset()
    game = env.game
    choice = chooser.choice
    steps = rounds = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            round_, players = game.round, game.players
            round_.proceed_round(players, choice(round_.get_legal_actions(players, round_.current_player)))
            if round_.is_over:
                rounds += 1
                game.init_game()
        steps += _CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return Figures(steps, rounds, now - start)


MEASUREMENTS: dict[str, Callable[[float, int], Figures]] = {
    "duoplay public": lambda budget, seed: ours(budget, seed, with_view=True),
    "RLCard public": rlcard_public,
    "duoplay bare": lambda budget, seed: ours(budget, seed, with_view=False),
    "RLCard bare": rlcard_bare,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="alternating repetitions")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    results: dict[str, list[Figures]] = {name: [] for name in MEASUREMENTS}
    with tqdm(total=args.repeats * len(MEASUREMENTS), desc="measuring", unit="run") as bar:
        for repeat in range(args.repeats):
            for name, measure in MEASUREMENTS.items():
                bar.set_postfix_str(name)
                results[name].append(measure(args.seconds, args.seed + repeat))
                bar.update()
    medians: dict[str, dict[str, Any]] = {}
    print(f"\n{args.repeats} repetitions of {args.seconds:g} s each, medians:")
    print(f"{'':16} {'actions/s':>12} {'rounds/s':>10} {'actions/round':>14}")
    for name, runs in results.items():
        steps = statistics.median(r.steps_per_s for r in runs)
        rounds = statistics.median(r.rounds_per_s for r in runs)
        per_round = sum(r.steps for r in runs) / max(1, sum(r.rounds for r in runs))
        medians[name] = {"steps": steps, "rounds": rounds}
        print(f"{name:16} {steps:12,.0f} {rounds:10,.1f} {per_round:14,.1f}")
    public = medians["duoplay public"]["steps"] / medians["RLCard public"]["steps"]
    bare = medians["duoplay bare"]["steps"] / medians["RLCard bare"]["steps"]
    round_public = medians["duoplay public"]["rounds"] / medians["RLCard public"]["rounds"]
    round_bare = medians["duoplay bare"]["rounds"] / medians["RLCard bare"]["rounds"]
    print(f"rounds/s ratio: {round_public:.3f}x (public protocol), {round_bare:.3f}x (bare step); "
          "an UNO Duo round is many more actions than an RLCard UNO game")
    print(f"speedup vs RLCard: {public:.1f}x (public protocol), {bare:.1f}x (bare step)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
