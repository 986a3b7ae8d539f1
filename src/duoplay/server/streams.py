"""Live streams: unlogged data (typed text, strokes) relayed to the seats a game allows.

A game opens channels per seat (`streams(state, seat)`, see duoplay.core.declared).
A stream message on an open channel is checked (size, rate), relayed at once to
the channel's audience and kept in memory; once the game closes the channel for
that seat, the room asks the game for the one action that keeps what counted
(`commit_stream`) and appends it to the log like any other. What was streamed
and not committed is gone after a restart, by design: only the log is the match.
A cluster also keeps it in Redis (`cluster/stream_journal.py`), so that a room
taken over from an instance that died carries its streams on (`restore`).

A channel closes at the table's moment (a deadline, the last player done), while
what a seat made just before may still be on its way: a message in flight, or a
phone's whole queue, held while its network was down (the server cannot tell a
phone whose network went from a live one until it times out). A game lets a
channel take such late messages for a grace (`StreamRule.grace_seconds`), for
every seat that streamed on it, and the table's bots wait meanwhile. An empty
message (`{}`, the client's "that is all", which a live client sends at once)
ends a seat's grace; the game then commits what came all at once onto what it
kept at the close, or refuses it if its phase has moved on. Late messages not
ended in time are dropped whole: a drawing stays as it was at the close, never
half sent again. A client could send strokes drawn after the close within the
grace; ours sends only what was drawn before.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from duoplay.core import declared
from duoplay.core.protocol import StreamRule
from duoplay.core.text import code_point, first_bad_in
from duoplay.server import protocol as wire
from duoplay.server.protocol import ProtocolError, StreamMessage
from duoplay.server.ratelimit import TokenBuckets

MAX_KEPT_BYTES = 256 * 1024  # what one seat may stream on one channel before it is committed

Key = tuple[int, str]  # (seat, channel)


@dataclass(slots=True)
class Late:
    """A closed channel's grace for one seat."""

    until: float  # loop time
    rule: StreamRule
    chunks: list[Any] = field(default_factory=list)
    ended: bool = False  # the seat said it has sent all: the chunks are for the game to commit


class StreamRelay:
    def __init__(self, game: Any) -> None:
        self._game = game
        self._open: dict[Key, StreamRule] = {}  # channels a seat has streamed on, until they close
        self._kept: dict[Key, list[Any]] = {}
        self._kept_bytes: dict[Key, int] = {}
        self._limits: dict[Key, TokenBuckets] = {}
        self._late: dict[Key, Late] = {}

    def accept(self, state: Any, seat: int, message: StreamMessage) -> frozenset[int]:
        """Keep one stream message; returns the seats to relay it to, or raises `ProtocolError`."""
        rule = declared.streams(self._game, state, seat).get(message.channel)
        if rule is None:
            raise _closed(message.channel)
        self._check(seat, message, rule)
        key = (seat, message.channel)
        self._open[key] = rule
        self._kept.setdefault(key, []).append(message.data)
        self._kept_bytes[key] = self._kept_bytes.get(key, 0) + message.size
        return rule.audience

    def restore(self, state: Any, kept: dict[Key, list[Any]]) -> list[Key]:
        """Carry on the streams another process kept (a room taken over), each from what it had
        carried. Returns those whose channel the game has closed since, which are left out."""
        closed = []
        for (seat, channel), chunks in kept.items():
            rule = declared.streams(self._game, state, seat).get(channel)
            if rule is None:
                closed.append((seat, channel))
                continue
            self._open[seat, channel] = rule
            self._kept[seat, channel] = list(chunks)
            self._kept_bytes[seat, channel] = sum(len(wire.encode(c).encode("utf-8", "surrogatepass"))
                                                  for c in chunks)
        return closed

    def kept_by(self, seat: int) -> dict[str, list[Any]]:
        """What `seat` streamed on its channels still open, by channel: it is the seat's own, shown
        in its own view only (see `declared.stream_view`)."""
        return {channel: list(chunks) for (owner, channel), chunks in self._kept.items() if owner == seat}

    def _check(self, seat: int, message: StreamMessage, rule: StreamRule) -> None:
        bad = first_bad_in(message.data)  # the rule for player text holds for what is relayed live too
        if bad is not None:
            raise ProtocolError(wire.MALFORMED_MESSAGE,
                                "The text holds a control, direction or invisible character ({char})",
                                char=code_point(bad))
        if message.size > rule.max_bytes:
            raise ProtocolError(
                wire.TOO_LARGE, "A stream message may carry at most {most} bytes", most=rule.max_bytes
            )
        key = (seat, message.channel)
        limit = self._limits.get(key)
        if limit is None:
            limit = self._limits[key] = TokenBuckets(max(1, math.ceil(rule.per_second)), rule.per_second)
        kept = self._kept_bytes.get(key, 0) + message.size
        if kept > MAX_KEPT_BYTES:
            raise ProtocolError(
                wire.TOO_LARGE, "This channel has carried all it may before the game keeps it"
            )
        if limit.take("") > 0:
            raise ProtocolError(
                wire.RATE_LIMITED, "At most {most} stream messages per second", most=rule.per_second
            )

    def closed(self, state: Any, now: float) -> Iterator[tuple[int, str, list[Any]]]:
        """Every stream whose channel the game has closed since: (seat, channel, chunks kept), once.
        Its grace starts: what the seat sends on it next is taken by `late`."""
        for seat, channel in list(self._open):
            if channel not in declared.streams(self._game, state, seat):
                key = (seat, channel)
                rule = self._open.pop(key)
                chunks = self._kept.pop(key, [])
                self._kept_bytes.pop(key, None)
                if rule.grace_seconds > 0:
                    self._late[key] = Late(now + rule.grace_seconds, rule)
                if chunks:
                    yield seat, channel, chunks

    def late(self, seat: int, message: StreamMessage, now: float) -> Late | None:
        """A message on a closed channel in the seat's grace, checked as on the open channel: None
        when no grace holds. The grace is returned with every chunk it gathered; once the empty
        message has ended it, they are the game's to commit."""
        key = (seat, message.channel)
        grace = self._late.get(key)
        if grace is None or now > grace.until:
            self._late.pop(key, None)
            self._kept_bytes.pop(key, None)
            return None
        self._check(seat, message, grace.rule)
        if message.data == {}:
            del self._late[key]
            self._kept_bytes.pop(key, None)
            grace.ended = True
        else:
            grace.chunks.append(message.data)
            self._kept_bytes[key] = self._kept_bytes.get(key, 0) + message.size
        return grace

    def waited_for(self, now: float) -> float | None:
        """While a seat may still send what it made before a close, the table waits for it (bots
        hold their moves) until it says it is done or its grace ends: seconds left, or None."""
        waits = [grace.until - now for grace in self._late.values() if grace.until > now]
        return max(waits) if waits else None

    def reset(self) -> None:
        self._open.clear()
        self._kept.clear()
        self._kept_bytes.clear()
        self._limits.clear()
        self._late.clear()


def _closed(channel: str) -> ProtocolError:
    return ProtocolError(
        wire.STREAM_CLOSED, "The channel {channel!r} is not open to you now", channel=channel[:40]
    )
