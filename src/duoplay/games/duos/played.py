"""Boards people paired (`content/played/*.json`), and what the bot learned from them.

The judgments and ratings say which cards go together; they do not say how a person pairs the
last cards of a board, where only weak choices are left and people still agree by a shared sense
of kind (Billiards + Curling, Skis + Roller skate). Here players, each alone and from the English
names only, paired boards dealt as the game deals them, in the order they would place the pairs.
`played_fit.py` reads those choices as a person's, pair by pair (the chosen pair against every
other pair of the cards still free), and learns for every two cards how much more or less a person
pairs them than the bot's other signals say; the result (`content/played.tsv`) is added to the
bot's relatedness.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.abc import Traversable

from duoplay.games.duos.cards import CATEGORIES, faces


@dataclass(frozen=True)
class PlayedBoard:
    """One board as a player paired it: the 12 cards' face ids and the 4 pairs in placing order."""

    player: str
    cards: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]


def _content() -> Traversable:
    return resources.files("duoplay.games.duos").joinpath("content")


@cache
def _ids_by_english_name() -> dict[str, dict[str, str]]:
    return {category: {face.name("en"): face.id for face in faces(category)} for category in CATEGORIES}


def played_boards() -> Iterator[PlayedBoard]:
    """Every board of `content/played/`, each player's file in name order."""
    folder = _content().joinpath("played")
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text("utf-8"))
        for board in data["boards"]:
            ids = _ids_by_english_name()[board["category"]]
            yield PlayedBoard(
                player=data["player"],
                cards=tuple(ids[name] for name in board["cards"]),
                pairs=tuple((ids[a], ids[b]) for a, b in board["pairs"]),
            )


@cache
def played_bonuses() -> dict[frozenset[str], float]:
    """(face id, face id) -> what the played boards add to the two cards' relatedness."""
    path = _content().joinpath("played.tsv")
    bonuses: dict[frozenset[str], float] = {}
    for line in path.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            first, second, bonus = line.split("\t")
            bonuses[frozenset((first, second))] = float(bonus)
    return bonuses


def played(a: str, b: str) -> float:
    return played_bonuses().get(frozenset((a, b)), 0.0)
