"""The object library: every kind of thing a scene may hold, its usual size, what it can do in a
scene (hold things on it or under it, contain things, face a side, carry a pattern, be counted)
and its shape. The shapes are our own: a few polylines in a unit box, facing right, drawn by
`render` for the picture and traced by the Artist bot with a wobbly hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

Point = tuple[float, float]
Polyline = tuple[Point, ...]

GROUND, SKY, SMALL = "ground", "sky", "small"


@dataclass(frozen=True, slots=True)
class Kind:
    id: str
    w: float
    h: float
    place: str  # GROUND: stands on the ground; SKY: floats; SMALL: also goes on, under or inside
    surface: bool = False  # things can stand on it
    legs: bool = False  # things can go under it
    container: bool = False  # things can be inside it
    animal: bool = False  # faces a side
    patterned: bool = False  # may be striped or dotted
    countable: bool = False  # may come as a group to count


KINDS: dict[str, Kind] = {k.id: k for k in (
    Kind("table", 270, 150, GROUND, surface=True, legs=True),
    Kind("chair", 130, 200, GROUND, surface=True, legs=True),
    Kind("box", 170, 120, GROUND, surface=True, container=True, patterned=True),
    Kind("basket", 160, 110, GROUND, container=True, patterned=True),
    Kind("tree", 200, 330, GROUND),
    Kind("house", 270, 290, GROUND, patterned=True),
    Kind("car", 250, 120, GROUND, surface=True, patterned=True),
    Kind("umbrella", 150, 170, GROUND, patterned=True),
    Kind("lamp", 80, 150, SMALL),
    Kind("cat", 130, 95, SMALL, animal=True, patterned=True),
    Kind("dog", 160, 115, SMALL, animal=True, patterned=True),
    Kind("mouse", 70, 42, SMALL, animal=True),
    Kind("bird", 80, 55, SMALL, animal=True, patterned=True),
    Kind("fish", 85, 45, SMALL, animal=True, patterned=True),
    Kind("ball", 65, 65, SMALL, patterned=True, countable=True),
    Kind("cup", 55, 55, SMALL, patterned=True),
    Kind("book", 85, 35, SMALL, patterned=True),
    Kind("hat", 85, 55, SMALL, patterned=True),
    Kind("apple", 45, 50, SMALL, countable=True),
    Kind("flower", 45, 95, GROUND, countable=True),
    Kind("sun", 110, 110, SKY),
    Kind("cloud", 170, 85, SKY, countable=True),
    Kind("star", 50, 50, SKY, countable=True),
    Kind("kite", 85, 120, SKY, patterned=True),
    Kind("heart", 50, 45, SKY, countable=True),
    # Only in the starter scenes that promise them: the generator never picks these.
    Kind("fishbowl", 130, 120, SMALL, container=True),
    Kind("angler", 190, 230, GROUND),
)}
SEE_THROUGH = frozenset({"fishbowl"})  # what is inside shows whole; other containers hide its lower half


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 20, start: float = 0.0,
             end: float = 2 * math.pi) -> Polyline:
    steps = [start + (end - start) * i / n for i in range(n + 1)]
    return tuple((cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in steps)


def _poly(*points: Point, closed: bool = False) -> Polyline:
    return tuple(points) + ((points[0],) if closed else ())


def _star(cx: float, cy: float, outer: float, inner: float) -> Polyline:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _poly(*points, closed=True)


def _bumpy(cx: float, cy: float, rx: float, ry: float, bumps: int, n: int = 72) -> Polyline:
    """An ellipse with a wavy edge: a tree's leafy crown."""
    points = []
    for i in range(n + 1):
        a = 2 * math.pi * i / n
        r = 0.9 + 0.1 * abs(math.sin(bumps * a / 2))
        points.append((cx + rx * r * math.cos(a), cy + ry * r * math.sin(a)))
    return tuple(points)


def _below(outline: Polyline, x: float) -> float:
    """The lowest point of `outline` above `x` (where a trunk meets a crown)."""
    ys = [ya + (yb - ya) * (x - xa) / (xb - xa) for (xa, ya), (xb, yb) in pairwise(outline)
          if xa != xb and min(xa, xb) <= x <= max(xa, xb)]
    return max(ys)


_CROWN = _bumpy(0.5, 0.33, 0.5, 0.33, 9)


def _animal(body: Polyline, head: Polyline, extras: tuple[Polyline, ...]) -> tuple[Polyline, ...]:
    return (body, head, *extras)


# The first polyline is the outline patterns fill; `EYES` mark which way an animal faces.
_RAW: dict[str, tuple[Polyline, ...]] = {
    "table": (_poly((0, 0), (1, 0), (1, 0.12), (0, 0.12), closed=True),
              _poly((0.08, 0.12), (0.08, 1), (0.15, 1), (0.15, 0.12)),
              _poly((0.85, 0.12), (0.85, 1), (0.92, 1), (0.92, 0.12))),
    "chair": (_poly((0, 0.5), (1, 0.5), (1, 0.58), (0, 0.58), closed=True),
              _poly((0.05, 0.5), (0.05, 0), (0.2, 0), (0.2, 0.5)),
              _poly((0.05, 0.58), (0.05, 1)), _poly((0.95, 0.58), (0.95, 1))),
    "box": (_poly((0, 0.15), (1, 0.15), (1, 1), (0, 1), closed=True),
            _poly((0, 0.15), (-0.0, 0.0), (0.3, 0.0), (0.38, 0.15)),
            _poly((1, 0.15), (1, 0.0), (0.7, 0.0), (0.62, 0.15))),
    "basket": (_poly((0, 0.4), (1, 0.4), (0.85, 1), (0.15, 1), closed=True),
               _ellipse(0.5, 0.4, 0.35, 0.4, 16, math.pi, 2 * math.pi)),
    # A leafy crown on a trunk that starts where the crown's outline is (it never shows through).
    "tree": (_CROWN, _poly((0.42, _below(_CROWN, 0.42)), (0.42, 1), (0.58, 1), (0.58, _below(_CROWN, 0.58)))),
    "house": (_poly((0.08, 0.42), (0.92, 0.42), (0.92, 1), (0.08, 1), closed=True),
              _poly((0, 0.45), (0.5, 0), (1, 0.45), closed=True),
              _poly((0.42, 1), (0.42, 0.7), (0.58, 0.7), (0.58, 1)),
              _poly((0.18, 0.55), (0.32, 0.55), (0.32, 0.68), (0.18, 0.68), closed=True)),
    "car": (_poly((0, 0.35), (0.25, 0.35), (0.35, 0), (0.7, 0), (0.82, 0.35), (1, 0.4), (1, 0.78),
                  (0, 0.78), closed=True),
            _ellipse(0.22, 0.82, 0.11, 0.18, 16), _ellipse(0.78, 0.82, 0.11, 0.18, 16)),
    "umbrella": ((*_ellipse(0.5, 0.35, 0.5, 0.35, 16, math.pi, 2 * math.pi), (0.5, 0.35)),
                 _poly((0.5, 0.35), (0.5, 0.95), (0.45, 1), (0.4, 0.95))),
    "lamp": (_poly((0.2, 0), (0.8, 0), (1, 0.35), (0, 0.35), closed=True),
             _poly((0.5, 0.35), (0.5, 0.9)), _poly((0.2, 1), (0.8, 1), (0.8, 0.9), (0.2, 0.9), closed=True)),
    "cat": _animal(_ellipse(0.42, 0.62, 0.32, 0.25), _ellipse(0.8, 0.38, 0.16, 0.16),
                   (_poly((0.68, 0.28), (0.7, 0.05), (0.8, 0.22), (0.9, 0.05), (0.93, 0.3)),
                    _poly((0.1, 0.6), (0, 0.2)), _poly((0.25, 0.82), (0.25, 1)),
                    _poly((0.6, 0.82), (0.6, 1)))),
    # A dog by its snout, its floppy ear and its tail held high (a pointed ear and a thin tail
    # read as a goat's).
    "dog": _animal(_ellipse(0.4, 0.55, 0.3, 0.19), _ellipse(0.74, 0.33, 0.14, 0.16),
                   (_poly((0.82, 0.27), (0.99, 0.3), (1.0, 0.4), (0.84, 0.45)),
                    _ellipse(0.985, 0.31, 0.02, 0.03, 8),
                    _poly((0.66, 0.2), (0.58, 0.26), (0.6, 0.5), (0.66, 0.52), (0.69, 0.32)),
                    _poly((0.12, 0.5), (0.06, 0.34), (0.04, 0.18), (0.09, 0.22), (0.14, 0.4)),
                    _poly((0.2, 0.68), (0.2, 1), (0.27, 1)), _poly((0.3, 0.72), (0.3, 1), (0.37, 1)),
                    _poly((0.5, 0.72), (0.5, 1), (0.57, 1)), _poly((0.6, 0.68), (0.6, 1), (0.67, 1)))),
    "mouse": _animal(_ellipse(0.45, 0.6, 0.3, 0.38), _ellipse(0.82, 0.5, 0.14, 0.2),
                     (_ellipse(0.78, 0.2, 0.1, 0.18, 10), _poly((0.15, 0.7), (0, 1)))),
    # A bird by its beak, its wing, its thin legs and a fan of tail feathers (a closed, forked tail
    # reads as a fish's).
    "bird": _animal(_ellipse(0.45, 0.55, 0.3, 0.24), _ellipse(0.76, 0.3, 0.13, 0.16),
                    (_poly((0.87, 0.24), (1, 0.31), (0.87, 0.37), closed=True),
                     _poly((0.3, 0.5), (0.42, 0.42), (0.58, 0.46), (0.5, 0.6), (0.36, 0.6), closed=True),
                     _poly((0.17, 0.5), (0, 0.3)), _poly((0.16, 0.55), (0.01, 0.45)),
                     _poly((0.17, 0.6), (0.03, 0.58)),
                     _poly((0.4, 0.78), (0.4, 1), (0.46, 1)), _poly((0.52, 0.78), (0.52, 1), (0.58, 1)))),
    "fish": _animal(_ellipse(0.5, 0.5, 0.36, 0.5), _poly((0.14, 0.5), (0, 0.1), (0, 0.9), closed=True),
                    ()),
    # The seams make a ball of a circle (a plain circle reads as a ring or a coin).
    "ball": (_ellipse(0.5, 0.5, 0.5, 0.5, 24), _ellipse(0.5, 0.5, 0.2, 0.5, 12, -math.pi / 2, math.pi / 2),
             _poly((0.02, 0.42), (0.5, 0.36), (0.98, 0.42))),
    "cup": (_poly((0, 0.05), (0.75, 0.05), (0.65, 1), (0.1, 1), closed=True),
            _ellipse(0.78, 0.45, 0.22, 0.2, 12, -math.pi / 2, math.pi / 2)),
    # An open book, two pages on a spine (a closed one is a slab that reads as a cushion).
    "book": (_poly((0, 0.3), (0.12, 0.1), (0.3, 0.02), (0.5, 0.22), (0.7, 0.02), (0.88, 0.1), (1, 0.3),
                   (1, 0.95), (0.72, 0.84), (0.5, 1), (0.28, 0.84), (0, 0.95), closed=True),
             _poly((0.5, 0.22), (0.5, 1)),
             _poly((0.14, 0.5), (0.38, 0.42)), _poly((0.62, 0.42), (0.86, 0.5))),
    "hat": (_poly((0.2, 0.75), (0.25, 0), (0.75, 0), (0.8, 0.75), closed=True),
            _poly((0, 0.75), (1, 0.75), (1, 1), (0, 1), closed=True)),
    "apple": (_ellipse(0.5, 0.6, 0.5, 0.4, 20), _poly((0.5, 0.2), (0.55, 0)),
              _ellipse(0.68, 0.1, 0.12, 0.06, 8)),
    "flower": (_ellipse(0.5, 0.22, 0.5, 0.22, 16), _poly((0.5, 0.44), (0.5, 1)),
               _poly((0.5, 0.75), (0.75, 0.62))),
    "sun": (_ellipse(0.5, 0.5, 0.3, 0.3, 20),
            *(_poly((0.5 + 0.36 * math.cos(a), 0.5 + 0.36 * math.sin(a)),
                    (0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a)))
              for a in (i * math.pi / 4 for i in range(8)))),
    "cloud": (_ellipse(0.28, 0.62, 0.28, 0.36, 14, math.pi / 2, 3 * math.pi / 2)
              + _ellipse(0.5, 0.42, 0.26, 0.42, 14, math.pi, 2 * math.pi)
              + _ellipse(0.74, 0.62, 0.26, 0.36, 14, -math.pi / 2, math.pi / 2) + ((0.28, 0.98),),),
    "star": (_star(0.5, 0.53, 0.5, 0.17),),  # deep notches: drawn small, a shallower star is a pentagon
    "kite": (_poly((0.5, 0), (1, 0.35), (0.5, 0.75), (0, 0.35), closed=True),
             _poly((0.5, 0.75), (0.4, 0.85), (0.6, 0.92), (0.5, 1))),
    # A round glass bowl: its rim and the water's surface (what is inside stays in sight).
    "fishbowl": ((*_ellipse(0.5, 0.55, 0.5, 0.45, 28, -1.27, math.pi + 1.27), (0.648, 0.12)),
                 _ellipse(0.5, 0.12, 0.16, 0.04, 12),
                 _poly((0.1, 0.32), (0.3, 0.29), (0.5, 0.32), (0.7, 0.29), (0.9, 0.32))),
    # A person with a hat holding a fishing rod forward, the line hanging from its tip.
    "angler": (_ellipse(0.2, 0.58, 0.1, 0.2, 16),
               _ellipse(0.2, 0.25, 0.07, 0.09, 14),
               _poly((0.1, 0.17), (0.3, 0.17)), _poly((0.14, 0.17), (0.16, 0.08), (0.24, 0.08), (0.26, 0.17)),
               _poly((0.24, 0.48), (0.34, 0.5), (0.4, 0.42)),
               _poly((0.36, 0.48), (1, 0.02)), _poly((1, 0.02), (1, 0.62)),
               _poly((0.16, 0.76), (0.14, 1), (0.08, 1)), _poly((0.24, 0.76), (0.26, 1), (0.32, 1))),
    "heart": (_poly(*(_ellipse(0.27, 0.28, 0.25, 0.28, 10, math.pi, 2 * math.pi)
                      + _ellipse(0.73, 0.28, 0.25, 0.28, 10, math.pi, 2 * math.pi)), (0.5, 1), closed=True),),
}

EYES: dict[str, Point] = {"cat": (0.84, 0.35), "dog": (0.8, 0.28), "mouse": (0.88, 0.48),
                          "bird": (0.8, 0.26), "fish": (0.72, 0.4)}


@cache
def shape(kind: str) -> tuple[Polyline, ...]:
    """The kind's polylines, stretched to fill the unit box exactly (facing right)."""
    raw = _RAW[kind]
    xs = [x for line in raw for x, _ in line]
    ys = [y for line in raw for _, y in line]
    x0, y0 = min(xs), min(ys)
    sx, sy = max(xs) - x0 or 1.0, max(ys) - y0 or 1.0
    return tuple(tuple(((x - x0) / sx, (y - y0) / sy) for x, y in line) for line in raw)


def placed_lines(kind: str, x: float, y: float, w: float, h: float, facing: str) -> list[list[Point]]:
    """The kind's polylines in picture coordinates, mirrored when it faces left."""
    flip = facing == "left"
    return [[(x + w * ((1 - px) if flip else px), y + h * py) for px, py in line] for line in shape(kind)]


def eye(kind: str, x: float, y: float, w: float, h: float, facing: str) -> Point | None:
    point = EYES.get(kind)
    if point is None:
        return None
    px = 1 - point[0] if facing == "left" else point[0]
    return (x + w * px, y + h * point[1])
