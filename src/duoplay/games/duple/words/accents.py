"""Plurals typed without their accents, read as the words they spell.

A phone without the right keyboard types "sandias" for "sandías" and "arboles" for "árboles".
The common-word list already gives the accents back to the words it holds ("cancion" is
"canción"); a plural it does not hold is read as the plural of a known word with accents:
"sandias" = "sandía" + s, "arboles" = "árbol" + es, French "cremes" = "crème" + s, checked against
the dictionary. Only a stem that some known word spells with accents costs a lookup, so a word
that is simply not a word costs nothing more (a miss in hunspell costs up to a few milliseconds).
Swedish and Polish restore their own letters elsewhere (`judge._restore`); English words have
no marks to lose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

PLURAL_ENDINGS: dict[str, tuple[str, ...]] = {"es": ("s", "es"), "fr": ("s", "x")}


def marked_readings(lang: str, text: str, spellings_of: Callable[[str], Iterable[str]],
                    is_word: Callable[[str], bool]) -> list[str]:
    """The plurals with accents that a lower-case `text` typed without them may spell, as the
    dictionary knows them. `spellings_of(stem)`: the known words that fold to a stem
    ("sandia" -> "sandía")."""
    if not text.isascii() or " " in text:
        return []
    found: list[str] = []
    for ending in PLURAL_ENDINGS.get(lang, ()):
        stem = text[: -len(ending)]
        if text.endswith(ending) and stem:
            found += [s + ending for s in spellings_of(stem) if s.islower() and s != stem]
    return [s for s in dict.fromkeys(found) if s != text and is_word(s)]
