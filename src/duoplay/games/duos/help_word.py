"""What counts as one word for the co-op WORD help.

A WORD is one word of the language: letters only, where a hyphen or an apostrophe may
join letters inside the word ("well-known", "o'clock", "aujourd'hui"). Our five
languages write in the Latin alphabet, so the letters are Latin ones, with any accent.
Lists ("shoes,royal"), paths ("shoes/royal"), identifiers ("shoes_royal_evil") and
abbreviations ("a.b.c.d") are several words or none, and are refused; so are digits.
Invisible joiners never get this far: player text refuses them (duoplay.core.text).
"""

from __future__ import annotations

import unicodedata
from functools import cache

MAX_WORD = 40
JOINERS = frozenset("-'\u2019\u2010")  # hyphen-minus, apostrophe, right single quote, hyphen


@cache
def is_latin_letter(char: str) -> bool:
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN ")


def is_one_word(word: str) -> bool:
    """Letters, with single hyphens or apostrophes between letters."""
    if not word or len(word) > MAX_WORD:
        return False
    previous_letter = False
    for char in unicodedata.normalize("NFC", word):
        if char in JOINERS:
            if not previous_letter:
                return False  # at the start, or two joiners in a row
            previous_letter = False
        elif is_latin_letter(char):
            previous_letter = True
        elif unicodedata.combining(char) and previous_letter:
            continue  # an accent that NFC could not join to its letter
        else:
            return False
    return previous_letter  # not ending on a joiner
