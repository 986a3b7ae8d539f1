"""Duple's decks, per game language: 64 letter cards (a letter and a symbol), 8 wild
cards (two symbols each) and 44 category cards (40 categories and 4 All Play).

Card content is data (`content/<lang>/`); a letter deck card is an int: 0-63 are the
letter cards, 64-71 the wild cards. A category card is its id; All Play cards are `ALL_PLAY`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

LANGUAGES = ("es", "en", "sv", "pl", "fr")
ALL_PLAY = "all_play"
LETTER_CARDS = 64
WILD_CARDS = 8
ALL_PLAY_CARDS = 4
CATEGORY_CARDS = 40
NO_ALL_PLAY_ON_TOP = 5  # the first category cards never hold an All Play


@dataclass(frozen=True, slots=True)
class Category:
    id: str
    name: str
    proper_nouns: bool  # answers are names (countries, people...), which may be several words


@dataclass(frozen=True, slots=True)
class Deck:
    lang: str
    symbols: tuple[str, ...]
    letters: tuple[tuple[str, str], ...]  # (letter, symbol) of letter card i
    wilds: tuple[tuple[str, str], ...]  # the two symbols of wild card 64 + i
    categories: dict[str, Category]
    all_play_name: str

    def is_wild(self, card: int) -> bool:
        return card >= LETTER_CARDS

    def letter(self, card: int) -> str:
        return self.letters[card][0]

    def symbol(self, card: int) -> str:
        return self.letters[card][1]

    def wild_symbols(self, card: int) -> tuple[str, str]:
        return self.wilds[card - LETTER_CARDS]

    def category_name(self, card: str) -> str:
        return self.all_play_name if card == ALL_PLAY else self.categories[card].name


@cache
def deck(lang: str) -> Deck:
    folder = resources.files("duoplay.games.duple") / "content" / lang
    letters = json.loads((folder / "letters.json").read_text(encoding="utf-8"))
    categories = json.loads((folder / "categories.json").read_text(encoding="utf-8"))
    made = Deck(
        lang=lang,
        symbols=tuple(letters["symbols"]),
        letters=tuple((c["letter"], c["symbol"]) for c in letters["letters"]),
        wilds=tuple((a, b) for a, b in letters["wilds"]),
        categories={c["id"]: Category(c["id"], c["name"], c["proper_nouns"])
                    for c in categories["categories"]},
        all_play_name=categories["all_play"]["name"],
    )
    assert len(made.letters) == LETTER_CARDS and len(made.wilds) == WILD_CARDS
    assert len(made.categories) == CATEGORY_CARDS and categories["all_play"]["count"] == ALL_PLAY_CARDS
    return made
