"""Dictionary definitions from WordNet 3.0, read from Debian's `wordnet-base` files.

A person pairs Glove with Hand and Saddle with Horse because one is part of what the
other is for; WordNet's definitions say so ("handwear: covers the hand and wrist").
`mentions(a, b)` is true when the definition of one name (its first noun senses)
names the other. The files are optional: without them the signal is simply off.

Nothing is read up front: a word is found in the sorted `index.noun` by binary search
(a few reads), and definitions are read from `data.noun` by byte offset when needed,
so WordNet costs no loading time. Set DUOPLAY_WORDNET to use another folder.
"""

from __future__ import annotations

import os
import re
import threading
from functools import lru_cache
from pathlib import Path

DEFAULT_FOLDER = Path("/usr/share/wordnet")
SENSES = 3  # the first senses are the common ones
_WORD = re.compile(r"[a-z]+")
_SUFFIXES = (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
             ("men", "man"), ("ies", "y"), ("s", ""))


class WordNet:
    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._index = (folder / "index.noun").open("rb")
        self._size = self._index.seek(0, os.SEEK_END)
        self._found: dict[str, tuple[int, ...]] = {}
        self._index_lock = threading.Lock()  # apart from the data lock: lookups happen while reading data
        self._irregular: dict[str, str] = {}
        exceptions = folder / "noun.exc"
        if exceptions.exists():
            for line in exceptions.read_text("utf-8").splitlines():
                fields = line.split()
                if len(fields) >= 2:
                    self._irregular[fields[0]] = fields[1]
        self._lock = threading.Lock()

    def offsets(self, lemma: str) -> tuple[int, ...]:
        """The byte offsets in data.noun of the noun senses of `lemma`, () if it is no noun."""
        if lemma not in self._found:
            with self._index_lock:
                self._found[lemma] = self._search(lemma.encode("utf-8"))
        return self._found[lemma]

    def _search(self, wanted: bytes) -> tuple[int, ...]:
        """Binary search of the sorted index by the byte order of its first field."""
        low, high = 0, self._size
        while low < high:
            middle = (low + high) // 2
            self._index.seek(middle)
            if middle:
                self._index.readline()  # to the start of the next whole line
            start = self._index.tell()
            line = self._index.readline()
            if not line or start >= high:
                high = middle
                continue
            key = line.split(b" ", 1)[0]
            if line.startswith(b" ") or key < wanted:  # the licence header sorts first
                low = self._index.tell()
            elif key > wanted:
                high = middle
            else:
                fields = line.split()
                count = int(fields[2])
                return tuple(int(o) for o in fields[len(fields) - count:])
        return ()

    def _is_noun(self, word: str) -> bool:
        return bool(self.offsets(word))

    def base(self, word: str) -> str:
        """The dictionary form of a noun ("gloves" -> "glove"), or the word itself."""
        if self._is_noun(word):
            return word
        if word in self._irregular:
            return self._irregular[word]
        for ending, replacement in _SUFFIXES:
            if word.endswith(ending) and self._is_noun(word[: -len(ending)] + replacement):
                return word[: -len(ending)] + replacement
        return word

    def forms(self, word: str) -> set[str]:
        """The word and every dictionary form it may be ("hands" -> hands, hand)."""
        found = {word}
        if word in self._irregular:
            found.add(self._irregular[word])
        for ending, replacement in _SUFFIXES:
            if word.endswith(ending) and self._is_noun(word[: -len(ending)] + replacement):
                found.add(word[: -len(ending)] + replacement)
        return found

    def heads(self, name: str) -> set[str]:
        """The forms a definition may use for a card name: the whole name and its last word."""
        words = _WORD.findall(name.casefold())
        if not words:
            return set()
        return self.forms("_".join(words)) | self.forms(words[-1])

    @lru_cache(maxsize=4096)  # noqa: B019 - one WordNet per process, the cache lives as long
    def definition_words(self, name: str) -> frozenset[str]:
        words = _WORD.findall(name.casefold())
        if not words:
            return frozenset()
        offsets = self.offsets(self.base("_".join(words)))
        if not offsets:
            offsets = self.offsets(self.base(words[-1]))
        found: set[str] = set()
        with self._lock, (self._folder / "data.noun").open("rb") as data:
            for offset in offsets[:SENSES]:
                data.seek(offset)
                line = data.readline().decode("utf-8", "replace")
                gloss = line.split(" | ", 1)[1] if " | " in line else ""
                definition = gloss.split('; "', 1)[0]  # leave out the example sentences
                for word in _WORD.findall(definition.casefold()):
                    found |= self.forms(word)
        return frozenset(found)

    def mentions(self, a: str, b: str) -> bool:
        """Whether either name's definition names the other."""
        return bool(self.heads(b) & self.definition_words(a)) or bool(
            self.heads(a) & self.definition_words(b))


_LOADED: WordNet | None = None
_TRIED = False
_LOAD_LOCK = threading.Lock()


def load(folder: Path) -> WordNet | None:
    """WordNet from a folder of WordNet 3.0 database files, or None if they are not there."""
    if (folder / "index.noun").exists() and (folder / "data.noun").exists():
        return WordNet(folder)
    return None


def wordnet() -> WordNet | None:
    """The process's WordNet, or None when the files are not installed."""
    global _LOADED, _TRIED
    with _LOAD_LOCK:
        if not _TRIED:
            _TRIED = True
            _LOADED = load(Path(os.environ.get("DUOPLAY_WORDNET", DEFAULT_FOLDER)))
    return _LOADED
