"""Drawing in a terminal: strokes shown as Braille dots (or ASCII), and shapes typed as commands.

The canvas is 1000 x 700; a person types on a 100 x 70 grid (one unit is 10 canvas points):

    circle X Y R              a circle around (X, Y)
    box X Y W H               a rectangle from its top-left corner
    line X1 Y1 X2 Y2 [...]    a line through two or more points
    dot X Y                   a small filled dot

`render` draws strokes in a frame with a ruler on each side, so a person can place the next shape.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from duoplay.core.protocol import JSON
from duoplay.core.terminal import Style
from duoplay.games.duplik.scenes.model import HEIGHT, WIDTH
from duoplay.games.duplik.state import Point, Stroke

GRID = 10  # canvas points per typed unit
COLUMNS, ROWS = 60, 21  # characters: with 2 x 4 Braille dots each, about the canvas's 10:7
SHAPES = ("circle", "box", "line", "dot")
USAGE = "circle X Y R · box X Y W H · line X1 Y1 X2 Y2 ... · dot X Y (X 0-100, Y 0-70)"
_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row][column] in a cell


def _clamp(point: tuple[float, float]) -> Point:
    x, y = point
    return (min(WIDTH, max(0, round(x))), min(HEIGHT, max(0, round(y))))


def parse_shape(line: str) -> Stroke | None:
    """The stroke a typed command draws, or None when the line is no shape command."""
    words = line.replace(",", " ").split()
    if not words or words[0].lower() not in SHAPES:
        return None
    try:
        numbers = [float(word) * GRID for word in words[1:]]
    except ValueError:
        return None
    if any(not math.isfinite(n) for n in numbers):
        return None
    kind = words[0].lower()
    if kind == "circle" and len(numbers) == 3 and numbers[2] > 0:
        x, y, r = numbers
        steps = 36
        points = [(x + r * math.cos(2 * math.pi * i / steps), y + r * math.sin(2 * math.pi * i / steps))
                  for i in range(steps + 1)]
    elif kind == "box" and len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0:
        x, y, w, h = numbers
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    elif kind == "line" and len(numbers) >= 4 and len(numbers) % 2 == 0:
        points = list(zip(numbers[0::2], numbers[1::2], strict=True))
    elif kind == "dot" and len(numbers) == 2:
        x, y = numbers
        points = [(x - 4, y), (x + 4, y), (x, y - 4), (x, y + 4), (x, y)]
    else:
        return None
    clamped: list[Point] = []
    for point in map(_clamp, points):
        if not clamped or clamped[-1] != point:
            clamped.append(point)
    return Stroke(tuple(clamped))


def strokes_of(drawing: JSON | None) -> list[Stroke]:
    """A drawing from a view (`{"strokes": [{"points": ...}]}`) as strokes."""
    if not drawing:
        return []
    return [Stroke(tuple((int(x), int(y)) for x, y in stroke["points"]), str(stroke.get("label", "")))
            for stroke in drawing.get("strokes", [])]


def _dots(strokes: Sequence[Stroke], width: int, height: int) -> set[tuple[int, int]]:
    """The dots of a `width` x `height` grid that the strokes pass through."""
    sx, sy = (width - 1) / WIDTH, (height - 1) / HEIGHT
    dots: set[tuple[int, int]] = set()
    for stroke in strokes:
        points = [(x * sx, y * sy) for x, y in stroke.points]
        if len(points) == 1:
            points *= 2
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            steps = max(1, math.ceil(max(abs(x1 - x0), abs(y1 - y0))))
            for i in range(steps + 1):
                dots.add((round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)))
    return dots


def render(strokes: Sequence[Stroke], style: Style, columns: int = COLUMNS, rows: int = ROWS) -> list[str]:
    """The drawing in a frame, rulers in typed units on the top and the left."""
    if style.unicode:
        dots = _dots(strokes, columns * 2, rows * 4)
        cells = [[0] * columns for _ in range(rows)]
        for x, y in dots:
            cells[y // 4][x // 2] |= _BRAILLE_BITS[y % 4][x % 2]
        body = ["".join(chr(0x2800 + bits) if bits else " " for bits in row) for row in cells]
    else:
        dots = _dots(strokes, columns, rows)
        body = ["".join("#" if (x, y) in dots else " " for x in range(columns)) for y in range(rows)]
    across, down, corner = style.pick("─", "-"), style.pick("│", "|"), style.pick("┼", "+")
    ruler = [" "] * (columns + 1)
    for unit in range(0, WIDTH // GRID + 1, 20):
        label = str(unit)
        at = min(columns + 1 - len(label), round(unit * GRID / WIDTH * columns))
        ruler[at:at + len(label)] = label
    lines = ["     " + "".join(ruler), "    " + corner + across * columns + corner]
    for row, text in enumerate(body):
        unit = round(row / rows * HEIGHT / GRID)
        mark = f"{unit:>3} " if row % 3 == 0 else "    "
        lines.append(mark + down + text + down)
    lines.append(f"{HEIGHT // GRID:>3} " + corner + across * columns + corner)
    return lines
