"""A match is its header plus the append-only log of accepted actions, as data.

Replaying the log from the header (`duoplay.core.match.replay`) rebuilds the exact
state: storage, crash recovery, replays, spectating and tests all rest on this.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import JSON, Seat


@dataclass(frozen=True, slots=True)
class MatchHeader:
    game: str
    seats: int
    seed: int
    options: JSON = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"game": self.game, "seats": self.seats, "seed": self.seed, "options": self.options}

    @classmethod
    def from_json(cls, data: Any) -> MatchHeader:
        if not isinstance(data, dict):
            raise MalformedAction("A match header must be a JSON object")
        try:
            game, seats, seed = data["game"], data["seats"], data["seed"]
        except KeyError as missing:
            raise MalformedAction("A match header needs {field!r}", field=str(missing.args[0])) from None
        options = data.get("options", {})
        if not (isinstance(game, str) and is_int(seats) and is_int(seed)):
            raise MalformedAction("A match header needs a game name and integer seats and seed")
        if not isinstance(options, dict):
            raise MalformedAction("Match options must be a JSON object")
        return cls(game=game, seats=seats, seed=seed, options=options)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted action; `seat` None means the table (a timeout)."""

    seat: Seat
    action: JSON

    def to_json(self) -> JSON:
        return {"seat": self.seat, "action": self.action}

    @classmethod
    def from_json(cls, data: Any) -> LogEntry:
        if not isinstance(data, dict) or "action" not in data:
            raise MalformedAction("A log entry must be an object with a seat and an action")
        seat = data.get("seat")
        if seat is not None and not is_int(seat):
            raise MalformedAction("A log entry's seat must be an integer or null")
        return cls(seat=seat, action=data["action"])


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Header and log together, as stored and as exchanged."""

    header: MatchHeader
    log: tuple[LogEntry, ...]

    def to_json(self) -> JSON:
        return {"header": self.header.to_json(), "log": [e.to_json() for e in self.log]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict):
            raise MalformedAction("A match record must be a JSON object")
        log = data.get("log", [])
        if not isinstance(log, list):
            raise MalformedAction("A match log must be a list")
        return cls(MatchHeader.from_json(data.get("header")), tuple(map(LogEntry.from_json, log)))

    @classmethod
    def loads(cls, text: str | bytes) -> MatchRecord:
        if not isinstance(text, str | bytes | bytearray):
            raise MalformedAction("A match record must be JSON text")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MalformedAction("Not JSON: {problem}", problem=error.msg) from None
        except (UnicodeDecodeError, RecursionError):
            raise MalformedAction("Not JSON text") from None
        return cls.from_json(data)
