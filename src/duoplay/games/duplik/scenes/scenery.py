"""The setting a scene's title names, drawn behind its things: sand and sea for a beach, a fence
and a lawn for a yard, road and pavement for a street... Scenery is drawn in a lighter pencil
and is never one of the things the criteria speak of (it holds no kind a criterion could count).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from duoplay.games.duplik.scenes.model import HEIGHT, HORIZON, WIDTH, Box

SOFT = "#a8a8a8"
# What a player sees of each setting, by the name the picture gives each part.
ELEMENTS: dict[str, tuple[str, ...]] = {
    "garden": ("hedge", "stepping_stones"),
    "park": ("bushes", "path"),
    "kitchen": ("tiles", "floor"),
    "street": ("road", "pavement"),
    "beach": ("sea", "sand"),
    "room": ("window", "floor"),
    "meadow": ("grass", "wildflowers"),
    "yard": ("fence", "lawn"),
    "lake": ("water", "reeds"),
}
INDOORS = frozenset({"kitchen", "room"})
# Things that cannot be indoors; and the settings whose scenery would add to a thing's count.
OUTDOOR_THINGS = frozenset({"tree", "house", "car", "umbrella", "sun", "cloud", "star", "kite", "bird"})
CLASHES = {"meadow": frozenset({"flower"})}


def suits(setting: str, kinds: set[str]) -> bool:
    """Whether a scene of these kinds of thing can be set there."""
    if setting in INDOORS and kinds & OUTDOOR_THINGS:
        return False
    return not kinds & CLASHES.get(setting, frozenset())


def backdrop(setting: str, scene_id: str, extras: Sequence[str] = (), boxes: Sequence[Box] = ()) -> str:
    """The setting's scenery as SVG (the same every time for a scene), then any `extras` (see
    `EXTRAS`); without a setting, a horizon."""
    rng = random.Random(f"duplik-scenery-{scene_id}")
    parts = [f'<g class="backdrop" data-setting="{setting}">']
    if setting in ELEMENTS:
        for element in ELEMENTS[setting]:
            parts.append(f'<g class="scenery" data-element="{element}">{"".join(_DRAW[element](rng))}</g>')
    else:
        parts.append(_horizon())
    for extra in extras:
        parts.append(f'<g class="scenery" data-element="{extra}">{"".join(EXTRAS[extra](rng, boxes))}</g>')
    parts.append("</g>")
    return "".join(parts)


def _line(points: Sequence[tuple[float, float]], width: float = 2, fill: str = "none") -> str:
    text = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
    return (f'<polyline points="{text}" fill="{fill}" stroke="{SOFT}" stroke-width="{width}" '
            'stroke-linejoin="round"/>')


def _wave(y: float, x0: float, x1: float, amplitude: float, length: float) -> list[tuple[float, float]]:
    steps = max(2, int((x1 - x0) / 10))
    xs = [x0 + (x1 - x0) * i / steps for i in range(steps + 1)]
    return [(x, y + amplitude * math.sin(2 * math.pi * x / length)) for x in xs]


def _scatter(rng: random.Random, n: int, top: float = HORIZON + 15) -> list[tuple[float, float]]:
    return [(rng.uniform(10, WIDTH - 10), rng.uniform(top, HEIGHT - 8)) for _ in range(n)]


def _tuft(x: float, y: float) -> str:
    return _line([(x - 7, y - 4), (x - 4, y + 3), (x, y - 9), (x + 3, y + 3), (x + 8, y - 5)], 1.5)


def _horizon() -> str:
    return _line([(0, HORIZON), (WIDTH, HORIZON)])


def _sea(rng: random.Random) -> list[str]:
    top = HORIZON - 80
    out = [_line([(0, top), (WIDTH, top)])]
    for row in range(3):
        y = top + 20 + row * 18
        x = rng.uniform(-40, 0)
        while x < WIDTH:
            out.append(_line(_wave(y, x, x + 60, 4, 60), 1.5))
            x += rng.uniform(90, 140)
    out.append(_line(_wave(HORIZON, 0, WIDTH, 5, 140)))
    return out


def _sand(rng: random.Random) -> list[str]:
    return [f'<circle cx="{x:.0f}" cy="{y:.0f}" r="1.6" fill="{SOFT}"/>' for x, y in _scatter(rng, 90)]


def _grass(rng: random.Random) -> list[str]:
    hill = [(x, HORIZON - 25 * math.sin(math.pi * x / WIDTH) * rng.uniform(0.9, 1.0))
            for x in range(0, WIDTH + 1, 50)]
    return [_line(hill)] + [_tuft(x, y) for x, y in _scatter(rng, 36)]


def _wildflowers(rng: random.Random) -> list[str]:
    out = []
    for x, y in _scatter(rng, 14):  # tiny daisies: five dots round a centre, far smaller than a flower
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="2" fill="{SOFT}"/>')
        out += [f'<circle cx="{x + 5 * math.cos(a):.0f}" cy="{y + 5 * math.sin(a):.0f}" r="2.5" fill="none" '
                f'stroke="{SOFT}" stroke-width="1.2"/>' for a in (i * 2 * math.pi / 5 for i in range(5))]
    return out


def _fence(rng: random.Random) -> list[str]:
    out = [_line([(0, y), (WIDTH, y)]) for y in (HORIZON - 55, HORIZON - 20)]
    for x in range(10, WIDTH, 45):
        out.append(_line([(x, HORIZON), (x, HORIZON - 70), (x + 10, HORIZON - 82), (x + 20, HORIZON - 70),
                          (x + 20, HORIZON)], 2, "#fffdf7"))
    return out


def _lawn(rng: random.Random) -> list[str]:
    return [_horizon()] + [_tuft(x, y) for x, y in _scatter(rng, 30)]


def _road(rng: random.Random) -> list[str]:
    top = HORIZON - 70
    out = [_line([(0, top), (WIDTH, top)]), _line([(0, HORIZON - 6), (WIDTH, HORIZON - 6)])]
    out += [_line([(x, top + 32), (x + 40, top + 32)], 4) for x in range(20, WIDTH, 90)]
    return out


def _pavement(rng: random.Random) -> list[str]:
    out = [_line([(0, HORIZON), (WIDTH, HORIZON)], 3)]
    rows = [HORIZON + 45 * i for i in range(1, 6)]
    out += [_line([(0, y), (WIDTH, y)], 1.2) for y in rows if y < HEIGHT]
    out += [_line([(x, HORIZON), (x, HEIGHT)], 1.2) for x in range(60, WIDTH, 110)]  # square slabs
    return out


def _hedge(rng: random.Random) -> list[str]:
    top = HORIZON - 60
    points = []
    for i in range(0, WIDTH // 50 + 1):
        points += [(i * 50 + 50 * t / 6, top - 14 * math.sin(math.pi * t / 6)) for t in range(7)]
    out = [_line([(0, HORIZON), *points, (WIDTH, HORIZON)])]
    out += [_line([(x, y), (x + 6, y - 6)], 1.2) for x, y in
            ((rng.uniform(10, WIDTH - 10), rng.uniform(top + 8, HORIZON - 8)) for _ in range(40))]
    return out


def _stones(rng: random.Random) -> list[str]:
    out = [_horizon()]
    x, y, size = rng.uniform(350, 650), HEIGHT - 25.0, 34.0
    while y > HORIZON + 15 and size > 6:
        out.append(f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{size:.0f}" ry="{size * 0.35:.0f}" fill="none" '
                   f'stroke="{SOFT}" stroke-width="2"/>')
        y -= size * 1.1
        x += rng.uniform(-25, 25)
        size *= 0.85
    return out


def _bushes(rng: random.Random) -> list[str]:
    out = [_horizon()]
    x = rng.uniform(0, 80)
    while x < WIDTH:
        w = rng.uniform(90, 150)
        bumps = [(x + w * t / 16,
                  HORIZON - 40 * math.sin(math.pi * t / 16) - 8 * abs(math.sin(3 * math.pi * t / 16)))
                 for t in range(17)]
        out.append(_line(bumps, 2, "#fffdf7"))
        x += w + rng.uniform(40, 160)
    return out


def _path(rng: random.Random) -> list[str]:
    middle = rng.uniform(380, 620)
    left = [(middle - 25 - 110 * t + 40 * math.sin(3 * t), HORIZON + (HEIGHT - HORIZON) * t)
            for t in (i / 10 for i in range(11))]
    return [_line(left), _line([(x + 50 + 220 * (y - HORIZON) / (HEIGHT - HORIZON), y) for x, y in left])]


def _wall_line() -> str:
    return _line([(0, HORIZON), (WIDTH, HORIZON)], 3)


def _tiles(rng: random.Random) -> list[str]:
    top = HORIZON - 120
    out = [_line([(0, y), (WIDTH, y)], 1.2) for y in range(top, HORIZON, 30)]
    out += [_line([(x, top), (x, HORIZON)], 1.2) for x in range(0, WIDTH + 1, 30)]  # square, not bricks
    return out


def _floor(rng: random.Random) -> list[str]:
    out = [_wall_line()]
    out += [_line([(0, y), (WIDTH, y)], 1.2) for y in range(HORIZON + 40, HEIGHT, 45)]
    return out


def _window(rng: random.Random) -> list[str]:
    x = rng.choice((60.0, 760.0)) + rng.uniform(-20, 20)
    y, w, h = 150.0, 180.0, 200.0
    frame = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    return [_line(frame, 3), _line([(x + w / 2, y), (x + w / 2, y + h)]),
            _line([(x, y + h / 2), (x + w, y + h / 2)]),
            _line([(x - 25, y - 15), (x - 10, y + h * 0.6), (x - 25, y + h)]),
            _line([(x + w + 25, y - 15), (x + w + 10, y + h * 0.6), (x + w + 25, y + h)]),
            _line([(x - 40, y - 15), (x + w + 40, y - 15)], 3)]


def _water(rng: random.Random) -> list[str]:
    top = HORIZON - 90
    far = [(x, top - 12 * math.sin(math.pi * x / WIDTH)) for x in range(0, WIDTH + 1, 50)]
    out = [_line(far), _line([(0, HORIZON), (WIDTH, HORIZON)])]
    for _ in range(9):
        x, y = rng.uniform(20, WIDTH - 90), rng.uniform(top + 20, HORIZON - 15)
        out.append(_line(_wave(y, x, x + 70, 3, 35), 1.5))
    return out


def _reeds(rng: random.Random) -> list[str]:
    out = []
    for start in (rng.uniform(0, 60), rng.uniform(WIDTH - 160, WIDTH - 80)):
        for i in range(5):
            x = start + i * 15
            top = HORIZON - rng.uniform(45, 80)
            out.append(_line([(x, HORIZON + 10), (x + 4, top)], 1.5))
            out.append(f'<ellipse cx="{x + 4:.0f}" cy="{top + 8:.0f}" rx="4" ry="10" fill="{SOFT}"/>')
    return out


_DRAW = {
    "sea": _sea, "sand": _sand, "grass": _grass, "wildflowers": _wildflowers, "fence": _fence,
    "lawn": _lawn, "road": _road, "pavement": _pavement, "hedge": _hedge, "stepping_stones": _stones,
    "path": _path, "bushes": _bushes, "tiles": _tiles, "floor": _floor, "window": _window,
    "water": _water, "reeds": _reeds,
}
assert {e for parts in ELEMENTS.values() for e in parts} <= set(_DRAW)


def _rain(rng: random.Random, boxes: Sequence[Box]) -> list[str]:
    return [_line([(x, y), (x - 6, y + 18)], 1.5) for x, y in
            ((rng.uniform(10, WIDTH + 10), rng.uniform(0, HEIGHT - 20)) for _ in range(140))]


def _tent(rng: random.Random, boxes: Sequence[Box]) -> list[str]:
    """A tent far back, in the widest gap the things in front of it leave."""
    width, height, base = 150.0, 105.0, HORIZON + 12
    edges = sorted((b.x, b.right) for b in boxes if b.y < base and b.bottom > base - height)
    gaps, left = [], 0.0
    for x, right in edges:
        gaps.append((x - left, left))
        left = max(left, right)
    gaps.append((WIDTH - left, left))
    room, start = max(gaps)
    x = start + max(0.0, room - width) / 2
    door = x + width / 2
    return [_line([(x, base), (door, base - height), (x + width, base), (x, base)], 2.5, "#fffdf7"),
            _line([(door, base - height), (door - 22, base), (door, base - 40), (door + 22, base)], 2),
            _line([(door, base - height), (door - 10, base - height - 18)], 2)]


# Scenery a starter scene's title promises beyond its setting.
EXTRAS = {"rain": _rain, "tent": _tent}
