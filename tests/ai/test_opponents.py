"""Playing against the package's bots: `SingleAgentEnv`, `VectorEnv(..., opponent=...)`, `evaluate()`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from duoplay import ai
from duoplay.ai.evaluation import wilson_interval
from duoplay.core.errors import IllegalAction
from duoplay.games.uno_duo.ai import action_index
from duoplay.games.uno_duo.bots import HeuristicBot

SHORT = {"game_options": {"target_score": 30}}


def first_legal(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


class Recorder:
    """A bot that plays the heuristic's moves and remembers what it was shown."""

    name = "recorder"

    def __init__(self) -> None:
        self.bot = HeuristicBot(0)
        self.seats: set[int] = set()
        self.hands_seen: list[int] = []

    def choose(self, view: Any, legal: Any, seat: int) -> Any:
        self.seats.add(seat)
        self.hands_seen.append(len(view["hand"]))
        assert "hands" not in view  # a seat's view, never the state
        return self.bot.choose(view, legal, seat)


def test_the_single_agent_environment_passes_gymnasiums_checks() -> None:
    check_env(ai.SingleAgentEnv("uno-duo", opponent="random", **SHORT), skip_render_check=True)


def test_the_agent_acts_only_on_its_turn_and_the_bot_plays_the_other_seat() -> None:
    bot = Recorder()
    env = ai.SingleAgentEnv("uno", opponent=bot, **SHORT)
    for game in range(4):
        observation, info = env.reset(seed=7 if game == 0 else None)
        assert info["seat"] == game % 2  # seats alternate
        done = False
        while not done:
            assert env.game.agent_selection == env.agent
            assert observation["action_mask"].any() and env.action_masks().dtype == bool
            observation, reward, done, _, info = env.step(first_legal(observation))
        assert info["result"] in (0.0, 1.0)
        assert reward == (1.0 if info["result"] == 1.0 else -1.0)
    assert bot.seats == {0, 1} and bot.hands_seen


def test_the_same_seed_gives_the_same_game_against_a_bot_level() -> None:
    def play(seed: int) -> list[int]:
        env = ai.SingleAgentEnv("uno-duo", opponent="heuristic", **SHORT)
        observation, _ = env.reset(seed=seed)
        done, trace = False, []
        while not done:
            trace.append(int(observation["observation"].sum() * 1000))
            observation, _, done, _, _ = env.step(first_legal(observation))
        return trace

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_an_illegal_action_ends_the_game_with_the_illegal_reward() -> None:
    env = ai.SingleAgentEnv("uno-duo", opponent="random", illegal_reward=-2.0, **SHORT)
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"], info["result"]) == (-2.0, True, True, 0.0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_opponent_is_a_bot_level_a_bot_or_a_policy() -> None:
    with pytest.raises(ValueError, match="no bot level 'grandmaster' for UNO Duo; choose from random, "):
        ai.SingleAgentEnv("uno-duo", opponent="grandmaster")
    with pytest.raises(TypeError, match="a bot level, a bot or a policy"):
        ai.SingleAgentEnv("uno-duo", opponent=42)  # type: ignore[arg-type]
    seats: list[str] = []

    def policy(observation: dict[str, Any]) -> int:
        seats.append(env.game.agent_selection)
        return first_legal(observation)

    env = ai.SingleAgentEnv("uno-duo", opponent=policy, seat=1, **SHORT)
    observation, _ = env.reset(seed=0)
    done = False
    while not done:
        observation, _, done, _, _ = env.step(first_legal(observation))
    assert seats and set(seats) == {"player_0"}, "the policy played seat 0, and only seat 0"


def test_a_vector_environment_hosts_a_bot_in_every_game() -> None:
    v = ai.VectorEnv(6, "uno-duo", opponent="heuristic", seed=1, **SHORT)
    observations, masks = v.reset()
    assert observations.shape == (6, 309) and masks.shape == (6, 151)
    assert v.seats.tolist() == [0, 1, 0, 1, 0, 1]
    rng = np.random.default_rng(0)
    total = np.zeros(6)
    while v.games_finished < 12:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, masks, rewards, _ = v.step(actions)
        total += rewards
        assert masks.any(axis=1).all(), "every row is the agent's turn"
    assert set(np.unique(v.results[~np.isnan(v.results)])) <= {0.0, 1.0}
    assert total.sum() == 2 * v.wins - v.games_finished  # +1 per game won, -1 per game lost
    illegal = (masks == 0).argmax(axis=1)
    with pytest.raises(IllegalAction, match="game 0"):
        v.step(illegal)


def test_evaluate_counts_the_games_and_gives_a_wilson_interval() -> None:
    result = ai.evaluate("heuristic", "uno-duo", opponent="random", games=30, seed=0, **SHORT)
    assert result.games == 30 and result.wins + result.losses == 30
    assert result.low <= result.win_rate <= result.high
    assert result.win_rate > 0.8  # the heuristic beats random play nearly always
    assert result == ai.evaluate("heuristic", "uno-duo", opponent="random", games=30, seed=0, **SHORT)
    weak = ai.evaluate(first_legal, "uno-duo", opponent="heuristic", games=10, seed=0, **SHORT)
    assert weak.win_rate < result.win_rate
    assert str(weak).startswith(f"{weak.win_rate:.3f} [")


def test_the_wilson_interval_matches_its_textbook_values() -> None:
    low, high = wilson_interval(81, 263)  # Wilson (1927)'s setting, as tabulated by Newcombe (1998)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


def test_a_bot_choice_is_numbered_as_the_environment_numbers_actions() -> None:
    env = ai.SingleAgentEnv("uno-duo", opponent="random", seat=0, **SHORT)
    env.reset(seed=2)
    state = env.game.game_state
    legal = env.opponent.game.legal_actions(state, 0)
    mask = env.action_masks()
    assert sorted(action_index(a) for a in legal) == np.flatnonzero(mask).tolist()


def test_a_game_that_does_not_end_is_stopped_at_max_moves_and_counted_as_lost() -> None:
    env = ai.SingleAgentEnv("uno-duo", opponent="heuristic", max_moves=3, **SHORT)
    observation, _ = env.reset(seed=5)
    ended = []
    for _ in range(3):
        observation, _, done, truncated, _ = env.step(first_legal(observation))
        ended.append((done, truncated))
    assert ended == [(False, False), (False, False), (False, True)]
    result = ai.evaluate(first_legal, "uno-duo", opponent="heuristic", games=4, max_moves=3, **SHORT)
    assert (result.unfinished, result.losses, result.win_rate) == (4, 4, 0.0)  # no game ends in 3 moves
