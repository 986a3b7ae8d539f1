"""`SingleAgentEnv`: one seat of a two-player game as a Gymnasium environment, the other seat
played by an opponent (a bot of the package, or a policy; see `duoplay.ai.opponents`).

Built on the game's AEC environment (`raw_env`): the same observations (a dict with the
flat `observation` and the `action_mask`), the same action numbering and the same rewards,
seen from the agent's seat. Each `step` plays the agent's action, then the opponent's moves
until the agent is to act again or the game ends.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from duoplay.ai.environments import raw_env
from duoplay.ai.opponents import Opponent, OpponentSpec

Observation = dict[str, npt.NDArray[Any]]


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """A game against `opponent`; `kwargs` are the game environment's options.

    - `seat`: the agent's seat, or None to alternate (seat 0 in the first game after a seeded
      reset, seat 1 in the next...); `info["seat"]` says which;
    - `reset(seed=...)` seeds the game and the opponent: the same seed and actions, the same game;
    - rewards: what the agent's seat earns, as the game's environment gives them (a game may
      offer more, e.g. a share per round);
    - an illegal action ends the game with `illegal_reward` and `info["illegal"]` True, as
      `env()` does; `action_masks()` gives the legal actions as booleans (for maskable
      trainers);
    - at the end, `info["result"]` is the seat's result: 1 a win, 0 a loss, a share for a tie;
    - `max_moves`: a game where the agent has made that many moves is truncated (a policy that
      never ends the game, e.g. only drawing cards, would play for ever).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own type

    def __init__(self, game: str, opponent: OpponentSpec = "heuristic", seat: int | None = None,
                 illegal_reward: float = -1.0, max_moves: int | None = None, **kwargs: Any) -> None:
        self.game = raw_env(game, **kwargs)
        self.render_mode = kwargs.get("render_mode")
        agents = self.game.possible_agents
        if len(agents) != 2:
            raise ValueError(f"SingleAgentEnv seats one agent against one opponent; {game} has {len(agents)}")
        if seat not in (None, 0, 1):
            raise ValueError(f"seat is 0, 1 or None (alternate), not {seat!r}")
        self.opponent = Opponent(game, opponent)
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_reward = float(illegal_reward)
        self.max_moves = max_moves
        self.moves = 0  # the agent's moves in this game
        self.observation_space = self.game.observation_space(agents[0])
        self.action_space = self.game.action_space(agents[0])
        if not isinstance(self.action_space, spaces.Discrete):
            raise ValueError(f"SingleAgentEnv needs a discrete action space, not {self.action_space}")
        self.action_count = int(self.action_space.n)
        space = self.observation_space
        box = space["observation"] if isinstance(space, spaces.Dict) else None
        self.observation_size = int(np.prod(box.shape)) if box is not None and box.shape else 0
        self._episodes = 0
        self._done = True
        self._mask: npt.NDArray[Any] = np.zeros(self.action_count, dtype=np.int8)  # of the last observation

    @property
    def agent(self) -> str:
        """The agent's name in the game environment (`player_0` or `player_1`)."""
        return str(self.game.possible_agents[self.seat])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._episodes = 0
        self.seat = self._episodes % 2 if self.fixed_seat is None else self.fixed_seat
        self._episodes += 1
        self.moves = 0
        game_seed, bot_seed = (int(s) for s in self.np_random.integers(2**63, size=2))
        self.game.reset(seed=game_seed, options=options)
        self.opponent.new_game(bot_seed)
        self._done = False
        reward = self._opponent_moves()
        return self._observe(), self._info(reward)

    def _observe(self) -> Observation:
        observation: Observation = self.game.observe(self.agent)
        self._mask = observation["action_mask"]
        return observation

    def _opponent_moves(self) -> float:
        """Let the opponent play until the agent acts or the game ends; what the agent earned meanwhile."""
        game, agent, earned = self.game, self.agent, 0.0
        while not game.terminations[agent] and game.agent_selection != agent:
            game.step(self.opponent.act(game, game.agent_selection))
            earned += game.rewards[agent]
        return earned

    def _info(self, reward: float) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat}
        if self.game.terminations[self.agent]:
            self._done = True
            outcome = self.opponent.game.outcome(self.game.game_state)
            info["result"] = outcome.results[self.seat] if outcome is not None else 0.5
        return info

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the game is over: call reset()")
        game, agent, mask = self.game, self.agent, self._mask
        if not 0 <= int(action) < len(mask):
            raise ValueError(f"an action is an index 0..{len(mask) - 1}, not {action!r}")
        if not mask[int(action)]:
            self._done = True
            return (self._observe(), self.illegal_reward, True, False,
                    {"seat": self.seat, "illegal": True, "result": 0.0})
        game.step(int(action))
        self.moves += 1
        reward = game.rewards[agent] + self._opponent_moves()
        info = self._info(reward)
        truncated = not self._done and self.max_moves is not None and self.moves >= self.max_moves
        if truncated:
            self._done = True
        return self._observe(), float(reward), self._done and not truncated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions now, as booleans."""
        return np.asarray(self._mask, dtype=bool)

    def render(self) -> str | None:
        rendered: str | None = self.game.render() if self.render_mode == "ansi" else None
        return rendered
