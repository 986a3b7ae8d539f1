"""Live streams: unlogged data (typed text, strokes) relayed to the seats a game allows.

A game opens channels per seat (`streams(state, seat)`, see duoplay.core.declared).
A stream message on an open channel is checked (size, rate), relayed at once to
the channel's audience and kept in memory; once the game closes the channel for
that seat, the room asks the game for the one action that keeps what counted
(`commit_stream`) and appends it to the log like any other. What was streamed
and not committed is gone after a restart, by design: only the log is the match.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from duoplay.core import declared
from duoplay.server import protocol as wire
from duoplay.server.protocol import ProtocolError, StreamMessage
from duoplay.server.ratelimit import TokenBuckets

MAX_KEPT_BYTES = 256 * 1024  # what one seat may stream on one channel before it is committed


class StreamRelay:
    def __init__(self, game: Any) -> None:
        self._game = game
        self._kept: dict[tuple[int, str], list[Any]] = {}
        self._kept_bytes: dict[tuple[int, str], int] = {}
        self._limits: dict[tuple[int, str], TokenBuckets] = {}

    def accept(self, state: Any, seat: int, message: StreamMessage) -> frozenset[int]:
        """Keep one stream message; returns the seats to relay it to, or raises `ProtocolError`."""
        rule = declared.streams(self._game, state, seat).get(message.channel)
        if rule is None:
            raise ProtocolError(
                wire.STREAM_CLOSED,
                "The channel {channel!r} is not open to you now",
                channel=message.channel[:40],
            )
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
        self._kept.setdefault(key, []).append(message.data)
        self._kept_bytes[key] = kept
        return rule.audience

    def closed(self, state: Any) -> Iterator[tuple[int, str, list[Any]]]:
        """Every kept stream whose channel the game has closed since: (seat, channel, chunks), once."""
        for seat, channel in list(self._kept):
            if channel not in declared.streams(self._game, state, seat):
                chunks = self._kept.pop((seat, channel))
                self._kept_bytes.pop((seat, channel), None)
                self._limits.pop((seat, channel), None)
                yield seat, channel, chunks

    def reset(self) -> None:
        self._kept.clear()
        self._kept_bytes.clear()
        self._limits.clear()
