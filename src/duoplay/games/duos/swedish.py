"""Reading a Swedish word that is neither one of our cards nor a hint word.

The encoder has no Swedish, so such a word is read through Debian's FreeDict dictionaries. The
Swedish-English one is small (about 5,200 headwords) and often puts an old or rare sense first
(fat: barrel, penna: feather, skål: cheers); the Swedish-Spanish, -German and -French ones
(WikDict, 13,000 to 38,000 headwords) have most everyday words, but in no order of frequency
(tåg: a rush before a train, in German and French). So the word is read by consensus: every
sense in every installed dictionary is a candidate, and the one the other dictionaries agree with
best (by the encoder's cosine across languages) wins, nouns first since cards name things. It is
said in English when the Swedish-English dictionary has that sense, otherwise in the language of
the dictionary that has it: the encoder reads Spanish, German and French.

Each dictionary is optional: without any, Swedish words are read as they are.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

import numpy as np

from duoplay.core.freedict import SWEDISH_ENDINGS, FreeDict, installed
from duoplay.games.duos.embedding import Cosines, shared_cosines

# Target language (as the dictionary names it) -> Debian package's dictionary name.
DICTIONARIES = {"eng": "freedict-swe-eng", "spa": "freedict-swe-spa", "deu": "freedict-swe-deu",
                "fra": "freedict-swe-fra"}
# Where a sense is known only in Spanish or French, its English words (pluma -> pen).
TO_ENGLISH = {"spa": "freedict-spa-eng", "fra": "freedict-fra-eng"}
NOUN_BONUS = 0.15  # a card names a thing: "salt" the noun before "salty"
RANK_COST = 0.02  # between equally supported senses, the dictionary's earlier one
WORD_COST = 0.05  # between English words that fit a sense alike, the one its dictionary gives first
SAME_SENSE = 0.5  # cosine at which an English word says the chosen sense
ALTERNATIVE_MARGIN = 0.5  # a sense scoring this close to the best is another reading of the word


@dataclass(frozen=True)
class Candidate:
    """A sense of the word in one dictionary."""

    language: str
    rank: int
    noun: bool
    words: tuple[str, ...]

    @property
    def text(self) -> str:
        return ", ".join(self.words[:2])


class SwedishReader:
    def __init__(self, dictionaries: dict[str, FreeDict],
                 to_english: dict[str, FreeDict] | None = None) -> None:
        self.dictionaries = dictionaries
        self.to_english = to_english or {}
        self._cache: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()

    def readings(self, word: str, cosines: Cosines | None = None) -> tuple[str, ...]:
        """The word's reading, then the other senses the dictionaries support almost as well
        (fat: a barrel, or the saucer under a cup), at most three; () when no dictionary has it."""
        with self._lock:
            if word not in self._cache:
                self._cache[word] = self._read(word, cosines or shared_cosines)
            return self._cache[word]

    def _read(self, word: str, cosines: Cosines) -> tuple[str, ...]:
        senses = [Candidate(language, rank, sense.noun is True, sense.words)
                  for language, dictionary in self.dictionaries.items()
                  for rank, sense in enumerate(dictionary.senses(word))]
        if not senses:
            return ()
        # English words that may say a sense, each with its place in its own sense ("net" before
        # "network"): the Swedish-English words, and the English of the Spanish and French senses.
        english_senses = [s.words for s in senses if s.language == "eng"] + [
            found.words for s in senses if s.language in self.to_english
            for found in self.to_english[s.language].senses(s.words[0])[:2]]
        place: dict[str, int] = {}
        for words in english_senses:
            for position, w in enumerate(words[:3]):
                place[w] = min(place.get(w, position), position)
        english = list(place)
        texts = [s.text for s in senses] + english
        similar = cosines(texts)
        # The same string in two dictionaries is most often a Swedish gloss that slipped into both
        # ("sanning" under ljus), not two translations agreeing: it lends no support.
        same = np.array([[a == b for b in texts] for a in texts])
        similar = np.where(same & ~np.eye(len(texts), dtype=bool), 0.0, similar)
        languages = {s.language for s in senses}

        def best_in(language: str, k: int) -> int:
            among = (j for j, s in enumerate(senses) if s.language == language)
            return max(among, key=lambda j: similar[k, j])

        def score(k: int) -> float:
            support = sum(similar[k, best_in(language, k)] for language in languages - {senses[k].language})
            return float(support) + NOUN_BONUS * senses[k].noun - RANK_COST * senses[k].rank

        def said(k: int) -> str:
            """Sense k in English where an English word fits it as the other dictionaries give it
            (an English sense that no other dictionary supports is said as it is)."""
            agreeing = [best_in(language, k) for language in languages - {senses[k].language, "eng"}]
            if senses[k].language != "eng":
                agreeing.append(k)
            if not agreeing:
                return senses[k].words[0]
            fit = {e: float(np.mean([similar[j, len(senses) + e] for j in agreeing]))
                   - WORD_COST * place[english[e]] for e in range(len(english))}
            best = max(fit, key=lambda e: fit[e], default=None)
            if best is not None and fit[best] >= SAME_SENSE:
                return english[best]
            return senses[k].text  # both words: "pluma, bolígrafo" is a pen, not a feather

        scores = [score(k) for k in range(len(senses))]
        ranked = sorted(range(len(senses)), key=lambda k: -scores[k])
        kept: list[int] = []
        for k in ranked:  # a sense already kept in another dictionary's words is not another reading
            if scores[k] >= scores[ranked[0]] - ALTERNATIVE_MARGIN and all(
                    similar[k, j] < SAME_SENSE for j in kept):
                kept.append(k)
        return tuple(dict.fromkeys(said(k) for k in kept))[:3]



@cache
def swedish_reader() -> SwedishReader | None:
    """The reader over the installed dictionaries, or None when none is installed."""
    found = {language: installed(name, SWEDISH_ENDINGS) for language, name in DICTIONARIES.items()}
    back = {language: installed(name) for language, name in TO_ENGLISH.items()}
    dictionaries = {language: d for language, d in found.items() if d is not None}
    if not dictionaries:
        return None
    return SwedishReader(dictionaries, {language: d for language, d in back.items() if d is not None})
