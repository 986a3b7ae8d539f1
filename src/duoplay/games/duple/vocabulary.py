"""The words a Duple bot (or a simulated person) knows and says, by how common they are.

People answer with words they use: a sea creature is a crab or a shark, not a grubby. What a
level knows is the word finder's candidates (`words.answer.candidates`, most common first)
kept to two rules:

- `min_zipf`: only words at least this common in wordfreq's ranking (Zipf 3 is about one
  word in a million of running text; "crab" 3.76, "octopus" 3.46, "grubby" 2.78);
- `lists_only`: only the words the category's own lists name (`content/<lang>/lexicon`, CLDR
  names), not the English WordNet words whose frequency comes from another sense ("young"
  is a common word but rarely an animal, "grubby" a common adjective but rarely a fish).

As it scans, each accepted word it knows comes to mind with probability `recall` (so it does
not always say the very most common one), and a try finds nothing at all with probability
`blank`: it thinks again after another reaction time. All draws come from the given `rng`.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from duoplay.games.duple.words.answer import Candidates, candidates, letters_mask
from duoplay.games.duple.words.folding import fold
from duoplay.games.duple.words.judge import judge_answer, language


@dataclass(frozen=True, slots=True)
class Vocabulary:
    min_zipf: float  # the rarest word it knows (0: every candidate)
    lists_only: bool  # only the category's own lists, no WordNet words
    recall: float  # chance that an accepted word it knows comes to mind as it scans
    blank: float  # chance that a try finds nothing at all


_KNOWN: dict[tuple[str, str | None, float, bool], Candidates] = {}
_LOCK = threading.Lock()


def known(lang: str, category: str | None, vocabulary: Vocabulary) -> Candidates:
    """The candidates this vocabulary knows, most common first (built once, then cached)."""
    key = (lang, category, vocabulary.min_zipf, vocabulary.lists_only)
    with _LOCK:
        found = _KNOWN.get(key)
    if found is not None:
        return found
    every = candidates(lang, category)
    listed: set[str] | None = None
    if vocabulary.lists_only and category is not None:
        lexicon = language(lang).lexicon
        listed = {*lexicon.curated.get(category, {}), *lexicon.extra.get(category, {})}
    kept = [i for i, (word, zipf) in enumerate(zip(every.words, every.zipf, strict=True))
            if zipf >= vocabulary.min_zipf and (listed is None or fold(lang, word) in listed)]
    found = Candidates(tuple(every.words[i] for i in kept), tuple(every.masks[i] for i in kept),
                       tuple(every.zipf[i] for i in kept))
    with _LOCK:
        _KNOWN[key] = found
    return found


def say_word(lang: str, letters: Sequence[str], category: str | None, vocabulary: Vocabulary,
             rng: random.Random) -> str | None:
    """The word that comes to mind for these letters and category (None: all play), or None."""
    if rng.random() < vocabulary.blank:
        return None
    wanted = letters_mask(lang, letters)
    found = known(lang, category, vocabulary)
    for word, mask in zip(found.words, found.masks, strict=True):
        if mask & wanted != wanted or not judge_answer(lang, word, letters, category).accepted:
            continue
        if rng.random() < vocabulary.recall:
            return word
    return None
