"""UNO Duo as a PettingZoo AEC environment (the game's `ai_env`; see `duoplay.ai`).

`raw_env` is the bare environment: it refuses an illegal action with `IllegalAction`
and leaves the game unchanged; `duoplay.ai.env("uno-duo")` wraps it to train with
(an illegal action ends the game and costs its agent -1, as in PettingZoo's classic
games). The agent selected is always the seat the rules wait for; the out-of-turn
actions (saying UNO, catching) appear only in that agent's mask.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, NoReturn

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from duoplay.core.errors import IllegalAction, MalformedAction
from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.ai import compiled
from duoplay.games.uno_duo.ai.encoding import ACTION_COUNT, ACTIONS, OBS_SIZE, LegalMask
from duoplay.games.uno_duo.ai.render import render_text
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions
from duoplay.games.uno_duo.state import Phase, UnoDuoState

AGENTS = ("player_0", "player_1")
_SEAT = {agent: seat for seat, agent in enumerate(AGENTS)}
Observation = dict[str, npt.NDArray[Any]]
_NO_MASK = np.zeros(ACTION_COUNT, dtype=np.int8)
_NO_REWARDS = dict.fromkeys(AGENTS, 0.0)
_GAME_OVER = Phase.GAME_OVER


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # lower case, as PettingZoo names it
    """Two agents, `player_0` (seat 0) and `player_1` (seat 1), play one game of UNO Duo.

    Options: `game_options` are UNO Duo's options as JSON (for example
    `{"target_score": 50}` for shorter games); with `round_rewards=True` each
    round's points also reach the agents as they are scored (+points / target
    for the round's winner, the opposite for the other), besides the +1 / -1 at
    the end of the game.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "uno_duo_v0", "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None, game_options: Mapping[str, Any] | None = None,
                 round_rewards: bool = False) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedAction("render_mode must be None or 'ansi', not {mode}",
                                  mode=repr(render_mode)[:40])
        self.render_mode = render_mode
        self.game_options: UnoDuoOptions = GAME.parse_options(game_options)
        self.round_rewards = round_rewards
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8),
        })
        self._action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._seeder = random.Random()
        self._state: UnoDuoState | None = None
        self._compiled = compiled.module()  # the C module, or None: the pure-Python path
        # One per seat: each keeps its last observation.
        self._encoders = (compiled.encoder(self._compiled), compiled.encoder(self._compiled))
        self._mask = LegalMask()
        self._mask_ready = False  # whether the mask holds the legal actions of this position
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    @property
    def game_state(self) -> UnoDuoState | None:
        """The game being played (the rules' state: it holds both hands; agents see observations)."""
        return self._state

    @game_state.setter
    def game_state(self, state: UnoDuoState | None) -> None:
        self._state = state
        self._mask_ready = False

    def _legal_mask(self, state: UnoDuoState) -> bytearray:
        """The mask of the seat to act, computed once per position."""
        if not self._mask_ready:
            if self._compiled is not None:
                self._compiled.mask(state, state.current, self._mask.buffer)
            else:
                self._mask.fill(rules.legal_actions(state, state.current))
            self._mask_ready = True
        return self._mask.buffer

    # --- Episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. `options={"game_options": {...}}` changes the rules for this game only;
        other keys are ignored."""
        if seed is not None:
            self._seeder.seed(seed)
        game_options = self.game_options
        if options and "game_options" in options:
            game_options = GAME.parse_options(options["game_options"])
        state = self.game_state = GAME.setup(2, game_options, self._seeder.getrandbits(63))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[state.current]

    def observe(self, agent: str) -> Observation:
        state = self._state
        if state is None:
            self._not_reset("observe")
        seat = _SEAT[agent]
        if agent == self.agent_selection and state.phase != _GAME_OVER:
            if not self._mask_ready:
                self._legal_mask(state)
            mask = self._mask.array.copy()
        else:
            mask = _NO_MASK.copy()
        return {"observation": self._encoders[seat].encode(state, seat), "action_mask": mask}

    def _not_reset(self, call: str) -> NoReturn:
        """`call` came before the first `reset()`."""
        raise IllegalAction("Call reset() before using the environment")

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        if type(action) is not int:
            action = _index(action)
        if not 0 <= action < ACTION_COUNT:
            raise MalformedAction("Action index {index} is outside 0..{last}",
                                  index=action, last=ACTION_COUNT - 1)
        if not (self._mask.buffer if self._mask_ready else self._legal_mask(state))[action]:
            raise IllegalAction("'{action}' (index {index}) is not legal now",
                                action=ACTIONS[action].notation(), index=action)
        self._play(state, agent, action)

    def _play(self, state: UnoDuoState, agent: str, action: int) -> None:
        """Apply the legal action with index `action` for `agent`, and settle the rewards."""
        rounds_before = len(state.history) if self.round_rewards else -1
        rules.apply(state, _SEAT[agent], ACTIONS[action])
        self._mask_ready = False
        self._cumulative_rewards[agent] = 0.0
        if self.rewards != _NO_REWARDS:  # most steps reward nobody: keep the dict as it is
            self.rewards = dict.fromkeys(AGENTS, 0.0)
        if rounds_before >= 0 and len(state.history) != rounds_before:
            for result in state.history[rounds_before:]:
                self._score_round(result.winner, result.points, state.options.target_score)
        if state.phase == _GAME_OVER:
            outcome = GAME.outcome(state)
            assert outcome is not None
            for index, name in enumerate(AGENTS):
                self.rewards[name] += 1.0 if outcome.results[index] == 1.0 else -1.0
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            self.agent_selection = AGENTS[state.current]
        if self.rewards != _NO_REWARDS:
            self._accumulate_rewards()

    def _score_round(self, winner: int, points: int, target: int) -> None:
        if winner < 0:
            return  # a blocked round with equal hands scores nothing
        share = points / target
        self.rewards[AGENTS[winner]] += share
        self.rewards[AGENTS[1 - winner]] -= share

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'.")
            return None
        state = self._require_state()
        seat = AGENTS.index(self.agent_selection)
        return render_text(GAME.view(state, seat))

    def close(self) -> None:
        pass

    def _require_state(self) -> UnoDuoState:
        if self._state is None:
            raise IllegalAction("Call reset() before using the environment")
        return self._state


def _index(action: Any) -> int:
    """An action index given as another integer type (numpy's), or `MalformedAction`."""
    if action is None or isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise MalformedAction("An action is an index 0..{last}, not {action}",
                              last=ACTION_COUNT - 1, action=repr(action)[:40])
    return int(action)
