"""Playing through the environment: illegal actions, hidden cards, rewards, rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from tests.ai.helpers import PATHS, on_path, random_positions, uno_duo_env

from duoplay.ai import env
from duoplay.core.errors import IllegalAction, MalformedAction
from duoplay.games.uno_duo.ai import AGENTS
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.state import UnoDuoState


def _illegal_index(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


def test_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    e = env("uno-duo")
    e.reset(seed=3)
    offender = e.agent_selection
    observation, *_ = e.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(_illegal_index(observation["action_mask"]))
    assert all(e.terminations.values())
    assert e._cumulative_rewards[offender] == -1
    other = AGENTS[1 - AGENTS.index(offender)]
    assert e._cumulative_rewards[other] == 0


def test_raw_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    for e in random_positions(seed=9, steps=400):
        state = e.game_state
        assert state is not None
        before = GAME.copy_state(state)
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        with pytest.raises(IllegalAction):
            e.step(_illegal_index(mask))
        for bad in (-1, 151, None, "draw", 2.0):
            with pytest.raises(MalformedAction):
                e.step(bad)  # type: ignore[arg-type]
        assert e.game_state == before
        assert e.agent_selection == agent
        assert not any(e.terminations.values())


def _hide_differently(state: UnoDuoState, seat: int, rng: random.Random) -> None:
    """Deal `seat` other unseen cards from the draw pile (same count), reshuffle the pile, and
    change the card `seat` is looking at in the draft."""
    hand, pile = state.hands[seat], state.draw_pile
    pool = hand + pile
    rng.shuffle(pool)
    hand[:], pile[:] = pool[:len(hand)], pool[len(hand):]
    if state.phase == "draft" and state.current == seat and pile:
        state.draft_card, pile[0] = pile[0], state.draft_card


@PATHS
def test_observation_ignores_the_opponents_hidden_cards(path: str) -> None:
    rng = random.Random(4)
    changed = 0
    with on_path(path):
        for e in random_positions(seed=13, steps=3000):
            state = e.game_state
            assert state is not None
            for watcher in (0, 1):
                other = 1 - watcher
                if state.phase == "drawn" and state.current == other:
                    continue  # the card just drawn must stay in the hand that plays it next
                twin = GAME.copy_state(state)
                _hide_differently(twin, other, rng)
                if twin.hands[other] == state.hands[other] and twin.draft_card == state.draft_card:
                    continue
                changed += 1
                real = e.observe(AGENTS[watcher])
                e.game_state = twin
                try:
                    fake = e.observe(AGENTS[watcher])
                finally:
                    e.game_state = state
                assert np.array_equal(real["observation"], fake["observation"])
                assert np.array_equal(real["action_mask"], fake["action_mask"])
    assert changed > 1000


@pytest.mark.parametrize("round_rewards", [False, True])
def test_a_full_game_ends_with_rewards_summing_to_zero(round_rewards: bool) -> None:
    e = env("uno-duo", game_options={"target_score": 60}, round_rewards=round_rewards)
    e.reset(seed=21)
    rng = random.Random(21)
    totals = dict.fromkeys(AGENTS, 0.0)
    steps = 0
    for agent in e.agent_iter(max_iter=200_000):
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert not e.agents, "the game must finish"
    state = e.unwrapped.game_state
    outcome = GAME.outcome(state)
    assert outcome is not None
    winner, loser = AGENTS[outcome.winners[0]], AGENTS[1 - outcome.winners[0]]
    assert sum(totals.values()) == pytest.approx(0.0)
    if round_rewards:
        # Each round's points, over the target, plus the final +1 / -1.
        margin = (state.scores[AGENTS.index(loser)] - state.scores[AGENTS.index(winner)]) / 60
        assert totals[winner] == pytest.approx(1.0 + margin)
        assert len(state.history) > 1
    else:
        assert totals == {winner: 1.0, loser: -1.0}
    assert steps > 100


def test_reset_options_change_the_rules_for_one_game() -> None:
    e = uno_duo_env()
    e.reset(seed=1, options={"game_options": {"deck_size": 108}})
    assert e.game_state is not None and e.game_state.options.deck_size == 108
    e.reset(seed=1)
    assert e.game_state.options.deck_size == 112
    with pytest.raises(MalformedAction):
        e.reset(options={"game_options": {"deck_size": 7}})
    with pytest.raises(MalformedAction):
        uno_duo_env(render_mode="human")


def test_ansi_rendering_shows_the_selected_seat_only() -> None:
    *_, e = random_positions(seed=2, steps=300, render_mode="ansi")
    state = e.game_state
    assert state is not None
    text = e.render()
    assert isinstance(text, str)
    seat = AGENTS.index(e.agent_selection)
    shown = GAME.view(state, seat)["hand"]
    assert " ".join(shown) in text
    assert f"seat {1 - seat} holds {len(state.hands[1 - seat])} card(s)" in text
    quiet = uno_duo_env()
    quiet.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
