"""Reading a word in any of the five languages through English, and saying a hint word in any of them.

The encoder knows English best and has no Swedish, so a word is read through its English
form whenever we know one: our own card names in every language and the hint words in every
language (content/hint_words.json). Other words are read through Debian's FreeDict
dictionaries where they are installed (optional, like WordNet): Swedish ones by the consensus of
four dictionaries (swedish.py), since the encoder has no Swedish; Spanish, French and Polish ones
through English where a translation fits the word as the encoder reads it (translated.py), else
as they are.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from functools import cache
from importlib import resources

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, faces
from duoplay.games.duos.swedish import swedish_reader
from duoplay.games.duos.translated import translating_reader


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
    our lists know it; () when they do not."""
    return _listed(word, (language,)) or _listed(word, LANGUAGES)


def read_as(word: str, language: str) -> str | None:
    """What the encoder reads for a word that is not one of our cards (see `readings`); None
    when nothing is known and it is read as it is."""
    found = readings(word, language)
    return found[0] if found else None


def readings(word: str, language: str) -> tuple[str, ...]:
    """What the encoder may read for a word that is not one of our cards, the likeliest first:
    its English form where our lists know it in `language`; else through the dictionaries
    (Swedish: swedish.py; Spanish, French, Polish: translated.py); its English form in another
    of our languages; else ()."""
    own = _listed(word, (language,), (exact,))
    if own:
        return own[:1]
    reader = swedish_reader() if language == "sv" else translating_reader(language)
    found = reader.readings(word) if reader is not None else ()
    if found:
        return found
    # Accents dropped only now: Swedish "sång" (song) is not "säng" (bed).
    listed = _listed(word, (language,)) or _listed(word, LANGUAGES)
    return listed[:1]


def _listed(word: str, languages: tuple[str, ...],
            keys: tuple[Callable[[str], str], ...] = (exact, fold)) -> tuple[str, ...]:
    for key_of in keys:  # the exact word first, then without its accents
        known = _known(key_of)
        for language in languages:
            found = known.get(language, {}).get(key_of(word))
            if found:
                return found
    return ()
