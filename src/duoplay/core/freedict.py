"""Reading Debian's FreeDict dictionaries (dictd files: an .index of headword, offset and length,
and a gzip'd .dict.dz) into senses, for any game that reads words through another language.

Two layouts occur. The older hand-made ones (Swedish-English) give one sense per line ("1. salty",
"2. salt"). The newer WikDict ones (Swedish-Spanish, -German, -French) give a part of speech in
the headword line ("<n, ut>") and alternate translation lines with glosses in Swedish; a
translation line is the first one or one that starts a numbered sense.
"""

from __future__ import annotations

import gzip
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDER = Path("/usr/share/dictd")

# Swedish definite and plural endings, longest first: "skorna" -> "skor" -> "sko", "katter" -> "katt".
SWEDISH_ENDINGS = ("orna", "arna", "erna", "or", "ar", "er", "na", "en", "et", "n", "r")
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_SENSE_NUMBER = re.compile(r"^(\d+)\.\s+(.*)$")
_TRAILING_NUMBER = re.compile(r"\s+\d+\.$")  # "piedra 2." runs into the next sense's number
_PART_OF_SPEECH = re.compile(r"<([^>]*)>")
_ARTICLE = re.compile(r"^(to|a|an|the) ")


@dataclass(frozen=True)
class Sense:
    """One meaning of a headword: its translations, the most usual first."""

    words: tuple[str, ...]
    noun: bool | None  # None when the dictionary does not say


def key(text: str) -> str:
    return unicodedata.normalize("NFC", text.casefold()).strip()


class FreeDict:
    def __init__(self, index: Path, data: Path, endings: tuple[str, ...] = ()) -> None:
        """`endings`: the source language's inflections to try cutting when a word is not a
        headword (SWEDISH_ENDINGS)."""
        self._endings = endings
        self._entries: dict[str, list[tuple[int, int]]] = {}
        for line in index.read_text("utf-8").splitlines():
            fields = line.split("\t")
            if len(fields) == 3 and not fields[0].startswith("00-"):
                spot = (_number(fields[1]), _number(fields[2]))
                self._entries.setdefault(key(fields[0]), []).append(spot)
        self._data = gzip.decompress(data.read_bytes())

    def __len__(self) -> int:
        return len(self._entries)

    def senses(self, word: str) -> list[Sense]:
        """The senses of a word, nouns first, trying its base form when the word as written is
        not a headword."""
        for candidate in base_forms(word, self._endings):
            found = [sense for spot in self._entries.get(candidate, ()) for sense in self._read(*spot)]
            if found:
                return sorted(found, key=lambda s: s.noun is False)  # stable: dictionary order within
        return []

    def _read(self, offset: int, length: int) -> list[Sense]:
        head, *body = self._data[offset:offset + length].decode("utf-8", "replace").splitlines()
        tagged = _PART_OF_SPEECH.search(head)
        if tagged is None:  # one sense per line
            return [s for s in (_sense(_SENSE_NUMBER.sub(r"\2", line), None) for line in body) if s.words]
        noun = tagged.group(1).split(",")[0].strip() == "n"
        lines = [line for line in body if line.strip()]
        # A numbered line in brackets is a gloss: "1. (luftfart) person som styr ett flygplan".
        numbered = [m.group(2) for m in map(_SENSE_NUMBER.match, lines[1:]) if m]
        translations = lines[:1] + [line for line in numbered if not line.startswith("(")]
        first = _SENSE_NUMBER.match(lines[0]) if lines else None
        if first:
            translations[0] = first.group(2)
        return [s for s in (_sense(t, noun) for t in translations) if s.words]


@cache
def installed(name: str, endings: tuple[str, ...] = ()) -> FreeDict | None:
    """A dictionary by its Debian name ("freedict-swe-eng"), loaded once, or None when it is not
    installed (the folder can be moved with DUOPLAY_FREEDICT)."""
    folder = Path(os.environ.get("DUOPLAY_FREEDICT", FOLDER))
    index, data = folder / f"{name}.index", folder / f"{name}.dict.dz"
    return FreeDict(index, data, endings) if index.exists() and data.exists() else None


def base_forms(word: str, endings: tuple[str, ...] = SWEDISH_ENDINGS) -> list[str]:
    """The word, then the word less one or two definite or plural endings (down to stems of 3
    letters), shortest cut first."""
    forms = [key(word)]
    for _ in range(2):
        forms += [f[: -len(e)] for f in forms for e in endings
                  if f.endswith(e) and len(f) > len(e) + 2]
    return list(dict.fromkeys(forms))


def _sense(line: str, noun: bool | None) -> Sense:
    line = _TRAILING_NUMBER.sub("", line.strip())
    words = [re.sub(r"\([^)]*\)|\[[^]]*\]", "", w).strip() for w in line.split(",")]
    words = [_ARTICLE.sub("", w) for w in words if w and not w[0].isdigit()]
    return Sense(tuple(words), noun)


def _number(text: str) -> int:
    value = 0
    for char in text:
        value = value * 64 + _B64.index(char)
    return value
