"""The Artist bot's ear: from free text to what to draw. It finds object names and spatial
words clause by clause, and builds a scene description (things and relations) that the
layout can place: it may be clumsy on free human text, never stuck.

Clause by clause: a relation word ties the thing named before it to the thing named after it
("the cup is on the table"); with nothing named before, the order turns ("under the table, a
cat"); with nothing after, the thing it is said of comes first ("a table with a cup on it").
A number before a name makes a group; "big"/"small" size a thing; a pattern word goes to
the nearest name; "looks left" turns the nearest animal; "on the left" pins a thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from duoplay.games.duplik.lexicon import Lexicon, lexicon, tokens
from duoplay.games.duplik.scenes.library import KINDS
from duoplay.games.duplik.scenes.model import DOTTED, LEFT, RIGHT, STRIPED, Criterion
from duoplay.games.duplik.scenes.words import LANGUAGES, table

HOSTING = ("on", "under", "inside")
_NOT_BETWEEN_COUNT_AND_NAME = frozenset({"and", "y", "et", "och", "i", ",", "a"})
_PLACES = frozenset(
    {
        "obrazku",
        "sky",
        "ground",
        "grass",
        "picture",
        "middle",
        "middle-ish",
        "air",
        "himlen",
        "cielo",
        "ciel",
        "niebie",
        "suelo",
        "sol",
        "marken",
        "graset",
        "medio",
        "milieu",
        "centre",
        "center",
        "mitten",
        "srodku",
        "between",
    }
)


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

    def name(self, kind: str) -> None:
        if kind not in self.order:
            self.order.append(kind)


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    kind: str
    plural: bool


def listen(text: str, lang: str | None = None) -> Heard:
    """What the text says to draw; without a language, the one whose words it uses most."""
    if lang is None:
        lang = max(LANGUAGES, key=lambda code: len(_mentions(tokens(text), lexicon(code))))
    lex = lexicon(lang)
    heard = Heard()
    for clause in re.split(r"[.!?;:\n]+|,\s*(?:then|puis|luego|sedan|potem)?\s*", text):
        words = tokens(clause)
        if words:
            _clause(words, lex, heard)
    return heard


def _find(words: list[str], phrase: tuple[str, ...], start: int = 0) -> int:
    for i in range(start, len(words) - len(phrase) + 1):
        if tuple(words[i : i + len(phrase)]) == phrase:
            return i
    return -1


def _mentions(words: list[str], lex: Lexicon) -> list[Mention]:
    found: list[Mention] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            key = tuple(words[i : i + size])
            if len(key) == size and key in lex.nouns:
                kind, plural = lex.nouns[key]
                found.append(Mention(i, i + size, kind, plural))
                i += size
                break
        else:
            i += 1
    return found


def _cue(words: list[str], lex: Lexicon, name: str, taken: set[int]) -> tuple[int, int] | None:
    """The first place a cue phrase of `name` starts (and its length), skipping words already used."""
    for phrase in lex.cues.get(name, ()):
        at = _find(words, phrase)
        while at >= 0 and any(i in taken for i in range(at, at + len(phrase))):
            at = _find(words, phrase, at + 1)
        if at >= 0:
            return at, len(phrase)
    return None


def _clause(words: list[str], lex: Lexicon, heard: Heard) -> None:
    mentions = _mentions(words, lex)
    if not mentions:
        return
    taken = {i for m in mentions for i in range(m.start, m.end)}
    for m in mentions:
        heard.name(m.kind)
        count = _count_before(words, m, lex)
        if count:
            heard.counts[m.kind] = count
        elif m.plural and m.kind not in heard.counts and KINDS[m.kind].countable:
            heard.counts[m.kind] = 3
    _attributes(words, mentions, lex, heard, taken)
    _relations(words, mentions, lex, heard, taken)


def _count_before(words: list[str], m: Mention, lex: Lexicon) -> int:
    for back in (1, 2):
        i = m.start - back
        if i >= 0 and (back == 1 or words[i + 1] not in _NOT_BETWEEN_COUNT_AND_NAME):
            if words[i] in lex.numbers:
                return lex.numbers[words[i]]
            pair = " ".join(words[i : i + 2])
            if pair in lex.numbers:
                return lex.numbers[pair]
    after = m.end
    if after < len(words) and words[after] in lex.numbers and lex.lang == "en":  # "stars, five" style
        return lex.numbers[words[after]]
    return 0


def _nearest(mentions: list[Mention], at: int, animals: bool = False) -> Mention | None:
    pool = [m for m in mentions if KINDS[m.kind].animal] if animals else mentions
    if not pool:
        return None
    return min(pool, key=lambda m: (min(abs(m.start - at), abs(m.end - 1 - at)), m.start > at))


def _attributes(
    words: list[str], mentions: list[Mention], lex: Lexicon, heard: Heard, taken: set[int]
) -> None:
    for name, pattern in (("striped", STRIPED), ("dotted", DOTTED)):
        hit = _cue(words, lex, name, taken)
        if hit:
            near = _nearest(mentions, hit[0])
            if near is not None:
                heard.patterns[near.kind] = pattern
            taken.update(range(hit[0], hit[0] + hit[1]))
    for name, size in (("big", 1.35), ("small", 0.7)):
        for phrase in lex.cues[name]:
            at = _find(words, phrase)
            if at >= 0 and not _find_any(words, lex, ("bigger", "smaller")):
                near = _nearest(mentions, at)
                if near is not None:
                    heard.sizes[near.kind] = size
    colours = table(lex.lang)["colours"]
    for colour, word in colours.items():
        at = _find(words, tuple(tokens(word)))
        if at >= 0:
            near = _nearest(mentions, at)
            if near is not None:
                heard.colours[near.kind] = colour
    look = _cue(words, lex, "look", taken)
    if look:
        after = words[look[0] :]
        side = _side(after, lex)
        near = _nearest(mentions, look[0], animals=True)
        if side and near is not None:
            heard.facing[near.kind] = side
            taken.update(range(look[0], len(words)))


def _find_any(words: list[str], lex: Lexicon, names: tuple[str, ...]) -> bool:
    return any(_find(words, phrase) >= 0 for name in names for phrase in lex.cues.get(name, ()))


def _side(words: list[str], lex: Lexicon) -> str | None:
    for side, name in ((LEFT, "left"), (RIGHT, "right")):
        if any(w in {p[0] for p in lex.cues[name]} for w in words[:5]):
            return side
    return None


def _relations(
    words: list[str], mentions: list[Mention], lex: Lexicon, heard: Heard, taken: set[int]
) -> None:
    between = _cue(words, lex, "between", taken)
    if between:
        after = [m for m in mentions if m.start >= between[0] + between[1]]
        before = [m for m in mentions if m.end <= between[0]]
        subject = before[-1] if before else (after.pop() if len(after) >= 3 else None)
        if subject is not None and len(after) >= 2:
            heard.relations.append(Criterion("between", subject.kind, (after[0].kind, after[1].kind)))
        return
    for name, kind, flip in (
        ("left_of", "left_of", False),
        ("right_of", "left_of", True),
        ("bigger", "bigger", False),
        ("smaller", "bigger", True),
    ):
        hit = _cue(words, lex, name, taken)
        if hit:
            pair = _pair(mentions, hit)
            if pair:
                a, b = pair
                heard.relations.append(
                    Criterion(kind, b.kind, (a.kind,)) if flip else Criterion(kind, a.kind, (b.kind,))
                )
                taken.update(range(hit[0], hit[0] + hit[1]))
    for name in HOSTING:
        hit = _cue(words, lex, name, taken)
        if hit and not _is_pin(words, hit, lex):
            pair = _hosting_pair(words, mentions, hit, lex)
            if pair:
                subject, host = pair
                heard.relations.append(Criterion(name, subject.kind, (host.kind,)))
                taken.update(range(hit[0], hit[0] + hit[1]))
    for name, side in (("pin_left", "left"), ("pin_right", "right"), ("middle", "middle")):
        hit = _cue(words, lex, name, taken)
        if hit:
            near = _nearest(mentions, hit[0])
            if near is not None:
                heard.pins.setdefault(near.kind, side)


def _is_pin(words: list[str], hit: tuple[int, int], lex: Lexicon) -> bool:
    """ "on the left", "w lewo", "na lewo": a side, not a host."""
    after = words[hit[0] + hit[1] : hit[0] + hit[1] + 3]
    sides = {p[0] for name in ("left", "right") for p in lex.cues[name]}
    return any(w in sides for w in after[:2]) or bool(_PLACES & set(after))


def _pair(mentions: list[Mention], hit: tuple[int, int]) -> tuple[Mention, Mention] | None:
    before = [m for m in mentions if m.end <= hit[0]]
    after = [m for m in mentions if m.start >= hit[0] + hit[1]]
    if before and after:
        return before[-1], after[0]
    if len(after) >= 2:  # "to the left of the table, a chair"
        return after[1], after[0]
    return None


def _hosting_pair(
    words: list[str], mentions: list[Mention], hit: tuple[int, int], lex: Lexicon
) -> tuple[Mention, Mention] | None:
    before = [m for m in mentions if m.end <= hit[0]]
    after = [m for m in mentions if m.start >= hit[0] + hit[1]]
    follows = words[hit[0] + hit[1] : hit[0] + hit[1] + 1]
    pronoun = {p[0] for p in lex.cues.get("pronoun", ())}
    if (not after or (follows and follows[0] in pronoun)) and len(before) >= 2:
        return before[-1], before[0]  # "a table with a cup on it"
    if before and after:
        return before[-1], after[0]
    if len(after) >= 2:  # "under the table, a cat"
        return after[1], after[0]
    return None
