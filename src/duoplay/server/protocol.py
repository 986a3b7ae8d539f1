"""Wire messages, version 1 (docs/protocol.md): parsing client messages and building server ones.

Parsing turns any text into either a typed client message or a `ProtocolError`
with a stable code; nothing a client sends can raise anything else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from duoplay.core.errors import GameError
from duoplay.core.protocol import JSON

VERSION = 1
MAX_MESSAGE_BYTES = 16 * 1024
MAX_NAME = 32

# Codes of the server's own errors; the game's codes (GameError.code) come on top.
MALFORMED_MESSAGE = "malformed_message"
UNKNOWN_TYPE = "unknown_type"
RATE_LIMITED = "rate_limited"
TOO_LARGE = "too_large"
NOT_SEATED = "not_seated"
SEAT_TAKEN = "seat_taken"
BAD_TOKEN = "bad_token"
ROOM_FULL = "room_full"
NOT_STARTED = "not_started"
ALREADY_STARTED = "already_started"
SEATS_EMPTY = "seats_empty"
ROOM_NOT_FOUND = "room_not_found"
SERVER_ERROR = "server_error"

CLIENT_TYPES = ("hello", "sit", "leave", "add_bot", "remove_bot", "start", "action")


class ProtocolError(Exception):
    """A refused client message; becomes an `error` message to that client only."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @classmethod
    def from_game(cls, error: GameError) -> ProtocolError:
        return cls(error.code, error.reason)


@dataclass(frozen=True, slots=True)
class Hello:
    name: str
    token: str | None


@dataclass(frozen=True, slots=True)
class Sit:
    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    pass


@dataclass(frozen=True, slots=True)
class AddBot:
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class RemoveBot:
    seat: int


@dataclass(frozen=True, slots=True)
class Start:
    pass


@dataclass(frozen=True, slots=True)
class ActionMessage:
    action: Any
    version: int | None


ClientMessage = Hello | Sit | Leave | AddBot | RemoveBot | Start | ActionMessage


def parse_client(text: str | bytes | None) -> ClientMessage:
    """Parse one WebSocket frame from a client, or raise `ProtocolError`."""
    if not isinstance(text, str):
        raise ProtocolError(MALFORMED_MESSAGE, "Messages must be JSON text frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_LARGE, f"Messages may be at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(MALFORMED_MESSAGE, "The message is not valid JSON") from None
    return parse_data(data)


def parse_data(data: Any) -> ClientMessage:
    if not isinstance(data, dict):
        raise ProtocolError(MALFORMED_MESSAGE, "A message must be a JSON object")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError(MALFORMED_MESSAGE, f'A message needs "v": {VERSION}')
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(MALFORMED_MESSAGE, 'A message needs a string "type"')
    if kind == "hello":
        name, token = data.get("name"), data.get("token")
        if not isinstance(name, str) or not name.strip():
            raise ProtocolError(MALFORMED_MESSAGE, 'hello needs a non-empty "name"')
        if token is not None and not isinstance(token, str):
            raise ProtocolError(MALFORMED_MESSAGE, 'hello\'s "token" must be a string or null')
        # Names are shown to everyone: printable characters only, spaces collapsed.
        shown = " ".join("".join(ch for ch in name if ch.isprintable() or ch.isspace()).split())[:MAX_NAME]
        if not shown:
            raise ProtocolError(MALFORMED_MESSAGE, "hello needs a name with something printable in it")
        return Hello(shown, token)
    if kind == "sit":
        return Sit(_int(data, "seat"))
    if kind == "leave":
        return Leave()
    if kind == "add_bot":
        level = data.get("level")
        if not isinstance(level, str):
            raise ProtocolError(MALFORMED_MESSAGE, 'add_bot needs a string "level"')
        return AddBot(_int(data, "seat"), level)
    if kind == "remove_bot":
        return RemoveBot(_int(data, "seat"))
    if kind == "start":
        return Start()
    if kind == "action":
        if "action" not in data:
            raise ProtocolError(MALFORMED_MESSAGE, 'action needs an "action"')
        version = data.get("version")
        if version is not None and not _is_int(version):
            raise ProtocolError(MALFORMED_MESSAGE, 'action\'s "version" must be an integer or null')
        return ActionMessage(data["action"], version)
    raise ProtocolError(
        UNKNOWN_TYPE, f"Unknown message type {kind[:40]!r}; expected one of {', '.join(CLIENT_TYPES)}"
    )


def _int(data: JSON, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(MALFORMED_MESSAGE, f'{data["type"]} needs an integer "{key}"')
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- server -> client --------------------------------------------------------------------


def message(kind: str, **fields: Any) -> JSON:
    return {"v": VERSION, "type": kind, **fields}


def error(code: str, text: str) -> JSON:
    return message("error", code=code, message=text)


def encode(msg: JSON) -> str:
    return json.dumps(msg, separators=(",", ":"))
