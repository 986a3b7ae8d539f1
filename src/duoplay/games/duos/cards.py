"""The DUOS cards: two sets of double-sided picture cards, four categories (NOTES, DUOS 1).

Content is data: `content/<category>.json` lists that category's faces in order,
and card k of a set shows face k of each of the set's two categories. Every face
has a stable id, a name in each language and the key of its picture in
`content/icons.json`. Rules only ever handle card numbers; names and pictures are
for views, bots and tools.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "es", "sv", "pl", "fr")

# (set id, its two categories); card k of a set has face k of both categories.
SETS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("sport-fairy-tales", ("sport", "fairy-tales")),
    ("things-animals", ("things", "animals")),
)
CATEGORIES: tuple[str, ...] = tuple(category for _, sides in SETS for category in sides)

GRID_COLUMNS = 4
GRID_ROWS = 3
GRID = GRID_COLUMNS * GRID_ROWS  # 12 cards face up, positions 0-11 row by row


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a card: `id` is "category/key", stable across releases."""

    id: str
    category: str
    icon: str
    names: tuple[tuple[str, str], ...]  # (language, name) in LANGUAGES order

    def name(self, language: str = "en") -> str:
        return dict(self.names).get(language) or dict(self.names)["en"]


def set_of(category: str) -> int:
    """The index in SETS of the set whose cards show `category`."""
    for index, (_, sides) in enumerate(SETS):
        if category in sides:
            return index
    raise KeyError(category)


def side_of(category: str) -> int:
    """Which side (0 or 1) of its set's cards shows `category`."""
    return SETS[set_of(category)][1].index(category)


def _content(name: str) -> Any:
    text = resources.files("duoplay.games.duos").joinpath("content", name).read_text("utf-8")
    return json.loads(text)


@cache
def faces(category: str) -> tuple[Face, ...]:
    entries = _content(f"{category}.json")
    return tuple(
        Face(id=f"{category}/{entry['id']}", category=category, icon=entry["icon"],
             names=tuple((lang, entry[lang]) for lang in LANGUAGES if lang in entry))
        for entry in entries
    )


@cache
def set_size(set_index: int) -> int:
    """Cards in a set: as many as both of its categories have faces."""
    first, second = SETS[set_index][1]
    return min(len(faces(first)), len(faces(second)))


def face(category: str, card: int) -> Face:
    return faces(category)[card]


@cache
def face_by_id() -> dict[str, Face]:
    return {f.id: f for category in CATEGORIES for f in faces(category)}


@cache
def icons() -> dict[str, Any]:
    """Icon key -> {"body": SVG inner markup, "width", "height", "source"}."""
    loaded: dict[str, Any] = _content("icons.json")
    return loaded
