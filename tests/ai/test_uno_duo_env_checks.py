"""`duoplay.ai.env("uno-duo")` keeps the contract of PettingZoo's classic wrappers, built in.

Each check runs the same calls on our environment and on the bare environment wrapped in
PettingZoo's own `TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper` and
`OrderEnforcingWrapper` (as PettingZoo wraps its classic games), and expects the same
outcome from both.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from duoplay.ai import env, raw_env


def _stock() -> AECEnv:
    wrapped = wrappers.TerminateIllegalWrapper(raw_env("uno-duo"), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns on illegal moves and steps after the end
        yield


def _outcome(call: Callable[..., Any], *args: Any) -> str:
    try:
        call(*args)
    except Exception as error:  # the kind of error is what is compared
        return type(error).__name__
    return "ok"


def test_ours_is_not_a_stack_of_wrappers() -> None:
    ours = env("uno-duo")
    assert ours.unwrapped is ours


@pytest.mark.parametrize("name", ["agents", "num_agents", "rewards", "terminations", "truncations", "infos",
                                  "agent_selection"])
def test_reading_before_reset_is_an_attribute_error(name: str) -> None:
    for e in (env("uno-duo"), _stock()):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            getattr(e, name)


def test_calls_before_reset_fail_alike() -> None:
    calls: dict[str, Callable[[AECEnv], Any]] = {
        "step": lambda e: e.step(0),
        "observe": lambda e: e.observe("player_0"),
        "last": lambda e: e.last(),
        "agent_iter": lambda e: e.agent_iter(),
        "state": lambda e: e.state(),
    }
    for name, call in calls.items():
        ours, stock = env("uno-duo"), _stock()
        assert _outcome(call, ours) == _outcome(call, stock) != "ok", name


@pytest.mark.parametrize("action", [151, -1, 10_000, "draw", 2.5, np.int64(151)])
def test_an_action_outside_the_space_fails_an_assertion_and_changes_nothing(action: Any) -> None:
    ours = env("uno-duo")
    ours.reset(seed=4)
    before = ours.unwrapped.game_state.copy()
    with pytest.raises(AssertionError):
        ours.step(action)
    stock = _stock()
    stock.reset(seed=4)
    with pytest.raises(AssertionError):
        stock.step(action)
    assert ours.unwrapped.game_state == before
    assert not any(ours.terminations.values())


def test_a_loop_over_agent_iter_must_step() -> None:
    for e in (env("uno-duo"), _stock()):
        e.reset(seed=2)
        agents = iter(e.agent_iter())
        next(agents)
        with pytest.raises(AssertionError, match="need to call step"):
            next(agents)


def _play(e: AECEnv, seed: int, illegal_at: int | None) -> list[tuple[Any, ...]]:
    """Play random legal moves (one illegal move at step `illegal_at`) and record what `last()`
    shows at each step, until no agent is left."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    seen: list[tuple[Any, ...]] = []
    for step, agent in enumerate(e.agent_iter(max_iter=100_000)):
        observation, reward, termination, truncation, _ = e.last()
        seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                     reward, termination, truncation))
        if termination or truncation:
            e.step(None)
            continue
        mask = observation["action_mask"]
        pool = np.flatnonzero(mask == 0) if step == illegal_at else np.flatnonzero(mask)
        e.step(int(rng.choice(pool)))
    seen.append(("end", tuple(e.agents), _outcome(e.step, 0)))
    return seen


@pytest.mark.parametrize("illegal_at", [None, 0, 37, 400])
def test_games_play_out_identically(illegal_at: int | None) -> None:
    ours = _play(env("uno-duo", game_options={"target_score": 60}), 8, illegal_at)
    stock_env = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(raw_env("uno-duo", game_options={"target_score": 60}),
                                         illegal_reward=-1)))
    stock = _play(stock_env, 8, illegal_at)
    assert ours == stock
    if illegal_at is not None:
        offender = ours[illegal_at][0]
        assert (offender, -1) in {(entry[0], entry[3]) for entry in ours[illegal_at + 1:-1]}
