"""Many games of UNO Duo stepped in one call, numpy in and out, for training loops.

`VectorEnv(n)` plays n independent games. Each call takes one action index per game
(the move of the seat to act in it) and returns, per game, the observation and action
mask of the seat to act next, what each seat earned with that step, and whether the game
ended; a game that ends starts again at once (the observation returned is then the
first of the new game). Observations and masks are the AEC environment's
(`duoplay.games.uno_duo.ai.raw_env`), computed by the same code (the C module of
`compiled` where it is built, else `Encoder`), so a policy trained here plays there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from duoplay.core.errors import IllegalAction, MalformedAction
from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.ai import compiled
from duoplay.games.uno_duo.ai.encoding import ACTION_COUNT, ACTIONS, OBS_SIZE, mask_bytes
from duoplay.games.uno_duo.ai.incremental import Encoder
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.state import Phase, UnoDuoState

_GAME_OVER = Phase.GAME_OVER
_OBS_BYTES = 4 * OBS_SIZE

Batch = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32], npt.NDArray[np.bool_]]


class VectorEnv:
    """n games of UNO Duo, stepped together.

    - `reset(seed=None)` -> `(observations, masks)`: float32 `(n, OBS_SIZE)` and int8
      `(n, ACTION_COUNT)`, each row for the seat to act in that game (`seats[i]`);
    - `step(actions)` -> `(observations, masks, rewards, dones)`: `actions` holds one index
      per game; `rewards` is float32 `(n, 2)`, what seat 0 and seat 1 earned with this step
      (+1 / -1 when a game ends; with `round_rewards=True` also +-points/target when a
      round is scored); `dones[i]` says game i ended, and started again;
    - `seats`: int8 `(n,)`, the seat each row of the last observations belongs to.

    An illegal or malformed action raises `IllegalAction` / `MalformedAction` naming the
    game, and no game moves. The arrays returned are new on every call.
    """

    observation_size = OBS_SIZE
    action_count = ACTION_COUNT

    def __init__(self, n: int, seed: int | None = None, game_options: Mapping[str, Any] | None = None,
                 round_rewards: bool = False) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise MalformedAction("VectorEnv needs a number of games of at least 1, not {n}",
                                  n=repr(n)[:40])
        self.n = n
        self.game_options = GAME.parse_options(game_options)
        self.round_rewards = round_rewards
        self._seeder = random.Random(seed)
        self._states: list[UnoDuoState] = []
        self._compiled = compiled.module()  # the C module, or None: the pure-Python path
        self._encoders = [self._new_encoders() for _ in range(n)]
        self._masks = bytearray(n * ACTION_COUNT)
        self.seats = np.zeros(n, dtype=np.int8)
        self.games_finished = 0

    def _new_game(self) -> UnoDuoState:
        return GAME.setup(2, self.game_options, self._seeder.getrandbits(63))

    def _new_encoders(self) -> tuple[Encoder, Encoder] | None:
        """One encoder per seat, keeping its last observation; the C path keeps none."""
        return (Encoder(), Encoder()) if self._compiled is None else None

    def _write(self, i: int, state: UnoDuoState, seat: int, observations: bytearray) -> None:
        """The mask and observation of `seat` in game i, into row i of the masks and of `observations`."""
        fast = self._compiled
        if fast is not None:
            fast.mask(state, seat, self._masks, i * ACTION_COUNT)
            fast.observe(state, seat, observations, i * OBS_SIZE)
            return
        encoders = self._encoders[i]
        assert encoders is not None
        self._masks[i * ACTION_COUNT:(i + 1) * ACTION_COUNT] = mask_bytes(rules.legal_actions(state, seat))
        observations[i * _OBS_BYTES:(i + 1) * _OBS_BYTES] = encoders[seat].encode_bytes(state, seat)

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Start n new games; the same seed gives the same games."""
        if seed is not None:
            self._seeder.seed(seed)
        self._states = [self._new_game() for _ in range(self.n)]
        self._encoders = [self._new_encoders() for _ in range(self.n)]
        observations, masks = self._observe()
        return observations, masks

    def _observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        observations = bytearray(self.n * _OBS_BYTES)
        seats: list[int] = []
        for i, state in enumerate(self._states):
            seat = state.current
            seats.append(seat)
            self._write(i, state, seat, observations)
        return self._arrays(observations, seats)

    def _arrays(self, observed: bytearray, seats: list[int]
                ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        self.seats = np.array(seats, dtype=np.int8)
        observations = np.frombuffer(observed, dtype=np.float32).reshape(self.n, OBS_SIZE)
        masks = np.frombuffer(bytearray(self._masks), dtype=np.int8).reshape(self.n, ACTION_COUNT)
        return observations, masks

    def step(self, actions: Any) -> Batch:
        """Play `actions[i]` in game i, for every i at once (see the class)."""
        if not self._states:
            raise IllegalAction("Call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise MalformedAction("step() takes {n} action indices (integers), one per game, not {given}",
                                  n=self.n, given=f"{chosen.shape} {chosen.dtype}"[:60])
        indices: list[int] = chosen.tolist()
        masks, width = self._masks, ACTION_COUNT
        for i, index in enumerate(indices):  # every action is checked before any game moves
            if not 0 <= index < width:
                raise MalformedAction("Action index {index} (game {game}) is outside 0..{last}",
                                      index=index, game=i, last=width - 1)
            if not masks[i * width + index]:
                raise IllegalAction("'{action}' (index {index}) is not legal now in game {game}",
                                    action=ACTIONS[index].notation(), index=index, game=i)
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        dones = np.zeros(self.n, dtype=np.bool_)
        states, encoders = self._states, self._encoders
        round_rewards = self.round_rewards
        observed = bytearray(self.n * _OBS_BYTES)
        seats: list[int] = []
        apply, write = rules.apply, self._write
        for i, index in enumerate(indices):
            state = states[i]
            rounds_before = len(state.history)
            apply(state, state.current, ACTIONS[index])
            if round_rewards and len(state.history) != rounds_before:
                self._score_rounds(rewards[i], state, rounds_before)
            if state.phase == _GAME_OVER:
                outcome = GAME.outcome(state)
                assert outcome is not None
                rewards[i, outcome.winners[0]] += 1.0
                rewards[i, 1 - outcome.winners[0]] -= 1.0
                dones[i] = True
                state = states[i] = self._new_game()
                encoders[i] = self._new_encoders()
                self.games_finished += 1
            seat = state.current
            seats.append(seat)
            write(i, state, seat, observed)
        observations, mask_array = self._arrays(observed, seats)
        return observations, mask_array, rewards, dones

    @staticmethod
    def _score_rounds(rewards: npt.NDArray[np.float32], state: UnoDuoState, rounds_before: int) -> None:
        target = state.options.target_score
        for result in state.history[rounds_before:]:
            if result.winner >= 0:  # a blocked round with equal hands scores nothing
                rewards[result.winner] += result.points / target
                rewards[1 - result.winner] -= result.points / target
