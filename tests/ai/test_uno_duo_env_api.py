"""UNO Duo's environment passes PettingZoo's own API and seed checks, wrapped and bare."""

from __future__ import annotations

import functools
import warnings

import pytest
from pettingzoo.test import api_test, seed_test
from tests.ai.helpers import uno_duo_env

from duoplay.ai import env


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that Dict observations are unusual; its classic card games use them too.
    # Only those two warnings are silenced: any other one shows.
    warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
    warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")


def test_wrapped_env_passes_api_test() -> None:
    api_test(env("uno-duo"), num_cycles=1000)


def test_raw_env_passes_api_test() -> None:
    api_test(uno_duo_env(), num_cycles=1000)


def test_seeded_envs_play_identically() -> None:
    seed_test(functools.partial(env, "uno-duo"), num_cycles=500)


def test_same_seed_same_game_other_seed_other_game() -> None:
    first, second, third = uno_duo_env(), uno_duo_env(), uno_duo_env()
    first.reset(seed=11)
    second.reset(seed=11)
    third.reset(seed=12)
    assert first.game_state == second.game_state
    assert first.game_state != third.game_state


def test_spaces_are_fixed() -> None:
    e = uno_duo_env()
    assert e.action_space("player_0").n == 151
    assert e.observation_space("player_1")["action_mask"].shape == (151,)
    assert e.observation_space("player_0") is e.observation_space("player_1")
