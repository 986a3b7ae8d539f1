"""Random-vs-random UNO Duo through the public protocol, against RLCard's UNO, in one run.

Two comparisons, like with like:

- public protocol step: ours = `GAME.to_move` + `GAME.legal_actions` + a uniform choice +
  `GAME.apply` + `GAME.view` of the seat to act next (the JSON a client or bot receives);
  RLCard's = a uniform choice from `state["legal_actions"]` + `env.step` (which decodes
  the action, steps the game and encodes the next player's state);
- bare step: ours = `GAME.legal_actions` + a uniform choice + `GAME.apply`, the seat to
  act read from the state; RLCard's = `round.get_legal_actions` + a uniform choice +
  `round.proceed_round`, the two calls its game makes per step.

Each measurement runs for a fixed budget of this process's CPU time (the machine may be
shared; CPU time does not count the time others hold the cores). Ours and RLCard's run
back to back, in alternating order, in every repetition; the report gives the medians
of the rates and the median of the per-repetition ratios. A round is one hand, played
until a player goes out (for RLCard, one game: its UNO plays a single hand). Needs the
`bench` extra.

    python benchmarks/engine_speed.py [--seconds 1] [--repeats 10] [--seed 1] [--breakdown]

`--breakdown` adds the mean cost of each protocol call and a cProfile table of the
engine functions, to see where a step's time goes (the C module's functions, where it is
built, show as one call each).

The rules run on their C hot path where the optional module is built (see
`duoplay.games.uno_duo.native`); `DUOPLAY_PURE_PYTHON=1` in the environment measures the
pure-Python rules instead. The report's first line says which ran.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tqdm import tqdm

from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.actions import Action
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions
from duoplay.games.uno_duo.state import UnoDuoState

_CHECK_EVERY = 200  # steps between two looks at the clock
_clock = time.process_time


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
    start = _clock()
    deadline = start + budget
    # Rounds are counted when a game ends (its history holds them all), so a step checks
    # one field, as RLCard's loop checks `is_over`.
    while True:
        if with_view:
            for _ in range(_CHECK_EVERY):
                seat = to_move(state)[0]
                apply(state, seat, choice(legal_actions(state, seat)))
                if state.phase == "game-over":
                    rounds += len(state.history)
                    game_seed += 1
                    state = GAME.setup(2, options, game_seed)
                view(state, to_move(state)[0])
        else:
            for _ in range(_CHECK_EVERY):
                # The bare step reads the seat to act as RLCard's does, from the state itself.
                seat = state.current
                apply(state, seat, choice(legal_actions(state, seat)))
                if state.phase == "game-over":
                    rounds += len(state.history)
                    game_seed += 1
                    state = GAME.setup(2, options, game_seed)
        steps += _CHECK_EVERY
        now = _clock()
        if now >= deadline:
            return Figures(steps, rounds + len(state.history), now - start)


def rlcard_public(budget: float, seed: int) -> Figures:
    import rlcard

    chooser = random.Random(seed)
    env = rlcard.make("uno", config={"seed": seed})
    state, _ = env.reset()
    choice = chooser.choice
    steps = rounds = 0
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            state, _ = env.step(choice(list(state["legal_actions"])))
            if env.is_over():
                rounds += 1
                state, _ = env.reset()
        steps += _CHECK_EVERY
        now = _clock()
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
    start = _clock()
    deadline = start + budget
    while True:
        for _ in range(_CHECK_EVERY):
            round_, players = game.round, game.players
            round_.proceed_round(players, choice(round_.get_legal_actions(players, round_.current_player)))
            if round_.is_over:
                rounds += 1
                game.init_game()
        steps += _CHECK_EVERY
        now = _clock()
        if now >= deadline:
            return Figures(steps, rounds, now - start)


def call_costs(seed: int, positions: int) -> dict[str, float]:
    """Mean CPU microseconds of each protocol call over positions reached by random play."""
    chooser = random.Random(seed)
    options = UnoDuoOptions()
    state = GAME.setup(2, options, seed)
    states: list[UnoDuoState] = []
    moves: list[tuple[int, Action]] = []
    for game_seed in range(positions):
        if state.phase == "game-over":
            state = GAME.setup(2, options, seed + game_seed)
        seat = state.current
        action = chooser.choice(GAME.legal_actions(state, seat))
        states.append(GAME.copy_state(state))
        moves.append((seat, action))
        GAME.apply(state, seat, action)
    costs: dict[str, float] = {}
    for name, call in (("GAME.to_move", lambda s, seat, a: GAME.to_move(s)),
                       ("GAME.legal_actions", lambda s, seat, a: GAME.legal_actions(s, seat)),
                       ("GAME.view", lambda s, seat, a: GAME.view(s, seat)),
                       ("GAME.apply", GAME.apply)):
        best = float("inf")
        for _ in range(3):
            batch = [GAME.copy_state(s) for s in states] if name == "GAME.apply" else states
            start = _clock()
            for position, (seat, action) in zip(batch, moves, strict=True):
                call(position, seat, action)
            best = min(best, _clock() - start)
        costs[name] = best / len(states) * 1e6
    return costs


def profile_rules(seconds: float, seed: int, top: int = 12) -> list[tuple[str, float, float, float]]:
    """Under cProfile, the engine functions that take the most time in public-protocol steps:
    (function, calls per step, share of own time, share including callees)."""
    profiler = cProfile.Profile()
    profiler.enable()
    figures = ours(seconds, seed, with_view=True)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    rows = []
    for (path, line, function), (_, calls, own, cumulative, _) in stats.items():
        if "/games/uno_duo/" in path.replace("\\", "/"):
            name = f"{path.rsplit('/', 1)[-1]}:{line} {function}"
            rows.append((name, calls / figures.steps, own / total, cumulative / total))
    return sorted(rows, key=lambda row: -row[2])[:top]


def print_breakdown(seed: int) -> None:
    print("\nmean CPU cost per call, over 20,000 positions from random play:")
    for name, micros in call_costs(seed, 20_000).items():
        print(f"  {name:20} {micros:6.2f} us")
    print("engine functions under cProfile, public-protocol steps (own time / with callees):")
    for name, per_step, own, cumulative in profile_rules(2.0, seed):
        print(f"  {name:40} {per_step:6.2f} calls/step {own:6.1%} {cumulative:6.1%}")


PAIRS: dict[str, tuple[Callable[[float, int], Figures], Callable[[float, int], Figures]]] = {
    "public protocol": (lambda budget, seed: ours(budget, seed, with_view=True), rlcard_public),
    "bare step": (lambda budget, seed: ours(budget, seed, with_view=False), rlcard_bare),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    parser.add_argument("--repeats", type=int, default=10, help="alternating repetitions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--breakdown", action="store_true",
                        help="also print what each protocol call and engine function costs")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    runs: dict[tuple[str, str], list[Figures]] = {}
    with tqdm(total=args.repeats * 2 * len(PAIRS), desc="measuring", unit="run") as bar:
        for repeat in range(args.repeats):
            for kind, (our_run, their_run) in PAIRS.items():
                order = [("duoplay", our_run), ("RLCard", their_run)]
                for who, run in order if repeat % 2 == 0 else order[::-1]:
                    bar.set_postfix_str(f"{who} {kind}")
                    runs.setdefault((kind, who), []).append(run(args.seconds, args.seed + repeat))
                    bar.update()
    path = "pure Python" if rules.NATIVE is None else "the C hot path (duoplay.games.uno_duo._native)"
    print(f"\nUNO Duo rules: {path}")
    print(f"{args.repeats} repetitions of {args.seconds:g} CPU s per measurement, medians:")
    print(f"{'':26} {'actions/s':>12} {'rounds/s':>10} {'actions/round':>14}")
    for (kind, who), figures in runs.items():
        steps = statistics.median(f.steps_per_s for f in figures)
        rounds = statistics.median(f.rounds_per_s for f in figures)
        per_round = sum(f.steps for f in figures) / max(1, sum(f.rounds for f in figures))
        print(f"{who + ' ' + kind:26} {steps:12,.0f} {rounds:10,.1f} {per_round:14,.1f}")
    speedups: dict[str, float] = {}
    for kind in PAIRS:
        pairs = list(zip(runs[(kind, "duoplay")], runs[(kind, "RLCard")], strict=True))
        speedups[kind] = statistics.median(a.steps_per_s / b.steps_per_s for a, b in pairs)
        round_ratio = statistics.median(a.rounds_per_s / max(b.rounds_per_s, 1e-9) for a, b in pairs)
        print(f"{kind}: actions/s ratio {speedups[kind]:.2f}x, rounds/s ratio {round_ratio:.3f}x")
    print("(an UNO Duo round takes many more actions than an RLCard UNO game, see actions/round)")
    if args.breakdown:
        print_breakdown(args.seed)
    print(f"speedup vs RLCard: {speedups['public protocol']:.1f}x (public protocol), "
          f"{speedups['bare step']:.1f}x (bare step)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
