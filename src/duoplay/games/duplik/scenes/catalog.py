"""Every scene card by id: the hand-written starter set (`content/starter.json`) and the
generator's scenes (`g...` ids). A starter scene is written as a description (things,
relations, the setting its title promises) with its ten criteria chosen by hand; its picture is
laid out like any other."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from duoplay.games.duplik.scenes.generate import generate, parse_scene_id
from duoplay.games.duplik.scenes.layout import layout
from duoplay.games.duplik.scenes.model import (
    COLOUR,
    COUNT,
    FACING,
    PATTERN,
    Criterion,
    Scene,
    SceneSpec,
    Thing,
)

STARTER = Path(__file__).resolve().parents[1] / "content" / "starter.json"
_VALUED = (COUNT, FACING, PATTERN, COLOUR)


@cache
def _starter_data() -> dict[str, dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(STARTER.read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in entries}


def starter_ids() -> tuple[str, ...]:
    return tuple(_starter_data())


def criterion_from_list(item: list[str]) -> Criterion:
    kind, subject, *rest = item
    if kind in _VALUED:
        return Criterion(kind, subject, tuple(rest[:-1]), rest[-1])
    return Criterion(kind, subject, tuple(rest))


@cache
def _starter(scene_id: str) -> Scene:
    entry = _starter_data()[scene_id]
    things = tuple(Thing(t["kind"], int(t.get("count", 1)), float(t.get("size", 1.0)),
                         t.get("facing", "right"), t.get("pattern", ""), t.get("colour", ""))
                   for t in entry["things"])
    spec = SceneSpec(things, tuple(criterion_from_list(r) for r in entry["relations"]))
    boxes = layout(spec, random.Random(f"duplik-starter-{scene_id}"))
    criteria = tuple(criterion_from_list(c) for c in entry["criteria"])
    return Scene(scene_id, dict(entry["titles"]), entry.get("difficulty", "normal"), spec, boxes, criteria,
                 entry.get("setting", ""), tuple(entry.get("scenery", ())))


def known(scene_id: str) -> bool:
    return scene_id in _starter_data() or parse_scene_id(scene_id) is not None


@cache
def scene(scene_id: str) -> Scene:
    """The scene card of this id; `KeyError` for an id that names none."""
    if scene_id in _starter_data():
        return _starter(scene_id)
    parsed = parse_scene_id(scene_id)
    if parsed is None:
        raise KeyError(scene_id)
    seed, difficulty, colour = parsed
    return generate(seed, difficulty, colour)
