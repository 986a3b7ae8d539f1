"""Duplik actions: small frozen values with an exact JSON round trip.

JSON forms: {"type": "draw_scene"}; {"type": "choose", "scene": "s03"}; {"type": "roll"};
{"type": "start"} (the title is read, the hourglass turns); {"type": "describe", "text": "..."}
(the description so far); {"type": "stop"} (done describing); {"type": "drawing", "strokes":
[{"points": [[x, y], ...], "label": ""}], "bot": false} (the whole drawing so far); {"type":
"done"} (pencil down); {"type": "pass", "direction": "left"}; {"type": "verdict", "holds": true}
(null: ask the other Judges); {"type": "accept"}; {"type": "dispute"}; {"type": "vote", "holds":
true} (null: abstain); {"type": "decide", "holds": true} (null: the Portrayer leaves a tie to
the other players); {"type": "next"}. The table sends
{"type": "pens_down"}, {"type": "close_review"}, {"type": "close_vote"}, and keeps what a live
stream carried with {"type": "keep_text", "text": ...} and {"type": "keep_drawing", "seat": 2,
"strokes": [...]}.
Notation: the type, then its argument ("choose s03", "pass left", "verdict yes|no|ask",
"vote yes|no|abstain", "decide yes|no|others"); texts and drawings are written as their JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from duoplay.core.actions import Simple, action_type, no_extra_fields
from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import JSON
from duoplay.core.text import player_text
from duoplay.games.duplik.scenes.model import HEIGHT, WIDTH
from duoplay.games.duplik.state import Drawing, Stroke

MAX_TEXT = 2000  # a description typed in a few minutes
MAX_STROKES = 400
MAX_POINTS = 20_000  # in a whole drawing
MAX_LABEL = 40
LEFT, RIGHT = "left", "right"

DRAW_SCENE, ROLL, START, STOP, DONE = (Simple("draw_scene"), Simple("roll"), Simple("start"), Simple("stop"),
                                       Simple("done"))
ACCEPT, DISPUTE, NEXT = Simple("accept"), Simple("dispute"), Simple("next")
PENS_DOWN, CLOSE_REVIEW, CLOSE_VOTE = Simple("pens_down"), Simple("close_review"), Simple("close_vote")
TABLE_SIMPLE = frozenset({PENS_DOWN, CLOSE_REVIEW, CLOSE_VOTE})
_SIMPLE = {a.kind: a for a in (DRAW_SCENE, ROLL, START, STOP, DONE, ACCEPT, DISPUTE, NEXT, *TABLE_SIMPLE)}


@dataclass(frozen=True, slots=True)
class Choose:
    scene: str

    def to_json(self) -> JSON:
        return {"type": "choose", "scene": self.scene}

    def notation(self) -> str:
        return f"choose {self.scene}"


@dataclass(frozen=True, slots=True)
class Describe:
    text: str

    def to_json(self) -> JSON:
        return {"type": "describe", "text": self.text}

    def notation(self) -> str:
        return "describe " + json.dumps(self.text, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class KeepText:
    text: str

    def to_json(self) -> JSON:
        return {"type": "keep_text", "text": self.text}

    def notation(self) -> str:
        return "keep_text " + json.dumps(self.text, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Draw:
    drawing: Drawing

    def to_json(self) -> JSON:
        return {"type": "drawing", "strokes": strokes_json(self.drawing), "bot": self.drawing.bot}

    def notation(self) -> str:
        return "drawing " + json.dumps({"strokes": strokes_json(self.drawing), "bot": self.drawing.bot},
                                       separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class KeepDrawing:
    seat: int
    drawing: Drawing

    def to_json(self) -> JSON:
        return {"type": "keep_drawing", "seat": self.seat, "strokes": strokes_json(self.drawing)}

    def notation(self) -> str:
        return "keep_drawing " + json.dumps({"seat": self.seat, "strokes": strokes_json(self.drawing)},
                                            separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Pass:
    direction: str

    def to_json(self) -> JSON:
        return {"type": "pass", "direction": self.direction}

    def notation(self) -> str:
        return f"pass {self.direction}"


_WORDS = {True: "yes", False: "no"}


@dataclass(frozen=True, slots=True)
class Verdict:
    holds: bool | None  # None: ask the other Judges

    def to_json(self) -> JSON:
        return {"type": "verdict", "holds": self.holds}

    def notation(self) -> str:
        return f"verdict {_WORDS.get(self.holds, 'ask')}"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Ballot:
    holds: bool | None  # None: abstains

    def to_json(self) -> JSON:
        return {"type": "vote", "holds": self.holds}

    def notation(self) -> str:
        return f"vote {_WORDS.get(self.holds, 'abstain')}"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Decide:
    holds: bool | None  # None: the Portrayer leaves the tie to the other players

    def to_json(self) -> JSON:
        return {"type": "decide", "holds": self.holds}

    def notation(self) -> str:
        return f"decide {_WORDS.get(self.holds, 'others')}"  # type: ignore[arg-type]


Action = Simple | Choose | Describe | KeepText | Draw | KeepDrawing | Pass | Verdict | Ballot | Decide
TABLE_ONLY = (KeepText, KeepDrawing)


def strokes_json(drawing: Drawing) -> list[JSON]:
    return [{"points": [list(p) for p in s.points], "label": s.label} for s in drawing.strokes]


def parse_strokes(value: Any) -> tuple[Stroke, ...]:
    """Strokes from JSON: whole points on the canvas, within the limits of one drawing."""
    if not isinstance(value, list) or len(value) > MAX_STROKES:
        raise MalformedAction("strokes must be a list of at most {most} strokes", most=MAX_STROKES)
    strokes = []
    total = 0
    for item in value:
        if not isinstance(item, dict):
            raise MalformedAction("A stroke is an object with 'points'")
        no_extra_fields(item, {"points", "label"})
        points, label = item.get("points"), item.get("label", "")
        if not isinstance(points, list) or not points:
            raise MalformedAction("A stroke needs 'points': a list of [x, y]")
        if not isinstance(label, str) or len(label) > MAX_LABEL:
            raise MalformedAction("A stroke's label is text of at most {most} characters", most=MAX_LABEL)
        total += len(points)
        if total > MAX_POINTS:
            raise MalformedAction("A drawing holds at most {most} points", most=MAX_POINTS)
        parsed = []
        for point in points:
            if not (isinstance(point, list) and len(point) == 2 and all(is_int(v) for v in point)
                    and 0 <= point[0] <= WIDTH and 0 <= point[1] <= HEIGHT):
                raise MalformedAction("A point is [x, y], whole numbers within {w} x {h}", w=WIDTH, h=HEIGHT)
            parsed.append((point[0], point[1]))
        strokes.append(Stroke(tuple(parsed), player_text(label) if label else ""))
    return tuple(strokes)


def _text(data: dict[str, Any]) -> str:
    text = data.get("text")
    if not isinstance(text, str):
        raise MalformedAction("A description needs 'text'")
    if len(text) > MAX_TEXT:
        raise MalformedAction("A description is at most {count} characters", count=MAX_TEXT)
    return player_text(text)


def _holds(data: dict[str, Any], allow_none: bool) -> bool | None:
    value = data.get("holds")
    if isinstance(value, bool) or (allow_none and value is None):
        return value
    if allow_none:
        raise MalformedAction("'holds' must be true, false or null")
    raise MalformedAction("'holds' must be true or false")


def parse_action(data: Any) -> Action:
    if isinstance(data, str):
        return _parse_notation(data)
    kind = action_type(data, "'choose', 'roll', 'describe', 'drawing', 'verdict' or 'vote'")
    if kind in _SIMPLE:
        no_extra_fields(data, {"type"})
        return _SIMPLE[kind]
    if kind == "choose":
        no_extra_fields(data, {"type", "scene"})
        scene = data.get("scene")
        if not isinstance(scene, str) or not 0 < len(scene) <= 40:
            raise MalformedAction("'choose' needs a 'scene' id")
        return Choose(scene)
    if kind in ("describe", "keep_text"):
        no_extra_fields(data, {"type", "text"})
        return Describe(_text(data)) if kind == "describe" else KeepText(_text(data))
    if kind == "drawing":
        no_extra_fields(data, {"type", "strokes", "bot"})
        bot = data.get("bot", False)
        if not isinstance(bot, bool):
            raise MalformedAction("'bot' must be true or false")
        return Draw(Drawing(parse_strokes(data.get("strokes")), bot))
    if kind == "keep_drawing":
        no_extra_fields(data, {"type", "seat", "strokes"})
        seat = data.get("seat")
        if not (is_int(seat) and 0 <= seat < 64):
            raise MalformedAction("'keep_drawing' needs a 'seat'")
        return KeepDrawing(seat, Drawing(parse_strokes(data.get("strokes"))))
    if kind == "pass":
        no_extra_fields(data, {"type", "direction"})
        if data.get("direction") not in (LEFT, RIGHT):
            raise MalformedAction("'pass' needs a 'direction': left or right")
        return Pass(data["direction"])
    if kind == "verdict":
        no_extra_fields(data, {"type", "holds"})
        return Verdict(_holds(data, True))
    if kind == "vote":
        no_extra_fields(data, {"type", "holds"})
        return Ballot(_holds(data, True))
    if kind == "decide":
        no_extra_fields(data, {"type", "holds"})
        return Decide(_holds(data, True))
    raise MalformedAction("Unknown Duplik action '{kind}'", kind=kind[:40])


_ANSWERS = {"yes": True, "no": False, "ask": None, "abstain": None, "others": None}


def _parse_notation(text: str) -> Action:
    if text in _SIMPLE:
        return _SIMPLE[text]
    head, _, rest = text.partition(" ")
    if head == "choose" and rest:
        return Choose(rest)
    if head == "pass" and rest in (LEFT, RIGHT):
        return Pass(rest)
    if head in ("verdict", "vote", "decide") and rest in _ANSWERS:
        allowed = {"verdict": ("yes", "no", "ask"), "vote": ("yes", "no", "abstain"),
                   "decide": ("yes", "no", "others")}
        if rest in allowed[head]:
            return parse_action({"type": head, "holds": _ANSWERS[rest]})
    if head in ("describe", "keep_text", "drawing", "keep_drawing") and rest:
        try:
            value = json.loads(rest)
        except ValueError:
            raise MalformedAction("Write a {kind} as JSON", kind=head) from None
        if head in ("describe", "keep_text"):
            return parse_action({"type": head, "text": value})
        if isinstance(value, dict):
            return parse_action({"type": head, **value})
    raise MalformedAction("Unknown Duplik move '{text}'", text=text[:40])
