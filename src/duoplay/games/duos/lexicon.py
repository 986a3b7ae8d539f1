"""Reading a word in any of the five languages through English, and saying a hint word in any of them.

The encoder knows English best and has no Swedish, so a word is read through its English
form whenever we know one: our own card names in every language, the hint words in every
language (content/hint_words.json), and, for other Swedish words, the Swedish-English
FreeDict dictionary when Debian's `dict-freedict-swe-eng` is installed (optional, like
WordNet: without it other Swedish words are read as they are). Spanish, French and Polish
words that we do not list are read as they are: the encoder knows those languages.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import threading
import unicodedata
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, faces

FREEDICT = Path("/usr/share/dictd")
FREEDICT_NAME = "freedict-swe-eng"
# Swedish plural and definite endings, longest first: "skorna" -> "sko", "katter" -> "katt".
_SWEDISH_ENDINGS = ("orna", "arna", "erna", "or", "ar", "er", "na", "en", "et", "n", "r")
_NUMBERING = re.compile(r"^\s*\d+\.\s*")  # "1. salty": senses are numbered
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def fold(text: str) -> str:
    """Case and accents folded, for looking words up when the exact word is not known (jabon for
    jabón); only a fallback: in Swedish "sång" (song) and "säng" (bed) are different words."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def exact(text: str) -> str:
    return unicodedata.normalize("NFC", text.casefold()).strip()


@cache
def hint_entries() -> tuple[dict[str, str], ...]:
    text = resources.files("duoplay.games.duos").joinpath("content", "hint_words.json").read_text("utf-8")
    entries: list[dict[str, str]] = json.loads(text)["words"]
    return tuple(entries)


@cache
def hint_words(language: str = "en") -> tuple[str, ...]:
    """The hint words in `language` (English for a language we do not have)."""
    return tuple(entry.get(language) or entry["en"] for entry in hint_entries())


def say(english_hint: str, language: str) -> str:
    """A hint word, chosen in English, as the bot says it in `language`."""
    for entry in hint_entries():
        if entry["en"] == english_hint:
            return entry.get(language) or english_hint
    return english_hint


@cache
def _known(key_of: Callable[[str], str] = exact) -> dict[str, dict[str, tuple[str, ...]]]:
    """language -> word or name (as `key_of` reads it) -> its English forms (card names first,
    then hint words)."""
    index: dict[str, dict[str, tuple[str, ...]]] = {lang: {} for lang in LANGUAGES}

    def add(language: str, text: str, english: str) -> None:
        key = key_of(text)
        found = index[language].get(key, ())
        if english not in found:
            index[language][key] = (*found, english)

    for category in CATEGORIES:
        for face in faces(category):
            for language, name in face.names:
                add(language, name, face.name("en"))
    for entry in hint_entries():
        for language in LANGUAGES:
            if language in entry:
                add(language, entry[language], entry["en"])
    return index


@cache
def _hints(key_of: Callable[[str], str] = exact) -> dict[str, dict[str, str]]:
    """language -> hint word (as `key_of` reads it) -> the English hint word it translates."""
    index: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for entry in hint_entries():
        for language in LANGUAGES:
            if language in entry:
                index[language].setdefault(key_of(entry[language]), entry["en"])
    return index


def hint_in_english(word: str, language: str) -> str | None:
    """The English hint word that `word` translates (in `language` first, then in any of ours), or
    None. A WORD is read this way before card names: "teléfono" is the hint word for "phone" as well
    as the card Telephone, and "ljus" the hint word for "light" as well as the card Candle."""
    # The word as written in any language before its accents are dropped: Polish "ogon" (tail) is
    # not Swedish "ögon" (eyes).
    for key_of in (exact, fold):
        for other in (language, *LANGUAGES):
            found = _hints(key_of).get(other, {}).get(key_of(word))
            if found:
                return found
    return None


def english_forms(word: str, language: str) -> tuple[str, ...]:
    """What `word` (in `language`, or failing that in any of our languages) means in English, as
    our lists and dictionaries know it; () when nothing is known and the encoder reads it as it is."""
    for key_of in (exact, fold):  # the exact word first, then without its accents
        known = _known(key_of)
        key = key_of(word)
        if key in known.get(language, {}):
            return known[language][key]
        if language == "sv" and key_of is exact:
            dictionary = swedish_dictionary()
            found = dictionary.lookup(word) if dictionary is not None else ()
            if found:
                return found
    for key_of in (exact, fold):
        known = _known(key_of)
        for other in LANGUAGES:
            if key_of(word) in known[other]:
                return known[other][key_of(word)]
    return ()


class FreeDict:
    """A dictd dictionary (an .index of headword, offset, length and a gzip'd .dict.dz)."""

    def __init__(self, index: Path, data: Path) -> None:
        self._entries: dict[str, list[tuple[int, int]]] = {}
        for line in index.read_text("utf-8").splitlines():
            fields = line.split("\t")
            if len(fields) == 3 and not fields[0].startswith("00-"):
                spot = (_number(fields[1]), _number(fields[2]))
                self._entries.setdefault(exact(fields[0]), []).append(spot)
        self._data = gzip.decompress(data.read_bytes())

    def lookup(self, word: str) -> tuple[str, ...]:
        """The first English translations of a Swedish word, trying its base form too."""
        key = exact(word)
        candidates = [key] + [key[: -len(e)] for e in _SWEDISH_ENDINGS
                              if key.endswith(e) and len(key) > len(e) + 2]
        for candidate in candidates:
            for offset, length in self._entries.get(candidate, ()):
                body = self._data[offset:offset + length].decode("utf-8", "replace").splitlines()[1:]
                english = [_NUMBERING.sub("", t).strip() for t in ", ".join(body).split(",")]
                english = [re.sub(r"^(to|a|an|the) ", "", t) for t in english if t]
                if english:
                    return tuple(english[:2])
        return ()


def _number(text: str) -> int:
    value = 0
    for char in text:
        value = value * 64 + _B64.index(char)
    return value


_SWEDISH: FreeDict | None = None
_TRIED = False
_LOCK = threading.Lock()


def swedish_dictionary() -> FreeDict | None:
    """The Swedish-English dictionary, or None when it is not installed."""
    global _SWEDISH, _TRIED
    with _LOCK:
        if not _TRIED:
            _TRIED = True
            folder = Path(os.environ.get("DUOPLAY_FREEDICT", FREEDICT))
            index, data = folder / f"{FREEDICT_NAME}.index", folder / f"{FREEDICT_NAME}.dict.dz"
            if index.exists() and data.exists():
                _SWEDISH = FreeDict(index, data)
    return _SWEDISH
