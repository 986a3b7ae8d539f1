"""Duplik as Gymnasium text environments for language-model agents, one per role.

`DuplikTextEnv(role="artist" | "portrayer" | "judge", lang="en", artists=2, seed=None,
malformed_penalty=0.0)`: each episode is one scene (`ai_round.deal`), one answer, and the
package's bots in the other seats:

- **portrayer**: sees the title and the ten criteria (the golden one marked), or with
  `portrayer_sees="picture"` the scene card's picture as things in boxes (the shape format) and
  not the criteria, as at the table; answers with a description; `artists` Artist bots (each its
  own hand) draw from it. Reward: the Portrayer's points, one per criterion that at least one
  drawing meets (0-10).
- **artist**: sees the description the Portrayer bot types in the 90-second hourglass; answers
  with a drawing in the shape format of `ai_shapes` (or the game's drawing JSON). Reward: the
  Artist's points, one per criterion met, the golden one 3 (0-12).
- **judge**: sees a drawing with misses, as people's drawings have (the Artist bot's, from what the
  Portrayer bot had typed after 15 to 90 seconds, half the time hearing only the names of things),
  in the shape format, and the ten criteria; answers true or false for each (`read_verdicts`: one
  per line, numbered or in order; yes/no, true/false and the words of the five languages).
  Reward: the share of the ten it judged as the game's bot Judge does (0-1).

`prompt()` words the task for a language model. An answer that is not text, or too long, is
`malformed` and costs `malformed_penalty`.
"""

from __future__ import annotations

import random
import re
from typing import Any

import gymnasium
from gymnasium import spaces

from duoplay.games.duplik import ai_round
from duoplay.games.duplik.actions import MAX_TEXT
from duoplay.games.duplik.ai_env import TEXT_CHARSET, read_drawing, shown
from duoplay.games.duplik.ai_shapes import FORMAT, boxes_text, shapes_text
from duoplay.games.duplik.hand import Hand
from duoplay.games.duplik.listen import Heard, listen
from duoplay.games.duplik.scenes.words import LANGUAGES
from duoplay.games.duplik.sketch import draw
from duoplay.games.duplik.state import Drawing

ROLES = ("portrayer", "artist", "judge")
LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "sv": "Swedish", "pl": "Polish", "fr": "French"}
# An answer's words for "met" and "not met", in the five languages.
TRUE_WORDS = frozenset(["true", "yes", "y", "met", "holds", "sí", "si", "ja", "tak", "oui", "vrai",
                        "verdadero", "prawda", "sant"])
FALSE_WORDS = frozenset(["false", "no", "n", "not", "nej", "nie", "non", "faux", "falso", "fałsz", "falsz",
                         "falskt"])
_NUMBERED = re.compile(r"^\s*(\d{1,2})\s*[.):\-]\s*")
JUDGE_HAND = 7  # the hand of the Artist bot whose drawings the judge reads


def read_verdicts(answer: str, count: int = 10) -> list[bool | None]:
    """True or false per criterion, None where the answer says neither. A numbered line
    ("3. false", "3: no") answers its criterion; other words answer the next ones in order."""
    verdicts: list[bool | None] = [None] * count
    following = 0
    for line in answer.splitlines():
        numbered = _NUMBERED.match(line)
        words = re.findall(r"[^\W\d_]+", line[numbered.end():] if numbered else line.casefold())
        words = [w.casefold() for w in words]
        said = [w in TRUE_WORDS for w in words if w in TRUE_WORDS or w in FALSE_WORDS]
        if numbered and said and 1 <= int(numbered.group(1)) <= count:
            verdicts[int(numbered.group(1)) - 1] = said[0]
            continue
        for value in said:
            while following < count and verdicts[following] is not None:
                following += 1
            if following < count:
                verdicts[following] = value
    return verdicts


class DuplikTextEnv(gymnasium.Env[dict[str, Any], str]):
    """One Duplik scene per episode, one role played by the agent, the package's bots in the others."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own type

    def __init__(self, role: str = "artist", lang: str = "en", artists: int = 2, seed: int | None = None,
                 malformed_penalty: float = 0.0, portrayer_sees: str = "criteria",
                 render_mode: str | None = None) -> None:
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}: choose one of {', '.join(ROLES)}")
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        if not 1 <= artists <= 7:
            raise ValueError("a Portrayer has 1 to 7 Artists")
        if not malformed_penalty >= 0.0:
            raise ValueError("malformed_penalty is what a malformed answer costs, 0 or more, "
                             f"not {malformed_penalty!r}")
        if portrayer_sees not in ("criteria", "picture"):
            raise ValueError("portrayer_sees is 'criteria' or 'picture'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.role, self.lang, self.artists = role, lang, artists
        self.malformed_penalty, self.render_mode = malformed_penalty, render_mode
        self.sees_picture = role == "portrayer" and portrayer_sees == "picture"
        text = spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET)
        self.observation_space = spaces.Dict({"role": text, "title": text, "criteria": text,
                                              "description": text, "drawing": text, "picture": text,
                                              "lang": text})
        self.action_space = spaces.Text(MAX_TEXT, min_length=0, charset=TEXT_CHARSET)
        self.dealt: ai_round.Dealt | None = None
        self._done = False
        if seed is not None:
            self.reset(seed=seed)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        board = seed if seed is not None else int(self.np_random.integers(2**31))
        self.dealt = ai_round.deal(board, self.lang)
        self.description = "" if self.role == "portrayer" else ai_round.bot_description(self.dealt)
        self.drawing = self._judged_drawing(board) if self.role == "judge" else Drawing(())
        self._done = False
        return self._observation(), self._info()

    def _judged_drawing(self, board: int) -> Drawing:
        """A drawing with misses, as people's are: the Artist bot's, from what the Portrayer bot had
        typed after 15 to 90 seconds, and half the time by an Artist who hears only the names."""
        assert self.dealt is not None
        rng = random.Random(f"judged-{board}")
        heard = listen(ai_round.bot_description(self.dealt, rng.uniform(15.0, ai_round.HOURGLASS)), self.lang)
        if rng.random() < 0.5:
            heard = Heard(order=list(heard.order))
        return draw(heard, seed=board, hand=Hand.of(JUDGE_HAND))

    def _observation(self) -> dict[str, Any]:
        assert self.dealt is not None
        portrays, judges = self.role == "portrayer", self.role == "judge"
        told = (portrays and not self.sees_picture) or judges
        return {"role": self.role, "title": shown(self.dealt.title()),
                "criteria": shown(self.dealt.criteria_text()) if told else "",
                "picture": boxes_text(self.dealt.scene.boxes) if self.sees_picture else "",
                "description": shown(self.description),
                "drawing": shapes_text(self.drawing) if judges else "",
                "lang": self.lang}

    def _info(self) -> dict[str, Any]:
        assert self.dealt is not None
        return {"scene": self.dealt.scene.id, "golden": self.dealt.golden, "prompt": self.prompt()}

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.dealt is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        self._done = True
        info = self._info()
        if not isinstance(action, str) or len(action) > MAX_TEXT:
            info["malformed"] = True
            return self._observation(), -self.malformed_penalty, True, False, info
        info["malformed"] = False
        play = {"portrayer": self._portray, "artist": self._draw, "judge": self._judge}[self.role]
        reward = play(action, info)
        return self._observation(), reward, True, False, info

    def _portray(self, action: str, info: dict[str, Any]) -> float:
        assert self.dealt is not None
        meets = [ai_round.met(self.dealt, ai_round.bot_drawing(action, self.lang, hand))
                 for hand in range(self.artists)]
        info.update(met=meets, artist_points=[ai_round.artist_points(m, self.dealt.golden) for m in meets])
        return float(ai_round.portrayer_points(meets))

    def _draw(self, action: str, info: dict[str, Any]) -> float:
        assert self.dealt is not None
        drawing, refused = read_drawing(action)
        meets = ai_round.met(self.dealt, drawing or Drawing(()))
        info.update(met=meets, refused=refused)
        return float(ai_round.artist_points(meets, self.dealt.golden))

    def _judge(self, action: str, info: dict[str, Any]) -> float:
        assert self.dealt is not None
        truth = ai_round.met(self.dealt, self.drawing)
        verdicts = read_verdicts(action, len(truth))
        info.update(truth=truth, verdicts=verdicts)
        return sum(v == t for v, t in zip(verdicts, truth, strict=True)) / len(truth)

    def render(self) -> str | None:
        return self.prompt() if self.render_mode == "ansi" else None

    def prompt(self) -> str:
        """The task, for a language model."""
        if self.dealt is None:
            raise RuntimeError("call reset() first")
        seen = self._observation()
        language = LANGUAGE_NAMES[self.lang]
        if self.sees_picture:
            return (f"Duplik: you are the Portrayer. The scene card \"{seen['title']}\" shows these things, "
                    f"{FORMAT}:\n{seen['picture']}\nArtists will draw it from your words alone and be judged "
                    f"on ten criteria about the things, their number, places, facing and patterns. Describe "
                    f"the scene in {language}, in words (no coordinates). Answer with the description only.")
        if self.role == "portrayer":
            return (f"Duplik: you are the Portrayer. The scene is called \"{seen['title']}\". Artists will "
                    f"draw it from your words alone. Describe it in {language} so that their drawings meet "
                    f"these criteria (the golden one counts most):\n{seen['criteria']}\n"
                    f"Answer with the description only.")
        if self.role == "artist":
            return (f"Duplik: you are an Artist. The Portrayer describes a scene in {language}:\n"
                    f"\"{seen['description']}\"\nDraw it as a list of things, {FORMAT}.\n"
                    f"Answer with the lines only.")
        return (f"Duplik: you are a Judge. A drawing shows these things, {FORMAT}:\n{seen['drawing']}\n"
                f"For each criterion, say whether the drawing meets it (things to the left have a smaller x, "
                f"a thing on another sits on its top, under it below it, inside it within its box):\n"
                f"{seen['criteria']}\nAnswer with one line per criterion: its number, then true or false.")
