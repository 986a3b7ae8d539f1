"""Scene words in the five languages: object names in the forms a sentence needs, settings,
colours, and the sentences of criteria and titles. The names live in `content/lang/*.json`;
the grammar that joins them (articles, contractions, Polish cases and agreement) is here.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from duoplay.games.duplik.scenes.model import (
    BETWEEN,
    BIGGER,
    COLOUR,
    COUNT,
    EXISTS,
    FACING,
    INSIDE,
    LEFT,
    LEFT_OF,
    ON,
    PATTERN,
    STRIPED,
    UNDER,
    Criterion,
)

LANGUAGES = ("en", "es", "sv", "pl", "fr")
CONTENT = Path(__file__).resolve().parents[1] / "content" / "lang"


@cache
def table(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CONTENT / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def forms(lang: str, kind: str) -> dict[str, Any]:
    found: dict[str, Any] = table(lang)["kinds"][kind]
    return found


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- noun phrases -------------------------------------------------------------------------------


def the(lang: str, kind: str) -> str:
    """The definite phrase ("the cat", "el gato", "katten", "kot", "le chat")."""
    f = forms(lang, kind)
    if lang == "en":
        return f"the {f['sg']}"
    if lang == "es":
        return f"{'el' if f['g'] == 'm' else 'la'} {f['sg']}"
    if lang == "fr":
        return f"l’{f['sg']}" if f.get("v") else f"{'le' if f['g'] == 'm' else 'la'} {f['sg']}"
    if lang == "sv":
        return str(f["def"])
    return str(f["nom"])


def a(lang: str, kind: str) -> str:
    """The indefinite phrase ("a cat", "un gato", "en katt", "kot", "un chat")."""
    f = forms(lang, kind)
    if lang == "en":
        return f"{'an' if f.get('an') else 'a'} {f['sg']}"
    if lang in ("es", "fr"):
        return f"{'un' if f['g'] == 'm' else 'una' if lang == 'es' else 'une'} {f['sg']}"
    if lang == "sv":
        return str(f["indef"])
    return str(f["nom"])


def _of(lang: str, kind: str) -> str:
    """"of the cat" as Spanish and French contract it (del, du, de la, de l’)."""
    phrase = the(lang, kind)
    if lang == "es":
        return "del " + phrase[3:] if phrase.startswith("el ") else "de " + phrase
    if phrase.startswith("le "):
        return "du " + phrase[3:]
    return "de " + phrase


def plural(lang: str, kind: str, count: int) -> str:
    f = forms(lang, kind)
    if lang == "pl":
        return str(f["nom_pl"] if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else f["gen_pl"])
    return str(f["pl"])


# --- criteria ------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def criterion_text(criterion: Criterion, lang: str) -> str:
    """Every view of a judged round reads its criteria again: a scene's few sentences are kept."""
    return _cap(_SENTENCES[lang](criterion))


def _en(c: Criterion) -> str:
    x = the("en", c.subject)
    y, z = ([the("en", k) for k in c.others] + ["", ""])[:2]
    match c.kind:
        case "exists":
            return f"there is {a('en', c.subject)}."
        case "count":
            return f"there are exactly {c.value} {plural('en', c.subject, int(c.value))}."
        case "on":
            return f"{x} is on {y}."
        case "under":
            return f"{x} is under {y}."
        case "inside":
            return f"{x} is inside {y}."
        case "left_of":
            return f"{x} is to the left of {y}."
        case "between":
            return f"{x} is between {y} and {z}."
        case "bigger":
            return f"{x} is bigger than {y}."
        case "facing":
            return f"{x} looks to the {c.value}."
        case "pattern":
            return f"{x} has {'stripes' if c.value == STRIPED else 'dots'}."
    return f"{x} is {table('en')['colours'][c.value]}."


def _es(c: Criterion) -> str:
    x = the("es", c.subject)
    ys = [the("es", k) for k in c.others]
    match c.kind:
        case "exists":
            return f"hay {a('es', c.subject)}."
        case "count":
            return f"hay exactamente {c.value} {plural('es', c.subject, int(c.value))}."
        case "on":
            return f"{x} está sobre {ys[0]}."
        case "under":
            return f"{x} está debajo {_of('es', c.others[0])}."
        case "inside":
            return f"{x} está dentro {_of('es', c.others[0])}."
        case "left_of":
            return f"{x} está a la izquierda {_of('es', c.others[0])}."
        case "between":
            return f"{x} está entre {ys[0]} y {ys[1]}."
        case "bigger":
            return f"{x} es más grande que {ys[0]}."
        case "facing":
            return f"{x} mira hacia la {'izquierda' if c.value == LEFT else 'derecha'}."
        case "pattern":
            return f"{x} tiene {'rayas' if c.value == STRIPED else 'lunares'}."
    return f"{x} es de color {table('es')['colours'][c.value]}."


def _fr(c: Criterion) -> str:
    x = the("fr", c.subject)
    ys = [the("fr", k) for k in c.others]
    match c.kind:
        case "exists":
            return f"il y a {a('fr', c.subject)}."
        case "count":
            return f"il y a exactement {c.value} {plural('fr', c.subject, int(c.value))}."
        case "on":
            return f"{x} est sur {ys[0]}."
        case "under":
            return f"{x} est sous {ys[0]}."
        case "inside":
            return f"{x} est dans {ys[0]}."
        case "left_of":
            return f"{x} est à gauche {_of('fr', c.others[0])}."
        case "between":
            return f"{x} est entre {ys[0]} et {ys[1]}."
        case "bigger":
            big = "grand" if forms("fr", c.subject)["g"] == "m" else "grande"
            return f"{x} est plus {big} que {ys[0]}."
        case "facing":
            return f"{x} regarde vers la {'gauche' if c.value == LEFT else 'droite'}."
        case "pattern":
            return f"{x} a des {'rayures' if c.value == STRIPED else 'pois'}."
    return f"{x} est de couleur {table('fr')['colours'][c.value]}."


def _sv(c: Criterion) -> str:
    x = the("sv", c.subject)
    ys = [the("sv", k) for k in c.others]
    match c.kind:
        case "exists":
            return f"det finns {a('sv', c.subject)}."
        case "count":
            return f"det finns exakt {c.value} {plural('sv', c.subject, int(c.value))}."
        case "on":
            return f"{x} är på {ys[0]}."
        case "under":
            return f"{x} är under {ys[0]}."
        case "inside":
            return f"{x} är inuti {ys[0]}."
        case "left_of":
            return f"{x} är till vänster om {ys[0]}."
        case "between":
            return f"{x} är mellan {ys[0]} och {ys[1]}."
        case "bigger":
            return f"{x} är större än {ys[0]}."
        case "facing":
            return f"{x} tittar åt {'vänster' if c.value == LEFT else 'höger'}."
        case "pattern":
            return f"{x} har {'ränder' if c.value == STRIPED else 'prickar'}."
    return f"{x} har {table('sv')['colours'][c.value]} färg."


_BIGGER_PL = {"m": "większy", "f": "większa", "n": "większe"}


def _pl(c: Criterion) -> str:
    f = forms("pl", c.subject)
    x = f["nom"]
    ys = [forms("pl", k) for k in c.others]
    match c.kind:
        case "exists":
            return f"na obrazku jest {x}."
        case "count":
            n = int(c.value)
            verb = "są" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "jest"
            return f"na obrazku {verb} dokładnie {n} {plural('pl', c.subject, n)}."
        case "on":
            return f"{x} jest na {ys[0]['loc']}."
        case "under":
            return f"{x} jest pod {ys[0]['ins']}."
        case "inside":
            return f"{x} jest w {ys[0]['loc']}."
        case "left_of":
            return f"{x} jest na lewo od {ys[0]['gen']}."
        case "between":
            return f"{x} jest między {ys[0]['ins']} a {ys[1]['ins']}."
        case "bigger":
            return f"{x} jest {_BIGGER_PL[f['g']]} niż {ys[0]['nom']}."
        case "facing":
            return f"{x} patrzy w {'lewo' if c.value == LEFT else 'prawo'}."
        case "pattern":
            return f"{x} jest w {'paski' if c.value == STRIPED else 'kropki'}."
    return f"{x} ma kolor {table('pl')['colours'][c.value]}."


_SENTENCES = {"en": _en, "es": _es, "fr": _fr, "sv": _sv, "pl": _pl}
assert set(_SENTENCES) == set(LANGUAGES)
# The kinds every sentence function above spells out (the colour sentence is each one's last line).
SPELLED = (EXISTS, COUNT, ON, UNDER, INSIDE, LEFT_OF, BETWEEN, BIGGER, FACING, PATTERN, COLOUR)


def generated_title(lang: str, kind: str, setting: str) -> str:
    """A generated scene's title: its main thing and where it is ("The cat in the garden")."""
    return _cap(f"{the(lang, kind)} {table(lang)['settings'][setting]}")


def settings() -> tuple[str, ...]:
    return tuple(table("en")["settings"])
