"""Action values that many games share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import JSON


@dataclass(frozen=True, slots=True)
class Simple:
    """An action with no arguments ("draw", "lock"); `kind` says which, in JSON and in text."""

    kind: str

    def to_json(self) -> JSON:
        return {"type": self.kind}

    def notation(self) -> str:
        return self.kind


def action_type(data: Any, examples: str) -> str:
    """The 'type' of an action in JSON form; `MalformedAction` if `data` has none (or not text,
    which also keeps unhashable values away from lookups by type)."""
    if not isinstance(data, dict):
        raise MalformedAction("An action must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise MalformedAction("An action needs a 'type' such as {examples}", examples=examples)
    return kind


def no_extra_fields(data: dict[str, Any], allowed: set[str]) -> None:
    """Refuse fields an action does not have, so a typo is reported rather than ignored."""
    extra = sorted(map(str, set(data) - allowed))
    if extra:
        raise MalformedAction("Unexpected field(s) in action: {fields}", fields=", ".join(extra)[:200])
