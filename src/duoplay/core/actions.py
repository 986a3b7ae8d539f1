"""Action values that many games share."""

from __future__ import annotations

from dataclasses import dataclass

from duoplay.core.protocol import JSON


@dataclass(frozen=True, slots=True)
class Simple:
    """An action with no arguments ("draw", "lock"); `kind` says which, in JSON and in text."""

    kind: str

    def to_json(self) -> JSON:
        return {"type": self.kind}

    def notation(self) -> str:
        return self.kind
