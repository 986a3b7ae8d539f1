"""Wire messages, version 1 (docs/protocol.md): parsing client messages and building server ones.

Parsing turns any text into either a typed client message or a `ProtocolError`
with a stable code; nothing a client sends can raise anything else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from duoplay.core.errors import GameError, Param, fill
from duoplay.core.json import MAX_DEPTH, has_lone_surrogates, is_int, too_deep
from duoplay.core.protocol import JSON
from duoplay.core.text import tidy_player_text

VERSION = 1
MAX_MESSAGE_BYTES = 16 * 1024
MAX_NAME = 32
MAX_ID = 64  # characters of a client's message id

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
STREAM_CLOSED = "stream_closed"
HELLO_TIMEOUT = "hello_timeout"
TOO_MANY_CONNECTIONS = "too_many_connections"
SPECTATORS_FULL = "spectators_full"
FORBIDDEN_ORIGIN = "forbidden_origin"
FORBIDDEN_HOST = "forbidden_host"

CLIENT_TYPES = (
    "hello", "sit", "leave", "add_bot", "remove_bot", "start", "action", "stream", "emote", "listed",
    "ping",
)

# The reactions a seated player can send: a fixed set, so there is no free chat to moderate.
EMOTES = ("thumbs_up", "laugh", "wow", "clap", "sad", "think")


class ProtocolError(Exception):
    """A refused client message; becomes an `error` message to that client only.

    `template` is a message id with `{name}` parameters that clients translate;
    `message` is the English text."""

    def __init__(self, code: str, template: str, **params: Param) -> None:
        self.code = code
        self.template = template
        self.params: dict[str, Param] = params
        self.message = fill(template, params)
        super().__init__(self.message)

    @classmethod
    def from_game(cls, error: GameError) -> ProtocolError:
        return cls(error.code, error.template, **error.params)


@dataclass(frozen=True, slots=True)
class Hello:
    name: str
    token: str | None
    deltas: bool = False  # the client rebuilds views from deltas after the first full one
    player: str | None = None  # set by the server from the cookie (identity/seats.py), never by a client


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


@dataclass(frozen=True, slots=True)
class StreamMessage:
    channel: str
    data: Any
    size: int  # bytes of `data` as JSON


@dataclass(frozen=True, slots=True)
class Emote:
    emote: str  # one of EMOTES


@dataclass(frozen=True, slots=True)
class Listed:
    listed: bool  # whether the room shows in the open-room list


@dataclass(frozen=True, slots=True)
class Ping:
    """A client asking whether its connection still works: answered at once with `pong` by the
    connection itself (no room sees it). A connection that has pinged is closed if it then falls
    silent (its network went), so the room sees the seat as away."""


ClientMessage = (
    Hello | Sit | Leave | AddBot | RemoveBot | Start | ActionMessage | StreamMessage | Emote | Listed | Ping
)
MessageId = str | int | None


@dataclass(frozen=True, slots=True)
class Incoming:
    """One client message as read from its socket: what it says, its id, and when it arrived
    (the event loop's clock, read before anything else happens to it)."""

    message: ClientMessage
    id: MessageId = None
    arrived: float = 0.0


def message_id(text: str | bytes | None) -> MessageId:
    """The id of a message that could not be parsed whole, if one can be read, so its error can echo it."""
    if isinstance(text, str) and len(text) <= MAX_MESSAGE_BYTES:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if isinstance(data, dict):
            return _id(data.get("id"))
    return None


def _id(value: Any) -> MessageId:
    if is_int(value) or (isinstance(value, str) and len(value) <= MAX_ID):
        return value  # type: ignore[no-any-return]
    return None


def parse_client(text: str | bytes | None, arrived: float = 0.0) -> Incoming:
    """Parse one WebSocket frame from a client, or raise `ProtocolError`."""
    if not isinstance(text, str):
        raise ProtocolError(MALFORMED_MESSAGE, "Messages must be JSON text frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_LARGE, "Messages may be at most {most} bytes", most=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(MALFORMED_MESSAGE, "The message is not valid JSON") from None
    if too_deep(data):
        raise ProtocolError(MALFORMED_MESSAGE, "The message nests deeper than {most} levels", most=MAX_DEPTH)
    if has_lone_surrogates(data):
        raise ProtocolError(MALFORMED_MESSAGE, "The message holds text that is not valid Unicode")
    message = parse_data(data)
    return Incoming(message, _id(data.get("id")), arrived)


def parse_data(data: Any) -> ClientMessage:
    if not isinstance(data, dict):
        raise ProtocolError(MALFORMED_MESSAGE, "A message must be a JSON object")
    if "id" in data and _id(data["id"]) is None:
        raise ProtocolError(MALFORMED_MESSAGE, 'A message\'s "id" must be an integer or a string of at most '
                            "{most} characters", most=MAX_ID)
    if not is_int(data.get("v")) or data.get("v") != VERSION:  # 1.0 and true are not 1
        raise ProtocolError(MALFORMED_MESSAGE, 'A message needs "v": {version}', version=VERSION)
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(MALFORMED_MESSAGE, 'A message needs a string "type"')
    if kind == "hello":
        name, token = data.get("name"), data.get("token")
        if not isinstance(name, str) or not name.strip():
            raise ProtocolError(MALFORMED_MESSAGE, 'hello needs a non-empty "name"')
        if token is not None and not isinstance(token, str):
            raise ProtocolError(MALFORMED_MESSAGE, 'hello\'s "token" must be a string or null')
        # Names are shown to everyone: the player-text rule, tidied rather than refused.
        shown = tidy_player_text(name)[:MAX_NAME].rstrip()
        if not shown:
            raise ProtocolError(MALFORMED_MESSAGE, "hello needs a name with something printable in it")
        deltas = data.get("deltas", False)
        if not isinstance(deltas, bool):
            raise ProtocolError(MALFORMED_MESSAGE, 'hello\'s "deltas" must be true or false')
        player = data.get("player")
        if player is not None and not (isinstance(player, str) and 0 < len(player) <= 16):
            raise ProtocolError(MALFORMED_MESSAGE, 'hello\'s "player" must be a player id')
        return Hello(shown, token, deltas, player)
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
        if version is not None and not is_int(version):
            raise ProtocolError(MALFORMED_MESSAGE, 'action\'s "version" must be an integer or null')
        return ActionMessage(data["action"], version)
    if kind == "stream":
        channel = data.get("channel")
        if not isinstance(channel, str) or not 0 < len(channel) <= MAX_ID:
            raise ProtocolError(MALFORMED_MESSAGE, 'stream needs a "channel" name')
        if "data" not in data:
            raise ProtocolError(MALFORMED_MESSAGE, 'stream needs "data"')
        size = _size_as_sent_before(data["data"])
        return StreamMessage(channel, data["data"], size)
    if kind == "emote":
        emote = data.get("emote")
        if not isinstance(emote, str) or emote not in EMOTES:
            raise ProtocolError(MALFORMED_MESSAGE, 'emote needs an "emote", one of {known}',
                                known=", ".join(EMOTES))
        return Emote(emote)
    if kind == "listed":
        listed = data.get("listed")
        if not isinstance(listed, bool):
            raise ProtocolError(MALFORMED_MESSAGE, 'listed needs "listed": true or false')
        return Listed(listed)
    if kind == "ping":
        return Ping()
    raise ProtocolError(UNKNOWN_TYPE, "Unknown message type {kind!r}; expected one of {known}",
                        kind=kind[:40], known=", ".join(CLIENT_TYPES))


def _int(data: JSON, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(MALFORMED_MESSAGE, '{kind} needs an integer "{key}"', kind=data["type"], key=key)
    return value


# --- server -> client --------------------------------------------------------------------


def message(kind: str, **fields: Any) -> JSON:
    return {"v": VERSION, "type": kind, **fields}


def error(problem: ProtocolError, message_id: MessageId = None) -> JSON:
    shown = message("error", code=problem.code, message=problem.message, msg=problem.template,
                    params=problem.params)
    if message_id is not None:
        shown["id"] = message_id
    return shown


def encode(msg: JSON) -> str:
    """A message as compact JSON text. orjson writes a view some fifteen times faster than json (at
    thousands of clients the fan-out's largest single cost); what it refuses (a lone surrogate a
    client sent, a key that is no string, an integer past 64 bits) goes through json as before."""
    try:
        return orjson.dumps(msg).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(msg, separators=(",", ":"))


def _size_as_sent_before(data: Any) -> int:
    """A stream chunk's size for its limit: its JSON with non-ASCII letters escaped, so the limit
    a game sets counts as it always has."""
    return len(json.dumps(data, separators=(",", ":")).encode("utf-8", "surrogatepass"))
