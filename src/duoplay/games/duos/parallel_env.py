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

The cooperative game (2 agents) has its helps as actions (`helps=True`, the default there):
a turn then takes two steps. In the first, each agent places its pairs and may give one
help: the action is a dict of `pairs` (as above), `help` (0 none, 1-12 YES! on grid
position help - 1, 13-24 NO! on position help - 13, 25 WORD) and `word` (the WORD, text).
A help the rules refuse (YES! on a card the agent does not use, NO! on one it uses, the
kind the partner already gave, a WORD that is not one word) is dropped, and `infos`
says why; when both give the same kind of help, the seat of the turn's parity goes
first. In the second step each agent sees its partner's help (`partner_help`,
`partner_word`) and its own pairs (`my_pairs`), and places its final pairs; pairs that
break its own YES! or NO! are refused (`infos`) and the first step's pairs stand. Then
the pairs are revealed and scored.
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

from duoplay.core.errors import GameError, MalformedAction
from duoplay.games.duos import rules
from duoplay.games.duos.actions import LOCK, GiveHelp, PlacePairs
from duoplay.games.duos.cards import CATEGORIES, GRID, face
from duoplay.games.duos.game import GAME
from duoplay.games.duos.help_word import MAX_WORD
from duoplay.games.duos.state import COOP, DuosState, Phase

PAIRS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(GRID), 2))
"""`PAIRS[i]` is a pair of grid positions (row by row, 0-11), smaller first."""
NO_PAIR = len(PAIRS)  # 66
MAX_PAIRS = 4
CARDS_PER_CATEGORY = 64
EMBEDDING_SIZE = 512  # the Universal Sentence Encoder of the duos extra


NO_HELP, WORD_HELP = 0, 1 + 2 * GRID  # helps: 0 none, 1-12 YES!, 13-24 NO!, 25 WORD
HELP_COUNT = WORD_HELP + 1
# What a WORD may hold (the rules check it is one word): Latin letters with any accent, - and '.
WORD_CHARSET = frozenset(
    c for c in map(chr, range(0x41, 0x180)) if c.isalpha()) | frozenset("-'")


def help_action(index: int, word: str = "") -> GiveHelp | None:
    """The co-op help with this number (see the module), or None for 0."""
    if index == NO_HELP:
        return None
    if index == WORD_HELP:
        return GiveHelp("word", word=word)
    kind, card = ("yes", index - 1) if index <= GRID else ("no", index - 1 - GRID)
    return GiveHelp(kind, card=card)


def help_index(kind: str, card: int) -> int:
    """The number of a help given (`help_action`'s inverse; WORD has no card)."""
    return WORD_HELP if kind == "word" else 1 + card + (GRID if kind == "no" else 0)


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


def _indices(value: Any) -> npt.NDArray[np.int64] | None:
    """`value` as an array of integers, or None when it is not one."""
    try:
        return np.asarray(value, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        return None


@functools.cache
def _name_vectors(category: str) -> npt.NDArray[np.float32]:
    from duoplay.games.duos.cards import faces
    from duoplay.games.duos.embedding import shared

    vectors = shared().vectors([f.name("en") for f in faces(category)])
    return np.asarray(vectors, dtype=np.float32)


class parallel_env(ParallelEnv[str, dict[str, Any], Any]):  # type: ignore[misc]  # PettingZoo's casing
    """One game of DUOS for `players` agents (2 to 6); `game_options` are DUOS's options as JSON;
    `helps` (the cooperative game only, on by default there) makes its helps actions."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "duos_v0", "is_parallelizable": True,
    }

    def __init__(self, players: int = 3, game_options: dict[str, Any] | None = None, embeddings: bool = False,
                 render_mode: str | None = None, helps: bool | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise MalformedAction("DUOS is for 2 to 6 players, not {players}", players=repr(players)[:20])
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedAction("render_mode must be None or 'ansi', not {mode}",
                                  mode=repr(render_mode)[:40])
        if helps and players != 2:
            raise MalformedAction("Helps belong to the two-player game")
        self.render_mode = render_mode
        self.players = players
        self.helps = players == 2 if helps is None else bool(helps)
        self.game_options = GAME.parse_options(game_options)
        GAME.setup(players, self.game_options, 0)  # refuses options that do not fit this table now
        self.embeddings = embeddings
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        turns = self.game_options.coop_turns if players == 2 else self.game_options.rounds * players
        pairs = spaces.MultiDiscrete([NO_PAIR + 1] * MAX_PAIRS)
        word = spaces.Text(MAX_WORD, min_length=0, charset=WORD_CHARSET)
        shown: dict[str, spaces.Space[Any]] = {
            "cards": spaces.Box(0, len(CATEGORIES) * CARDS_PER_CATEGORY - 1, shape=(GRID,), dtype=np.int64),
            "category": spaces.Discrete(len(CATEGORIES)),
            "narrator": spaces.Discrete(players + 1),
            "me": spaces.Discrete(players),
            "turn": spaces.Discrete(turns + 1),
            "scores": spaces.Box(0, 1_000, shape=(players,), dtype=np.int64),
        }
        if self.helps:
            shown.update(stage=spaces.Discrete(2), my_pairs=pairs, my_help=spaces.Discrete(HELP_COUNT),
                         partner_help=spaces.Discrete(HELP_COUNT), partner_word=word)
        if embeddings:
            shown["embeddings"] = spaces.Box(-1.0, 1.0, shape=(GRID, EMBEDDING_SIZE), dtype=np.float32)
        self._observation_space = spaces.Dict(shown)
        self._action_space: spaces.Space[Any] = (
            spaces.Dict({"pairs": pairs, "help": spaces.Discrete(HELP_COUNT), "word": word})
            if self.helps else pairs)
        self._pairs_space = pairs
        self._seeder = random.Random()
        self.game_state: DuosState | None = None
        self.stage = 0  # with helps: 0 place pairs and help, 1 place the final pairs

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
        self.stage = 0
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
        seen = {}
        for seat, agent in enumerate(self.possible_agents):
            if agent in self.agents:
                seen[agent] = {**public, "me": seat, **(self._helps_seen(state, seat) if self.helps else {})}
        return seen

    def _helps_seen(self, state: DuosState, seat: int) -> dict[str, Any]:
        """What a co-op agent knows of this turn: its own pairs, its help and its partner's."""
        mine = [PAIRS.index(pair) for pair in state.pairs[seat]] if self.stage else []
        padded = np.array(mine + [NO_PAIR] * (MAX_PAIRS - len(mine)), dtype=np.int64)
        seen: dict[str, Any] = {"stage": self.stage, "my_pairs": padded, "my_help": NO_HELP,
                                "partner_help": NO_HELP, "partner_word": ""}
        for given in state.helps:  # NOTES DUOS 4: a help is seen by the partner at once
            whose = "my" if given.seat == seat else "partner"
            seen[f"{whose}_help"] = help_index(given.kind, given.card)
            if whose == "partner" and given.kind == "word":
                seen["partner_word"] = given.word
        return seen

    def _checked(self, actions: dict[str, Any]) -> dict[str, tuple[Any, GiveHelp | None]]:
        """Every agent's (pairs, help); `MalformedAction` names the first agent whose action is not one."""
        state = self.game_state
        if state is None or not self.agents:
            raise MalformedAction("Call reset() before step(), and again once the game is over")
        missing = [agent for agent in self.agents if agent not in actions]
        if missing:
            raise MalformedAction("Every agent pairs each turn: no action for {agents}",
                                  agents=", ".join(missing))
        chosen = {}
        for agent in self.agents:
            action = actions[agent]
            pairs, given = action, None
            if self.helps:
                if not isinstance(action, dict) or not self._action_space.contains(
                        {**action, "pairs": _indices(action.get("pairs"))}):
                    raise MalformedAction(
                        "{agent}: an action is a dict of pairs, help and word, not {action}",
                        agent=agent, action=repr(action)[:60])
                pairs, given = action["pairs"], help_action(int(action["help"]), action["word"])
            elif not self._pairs_space.contains(_indices(action)):
                raise MalformedAction("{agent}: an action is 4 pair indices 0..{last}, not {action}",
                                      agent=agent, last=NO_PAIR, action=repr(action)[:60])
            chosen[agent] = (pairs_of(pairs), given)
        return chosen

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, dict[str, Any]]]:
        chosen = self._checked(actions)
        state = self.game_state
        assert state is not None
        if self.helps and self.stage == 0:
            return self._place_and_help(state, chosen)
        refused: dict[str, str] = {}
        turns_before = len(state.history)
        for seat, agent in enumerate(self.possible_agents):
            try:
                GAME.apply(state, seat, PlacePairs(chosen[agent][0], lock=True))
            except GameError as error:
                if not self.helps:
                    raise
                refused[agent] = str(error)  # pairs that break the agent's own YES! or NO!
                GAME.apply(state, seat, LOCK)  # the pairs of the first step stand
        self.stage = 0
        result = state.history[turns_before]
        rewards = {agent: float(result.points[seat]) for seat, agent in enumerate(self.possible_agents)}
        over = state.phase == Phase.GAME_OVER
        infos: dict[str, dict[str, Any]] = {agent: {"last_turn": result.to_json()} for agent in self.agents}
        for agent, reason in refused.items():
            infos[agent]["pairs_refused"] = reason
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _place_and_help(self, state: DuosState, chosen: dict[str, tuple[Any, GiveHelp | None]]
                        ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
                                   dict[str, dict[str, Any]]]:
        """The first step of a co-op turn: both place their pairs, then give their helps, the seat of
        the turn's parity first (so neither seat always wins a clash of helps)."""
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat, agent in enumerate(self.possible_agents):
            GAME.apply(state, seat, PlacePairs(chosen[agent][0]))
        first = state.turn % 2
        for seat in (first, 1 - first):
            agent = self.possible_agents[seat]
            given = chosen[agent][1]
            if given is None:
                continue
            try:
                GAME.apply(state, seat, given)
            except GameError as error:
                infos[agent]["help_refused"] = str(error)
        self.stage = 1
        rewards = dict.fromkeys(self.agents, 0.0)
        return (self._observations(), rewards, dict.fromkeys(self.agents, False),
                dict.fromkeys(self.agents, False), infos)

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
