"""Common words: wordfreq's ranking, kept to what the hunspell dictionary knows.

wordfreq knows typos and slang, so it only ranks; hunspell says what is a word. The
list gives All Play answers to the bot, and the accented spelling of a word typed
without its accents ("cancion" -> "canción"; Swedish "kott" -> "kött", Polish "zolw" -> "żółw").
"""

from __future__ import annotations

import hashlib
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from duoplay.games.duple.words.dictionary import WordDictionary
from duoplay.games.duple.words.folding import READ_WITHOUT_MARKS, fold, loose

COMMON_WORDS = 60_000  # how far down wordfreq's list to look


@dataclass(slots=True)
class CommonWords:
    zipf: dict[str, float] = field(default_factory=dict)  # every word wordfreq knows -> Zipf frequency
    words: list[str] = field(default_factory=list)  # lower-case dictionary words, most common first
    spellings: dict[str, tuple[str, ...]] = field(default_factory=dict)  # folded -> words as written
    loose: dict[str, tuple[str, ...]] = field(default_factory=dict)  # with every mark gone (sv, pl)

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


def load_common(lang: str, dictionary: WordDictionary) -> CommonWords:
    found = CommonWords()
    try:
        from wordfreq import get_frequency_dict
    except ModuleNotFoundError:
        return found
    frequencies: dict[str, float] = get_frequency_dict(lang)
    found.zipf = {w: round(math.log10(f) + 9, 2) for w, f in frequencies.items() if f > 0}
    ranked = [w for w, _ in sorted(found.zipf.items(), key=lambda item: (-item[1], item[0]))[:COMMON_WORDS]]
    for word in _dictionary_words(lang, dictionary, ranked):
        found.words.append(word)
        key = fold(lang, word)
        found.spellings[key] = (*found.spellings.get(key, ()), word)
        if lang in READ_WITHOUT_MARKS:
            plain = loose(word)
            found.loose[plain] = (*found.loose.get(plain, ()), word)
    return found


def _cache_file(lang: str, dictionary: WordDictionary) -> Path:
    """Where this language's checked list is kept: named by what it was made from, so a new
    dictionary or wordfreq release makes a new one."""
    from importlib.metadata import version

    made_from = [str(COMMON_WORDS), version("wordfreq"), type(dictionary).__name__]
    for path in dictionary.files:
        stat = path.stat()
        made_from += [str(path), str(stat.st_size), str(int(stat.st_mtime))]
    digest = hashlib.sha1("|".join(made_from).encode()).hexdigest()[:12]
    folder = Path(os.environ.get("DUOPLAY_CACHE") or Path.home() / ".cache" / "duoplay")
    return folder / "duple" / f"common-{lang}-{digest}.txt"


def _dictionary_words(lang: str, dictionary: WordDictionary, ranked: list[str]) -> list[str]:
    """The ranked words the dictionary knows in lower case, in rank order.

    Checking 60,000 words takes seconds (spylls in Spanish and English, the C library in
    Swedish, Polish and French), so the answer is kept in a cache file, named by the files and
    the reader that made it, and read back next time; a cache that cannot be written only costs
    the time again."""
    cache = _cache_file(lang, dictionary)
    try:
        return cache.read_text("utf-8").split()
    except OSError:
        pass
    words = [w for w in ranked if w.isalpha() and dictionary.is_common(w)]
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text("\n".join(words) + "\n", "utf-8")
        os.replace(partial, cache)
    except OSError:
        pass
    return words
