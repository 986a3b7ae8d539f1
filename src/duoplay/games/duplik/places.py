"""Where the Artist bot hears things are: relations between two things named in a clause
("the cup is on the table", "under the table, a cat", "a table with a cup on it") and sides
("on the left")."""

from __future__ import annotations

from duoplay.games.duplik.heard import Heard, Mention, cue
from duoplay.games.duplik.lexicon import Lexicon
from duoplay.games.duplik.scenes.library import KINDS
from duoplay.games.duplik.scenes.model import INSIDE, ON, Criterion

HOSTING = ("on", "under", "inside")
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
        # the top and bottom of the picture: "na dole", "en bas", "abajo", "nere"
        "dole",
        "gorze",
        "gory",
        "bas",
        "haut",
        "abajo",
        "arriba",
        "fondo",
        "nere",
        "uppe",
        "bottom",
        "top",
        # a group in a row: "en fila", "in a row", "på rad", "w rzędzie", "en ligne"
        "fila",
        "row",
        "line",
        "rad",
        "rzedzie",
        "ligne",
    }
)


def relations(
    words: list[str],
    mentions: list[Mention],
    lex: Lexicon,
    heard: Heard,
    taken: set[int],
    earlier: str | None = None,
) -> None:
    """The relations a clause says; `earlier` is the last thing the clause before named, what
    "it" is when nothing is named before it here ("a tree. To its right an umbrella")."""
    before_all = Mention(-1, 0, earlier, False) if earlier else None
    between = cue(words, lex, "between", taken)
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
        hit = cue(words, lex, name, taken)
        if hit:
            pair = _pair(words, mentions, hit, lex, before_all)
            if pair:
                a, b = pair
                heard.relations.append(
                    Criterion(kind, b.kind, (a.kind,)) if flip else Criterion(kind, a.kind, (b.kind,))
                )
                taken.update(range(hit[0], hit[0] + hit[1]))
    for name in HOSTING:
        passed = set(taken)  # every place the word is said ("a cup on the table and a hat on the chair")
        hit = cue(words, lex, name, passed)
        while hit:
            passed.update(range(hit[0], hit[0] + hit[1]))
            pair = None if is_pin(words, hit, lex) else _hosting_pair(words, mentions, hit, lex, before_all)
            if pair:
                subject, host = pair
                heard.relations.append(Criterion(_hosted(name, host.kind), subject.kind, (host.kind,)))
                taken.update(range(hit[0], hit[0] + hit[1]))
            hit = cue(words, lex, name, passed)


def is_pin(words: list[str], hit: tuple[int, int], lex: Lexicon) -> bool:
    """ "on the left", "w lewo", "na lewo": a side, not a host."""
    after = words[hit[0] + hit[1] : hit[0] + hit[1] + 3]
    sides = {p[0] for name in ("left", "right") for p in lex.cues[name]}
    return any(w in sides for w in after[:2]) or bool(_PLACES & set(after))


def _pair(
    words: list[str], mentions: list[Mention], hit: tuple[int, int], lex: Lexicon, earlier: Mention | None
) -> tuple[Mention, Mention] | None:
    before = [m for m in mentions if m.end <= hit[0]]
    after = [m for m in mentions if m.start >= hit[0] + hit[1]]
    said_of = _said_of_it(words, after, hit, lex)
    it = before[-1] if before else earlier
    if said_of and it is not None:  # "a tree and to its right an umbrella", "till höger om det"
        return said_of, it
    if before and earlier and not after and of_it(words, hit, lex):
        return before[-1], earlier  # "A box. A basket right of it."
    if _PLACES & set(words[hit[0] + hit[1] : hit[0] + hit[1] + 2]):
        return None  # "right of the middle" is a side of the picture
    if before and after:
        return before[-1], after[0]
    if len(after) >= 2:  # "to the left of the table, a chair"
        return after[1], after[0]
    return None


def of_it(words: list[str], hit: tuple[int, int], lex: Lexicon) -> bool:
    """The place is said of "it" ("right of it", "à sa droite", "debajo de ella")."""
    end = hit[0] + hit[1]
    its = {p[0] for p in lex.cues["its"]} & set(words[hit[0] : end])
    pronouns = {p[0] for p in lex.cues["pronoun"]} - {p[0] for p in lex.cues["article"]}
    return bool(its) or (end < len(words) and words[end] in pronouns)


def _said_of_it(words: list[str], after: list[Mention], hit: tuple[int, int], lex: Lexicon) -> Mention | None:
    """The thing named right after a place said of "it" ("under it a cat", "à sa droite un
    parapluie", "w nim kot"): "it" is what came before, and the thing after is what is there."""
    end = hit[0] + hit[1]
    pronoun = {p[0] for p in lex.cues["pronoun"]}
    articles = {p[0] for p in lex.cues["article"]}
    owned = {p[0] for p in lex.cues["its"]} & set(words[hit[0] : end])  # "to its right"
    said = end < len(words) and words[end] in pronoun
    if not after or not (owned or said):
        return None
    start = end + (0 if owned and not said else 1)
    if said and words[end] in articles and after[0].start == end + 1:
        return None  # "el" is "him" or "the": before a name it is the name's article
    describing = articles | {p[0] for name in ("big", "small", "striped", "dotted") for p in lex.cues[name]}
    between = words[start : after[0].start]  # "till höger om det ett stort paraply"
    if len(between) > 3 or any(w not in describing and w not in lex.numbers for w in between):
        return None
    return after[0]


def _hosting_pair(
    words: list[str], mentions: list[Mention], hit: tuple[int, int], lex: Lexicon, earlier: Mention | None
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
    end = hit[0] + hit[1]
    articles = {p[0] for p in lex.cues["article"]}
    # "el" is "him" or "the": before a name it is the name's article ("en el asiento")
    said_of = bool(follows) and follows[0] in pronoun and not (
        follows[0] in articles and after and after[0].start == end + 1
    )
    thing_after = _said_of_it(words, after, hit, lex)
    it = before[-1] if before else earlier
    if thing_after and it is not None:  # "a table and under it a cat", "pudło a w nim kot"
        return thing_after, it
    if (not after or adverb or said_of) and len(before) >= 2:
        return before[-1], _holder(words, before, lex)  # "a table with a cup on it"
    if said_of and len(before) == 1 and earlier and not thing_after:
        return before[0], earlier  # "A table. A cat under it."
    if adverb:
        return None  # "w środku drzewo": a bare place word ties nothing to what follows
    if before and after:
        return before[-1], after[0]
    if len(after) >= 2:  # "under the table, a cat"
        return after[1], after[0]
    return None


def _holder(words: list[str], before: list[Mention], lex: Lexicon) -> Mention:
    """What a thing said to be "on it" / "under it" is on: the thing before the "with" that brought
    it in ("a chair with a dog on it and an apple under it"), else the thing named before it."""
    subject = before[-1]
    joins = {p[0] for p in lex.cues["with"]}
    with_at = max((i for i in range(subject.start) if words[i] in joins), default=-1)
    holders = [m for m in before[:-1] if m.end <= with_at]
    return holders[-1] if holders else before[-2]


def _hosted(said: str, host: str) -> str:
    """How a thing is where it is said to be, by what its host can hold: "in" a chair or "en el
    asiento" is on it, "on" a basket is in it (a word like "en" or "w" means both)."""
    kind = KINDS[host]
    if said == INSIDE and not kind.container and kind.surface:
        return ON
    if said == ON and kind.container and not kind.surface:
        return INSIDE
    return said
