"""Words typed without their accents, read as the words they spell.

A phone without the right keyboard types "sandias" for "sandías" and "arbol" for "árbol".
Two ways back, both checked against the dictionary: a plural whose singular is a known word
with accents ("sandias" = "sandía" + s, French "cremes" = "crème" + s), and in Spanish, which
writes at most one acute accent (or a dieresis on u) in a word, one mark put back on each vowel
in turn ("jovenes" is "jóvenes"). French gets the first only: its marks combine, and a hunspell
lookup there costs up to a millisecond. Swedish and Polish restore their own letters elsewhere
(`judge._restore`); English words have no marks to lose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

MARKS: dict[str, dict[str, str]] = {"es": {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "úü"}}
PLURAL_ENDINGS: dict[str, tuple[str, ...]] = {"es": ("s", "es"), "fr": ("s", "x")}


def marked_spellings(lang: str, text: str) -> list[str]:
    """The spellings of a word typed without marks with one mark put back (unchecked)."""
    marks = MARKS.get(lang)
    if marks is None or not text.isascii() or " " in text:
        return []
    found: list[str] = []
    for at, char in enumerate(text):
        for marked in marks.get(char, ""):
            found.append(text[:at] + marked + text[at + 1:])
    return found


def marked_readings(lang: str, text: str, spellings_of: Callable[[str], Iterable[str]],
                    is_word: Callable[[str], bool]) -> list[str]:
    """The readings of a lower-case `text` typed without marks that the dictionary knows.

    `spellings_of(stem)`: the known words that fold to a stem ("sandia" -> "sandía")."""
    if not text.isascii() or " " in text:
        return []
    found: list[str] = []
    for ending in PLURAL_ENDINGS.get(lang, ()):
        stem = text[: -len(ending)]
        if text.endswith(ending) and stem:
            found += [s + ending for s in spellings_of(stem) if s.islower() and s != stem]
    found += marked_spellings(lang, text)
    return [s for s in dict.fromkeys(found) if s != text and is_word(s)]
