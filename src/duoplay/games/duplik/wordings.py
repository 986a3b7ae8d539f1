"""The details of a description in the words people use: each criterion in its own sentence (as
the Judges read it) or in one of a few other wordings of the same fact, per language. Every
wording is one the Artist bot hears as the same fact."""

from __future__ import annotations

import random
from collections.abc import Callable

from duoplay.games.duplik.scenes.model import STRIPED, Criterion
from duoplay.games.duplik.scenes.words import _of, a, criterion_text, forms, plural, table, the

Sentence = Callable[[Criterion], str]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _subject(lang: str, kind: str) -> str:
    return str(forms("pl", kind)["nom"]) if lang == "pl" else the(lang, kind)


def _facing(lang: str) -> Sentence:
    words = {
        "en": ("{x} is looking {side}.", {"left": "left", "right": "right"}),
        "es": ("{x} mira a la {side}.", {"left": "izquierda", "right": "derecha"}),
        "fr": ("{x} regarde à {side}.", {"left": "gauche", "right": "droite"}),
        "sv": ("{x} tittar åt {side}.", {"left": "vänster", "right": "höger"}),
        "pl": ("{x} patrzy w {side}.", {"left": "lewo", "right": "prawo"}),
    }[lang]
    return lambda c: _cap(words[0].format(x=_subject(lang, c.subject), side=words[1][c.value]))


def _pattern(lang: str) -> Sentence:
    def sentence(c: Criterion) -> str:
        striped = c.value == STRIPED
        x = _subject(lang, c.subject)
        match lang:
            case "en":
                return _cap(f"{x} is {'striped' if striped else 'covered in dots'}.")
            case "es":
                return _cap(f"{x} es {'de rayas' if striped else 'de lunares'}.")
            case "fr":
                return _cap(f"{x} est {'à rayures' if striped else 'à pois'}.")
            case "sv":
                suffix = "t" if forms("sv", c.subject)["indef"].startswith("ett ") else ""
                return _cap(f"{x} är {'randig' if striped else 'prickig'}{suffix}.")
        return _cap(f"{x} ma {'paski' if striped else 'kropki'}.")

    return sentence


def _left_of(lang: str) -> Sentence:
    def sentence(c: Criterion) -> str:
        x, y = _subject(lang, c.subject), c.others[0]
        match lang:
            case "en":
                return _cap(f"{x} stands left of {the(lang, y)}.")
            case "es":
                return _cap(f"{x} queda a la izquierda {_of(lang, y)}.")
            case "fr":
                return _cap(f"{x} se trouve à gauche {_of(lang, y)}.")
            case "sv":
                return _cap(f"{x} står till vänster om {the(lang, y)}.")
        return _cap(f"{x} stoi na lewo od {forms('pl', y)['gen']}.")

    return sentence


def _hosting(lang: str) -> Sentence:
    """The place first, as people often say it: "Under the table there's a cat"."""

    def sentence(c: Criterion) -> str:
        x, y = c.subject, c.others[0]
        match lang:
            case "en":
                word = {"on": "On", "under": "Under", "inside": "In"}[c.kind]
                return f"{word} {the(lang, y)} there’s {a(lang, x)}."
            case "es":
                word = {"on": "Sobre", "under": "Debajo", "inside": "Dentro"}[c.kind]
                place = the(lang, y) if c.kind == "on" else _of(lang, y)
                return f"{word} {place} hay {a(lang, x)}."
            case "fr":
                word = {"on": "Sur", "under": "Sous", "inside": "Dans"}[c.kind]
                return f"{word} {the(lang, y)}, il y a {a(lang, x)}."
            case "sv":
                word = {"on": "På", "under": "Under", "inside": "I"}[c.kind]
                return f"{word} {the(lang, y)} finns {a(lang, x)}."
        case_ = {"on": ("Na", "loc"), "under": ("Pod", "ins"), "inside": ("W", "loc")}[c.kind]
        return f"{case_[0]} {forms('pl', y)[case_[1]]} jest {forms('pl', x)['nom']}."

    return sentence


def _between(lang: str) -> Sentence:
    def sentence(c: Criterion) -> str:
        x, (y, z) = _subject(lang, c.subject), c.others
        match lang:
            case "en":
                return _cap(f"{x} stands between {the(lang, y)} and {the(lang, z)}.")
            case "es":
                return _cap(f"{x} queda entre {the(lang, y)} y {the(lang, z)}.")
            case "fr":
                return _cap(f"{x} se trouve entre {the(lang, y)} et {the(lang, z)}.")
            case "sv":
                return _cap(f"{x} står mellan {the(lang, y)} och {the(lang, z)}.")
        return _cap(f"{x} stoi między {forms('pl', y)['ins']} a {forms('pl', z)['ins']}.")

    return sentence


_SMALLER_PL = {"m": "mniejszy", "f": "mniejsza", "n": "mniejsze"}


def _bigger(lang: str) -> Sentence:
    """Said the other way round: "the basket is smaller than the chair"."""

    def sentence(c: Criterion) -> str:
        big, small = c.subject, c.others[0]
        x = _subject(lang, small)
        match lang:
            case "en":
                return _cap(f"{x} is smaller than {the(lang, big)}.")
            case "es":
                little = "pequeño" if forms("es", small)["g"] == "m" else "pequeña"
                return _cap(f"{x} es más {little} que {the(lang, big)}.")
            case "fr":
                little = "petit" if forms("fr", small)["g"] == "m" else "petite"
                return _cap(f"{x} est plus {little} que {the(lang, big)}.")
            case "sv":
                return _cap(f"{x} är mindre än {the(lang, big)}.")
        return _cap(f"{x} jest {_SMALLER_PL[forms('pl', small)['g']]} niż {forms('pl', big)['nom']}.")

    return sentence


def _count(lang: str) -> Sentence:
    def sentence(c: Criterion) -> str:
        n = int(c.value)
        many = f"{table(lang)['numbers'][n] if n <= 12 else n} {plural(lang, c.subject, n)}"
        match lang:
            case "en":
                return f"I count {many}."
            case "es":
                return f"Hay {many}, ni más ni menos."
            case "fr":
                return f"Il y a {many}, pas plus."
            case "sv":
                return f"Det finns {many}, inte fler."
        return f"Na obrazku: {many}."

    return sentence


# Other wordings beside the criterion's own sentence, by kind.
_VARIANTS: dict[str, Callable[[str], Sentence]] = {
    "facing": _facing,
    "pattern": _pattern,
    "left_of": _left_of,
    "on": _hosting,
    "under": _hosting,
    "inside": _hosting,
    "between": _between,
    "bigger": _bigger,
    "count": _count,
}


def wordings(criterion: Criterion, lang: str) -> list[str]:
    """Every way the bot may say this fact: the criterion's own sentence first."""
    variant = _VARIANTS.get(criterion.kind)
    return [criterion_text(criterion, lang)] + ([variant(lang)(criterion)] if variant else [])


def detail(criterion: Criterion, lang: str, rng: random.Random) -> str:
    """One detail, in the criterion's own words or another wording of it."""
    return rng.choice(wordings(criterion, lang))
