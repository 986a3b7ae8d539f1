"""The category cards of one language, from `content/<lang>/categories.json`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from duoplay.games.duple.words.folding import loose

CONTENT = Path(__file__).resolve().parents[1] / "content"
LANGUAGES = ("es", "en", "sv", "pl", "fr")


@dataclass(frozen=True, slots=True)
class Category:
    id: str
    name: str
    proper_nouns: bool  # its answers are names (countries, cities, people): any entry of its lists
    # may have several words; in the other categories only the names of `content/<lang>/names/`
    english: str  # the English deck's id for the same card ("pais" -> "country"), the id itself if none


@cache
def categories(lang: str) -> dict[str, Category]:
    """The categories of a language by id, in deck order."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    data = json.loads((CONTENT / lang / "categories.json").read_text("utf-8"))
    return {c["id"]: Category(c["id"], c["name"], bool(c["proper_nouns"]), c.get("en", c["id"]))
            for c in data["categories"]}


def find_category(lang: str, text: str) -> Category | None:
    """A category by its id, its name in that language or the English deck's id ("body_part"),
    ignoring case and every mark, so one list of prompts can name a category in any deck."""
    wanted = loose(text).replace("_", " ")  # "czesc ciala" is typed for "część ciała"
    found = categories(lang).values()
    for category in found:
        if wanted in (loose(category.id).replace("_", " "), loose(category.name)):
            return category
    for category in found:
        if wanted == category.english.replace("_", " "):
            return category
    return None
