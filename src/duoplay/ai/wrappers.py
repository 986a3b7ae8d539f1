"""PettingZoo's three wrappers for classic games, in one layer that costs little per step.

`env()` used to stack `TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper` and
`OrderEnforcingWrapper`; each forwards every attribute through `__getattr__`, and a step
through the three cost more than the game itself. `ClassicWrapper` does what the three do,
in the same order, reading the wrapped environment's attributes directly.
"""

from __future__ import annotations

from typing import Any

from gymnasium.spaces import Discrete
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper


def _forwarded(name: str, checked: bool) -> property:
    def get(self: ClassicWrapper) -> Any:
        if checked and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def put(self: ClassicWrapper, value: Any) -> None:
        setattr(self.env, name, value)

    return property(get, put)


class ClassicWrapper(OrderEnforcingWrapper):  # type: ignore[misc]
    """An AEC environment wrapped as PettingZoo wraps its classic games, in one layer:

    - out of order (`OrderEnforcingWrapper`): `step`, `observe`, `render`, `state` and
      `agent_iter` before `reset()` are errors, and so is reading `agents`, `rewards`,
      `terminations`, `truncations`, `infos` or `agent_selection`;
    - out of bounds (`AssertOutOfBoundsWrapper`): an action outside the agent's action space
      fails an assertion (`None` is the action of an agent that is done);
    - illegal (`TerminateIllegalWrapper`): an action that the mask of the agent's last
      observation (`observation["action_mask"]`, or `info["action_mask"]`) forbids ends the
      game, with `illegal_reward` for that agent and 0 for the others.
    """

    agent_selection = _forwarded("agent_selection", checked=True)
    agents = _forwarded("agents", checked=True)
    rewards = _forwarded("rewards", checked=True)
    terminations = _forwarded("terminations", checked=True)
    truncations = _forwarded("truncations", checked=True)
    infos = _forwarded("infos", checked=True)
    _cumulative_rewards = _forwarded("_cumulative_rewards", checked=False)

    def __init__(self, env: AECEnv, illegal_reward: float = -1.0) -> None:
        super().__init__(env)
        self._illegal_reward = float(illegal_reward)
        self._terminated = False  # ended by an illegal action
        self._prev_obs: Any = None  # the last observation of the agent selected, for its mask
        self._bounds: dict[Any, tuple[int, int] | None] = {}  # agent -> (start, stop) of a Discrete space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self._prev_obs = None
        self.env.reset(seed=seed, options=options)

    def observe(self, agent: Any) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        env = self.env
        observation = env.observe(agent)
        if agent == env.agent_selection:
            self._prev_obs = observation
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        env = self.env
        agent = env.agent_selection
        observation = None
        if observe:
            observation = self._prev_obs = env.observe(agent)
        return (observation, env._cumulative_rewards[agent], env.terminations[agent],
                env.truncations[agent], env.infos[agent])

    def _in_space(self, agent: Any, action: Any) -> bool:
        if type(action) is int:  # a Discrete space's bounds are read once per agent
            if agent not in self._bounds:
                space = self.env.action_space(agent)
                self._bounds[agent] = ((int(space.start), int(space.start + space.n))
                                       if type(space) is Discrete else None)
            bounds = self._bounds[agent]
            if bounds is not None:
                return bounds[0] <= action < bounds[1]
        return bool(self.env.action_space(agent).contains(action))

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        self._has_updated = True
        if not env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = env.agent_selection
        done = env.terminations[agent] or env.truncations[agent]
        assert (action is None and done) or self._in_space(agent, action), "action is not in action space"
        if self._prev_obs is None and not done:
            self.observe(agent)
        observation = self._prev_obs
        self._prev_obs = None
        if done:
            if self._terminated:
                env.unwrapped._was_dead_step(action)
            else:
                env.step(action)
            return
        if isinstance(observation, dict):
            assert "action_mask" in observation, "the observation holds no action_mask"
            mask = observation["action_mask"]
        else:
            info = env.infos.get(agent) or {}
            assert "action_mask" in info, "the info holds no action_mask"
            mask = info["action_mask"]
        if mask[action]:
            env.step(action)
            return
        EnvLogger.warn_on_illegal_move()
        raw = env.unwrapped
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.agents, 0)
        raw.rewards[agent] = self._illegal_reward
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True

    def __str__(self) -> str:
        return str(self.env)
