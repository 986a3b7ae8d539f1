"""Words typed without their accents, read as the words they spell.

A phone without the right keyboard types "sandias" for "sandías" and "arbol" for "árbol".
Spanish writes at most one acute accent (or a dieresis on u) in a word, so putting one mark
back on each vowel in turn gives every reading; French puts one mark back (or é on every e:
"ete" is "été"). Swedish and Polish restore their own letters elsewhere (`judge._restore`);
English words have no marks to lose. Only readings the dictionary knows are kept: a handful
of lookups, asked only when the word as typed is not a word or does not fit.
"""

from __future__ import annotations

from collections.abc import Callable

MARKS: dict[str, dict[str, str]] = {
    "es": {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "úü"},
    "fr": {"a": "àâ", "e": "éèê", "i": "îï", "o": "ô", "u": "ùû", "c": "ç"},
}


def marked_spellings(lang: str, text: str) -> list[str]:
    """The spellings of a word typed without marks with its marks put back (unchecked)."""
    marks = MARKS.get(lang)
    if marks is None or not text.isascii() or " " in text:
        return []
    found: list[str] = []
    for at, char in enumerate(text):
        for marked in marks.get(char.lower(), ""):
            if char.isupper():
                marked = marked.upper()
            found.append(text[:at] + marked + text[at + 1:])
    if lang == "fr" and text.lower().count("e") > 1:
        found.append(text.replace("e", "é"))
    return found


def marked_readings(lang: str, text: str, is_word: Callable[[str], bool]) -> list[str]:
    """The readings of `text` with its marks put back that the dictionary knows."""
    return [s for s in marked_spellings(lang, text) if is_word(s)]
