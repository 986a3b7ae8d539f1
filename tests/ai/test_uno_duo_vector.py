"""`duoplay.ai.VectorEnv(n)`: n games in one call, the same observations and masks as the AEC env."""

from __future__ import annotations

import numpy as np
import pytest
from tests.ai.helpers import PATHS, on_path

from duoplay import ai
from duoplay.core.errors import IllegalAction, MalformedAction
from duoplay.core.registry import game_ids
from duoplay.games.uno_duo.ai import ACTION_COUNT, OBS_SIZE, VectorEnv, encode_view, mask_of
from duoplay.games.uno_duo.game import GAME


def _uniform(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    keys = rng.random(masks.shape) * masks
    return keys.argmax(axis=1)


def test_shapes_and_types() -> None:
    env = ai.VectorEnv(5, "uno-duo", seed=1)
    assert isinstance(env, VectorEnv)
    observations, masks = env.reset()
    assert observations.shape == (5, OBS_SIZE) and observations.dtype == np.float32
    assert masks.shape == (5, ACTION_COUNT) and masks.dtype == np.int8
    observations, masks, rewards, dones = env.step(_uniform(np.random.default_rng(0), masks))
    assert observations.shape == (5, OBS_SIZE) and masks.shape == (5, ACTION_COUNT)
    assert rewards.shape == (5, 2) and rewards.dtype == np.float32
    assert dones.shape == (5,) and dones.dtype == np.bool_
    assert env.seats.shape == (5,)
    assert observations.flags.writeable and masks.flags.writeable


@PATHS
def test_rows_are_the_views_of_the_seats_to_act_and_games_restart(path: str) -> None:
    with on_path(path):
        env = VectorEnv(8, seed=3, game_options={"target_score": 30})
    rng = np.random.default_rng(3)
    observations, masks = env.reset()
    finished = 0
    for _ in range(3000):
        for i, state in enumerate(env._states):
            seat = state.current
            assert env.seats[i] == seat
            assert np.array_equal(observations[i], encode_view(GAME.view(state, seat), seat))
            assert np.array_equal(masks[i], mask_of(GAME.legal_actions(state, seat)))
        observations, masks, rewards, dones = env.step(_uniform(rng, masks))
        assert np.all(rewards.sum(axis=1) == 0)
        assert np.all((rewards != 0).any(axis=1) == dones)  # without round rewards, only at the end
        assert np.all(np.abs(rewards[dones]) == 1)
        finished += int(dones.sum())
    assert finished > 5 and env.games_finished == finished


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        env = VectorEnv(4, seed=9)
        rng = np.random.default_rng(1)
        observations, masks = env.reset()
        for _ in range(200):
            observations, masks, _, _ = env.step(_uniform(rng, masks))
        runs.append(observations)
    assert np.array_equal(runs[0], runs[1])


def test_round_rewards_add_up_to_the_score_margin() -> None:
    env = VectorEnv(3, seed=2, game_options={"target_score": 40}, round_rewards=True)
    rng = np.random.default_rng(2)
    _, masks = env.reset()
    totals = np.zeros((3, 2))
    ended = 0
    while ended < 3:
        states = list(env._states)
        _, masks, rewards, dones = env.step(_uniform(rng, masks))
        totals += rewards
        for i in np.flatnonzero(dones):
            scores = states[i].scores
            winner = 0 if scores[0] < scores[1] else 1
            margin = (scores[1 - winner] - scores[winner]) / 40
            assert totals[i, winner] == pytest.approx(1 + margin, abs=1e-5)
            totals[i] = 0
            ended += 1


def test_a_bad_action_moves_no_game() -> None:
    env = VectorEnv(3, seed=4)
    _, masks = env.reset()
    before = [GAME.copy_state(s) for s in env._states]
    actions = _uniform(np.random.default_rng(0), masks)
    actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(IllegalAction, match="game 2"):
        env.step(actions)
    actions[2] = ACTION_COUNT
    with pytest.raises(MalformedAction, match="game 2"):
        env.step(actions)
    for bad in (actions[:2], actions.astype(float), [[1, 2, 3]]):
        with pytest.raises(MalformedAction):
            env.step(bad)
    assert env._states == before
    with pytest.raises(MalformedAction):
        VectorEnv(0)
    with pytest.raises(IllegalAction):
        VectorEnv(2).step(np.zeros(2, dtype=np.int64))


def test_a_game_without_a_vector_environment_says_so() -> None:
    with pytest.raises(ai.UnknownGame):
        ai.VectorEnv(2, game="no-such-game")
    assert type(ai.VectorEnv(2, game="uno")) is VectorEnv
    lacking = [g for g in game_ids() if g not in ai.games()]
    if lacking:
        with pytest.raises(ValueError, match=r"offers no vector environment.*uno-duo"):
            ai.VectorEnv(2, game=lacking[0])
