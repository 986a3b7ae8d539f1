"""DUOS cross-play: an agent paired against the association bot on the same boards.

Self-play says little in DUOS: two copies of one policy place the same pairs, so even an
untrained table scores every pair. Cross-play measures what a player needs at a real table:
agreeing with someone else. Each board is dealt as the game deals it (`deal(seed)`: 12 faces of
one category, `GAME.setup` with that seed); the association bot, as Narrator, places the pairs
most people would place (`association.expected_pairs`, what the bot places as Narrator at the
table), and the agent, as a player, is scored as the game scores a player: one point per pair
identical to the Narrator's (0 to 4).

`cross_play(pairer, boards=200)` runs a pairer (`names -> pairs of positions 0-11`) over boards
0..boards-1 and returns the mean with a 95% interval; `BASELINES` holds the simple ones the
docs report. The text environment (`text_env`) scores an answer on the same boards the same way.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from duoplay.games.duos import helps, rules
from duoplay.games.duos.association import best_total_pairs, expected_pairs, relatedness_of_faces
from duoplay.games.duos.cards import GRID, Face, face
from duoplay.games.duos.game import GAME
from duoplay.games.duos.pairing import identical, normal
from duoplay.games.duos.state import Pairs

Pairer = Callable[[list[str]], Sequence[tuple[int, int]]]
"""Twelve names in grid order -> up to four pairs of positions (0-11), each card in one pair."""


@dataclass(frozen=True, slots=True)
class Board:
    seed: int
    category: str
    faces: tuple[Face, ...]

    def names(self, lang: str = "en") -> list[str]:
        return [f.name(lang) for f in self.faces]


@cache
def deal(seed: int) -> Board:
    """The board the game deals for this seed (a three-player table's first turn)."""
    state = GAME.setup(3, GAME.parse_options(None), seed)
    category = rules.category(state)
    return Board(seed, category, tuple(face(category, card) for card in state.table))


@cache
def bot_pairs(seed: int) -> Pairs:
    """The association bot's pairs as Narrator on board `seed`: what the agent is scored against."""
    return expected_pairs(relatedness_of_faces([f.id for f in deal(seed).faces]))


def score(pairs: Sequence[tuple[int, int]], seed: int) -> int:
    """The points a player placing `pairs` wins against the bot Narrator on board `seed`."""
    return identical(normal(pairs), bot_pairs(seed))


@dataclass(frozen=True, slots=True)
class CrossPlay:
    mean: float  # identical pairs per board, 0-4
    low: float  # the 95% interval of the mean (normal approximation)
    high: float
    scores: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.mean:.2f} / 4 [{self.low:.2f}, {self.high:.2f}]"


def summary(scores: Sequence[int]) -> CrossPlay:
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    return CrossPlay(mean, max(0.0, mean - half), min(4.0, mean + half), tuple(scores))


def cross_play(pairer: Pairer, boards: int = 200, lang: str = "en", first: int = 0) -> CrossPlay:
    """The pairer's points against the bot Narrator on boards `first`..`first + boards - 1`."""
    return summary([score(pairer(deal(seed).names(lang)), seed) for seed in range(first, first + boards)])


# -- simple baselines -------------------------------------------------------------------------


def random_pairer(seed: int = 0) -> Pairer:
    """Four disjoint pairs at random."""
    rng = random.Random(seed)

    def pair(names: list[str]) -> list[tuple[int, int]]:
        cards = rng.sample(range(GRID), 8)
        return [(cards[i], cards[i + 1]) for i in range(0, 8, 2)]

    return pair


def _faces_of(names: list[str]) -> list[str]:
    from duoplay.games.duos.association import resolve_board

    found = resolve_board(names)
    if any(f is None for f in found):
        raise ValueError("the association bot pairs the game's own cards (English names)")
    return [f.id for f in found if f is not None]


def bot_player(names: list[str]) -> Pairs:
    """The association bot as a player (its most obvious pairs, `helps.plan`); English names."""
    return helps.plan(relatedness_of_faces(_faces_of(names)), helps.Constraints())


def bot_narrator(names: list[str]) -> Pairs:
    """The bot's own Narrator pairs: 4 of 4 by construction, the ceiling (and what self-play gives)."""
    return expected_pairs(relatedness_of_faces(_faces_of(names)))


def embedding_pairer(names: list[str]) -> Pairs:
    """The plain encoder: the 4 disjoint pairs of largest total cosine similarity of the names
    (needs the `duos` extra; card names come from shipped vectors)."""
    from duoplay.games.duos.embedding import shared_cosines

    return best_total_pairs(shared_cosines(list(names)))


BASELINES: dict[str, Callable[[], Pairer]] = {
    "random pairs": random_pairer,
    "embedding (largest total cosine)": lambda: embedding_pairer,
    "association bot as a player": lambda: bot_player,
    "association bot as Narrator (self-play)": lambda: bot_narrator,
}
