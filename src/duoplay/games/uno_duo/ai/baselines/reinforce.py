"""REINFORCE with a baseline: a linear softmax policy trained on game results against bots.

Each game's choices move towards the game's result, less the running mean result against the
same opponent (the baseline, which keeps a policy that loses most games against the heuristic
from unlearning everything). Gradients are summed per game from its stored observations,
actions and probabilities: `(onehot(actions) - probabilities)^T @ observations`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from duoplay.ai.opponents import OpponentSpec
from duoplay.games.uno_duo.ai.baselines.policies import LinearPolicy
from duoplay.games.uno_duo.ai.baselines.training import Budget, opponent_envs


def train_reinforce(steps: int | None = None, seconds: float | None = None, games: int = 16,
                    opponents: Sequence[OpponentSpec] = ("random", "heuristic"), learning_rate: float = 0.01,
                    baseline_rate: float = 0.02, seed: int = 0, game_options: Mapping[str, Any] | None = None,
                    progress: bool = False) -> LinearPolicy:
    """Train for `steps` vector steps or `seconds` of CPU time on `games` games at once, split
    among `opponents`; UNO Duo to 30 points unless `game_options` say otherwise."""
    envs = opponent_envs(games, opponents, seed, game_options)
    policy = LinearPolicy.zeros(envs[0].action_count, envs[0].observation_size)
    rng = np.random.default_rng(seed)
    eye = np.eye(envs[0].action_count, dtype=np.float32)
    baselines = np.zeros(len(envs))
    # Per env and game, the moves of the game so far: (observation, action, probabilities).
    trails: list[list[list[tuple[Any, int, Any]]]] = [[[] for _ in range(env.n)] for env in envs]
    current = [env.reset() for env in envs]
    budget = Budget(steps, seconds, progress)
    going = True
    while going:
        for k, env in enumerate(envs):
            observations, masks = current[k]
            logits = policy.logits(observations, masks)
            actions = (logits + rng.gumbel(size=logits.shape)).argmax(axis=1)
            p = np.exp(logits - np.logaddexp.reduce(logits, axis=1, keepdims=True))
            for i in range(env.n):
                trails[k][i].append((observations[i], int(actions[i]), p[i]))
            next_observations, next_masks, rewards, dones = env.step(actions)
            current[k] = (next_observations, next_masks)
            for i in np.flatnonzero(dones).tolist():
                seen, chosen, probabilities = zip(*trails[k][i], strict=True)
                gradient = (eye[list(chosen)] - np.array(probabilities)).T @ np.array(seen)
                policy.weights += learning_rate * (rewards[i] - baselines[k]) * gradient
                baselines[k] += baseline_rate * (rewards[i] - baselines[k])
                trails[k][i] = []
        going = budget.tick("mean result " + " ".join(f"{(b + 1) / 2:.2f}" for b in baselines))
    return policy
