"""The seeded scene generator: composes a description from the object library and relations,
lays it out, and derives the ten criteria from the same description.

A scene id says how to make it again: `g<difficulty letter><seed>` (`gn7`: normal, seed 7),
and `c` after the letter when colour criteria are allowed (`gnc7`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.layout import FLYING, LayoutError, layout
from duoplay.games.duplik.scenes.library import GROUND as GROUND_PLACE
from duoplay.games.duplik.scenes.library import KINDS, SMALL
from duoplay.games.duplik.scenes.model import (
    BETWEEN,
    BIGGER,
    COLOUR,
    COLOURS,
    COUNT,
    CRITERIA,
    DOTTED,
    EXISTS,
    FACING,
    INSIDE,
    LEFT,
    LEFT_OF,
    ON,
    PATTERN,
    RIGHT,
    STRIPED,
    UNDER,
    Criterion,
    Scene,
    SceneSpec,
    Thing,
)
from duoplay.games.duplik.scenes.scenery import suits
from duoplay.games.duplik.scenes.words import LANGUAGES, generated_title, settings

DIFFICULTIES = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Level:
    anchors: tuple[int, int]  # things standing on the ground
    sky: tuple[int, int]
    hosted: tuple[int, int]  # things on, under or inside another
    count: tuple[int, int]  # how many in the group to count
    attributes: int  # facing, patterns (and colours)
    relations: int  # at most, among the ten criteria
    between: float  # chance of a "between"
    bigger: float  # chance of a "bigger than"


LEVELS = {
    "easy": Level((2, 3), (1, 1), (1, 1), (2, 3), 1, 3, 0.0, 0.0),
    "normal": Level((3, 4), (1, 2), (1, 2), (2, 5), 2, 5, 0.4, 0.5),
    "hard": Level((4, 5), (1, 2), (2, 3), (3, 7), 3, 7, 0.8, 0.8),
}
ANCHORS = ("table", "chair", "box", "basket", "tree", "house", "car", "umbrella")
ON_GROUND_TOO = ("cat", "dog", "lamp")  # small things that may also stand alone on the ground
HOSTED = ("cat", "dog", "mouse", "ball", "cup", "book", "hat", "lamp", "apple", "fish", "bird")
SKY_THINGS = ("sun", "cloud", "kite", "bird")
COUNTED = ("star", "cloud", "heart", "flower", "apple", "ball")
HOLDS = {ON: "surface", UNDER: "legs", INSIDE: "container"}


def scene_id(seed: int, difficulty: str, colour: bool = False) -> str:
    return f"g{difficulty[0]}{'c' if colour else ''}{seed}"


def parse_scene_id(text: str) -> tuple[int, str, bool] | None:
    """(seed, difficulty, colour) of a generated scene's id, or None if it is not one."""
    if len(text) < 3 or text[0] != "g":
        return None
    level = {d[0]: d for d in DIFFICULTIES}.get(text[1])
    colour = text[2] == "c"
    digits = text[3:] if colour else text[2:]
    if level is None or not digits.isdigit() or len(digits) > 12:
        return None
    return int(digits), level, colour


def generate(seed: int, difficulty: str = "normal", colour: bool = False) -> Scene:
    """The scene of this seed: the same seed always gives the same scene."""
    for attempt in range(50):
        rng = random.Random(f"duplik-{difficulty}-{int(colour)}-{seed}-{attempt}")
        # The setting and how far back things stand come from a generator of their own, so a
        # seed keeps the things, relations and criteria it had before settings were drawn.
        look = random.Random(f"duplik-look-{difficulty}-{int(colour)}-{seed}-{attempt}")
        try:
            scene = _compose(rng, look, seed, difficulty, colour)
        except LayoutError:
            continue
        if all(holds(c, scene.boxes) for c in scene.criteria):
            return scene
    raise LayoutError(f"no scene for seed {seed}")  # pragma: no cover - never seen over 100,000 seeds


def _compose(rng: random.Random, look: random.Random, seed: int, difficulty: str, colour: bool) -> Scene:
    level = LEVELS[difficulty]
    used: set[str] = set()
    things: dict[str, Thing] = {}
    relations: list[Criterion] = []
    setting = look.choice(settings())  # first: the things are those that suit it (no car indoors)

    def pick(choices: tuple[str, ...]) -> str | None:
        free = [k for k in choices if k not in used and suits(setting, {k})]
        if not free:
            return None
        kind = rng.choice(free)
        used.add(kind)
        return kind

    anchors = [k for k in (pick(ANCHORS) for _ in range(rng.randint(*level.anchors))) if k]
    if rng.random() < 0.5:
        extra = pick(ON_GROUND_TOO)
        if extra:
            anchors.append(extra)
    for kind in anchors:
        things[kind] = Thing(kind)
    for _ in range(rng.randint(*level.hosted)):
        how = rng.choice((ON, UNDER, INSIDE))
        # One thing per host and way; and a box with something on its lid holds nothing inside
        # (what peeks out of it would be hidden by what is on it).
        taken = {how} | ({ON, INSIDE} if how in (ON, INSIDE) else set())
        hosts = [k for k in anchors if getattr(KINDS[k], HOLDS[how])
                 and not any(r.kind in taken and r.others[0] == k for r in relations)]
        fits = [k for k in HOSTED if k not in used and suits(setting, {k}) and (how == ON or k not in FLYING)
                and (k != "fish" or how == INSIDE)]
        if not hosts or not fits:
            continue
        kind = rng.choice(fits)
        used.add(kind)
        things[kind] = Thing(kind)
        relations.append(Criterion(how, kind, (rng.choice(hosts),)))
    for _ in range(rng.randint(*level.sky)):
        flier = pick(SKY_THINGS)
        if flier:
            things[flier] = Thing(flier)
    counted = pick(COUNTED)
    if counted:
        things[counted] = Thing(counted, count=rng.randint(*level.count))
    # The ground row's order, told as left-of and between relations.
    order = list(anchors)
    rng.shuffle(order)
    pairs = [(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]
    rng.shuffle(pairs)
    relations += [Criterion(LEFT_OF, x, (y,)) for x, y in pairs[: rng.randint(1, 2)]]
    if len(order) >= 3 and rng.random() < level.between:
        i = rng.randrange(1, len(order) - 1)
        ends = (order[i - 1], order[i + 1]) if rng.random() < 0.5 else (order[i + 1], order[i - 1])
        relations.append(Criterion(BETWEEN, order[i], ends))
    else:
        if len(order) > 1:
            relations.append(Criterion(LEFT_OF, order[0], (order[-1],)))
    if len(anchors) >= 2 and rng.random() < level.bigger:
        small = [k for k in anchors if KINDS[k].place == SMALL or k in ("box", "basket", "chair", "umbrella")]
        if len(small) >= 2:
            big, little = rng.sample(small, 2)
            things[big] = replace(things[big], size=1.35)
            things[little] = replace(things[little], size=0.7)
            relations.append(Criterion(BIGGER, big, (little,)))
    attributes = _attributes(rng, things, colour)
    spec = SceneSpec(tuple(things.values()), tuple(_dedupe(relations)))
    boxes = layout(spec, rng, depth=look)
    criteria = _criteria(rng, spec, attributes, level)
    main = anchors[0] if anchors else next(iter(things))
    titles = {lang: generated_title(lang, main, setting) for lang in LANGUAGES}
    return Scene(scene_id(seed, difficulty, colour), titles, difficulty, spec, boxes, criteria, setting)


def _attributes(rng: random.Random, things: dict[str, Thing], colour: bool) -> list[Criterion]:
    found = []
    for kind, thing in list(things.items()):
        if thing.count > 1:
            continue
        if KINDS[kind].animal:
            side = rng.choice((LEFT, RIGHT))
            things[kind] = thing = replace(thing, facing=side)
            found.append(Criterion(FACING, kind, (), side))
        if KINDS[kind].patterned and rng.random() < 0.5:
            pattern = rng.choice((STRIPED, DOTTED))
            things[kind] = thing = replace(thing, pattern=pattern)
            found.append(Criterion(PATTERN, kind, (), pattern))
        if colour:
            paint = rng.choice(COLOURS)
            things[kind] = replace(thing, colour=paint)
            found.append(Criterion(COLOUR, kind, (), paint))
    rng.shuffle(found)
    return found


def _dedupe(relations: list[Criterion]) -> list[Criterion]:
    seen: list[Criterion] = []
    for r in relations:
        if r not in seen:
            seen.append(r)
    return seen


def _criteria(rng: random.Random, spec: SceneSpec, attributes: list[Criterion], level: Level) -> tuple[
        Criterion, ...]:
    relations = list(spec.relations)
    rng.shuffle(relations)
    chosen = relations[: level.relations]
    chosen += [Criterion(COUNT, t.kind, (), str(t.count)) for t in spec.things if t.count > 1]
    chosen += attributes[: level.attributes]
    mentioned = {k for c in chosen for k in c.kinds()}
    singles = [t.kind for t in spec.things if t.count == 1]
    rng.shuffle(singles)
    singles.sort(key=lambda k: k in mentioned)  # things no criterion names yet first
    chosen += [Criterion(EXISTS, k) for k in singles]
    chosen += relations[level.relations:] + attributes[level.attributes:]
    chosen = _dedupe(chosen)[:CRITERIA]
    if len(chosen) < CRITERIA:
        raise LayoutError("too few facts for ten criteria")
    rng.shuffle(chosen)
    return tuple(chosen)


__all__ = ["DIFFICULTIES", "GROUND_PLACE", "LEVELS", "generate", "parse_scene_id", "scene_id"]
