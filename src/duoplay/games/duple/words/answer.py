"""The bot's word finder: the most common word it knows that has the letters and that the judge accepts.

Candidates for a category are its lexicon entries (and for English the WordNet words whose
first sense is in the category and that wordfreq knows); for All Play, the common dictionary
words. Each candidate list is built once per language and category, ranked by wordfreq's
Zipf frequency (most common first), with a bit mask of its folded letters, so a call scans
integers until a mask fits and asks the judge only about those words.

`skill` 1.0 is the hard bot: the most common accepted word, always. A lower skill knows
only the more common words (Zipf at least 6 x (1 - skill)), sometimes passes over the
first word that comes to mind, and sometimes finds nothing.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from duoplay.games.duple.words.folding import fold, fold_letter
from duoplay.games.duple.words.judge import judge_answer, language

WORDNET_MIN_ZIPF = 1.5  # a WordNet word the bot may say must be at least this common


@dataclass(frozen=True, slots=True)
class Candidates:
    words: tuple[str, ...]
    masks: tuple[int, ...]
    zipf: tuple[float, ...]


_BUILT: dict[tuple[str, str | None], Candidates] = {}
_LOCK = threading.Lock()
_BITS: dict[str, int] = {}


def _bit(char: str) -> int:
    bit = _BITS.get(char)
    if bit is None:
        bit = _BITS[char] = 1 << len(_BITS)
    return bit


def _mask(lang: str, text: str) -> int:
    mask = 0
    for char in fold(lang, text):
        if char.isalpha():
            mask |= _bit(char)
    return mask


def candidates(lang: str, category: str | None) -> Candidates:
    """The words the bot may say for a category (None: All Play), most common first."""
    key = (lang, category)
    with _LOCK:
        found = _BUILT.get(key)
        if found is not None:
            return found
    data = language(lang)
    words: dict[str, None] = {}
    if category is None:
        words = dict.fromkeys(data.common.words)
    else:
        card = data.categories[category]
        for entry in (*data.lexicon.curated.get(category, {}).values(),
                      *data.lexicon.extra.get(category, {}).values()):
            if card.proper_nouns or " " not in entry:
                words[entry] = None
        for folded in sorted(data.lexicon.wordnet_primary.get(category, frozenset())):
            if " " in folded:
                continue
            for written in data.common.spellings.get(folded, ()):
                if data.common.frequency(lang, written) >= WORDNET_MIN_ZIPF:
                    words[written] = None
    ranked = sorted(words, key=lambda w: (-data.common.frequency(lang, w), w))
    built = Candidates(tuple(ranked), tuple(_mask(lang, w) for w in ranked),
                       tuple(data.common.frequency(lang, w) for w in ranked))
    with _LOCK:
        _BUILT[key] = built
    return built


def letters_mask(lang: str, letters: Sequence[str]) -> int:
    """The bits a candidate's mask must hold to have every one of these letters."""
    wanted = 0
    for letter in letters:
        for char in fold_letter(lang, letter):
            wanted |= _bit(char)
    return wanted


def find_answer(lang: str, letters: Sequence[str], category: str | None, skill: float,
                rng: random.Random) -> str | None:
    """The bot's answer, or None when it finds nothing it knows."""
    skill = min(1.0, max(0.0, skill))
    if skill < 1.0 and rng.random() < 0.25 * (1.0 - skill):
        return None  # a blank
    found = candidates(lang, category)
    wanted = letters_mask(lang, letters)
    floor = 6.0 * (1.0 - skill)
    for word, mask, zipf in zip(found.words, found.masks, found.zipf, strict=True):
        if zipf < floor:
            break  # the rest are rarer still
        if mask & wanted != wanted:
            continue
        if not judge_answer(lang, word, letters, category).accepted:
            continue
        if skill < 1.0 and rng.random() > 0.5 + 0.5 * skill:
            continue  # it did not come to mind
        return word
    return None
