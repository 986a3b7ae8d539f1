"""What the Artist bot heard, and how it finds words in a clause: the things named (with where
each name stands) and the first place a cue is said."""

from __future__ import annotations

from dataclasses import dataclass, field

from duoplay.games.duplik.lexicon import Lexicon
from duoplay.games.duplik.scenes.library import KINDS
from duoplay.games.duplik.scenes.model import Criterion


@dataclass(slots=True)
class Heard:
    """What the Artist understood: things (kind -> attributes) in the order named, and relations."""

    order: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    sizes: dict[str, float] = field(default_factory=dict)
    facing: dict[str, str] = field(default_factory=dict)
    patterns: dict[str, str] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    relations: list[Criterion] = field(default_factory=list)
    pins: dict[str, str] = field(default_factory=dict)  # kind -> "left", "right" or "middle"
    last: list[str] = field(default_factory=list)  # the things the latest clause named

    def name(self, kind: str) -> None:
        if kind not in self.order:
            self.order.append(kind)


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    kind: str
    plural: bool


def find(words: list[str], phrase: tuple[str, ...], start: int = 0) -> int:
    for i in range(start, len(words) - len(phrase) + 1):
        if tuple(words[i : i + len(phrase)]) == phrase:
            return i
    return -1


def mentions_in(words: list[str], lex: Lexicon) -> list[Mention]:
    found: list[Mention] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            key = tuple(words[i : i + size])
            noun = lex.noun(key) if len(key) == size else None
            if noun is not None:
                kind, plural = noun
                found.append(Mention(i, i + size, kind, plural))
                i += size
                break
        else:
            i += 1
    return found


def cue(words: list[str], lex: Lexicon, name: str, taken: set[int]) -> tuple[int, int] | None:
    """The first place a cue phrase of `name` starts (and its length), skipping words already used."""
    for phrase in lex.cues.get(name, ()):
        at = find(words, phrase)
        while at >= 0 and any(i in taken for i in range(at, at + len(phrase))):
            at = find(words, phrase, at + 1)
        if at >= 0:
            return at, len(phrase)
    return None


def nearest(mentions: list[Mention], at: int, animals: bool = False) -> Mention | None:
    pool = [m for m in mentions if KINDS[m.kind].animal] if animals else mentions
    if not pool:
        return None
    return min(pool, key=lambda m: (min(abs(m.start - at), abs(m.end - 1 - at)), m.start > at))
