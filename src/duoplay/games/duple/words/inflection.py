"""Swedish words the dictionary does not take apart: verb forms and compounds.

The Swedish dictionary stores many verb forms as stems of their own ("springer", "sprang"),
so hunspell cannot say which infinitive they belong to. These are the regular endings of
the four conjugations; a form fits the verb category when one of its candidate infinitives
is in the verb list (strong verbs' past forms need their own lines there). The bare stem
("spring", the imperative) is left out: it reads nouns as verbs ("dans", "spik").

Swedish writes compounds as one word ("golvlampa", "sommarstuga"), and no list holds them
all: a compound whose last part fits the category and whose first part is a word (with or
without the linking s: "fotbollsplan") fits too.
"""

from __future__ import annotations

from collections.abc import Callable

SHORTEST_PART = 3  # "is" + "bjorn" yes, "i" + "glass" no

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


def swedish_compound(word: str, fits: Callable[[str], bool], is_word: Callable[[str], bool]) -> bool:
    """A compound whose last part fits (`fits`) and whose first part is a word ("golv" + "lampa")."""
    for split in range(SHORTEST_PART - 1, len(word) - SHORTEST_PART + 1):
        head, tail = word[:split], word[split:]
        if len(tail) < SHORTEST_PART or not fits(tail):
            continue
        if is_word(head) or (head.endswith("s") and len(head) > SHORTEST_PART and is_word(head[:-1])):
            return True
    return False
