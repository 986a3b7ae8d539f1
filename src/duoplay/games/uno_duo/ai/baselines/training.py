"""What both trainers share: the opponents' vector environments, the budget, the progress line."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from duoplay.ai.hosted import OpponentVectorEnv
from duoplay.ai.opponents import OpponentSpec

SHORT_GAME = {"target_score": 30}  # a few rounds a game: results come often enough to learn from


class Budget:
    """Stops training after `steps` vector steps or `seconds` of CPU time, whichever comes first,
    and draws a progress line on stderr when asked to."""

    def __init__(self, steps: int | None, seconds: float | None, show: bool) -> None:
        if steps is None and seconds is None:
            raise ValueError("give a budget: steps, seconds, or both")
        self.steps, self.seconds, self.show = steps, seconds, show
        self.done_steps = 0
        self._start = time.process_time()

    def used(self) -> float:
        """The share of the budget used, 0 to 1."""
        shares = []
        if self.steps is not None:
            shares.append(self.done_steps / self.steps)
        if self.seconds is not None:
            shares.append((time.process_time() - self._start) / self.seconds)
        return min(1.0, max(shares))

    def tick(self, note: str = "") -> bool:
        """Count one step; whether training goes on."""
        self.done_steps += 1
        if self.show and self.done_steps % 100 == 0:
            share = self.used()
            bar = "#" * int(30 * share)
            sys.stderr.write(f"\r[{bar:<30}] {100 * share:5.1f}%  {note}")
            sys.stderr.flush()
        going = self.used() < 1.0
        if not going and self.show:
            sys.stderr.write("\n")
        return going


Options = Mapping[str, Any] | None


def opponent_envs(n: int, opponents: Sequence[OpponentSpec], seed: int, game_options: Options,
                  round_rewards: bool = False, max_moves: int | None = None) -> list[OpponentVectorEnv]:
    """n games split evenly among the opponents, each group a vector environment."""
    if n < len(opponents):
        raise ValueError(f"{n} games cannot face {len(opponents)} opponents")
    options = dict(SHORT_GAME if game_options is None else game_options)
    return [OpponentVectorEnv(n // len(opponents), "uno-duo", opponent, seed=seed + k,
                              game_options=options, round_rewards=round_rewards,
                              max_moves=max_moves)
            for k, opponent in enumerate(opponents)]
