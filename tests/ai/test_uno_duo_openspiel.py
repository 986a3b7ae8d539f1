"""UNO Duo as an OpenSpiel game: OpenSpiel's own random-simulation test, and its ISMCTS bot
playing against duoplay's heuristic bot (needs the `openspiel` extra; skipped without it)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from duoplay.games.uno_duo.ai import action_index, encode_view  # noqa: E402
from duoplay.games.uno_duo.ai import openspiel as uno_spiel  # noqa: E402
from duoplay.games.uno_duo.bots import HeuristicBot  # noqa: E402
from duoplay.games.uno_duo.game import GAME  # noqa: E402


def test_openspiel_random_simulation_test_passes() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 30})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_game_starts_with_hidden_chance_and_observes_like_the_pettingzoo_env() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(4):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(rng.randrange(256))
    for _ in range(60):
        seat = state.current_player()
        assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32),
                              encode_view(GAME.view(state.uno, seat), seat))
        assert state.legal_actions() == sorted(action_index(a) for a in GAME.legal_actions(state.uno, seat))
        # The other player's hand is not in what this player observes.
        twin = uno_spiel.resample(state, seat, rng)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_ismcts_plays_full_games_against_the_heuristic_bot() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 5})
    rng = random.Random(1)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                           uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    bot.set_resampler(lambda state, player: uno_spiel.resample(state, player, rng))
    ours = HeuristicBot(seed=3)
    for ismcts_seat in (0, 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
                continue
            seat = state.current_player()
            if seat == ismcts_seat:
                action = bot.step(state)
            else:
                legal = GAME.legal_actions(state.uno, seat)
                action = action_index(ours.choose(GAME.view(state.uno, seat), legal, seat))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sorted(state.returns()) == [-1.0, 1.0]


def test_no_information_state_tensor_is_offered_and_asking_for_one_raises() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 30})
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    for byte in (1, 2, 3, 4):
        state.apply_action(byte)
    assert len(state.observation_tensor(0)) == 309
    assert state.information_state_string(0).startswith("p0 ")  # the string, with every move, stays
    with pytest.raises(NotImplementedError, match="no information-state tensor"):
        state.information_state_tensor(0)
