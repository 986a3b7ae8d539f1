"""DUOS for learning agents: a PettingZoo Parallel environment (every player pairs at once).

`parallel_env(players=3)` plays one game of DUOS with 2 to 6 agents (2 play the
cooperative variant). Each step is one turn: every agent places its pairs at once and
locks in, the pairs are revealed and scored, and the next turn starts.

- actions: `MultiDiscrete([67, 67, 67, 67])`, up to four pairs of grid positions: entry k
  is a pair index (0-65, `PAIRS[i]` is the pair of positions) or 66 for no pair. A pair
  that shares a card with an earlier one is left out, so every action is a placement;
- observations: a dict: `cards` (the 12 cards on the table as card ids 0-255: category *
  64 + card, see `card_id`), `category` (0-3, `CATEGORIES`), `narrator` (the Narrator's
  seat, or the number of players in the cooperative game), `me` (the agent's seat),
  `turn`, `scores` (every seat's score, in seat order), and with `embeddings=True`
  `embeddings`: one unit vector per card, of its English name (needs the `duos` extra);
- rewards: the points each seat won this turn, so an agent's rewards add up to its score
  (in the cooperative game both share the team's points); `infos[agent]["last_turn"]`
  holds the turn just revealed (every seat's pairs and points).

Observations show only what every player sees: the table, the category, the scores;
nobody's pairs before the reveal.
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from duoplay.core.errors import MalformedAction
from duoplay.games.duos import rules
from duoplay.games.duos.actions import PlacePairs
from duoplay.games.duos.cards import CATEGORIES, GRID, face
from duoplay.games.duos.game import GAME
from duoplay.games.duos.state import COOP, DuosState, Phase

PAIRS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(GRID), 2))
"""`PAIRS[i]` is a pair of grid positions (row by row, 0-11), smaller first."""
NO_PAIR = len(PAIRS)  # 66
MAX_PAIRS = 4
CARDS_PER_CATEGORY = 64
EMBEDDING_SIZE = 512  # the Universal Sentence Encoder of the duos extra


def card_id(category: str, card: int) -> int:
    """The id of card `card` (0-63) shown on its `category` side: category index * 64 + card."""
    return CATEGORIES.index(category) * CARDS_PER_CATEGORY + card


def pairs_of(action: Any) -> tuple[tuple[int, int], ...]:
    """The placement an action stands for: its pairs in order, without those that reuse a card."""
    used: set[int] = set()
    placed = []
    for index in np.asarray(action).reshape(-1).tolist():
        if index == NO_PAIR:
            continue
        a, b = PAIRS[index]
        if a in used or b in used:
            continue
        used.update((a, b))
        placed.append((a, b))
    return tuple(sorted(placed))


@functools.cache
def _name_vectors(category: str) -> npt.NDArray[np.float32]:
    from duoplay.games.duos.cards import faces
    from duoplay.games.duos.embedding import shared

    vectors = shared().vectors([f.name("en") for f in faces(category)])
    return np.asarray(vectors, dtype=np.float32)


class parallel_env(ParallelEnv[str, dict[str, Any], Any]):  # type: ignore[misc]  # PettingZoo's casing
    """One game of DUOS for `players` agents (2 to 6); `game_options` are DUOS's options as JSON."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "duos_v0", "is_parallelizable": True,
    }

    def __init__(self, players: int = 3, game_options: dict[str, Any] | None = None, embeddings: bool = False,
                 render_mode: str | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise MalformedAction("DUOS is for 2 to 6 players, not {players}", players=repr(players)[:20])
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedAction("render_mode must be None or 'ansi', not {mode}",
                                  mode=repr(render_mode)[:40])
        self.render_mode = render_mode
        self.players = players
        self.game_options = GAME.parse_options(game_options)
        GAME.setup(players, self.game_options, 0)  # refuses options that do not fit this table now
        self.embeddings = embeddings
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        turns = self.game_options.coop_turns if players == 2 else self.game_options.rounds * players
        shown: dict[str, spaces.Space[Any]] = {
            "cards": spaces.Box(0, len(CATEGORIES) * CARDS_PER_CATEGORY - 1, shape=(GRID,), dtype=np.int64),
            "category": spaces.Discrete(len(CATEGORIES)),
            "narrator": spaces.Discrete(players + 1),
            "me": spaces.Discrete(players),
            "turn": spaces.Discrete(turns + 1),
            "scores": spaces.Box(0, 1_000, shape=(players,), dtype=np.int64),
        }
        if embeddings:
            shown["embeddings"] = spaces.Box(-1.0, 1.0, shape=(GRID, EMBEDDING_SIZE), dtype=np.float32)
        self._observation_space = spaces.Dict(shown)
        self._action_space = spaces.MultiDiscrete([NO_PAIR + 1] * MAX_PAIRS)
        self._seeder = random.Random()
        self.game_state: DuosState | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._seeder.seed(seed)
        self.game_state = GAME.setup(self.players, self.game_options, self._seeder.getrandbits(63))
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, Any]]:
        state = self.game_state
        assert state is not None
        category = rules.category(state)
        public: dict[str, Any] = {
            "cards": np.array([card_id(category, card) for card in state.table], dtype=np.int64),
            "category": CATEGORIES.index(category),
            "narrator": self.players if state.mode == COOP else state.narrator,
            "turn": state.turn,
            "scores": np.array(state.scores, dtype=np.int64),
        }
        if self.embeddings:
            public["embeddings"] = _name_vectors(category)[state.table]
        return {agent: {**public, "me": seat} for seat, agent in enumerate(self.possible_agents)
                if agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.game_state
        if state is None or not self.agents:
            raise MalformedAction("Call reset() before step(), and again once the game is over")
        missing = [agent for agent in self.agents if agent not in actions]
        if missing:
            raise MalformedAction("Every agent pairs each turn: no action for {agents}",
                                  agents=", ".join(missing))
        placements = {}
        for agent in self.agents:
            if not self._action_space.contains(np.asarray(actions[agent], dtype=np.int64)):
                raise MalformedAction("{agent}: an action is 4 pair indices 0..{last}, not {action}",
                                      agent=agent, last=NO_PAIR, action=repr(actions[agent])[:60])
            placements[agent] = PlacePairs(pairs_of(actions[agent]), lock=True)
        turns_before = len(state.history)
        for seat, agent in enumerate(self.possible_agents):
            GAME.apply(state, seat, placements[agent])
        result = state.history[turns_before]
        rewards = {agent: float(result.points[seat]) for seat, agent in enumerate(self.possible_agents)}
        over = state.phase == Phase.GAME_OVER
        infos = {agent: {"last_turn": result.to_json()} for agent in self.agents}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'.")
            return None
        state = self.game_state
        if state is None:
            return None
        category = rules.category(state)
        names = [face(category, card).name("en") for card in state.table]
        rows = [" | ".join(names[row * 4:(row + 1) * 4]) for row in range(GRID // 4)]
        return (f"DUOS turn {state.turn + 1} of {state.turns}, category {category}, "
                f"scores {state.scores}\n" + "\n".join(rows))

    def close(self) -> None:
        pass
