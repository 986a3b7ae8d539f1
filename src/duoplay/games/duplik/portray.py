"""How the Portrayer bot words a scene, as a person does: the picture as a whole first (its title
and setting, then the things on the ground from left to right with what stands on, under or in
them, then what is in the sky), then the details one by one, each in one of a few wordings so
that no two descriptions read like a form. The choice of wording is seeded by the scene, the
language and the golden criterion, so a description typed in bursts stays the same text.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from duoplay.games.duplik.scenes.layout import FLYING
from duoplay.games.duplik.scenes.library import KINDS, SKY
from duoplay.games.duplik.scenes.model import INSIDE, ON, STRIPED, UNDER, Criterion, Scene
from duoplay.games.duplik.scenes.words import _of, a, criterion_text, forms, plural, table, the

NBSP = "\u00a0"  # French puts a no-break space inside « » and before a colon
AND = {"en": "and", "es": "y", "fr": "et", "sv": "och", "pl": "i"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def opening(scene: Scene, lang: str, rng: random.Random) -> str:
    """The title, and the setting unless the title already says it."""
    title = scene.titles.get(lang) or scene.titles["en"]
    setting = table(lang)["settings"].get(scene.setting, "") if scene.setting else ""
    if setting and setting.lower() in title.lower():
        setting = ""
    quoted = {"en": f"“{title}”", "es": f"«{title}»", "fr": f"«{NBSP}{title}{NBSP}»", "sv": f"”{title}”",
              "pl": f"„{title}”"}[lang]
    choices = {
        "en": [f"My card is {quoted}" + (f", {setting}." if setting else "."),
               f"It’s {quoted}" + (f": a scene {setting}." if setting else "."),
               (f"We’re {setting}: {quoted}." if setting else f"The title is {quoted}.")],
        "es": [f"Mi carta es {quoted}" + (f", {setting}." if setting else "."),
               f"Se titula {quoted}" + (f" y pasa {setting}." if setting else "."),
               (f"Estamos {setting}: {quoted}." if setting else f"El título es {quoted}.")],
        "fr": [f"Ma carte s’appelle {quoted}" + (f", ça se passe {setting}." if setting else "."),
               f"C’est {quoted}" + (f"{NBSP}: une scène {setting}." if setting else "."),
               (f"On est {setting}{NBSP}: {quoted}." if setting else f"Le titre, c’est {quoted}.")],
        "sv": [f"Mitt kort heter {quoted}" + (f" och utspelar sig {setting}." if setting else "."),
               f"Det är {quoted}" + (f", {setting}." if setting else "."),
               (f"Vi är {setting}: {quoted}." if setting else f"Titeln är {quoted}.")],
        "pl": [f"Moja karta to {quoted}" + (f", scena {setting}." if setting else "."),
               f"Tytuł to {quoted}" + (f", a scena dzieje się {setting}." if setting else "."),
               (f"Jesteśmy {setting}: {quoted}." if setting else f"Na karcie: {quoted}.")],
    }[lang]
    return rng.choice(choices)


def _with(lang: str, host: str, guest: str, where: str) -> str:
    """A thing and what stands on, under or in it: "a table with a cup on it"."""
    g = a(lang, guest)
    match lang:
        case "en":
            word = {ON: "on", UNDER: "under", INSIDE: "in"}[where]
            return f"{a(lang, host)} with {g} {word} it"
        case "es":
            return f"{a(lang, host)} con {g} " + {ON: "encima", UNDER: "debajo", INSIDE: "dentro"}[where]
        case "fr":
            return f"{a(lang, host)} avec {g} " + {ON: "dessus", UNDER: "dessous", INSIDE: "dedans"}[where]
        case "sv":
            return f"{a(lang, host)} med {g} " + {ON: "på", UNDER: "under", INSIDE: "i"}[where]
    f = forms("pl", host)
    pronoun = {ON: {"f": "na niej"}, UNDER: {"f": "pod nią"}, INSIDE: {"f": "w niej"}}[where].get(
        f["g"], {ON: "na nim", UNDER: "pod nim", INSIDE: "w nim"}[where]
    )
    return f"{f['nom']} z {forms('pl', guest)['ins']} {pronoun}"


def _listed(lang: str, items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {AND[lang]} " + items[-1]


def _many(lang: str, kind: str, count: int) -> str:
    if 1 < count <= 12:
        return f"{table(lang)['numbers'][count]} {plural(lang, kind, count)}"
    return a(lang, kind)


def overview(scene: Scene, lang: str, rng: random.Random) -> tuple[list[str], set[Criterion]]:
    """The big picture: the ground from left to right, then the sky; and the criteria it says."""
    said: set[Criterion] = set()
    hosted = {r.subject: r for r in scene.spec.relations if r.kind in (ON, UNDER, INSIDE)}
    guests: dict[str, Criterion] = {}
    for relation in hosted.values():
        guests.setdefault(relation.others[0], relation)
    things = {t.kind: t for t in scene.spec.things}
    where = {b.kind: b.cx for b in scene.boxes}
    ground = sorted(
        (k for k in things if k not in hosted and not _up(k) and things[k].count == 1),
        key=lambda k: where.get(k, 0.0),
    )
    items = []
    for kind in ground:
        guest = guests.get(kind)
        if guest is not None and things[guest.subject].count == 1:
            items.append(_with(lang, kind, guest.subject, guest.kind))
            said.add(guest)
        else:
            items.append(a(lang, kind))
    sentences = []
    if len(items) > 1:
        lead = {
            "en": ["From left to right: {}.", "Left to right: {}."],
            "es": ["De izquierda a derecha: {}.", "Empezando por la izquierda: {}."],
            "fr": ["De gauche à droite\u00a0: {}.", "En partant de la gauche\u00a0: {}."],
            "sv": ["Från vänster till höger: {}.", "Från vänster: {}."],
            "pl": ["Od lewej: {}.", "Od lewej do prawej: {}."],
        }[lang]
        sentences.append(rng.choice(lead).format(_listed(lang, items)))
    elif items:
        middle = {"en": "in the middle", "es": "en el medio", "fr": "au milieu", "sv": "i mitten",
                  "pl": "na środku"}
        sentences.append(f"{_cap(items[0])} {middle[lang]}.")
    up = [_many(lang, k, things[k].count) for k in things if _up(k) and k not in hosted]
    if up:
        sky = {"en": "In the sky: {}.", "es": "En el cielo: {}.", "fr": "Dans le ciel\u00a0: {}.",
               "sv": "På himlen: {}.", "pl": "Na niebie: {}."}[lang]
        sentences.append(sky.format(_listed(lang, up)))
    for criterion in scene.criteria:
        if criterion.kind == "count" and _up(criterion.subject):
            said.add(criterion)
    return sentences, said


def _up(kind: str) -> bool:
    """In the sky, or flying over the ground (a kite, a bird)."""
    return KINDS[kind].place == SKY or kind in FLYING


def named(scene: Scene) -> set[str]:
    """The things the overview names."""
    hosted = {r.subject for r in scene.spec.relations if r.kind in (ON, UNDER, INSIDE)}
    return {t.kind for t in scene.spec.things if t.kind not in hosted and (t.count == 1 or _up(t.kind))}


Sentence = Callable[[Criterion], str]


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


def _subject(lang: str, kind: str) -> str:
    return str(forms("pl", kind)["nom"]) if lang == "pl" else the(lang, kind)


# Other wordings beside the criterion's own sentence, by kind.
_VARIANTS: dict[str, Callable[[str], Sentence]] = {
    "facing": _facing,
    "pattern": _pattern,
    "left_of": _left_of,
}


def detail(criterion: Criterion, lang: str, rng: random.Random) -> str:
    """One detail, in the criterion's own words or another wording of it."""
    variant = _VARIANTS.get(criterion.kind)
    if variant is not None and rng.random() < 0.5:
        return variant(lang)(criterion)
    return criterion_text(criterion, lang)

