"""Swedish, Polish and French dictionaries read by Debian's libhunspell (C) through ctypes.

spylls reads a Polish or French word's affixes in pure Python, 1-2 ms of CPU for a word the
category lists do not hold; the C library answers in microseconds. It reads the same .aff and
.dic files and gives the same readings: `Hunspell_analyze` returns one line per way the word
is built, " st:kot fl:s" (stem kot, suffix flag s), "nie st:ładny fl:b" (a prefix before the
stem), " pa:sommar st:sommar pa:bil" (a compound: left out, as `dictionary.Hunspell` leaves
them out). What the C library does not say is the dictionary entry's own flags (Polish verbs
and adjectives are told by them), nor which of the morphological fields are the entry's and
which the suffix's (French participles get `po:adj` from the suffix): those are read from the
.dic file at load time, for the stems they can matter for, and matched to each reading.
`tests/games/duple/words/test_native.py` checks that both readers agree.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from duoplay.games.duple.words.dictionary import (
    CACHE_SIZE,
    POLISH_PLURAL_FLAG,
    Analysis,
    Form,
    capitalize,
    inflected,
)

LIBRARY = "libhunspell-1.7.so.0"
LIBRARY_PACKAGE = "libhunspell-1.7-0"
_Words = ctypes.POINTER(ctypes.c_char_p)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the .dic file: its flags and its morphological fields ("po:v1_it_x__a")."""

    flags: frozenset[str]
    fields: tuple[str, ...]

    @property
    def parts(self) -> tuple[str, ...]:
        """Its parts of speech ("po:v1_it_x__a" -> "v1_it_x__a")."""
        return tuple(f[3:] for f in self.fields if f.startswith("po:"))


NO_ENTRY = Entry(frozenset(), ())  # a stem whose entries were not kept: nothing in them matters


@dataclass(frozen=True, slots=True)
class Reading:
    """One way hunspell builds a word: a stem, with or without a prefix, and what follows it."""

    stem: str
    prefixed: bool
    fields: tuple[str, ...]  # after the stem: the entry's fields, then the affixes' ("fl:s", "po:ipre")


def _library() -> Any:
    try:
        lib = ctypes.CDLL(LIBRARY)
    except OSError as error:
        raise RuntimeError(f"{LIBRARY} is missing: install Debian's {LIBRARY_PACKAGE}") from error
    lib.Hunspell_create.restype = ctypes.c_void_p
    lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.Hunspell_get_dic_encoding.restype = ctypes.c_char_p
    lib.Hunspell_get_dic_encoding.argtypes = [ctypes.c_void_p]
    lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.Hunspell_analyze.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Words), ctypes.c_char_p]
    lib.Hunspell_free_list.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Words), ctypes.c_int]
    return lib


def parse_reading(line: str) -> Reading | None:
    """One line of `Hunspell_analyze`; None for a compound."""
    fields = line.split()
    if any(f.startswith("pa:") for f in fields):
        return None
    at = next((i for i, f in enumerate(fields) if f.startswith("st:")), None)
    if at is None:
        return None
    return Reading(fields[at][3:], at > 0, tuple(fields[at + 1:]))


def _flags(text: str, long: bool) -> frozenset[str]:
    if long:
        return frozenset(text[i:i + 2] for i in range(0, len(text), 2))
    return frozenset(text)


def read_entries(dic: Path, encoding: str, long_flags: bool,
                 wanted: Callable[[str, frozenset[str]], bool]) -> dict[str, tuple[Entry, ...]]:
    """The .dic file's entries that are `wanted` (stem, flags), by stem."""
    found: dict[str, list[Entry]] = {}
    flag_sets: dict[str, frozenset[str]] = {}  # shared: a few hundred distinct sets in 300,000 lines
    with dic.open(encoding=encoding, errors="replace") as lines:
        next(lines, None)  # the entry count
        for line in lines:
            word, _, morph = line.rstrip("\n").replace("\t", " ").partition(" ")
            stem, _, flag_text = word.partition("/")
            flags = flag_sets.get(flag_text)
            if flags is None:
                flags = flag_sets[flag_text] = _flags(flag_text, long_flags)
            if not stem or not wanted(stem, flags):
                continue
            found.setdefault(stem, []).append(Entry(flags, tuple(morph.split())))
    return {stem: tuple(entries) for stem, entries in found.items()}


def _entries_of(reading: Reading, entries: tuple[Entry, ...]) -> list[Entry]:
    """The dictionary entries a reading may come from: their fields open it, and the suffix it
    names (fl:X) is one of their flags."""
    suffix = next((f[3:] for f in reading.fields if f.startswith("fl:")), None)
    return [e for e in entries if reading.fields[:len(e.fields)] == e.fields
            and (suffix is None or suffix in e.flags)]


# Only the entries the rules read (`dictionary.inflected`): Polish verb (-ć, -c), adjective (-y,
# -i) and plural stems, French parts of speech; nothing in Swedish.
_WANTED: dict[str, Callable[[str, frozenset[str]], bool]] = {
    "pl": lambda stem, flags: stem[-1:] in ("ć", "c", "y", "i") or POLISH_PLURAL_FLAG in flags,
    "fr": lambda stem, flags: True,
    "sv": lambda stem, flags: False,
}


class NativeHunspell:
    """The same questions as `dictionary.Hunspell`, answered by the C library."""

    def __init__(self, lang: str, folder: Path, name: str) -> None:
        self.lang = lang
        self.files = (folder / f"{name}.dic", folder / f"{name}.aff")
        self._lib = _library()
        self._handle = self._lib.Hunspell_create(str(self.files[1]).encode(), str(self.files[0]).encode())
        self._encoding = self._lib.Hunspell_get_dic_encoding(self._handle).decode()
        self._lock = threading.Lock()
        long_flags = any(line.split()[:2] == ["FLAG", "long"]
                         for line in self.files[1].read_text(self._encoding, errors="replace").splitlines())
        self._entries = read_entries(self.files[0], self._encoding, long_flags, _WANTED[lang])
        self.lookup = lru_cache(maxsize=CACHE_SIZE)(self._lookup)
        self.analyse = lru_cache(maxsize=CACHE_SIZE)(self._analyse)
        self.readings = lru_cache(maxsize=CACHE_SIZE)(self._readings)

    def _readings(self, word: str) -> tuple[Reading, ...]:
        try:
            encoded = word.encode(self._encoding)
        except UnicodeEncodeError:
            return ()  # a letter the dictionary's alphabet lacks: not one of its words
        out = _Words()
        with self._lock:
            # Analysis is laxer than the spelling check (it reads "Nouvelle-zélande" as the name),
            # and the check alone also takes words it breaks at a dash ("chat-chien") or forbids
            # as misspellings but reads as compounds ("trägård"): a word is one both accept.
            if not self._lib.Hunspell_spell(self._handle, encoded):
                return ()
            count = self._lib.Hunspell_analyze(self._handle, ctypes.byref(out), encoded)
            lines = [out[i].decode(self._encoding, errors="replace") for i in range(count)]
            self._lib.Hunspell_free_list(self._handle, ctypes.byref(out), count)
        return tuple(r for r in map(parse_reading, lines) if r is not None)

    def _lookup(self, word: str) -> bool:
        if word.islower():
            return self.analyse(word).known
        return bool(self.readings(word))

    def is_common(self, word: str) -> bool:
        """A word written in lower case ("kot", "chat")."""
        return " " not in word and self.lookup(word.lower())

    def is_name(self, word: str) -> bool:
        """A capitalized word that is not also a common word ("Kraków", "Paris")."""
        if " " in word or self.is_common(word):
            return False
        return self.has_name(word) or (word != capitalize(word) and self.lookup(word))

    def has_name(self, word: str) -> bool:
        """The dictionary stores this word capitalized ("Kraków"), whatever else it stores."""
        return any(r.stem[:1].isupper() for r in self.readings(capitalize(word)))

    def refuses(self, word: str) -> bool:
        """The dictionary lists the word as a misspelling ("trägård" for "trädgård"), or builds
        it only in a way its rules forbid: hunspell analyses it but does not accept it."""
        try:
            encoded = word.encode(self._encoding)
        except UnicodeEncodeError:
            return False
        out = _Words()
        with self._lock:
            if self._lib.Hunspell_spell(self._handle, encoded):
                return False
            count: int = self._lib.Hunspell_analyze(self._handle, ctypes.byref(out), encoded)
            self._lib.Hunspell_free_list(self._handle, ctypes.byref(out), count)
        return count > 0

    def _analyse(self, word: str) -> Analysis:
        readings = self.readings(word)
        if not readings:
            return Analysis(False, (), False, False, False)
        # one form per entry a reading may come from, as spylls reads them
        forms = [Form(r.stem, r.prefixed, entry.flags, entry.parts)
                 for r in readings for entry in _entries_of(r, self._entries.get(r.stem, ())) or [NO_ENTRY]]
        return inflected(self.lang, word, forms)
