"""Duple races for several agents: a PettingZoo Parallel environment (the game's `ai_parallel_env`).

`DupleRaceEnv(players=3, bots=None, lang="es", races=10, tick_seconds=0.5, ...)` seats
`players` racers; `bots` ({seat: "easy" | "normal" | "hard"}) fills seats with the game's bots,
and the other seats are the agents `player_<seat>`. An episode is `races` races in a row, each
drawn as the game draws them (`ai.DupleWordEnv`): a face-off (two letters and a category) between
two seats drawn at random, as if their piles had matched, or, `all_play_share` of the time, an
All Play (3-5 letters, no category) that every seat races.

Time: each `step` is one tick, `tick_seconds` of the table's clock. In a step every agent gives
one action: a word (text, judged at once by the game's judge), `""` (nothing yet: still
thinking) or `"/pass"` (give up this race, as the game's Pass). A refused word may be followed by
another in a later tick. The first tick in which a word is accepted ends the race: one accepted
word wins it; several in the same tick tie, and a tied face-off goes on under a new category with
the same letters (a tied All Play is left unwon), as in the game. A race nobody wins within its
time (`race_seconds`, `all_play_seconds`: the game's defaults) or that every racer passed is
unwon. A bot answers as it does at the table: after a reaction time drawn from its level's range
(`bots.LEVELS`) its word (`vocabulary.say_word`) arrives at the tick that contains that time; a
bot with no word tries again after another reaction time, and passes after its level's blanks.

Rewards: +1 to the race's winner (the card it takes), 0 otherwise; an action that is not text or
is too long is malformed, counts as nothing and costs `malformed_penalty`. Observations: `letters`,
`category` (its name, "" for All Play), `lang`, `racing` (1 if the agent races now), `tick` (ticks
since the race began), `heard` (the answers of this race so far, "seat: word (verdict)"), `scores`
(races won, per seat). `infos[agent]` holds the verdict of its answer and, at a race's end, `won_by`.
"""

from __future__ import annotations

import math
import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from duoplay.games.duple.ai import MAX_WORD, WORD_CHARSET, DupleWordEnv, answer_word
from duoplay.games.duple.bots import LEVELS
from duoplay.games.duple.options import DupleOptions
from duoplay.games.duple.vocabulary import say_word
from duoplay.games.duple.words.judge import judge_answer

PASS = "/pass"
PerAgent = dict[str, Any]
Step = tuple[dict[str, PerAgent], dict[str, float], dict[str, bool], dict[str, bool], dict[str, PerAgent]]
HEARD_LIMIT = 2000


class Bot:
    """A bot seat in one race: when its next word arrives, and how many blanks it has left."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.level, self.rng = LEVELS[level], rng
        self.due, self.blanks = 0, 0

    def start(self, all_play: bool, tick_seconds: float, now: int = 0) -> None:
        span = self.level.all_play if all_play else self.level.answer
        self.due = now + max(1, math.ceil(span.draw(self.rng) / tick_seconds))


class DupleRaceEnv(ParallelEnv[str, dict[str, Any], str]):  # type: ignore[misc]  # PettingZoo is untyped
    metadata: dict[str, Any] = {"name": "duple_race_v0", "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, players: int = 3, bots: dict[int, str] | None = None, lang: str = "es",
                 races: int = 10, tick_seconds: float = 0.5, all_play_share: float = 0.1,
                 race_seconds: float | None = None, all_play_seconds: float | None = None,
                 malformed_penalty: float = 0.0, render_mode: str | None = None) -> None:
        bots = dict(bots or {})
        if not 2 <= players <= 8:
            raise ValueError("Duple is played by 2 to 8 players")
        if any(not 0 <= seat < players or level not in LEVELS for seat, level in bots.items()):
            raise ValueError(f"bots maps seats (0-{players - 1}) to levels: {', '.join(LEVELS)}")
        if len(bots) == players:
            raise ValueError("at least one seat must be an agent's")
        if races < 1 or tick_seconds <= 0:
            raise ValueError("races must be at least 1 and tick_seconds more than 0")
        if not malformed_penalty >= 0.0:
            raise ValueError(f"malformed_penalty is what a malformed answer costs, 0 or more, not "
                             f"{malformed_penalty!r}")
        defaults = DupleOptions()
        self.players, self.bot_levels, self.races, self.tick_seconds = players, bots, races, tick_seconds
        self.race_ticks = math.ceil((race_seconds or defaults.race_seconds) / tick_seconds)
        self.all_play_ticks = math.ceil((all_play_seconds or defaults.all_play_seconds) / tick_seconds)
        self.malformed_penalty, self.render_mode = malformed_penalty, render_mode
        self.prompts = DupleWordEnv(lang=lang, all_play_share=all_play_share)  # draws as the game draws
        self.lang = lang
        self.possible_agents = [f"player_{seat}" for seat in range(players) if seat not in bots]
        prompt_space = self.prompts.observation_space
        assert isinstance(prompt_space, spaces.Dict)
        letters = prompt_space["letters"]
        assert isinstance(letters, spaces.Text)
        self._heard_charset = letters.character_set | WORD_CHARSET | frozenset(":()_,?\n")
        charset = self._heard_charset
        self._observation_space = spaces.Dict({
            "letters": letters,
            "category": prompt_space["category"],
            "lang": prompt_space["lang"],
            "racing": spaces.Discrete(2),
            "tick": spaces.Discrete(max(self.race_ticks, self.all_play_ticks) + 1),
            "heard": spaces.Text(HEARD_LIMIT, min_length=0, charset=charset),
            "scores": spaces.Box(0, races, (players,), np.int64),
        })
        self._action_space = spaces.Text(MAX_WORD, min_length=0, charset=WORD_CHARSET)
        self._rng = random.Random(0)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    # -- races ----------------------------------------------------------------------------------

    def _start_race(self, first: bool = False, seed: int | None = None) -> None:
        if first:
            self.prompts.reset(seed=seed)
        else:
            self.prompts.reset()
        self.all_play = self.prompts.category is None
        seats = range(self.players)
        self.racers = set(seats) if self.all_play else set(self._rng.sample(seats, 2))
        self._begin_question()

    def _begin_question(self) -> None:
        self.tick, self.passed, self.heard = 0, set[int](), list[str]()
        for bot in self.bots.values():
            bot.blanks = 0
            bot.start(self.all_play, self.tick_seconds)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self._rng = random.Random(seed)
        self.bots = {seat: Bot(level, random.Random(self._rng.getrandbits(32)))
                     for seat, level in self.bot_levels.items()}
        self.agents = list(self.possible_agents)
        self.scores = [0] * self.players
        self.race = 0
        self._start_race(first=True, seed=seed if seed is not None else self._rng.getrandbits(31))
        return self._observations(), {agent: self._prompt_info() for agent in self.agents}

    def _prompt_info(self) -> dict[str, Any]:
        return {"letters": list(self.prompts.letters), "category_id": self.prompts.category}

    def _observations(self) -> dict[str, dict[str, Any]]:
        seen = self.prompts._observation()
        heard = "\n".join(self.heard)[-HEARD_LIMIT:]
        racing = self.racers - self.passed
        return {agent: {**seen, "racing": int(self._seat(agent) in racing), "tick": self.tick, "heard": heard,
                        "scores": np.array(self.scores, np.int64)}
                for agent in self.agents}

    @staticmethod
    def _seat(agent: str) -> int:
        return int(agent.rpartition("_")[2])

    def _bot_words(self) -> dict[int, str]:
        said = {}
        for seat, bot in self.bots.items():
            if seat not in self.racers or seat in self.passed or bot.due != self.tick:
                continue
            letters, category = self.prompts.letters, self.prompts.category
            word = say_word(self.lang, letters, category, bot.level.vocabulary, bot.rng)
            if word is not None:
                said[seat] = word
                bot.start(self.all_play, self.tick_seconds, self.tick)  # if refused, another try later
                continue
            bot.blanks += 1
            if bot.blanks >= bot.level.blanks:
                said[seat] = PASS
            else:
                bot.start(self.all_play, self.tick_seconds, self.tick)
        return said

    def step(self, actions: dict[str, Any]) -> Step:
        self.tick += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        said: dict[int, str] = {}
        for agent, action in actions.items():
            if agent not in self.agents:
                continue
            if not isinstance(action, str) or len(action) > MAX_WORD:
                rewards[agent] -= self.malformed_penalty
                infos[agent]["reason"] = "malformed"
                continue
            seat = self._seat(agent)
            if action.strip() and seat in self.racers and seat not in self.passed:
                said[seat] = action
            elif action.strip():
                infos[agent]["reason"] = "not_racing"
        said.update(self._bot_words())
        accepted = []
        for seat, text in sorted(said.items()):
            if text.strip() == PASS:
                self.passed.add(seat)
                self.heard.append(f"{seat}: (pass)")
                continue
            word = answer_word(text)
            verdict = judge_answer(self.lang, word, self.prompts.letters, self.prompts.category)
            said_word = "".join(c if c in self._heard_charset else "?" for c in word)  # as the space holds it
            self.heard.append(f"{seat}: {said_word} ({verdict.reason})")
            if f"player_{seat}" in infos:
                infos[f"player_{seat}"].update(word=word, accepted=verdict.accepted, reason=verdict.reason)
            if verdict.accepted:
                accepted.append(seat)
        self._settle(accepted, rewards, infos)
        observations = self._observations()
        for info in infos.values():
            info.update(self._prompt_info())  # the race to answer now (the next one, after a win)
        done = self.race >= self.races
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _settle(self, accepted: list[int], rewards: dict[str, float],
                infos: dict[str, dict[str, Any]]) -> None:
        """A race won, tied or out of time: the prize, then the next race (or question)."""
        limit = self.all_play_ticks if self.all_play else self.race_ticks
        if len(accepted) > 1 and not self.all_play:  # a tied face-off: a new category, the same letters
            names = list(self.prompts.cards.categories)
            self.prompts.category = names[self._rng.randrange(len(names))]
            self._begin_question()
            return
        winner = accepted[0] if len(accepted) == 1 else None
        if winner is None and not accepted and self.tick < limit and not self.racers <= self.passed:
            return  # the race goes on
        if winner is not None:
            self.scores[winner] += 1
            if f"player_{winner}" in rewards:
                rewards[f"player_{winner}"] += 1.0
        for info in infos.values():
            info["won_by"] = winner
        self.race += 1
        if self.race < self.races:
            self._start_race()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"race {self.race + 1}: {self.prompts.prompt()} (tick {self.tick}, scores {self.scores})"

    def close(self) -> None:
        pass
