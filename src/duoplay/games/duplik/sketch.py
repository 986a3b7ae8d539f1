"""The Artist bot's hand: from what it heard to strokes that look hand-drawn, and back.

`draw` lays out what was heard (as the scene layout would, keeping the order things were
named), then traces each thing's shape with a slightly wobbly, resampled line, adds stripes
or dots, and labels every stroke with what it meant ("cat#0|left|striped|"), so that a bot
Judge can tell what a bot drew. `boxes_of` reads those labels back into boxes.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from duoplay.games.duplik.hand import PLAIN, Hand, styled
from duoplay.games.duplik.heard import Heard
from duoplay.games.duplik.places import HOSTING
from duoplay.games.duplik.scenes.layout import FLYING, LayoutError, layout
from duoplay.games.duplik.scenes.library import KINDS, placed_lines
from duoplay.games.duplik.scenes.model import (
    BETWEEN,
    BIGGER,
    DOTTED,
    HEIGHT,
    INSIDE,
    LEFT_OF,
    ON,
    RIGHT,
    STRIPED,
    WIDTH,
    Box,
    Criterion,
    SceneSpec,
    Thing,
)
from duoplay.games.duplik.state import Drawing, Stroke


def plan(heard: Heard) -> SceneSpec:
    """A description the layout can place: each thing hosted at most once, never by what it holds,
    and only by what can hold it so (see `_holds`)."""
    hosted: dict[str, Criterion] = {}
    for relation in heard.relations:
        if relation.kind not in HOSTING:
            continue
        subject, host = relation.subject, relation.others[0]
        if (
            subject in hosted
            or host in hosted
            or subject == host
            or heard.counts.get(subject, 1) > 1
            or heard.counts.get(host, 1) > 1
            or any(r.others[0] == subject for r in hosted.values())
            or not _holds(relation.kind, subject, host)
        ):
            continue
        hosted[subject] = relation
    things = tuple(
        Thing(
            kind,
            heard.counts.get(kind, 1),
            heard.sizes.get(kind, 1.0),
            heard.facing.get(kind, RIGHT),
            heard.patterns.get(kind, ""),
            heard.colours.get(kind, ""),
        )
        for kind in heard.order
    )
    free = [k for k in heard.order if k not in hosted]
    order: list[Criterion] = []
    for relation in heard.relations:
        kinds = relation.kinds()
        if (
            relation.kind in (LEFT_OF, BETWEEN, BIGGER)
            and all(k in free for k in kinds)
            and len(set(kinds)) == len(kinds)
        ):
            order.append(relation)
    # A side puts a thing beyond every free thing not said to be on that side; things on one side
    # keep the order they were named in ("on the right a box, then a basket": the basket is further).
    for kind, side in heard.pins.items():
        if kind in free and side in ("left", "right"):
            order += [
                Criterion(LEFT_OF, kind, (other,)) if side == "left" else Criterion(LEFT_OF, other, (kind,))
                for other in free
                if heard.pins.get(other) != side
            ]
    return SceneSpec(things, tuple(hosted.values()) + tuple(order))


# What one stands under besides things on legs: a tree's crown, an umbrella's canopy.
CANOPIES = frozenset({"tree", "umbrella"})


def _holds(how: str, subject: str, host: str) -> bool:
    """Whether `host` can hold `subject` so: a basket "on" or "in" a house would be drawn on its
    roof, one "under" it over its door; such a thing stands beside its host instead."""
    kind = KINDS[host]
    if how == ON:
        return kind.surface or subject in FLYING  # a bird may sit anywhere
    if how == INSIDE:
        return kind.container
    return kind.legs or host in CANOPIES


def place(heard: Heard, rng: random.Random, hand: Hand = PLAIN) -> tuple[Box, ...]:
    spec = plan(heard)
    relations = list(spec.relations)
    while True:
        try:
            boxes = layout(SceneSpec(spec.things, tuple(relations)), rng, shuffle=False)
            return styled(_sized(boxes, relations), relations, hand, rng)
        except LayoutError:
            ordering = [r for r in relations if r.kind in (LEFT_OF, BETWEEN)]
            if not ordering:
                return ()
            relations.remove(ordering[-1])


def _sized(boxes: tuple[Box, ...], relations: Sequence[Criterion]) -> tuple[Box, ...]:
    """Make each "bigger than" heard visibly so, scaling the bigger thing about its base."""
    placed = list(boxes)
    for relation in relations:
        if relation.kind != BIGGER:
            continue
        big = next((i for i, b in enumerate(placed) if b.kind == relation.subject), None)
        small = next((b for b in placed if b.kind == relation.others[0]), None)
        if big is None or small is None or placed[big].area >= 1.6 * small.area:
            continue
        b = placed[big]
        factor = math.sqrt(1.6 * small.area / b.area)
        w, h = b.w * factor, b.h * factor
        placed[big] = Box(b.kind, b.cx - w / 2, b.bottom - h, w, h, b.facing, b.pattern, b.colour)
    return tuple(placed)


def label(box: Box, number: int) -> str:
    return f"{box.kind}#{number}|{box.facing}|{box.pattern}|{box.colour}"


def draw(heard: Heard, seed: int = 0, hand: Hand = PLAIN) -> Drawing:
    """What was heard, drawn by this hand (see `hand`); the same seed and hand draw the same."""
    rng = random.Random(hand.strokes_seed(seed))
    strokes: list[Stroke] = []
    numbers: dict[str, int] = {}
    for box in place(heard, rng, hand):
        number = numbers.get(box.kind, 0)
        numbers[box.kind] = number + 1
        tag = label(box, number)
        for line in placed_lines(box.kind, box.x, box.y, box.w, box.h, box.facing):
            strokes.append(Stroke(_wobbly(line, box, rng, hand), tag))
            if hand.passes > 1:  # a heavy hand goes over its line again, close to the first
                strokes.append(Stroke(_wobbly(line, box, rng, hand, 0.5), tag))
        strokes += [Stroke(points, tag) for points in _pattern(box, rng, hand)]
        if box.kind in ("cat", "dog", "mouse", "bird", "fish"):
            eye = (box.x + box.w * (0.85 if box.facing == RIGHT else 0.15), box.y + box.h * 0.35)
            eye_x, eye_y = _dab(*eye, rng, hand)
            strokes.append(Stroke(_clamped([(eye_x, eye_y), (eye_x + 2, eye_y + 2)]), tag))
    return Drawing(tuple(strokes), bot=True)


def _wobbly(
    line: list[tuple[float, float]], box: Box, rng: random.Random, hand: Hand = PLAIN, care: float = 1.0
) -> tuple[tuple[int, int], ...]:
    """The line resampled every few pixels, with a slow random drift, as a hand draws it."""
    size = max(box.w, box.h)
    amount = hand.wobble * size * care
    # Small things get shorter steps, so that a star keeps its notches once smoothed.
    step = min(12.0, max(3.0, size / 10)) * (hand.step if size >= 60 else min(1.0, hand.step))
    points: list[tuple[float, float]] = []
    drift_x = drift_y = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(steps):
            t = i / steps
            drift_x = 0.7 * drift_x + rng.uniform(-amount, amount) * 0.3
            drift_y = 0.7 * drift_y + rng.uniform(-amount, amount) * 0.3
            points.append((x0 + (x1 - x0) * t + drift_x, y0 + (y1 - y0) * t + drift_y))
    points.append(line[-1])
    return _clamped(points)


def _clamped(points: Sequence[tuple[float, float]]) -> tuple[tuple[int, int], ...]:
    return tuple((min(WIDTH, max(0, round(x))), min(HEIGHT, max(0, round(y)))) for x, y in points)


def _dab(x: float, y: float, rng: random.Random, hand: Hand) -> tuple[float, float]:
    """Where a hand puts a dot (an eye, a spot): never quite where another hand would."""
    if hand.seed == 0:
        return x, y
    return x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1.5, 1.5)


def _pattern(box: Box, rng: random.Random, hand: Hand = PLAIN) -> list[tuple[tuple[int, int], ...]]:
    """Stripes or dots inside the thing's outline (an umbrella's canopy, not the air under it)."""
    outline = placed_lines(box.kind, box.x, box.y, box.w, box.h, box.facing)[0]
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    left, top, width, height = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    inner = Box(box.kind, left + width * 0.25, top + height * 0.3, width * 0.5, height * 0.45)
    if box.pattern == STRIPED:
        return [
            _clamped(
                [(inner.x + inner.w * f, inner.y), (inner.x + inner.w * f + rng.uniform(-2, 2), inner.bottom)]
            )
            for f in (0.0, 0.33, 0.66, 1.0)
        ]
    if box.pattern == DOTTED:
        # Each dot a small ring gone round once, inked as a spot: a single point drew a speck too
        # faint to see as a pattern once the drawing is shown smaller.
        radius = min(6.0, max(2.5, min(box.w, box.h) * 0.035))
        return [
            _clamped([(x + radius * math.cos(turn * math.pi / 3), y + radius * math.sin(turn * math.pi / 3))
                      for turn in range(7)])
            for fx in (0.1, 0.5, 0.9)
            for fy in (0.2, 0.8)
            for x, y in [_dab(inner.x + inner.w * fx, inner.y + inner.h * fy, rng, hand)]
        ]
    return []


def boxes_of(drawing: Drawing) -> list[Box]:
    """The things a labelled drawing shows: each label's strokes, boxed."""
    groups: dict[str, list[tuple[int, int]]] = {}
    for stroke in drawing.strokes:
        if stroke.label:
            groups.setdefault(stroke.label, []).extend(stroke.points)
    boxes = []
    for tag, points in groups.items():
        parts = tag.split("|")
        if len(parts) != 4 or "#" not in parts[0]:
            continue
        kind = parts[0].split("#")[0]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        boxes.append(
            Box(kind, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), parts[1], parts[2], parts[3])
        )
    return boxes
