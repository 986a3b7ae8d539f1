"""The fast encoder (straight from the state) equals the encoding of the seat's JSON view."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.ai.helpers import PATHS, on_path, random_states, uno_duo_env

from duoplay.games.uno_duo.ai import AGENTS, Encoder, encode_state, encode_view, mask_of
from duoplay.games.uno_duo.ai.encoding import action_index, mask_bytes
from duoplay.games.uno_duo.game import GAME


@pytest.mark.parametrize("options", [{}, {"deck_size": 108, "target_score": 40}])
def test_the_fast_encoder_equals_the_json_view_encoder(options: dict[str, object]) -> None:
    encoders = (Encoder(), Encoder())  # kept across positions, as the environment keeps them
    phases = set()
    for state in random_states(seed=3, steps=12_000, options=options):
        phases.add(state.phase)
        for seat in (0, 1):
            expected = encode_view(GAME.view(state, seat), seat)
            assert np.array_equal(encoders[seat].encode(state, seat), expected)
            assert np.array_equal(encode_state(state, seat), expected)
    assert phases >= {"draft", "start-colour", "turn", "drawn", "volley", "challenge", "dump-decide",
                      "dumping", "game-over"}


@PATHS
@pytest.mark.parametrize("options", [{}, {"deck_size": 108, "target_score": 40}])
def test_the_environment_observations_equal_the_json_view_encoding_along_games(
        options: dict[str, object], path: str) -> None:
    # One game state changed in place step after step, as the environment plays it: the encoders
    # update their last observation (hands, piles, one-hot blocks) instead of starting anew.
    with on_path(path):
        e = uno_duo_env(game_options=options)
    rng = random.Random(17)
    e.reset(seed=17)
    phases = set()
    for _ in range(15_000):
        if all(e.terminations.values()):
            e.reset(seed=rng.randrange(1 << 30))
        state = e.game_state
        assert state is not None
        phases.add(state.phase)
        seats = (0, 1) if rng.random() < 0.3 else (state.current,)  # the other seat sometimes lags
        for seat in seats:
            observed = e.observe(AGENTS[seat])["observation"]
            assert np.array_equal(observed, encode_view(GAME.view(state, seat), seat))
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert phases >= {"draft", "start-colour", "turn", "drawn", "volley", "challenge", "dump-decide",
                      "dumping"}


def test_an_encoder_follows_a_discard_pile_that_is_replaced_or_shrinks() -> None:
    states = random_states(seed=8, steps=3000, options={"target_score": 40})
    encoder = Encoder()
    rng = random.Random(1)
    for state in rng.sample(states, 600):  # out of order: piles grow, shrink, and change list
        assert np.array_equal(encoder.encode(state, 1), encode_view(GAME.view(state, 1), 1))


def test_observations_are_fresh_writable_arrays() -> None:
    state = random_states(seed=1, steps=30, options={})[-1]
    encoder = Encoder()
    first, second = encoder.encode(state, 0), encoder.encode(state, 0)
    assert first.dtype == np.float32 and first.flags.writeable
    first[:] = 7.0
    assert not np.array_equal(first, second)


def test_masks_of_equal_but_distinct_actions_are_the_same() -> None:
    for state in random_states(seed=2, steps=500, options={}):
        legal = GAME.legal_actions(state, state.current)
        copies = [GAME.parse_action(a.to_json()) for a in legal]  # equal values, maybe new objects
        assert mask_bytes(copies) == mask_bytes(legal)
        mask = mask_of(legal)
        assert sorted(np.flatnonzero(mask)) == sorted(action_index(a) for a in legal)
