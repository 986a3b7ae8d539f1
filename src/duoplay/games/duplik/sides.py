"""Where in the picture the Artist bot hears a thing is: on the left, on the right, in the middle.

A side said of one thing goes to the thing it follows ("a table on the left"), else to the thing
right after it ("et à droite une boîte"), else to the nearest. A side said before anything in a
clause is the side of all it names, and of the sentence's next clauses until another side is
said ("On the right a box with a cup on it, a big basket and a small umbrella at the end"), or
one of another side. Things on one
side keep the order they were named in (see `sketch.plan`).
"""

from __future__ import annotations

from duoplay.games.duplik.heard import Heard, Mention, cue, find, nearest
from duoplay.games.duplik.lexicon import Lexicon

PINS = (("pin_left", "left"), ("pin_right", "right"), ("middle", "middle"))


def pin(
    words: list[str], mentions: list[Mention], lex: Lexicon, heard: Heard, taken: set[int], region: str | None
) -> str | None:
    """Pin the things of a clause to the sides it says; the side that goes on to the sentence's
    next clauses (`region` is the one that came to this clause)."""
    skip = set(taken) | _of_phrases(words, lex)  # "to the left of the house" is a relation
    for name, side in PINS:
        hit = cue(words, lex, name, skip)
        while hit:
            skip.update(range(hit[0], hit[0] + hit[1]))
            if all(m.start >= hit[0] + hit[1] for m in mentions):
                region = side  # said first: the side of the clause and of those after it
                for m in mentions:
                    heard.pins.setdefault(m.kind, side)
            else:
                region = region if region == side else None  # "..., a basket and an umbrella at the end"
                near = _pinned(words, mentions, hit, lex)
                if near is not None:
                    heard.pins.setdefault(near.kind, side)
            hit = cue(words, lex, name, skip)
    if region is not None:
        for m in mentions:
            heard.pins.setdefault(m.kind, region)
    return region


def _of_phrases(words: list[str], lex: Lexicon) -> set[int]:
    """Where the words of every "left of" / "right of" phrase are, tying a thing or not."""
    spans: set[int] = set()
    for name in ("left_of", "right_of"):
        for phrase in lex.cues[name]:
            at = find(words, phrase)
            while at >= 0:
                spans.update(range(at, at + len(phrase)))
                at = find(words, phrase, at + 1)
    return spans


def _pinned(words: list[str], mentions: list[Mention], hit: tuple[int, int], lex: Lexicon) -> Mention | None:
    """The thing a side is said of: the one it follows, else the one right after it (an article
    or an adjective between, no "and"), else the nearest."""
    end = hit[0] + hit[1]
    followed = [m for m in mentions if m.end == hit[0]]
    if followed:
        return followed[-1]
    after = next((m for m in mentions if m.start >= end), None)
    joins = {p[0] for p in lex.cues["and"]}
    if after is not None and after.start - end <= 2 and not joins & set(words[end : after.start]):
        return after
    return nearest(mentions, hit[0])
