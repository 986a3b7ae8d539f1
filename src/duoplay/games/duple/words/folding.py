"""Letters as the game matches them: case and accents folded, Ñ kept in Spanish.

A card shows "N"; "canción" contains it, "año" does not (in Spanish Ñ is its own
letter). In English "piñata" folds to "pinata". Spaces, dashes and apostrophes of any
kind are normalised first, so "Costa  Rica" and "o’clock" compare as typed by hand.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_SPACES = re.compile(r"\s+")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'",
                              "‐": "-", "‑": "-", "–": "-", "—": "-"})
_COMBINING_TILDE = "\u0303"
_KEEP_TILDE = frozenset({"es"})  # languages where ñ is a letter of its own


def normalise(text: str) -> str:
    """Unicode NFC, one kind of apostrophe and dash, single spaces, no spaces at the ends."""
    text = unicodedata.normalize("NFC", text).translate(_APOSTROPHES)
    return _SPACES.sub(" ", text).strip()


def fold(lang: str, text: str) -> str:
    """Lower case without accents; ñ stays ñ where it is a letter of its own (Spanish)."""
    decomposed = unicodedata.normalize("NFD", normalise(text).casefold())
    keep_tilde = lang in _KEEP_TILDE
    out: list[str] = []
    for char in decomposed:
        if unicodedata.combining(char):
            if keep_tilde and char == _COMBINING_TILDE and out and out[-1] == "n":
                out[-1] = "ñ"
            continue
        out.append(char)
    return "".join(out)


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
