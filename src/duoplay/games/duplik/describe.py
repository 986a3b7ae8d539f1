"""The Portrayer bot's description of a scene, as a person gives it: the picture as a whole first
(the title and setting, the things on the ground from left to right with what is on, under or in
them, what is in the sky: see `portray`), then the details (`wordings`), the golden criterion first, then the
relations (between, left of, bigger), counts, the sides animals face, patterns and colours, then
anything else. Typed at a person's pace, the setting comes early and the least important last,
where the hourglass may cut it off."""

from __future__ import annotations

import itertools
import random

from duoplay.games.duplik.portray import named, opening, overview
from duoplay.games.duplik.scenes.layout import FLYING
from duoplay.games.duplik.scenes.library import KINDS, SKY
from duoplay.games.duplik.scenes.model import (
    BETWEEN,
    BIGGER,
    COLOUR,
    COUNT,
    EXISTS,
    FACING,
    INSIDE,
    LEFT_OF,
    ON,
    PATTERN,
    UNDER,
    Criterion,
    Scene,
)
from duoplay.games.duplik.wordings import detail

TYPING_CHARS_PER_SECOND = 5.0  # about 60 words a minute: a quick typist
IMPORTANCE = {
    ON: 0,
    UNDER: 0,
    INSIDE: 0,
    BETWEEN: 1,
    LEFT_OF: 1,
    BIGGER: 2,
    COUNT: 3,
    FACING: 4,
    PATTERN: 5,
    COLOUR: 5,
    EXISTS: 6,
}


def facts(scene: Scene, golden: int) -> list[Criterion]:
    """What to say, most important first: the golden criterion, the criteria by kind, then the
    description's other relations and attributes, then every other thing."""
    ordered = sorted(
        enumerate(scene.criteria), key=lambda ic: (ic[0] + 1 != golden, IMPORTANCE[ic[1].kind], ic[0])
    )
    said = [c for _, c in ordered if c.kind != EXISTS]
    extra = [r for r in scene.spec.relations if r not in said]
    for thing in scene.spec.things:
        if thing.count > 1:
            extra.append(Criterion(COUNT, thing.kind, (), str(thing.count)))
        if thing.pattern:
            extra.append(Criterion(PATTERN, thing.kind, (), thing.pattern))
        if KINDS[thing.kind].animal and thing.count == 1:
            extra.append(Criterion(FACING, thing.kind, (), thing.facing))
        if thing.colour:
            extra.append(Criterion(COLOUR, thing.kind, (), thing.colour))
    said += sorted((c for c in extra if c not in said), key=lambda c: IMPORTANCE[c.kind])
    named = {k for c in said for k in c.kinds()}
    said += [Criterion(EXISTS, t.kind) for t in scene.spec.things if t.kind not in named]
    said += _ground_order(scene, said)
    return said


def _ground_order(scene: Scene, said: list[Criterion]) -> list[Criterion]:
    """Left-of facts between neighbours on the ground that nothing said yet fixes."""
    hosted = {r.subject for r in scene.spec.relations if r.kind in (ON, UNDER, INSIDE)}
    ground = sorted(
        (
            b
            for b in scene.boxes
            if b.kind not in hosted
            and KINDS[b.kind].place != SKY
            and b.kind not in FLYING
            and sum(1 for o in scene.boxes if o.kind == b.kind) == 1
        ),
        key=lambda b: b.cx,
    )
    return [
        Criterion(LEFT_OF, a.kind, (b.kind,))
        for a, b in itertools.pairwise(ground)
        if Criterion(LEFT_OF, a.kind, (b.kind,)) not in said
    ]


def description(scene: Scene, lang: str, golden: int) -> str:
    rng = random.Random(f"{scene.id}:{lang}:{golden}")  # the same words at every burst of typing
    sentences = [opening(scene, lang, rng)]
    big, said = overview(scene, lang, rng)
    sentences += big
    named_ = named(scene)
    stated = set(scene.criteria) | set(scene.spec.relations)
    for fact in facts(scene, golden):
        if fact in said or (fact.kind == EXISTS and fact.subject in named_):
            continue
        if fact.kind == LEFT_OF and fact not in stated and set(fact.kinds()) <= named_:
            continue  # the order of the ground, said from left to right
        sentences.append(detail(fact, lang, rng))
    return " ".join(sentences)


def typed(text: str, seconds: float) -> str:
    """What a quick typist has typed of `text` after `seconds`."""
    return text[: int(seconds * TYPING_CHARS_PER_SECOND)]
