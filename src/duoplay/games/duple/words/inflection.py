"""Words the dictionary does not take apart: Swedish verb forms and compounds, Polish diminutives.

The Swedish dictionary stores many verb forms as stems of their own ("springer", "sprang"),
so hunspell cannot say which infinitive they belong to. These are the regular endings of
the four conjugations; a form fits the verb category when one of its candidate infinitives
is in the verb list (strong verbs' past forms need their own lines there). The bare stem
("spring", the imperative) is left out: it reads nouns as verbs ("dans", "spik").

Swedish writes compounds as one word ("golvlampa", "sommarstuga"), and no list holds them
all: a compound whose last part fits the category and whose first part is a word fits too
(`compound_heads`: with a linking s, "fotbollsplan", or less the vowel it drops, "vårtbjörk").
The first part is a word as the dictionary lists it, not an inflection ("las", a form of "la",
does not make "lasbil" of "lastbil"), and a compound the dictionary lists as a misspelling
("trägård" for "trädgård") is not one. The last part may have two letters when the first has
three or more ("julöl", "kamomillte"): Swedish has short words that end compounds
(öl, te, is, ko, bi), and a first part of one or two letters would make too many false ones.

Polish makes a diminutive of almost any noun ("garnek" -> "garnuszek", "piernik" ->
"pierniczek", "piwo" -> "piwko", "ryba" -> "rybka"), and the dictionary lists most as stems of
their own: a diminutive fits the category of the word it is made from. These are the regular
suffixes with their consonant changes; the base must be in the category's lists.
"""

from __future__ import annotations

from collections.abc import Callable

SHORTEST_PART = 3  # "is" + "bjorn" yes, "i" + "glass" no
SHORTEST_TAIL = 2  # "jul" + "öl": a two-letter last part after a first part of SHORTEST_PART or more
SHORTEST_BASE = 3  # a Polish diminutive's base: "oko" is not made from "oo"

# (ending, what replaces it): talar -> tala, springer -> springa, bor -> bo, talade -> tala ...
_SWEDISH_VERB_ENDINGS = (
    ("ar", "a"), ("er", "a"), ("r", ""), ("ade", "a"), ("at", "a"), ("de", "a"), ("te", "a"), ("t", "a"),
    ("dde", ""), ("tt", ""), ("s", ""), ("as", "a"), ("es", "a"),
)


def swedish_infinitives(word: str) -> tuple[str, ...]:
    """The infinitives a Swedish verb form may come from ("springer" -> "springa", ...)."""
    found = [word]
    for ending, infinitive in _SWEDISH_VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            found.append(word[: len(word) - len(ending)] + infinitive)
    return tuple(dict.fromkeys(found))


def swedish_verb(word: str, is_word: Callable[[str], bool]) -> bool:
    """An infinitive, by its present and past tense ("alstra": alstrar, alstrade; "bedöma":
    bedömer, bedömde). The Swedish dictionary does not say which stems are verbs; a noun in -a
    has no such forms ("lampa": lampor)."""
    if not word.endswith("a") or len(word) < 4:
        return False
    stem = word[:-1]
    return ((is_word(word + "r") and is_word(word + "de"))
            or (is_word(stem + "er") and (is_word(stem + "de") or is_word(stem + "te"))))


def swedish_compound(word: str, fits: Callable[[str], bool], is_word: Callable[[str], bool]) -> bool:
    """A compound whose last part fits (`fits`) and whose first part is a word ("golv" + "lampa")."""
    for split in range(SHORTEST_PART - 1, len(word) - SHORTEST_TAIL + 1):
        head, tail = word[:split], word[split:]
        if (len(tail) < SHORTEST_PART and len(head) < SHORTEST_PART) or not fits(tail):
            continue
        if any(is_word(base) for base in compound_heads(head)):
            return True
    return False


def compound_heads(head: str) -> tuple[str, ...]:
    """The words a compound's first part may be: itself, less its linking s ("fotbolls"), or with
    the final vowel it drops ("skol" of skola, "vårt" of vårta, "pojk" of pojke), or the a its
    linking u or o replaces ("gatu" of gata, "kvinno" of kvinna)."""
    found = [head, head + "a", head + "e"]
    if head.endswith("s") and len(head) > SHORTEST_PART:
        found.append(head[:-1])
    if head.endswith(("u", "o")) and len(head) > SHORTEST_PART:
        found.append(head[:-1] + "a")
    return tuple(found)


# (diminutive ending, the base's ending), longest first: garnuszek -> garnek, pierniczek -> piernik,
# groszek -> groch, kotek -> kot, łyżeczka -> łyżka, rybka -> ryba, łóżeczko -> łóżko, piwko -> piwo
_POLISH_DIMINUTIVES = (
    ("uszek", "ek"), ("eczek", "ek"), ("czek", "k"), ("szek", "ch"), ("ek", ""),
    ("eczka", "ka"), ("czka", "ka"), ("ka", "a"),
    ("eczko", "ko"), ("czko", "ko"), ("ko", "o"),
)


def polish_diminutive_bases(word: str) -> tuple[str, ...]:
    """The words a Polish diminutive may be made from ("garnuszek" -> "garnek", ...)."""
    found = []
    for ending, base in _POLISH_DIMINUTIVES:
        if word.endswith(ending):
            stem = word[: len(word) - len(ending)] + base
            if len(stem) >= SHORTEST_BASE and stem != word:
                found.append(stem)
    return tuple(dict.fromkeys(found))


# Swedish towns end in a handful of place-name elements (Norrköping, Karlstad, Borås, Umeå); -berg
# and -holm are left out, as often surnames as towns. A name the dictionary lists that ends in one
# is a town (CLDR names only the largest).
_SWEDISH_TOWN_ENDINGS = ("köping", "stad", "hamn", "borg", "sund", "vik", "fors", "hult", "ryd", "torp",
                         "tuna", "näs", "by", "å", "ås", "lösa")
SHORTEST_TOWN = 4  # "Borg", "By" alone are not towns by their ending


def swedish_town_name(name: str) -> bool:
    """A Swedish name shaped like a town's ("falköping", "borås"); the dictionary must list it."""
    return len(name) >= SHORTEST_TOWN and any(
        name.endswith(e) and len(name) >= len(e) + 2 for e in _SWEDISH_TOWN_ENDINGS)
