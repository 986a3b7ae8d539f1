"""The scene card's picture as SVG, drawn from the layout in pencil lines (colour fills only
with the colour option) over its setting's scenery, and `read_boxes`, which reads the things
back from the SVG alone:
their boxes from the drawn points, the pattern from the drawn stripes or dots, the side an
animal faces from where its eye is drawn, the colour from the fill.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from xml.sax.saxutils import escape

from duoplay.games.duplik.scenes.library import KINDS, eye, placed_lines
from duoplay.games.duplik.scenes.model import (
    DOTTED,
    HEIGHT,
    LEFT,
    RIGHT,
    STRIPED,
    WIDTH,
    Box,
    Scene,
)
from duoplay.games.duplik.scenes.scenery import backdrop

INK = "#333"
PAPER = "#fff"  # what fills a thing's closed shapes, so nothing behind it shows through
FILLS = {"red": "#e0524a", "blue": "#4a7be0", "green": "#4caf50", "yellow": "#f2c94c", "brown": "#8d6e4f"}
_NS = "{http://www.w3.org/2000/svg}"


def render(scene: Scene, title: str = "") -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'width="{WIDTH}" height="{HEIGHT}" class="duplik-scene" data-scene="{escape(scene.id)}">',
             f"<title>{escape(title or scene.titles.get('en', scene.id))}</title>",
             f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fffdf7"/>',
             backdrop(scene.setting, scene.id, scene.extras, scene.boxes)]
    for index, box in enumerate(scene.boxes):
        parts.append(_thing(box, index))
    parts.append("</svg>")
    return "\n".join(parts)


def _points(line: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in line)


def _thing(box: Box, index: int) -> str:
    lines = placed_lines(box.kind, box.x, box.y, box.w, box.h, box.facing)
    fill = FILLS.get(box.colour, PAPER)
    out = [f'<g class="thing" data-kind="{box.kind}">',
           f'<clipPath id="clip{index}"><polygon points="{_points(lines[0])}"/></clipPath>']
    for number, line in enumerate(lines):
        closed = len(line) > 2 and line[0] == line[-1]
        # An animal's head has its body's colour; other closed parts (a window, a wheel) are paper.
        head = number == 1 and KINDS[box.kind].animal
        paint = fill if number == 0 or head else PAPER if closed else "none"
        out.append(f'<polyline class="outline" points="{_points(line)}" fill="{paint}" stroke="{INK}" '
                   'stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>')
        if number == 0:  # the pattern lies on the outline's area, under the parts drawn over it
            out += _pattern(box, index)
    spot = eye(box.kind, box.x, box.y, box.w, box.h, box.facing)
    if spot is not None:
        out.append(f'<circle class="eye" cx="{spot[0]:.1f}" cy="{spot[1]:.1f}" r="4" fill="{INK}"/>')
    out.append("</g>")
    return "".join(out)


def _pattern(box: Box, index: int) -> list[str]:
    out = []
    if box.pattern == STRIPED:
        step = max(8.0, box.w / 7)
        x = box.x + step / 2
        while x < box.right:
            out.append(f'<line class="stripe" x1="{x:.1f}" y1="{box.y:.1f}" x2="{x:.1f}" '
                       f'y2="{box.bottom:.1f}" stroke="{INK}" stroke-width="2" '
                       f'clip-path="url(#clip{index})"/>')
            x += step
    elif box.pattern == DOTTED:
        step = max(10.0, min(box.w, box.h) / 4)
        y = box.y + step / 2
        while y < box.bottom:
            x = box.x + step / 2
            while x < box.right:
                out.append(f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="{step / 6:.1f}" fill="{INK}" '
                           f'clip-path="url(#clip{index})"/>')
                x += step
            y += step
    return out


def read_boxes(svg: str) -> list[Box]:
    """The things of a rendered picture, measured from its drawing."""
    root = ElementTree.fromstring(svg)
    boxes = []
    for group in root.iter(f"{_NS}g"):
        if group.get("class") != "thing":
            continue
        kind = group.get("data-kind", "")
        points: list[tuple[float, float]] = []
        colour = ""
        pattern = ""
        eye_x: float | None = None
        for element in group:
            role = element.get("class")
            if role == "outline":
                points += [(float(x), float(y)) for x, y in
                           (pair.split(",") for pair in element.get("points", "").split())]
                if not colour:
                    colour = next((name for name, hex_ in FILLS.items() if hex_ == element.get("fill")), "")
            elif role == "stripe":
                pattern = STRIPED
            elif role == "dot":
                pattern = DOTTED
            elif role == "eye":
                eye_x = float(element.get("cx", "0"))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x, y = min(xs), min(ys)
        w, h = max(xs) - x, max(ys) - y
        facing = RIGHT if eye_x is None or eye_x >= x + w / 2 else LEFT
        boxes.append(Box(kind, x, y, w, h, facing, pattern, colour))
    return boxes
