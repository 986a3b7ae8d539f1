"""Shared helpers for the environment tests: drive the raw environment with random legal actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from duoplay.ai import raw_env


def random_positions(seed: int, steps: int, **kwargs: object) -> Iterator[raw_env]:
    """Yield the environment at each of `steps` positions reached by random legal play."""
    rng = random.Random(seed)
    e = raw_env(**kwargs)  # type: ignore[arg-type]
    e.reset(seed=seed)
    for _ in range(steps):
        if all(e.terminations.values()):
            e.reset(seed=rng.randrange(1 << 30))
        yield e
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
