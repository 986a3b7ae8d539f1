"""The Artist bot's ear: from free text to what to draw. It finds object names and spatial
words clause by clause, and builds a scene description (things and relations) that the
layout can place: it may be clumsy on free human text, never stuck.

Sentence by sentence, clause by clause (`heard` finds the words, `lexicon` and `cues` know
them): a relation word ties the thing named before it to the thing named after it ("the cup is
on the table", see `places`); with nothing named before, the order turns ("under the table, a
cat"); with nothing after, the thing it is said of comes first ("a table with a cup on it").
A number before a name makes a group; "big"/"small" size a thing; a pattern word goes to the
nearest name; "looks left" turns the nearest animal; "on the left" pins a thing (see `sides`).
"""

from __future__ import annotations

import re

from duoplay.games.duplik.heard import Heard, Mention, cue, find, mentions_in, nearest
from duoplay.games.duplik.lexicon import Lexicon, lexicon, tokens, written_out
from duoplay.games.duplik.places import is_pin, of_it, relations
from duoplay.games.duplik.scenes.library import KINDS
from duoplay.games.duplik.scenes.model import DOTTED, LEFT, RIGHT, STRIPED
from duoplay.games.duplik.scenes.words import LANGUAGES, table
from duoplay.games.duplik.sides import pin

__all__ = ["Heard", "listen"]

_NOT_BETWEEN_COUNT_AND_NAME = frozenset({"and", "y", "et", "och", "i", ",", "a"})


def listen(text: str, lang: str | None = None) -> Heard:
    """What the text says to draw; without a language, the one whose words it uses most."""
    if lang is None:
        lang = max(LANGUAGES, key=lambda code: len(mentions_in(tokens(text), lexicon(code))))
    lex = lexicon(lang)
    heard = Heard()
    fronted: list[str] = []
    for sentence in re.split(r"[.!?;:\n]+", written_out(text, lang)):
        region: str | None = None  # a side said first goes on to the sentence's next clauses
        for number, clause in enumerate(re.split(r",\s*(?:then|puis|luego|sedan|potem)?\s*", sentence)):
            said, aside = _words(clause)
            words = fronted + said
            aside = {len(fronted) + i for i in aside}
            fronted = []
            if _fronted(words, lex):
                fronted = words  # "Dans le panier, un chat": the place waits for what is in it
            elif words:
                region = _clause(words, lex, heard, region, first=number == 0, aside=aside)
    if fronted:
        _clause(fronted, lex, heard, None, first=True)
    return heard


def _words(clause: str) -> tuple[list[str], set[int]]:
    """The clause's words, and which of them are said in parentheses: an aside about the thing
    before ("a chair (back to the left)", "a cat (looking right)"), never where it stands."""
    words: list[str] = []
    aside: set[int] = set()
    for number, part in enumerate(re.split(r"[()]", clause)):
        said = tokens(part)
        if number % 2:
            aside.update(range(len(words), len(words) + len(said)))
        words += said
    return words, aside


_RELATION_CUES = ("on", "under", "inside", "left_of", "right_of", "between")


def _fronted(words: list[str], lex: Lexicon) -> bool:
    """A clause that is only a place ("under the chair", "à gauche de la table"): the thing put
    there is named in the next clause."""
    mentions = mentions_in(words, lex)
    if not mentions or len(mentions) > (2 if cue(words, lex, "between", set()) else 1):
        return False
    for name in _RELATION_CUES:
        hit = cue(words, lex, name, set())
        if (
            hit
            and hit[0] <= 1
            and hit[0] + hit[1] <= mentions[0].start
            and not is_pin(words, hit, lex)
            and tuple(words[hit[0] : hit[0] + hit[1]]) not in lex.cues["adverb"]
            and not of_it(words, hit, lex)
        ):
            return True
    return False


def _clause(
    words: list[str],
    lex: Lexicon,
    heard: Heard,
    region: str | None,
    first: bool,
    aside: frozenset[int] | set[int] = frozenset(),
) -> str | None:
    """Hear one clause; the side that goes on to the sentence's next clauses (see `sides`)."""
    mentions = mentions_in(words, lex)
    if not mentions:
        taken: set[int] = set()
        _said_of_the_last(words, lex, heard, taken)
        # A sentence that begins with a side alone: "On the left, a tree and a cat."
        return pin(words, [], lex, heard, taken, None) if first else region
    earlier = heard.last[-1] if heard.last else None
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
    relations(words, mentions, lex, heard, taken, earlier)
    return pin(words, mentions, lex, heard, taken | aside, region)


def _said_of_the_last(words: list[str], lex: Lexicon, heard: Heard, taken: set[int]) -> None:
    """A clause that names nothing speaks of what the one before named: "a cat, it looks left",
    "lots of stars, five", "il est rayé"."""
    if not heard.last:
        return
    mentions = [Mention(-1, 0, kind, False) for kind in heard.last]
    _attributes(words, mentions, lex, heard, taken)
    number = next((lex.numbers[w] for w in words if w in lex.numbers), 0)
    kind = heard.last[-1]
    if number and len(words) <= 3 and KINDS[kind].countable:
        heard.counts[kind] = number


def _count_before(words: list[str], m: Mention, lex: Lexicon) -> int:
    """The number said of a name: right before it ("5 apples", "a pair of cats", "pięciu ptaków"),
    or before one word ("3 small flowers", never across a name), or right after it ("balls x3")."""
    for gap in (0, 1):
        end = m.start - gap
        if gap and (end < 1 or words[end] in _NOT_BETWEEN_COUNT_AND_NAME or lex.noun((words[end],))):
            continue  # "3 flowers, table": the number is the flowers'
        for size in (3, 2, 1):
            if end - size >= 0 and " ".join(words[end - size : end]) in lex.numbers:
                return lex.numbers[" ".join(words[end - size : end])]
    after = words[m.end] if m.end < len(words) else ""
    if after in lex.numbers and (lex.lang == "en" or after.startswith("x")):  # "stars, five"
        return lex.numbers[after]
    return 0


def _attributes(
    words: list[str], mentions: list[Mention], lex: Lexicon, heard: Heard, taken: set[int]
) -> None:
    for name, pattern in (("striped", STRIPED), ("dotted", DOTTED)):
        hit = cue(words, lex, name, taken)
        while hit:  # every thing a pattern is said of ("a dotted ball and a spotty dog")
            near = nearest(mentions, hit[0])
            if near is not None:
                heard.patterns[near.kind] = pattern
            taken.update(range(hit[0], hit[0] + hit[1]))
            hit = cue(words, lex, name, taken)
    patterns = [p for name in ("striped", "dotted") for p in lex.cues[name]]
    starts = {m.start for m in mentions}
    compares = _find_any(words, lex, ("bigger", "smaller"))  # "bigger than" compares, sizes nothing
    for name, size in (("big", 1.35), ("small", 0.7)):
        for phrase in lex.cues[name]:
            at = find(words, phrase)
            while at >= 0 and not compares:  # every thing a size is said of
                end = at + len(phrase)
                # "gros pois", "big dots" size the pattern; "a small striped umbrella" the umbrella
                said = next((p for p in patterns if tuple(words[end : end + len(p)]) == p), ())
                sizes_pattern = bool(said) and end + len(said) not in starts
                near = None if sizes_pattern else _described(mentions, at, end)
                if near is not None:
                    heard.sizes[near.kind] = size
                at = find(words, phrase, end)
    colours = table(lex.lang)["colours"]
    for colour, word in colours.items():
        at = find(words, tuple(tokens(word)))
        if at >= 0:
            near = nearest(mentions, at)
            if near is not None:
                heard.colours[near.kind] = colour
    look = cue(words, lex, "look", taken)
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
    return after[0] if after else before[-1] if before else nearest(mentions, at)


def _looking(mentions: list[Mention], at: int) -> Mention | None:
    """The animal that looks: the clause's first animal named before the word ("a small cat right
    of the dog, looking left"), else the nearest one."""
    before = [m for m in mentions if KINDS[m.kind].animal and m.end <= at]
    return before[0] if before else nearest(mentions, at, animals=True)


def _find_any(words: list[str], lex: Lexicon, names: tuple[str, ...]) -> bool:
    return any(find(words, phrase) >= 0 for name in names for phrase in lex.cues.get(name, ()))


def _side(words: list[str], lex: Lexicon) -> tuple[str, int] | None:
    """The side named in the first words, and where."""
    for at, word in enumerate(words[:5]):
        for side, name in ((LEFT, "left"), (RIGHT, "right")):
            if word in {p[0] for p in lex.cues[name]}:
                return side, at
    return None

