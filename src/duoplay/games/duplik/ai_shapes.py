"""Drawings as text for learning agents: one labelled shape per line, the strokes the game accepts.

A line names one thing the drawing shows and its box on the 1000 x 700 canvas (y grows
downwards), then, in any order, how it faces, its pattern and its colour:

    KIND X Y W H [left|right] [striped|dotted] [red|blue|green|yellow|brown]
    cat 420 380 160 120 left striped

KIND is one of `KIND_NAMES` (the things of the game's scenes, in English). Each line becomes the
thing's outline (the scene library's shape, in its box) as strokes labelled the way the game's
bots label theirs (`cat#0|left|striped|`), so the game's Judge reads it as it reads a bot's
drawing (`sketch.boxes_of`, then `facts.holds` for each criterion). Lines that do not read are
left out and reported. The game's own drawing JSON (`{"strokes": [{"points": [[x, y], ...],
"label": "..."}]}`) is accepted as well. `shapes_text` writes a drawing back in this format.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.games.duplik.actions import parse_strokes
from duoplay.games.duplik.scenes.library import KINDS, placed_lines
from duoplay.games.duplik.scenes.model import COLOURS, DOTTED, HEIGHT, LEFT, RIGHT, STRIPED, WIDTH, Box
from duoplay.games.duplik.sketch import boxes_of, label
from duoplay.games.duplik.state import Drawing, Stroke

KIND_NAMES = tuple(sorted(KINDS))
MAX_SHAPES = 60
FORMAT = ("one thing per line: KIND X Y W H [left|right] [striped|dotted] [colour], "
          f"on a {WIDTH} x {HEIGHT} canvas (x from the left, y from the top, W and H the box's width "
          f"and height); KIND is one of: {', '.join(KIND_NAMES)}")


def _box_line(line: str) -> tuple[str, float, float, float, float, str, str, str]:
    words = line.replace(",", " ").split()
    if len(words) < 5:
        raise ValueError("a line is KIND X Y W H, then facing, pattern and colour if any")
    kind = words[0].lower().rstrip("s") if words[0].lower() not in KINDS else words[0].lower()
    if kind not in KINDS:
        raise ValueError(f"unknown thing {words[0][:20]!r}")
    x, y, w, h = (float(v) for v in words[1:5])
    if not (0 <= x <= WIDTH and 0 <= y <= HEIGHT and w > 0 and h > 0):
        raise ValueError("the box must start on the canvas and have a size")
    w, h = min(w, WIDTH - x), min(h, HEIGHT - y)
    facing, pattern, colour = RIGHT, "", ""
    for word in (v.lower() for v in words[5:]):
        if word in (LEFT, RIGHT):
            facing = word
        elif word in (STRIPED, DOTTED):
            pattern = word
        elif word in COLOURS:
            colour = word
        else:
            raise ValueError(f"unknown attribute {word[:20]!r}")
    return kind, x, y, w, h, facing, pattern, colour


def parse_shapes(text: str) -> tuple[Drawing, list[str]]:
    """The drawing a text describes, and the lines that were left out (each with the reason)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return parse_drawing_json(stripped), []
    strokes: list[Stroke] = []
    refused: list[str] = []
    numbers: dict[str, int] = {}
    for line in stripped.splitlines():
        line = line.strip().strip("`").strip()
        if not line or line.startswith("#"):
            continue
        if len(numbers) >= MAX_SHAPES:
            refused.append(f"{line[:60]}: at most {MAX_SHAPES} things")
            continue
        try:
            kind, x, y, w, h, facing, pattern, colour = _box_line(line)
        except ValueError as problem:
            refused.append(f"{line[:60]}: {problem}")
            continue
        number = numbers.get(kind, 0)
        numbers[kind] = number + 1
        tag = label(Box(kind, x, y, w, h, facing, pattern, colour), number)
        for outline in placed_lines(kind, x, y, w, h, facing):
            points = tuple((min(WIDTH, max(0, round(px))), min(HEIGHT, max(0, round(py))))
                           for px, py in outline)
            strokes.append(Stroke(points, tag))
    return Drawing(tuple(strokes), bot=True), refused


def parse_drawing_json(text: str | dict[str, Any]) -> Drawing:
    """The game's drawing JSON (`{"strokes": [...]}`); `MalformedAction` when it is not one."""
    try:
        data = json.loads(text) if isinstance(text, str) else text
    except ValueError:
        raise MalformedAction("A drawing's JSON does not read") from None
    if not isinstance(data, dict):
        raise MalformedAction("A drawing is an object with 'strokes'")
    return Drawing(parse_strokes(data.get("strokes")), bot=True)


def shapes_text(drawing: Drawing) -> str:
    """A labelled drawing in the text format: one line per thing, as the Judge reads it."""
    return boxes_text(boxes_of(drawing))


def boxes_text(boxes: Iterable[Box]) -> str:
    """Things in boxes (a drawing's, or a scene card's picture) in the text format."""
    lines = []
    for box in boxes:
        extras = " ".join(v for v in (box.facing, box.pattern, box.colour) if v)
        lines.append(f"{box.kind} {box.x:.0f} {box.y:.0f} {box.w:.0f} {box.h:.0f} {extras}".rstrip())
    return "\n".join(lines)
