"""The words the Artist bot listens for, per language, as word sequences it finds in a clause:
every form of every object name (from the scene words, and the other names in `cues`), numbers,
and the cues; and how it reads words people shorten (abbreviated sides, diminutives, unaccented
typing)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from duoplay.games.duplik.cues import CUES, NUMBER_WORDS, OTHER_NAMES
from duoplay.games.duplik.scenes.words import LANGUAGES, forms, table

# Sides as people abbreviate them against the clock, written out before the text is read (the
# dots of "t.v." would otherwise end a sentence). A dot that also ends the sentence is kept.
_ABBREVIATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": ((r"\bl\s*(?:->|to|2)\s*r\b", "from left to right"),),
    "es": (
        (r"\b(?:izq|izqda|izda)\b\.?", "izquierda"),
        (r"\b(?:der|dcha|drcha|dch)\b\.?", "derecha"),
    ),
    "fr": (
        (r"\bg\.?\s*(?:à|a|->)\s*d\b\.?", "gauche à droite"),
        (r"\b(à|a)\s+g\b\.?(?![\w'’])", r"\1 gauche"),
        (r"\b(à|a)\s+d\b\.?(?![\w'’])", r"\1 droite"),
    ),
    "sv": (
        (r"\bt\.\s?v\b\.?", "till vänster"),
        (r"\bt\.\s?h\b\.?", "till höger"),
        (r"\bv\.\s?o\b\.?", "vänster om"),
        (r"\bh\.\s?o\b\.?", "höger om"),
        (r"\bt\s+(?=vänster|höger|v\b|h\b)", "till "),
    ),
    "pl": (
        (r"\blew\b\.?", "lewej"),
        (r"\bpr\b\.?", "prawej"),
    ),
}


def written_out(text: str, lang: str) -> str:
    """The text with the language's abbreviated sides written out ("a la izq." -> "a la izquierda")."""
    for pattern, full in _ABBREVIATIONS[lang]:

        def expand(match: re.Match[str], full: str = full) -> str:
            ends = match.group(0).endswith(".") and (
                re.match(r"\s+[A-ZÀ-Ý]", match.string[match.end() :]) or match.end() == len(match.string)
            )
            return match.expand(full) + ("." if ends else "")

        text = re.sub(pattern, expand, text, flags=re.IGNORECASE)
    return text


# Diminutive endings (with their case and plural forms, as plain words), and whether the ending
# is a plural: "lampka" is a small "lampa", "gatito" a small "gato", "doggy" a small "dog". A word
# the lexicon does not know is heard as the thing whose stem is left once such an ending is off.
_DIMINUTIVES: dict[str, tuple[tuple[str, bool], ...]] = {
    "en": (("ie", False), ("ies", True), ("gy", False), ("gies", True)),
    "es": tuple(
        (stem + end, end.endswith("s"))
        for stem in ("ecit", "cit", "it", "ill")
        for end in ("o", "a", "os", "as")
    ),
    "fr": (("ette", False), ("ettes", True), ("on", False), ("ons", True)),
    "sv": (),
    "pl": (
        ("eczka", False), ("eczki", True), ("eczek", False), ("eczko", False),
        ("ka", False), ("ki", True), ("ke", False), ("ce", False), ("kach", True), ("kami", True),
        ("kow", True), ("ek", False), ("kiem", False), ("ku", False), ("ko", False),
        ("ik", False), ("ika", False), ("iku", False), ("ikiem", False), ("iki", True), ("ikow", True),
    ),
}
# Polish consonants that change before a diminutive ending (ptak -> ptaszek, kubek -> kubeczek).
_ALTERNATIONS = (("sz", "k"), ("cz", "k"), ("c", "t"))


def _stems(word: str) -> set[str]:
    stems = {word, word.rstrip("aeiouy")}
    if len(word) > 2 and word[-1] == word[-2]:
        stems.add(word[:-1])  # dogg(ie) -> dog
    return stems


@dataclass(frozen=True, slots=True)
class Lexicon:
    lang: str
    nouns: dict[tuple[str, ...], tuple[str, bool]]  # words -> (kind, plural)
    cues: dict[str, tuple[tuple[str, ...], ...]]
    numbers: dict[str, int]
    stems: dict[str, str]  # a one-word name's stem -> kind, for diminutives

    def noun(self, key: tuple[str, ...]) -> tuple[str, bool] | None:
        """The thing these words name (and whether many), a diminutive of a one-word name included."""
        if key in self.nouns:
            return self.nouns[key]
        if len(key) != 1 or len(key[0]) < 4:
            return None
        word = key[0]
        for end, plural in sorted(_DIMINUTIVES[self.lang], key=lambda e: -len(e[0])):
            if not word.endswith(end) or len(word) - len(end) < 3:
                continue
            for stem in _stems(word[: -len(end)]):
                changed = {stem[: -len(a)] + b for a, b in _ALTERNATIONS if stem.endswith(a)}
                if len(stem) > 3 and stem[-2] == "e":
                    changed.add(stem[:-2] + stem[-1])  # a fleeting e: krzesło -> krzesełko
                for candidate in (stem, *sorted(changed)) if self.lang == "pl" else (stem,):
                    if candidate in self.stems:
                        return self.stems[candidate], plural
        return self._compound(word)

    def _compound(self, word: str) -> tuple[str, bool] | None:
        """A Swedish compound names its last part's thing (golvlampa, skrivbordslampa, plastbollar)."""
        if self.lang != "sv":
            return None
        parts = [
            key[0] for key in self.nouns
            if len(key) == 1 and len(key[0]) >= 4 and len(word) - len(key[0]) >= 3 and word.endswith(key[0])
        ]
        part = max(parts, key=len, default=None)
        return self.nouns[(part,)] if part else None


# Letters that lose no accent to Unicode decomposition, and ligatures, as people type them plainly.
_PLAIN = str.maketrans({"ł": "l", "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "’": "'"})


def plain(word: str) -> str:
    """A word as players type it in a hurry: no accents (lampara, arbol, samochod, coeurs). Every
    word the Artist bot hears and knows is compared in this form."""
    decomposed = unicodedata.normalize("NFKD", word.lower().translate(_PLAIN))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> list[str]:
    """Plain lower-case words (see `plain`); an apostrophe ends a word (l'arbre: l', arbre), a
    hyphen does not."""
    out: list[str] = []
    word = ""
    for ch in plain(text):
        if ch.isalnum() or ch == "-":
            word += ch
            continue
        if ch == "'":
            word += "'"
            out.append(word)
            word = ""
            continue
        if word:
            out.append(word)
        word = ""
    if word:
        out.append(word)
    return out


@cache
def lexicon(lang: str) -> Lexicon:
    nouns: dict[tuple[str, ...], tuple[str, bool]] = {}
    for kind in table(lang)["kinds"]:
        f = forms(lang, kind)
        singular = [f[k] for k in ("sg", "def", "indef", "nom", "gen", "ins", "loc") if k in f]
        plural = [f[k] for k in ("pl", "nom_pl", "gen_pl") if k in f]
        for words, is_plural in [(w, False) for w in singular] + [(w, True) for w in plural]:
            key = tuple(tokens(words))
            if lang == "sv" and key[0] in ("en", "ett") and len(key) > 1:
                key = key[1:]
            nouns.setdefault(key, (kind, is_plural))
    for kind, (one, several) in OTHER_NAMES[lang].items():
        for words, is_plural in [(w, False) for w in one] + [(w, True) for w in several]:
            nouns.setdefault(tuple(tokens(words)), (kind, is_plural))
    cues = {
        name: tuple(sorted((tuple(tokens(p)) for p in phrases), key=len, reverse=True))
        for name, phrases in CUES[lang].items()
    }
    numbers = {" ".join(tokens(word)): n for n, word in enumerate(table(lang)["numbers"]) if n >= 2}
    numbers.update({str(n): n for n in range(2, 13)})
    numbers.update({form: n for n in range(2, 13) for form in (f"x{n}", f"{n}x")})  # "3x", "balls x3"
    numbers.update({" ".join(tokens(words)): n for words, n in NUMBER_WORDS[lang].items()})
    stems: dict[str, str] = {}
    for key, (kind, many) in nouns.items():
        if len(key) == 1 and not many:
            for stem in _stems(key[0]) - {""}:
                stems.setdefault(stem, kind)
    return Lexicon(lang, nouns, cues, numbers, stems)


assert set(CUES) == set(OTHER_NAMES) == set(LANGUAGES)
