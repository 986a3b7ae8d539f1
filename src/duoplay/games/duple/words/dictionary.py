"""Is it a word: Debian's hunspell dictionaries read with `spylls`.

One dictionary per language, loaded on first use (1-2 s) and shared by every thread.
Common words are stored in lower case and names capitalized ("Madrid"); hunspell
accepts a capitalized common word too ("Gato"), so a name is a capitalized form whose
lower case is not a word. `good_forms` tells how a word was built: "gatos" = gato + the
plural suffix flag S, "crisis" is a stem of its own. Spanish verbs carry flag R.

Swedish, Polish and French inflect more than plurals: there every suffix form counts as an
inflection of its stem ("hundar", "bilen" <- hund, bil; "koty", "kota" <- kot; "chevaux",
"mange" <- cheval, manger), and a word that is a stem of its own stands alone ("glasögon",
"nożyczki"). French entries carry their part of speech (`po:v1...` verbs, `po:adj`);
Polish verbs are stems ending in ć or c with a conjugation flag (H, I, d, i), adjectives
stems with the declension flags X and b; Swedish flags say neither (its lists do).
Answers are cached: the game asks about the same words again and again.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DEFAULT_FOLDER = Path("/usr/share/hunspell")
FILES = {"es": "es_ES", "en": "en_US", "sv": "sv_SE", "pl": "pl_PL", "fr": "fr_FR"}
PACKAGES = {"es": "hunspell-es", "en": "hunspell-en-us", "sv": "hunspell-sv", "pl": "hunspell-pl",
            "fr": "hunspell-fr"}
PLURAL_FLAG = "S"  # the plural suffix in the Spanish and English dictionaries
VERB_FLAG = "R"  # Spanish: the stem is a verb (its conjugations hang on it)
INFLECTING = frozenset({"sv", "pl", "fr"})  # every suffix form is an inflection of its stem
POLISH_VERB_FLAGS = frozenset("HIdi")
POLISH_ADJECTIVE_FLAGS = frozenset("Xb")
_CACHE = 65536


@dataclass(frozen=True, slots=True)
class Analysis:
    """How hunspell reads one lower-case word."""

    known: bool
    singulars: tuple[str, ...]  # stems the word is the plural of (S suffix), in lower case; in
    # Swedish, Polish and French the stems of any inflection ("bilen" -> "bil", "mange" -> "manger")
    stands_alone: bool  # the word is a stem of its own that is not just a plural ("news", "dos")
    verb: bool  # every reading comes from a verb stem (Spanish flag R, French po:v, Polish -ć)
    infinitive: bool  # a verb stem read as it is (Spanish, French, Polish)
    adjective: bool = False  # some reading is an adjective (French po:adj, Polish flags)


class Hunspell:
    def __init__(self, lang: str, folder: Path) -> None:
        from spylls.hunspell import Dictionary

        self.lang = lang
        self.files = (folder / f"{FILES[lang]}.dic", folder / f"{FILES[lang]}.aff")
        self._dictionary: Any = Dictionary.from_files(str(folder / FILES[lang]))
        self._lock = threading.Lock()
        self.lookup = lru_cache(maxsize=_CACHE)(self._lookup)
        self.analyse = lru_cache(maxsize=_CACHE)(self._analyse)

    def _lookup(self, word: str) -> bool:
        if self.lang in INFLECTING and word.islower():
            # The analysis searches the same forms (a lower-case word has no other casing to
            # try) and the judge asks for it next: one search of up to a millisecond, not two.
            return self.analyse(word).known
        # Compounds are left out (only Swedish has them, and its lists hold the common ones):
        # skipping them halves the cost of a miss.
        with self._lock:
            forms = self._dictionary.lookuper.good_forms(word, compound_forms=False)
            return any(True for _ in forms)

    def is_common(self, word: str) -> bool:
        """A word written in lower case ("gato", "costa")."""
        return " " not in word and self.lookup(word.lower())

    def is_name(self, word: str) -> bool:
        """A capitalized word that is not also a common word ("Madrid", "Paris")."""
        if " " in word or self.is_common(word):
            return False
        capitalized = word[:1].upper() + word[1:].lower()
        if self.lang in INFLECTING:  # the lower-case forms were just searched: only the name is left
            return self.has_name(word) or (word != capitalized and self.lookup(word))
        return self.lookup(capitalized) or self.lookup(word)

    def has_name(self, word: str) -> bool:
        """The dictionary stores this word capitalized ("Honduras", "Paula"), whatever else it stores."""
        capitalized = word[:1].upper() + word[1:].lower()
        with self._lock:
            return any(True for _ in self._dictionary.lookuper.good_forms(capitalized, capitalization=False,
                                                                            compound_forms=False))

    def _analyse(self, word: str) -> Analysis:
        with self._lock:
            forms = list(self._dictionary.lookuper.good_forms(word, capitalization=False,
                                                                     compound_forms=False))
        if not forms:
            return Analysis(False, (), False, False, False)
        if self.lang in INFLECTING:
            return _inflected(self.lang, word, forms)
        singulars: list[str] = []
        stands_alone = False
        all_verb = True
        infinitive = False
        for form in forms:
            entry = getattr(form, "in_dictionary", None)
            flags: set[str] = set(getattr(entry, "flags", None) or ())
            suffix = getattr(form, "suffix", None)
            prefix = getattr(form, "prefix", None)
            is_verb = VERB_FLAG in flags and self.lang == "es"
            all_verb = all_verb and is_verb
            if suffix is None and prefix is None:
                infinitive = infinitive or (is_verb and form.stem == word)
                # A stem of its own: in English always ("news", "jeans"); Spanish lists many
                # plurals as stems ("gatos", "países"), so there only a stem that has a plural
                # of its own ("dos" -> "doses") or is not a plural of another stem.
                if self.lang == "en" or PLURAL_FLAG in flags:
                    stands_alone = True
            elif suffix is not None and suffix.flag == PLURAL_FLAG and prefix is None and form.stem != word:
                singulars.append(form.stem)
        if not singulars and any(f.suffix is None and f.prefix is None for f in forms):
            stands_alone = True
        return Analysis(True, tuple(dict.fromkeys(singulars)), stands_alone, all_verb, infinitive)


def _inflected(lang: str, word: str, forms: list[Any]) -> Analysis:
    """How a Swedish, Polish or French word was built: its stems, and what the stems are."""
    bases: list[str] = []
    stands_alone = all_verb = infinitive = adjective = False
    all_verb = True
    for form in forms:
        entry = getattr(form, "in_dictionary", None)
        flags: set[str] = set(getattr(entry, "flags", None) or ())
        data = getattr(entry, "data", None) or {}
        stem = str(form.stem)
        if lang == "fr":
            parts = data.get("po", ())
            is_verb = any(p.startswith("v") for p in parts)
            adjective = adjective or "adj" in parts
        elif lang == "pl":
            is_verb = stem[-1:] in ("ć", "c") and bool(flags & POLISH_VERB_FLAGS)
            adjective = adjective or (flags >= POLISH_ADJECTIVE_FLAGS and stem[-1:] in ("y", "i"))
        else:
            is_verb = False
        all_verb = all_verb and is_verb
        if stem.lower() == word:
            stands_alone = True
            infinitive = infinitive or is_verb
        elif getattr(form, "prefix", None) is None:
            bases.append(stem.lower())
    return Analysis(True, tuple(dict.fromkeys(bases)), stands_alone, all_verb, infinitive, adjective)


_LOADED: dict[str, Hunspell] = {}
_LOAD_LOCK = threading.Lock()


def hunspell(lang: str) -> Hunspell:
    """The process's dictionary for a language (loaded once, on first use)."""
    with _LOAD_LOCK:
        found = _LOADED.get(lang)
        if found is None:
            if lang not in FILES:
                raise ValueError(f"no dictionary for language {lang!r}")
            folder = Path(os.environ.get("DUOPLAY_HUNSPELL", DEFAULT_FOLDER))
            if not (folder / f"{FILES[lang]}.dic").exists():
                missing = folder / f"{FILES[lang]}.dic"
                raise RuntimeError(f"{missing} is missing: install Debian's {PACKAGES[lang]}")
            found = _LOADED[lang] = Hunspell(lang, folder)
        return found
