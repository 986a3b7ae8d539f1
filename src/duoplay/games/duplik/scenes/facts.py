"""Whether a criterion holds of a set of drawn boxes: geometry only.

The same test serves the picture (its layout, or boxes read back from its SVG) and a bot's
drawing (the boxes of its labelled strokes). A criterion holds only if every thing it names is
there, as the rulebook says; a thing named once must be there exactly once to be "the" thing.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    Box,
    Criterion,
)

BIGGER_RATIO = 1.25  # of areas: clearly bigger, not a matter of a few strokes


def holds(criterion: Criterion, boxes: Sequence[Box]) -> bool:
    if criterion.kind == COUNT:
        return sum(1 for b in boxes if b.kind == criterion.subject) == int(criterion.value)
    found = [_the(boxes, kind) for kind in criterion.kinds()]
    if any(box is None for box in found):
        return False
    a = found[0]
    assert a is not None
    others = [box for box in found[1:] if box is not None]
    kind = criterion.kind
    if kind == EXISTS:
        return True
    if kind == FACING:
        return a.facing == criterion.value
    if kind == PATTERN:
        return a.pattern == criterion.value
    if kind == COLOUR:
        return a.colour == criterion.value
    b = others[0]
    if kind == ON:
        return _over(a, b) and a.cy < b.cy and a.bottom <= b.y + 0.6 * b.h
    if kind == UNDER:
        return _over(a, b) and a.cy > b.cy and a.y >= b.y + 0.1 * b.h
    if kind == INSIDE:
        return b.x <= a.cx <= b.right and b.y <= a.cy <= b.bottom and a.area < b.area
    if kind == LEFT_OF:
        return a.cx < b.cx
    if kind == BETWEEN:
        c = others[1]
        return min(b.cx, c.cx) < a.cx < max(b.cx, c.cx)
    if kind == BIGGER:
        return a.area >= BIGGER_RATIO * b.area
    return False


def _the(boxes: Sequence[Box], kind: str) -> Box | None:
    """The one box of `kind`; with several, the biggest stands for "the" one (a drawing may repeat)."""
    mine = [b for b in boxes if b.kind == kind]
    return max(mine, key=lambda b: b.area) if mine else None


def _over(a: Box, b: Box) -> bool:
    """`a`'s centre is above or below `b`'s width."""
    return b.x <= a.cx <= b.right
