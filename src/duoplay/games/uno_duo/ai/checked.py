"""UNO Duo's environment with the checks of PettingZoo's classic wrappers built in.

`duoplay.ai.env("uno-duo")` returns `env`. PettingZoo wraps its classic games in
`TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper`; a step
through those layers (each forwarding attributes to the next) cost more than the game's
own step. `env` does the same checks inside the environment's own `step`, `observe` and
`agent_iter`, reading its attributes directly:

- out of order (`OrderEnforcingWrapper`): `step`, `observe`, `render`, `state` and
  `agent_iter` before `reset()` are errors, and reading `agents`, `num_agents`, `rewards`,
  `terminations`, `truncations`, `infos` or `agent_selection` raises `AttributeError`;
  stepping with no agents left warns and does nothing; a loop over `agent_iter()` must step;
- out of bounds (`AssertOutOfBoundsWrapper`): an action outside the action space fails an
  assertion (`None` is the action of an agent that is done);
- illegal (`TerminateIllegalWrapper`): an action that the agent's mask forbids ends the game,
  with `illegal_reward` (-1) for that agent and 0 for the other.
"""

from __future__ import annotations

from typing import Any, NoReturn

from pettingzoo.utils.env import AECIterable, AECIterator
from pettingzoo.utils.env_logger import EnvLogger

from duoplay.core.errors import MalformedAction
from duoplay.games.uno_duo.ai.encoding import ACTION_COUNT
from duoplay.games.uno_duo.ai.env import raw_env

_BEFORE_RESET = {
    "observe": EnvLogger.error_observe_before_reset,
    "step": EnvLogger.error_step_before_reset,
    "render": EnvLogger.error_render_before_reset,
    "state": EnvLogger.error_state_before_reset,
    "agent_iter": EnvLogger.error_agent_iter_before_reset,
}


class _SetByReset:
    """An attribute that `reset()` sets on the instance; read before that, it is an error.

    A non-data descriptor: once the instance holds the attribute, reads find it there and
    never come here (and Python's attribute caches stay fast, as they would not with a
    `__getattr__`)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


class env(raw_env):  # lower case, as PettingZoo names it
    """`raw_env` that enforces PettingZoo's classic-game contract itself (see the module)."""

    agents = _SetByReset()
    rewards = _SetByReset()
    terminations = _SetByReset()
    truncations = _SetByReset()
    infos = _SetByReset()
    agent_selection = _SetByReset()

    def __init__(self, render_mode: str | None = None, game_options: Any = None, round_rewards: bool = False,
                 illegal_reward: float = -1.0) -> None:
        super().__init__(render_mode=render_mode, game_options=game_options, round_rewards=round_rewards)
        self._illegal_reward = float(illegal_reward)
        self._has_reset = False
        self._has_updated = False  # a step or reset since agent_iter() last gave an agent
        for name in ("agents", "rewards", "terminations", "truncations", "infos", "agent_selection"):
            delattr(self, name)  # raw_env set them; here they wait for reset()

    def _not_reset(self, call: str) -> NoReturn:
        _BEFORE_RESET[call]()
        raise AssertionError(f"reset() needs to be called before {call}.")

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            self._not_reset("step")
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if type(action) is not int or not 0 <= action < ACTION_COUNT:
            action = self._in_bounds(agent, action)
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        assert state is not None
        if (self._mask.buffer if self._mask_ready else self._legal_mask(state))[action]:
            self._play(state, agent, action)
        else:
            self._end_on_illegal(agent)

    def _in_bounds(self, agent: str, action: Any) -> Any:
        """`action` as an int, or None for an agent that is done; an assertion fails outside the space."""
        if action is None and (self.terminations[agent] or self.truncations[agent]):
            return None
        if isinstance(action, bool):
            raise MalformedAction("An action is an index 0..{last}, not {action}",
                                  last=ACTION_COUNT - 1, action=repr(action))
        assert self._action_space.contains(action), "action is not in action space"
        return int(action)

    def _end_on_illegal(self, agent: str) -> None:
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0)
        self.rewards[agent] = self._illegal_reward
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if not self._has_reset:
            self._not_reset("render")
        return super().render()

    def state(self) -> Any:
        if not self._has_reset:
            self._not_reset("state")
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, Any, int]:
        if not self._has_reset:
            self._not_reset("agent_iter")
        return _StepsBetween(self, max_iter)

    def __str__(self) -> str:
        return str(self.metadata["name"])


class _StepsBetween(AECIterable[str, Any, int]):  # type: ignore[misc]
    def __iter__(self) -> AECIterator[str, Any, int]:
        return _StepsBetweenIterator(self.env, self.max_iter)


class _StepsBetweenIterator(AECIterator[str, Any, int]):  # type: ignore[misc]
    """`AECIterator` that insists on a step between two agents, as `OrderEnforcingWrapper`'s does."""

    def __next__(self) -> str:
        agent: str = super().__next__()
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return agent
