"""How the Portrayer bot opens a description, as a person does: the picture as a whole first (its
title and setting, then the things on the ground from left to right with what stands on, under or
in them, then what is in the sky), each in one of a few wordings; the details follow (`wordings`).
The choice of wording is seeded by the scene, the language and the golden criterion, so a
description typed in bursts stays the same text.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from duoplay.games.duplik.scenes.layout import FLYING
from duoplay.games.duplik.scenes.library import KINDS, SKY
from duoplay.games.duplik.scenes.model import INSIDE, ON, UNDER, Criterion, Scene
from duoplay.games.duplik.scenes.words import a, forms, plural, table

AND = {"en": "and", "es": "y", "fr": "et", "sv": "och", "pl": "i"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def opening(scene: Scene, lang: str, rng: random.Random) -> str:
    """The title, and the setting unless the title already says it."""
    title = scene.titles.get(lang) or scene.titles["en"]
    setting = table(lang)["settings"].get(scene.setting, "") if scene.setting else ""
    if setting and setting.lower() in title.lower():
        setting = ""
    quoted = {"en": f"“{title}”", "es": f"«{title}»", "fr": f"« {title} »", "sv": f"”{title}”",
              "pl": f"„{title}”"}[lang]
    choices = {
        "en": [f"My card is {quoted}" + (f", {setting}." if setting else "."),
               f"It’s {quoted}" + (f": a scene {setting}." if setting else "."),
               (f"We’re {setting}: {quoted}." if setting else f"The title is {quoted}.")],
        "es": [f"Mi carta es {quoted}" + (f", {setting}." if setting else "."),
               f"Se titula {quoted}" + (f" y pasa {setting}." if setting else "."),
               (f"Estamos {setting}: {quoted}." if setting else f"El título es {quoted}.")],
        "fr": [f"Ma carte s’appelle {quoted}" + (f", ça se passe {setting}." if setting else "."),
               f"C’est {quoted}" + (f" : une scène {setting}." if setting else "."),
               (f"On est {setting} : {quoted}." if setting else f"Le titre, c’est {quoted}.")],
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
            "fr": ["De gauche à droite : {}.", "En partant de la gauche : {}."],
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
        sky = {"en": "In the sky: {}.", "es": "En el cielo: {}.", "fr": "Dans le ciel : {}.",
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
