"""Reading a Spanish, French or Polish word that is not one of our cards through English.

The encoder reads these languages, but it relates two words best when both are in one language,
and our cards, hint words and WordNet definitions are English. So such a word is read through
Debian's FreeDict dictionary into English: of its translations, those the encoder finds closest to
the word as written, so that a rare sense a dictionary happens to give first does not win (Polish
"kot" is a cat before a dust bunny). A word with two everyday meanings keeps both ("rakieta": a
racket and a rocket). Without the dictionary, or when no translation is close to the word, it
is read as written.
"""

from __future__ import annotations

import threading
from functools import cache

from duoplay.core.freedict import FreeDict, installed
from duoplay.games.duos.embedding import Cosines, shared_cosines

DICTIONARIES = {"es": "freedict-spa-eng", "fr": "freedict-fra-eng", "pl": "freedict-pol-eng"}
SENSES = 4  # a dictionary's first senses: later ones are rare
SAME_MEANING = 0.5  # cosine at which a translation says the word
WORD_COST = 0.05  # between translations that fit alike, the one the dictionary gives first
ALTERNATIVE_MARGIN = 0.1  # a translation fitting this close to the best is another reading


class TranslatingReader:
    def __init__(self, dictionary: FreeDict) -> None:
        self.dictionary = dictionary
        self._cache: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()

    def readings(self, word: str, cosines: Cosines | None = None) -> tuple[str, ...]:
        """The English readings of a word, the likeliest first; () when none fits it."""
        with self._lock:
            if word not in self._cache:
                self._cache[word] = self._read(word, cosines or shared_cosines)
            return self._cache[word]

    def _read(self, word: str, cosines: Cosines) -> tuple[str, ...]:
        place: dict[str, int] = {}  # English word -> its place in its own sense ("net" before "network")
        for sense in self.dictionary.senses(word)[:SENSES]:
            for position, translation in enumerate(sense.words[:3]):
                place[translation] = min(place.get(translation, position), position)
        if not place:
            return ()
        english = list(place)
        similar = cosines([word, *english])
        fit = [float(similar[0, k + 1]) - WORD_COST * place[e] for k, e in enumerate(english)]
        ranked = sorted(range(len(english)), key=lambda k: -fit[k])
        kept: list[int] = []
        for k in ranked:  # a synonym of a kept reading is not another reading
            if fit[k] >= max(SAME_MEANING, fit[ranked[0]] - ALTERNATIVE_MARGIN) and all(
                    similar[k + 1, j + 1] < SAME_MEANING for j in kept):
                kept.append(k)
        return tuple(english[k] for k in kept[:3])



@cache
def translating_reader(language: str) -> TranslatingReader | None:
    """The reader for `language` ("es", "fr", "pl"), or None when its dictionary is not installed."""
    name = DICTIONARIES.get(language)
    dictionary = installed(name) if name is not None else None
    return TranslatingReader(dictionary) if dictionary is not None else None
