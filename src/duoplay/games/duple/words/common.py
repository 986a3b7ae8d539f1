"""Common words: wordfreq's ranking, kept to what the hunspell dictionary knows.

wordfreq knows typos and slang, so it only ranks; hunspell says what is a word. The
list gives All Play answers to the bot, and the accented spelling of a word typed
without its accents ("cancion" -> "canción").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from duoplay.games.duple.words.dictionary import Hunspell
from duoplay.games.duple.words.folding import fold

COMMON_WORDS = 60_000  # how far down wordfreq's list to look


@dataclass(slots=True)
class CommonWords:
    zipf: dict[str, float] = field(default_factory=dict)  # every word wordfreq knows -> Zipf frequency
    words: list[str] = field(default_factory=list)  # lower-case dictionary words, most common first
    spellings: dict[str, tuple[str, ...]] = field(default_factory=dict)  # folded -> words as written

    def frequency(self, lang: str, text: str) -> float:
        """Zipf frequency of a word or a name (0 when unknown)."""
        lower = text.lower()
        if lower in self.zipf:
            return self.zipf[lower]
        if " " in lower or "-" in lower:
            try:
                from wordfreq import zipf_frequency
            except ModuleNotFoundError:
                return 0.0
            return float(zipf_frequency(lower, lang))
        return 0.0


def load_common(lang: str, dictionary: Hunspell) -> CommonWords:
    found = CommonWords()
    try:
        from wordfreq import get_frequency_dict
    except ModuleNotFoundError:
        return found
    frequencies: dict[str, float] = get_frequency_dict(lang)
    found.zipf = {w: round(math.log10(f) + 9, 2) for w, f in frequencies.items() if f > 0}
    ranked = sorted(found.zipf.items(), key=lambda item: (-item[1], item[0]))[:COMMON_WORDS]
    for word, _ in ranked:
        if word.isalpha() and dictionary.is_common(word):
            found.words.append(word)
            key = fold(lang, word)
            found.spellings[key] = (*found.spellings.get(key, ()), word)
    return found
