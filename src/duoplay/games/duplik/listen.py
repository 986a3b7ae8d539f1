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

from duoplay.games.duplik.lexicon import Lexicon, lexicon, tokens, written_out
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


def listen(text: str, lang: str | None = None) -> Heard:
    """What the text says to draw; without a language, the one whose words it uses most."""
    if lang is None:
        lang = max(LANGUAGES, key=lambda code: len(_mentions(tokens(text), lexicon(code))))
    lex = lexicon(lang)
    heard = Heard()
    fronted: list[str] = []
    for clause in re.split(r"[.!?;:\n]+|,\s*(?:then|puis|luego|sedan|potem)?\s*", written_out(text, lang)):
        words = fronted + tokens(clause)
        fronted = []
        if _fronted(words, lex):
            fronted = words  # "Dans le panier, un chat": the place waits for what is in it
        elif words:
            _clause(words, lex, heard)
    if fronted:
        _clause(fronted, lex, heard)
    return heard


_RELATION_CUES = ("on", "under", "inside", "left_of", "right_of", "between")


def _fronted(words: list[str], lex: Lexicon) -> bool:
    """A clause that is only a place ("under the chair", "à gauche de la table"): the thing put
    there is named in the next clause."""
    mentions = _mentions(words, lex)
    if not mentions or len(mentions) > (2 if _cue(words, lex, "between", set()) else 1):
        return False
    for name in _RELATION_CUES:
        hit = _cue(words, lex, name, set())
        if hit and hit[0] <= 1 and hit[0] + hit[1] <= mentions[0].start and not _is_pin(words, hit, lex):
            return True
    return False


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
            noun = lex.noun(key) if len(key) == size else None
            if noun is not None:
                kind, plural = noun
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
        _said_of_the_last(words, lex, heard)
        return
    heard.last = [m.kind for m in mentions]
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


def _said_of_the_last(words: list[str], lex: Lexicon, heard: Heard) -> None:
    """A clause that names nothing speaks of what the one before named: "a cat, it looks left",
    "lots of stars, five", "il est rayé"."""
    if not heard.last:
        return
    mentions = [Mention(-1, 0, kind, False) for kind in heard.last]
    _attributes(words, mentions, lex, heard, set())
    number = next((lex.numbers[w] for w in words if w in lex.numbers), 0)
    kind = heard.last[-1]
    if number and len(words) <= 3 and KINDS[kind].countable:
        heard.counts[kind] = number


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
    patterns = {p[0] for name in ("striped", "dotted") for p in lex.cues[name]}
    for name, size in (("big", 1.35), ("small", 0.7)):
        for phrase in lex.cues[name]:
            at = _find(words, phrase)
            end = at + len(phrase)
            sizes_pattern = end < len(words) and words[end] in patterns
            if at < 0 or sizes_pattern or _find_any(words, lex, ("bigger", "smaller")):
                continue  # "bigger than" compares; "gros pois", "big dots" size the pattern
            near = _described(mentions, at, end)
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
        near = _looking(mentions, look[0])
        if side and near is not None:
            heard.facing[near.kind] = side[0]
            taken.update(range(look[0], look[0] + 1 + side[1]))


def _described(mentions: list[Mention], at: int, end: int) -> Mention | None:
    """The thing an adjective is said of: the name right after it ("mały pies", "a big dog"), else
    right before it ("un perro pequeño"), else the nearest."""
    after = [m for m in mentions if end <= m.start <= end + 1]
    before = [m for m in mentions if at - 1 <= m.end <= at]
    return after[0] if after else before[-1] if before else _nearest(mentions, at)


def _looking(mentions: list[Mention], at: int) -> Mention | None:
    """The animal that looks: the clause's first animal named before the word ("a small cat right
    of the dog, looking left"), else the nearest one."""
    before = [m for m in mentions if KINDS[m.kind].animal and m.end <= at]
    return before[0] if before else _nearest(mentions, at, animals=True)


def _find_any(words: list[str], lex: Lexicon, names: tuple[str, ...]) -> bool:
    return any(_find(words, phrase) >= 0 for name in names for phrase in lex.cues.get(name, ()))


def _side(words: list[str], lex: Lexicon) -> tuple[str, int] | None:
    """The side named in the first words, and where."""
    for at, word in enumerate(words[:5]):
        for side, name in ((LEFT, "left"), (RIGHT, "right")):
            if word in {p[0] for p in lex.cues[name]}:
                return side, at
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
        passed = set(taken)  # every place the word is said ("a cup on the table and a hat on the chair")
        hit = _cue(words, lex, name, passed)
        while hit:
            passed.update(range(hit[0], hit[0] + hit[1]))
            pair = None if _is_pin(words, hit, lex) else _hosting_pair(words, mentions, hit, lex)
            if pair:
                subject, host = pair
                heard.relations.append(Criterion(name, subject.kind, (host.kind,)))
                taken.update(range(hit[0], hit[0] + hit[1]))
            hit = _cue(words, lex, name, passed)
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
    conjunction = {p[0] for p in lex.cues["and"]}
    # "encima", "dessus", or a word with "and" after it ("med en kopp på och ett bord"): no object
    adverb = tuple(words[hit[0] : hit[0] + hit[1]]) in lex.cues["adverb"] or bool(
        follows and follows[0] in conjunction
    )
    if (not after or adverb or (follows and follows[0] in pronoun)) and len(before) >= 2:
        return before[-1], before[-2]  # "a table with a cup on it", "una mesa con una taza encima y..."
    if before and after:
        return before[-1], after[0]
    if len(after) >= 2:  # "under the table, a cat"
        return after[1], after[0]
    return None
