"""Duplik as a PettingZoo AEC environment (the game's `ai_env`): describe, draw, be judged.

`raw_env(players=3, lang="en", rounds=None, malformed_penalty=0.0, bots=())` plays `rounds`
rounds (default: one per player, so that everyone portrays once); in round r the Portrayer is
seat `r % players`, the others are Artists. The seats in `bots` are played by the package's bot
(as Portrayer it types its description in the 90-second hourglass, as Artist it draws in a hand
of its own); the others are the agents `player_<seat>`. Each round takes turns in order:

- the Portrayer acts first: its action is text, the description of the scene (at most 2000
  characters); it observes the title and the ten criteria, the golden one marked;
- then each Artist, in seat order: its action is its drawing, as text in the shape format of
  `ai_shapes` (`KIND X Y W H [facing] [pattern] [colour]` per line) or the game's drawing
  JSON; it observes the description;
- the round is then judged as the game's bot Judge judges (`ai_round`): each Artist wins a
  point per criterion its drawing meets (the golden one 3), the Portrayer a point per criterion
  that at least one drawing meets. Those points are the rewards of the step that ends the round.

An action that is not text, or too long, is malformed: it counts as an empty description or a
blank drawing and costs `malformed_penalty`; lines of a drawing that do not read are left out
(`infos[agent]["refused"]`). Observations are dicts of text: `role`, `title`, `criteria` (the
Portrayer's only), `description` (the Artists' only), `lang`. `infos[agent]["met"]` holds, after
a round, each drawing's criteria met.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any

import gymnasium
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from duoplay.core.errors import MalformedAction
from duoplay.games.duplik import ai_round
from duoplay.games.duplik.actions import MAX_TEXT
from duoplay.games.duplik.ai_shapes import parse_drawing_json, parse_shapes
from duoplay.games.duplik.scenes.words import LANGUAGES
from duoplay.games.duplik.state import Drawing

# What the texts may hold: Latin letters of the five languages, and the punctuation of their
# typography (dashes, „Polish” and «French» quotes, thin spaces, the ellipsis).
TEXT_CHARSET = frozenset(chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x250), *range(0x2000, 0x2040))) \
    | frozenset("\n")
PORTRAYER, ARTIST = "portrayer", "artist"


def shown(text: str) -> str:
    """Text as an observation holds it: cut to the limit, characters outside the charset as '?'."""
    return "".join(c if c in TEXT_CHARSET else "?" for c in text[:MAX_TEXT])


def read_drawing(action: Any) -> tuple[Drawing | None, list[str]]:
    """An Artist's action as a drawing and the lines left out; None when it is malformed."""
    try:
        if isinstance(action, dict):
            return parse_drawing_json(action), []
        if isinstance(action, str) and len(action) <= MAX_TEXT * 4:
            return parse_shapes(action)
    except MalformedAction as problem:
        return None, [str(problem)]
    return None, []


class DuplikEnv(AECEnv[str, dict[str, str], Any]):  # type: ignore[misc]  # PettingZoo is untyped
    metadata: dict[str, Any] = {"name": "duplik_v0", "render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, players: int = 3, lang: str = "en", rounds: int | None = None,
                 malformed_penalty: float = 0.0, scenes: str = "mixed", difficulty: str = "normal",
                 bots: Collection[int] = (), render_mode: str | None = None) -> None:
        super().__init__()
        if not 3 <= players <= 8:
            raise ValueError("Duplik is played by 3 to 8 players")
        self.bots = frozenset(bots)
        if not self.bots <= set(range(players)) or len(self.bots) == players:
            raise ValueError(f"bots are seats (0-{players - 1}) the game's bot plays; at least one seat "
                             f"must be an agent's")
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        if not malformed_penalty >= 0.0:
            raise ValueError("malformed_penalty is what a malformed action costs, 0 or more, "
                             f"not {malformed_penalty!r}")
        self.players, self.lang = players, lang
        self.rounds = players if rounds is None else rounds
        if self.rounds < 1:
            raise ValueError("rounds must be at least 1")
        self.malformed_penalty, self.scenes, self.difficulty = malformed_penalty, scenes, difficulty
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players) if seat not in self.bots]
        self._observation_space = spaces.Dict({
            "role": spaces.Text(9, min_length=6, charset=TEXT_CHARSET),
            "title": spaces.Text(80, min_length=0, charset=TEXT_CHARSET),
            "criteria": spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET),
            "description": spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET),
            "lang": spaces.Text(2, min_length=2, charset=TEXT_CHARSET),
        })
        self._action_space = spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET)
        self._seed = 0

    @functools.cache  # noqa: B019 - one space per agent, as PettingZoo expects
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    # -- rounds ---------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.dealt = ai_round.deal(self._seed * 1000 + self.round, self.lang, self.scenes, self.difficulty)
        self.portrayer = self.round % self.players
        self.description = ""
        self.drawings: dict[int, Drawing] = {}
        self._order = [self.portrayer, *(s for s in range(self.players) if s != self.portrayer)]
        self._turn = 0

    def _seat_to_act(self) -> int:
        return self._order[self._turn]

    def _play_bots(self) -> None:
        """The game's bot plays its seats until an agent is to act or the game ends: as Portrayer it
        types its description in the hourglass, as Artist it draws it in a hand of its own."""
        while self.round < self.rounds and self._seat_to_act() in self.bots:
            seat = self._seat_to_act()
            if seat == self.portrayer:
                self.description = ai_round.bot_description(self.dealt)
            else:
                hand = self._seed * 16 + seat
                self.drawings[seat] = ai_round.bot_drawing(self.description, self.lang, hand)
            self._next_turn()
        if self.round < self.rounds:
            self.agent_selection = f"player_{self._seat_to_act()}"

    def _next_turn(self) -> None:
        self._turn += 1
        if self._turn == len(self._order):
            self._end_round()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.round = 0
        self.scores = [0] * self.players
        self.agent_selection = self.agents[0]
        self._start_round()
        self._play_bots()

    def observe(self, agent: str) -> dict[str, str]:
        seat = int(agent.rpartition("_")[2])
        portrays = seat == self.portrayer
        return {"role": PORTRAYER if portrays else ARTIST, "title": shown(self.dealt.title()),
                "criteria": shown(self.dealt.criteria_text()) if portrays else "",
                "description": "" if portrays else shown(self.description), "lang": self.lang}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_to_act()
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if seat == self.portrayer:
            malformed = not (isinstance(action, str) and len(action) <= MAX_TEXT)
            self.description = "" if malformed else action
            self.infos[agent] = {"malformed": malformed}
        else:
            drawing, refused = read_drawing(action)
            malformed = drawing is None
            self.drawings[seat] = drawing or Drawing(())
            self.infos[agent] = {"malformed": malformed, "refused": refused}
        if malformed:
            self.rewards[agent] -= self.malformed_penalty
        self._next_turn()
        self._play_bots()
        self._accumulate_rewards()

    def _end_round(self) -> None:
        meets = {seat: ai_round.met(self.dealt, drawing) for seat, drawing in self.drawings.items()}
        points = {seat: ai_round.artist_points(m, self.dealt.golden) for seat, m in meets.items()}
        points[self.portrayer] = ai_round.portrayer_points(list(meets.values()))
        for seat, won in points.items():
            self.scores[seat] += won
            agent = f"player_{seat}"
            if seat in self.bots:
                continue
            self.rewards[agent] += won
            self.infos[agent] = {**self.infos[agent], "met": {f"player_{s}": m for s, m in meets.items()},
                                 "points": won, "scene": self.dealt.scene.id, "golden": self.dealt.golden}
        self.round += 1
        if self.round < self.rounds:
            self._start_round()
        else:
            self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seen = self.observe(self.agent_selection)
        return "\n".join(f"{key}: {value}" for key, value in seen.items() if value)

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> DuplikEnv:
    return DuplikEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, dict[str, str], Any]:
    """The environment with PettingZoo's order checks (reset first, a loop must step)."""
    return OrderEnforcingWrapper(DuplikEnv(**kwargs))
