"""Is it a word: Debian's hunspell dictionaries, read by `spylls` (Spanish, English) or by the
C library libhunspell (Swedish, Polish, French: `native.py`, where spylls' pure-Python affix
search cost 1-2 ms a word). Both give the same `Analysis`, built by `inflected` for the three.

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
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

DEFAULT_FOLDER = Path("/usr/share/hunspell")
FILES = {"es": "es_ES", "en": "en_US", "sv": "sv_SE", "pl": "pl_PL", "fr": "fr_FR"}
PACKAGES = {"es": "hunspell-es", "en": "hunspell-en-us", "sv": "hunspell-sv", "pl": "hunspell-pl",
            "fr": "hunspell-fr"}
PLURAL_FLAG = "S"  # the plural suffix in the Spanish and English dictionaries
VERB_FLAG = "R"  # Spanish: the stem is a verb (its conjugations hang on it)
INFLECTING = frozenset({"sv", "pl", "fr"})  # every suffix form is an inflection of its stem
POLISH_VERB_FLAGS = frozenset("HIdi")
POLISH_ADJECTIVE_FLAGS = frozenset("Xb")
POLISH_PLURAL_FLAG = "W"  # the plural's case endings (-om, -ami, -ach) hung on a nominative plural
CACHE_SIZE = 65536


def capitalize(word: str) -> str:
    """"kraków" -> "Kraków", "PARIS" -> "Paris"."""
    return word[:1].upper() + word[1:].lower()


def ordered_bases(bases: list[str]) -> tuple[str, ...]:
    """Each stem once, shortest first ("koty": kot, then kota), whatever order a reader finds them in."""
    return tuple(sorted(set(bases), key=lambda b: (len(b), b)))


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
        self.lookup = lru_cache(maxsize=CACHE_SIZE)(self._lookup)
        self.analyse = lru_cache(maxsize=CACHE_SIZE)(self._analyse)

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
        capitalized = capitalize(word)
        if self.lang in INFLECTING:  # the lower-case forms were just searched: only the name is left
            return self.has_name(word) or (word != capitalized and self.lookup(word))
        return self.lookup(capitalized) or self.lookup(word)

    def has_name(self, word: str) -> bool:
        """The dictionary stores this word capitalized ("Honduras", "Paula"), whatever else it stores."""
        capitalized = capitalize(word)
        with self._lock:
            return any(True for _ in self._dictionary.lookuper.good_forms(capitalized, capitalization=False,
                                                                            compound_forms=False))

    def refuses(self, word: str) -> bool:
        """The dictionary lists the word as a misspelling ("trägård"): spylls' full lookup honours
        the forbidding flag, its search of affix forms does not."""
        with self._lock:
            accepted = self._dictionary.lookup(word)
        return not accepted and self.lookup(word)

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
    """How a Swedish, Polish or French word was built, from spylls' forms."""
    readings = []
    for form in forms:
        entry = getattr(form, "in_dictionary", None)
        data = getattr(entry, "data", None) or {}
        readings.append(Form(str(form.stem), getattr(form, "prefix", None) is not None,
                             frozenset(getattr(entry, "flags", None) or ()), tuple(data.get("po", ()))))
    return inflected(lang, word, readings)


@dataclass(frozen=True, slots=True)
class Form:
    """One way a dictionary builds a word: from which stem, and what its entry says."""

    stem: str
    prefixed: bool
    flags: frozenset[str]  # the entry's flags
    parts: tuple[str, ...]  # the entry's parts of speech (French "v1_it_x__a", "adj", "nom")


def inflected(lang: str, word: str, forms: Iterable[Form]) -> Analysis:
    """How a Swedish, Polish or French word was built: its stems, and what the stems are.

    Polish lists many nominative plurals as stems of their own, to hang the plural's case
    endings on them (flag W: "słowa", "koty", "podróże"); such a stem is the plural of the
    singular it also inflects (słowo, kot, podróż), not a word of its own. A plural without a
    singular ("drzwi", "spodnie") still stands alone."""
    bases: list[str] = []
    stands_alone = plural_stem = infinitive = adjective = False
    all_verb = True
    for form in forms:
        stem, flags = form.stem, form.flags
        if lang == "fr":
            is_verb = any(p.startswith("v") for p in form.parts)
            adjective = adjective or "adj" in form.parts
        elif lang == "pl":
            is_verb = stem[-1:] in ("ć", "c") and bool(flags & POLISH_VERB_FLAGS)
            adjective = adjective or (flags >= POLISH_ADJECTIVE_FLAGS and stem[-1:] in ("y", "i"))
        else:
            is_verb = False
        all_verb = all_verb and is_verb
        if stem.lower() == word:
            if lang == "pl" and POLISH_PLURAL_FLAG in flags:
                plural_stem = True
            else:
                stands_alone = True
            infinitive = infinitive or is_verb
        elif not form.prefixed:
            bases.append(stem.lower())
    stands_alone = stands_alone or (plural_stem and not bases)
    return Analysis(True, ordered_bases(bases), stands_alone, all_verb, infinitive, adjective)


class WordDictionary(Protocol):
    """What the judge asks a dictionary, whichever reader answers."""

    lang: str
    files: tuple[Path, Path]

    def lookup(self, word: str) -> bool: ...
    def analyse(self, word: str) -> Analysis: ...
    def is_common(self, word: str) -> bool: ...
    def is_name(self, word: str) -> bool: ...
    def has_name(self, word: str) -> bool: ...
    def refuses(self, word: str) -> bool: ...


_LOADED: dict[str, WordDictionary] = {}
_LOAD_LOCK = threading.Lock()


def dictionary_folder(lang: str) -> Path:
    """Where the language's hunspell files are (DUOPLAY_HUNSPELL, else Debian's folder)."""
    if lang not in FILES:
        raise ValueError(f"no dictionary for language {lang!r}")
    folder = Path(os.environ.get("DUOPLAY_HUNSPELL", DEFAULT_FOLDER))
    if not (folder / f"{FILES[lang]}.dic").exists():
        missing = folder / f"{FILES[lang]}.dic"
        raise RuntimeError(f"{missing} is missing: install Debian's {PACKAGES[lang]}")
    return folder


def hunspell(lang: str) -> WordDictionary:
    """The process's dictionary for a language (loaded once, on first use): Swedish, Polish and
    French read by the C library (`native.py`), Spanish and English by spylls."""
    with _LOAD_LOCK:
        found = _LOADED.get(lang)
        if found is None:
            folder = dictionary_folder(lang)
            if lang in INFLECTING:
                from duoplay.games.duple.words.native import NativeHunspell

                found = NativeHunspell(lang, folder, FILES[lang])
            else:
                found = Hunspell(lang, folder)
            _LOADED[lang] = found
        return found
