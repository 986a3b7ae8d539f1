"""Letters as the game matches them: case folded, accents folded unless the language has the letter.

A card shows "N"; "canción" contains it, "año" does not (in Spanish Ñ is its own
letter). In English "piñata" folds to "pinata", in French "élève" to "eleve" and "cœur" to
"coeur". Swedish Å, Ä, Ö and Polish Ą, Ć, Ę, Ł, Ń, Ó, Ś, Ź, Ż are letters of their own: a
card A is not in "år", a card L is not in "łyżka". `loose` folds those too: it is how a word
typed without them on a phone is looked up ("kott" -> "kött", when only one word fits).
Spaces, dashes and apostrophes of any kind are normalised first, so "Costa  Rica" and
"o’clock" compare as typed by hand.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_SPACES = re.compile(r"\s+")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'",
                              "‐": "-", "‑": "-", "–": "-", "—": "-"})
# Letters with a mark that are letters of their own in a language (lower case).
OWN_LETTERS: dict[str, frozenset[str]] = {
    "es": frozenset("ñ"),
    "sv": frozenset("åäö"),
    "pl": frozenset("ąćęłńóśźż"),
}
# Where a word typed without its own letters' marks is read as the one word it spells ("kott" is
# "kött"). Not Spanish: there "ano" and "año" are both words, and a card Ñ asks for the ñ.
READ_WITHOUT_MARKS = frozenset({"sv", "pl"})
# Letters that Unicode does not decompose, spelled as their base letters.
_NOT_DECOMPOSED = {"ł": "l", "ø": "o", "đ": "d", "œ": "oe", "æ": "ae", "ß": "ss"}


def normalise(text: str) -> str:
    """Unicode NFC, one kind of apostrophe and dash, single spaces, no spaces at the ends."""
    text = unicodedata.normalize("NFC", text).translate(_APOSTROPHES)
    return _SPACES.sub(" ", text).strip()


def _fold(text: str, own: frozenset[str]) -> str:
    out: list[str] = []
    for char in normalise(text).casefold():
        if char in own or char.isascii():
            out.append(char)
            continue
        plain = _NOT_DECOMPOSED.get(char)
        if plain is None:
            plain = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
        out.append(plain)
    return "".join(out)


def fold(lang: str, text: str) -> str:
    """Lower case without accents; a language's own letters (Spanish ñ, Swedish å...) kept."""
    return _fold(text, OWN_LETTERS.get(lang, frozenset()))


def loose(text: str) -> str:
    """Lower case with every mark gone: how a word may be typed on a keyboard without them."""
    return _fold(text, frozenset())


def fold_letter(lang: str, letter: str) -> str:
    """A card's letter as it is matched ("Á" -> "a", "Ñ" -> "ñ" in Spanish)."""
    return fold(lang, letter)


def letters_of(lang: str, text: str) -> frozenset[str]:
    """The distinct folded letters in a text (spaces, dashes and apostrophes left out)."""
    return frozenset(c for c in fold(lang, text) if c.isalpha())


def missing_letters(lang: str, text: str, letters: Sequence[str]) -> list[str]:
    """The card letters (as shown) that the text does not contain, each distinct letter once."""
    present = letters_of(lang, text)
    missing: list[str] = []
    seen: set[str] = set()
    for letter in letters:
        folded = fold_letter(lang, letter)
        if folded in seen:
            continue
        seen.add(folded)
        if folded and not all(c in present for c in folded):
            missing.append(normalise(letter).upper())
    return missing
