"""What fits each category: the curated lists, plus CLDR names and (English) WordNet.

`content/<lang>/lexicon/<category id>.txt`: one entry per line, `#` starts a comment;
common words in lower case and singular, names capitalized, names may have several
words ("Costa Rica"). Whatever files are there are read; a category without a file
relies on the other sources only. Extra sources:

- countries (`pais`, `country`): every CLDR territory name in the language, no regions;
- languages (`idioma`, `language`): every CLDR language name in the language;
- cities (`ciudad`, `city`): the cities CLDR names in the language (a few hundred);
- English: WordNet senses under the category's roots (see `wordnet.py`).

Everything is indexed by folded form at load time, so a check is a set lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from duoplay.games.duple.words import names
from duoplay.games.duple.words.categories import CONTENT, categories
from duoplay.games.duple.words.folding import READ_WITHOUT_MARKS, fold, loose, normalise
from duoplay.games.duple.words.wordnet import wordnet_categories

COUNTRY = frozenset({"pais", "country"})
LANGUAGE = frozenset({"idioma", "language"})
CITY = frozenset({"ciudad", "city"})


@dataclass(slots=True)
class Lexicon:
    lang: str
    curated: dict[str, dict[str, str]] = field(default_factory=dict)  # category -> folded -> as written
    extra: dict[str, dict[str, str]] = field(default_factory=dict)  # CLDR names by category
    wordnet: dict[str, frozenset[str]] = field(default_factory=dict)  # English WordNet, folded
    wordnet_primary: dict[str, frozenset[str]] = field(default_factory=dict)  # ... by their first sense
    known: dict[str, str] = field(default_factory=dict)  # folded -> as written, every curated/CLDR entry
    names: frozenset[str] = frozenset()  # folded entries that are only ever written capitalized
    loose: dict[str, tuple[str, ...]] = field(default_factory=dict)  # loose fold -> entries (sv, pl)

    def fits(self, category: str, folded: str) -> bool:
        return (folded in self.curated.get(category, {}) or folded in self.extra.get(category, {})
                or folded in self.wordnet.get(category, frozenset()))

    def written(self, category: str, folded: str) -> str | None:
        """The entry as the lists write it, or None."""
        return self.curated.get(category, {}).get(folded) or self.extra.get(category, {}).get(folded)


def read_entries(text: str) -> list[str]:
    """The entries of one lexicon file (comments and blank lines left out)."""
    found: list[str] = []
    for line in text.splitlines():
        entry = normalise(line.split("#", 1)[0])
        if entry:
            found.append(entry)
    return found


def load_lexicon(lang: str, *, with_wordnet: bool = True) -> Lexicon:
    lexicon = Lexicon(lang)
    folder = CONTENT / lang / "lexicon"
    wanted = categories(lang)
    if folder.is_dir():
        for path in sorted(folder.glob("*.txt")):
            if path.stem not in wanted:
                continue
            entries: dict[str, str] = {}
            for entry in read_entries(path.read_text("utf-8")):
                entries.setdefault(fold(lang, entry), entry)
            lexicon.curated[path.stem] = entries
    for category in wanted:
        if category in COUNTRY:
            lexicon.extra[category] = names.countries(lang)
        elif category in LANGUAGE:
            lexicon.extra[category] = names.languages(lang)
        elif category in CITY:
            lexicon.extra[category] = names.cities(lang)
    if with_wordnet and lang == "en":
        found = wordnet_categories()
        if found is not None:
            lexicon.wordnet = {c: s for c, s in found.sets.items() if c in wanted}
            lexicon.wordnet_primary = {c: s for c, s in found.primary.items() if c in wanted}
    capitalized: set[str] = set()
    lower: set[str] = set()
    for table in (*lexicon.curated.values(), *lexicon.extra.values()):
        for key, entry in table.items():
            lexicon.known.setdefault(key, entry)
            (capitalized if entry[:1].isupper() else lower).add(key)
    lexicon.names = frozenset(capitalized - lower)
    if lang in READ_WITHOUT_MARKS:
        for entry in lexicon.known.values():
            key = loose(entry)
            lexicon.loose[key] = (*lexicon.loose.get(key, ()), entry)
    return lexicon
