"""Duple bots: they flip, race with a person's reaction time, answer with the words a person at
their level knows, and vote. They see only their view.

A level is how fast it answers (`pacing.Span`s, drawn log-normal: see `pacing`) and which words
come to mind (`vocabulary.Vocabulary`): easy and normal say only common words from the
category's own lists; hard knows every candidate, rarer words too, and always finds the most
common one the judge accepts. A bot that finds nothing returns None and tries again after
another reaction time; a stuck face-off makes it turn a new category (twice at most), and
after a few blanks it passes.

Where the times come from, and what the levels score against a simulated person:
`docs/rules/duple.md` ("Bots") and `benchmarks/duple_bots.py`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.games.duple.actions import FLIP, NEW_CATEGORY, PASS, Action, Answer, CastVote
from duoplay.games.duple.pacing import Span, speed_factor
from duoplay.games.duple.vocabulary import Vocabulary, say_word


@dataclass(frozen=True, slots=True)
class Level:
    answer: Span  # time to a face-off's word, from when the face-off (or its category) appears
    all_play: Span  # time to an All Play's word: three to five letters, no category
    vocabulary: Vocabulary
    blanks: int  # tries without a word before passing


# Face-off ranges: the starting point of docs/rules/duple.md ("Bots"); an All Play takes 1.6 times
# as long (more letters to fit in one word, and 30 s to do it).
ALL_PLAY_SLOWER = 1.6
LEVELS = {
    "easy": Level(Span(6.0, 12.0), Span(6.0, 12.0).scaled(ALL_PLAY_SLOWER),
                  Vocabulary(min_zipf=3.5, lists_only=True, recall=0.6, blank=0.2), 3),
    "normal": Level(Span(4.0, 8.0), Span(4.0, 8.0).scaled(ALL_PLAY_SLOWER),
                    Vocabulary(min_zipf=3.0, lists_only=True, recall=0.75, blank=0.1), 4),
    "hard": Level(Span(2.0, 5.0), Span(2.0, 5.0).scaled(ALL_PLAY_SLOWER),
                  Vocabulary(min_zipf=0.0, lists_only=False, recall=1.0, blank=0.0), 6),
}
FLIP_SPAN = Span(0.8, 2.5)  # a glance at the table, then a tap: well inside the 5 s flip timer
VOTE_SPAN = Span(2.0, 6.0)  # read the word and the reason, then decide: inside the 20 s vote
# A stuck face-off: the bot turns a new category at most this often, then passes after its blanks,
# as people give up on letters that fit nothing (Ñ and F); two bots would otherwise turn forever.
NEW_CATEGORIES = 2


def reaction_time(view: JSON, seat: int, level: str | Level, rng: random.Random) -> float:
    """How long a person at this level takes before acting on what the view shows. The room's
    `bot_speed` (in the view's options) scales the time to answer; flips and votes are
    turn-taking, not the race, and keep their pace."""
    phase = view.get("phase")
    if phase == "flip":
        return FLIP_SPAN.draw(rng)
    if phase == "vote":
        return VOTE_SPAN.draw(rng)
    chosen = level if isinstance(level, Level) else LEVELS.get(level, LEVELS["normal"])
    span = chosen.all_play if phase == "allplay" else chosen.answer
    return span.scaled(speed_factor(view.get("options"))).draw(rng)


class DupleBot:
    def __init__(self, level: str | Level, seed: int | None = None) -> None:
        self.name = level if isinstance(level, str) else "custom"
        self.level = LEVELS[level] if isinstance(level, str) else level
        self._random = random.Random(seed)
        self._blanks: dict[int, int] = {}  # tries without a word, by question (the view's step)
        self._turned: dict[tuple[Any, ...], int] = {}  # new categories it turned, by face-off

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
        word = say_word(view["lang"], race["letters"], category, self.level.vocabulary, self._random)
        if word is not None:
            return Answer(word)
        step = int(view.get("step", 0))
        self._blanks = {step: self._blanks.get(step, 0) + 1}
        face_off = (tuple(race["letters"]), tuple(race.get("piles") or ()))
        turned = self._turned.get(face_off, 0)
        if NEW_CATEGORY in legal and turned < NEW_CATEGORIES:
            self._turned = {face_off: turned + 1}
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
