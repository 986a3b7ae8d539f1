"""The category cards of one language, from `content/<lang>/categories.json`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from duoplay.games.duple.words.folding import fold

CONTENT = Path(__file__).resolve().parents[1] / "content"
LANGUAGES = ("es", "en")


@dataclass(frozen=True, slots=True)
class Category:
    id: str
    name: str
    proper_nouns: bool  # names fit it (countries, cities, people): they may have several words


@cache
def categories(lang: str) -> dict[str, Category]:
    """The categories of a language by id, in deck order."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    data = json.loads((CONTENT / lang / "categories.json").read_text("utf-8"))
    return {c["id"]: Category(c["id"], c["name"], bool(c["proper_nouns"])) for c in data["categories"]}


def find_category(lang: str, text: str) -> Category | None:
    """A category by its id or its name in that language, ignoring case and accents."""
    wanted = fold(lang, text).replace("_", " ")
    for category in categories(lang).values():
        if wanted in (fold(lang, category.id).replace("_", " "), fold(lang, category.name)):
            return category
    return None
