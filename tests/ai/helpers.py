"""Shared helpers for UNO Duo's environment tests: drive the raw environment with random legal actions."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

from duoplay.ai import raw_env
from duoplay.games.uno_duo.ai import compiled
from duoplay.games.uno_duo.ai import raw_env as UnoDuoEnv
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.state import UnoDuoState

# The two ways an environment computes observations and masks: the C module and pure Python.
PATHS = pytest.mark.parametrize("path", ["compiled", "pure"])


@contextmanager
def on_path(path: str) -> Iterator[None]:
    """Environments created inside take `path`. `make` builds the C module (it installs a compiler
    where one is missing), so its absence is a failure, unless DUOPLAY_PURE_PYTHON=1 asks for it."""
    if path == "compiled" and not compiled.AVAILABLE:
        if os.environ.get("DUOPLAY_PURE_PYTHON", "") not in ("", "0"):
            pytest.skip("DUOPLAY_PURE_PYTHON=1: the C module is turned off on purpose")
        pytest.fail("the C module is not built: `make .venv/.installed` builds it with gcc")
    with compiled.use_compiled(path == "compiled"):
        yield


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


def random_states(seed: int, steps: int, options: dict[str, object]) -> list[UnoDuoState]:
    """Copies of the positions of random games (a new game when one ends), the end included."""
    rng = random.Random(seed)
    parsed = GAME.parse_options(options)
    state = GAME.setup(2, parsed, seed)
    seen = []
    for game in range(steps):
        seen.append(state)
        if state.phase == "game-over":
            state = GAME.setup(2, parsed, seed + game + 1)
            continue
        state = GAME.copy_state(state)
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    return seen
