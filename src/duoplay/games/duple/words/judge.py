"""The word judge: does an answer win the race?

`judge_answer` checks, in this order: empty, missing letters, a word the room already
accepted by vote ("remembered"), one word only (a name that fits the category may have
several), plural made to use a letter (the S; in Swedish, Polish and French any
inflection whose base form lacks a card letter: "bilen" for N), a word of the language or a
known name, no proper nouns in All Play, and the category (proper nouns fit any category
they belong to; a word typed without its accents fits when any word it spells does:
"sandias" is "sandías"; in Swedish, Polish and French, last of all, the rarer words placed
ahead of time by translation and the encoder, `inferred.py`). In Swedish and Polish a word typed
without its letters' marks ("kott", "lyzka") is first read as the word it spells. It is
deterministic and does no I/O once a language is loaded (`warm_up`), so a replayed match
judges every answer the same.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from duoplay.core.loading import collector_paused
from duoplay.games.duple.words.accents import marked_readings
from duoplay.games.duple.words.categories import LANGUAGES, Category, categories
from duoplay.games.duple.words.common import CommonWords, load_common
from duoplay.games.duple.words.dictionary import INFLECTING, Analysis, WordDictionary, hunspell
from duoplay.games.duple.words.folding import READ_WITHOUT_MARKS, fold, loose, missing_letters, normalise
from duoplay.games.duple.words.inflection import (
    polish_diminutive_bases,
    swedish_compound,
    swedish_infinitives,
    swedish_town_name,
)
from duoplay.games.duple.words.lexicon import CITY, PLACE, Lexicon, load_lexicon
from duoplay.games.duple.words.wordnet import WordNetCategories, wordnet_categories

__all__ = ["LANGUAGES", "REASONS", "Verdict", "judge_answer", "warm_up"]

REASONS = ("ok", "remembered", "empty", "missing_letter", "several_words", "plural", "not_a_word",
           "category", "proper_noun")
VERB = frozenset({"verbo", "verb"})  # the Swedish, Polish and French decks use the English ids
ADJECTIVE = frozenset({"adjetivo", "adjective"})


@dataclass(frozen=True, slots=True)
class Verdict:
    accepted: bool
    reason: str  # one of REASONS
    detail: str = ""  # missing_letter: the missing letter(s) as shown on the card, e.g. "D";
    # plural in Swedish, Polish and French: the base form ("bil" for "bilen")


@dataclass(slots=True)
class Language:
    """Everything the judge knows about one language, loaded once."""

    lang: str
    dictionary: WordDictionary
    common: CommonWords
    lexicon: Lexicon
    wordnet: WordNetCategories | None
    categories: dict[str, Category]


_LOADED: dict[str, Language] = {}
_LOCK = threading.Lock()


def language(lang: str) -> Language:
    """The judge's data for a language, loaded on first use (a few seconds)."""
    with _LOCK:
        found = _LOADED.get(lang)
        if found is None:
            wanted = categories(lang)  # refuses unknown languages
            with collector_paused():
                dictionary = hunspell(lang)
                found = Language(lang, dictionary, load_common(lang, dictionary), load_lexicon(lang),
                                 wordnet_categories() if lang == "en" else None, wanted)
            _LOADED[lang] = found
        return found


def warm_up(lang: str) -> None:
    """Load everything the judge and the bot need for a language."""
    data = language(lang)
    from duoplay.games.duple.words.answer import candidates

    with collector_paused():
        for category in (None, *data.categories):
            candidates(lang, category)


def _spellings(data: Language, text: str, folded: str) -> tuple[str, ...]:
    """The ways the answer may be written in the dictionary: as typed, or else with its accents.

    A word the dictionary knows as typed is read as typed ("leones" is not "leonés")."""
    listed = data.lexicon.known.get(folded)
    if " " not in text and ((listed is not None and listed.lower() == text.lower())
                            or data.dictionary.lookup(text.lower())):
        return (text, text.lower())
    found = [text, text.lower(), *data.common.spellings.get(folded, ())]
    if listed is not None:
        found += [listed, listed.lower()]
    if len(found) == 2:  # nothing else known: a rarer word typed without its accents ("sandias")
        found += _marked_readings(data, text)
    return tuple(dict.fromkeys(found))


def _marked_readings(data: Language, text: str) -> list[str]:
    """Words with accents that `text`, typed without them, may spell ("sandias": "sandías")."""
    def spellings_of(stem: str) -> list[str]:
        folded = fold(data.lang, stem)
        listed = data.lexicon.known.get(folded)
        return [*data.common.spellings.get(folded, ()), *([listed] if listed else [])]

    return marked_readings(data.lang, text.lower(), spellings_of, data.dictionary.lookup)


def _other_readings(data: Language, text: str, folded: str) -> tuple[str, ...]:
    """The other words an answer typed without accents may spell: "sandias" is an adjective as
    typed, and "sandías" (the fruit) too. A word typed with marks is read as typed ("lámpara" is
    not the verb form "lampara")."""
    if text.lower() != folded:
        return ()
    found = [*data.common.spellings.get(folded, ()),
             *_marked_readings(data, text)]
    return tuple(s for s in dict.fromkeys(found) if s.lower() != text.lower())


RESTORE_MARGIN = 1.0  # Zipf: a spelling ten times as common as the next is the one meant


def _restore(data: Language, text: str) -> str:
    """A word typed without its letters' marks, as the word it spells ("kott" -> "kött").

    A word the dictionary or the lists know as typed is read as typed. Of several spellings
    ("lyzka": łyżka, łyżką), the one the category lists hold, else one at least ten times as
    common as any other; otherwise the answer is read as typed."""
    folded = fold(data.lang, text)
    plain = loose(text)
    alike = (*data.lexicon.loose.get(plain, ()), *data.common.loose.get(plain, ()))
    if not alike or any(fold(data.lang, w) == folded for w in alike):
        return text  # nothing else it could spell (no dictionary lookup: they cost up to a millisecond)
    if " " not in text and (data.dictionary.lookup(text.lower()) or data.dictionary.lookup(text)):
        return text
    listed = {fold(data.lang, w): w for w in data.lexicon.loose.get(plain, ())}
    if len(listed) == 1:
        return next(iter(listed.values()))
    common = data.common.loose.get(plain, ())  # most common first
    if len(common) == 1 or (common and data.common.frequency(data.lang, common[0])
                            >= data.common.frequency(data.lang, common[1]) + RESTORE_MARGIN):
        return common[0]
    return text


class Forms:
    """How hunspell builds the answer, asked only when a rule needs it (a lookup in Polish or
    French costs up to a millisecond, and a listed word seldom needs one)."""

    def __init__(self, data: Language, spellings: tuple[str, ...]) -> None:
        self._data = data
        self._spellings = spellings
        self._found: list[Analysis] | None = None

    def __call__(self) -> list[Analysis]:
        if self._found is None:
            analyses = (self._data.dictionary.analyse(s.lower()) for s in self._spellings if " " not in s)
            self._found = [a for a in analyses if a.known]
            if not self._found and self._spellings:
                singular = _listed_plural(self._data, fold(self._data.lang, self._spellings[0]))
                if singular is not None:
                    self._found = [Analysis(True, (singular.lower(),), False, False, False)]
        return self._found


def _regular_plural(lang: str, singular: str, ending: str) -> bool:
    """Spanish adds -s after a vowel and -es after a consonant; English -es after a hiss."""
    if lang == "es":
        return (ending == "s") == (singular[-1] in "aeiou")
    return ending == "s" or singular.endswith(("s", "x", "z", "ch", "sh"))


def _listed_plural(data: Language, folded: str) -> str | None:
    """The listed word an answer is the regular plural of, when the dictionary lacks both
    ("pingüinos": hunspell-es has no "pingüino", the animal list has)."""
    if data.lang not in ("es", "en"):
        return None  # the other languages' inflections are hunspell's
    for ending in ("es", "s"):
        stem = folded[: -len(ending)]
        if folded.endswith(ending) and stem and _regular_plural(data.lang, stem, ending):
            singular = data.lexicon.known.get(stem)
            if singular is not None and singular.islower() and " " not in singular:
                return singular
    return None


def _is_plural_for_letter(data: Language, text: str, folded: str, forms: Forms,
                          letters: Sequence[str]) -> bool:
    """A plural whose singular lacks a card letter that the plural ending supplies ("leones" for S)."""
    listed = data.lexicon.known.get(folded)
    if listed is not None and (listed.lower() == text.lower() or not data.dictionary.lookup(text.lower())):
        return False  # listed as it is ("tijeras"), not a different word that folds alike ("leonés")
    analyses = forms()
    if any(a.stands_alone for a in analyses):
        return False  # "tijeras", "jeans", "news": words of their own
    singulars = [s for a in analyses for s in a.singulars]
    if not singulars:
        return False
    return all(missing_letters(data.lang, s, letters) for s in singulars)


def _is_common_word(data: Language, spellings: tuple[str, ...], folded: str) -> bool:
    if folded in data.common.spellings:
        return True
    if folded in data.lexicon.known and folded not in data.lexicon.names:
        return True
    if any(" " not in s and data.dictionary.is_common(s) for s in spellings):
        return True
    return folded in data.lexicon.known and folded not in data.lexicon.names


def _is_swedish_compound(data: Language, category: str, folded: str) -> bool:
    """A compound whose last part fits, listed or placed (`inferred.py`): "havsforell"."""
    def fits(tail: str) -> bool:
        return data.lexicon.fits(category, tail) or data.lexicon.fits_inferred(category, tail)

    # a compound the dictionary lists as a misspelling is not one ("trägård" for "trädgård")
    return (" " not in folded and swedish_compound(folded, fits,
                                                   lambda head: data.dictionary.analyse(head).stands_alone)
            and not data.dictionary.refuses(folded))


def _is_polish_diminutive(data: Language, category: str, folded: str) -> bool:
    return any(data.lexicon.fits(category, base) for base in polish_diminutive_bases(folded))


def _fits_inferred(data: Language, category: str, folded: str, analyses: list[Analysis]) -> bool:
    """A rarer word placed in the category (`inferred.py`), its base form, or a Polish diminutive of
    one (a Swedish compound ending in one is `_is_swedish_compound`'s)."""
    placed = data.lexicon.fits_inferred
    bases = (fold(data.lang, s) for a in analyses for s in a.singulars)
    if any(placed(category, f) for f in (folded, *bases)):
        return True
    return (data.lang == "pl" and bool(analyses)
            and any(placed(category, base) for base in polish_diminutive_bases(folded)))


def _is_name(data: Language, text: str, folded: str) -> bool:
    return folded in data.lexicon.names or data.dictionary.is_name(text)


def _fits(data: Language, category: str, text: str, folded: str, forms: Forms) -> bool:
    lexicon = data.lexicon
    if lexicon.fits(category, folded):
        return True
    listed = lexicon.known.get(folded)
    if (data.lang in INFLECTING and listed is not None and listed.lower() == text.lower()
            and category not in VERB | ADJECTIVE):
        analyses: list[Analysis] = []  # a base form as a list writes it: no other stem to try
    else:
        analyses = forms()
    if any(lexicon.fits(category, fold(data.lang, s)) for a in analyses for s in a.singulars):
        return True
    if data.lang == "sv" and _is_swedish_compound(data, category, folded):
        return True
    if (data.lang == "sv" and category in CITY | PLACE and swedish_town_name(folded)
            and data.dictionary.has_name(folded)):
        return True  # a town the dictionary lists: CLDR names only the largest cities
    if data.lang == "pl" and analyses and _is_polish_diminutive(data, category, folded):
        return True  # a word of the dictionary made from one that fits
    if lexicon.inferred and _fits_inferred(data, category, folded, analyses):
        return True  # a rarer word its translation and nearest list members place here
    if category in VERB:
        if data.lang in ("es", "fr", "pl"):
            return any(a.infinitive for a in analyses) or (bool(analyses) and all(a.verb for a in analyses))
        if data.lang == "sv":
            return any(lexicon.fits(category, fold("sv", s)) for s in swedish_infinitives(folded))
        return data.wordnet is not None and data.wordnet.is_verb(folded)
    if category in ADJECTIVE:
        if data.lang in ("fr", "pl"):
            return any(a.adjective for a in analyses)
        if data.lang == "en":
            return data.wordnet is not None and data.wordnet.is_adjective(folded)
    return False


@lru_cache(maxsize=65536)
def _judge(lang: str, word: str, letters: tuple[str, ...], category: str | None,
           remembered: frozenset[str]) -> Verdict:
    text = normalise(word)
    folded = fold(lang, text)
    if not any(c.isalpha() for c in folded):
        return Verdict(False, "empty")
    if lang in READ_WITHOUT_MARKS:
        text = _restore(language(lang), text)
        folded = fold(lang, text)
    missing = missing_letters(lang, text, letters)
    if missing:
        return Verdict(False, "missing_letter", ", ".join(missing))
    if folded in remembered:
        return Verdict(True, "remembered")
    data = language(lang)
    card = None
    if category is not None:
        card = data.categories.get(category)
        if card is None:
            raise ValueError(f"unknown {lang} category {category!r}")
    if " " in folded:  # a name may have several words, in any category it fits
        if card is not None and (data.lexicon.fits_name(card.id, folded)
                                 or (card.proper_nouns and data.lexicon.fits(card.id, folded))):
            return Verdict(True, "ok")
        return Verdict(False, "several_words")
    spellings = _spellings(data, text, folded)
    # how hunspell built the word matters for plurals (they end in s) and Spanish verbs only
    needs_forms = (lang in INFLECTING or folded.endswith("s")
                   or (card is not None and card.id in VERB and lang == "es"))
    forms = Forms(data, spellings if needs_forms else ())
    if _is_plural_for_letter(data, text, folded, forms, letters):
        base = next((s for a in forms() for s in a.singulars), "") if lang in INFLECTING else ""
        return Verdict(False, "plural", base)
    # A listed answer is a word: the dictionary is asked only about the others (and for All Play).
    listed = card is not None and folded in data.lexicon.known
    common = listed or _is_common_word(data, spellings, folded) or (
        needs_forms and _listed_plural(data, folded) is not None) or (
        card is not None and lang == "sv" and _is_swedish_compound(data, card.id, folded))
    if not (common or folded in data.lexicon.known or any(folded in s for s in data.lexicon.wordnet.values())
            or _is_name(data, text, folded)):
        return Verdict(False, "not_a_word")
    if card is None:
        # "Honduras" typed capitalized is the country, even though "honduras" is a plural of "hondura".
        capitalized = text[:1].isupper() and not text.isupper()
        if not common or (capitalized and (folded in data.lexicon.names or data.dictionary.has_name(text))):
            return Verdict(False, "proper_noun")
        return Verdict(True, "ok")
    if _fits(data, card.id, text, folded, forms):
        return Verdict(True, "ok")
    plural = None  # a reading that fits but is a plural made for a letter ("arboles" for R+S)
    for reading in _other_readings(data, text, folded):
        other = Forms(data, (reading,))
        if not _fits(data, card.id, reading, folded, other):
            continue
        if not _is_plural_for_letter(data, reading, folded, other, letters):
            return Verdict(True, "ok")
        if plural is None:
            base = next((s for a in other() for s in a.singulars), "") if lang in INFLECTING else ""
            plural = Verdict(False, "plural", base)
    return plural or Verdict(False, "category")


def judge_answer(lang: str, word: str, letters: Sequence[str], category: str | None,
                 remembered: frozenset[str] = frozenset()) -> Verdict:
    """Judge one answer. `category` None is All Play; `remembered` holds folded words voted in."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return _judge(lang, word, tuple(letters), category, remembered)
