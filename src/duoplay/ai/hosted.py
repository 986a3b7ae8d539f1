"""`OpponentVectorEnv`: n games, each with the agent in one seat and an opponent in the other,
stepped in one call, numpy in and out. `duoplay.ai.VectorEnv(n, game, opponent=...)` builds it.

Each row is one `SingleAgentEnv`: the agent's observation and mask when it is to act, its
reward, whether its game ended (and started again). Row i plays seat i % 2 first and changes
seat with every new game, so half the games have the agent begin.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from duoplay.ai.opponents import OpponentSpec
from duoplay.ai.single import SingleAgentEnv
from duoplay.core.errors import IllegalAction, MalformedAction

Batch = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32], npt.NDArray[np.bool_]]


class OpponentVectorEnv:
    """n games against `opponent` (a bot level, a bot or a policy: see `duoplay.ai.opponents`).

    - `reset(seed=None)` -> `(observations, masks)`, float32 `(n, size)` and int8 `(n, actions)`;
    - `step(actions)` -> `(observations, masks, rewards, dones)`: `rewards` float32 `(n,)` is what
      the agent's seat earned with the step and the opponent's moves after it; `dones[i]` says
      game i ended and started again (its row is the new game's first position for the agent);
    - `seats`: int8 `(n,)`, the agent's seat in each game; `results`: float32 `(n,)`, the result
      of each row's last finished game (1 won, 0 lost, NaN none yet); `games_finished` and `wins`
      count the games ended and won.

    An illegal or malformed action raises `IllegalAction` / `MalformedAction` naming the game,
    and no game moves.
    """

    def __init__(self, n: int, game: str, opponent: OpponentSpec = "heuristic",
                 seed: int | None = None, **kwargs: Any) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise MalformedAction("VectorEnv needs a number of games of at least 1, not {n}", n=repr(n)[:40])
        self.n = n
        self.games = [SingleAgentEnv(game, opponent, seat=i % 2, **kwargs) for i in range(n)]
        first = self.games[0]
        self.observation_size = first.observation_size
        self.action_count = first.action_count
        self._seed = seed
        self._masks = np.zeros((n, self.action_count), dtype=np.int8)
        self.seats = np.array([i % 2 for i in range(n)], dtype=np.int8)
        self.results = np.full(n, np.nan, dtype=np.float32)
        self.games_finished = 0
        self.wins = 0
        self._started = False

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Start n new games; the same seed gives the same games and opponents' moves."""
        seeds = np.random.default_rng(self._seed if seed is None else seed).integers(2**63, size=self.n)
        observations = np.zeros((self.n, self.observation_size), dtype=np.float32)
        for i, single in enumerate(self.games):
            single.fixed_seat = i % 2
            observation, _ = single.reset(seed=int(seeds[i]))
            self._row(i, observation, observations)
        self.seats = np.array([i % 2 for i in range(self.n)], dtype=np.int8)
        self._seed = None  # a later reset without a seed draws new games
        self._started = True
        return observations, self._masks.copy()

    def _row(self, i: int, observation: dict[str, Any], observations: npt.NDArray[np.float32]) -> None:
        observations[i] = observation["observation"]
        self._masks[i] = observation["action_mask"]

    def step(self, actions: Any) -> Batch:
        """Play `actions[i]` in game i, then the opponents' moves (see the class)."""
        if not self._started:
            raise IllegalAction("Call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise MalformedAction("step() takes {n} action indices (integers), one per game, not {given}",
                                  n=self.n, given=f"{chosen.shape} {chosen.dtype}"[:60])
        indices: list[int] = chosen.tolist()
        for i, index in enumerate(indices):  # every action is checked before any game moves
            if not 0 <= index < self.action_count:
                raise MalformedAction("Action index {index} (game {game}) is outside 0..{last}",
                                      index=index, game=i, last=self.action_count - 1)
            if not self._masks[i, index]:
                raise IllegalAction("Action index {index} is not legal now in game {game}",
                                    index=index, game=i)
        observations = np.zeros((self.n, self.observation_size), dtype=np.float32)
        rewards = np.zeros(self.n, dtype=np.float32)
        dones = np.zeros(self.n, dtype=np.bool_)
        for i, index in enumerate(indices):
            single = self.games[i]
            observation, reward, done, truncated, info = single.step(index)
            rewards[i] = reward
            if done or truncated:  # truncated: the game reached `max_moves`, if given
                dones[i] = True
                self.results[i] = info.get("result", np.nan)
                self.games_finished += 1
                self.wins += info.get("result") == 1.0
                single.fixed_seat = 1 - single.seat
                observation, _ = single.reset()
                self.seats[i] = single.seat
            self._row(i, observation, observations)
        return observations, self._masks.copy(), rewards, dones
