"""What people pair everyday words with, as annotators wrote it down (`content/everyday/*.json`).

For words that are not our cards the encoder knows what things are alike, not what goes with
what: it pairs a hot dog with a taco where people pair it with mustard. Each annotator, alone
and from their own sense of common associations (no board, no bot, no other list), took a domain
(food, animals, the home, people, places, leisure), listed its everyday words and, for each, the
words people would pair it with, strength 3 (the partner most reach for first), 2 or 1. Two words'
link is the strongest any annotator gave them, either way round, over 3.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from duoplay.games.duos.lexicon import exact
from duoplay.games.duos.wordnet import wordnet

STRONGEST = 3


def key(word: str) -> str:
    """An English word as the lists and boards are matched: as `other_key`, a hyphen as a space,
    the last word singular."""
    text = other_key(word.replace("-", " "))
    dictionary = wordnet()
    if dictionary is None or not text:
        return text
    *head, last = text.split(" ")
    return " ".join([*head, dictionary.base(last)])


@cache
def everyday_links() -> dict[frozenset[str], float]:
    """(word, word) -> the link, 0 to 1, for every pair some annotator linked."""
    folder = resources.files("duoplay.games.duos").joinpath("content", "everyday")
    links: dict[frozenset[str], float] = {}
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not entry.name.endswith(".json"):
            continue
        for word, partners in json.loads(entry.read_text("utf-8"))["links"].items():
            for partner, strength in partners:
                pair = frozenset((key(word), key(partner)))
                if len(pair) == 2:
                    links[pair] = max(links.get(pair, 0.0), int(strength) / STRONGEST)
    return links


def everyday_link(a: str, b: str) -> float:
    return everyday_links().get(frozenset((key(a), key(b))), 0.0)


def other_key(word: str) -> str:
    """A word as the translations and boards are matched: case folded, single spaces."""
    return " ".join(exact(word).split())


@cache
def translations(language: str) -> dict[str, tuple[str, ...]]:
    """A word of `language` -> the English words of the lists it names (content/everyday/
    <language>_*.tsv: each English word of the lists, translated by hand from the word alone)."""
    folder = resources.files("duoplay.games.duos").joinpath("content", "everyday")
    found: dict[str, list[str]] = {}
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not (entry.name.startswith(f"{language}_") and entry.name.endswith(".tsv")):
            continue
        for line in entry.read_text("utf-8").splitlines():
            english, _, said = line.partition("\t")
            if line.startswith("#") or not said.strip():
                continue
            for word in said.split("|"):
                if other_key(word):
                    found.setdefault(other_key(word), []).append(english)
    return {word: tuple(dict.fromkeys(english)) for word, english in found.items()}


def english_words(name: str, language: str) -> tuple[str, ...]:
    """The English words of the lists a name in `language` says (none for English itself)."""
    return () if language == "en" else translations(language).get(other_key(name), ())
