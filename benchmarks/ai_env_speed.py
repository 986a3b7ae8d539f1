"""UNO Duo's learning environment against RLCard's UNO `env.step`, uniform-random play, in one run.

A step, on each side, is what a training loop pays to make one move and see the next
position:

- ours, AEC: `last()` (the observation and action mask of the agent to act) + a uniform
  choice among the mask's legal indices + `step(index)`; `duoplay.ai.env("uno-duo")` as
  users get it (with PettingZoo's wrappers), and `raw_env("uno-duo")` without them; where
  the optional C module is built, the wrapped environment also runs once more on the
  pure-Python path (as if it were not built);
- RLCard's: a uniform choice from `state["legal_actions"]` + `env.step` (which decodes the
  action, steps the game and encodes the next player's numpy observation).

A third loop shows the ceiling that the rules leave to an environment: the same step with
no observation and no environment, straight on the rules (`legal_actions`, the mask of
those actions as a fresh int8 array, the same uniform choice, `apply`).

When a game ends, both sides reset and go on. Each measurement runs for a fixed budget of
this process's CPU time (the machine may be shared); ours and RLCard's run back to back,
in alternating order, in every repetition; the report gives the medians of the rates and
of the per-repetition ratios. Needs the `ai` and `bench` extras.

    python benchmarks/ai_env_speed.py [--seconds 1] [--repeats 5] [--seed 1] [--profile]
                                       [--vector [--sizes 1,64,256]] [--opponents random,heuristic]

`--profile` prints a cProfile table of one wrapped run; `--vector` also measures
`duoplay.ai.VectorEnv(n)` (steps of all n games per second) for each size; `--opponents`
measures `VectorEnv(64, opponent=level)` for each bot level: the agent's steps per second,
each with the bot's replies (a different unit from the rows above, shown beside them).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from tqdm import tqdm

from duoplay import ai
from duoplay.games.uno_duo.ai import compiled

_CHECK_EVERY = 200  # steps between two looks at the clock
_clock = time.process_time


@dataclass
class Figures:
    steps: int
    games: int
    seconds: float

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds


def ours(budget: float, seed: int, wrapped: bool, pure: bool = False) -> Figures:
    chooser = random.Random(seed)
    with compiled.use_compiled(False) if pure else contextlib.nullcontext():
        e = ai.env("uno-duo") if wrapped else ai.raw_env("uno-duo")
    e.reset(seed=seed)
    last, step, choice = e.last, e.step, chooser.choice
    steps = games = 0
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            observation, _, terminated, _, _ = last()
            if terminated:
                games += 1
                e.reset()
                observation = last()[0]
            step(int(choice(observation["action_mask"].nonzero()[0])))
        steps += _CHECK_EVERY
        now = _clock()
        if now >= deadline:
            return Figures(steps, games, now - start)


def rules_only(budget: float, seed: int) -> Figures:
    """The environment's step without the environment: legal actions, their mask as a fresh array,
    the uniform choice, apply. No observation, no bookkeeping: what the rules leave to the rest."""
    from duoplay.games.uno_duo import rules
    from duoplay.games.uno_duo.ai.encoding import ACTIONS, mask_bytes
    from duoplay.games.uno_duo.game import GAME

    chooser, seeder = random.Random(seed), random.Random(seed)
    options = GAME.parse_options(None)
    state = GAME.setup(2, options, seeder.getrandbits(63))
    choice, legal_actions, apply = chooser.choice, rules.legal_actions, rules.apply
    steps = games = 0
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            if state.phase == "game-over":
                games += 1
                state = GAME.setup(2, options, seeder.getrandbits(63))
            mask = np.frombuffer(mask_bytes(legal_actions(state, state.current)), dtype=np.int8)
            apply(state, state.current, ACTIONS[int(choice(mask.nonzero()[0]))])
        steps += _CHECK_EVERY
        now = _clock()
        if now >= deadline:
            return Figures(steps, games, now - start)


def rlcard_env(budget: float, seed: int) -> Figures:
    """RLCard's UNO `env.step` under uniform random play: the loop the engine benchmark measures."""
    from engine_speed import rlcard_public

    measured = rlcard_public(budget, seed)
    return Figures(measured.steps, measured.rounds, measured.seconds)


def vector(budget: float, seed: int, n: int) -> Figures:
    """Steps of single games per second through `VectorEnv(n)`: n per call."""
    environment = ai.VectorEnv(n, "uno-duo", seed=seed)
    rng = np.random.default_rng(seed)
    _, masks = environment.reset()
    steps = games = 0
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(max(1, _CHECK_EVERY // n)):
            # A uniform legal index per game: the legal one with the largest random key.
            keys = rng.random(masks.shape, dtype=np.float32)
            keys *= masks
            actions = keys.argmax(axis=1)
            _, masks, _, dones = environment.step(actions)
            games += int(dones.sum())
            steps += n
        now = _clock()
        if now >= deadline:
            return Figures(steps, games, now - start)


def hosted(budget: float, seed: int, n: int, opponent: str) -> Figures:
    """The agent's steps per second through `VectorEnv(n, opponent=...)`: each includes the bot's
    moves that follow it, so it is not one move of the game as in the rows above."""
    environment = ai.VectorEnv(n, "uno-duo", opponent=opponent, seed=seed)
    rng = np.random.default_rng(seed)
    _, masks = environment.reset()
    steps = 0
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(max(1, _CHECK_EVERY // n)):
            keys = rng.random(masks.shape, dtype=np.float32)
            keys *= masks
            _, masks, _, _ = environment.step(keys.argmax(axis=1))
            steps += n
        now = _clock()
        if now >= deadline:
            return Figures(steps, environment.games_finished, now - start)


def profile(seconds: float, seed: int, top: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    figures = ours(seconds, seed, wrapped=True)
    profiler.disable()
    print(f"\ncProfile of {figures.steps:,} wrapped steps (own time, with callees):")
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(top)


Run = Callable[[float, int], Figures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="alternating repetitions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of the wrapped env")
    parser.add_argument("--vector", action="store_true", help="also measure duoplay.ai.VectorEnv")
    parser.add_argument("--sizes", default="1,64,256", help="VectorEnv sizes, with --vector")
    parser.add_argument("--opponents", default="", help="bot levels to host in VectorEnv(64, opponent=...), "
                        "e.g. random,heuristic (agent steps, each with the bot's replies)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    sizes = [int(n) for n in args.sizes.split(",")] if args.vector else []
    runs: dict[str, Run] = {
        "duoplay env() (wrapped)": lambda budget, seed: ours(budget, seed, wrapped=True),
        "RLCard env.step": rlcard_env,
        "duoplay raw_env()": lambda budget, seed: ours(budget, seed, wrapped=False),
        "rules only (the ceiling)": rules_only,
    }
    if compiled.AVAILABLE:
        runs["duoplay env() (pure Python)"] = lambda budget, seed: ours(budget, seed, wrapped=True, pure=True)
    for n in sizes:
        runs[f"duoplay VectorEnv({n})"] = lambda budget, seed, n=n: vector(budget, seed, n)
    for level in filter(None, args.opponents.split(",")):
        runs[f"VectorEnv(64) vs {level}"] = (lambda budget, seed, level=level:
                                             hosted(budget, seed, 64, level))
    results: dict[str, list[Figures]] = {name: [] for name in runs}
    with tqdm(total=args.repeats * len(runs), desc="measuring", unit="run") as bar:
        for repeat in range(args.repeats):
            order = list(runs.items())
            for name, run in order if repeat % 2 == 0 else order[::-1]:
                bar.set_postfix_str(name)
                results[name].append(run(args.seconds, args.seed + repeat))
                bar.update()
    print(f"\n{args.repeats} repetitions of {args.seconds:g} CPU s per measurement, medians:")
    print(f"{'':28} {'steps/s':>12} {'vs RLCard':>10}")
    reference = results["RLCard env.step"]
    ratios: dict[str, float] = {}
    for name, figures in results.items():
        rate = statistics.median(f.steps_per_s for f in figures)
        ratios[name] = statistics.median(a.steps_per_s / b.steps_per_s
                                         for a, b in zip(figures, reference, strict=True))
        print(f"{name:28} {rate:12,.0f} {ratios[name]:9.2f}x")
    if args.profile:
        profile(2.0, args.seed)
    path = "with the C module" if compiled.AVAILABLE else "pure Python: the C module is not built"
    print(f"AEC env vs RLCard env.step: {ratios['duoplay env() (wrapped)']:.1f}x (wrapped), "
          f"{ratios['duoplay raw_env()']:.1f}x (raw), {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
