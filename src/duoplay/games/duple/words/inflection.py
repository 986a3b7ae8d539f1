"""Swedish verb forms back to their infinitive, for the verb category.

The Swedish dictionary stores many verb forms as stems of their own ("springer", "sprang"),
so hunspell cannot say which infinitive they belong to. These are the regular endings of
the four conjugations; a form fits the verb category when one of its candidate infinitives
is in the verb list (strong verbs' past forms need their own lines there).
"""

from __future__ import annotations

# (ending, what replaces it): talar -> tala, springer -> springa, bor -> bo, talade -> tala ...
_SWEDISH_VERB_ENDINGS = (
    ("ar", "a"), ("er", "a"), ("r", ""), ("ade", "a"), ("at", "a"), ("de", "a"), ("te", "a"), ("t", "a"),
    ("dde", ""), ("tt", ""), ("s", ""), ("as", "a"), ("es", "a"), ("", "a"),
)


def swedish_infinitives(word: str) -> tuple[str, ...]:
    """The infinitives a Swedish verb form may come from ("springer" -> "springa", ...)."""
    found = [word]
    for ending, infinitive in _SWEDISH_VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            found.append(word[: len(word) - len(ending)] + infinitive)
    return tuple(dict.fromkeys(found))
