"""Duple bots: they flip, race with a person's reaction time, answer from the word lists
(the most common words first), and vote. They see only their view.

Levels differ in reaction time and in how many words come to mind (`skill`): the hard bot
always finds the most common word the judge accepts, if there is one. A bot that finds
nothing returns None and tries again after another reaction time; a stuck face-off makes
it turn a new category, and after a few blanks it passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.games.duple.actions import FLIP, NEW_CATEGORY, PASS, Action, Answer, CastVote
from duoplay.games.duple.words.answer import find_answer


@dataclass(frozen=True, slots=True)
class Level:
    skill: float  # 1.0 knows every listed word; lower only the more common ones
    answer_seconds: tuple[float, float]  # reaction time to a face-off, drawn uniformly
    blanks: int  # tries without a word before passing


LEVELS = {
    "easy": Level(0.45, (3.0, 8.0), 3),
    "normal": Level(0.75, (2.0, 5.0), 4),
    "hard": Level(1.0, (1.3, 3.5), 6),
}
FLIP_SECONDS = (0.5, 1.3)
VOTE_SECONDS = (1.5, 3.5)
ALL_PLAY_SLOWER = 1.6  # more letters to fit in one word


def reaction_time(view: JSON, seat: int, level: str, rng: random.Random) -> float:
    """How long a person at this level takes before acting on what the view shows."""
    phase = view.get("phase")
    if phase == "flip":
        return rng.uniform(*FLIP_SECONDS)
    if phase == "vote":
        return rng.uniform(*VOTE_SECONDS)
    low, high = LEVELS.get(level, LEVELS["normal"]).answer_seconds
    slower = ALL_PLAY_SLOWER if phase == "allplay" else 1.0
    return rng.uniform(low, high) * slower


class DupleBot:
    def __init__(self, level: str, seed: int | None = None) -> None:
        self.name = level
        self.level = LEVELS[level]
        self._random = random.Random(seed)
        self._blanks: dict[int, int] = {}  # tries without a word, by question (the view's step)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Action | None:
        phase = view.get("phase")
        if phase == "flip":
            return FLIP if FLIP in legal else None
        race = view.get("race") or {}
        if phase == "vote":
            return self._vote(race.get("vote") or {})
        if phase not in ("faceoff", "allplay"):
            return None
        category = None if phase == "allplay" else view["category"]["id"]
        word = find_answer(view["lang"], race["letters"], category, self.level.skill, self._random)
        if word is not None:
            return Answer(word)
        step = int(view.get("step", 0))
        self._blanks = {step: self._blanks.get(step, 0) + 1}
        if NEW_CATEGORY in legal:
            return NEW_CATEGORY
        if self._blanks[step] >= self.level.blanks and PASS in legal:
            return PASS
        return None

    @staticmethod
    def _vote(vote: JSON) -> CastVote:
        """A real word that the judge found off the category gets the benefit of the doubt;
        a word that is not one, or a plural made for the S, does not."""
        return CastVote(vote.get("reason") == "category")


BOTS = {level: (lambda seed, level=level: DupleBot(level, seed)) for level in LEVELS}
