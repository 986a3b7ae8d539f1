"""The reference agents: a few training steps run, deterministically, and what they save plays."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import numpy as np
import pytest

from duoplay import ai
from duoplay.games.uno_duo.ai.baselines import LinearPolicy, QNetwork, load, train_dqn, train_reinforce
from duoplay.games.uno_duo.ai.baselines.__main__ import main
from duoplay.games.uno_duo.ai.baselines.dqn import Replay, Steps, gradients, shaped
from duoplay.games.uno_duo.ai.baselines.policies import save
from duoplay.games.uno_duo.ai.encoding import _OFFSET, card_lead

SHORT = {"game_options": {"target_score": 30}}


def test_a_few_reinforce_steps_change_the_policy_and_repeat_with_the_seed() -> None:
    first = train_reinforce(steps=40, games=4, seed=3)
    assert isinstance(first, LinearPolicy) and np.abs(first.weights).sum() > 0
    assert np.array_equal(first.weights, train_reinforce(steps=40, games=4, seed=3).weights)


def test_a_few_dqn_steps_train_the_network_and_repeat_with_the_seed() -> None:
    untrained = QNetwork.initial(309, 16, 151, np.random.default_rng(5))
    settings = {"steps": 30, "games": 4, "hidden": 16, "batch": 8, "warm_up": 16, "target_every": 5,
                "n_step": 4, "seed": 5}  # 4-move returns: transitions reach the replay from the 4th move
    first = train_dqn(**settings)  # type: ignore[arg-type]
    assert not np.array_equal(first.w2, untrained.w2), "the updates moved the network"
    again = train_dqn(**settings)  # type: ignore[arg-type]
    assert all(np.array_equal(a, b) for a, b in zip(first.parameters(), again.parameters(), strict=True))


def test_the_q_networks_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(0)
    network = QNetwork.initial(6, 5, 4, rng)
    network = QNetwork(*(p.astype(np.float64) for p in network.parameters()))  # type: ignore[arg-type]
    observations = rng.random((3, 6))
    actions = np.array([0, 2, 3])
    wanted = network.values(observations)[np.arange(3), actions] + np.array([0.3, -0.2, 2.0])  # one beyond 1
    _, grads = gradients(network, observations, actions, wanted)  # type: ignore[arg-type]
    for parameter, grad in zip(network.parameters(), grads, strict=True):
        for index in [(0,) * parameter.ndim, tuple(s - 1 for s in parameter.shape)]:
            saved = parameter[index]
            parameter[index] = saved + 1e-6
            above = gradients(network, observations, actions, wanted)[0]  # type: ignore[arg-type]
            parameter[index] = saved - 1e-6
            below = gradients(network, observations, actions, wanted)[0]  # type: ignore[arg-type]
            parameter[index] = saved
            assert grad[index] == pytest.approx((above - below) / 2e-6, abs=1e-6)


def test_a_saved_agent_loads_and_plays_legal_moves(tmp_path: Path) -> None:
    untrained = QNetwork.initial(309, 8, 151, np.random.default_rng(1))
    for model in (train_reinforce(steps=20, games=4), untrained):
        save(model, tmp_path / "agent.npz", note="test")
        loaded = load(tmp_path / "agent.npz")
        assert type(loaded) is type(model)
        result = ai.evaluate(loaded, "uno-duo", opponent="random", games=4, max_moves=400, **SHORT)
        assert result.games == 4 and result.illegal == 0 and 0.0 <= result.low <= result.high <= 1.0


def test_the_command_trains_and_evaluates(tmp_path: Path) -> None:
    out = tmp_path / "r.npz"
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(io.StringIO()):
        main(["train", "reinforce", "--steps", "20", "--games", "4", "--out", str(out)])
        main(["evaluate", str(out), "heuristic", "--opponents", "random", "--games", "4"])
    lines = shown.getvalue().splitlines()
    assert lines[0].startswith("reinforce: trained for") and out.exists()
    assert lines[1:3] == ["| agent | vs random |", "| --- | --- |"]
    assert lines[-1].startswith("| heuristic | 1.000 [")  # the heuristic wins 4 of 4 against random


@pytest.mark.parametrize("name", ["reinforce.npz", "dqn.npz"])
def test_the_shipped_agents_beat_the_random_bot(name: str) -> None:
    shipped = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_baselines" / name
    result = ai.evaluate(load(shipped), "uno-duo", opponent="random", games=20, seed=0, **SHORT)
    assert result.wins >= 16, result  # measured 0.996 and 0.954 over 500 games (docs/ai.md)


def test_n_step_transitions_add_the_discounted_rewards_and_stop_at_the_games_end() -> None:
    memory = Replay(8, 1, 2)
    recent = Steps(memory, n_step=2, gamma=0.5)
    mask = np.ones(2, np.int8)
    for move, reward in enumerate((1.0, 2.0, 3.0)):
        seen, reached = np.array([move], np.float32), np.array([move + 1], np.float32)
        recent.add((0, 0), seen, move % 2, reward, reached, mask, done=move == 2)
    assert memory.size == 3
    assert memory.observations[:3, 0].tolist() == [0.0, 1.0, 2.0]
    assert memory.rewards[:3].tolist() == [1.0 + 0.5 * 2.0, 2.0 + 0.5 * 3.0, 3.0]
    assert memory.discounts[:3].tolist() == [0.25, 0.0, 0.0]  # the last two end with the game
    assert memory.next_observations[:3, 0].tolist() == [2.0, 3.0, 3.0]


def test_the_card_lead_is_read_back_from_the_observation() -> None:
    env = ai.VectorEnv(2, "uno-duo", opponent="random", seed=4, game_options={"target_score": 30})
    observations, _ = env.reset()
    for i, single in enumerate(env.games):
        state = single.game.game_state  # the engine's own state: the hands' true sizes
        assert state is not None
        mine, theirs = len(state.hands[single.seat]), len(state.hands[1 - single.seat])
        assert card_lead(observations[i]) == pytest.approx(theirs - mine)


def test_shaping_pays_a_card_of_lead_and_a_stopped_game_is_lost() -> None:
    at = _OFFSET["sizes"]
    before = np.zeros((3, 309), np.float32)
    after = np.zeros((3, 309), np.float32)
    before[:, at:at + 2] = np.array([7, 7]) / 112  # level at seven cards each
    after[:, at:at + 2] = np.array([[6, 7], [8, 7], [1, 2]]) / 112  # played one, drew one, game over
    rewards = np.array([0.0, 0.0, 0.0], np.float32)
    dones, truncated = np.array([False, False, True]), np.array([False, False, True])
    paid = shaped(rewards, dones, truncated, before, after, gamma=1.0, shaping=0.05)
    assert paid.tolist() == pytest.approx([0.05, -0.05, -1.0])  # the stopped game: lost, lead 0 after
