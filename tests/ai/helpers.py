"""Shared helpers for UNO Duo's environment tests: drive the raw environment with random legal actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from duoplay.ai import raw_env
from duoplay.games.uno_duo.ai import raw_env as UnoDuoEnv


def uno_duo_env(**kwargs: object) -> UnoDuoEnv:
    """UNO Duo's bare environment, found through the registry as users find it."""
    e = raw_env("uno-duo", **kwargs)
    assert isinstance(e, UnoDuoEnv)
    return e


def random_positions(seed: int, steps: int, **kwargs: object) -> Iterator[UnoDuoEnv]:
    """Yield the environment at each of `steps` positions reached by random legal play."""
    rng = random.Random(seed)
    e = uno_duo_env(**kwargs)
    e.reset(seed=seed)
    for _ in range(steps):
        if all(e.terminations.values()):
            e.reset(seed=rng.randrange(1 << 30))
        yield e
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
