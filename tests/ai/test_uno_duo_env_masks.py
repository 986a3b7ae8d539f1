"""The action mask is exactly the rules' legal actions, for the agent the rules wait for only."""

from __future__ import annotations

import numpy as np
from tests.ai.helpers import PATHS, on_path, random_positions

from duoplay.games.uno_duo.ai import ACTION_COUNT, ACTIONS, AGENTS, action_index, action_of
from duoplay.games.uno_duo.game import GAME


def test_every_index_round_trips_and_names_a_distinct_action() -> None:
    assert len(set(ACTIONS)) == ACTION_COUNT
    for index in range(ACTION_COUNT):
        assert action_index(action_of(index)) == index


@PATHS
def test_mask_equals_legal_actions_in_many_positions(path: str) -> None:
    seen_phases: set[str] = set()
    seen_out_of_turn = False
    with on_path(path):  # the environment is created at the first position
        for e in random_positions(seed=5, steps=20_000):
            state = e.game_state
            assert state is not None
            seat = state.current
            assert e.agent_selection == AGENTS[seat]
            legal = GAME.legal_actions(state, seat)
            mask = e.observe(AGENTS[seat])["action_mask"]
            assert {action_of(int(i)) for i in np.flatnonzero(mask)} == set(legal)
            assert mask.sum() == len(legal)
            other = e.observe(AGENTS[1 - seat])["action_mask"]
            assert not other.any(), "only the agent selected may act"
            seen_phases.add(state.phase)
            seen_out_of_turn |= any(a.kind in ("uno", "catch") for a in legal)
    # The sample must reach every kind of decision for this test to mean something.
    assert seen_phases >= {"draft", "turn", "drawn", "volley", "challenge", "dump-decide", "dumping"}
    assert seen_out_of_turn
