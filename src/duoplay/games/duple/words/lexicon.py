"""What fits each category: the curated lists, plus CLDR names and (English) WordNet.

`content/<lang>/lexicon/<category id>.txt`: one entry per line, `#` starts a comment;
common words in lower case and singular, names capitalized, names may have several
words ("Costa Rica"). Whatever files are there are read; a category without a file
relies on the other sources only. Extra sources:

- countries (`pais`, `country`): every CLDR territory name in the language, no regions;
- languages (`idioma`, `language`): every CLDR language name in the language;
- cities (`ciudad`, `city`): the cities CLDR names in the language (a few hundred);
- English: WordNet senses under the category's roots (see `wordnet.py`);
- Swedish, Polish, French: rarer words placed by their nearest list members (`inferred.py`),
  asked only after every other source and rule (`fits_inferred`).

Proper nouns count in any category they fit (the rulebook allows them, of several words
too). `content/<lang>/names/<category id>.txt` lists the names that fit a category whose
answers are mostly common nouns ("Monte Everest" for a landscape, "Dumbo" for an animal,
"Monopoly" for a game); a place (`lugar`, `place`) is also every country, city, US state,
CLDR region ("Europa", "Sudamérica", Antarctica) and named landscape or building the lists
know. A name of several words fits only through these name lists or a category whose answers
are names (país, ciudad, personaje...); a common phrase stays several words.

Everything is indexed by folded form at load time, so a check is a set lookup.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from duoplay.games.duple.words import names
from duoplay.games.duple.words.categories import CONTENT, categories
from duoplay.games.duple.words.folding import READ_WITHOUT_MARKS, fold, loose, normalise
from duoplay.games.duple.words.inferred import load_inferred
from duoplay.games.duple.words.wordnet import wordnet_categories

COUNTRY = frozenset({"pais", "country"})
LANGUAGE = frozenset({"idioma", "language"})
CITY = frozenset({"ciudad", "city"})
PLACE = frozenset({"lugar", "place"})
# Categories whose names are places too: every name they list fits `lugar`/`place`.
PLACE_SOURCES = frozenset({"pais", "country", "ciudad", "city", "us_state", "paisaje", "landscape",
                           "edificio", "building"})
# Kinds of animal: their names (Nemo, Piolín) are animals too.
ANIMAL = frozenset({"animal"})
ANIMAL_SOURCES = frozenset({"ave", "bird", "animal_marino", "sea_creature", "insecto", "insect"})


@dataclass(slots=True)
class Lexicon:
    lang: str
    curated: dict[str, dict[str, str]] = field(default_factory=dict)  # category -> folded -> as written
    extra: dict[str, dict[str, str]] = field(default_factory=dict)  # CLDR names by category
    proper: dict[str, dict[str, str]] = field(default_factory=dict)  # names fitting a category
    wordnet: dict[str, frozenset[str]] = field(default_factory=dict)  # English WordNet, folded
    wordnet_primary: dict[str, frozenset[str]] = field(default_factory=dict)  # ... by their first sense
    known: dict[str, str] = field(default_factory=dict)  # folded -> as written, every curated/CLDR entry
    names: frozenset[str] = frozenset()  # folded entries that are only ever written capitalized
    loose: dict[str, tuple[str, ...]] = field(default_factory=dict)  # loose fold -> entries (sv, pl)
    inferred: dict[str, frozenset[str]] = field(default_factory=dict)  # category -> folded (sv, pl, fr)

    def fits(self, category: str, folded: str) -> bool:
        return (folded in self.curated.get(category, {}) or folded in self.extra.get(category, {})
                or folded in self.proper.get(category, {})
                or folded in self.wordnet.get(category, frozenset()))

    def fits_inferred(self, category: str, folded: str) -> bool:
        """A rarer word its nearest list members place in the category (not a listed entry)."""
        return folded in self.inferred.get(category, frozenset())

    def fits_name(self, category: str, folded: str) -> bool:
        """A name the category's name lists hold: it may have several words in any category."""
        return folded in self.proper.get(category, {})

    def written(self, category: str, folded: str) -> str | None:
        """The entry as the lists write it, or None."""
        return (self.curated.get(category, {}).get(folded) or self.extra.get(category, {}).get(folded)
                or self.proper.get(category, {}).get(folded))


def read_entries(text: str) -> list[str]:
    """The entries of one lexicon file (comments and blank lines left out)."""
    found: list[str] = []
    for line in text.splitlines():
        entry = normalise(line.split("#", 1)[0])
        if entry:
            found.append(entry)
    return found


def _read_folder(lang: str, folder: str, wanted: Iterable[str]) -> dict[str, dict[str, str]]:
    """Category id -> folded entry -> entry as written, from `content/<lang>/<folder>/*.txt`."""
    found: dict[str, dict[str, str]] = {}
    path = CONTENT / lang / folder
    if path.is_dir():
        for file in sorted(path.glob("*.txt")):
            if file.stem not in wanted:
                continue
            entries: dict[str, str] = {}
            for entry in read_entries(file.read_text("utf-8")):
                entries.setdefault(fold(lang, entry), entry)
            found[file.stem] = entries
    return found


def _proper_names(lexicon: Lexicon, wanted: Iterable[str]) -> dict[str, dict[str, str]]:
    """The names that fit each category: its name list, and for places and animals the names
    of the categories they include (a country is a place, Nemo is an animal)."""
    proper = _read_folder(lexicon.lang, "names", wanted)
    for category in wanted:
        if category in PLACE:
            sources, table = PLACE_SOURCES, proper.setdefault(category, {})
            table.update(names.regions(lexicon.lang))
        elif category in ANIMAL:
            sources, table = ANIMAL_SOURCES, proper.setdefault(category, {})
        else:
            continue
        for source in sorted(sources & set(wanted)):  # sorted: the same entries on every load
            for listed in (lexicon.curated.get(source, {}), lexicon.extra.get(source, {}),
                           proper.get(source, {})):
                for key, entry in listed.items():
                    if entry[:1].isupper():
                        table.setdefault(key, entry)
    return proper


# A kind's words fit the wider category too, by the English deck's ids: a bird is an animal, an
# oak a plant. The Spanish lists repeat them in both; the Swedish, Polish and French ones do not.
WIDER: dict[str, tuple[str, ...]] = {"animal": ("bird", "sea_creature", "insect"), "plant": ("tree",)}


def _widen(lang: str, curated: dict[str, dict[str, str]]) -> None:
    """Add each kind's common words (not its names) to the wider category's list."""
    by_english = {c.english: c.id for c in categories(lang).values()}
    for wider, kinds in WIDER.items():
        if wider not in by_english:
            continue
        table = curated.setdefault(by_english[wider], {})
        for kind in kinds:
            for key, entry in curated.get(by_english.get(kind, ""), {}).items():
                if not entry[:1].isupper():
                    table.setdefault(key, entry)


def load_lexicon(lang: str, *, with_wordnet: bool = True) -> Lexicon:
    lexicon = Lexicon(lang)
    wanted = categories(lang)
    lexicon.curated = _read_folder(lang, "lexicon", wanted)
    _widen(lang, lexicon.curated)
    for category in wanted:
        if category in COUNTRY:
            lexicon.extra[category] = names.countries(lang)
        elif category in LANGUAGE:
            lexicon.extra[category] = names.languages(lang)
        elif category in CITY:
            lexicon.extra[category] = names.cities(lang)
    lexicon.proper = _proper_names(lexicon, wanted)
    lexicon.inferred = load_inferred(lang)
    if with_wordnet and lang == "en":
        found = wordnet_categories()
        if found is not None:
            lexicon.wordnet = {c: s for c, s in found.sets.items() if c in wanted}
            lexicon.wordnet_primary = {c: s for c, s in found.primary.items() if c in wanted}
    capitalized: set[str] = set()
    lower: set[str] = set()
    for table in (*lexicon.curated.values(), *lexicon.extra.values(), *lexicon.proper.values()):
        for key, entry in table.items():
            lexicon.known.setdefault(key, entry)
            (capitalized if entry[:1].isupper() else lower).add(key)
    lexicon.names = frozenset(capitalized - lower)
    if lang in READ_WITHOUT_MARKS:
        for entry in lexicon.known.values():
            key = loose(entry)
            lexicon.loose[key] = (*lexicon.loose.get(key, ()), entry)
    return lexicon
