"""A scene as data: what is in it (things), how they stand to each other (relations), where each
thing is drawn (placed boxes) and the ten criteria.

One description (`SceneSpec`) is the source of both the picture and the criteria: the layout
places the things so that every relation holds, the picture is drawn from the layout, and the
criteria are statements about the same things and relations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Relation and criterion kinds.
EXISTS, COUNT, ON, UNDER, INSIDE, LEFT_OF, BETWEEN, BIGGER, FACING, PATTERN, COLOUR = (
    "exists", "count", "on", "under", "inside", "left_of", "between", "bigger", "facing", "pattern", "colour")
CRITERION_KINDS = (EXISTS, COUNT, ON, UNDER, INSIDE, LEFT_OF, BETWEEN, BIGGER, FACING, PATTERN, COLOUR)
PENCIL_KINDS = frozenset(CRITERION_KINDS) - {COLOUR}
LEFT, RIGHT = "left", "right"
STRIPED, DOTTED = "striped", "dotted"
COLOURS = ("red", "blue", "green", "yellow", "brown")
CRITERIA = 10
WIDTH, HEIGHT = 1000, 700  # the picture's and the canvas's fixed aspect (10:7)
GROUND = 620  # the front line of the ground; things stand on it, nearer or further back
HORIZON = 470  # where the ground (or a room's floor) begins and the setting's far edge is drawn
SKY = (40, 250)  # the band where the sky's things float


@dataclass(frozen=True, slots=True)
class Thing:
    """One named thing of a scene (`count` > 1: a group of identical things, only ever counted)."""

    kind: str
    count: int = 1
    size: float = 1.0  # times the kind's usual size
    facing: str = RIGHT
    pattern: str = ""  # "", STRIPED or DOTTED
    colour: str = ""


@dataclass(frozen=True, slots=True)
class Criterion:
    """A checkable statement about the picture, in no language: `subject` and `others` are kinds."""

    kind: str
    subject: str
    others: tuple[str, ...] = ()
    value: str = ""  # a count, a direction, a pattern or a colour

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "subject": self.subject, "others": list(self.others), "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Criterion:
        return cls(str(data["kind"]), str(data["subject"]), tuple(map(str, data.get("others", ()))),
                   str(data.get("value", "")))

    def kinds(self) -> tuple[str, ...]:
        return (self.subject, *self.others)


@dataclass(frozen=True, slots=True)
class SceneSpec:
    """The description a scene is made from: things (one per kind) and relations between them."""

    things: tuple[Thing, ...]
    relations: tuple[Criterion, ...]  # ON, UNDER, INSIDE, LEFT_OF, BETWEEN, BIGGER

    def thing(self, kind: str) -> Thing:
        for thing in self.things:
            if thing.kind == kind:
                return thing
        raise KeyError(kind)


@dataclass(frozen=True, slots=True)
class Box:
    """One drawn thing: its kind and its box on the picture (y grows downwards)."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    facing: str = RIGHT
    pattern: str = ""
    colour: str = ""

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def area(self) -> float:
        return self.w * self.h


@dataclass(frozen=True, slots=True)
class Scene:
    """A scene card: its id, title (by language), difficulty, the description, layout and criteria."""

    id: str
    titles: dict[str, str]
    difficulty: str
    spec: SceneSpec
    boxes: tuple[Box, ...]
    criteria: tuple[Criterion, ...] = field(default=())
    setting: str = ""
    extras: tuple[str, ...] = ()  # scenery a starter's title promises beyond its setting (rain, a tent)
