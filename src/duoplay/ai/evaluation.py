"""`evaluate(policy, game, opponent, games=N)`: a policy's win rate against an opponent, with a
confidence interval.

The policy plays `games` games in alternating seats (`SingleAgentEnv`), seeded: the same seed
gives the same games. The interval is Wilson's score interval, which stays inside [0, 1] and
keeps its coverage near 0 and 1, where good and bad agents live.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from duoplay.ai.opponents import Opponent, OpponentSpec
from duoplay.ai.single import SingleAgentEnv


@dataclass(frozen=True)
class Evaluation:
    """The games' tally, the win rate (a tie counts half) and its interval at `confidence`."""

    games: int
    wins: int
    losses: int
    ties: int
    illegal: int  # games lost to an illegal action
    unfinished: int  # games stopped at `max_moves`, counted among the losses
    win_rate: float
    low: float
    high: float
    confidence: float

    def __str__(self) -> str:
        return f"{self.win_rate:.3f} [{self.low:.3f}, {self.high:.3f}] ({self.wins} won of {self.games})"


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for a proportion of `successes` in `trials`."""
    if trials < 1:
        raise ValueError("an interval needs at least one trial")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    middle = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    low = 0.0 if successes <= 0 else max(0.0, middle - half)  # exact bounds at 0 and 1, not rounding
    high = 1.0 if successes >= trials else min(1.0, middle + half)
    return low, high


def evaluate(policy: OpponentSpec, game: str, opponent: OpponentSpec = "heuristic",
             games: int = 100, seed: int = 0, confidence: float = 0.95, max_moves: int | None = 5000,
             **kwargs: Any) -> Evaluation:
    """Play `policy` against `opponent` for `games` games, alternating seats; `kwargs` are the game
    environment's options (such as `game_options` for shorter games).

    `policy` is a callable from the agent's observation (the dict with `observation` and
    `action_mask`) to an action index, or, to compare bots, a bot level or a bot. A game in which
    the policy has made `max_moves` moves is stopped and counted as lost (`unfinished`)."""
    if games < 1:
        raise ValueError("evaluate() needs at least one game")
    if not 0.0 < confidence < 1.0:
        raise ValueError("confidence is a probability between 0 and 1")
    env = SingleAgentEnv(game, opponent, max_moves=max_moves, **kwargs)
    player = Opponent(game, policy)  # a bot level plays through the same door as an opponent
    wins = losses = ties = illegal = unfinished = 0
    score = 0.0
    for number in range(games):
        observation, info = env.reset(seed=seed if number == 0 else None)
        player.new_game(seed * 1_000_003 + number)
        done = truncated = False
        while not (done or truncated):
            action = player.act(env.game, env.agent) if player.is_bot else policy(observation)  # type: ignore[operator]
            observation, _, done, truncated, info = env.step(int(action))
        unfinished += truncated
        result = 0.0 if truncated else float(info["result"])
        score += result
        illegal += bool(info.get("illegal"))
        wins += result == 1.0
        losses += result == 0.0
        ties += 0.0 < result < 1.0
    low, high = wilson_interval(score, games, confidence)
    return Evaluation(games, wins, losses, ties, illegal, unfinished, score / games, low, high, confidence)
