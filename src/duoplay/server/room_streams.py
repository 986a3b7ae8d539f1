"""A room's live streams (a drawing as it is drawn): who may stream, relaying each chunk to the
seats the game names, and keeping what a closed channel carried as the game's action (`streams.py`
holds the rules of a channel; this is the room's side). Each room holds one (`room.live`). A
cluster's rooms also write their streams to a journal outside the process, which the instance that
takes a room over reads (`cluster/stream_journal.py`)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from duoplay.core import declared
from duoplay.server import protocol as wire
from duoplay.server.inbox import log_failure
from duoplay.server.lobby import PLAYING
from duoplay.server.protocol import ProtocolError

if TYPE_CHECKING:
    from duoplay.server.room import Client, Room

log = logging.getLogger("duoplay.server.room")


class Journal(Protocol):
    """Where a match's stream messages are kept beyond this process, until their stream is closed."""

    async def kept(self, match_id: str, seat: int, channel: str, data: Any) -> None: ...

    async def closed(self, match_id: str, seat: int, channel: str) -> None: ...


class LiveStreams:
    """The room's side of its live streams: receive, relay, keep what was late or closed."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.late_wake: asyncio.Task[None] | None = None  # bots think again once a late stream's wait ends
        self.journal: Journal | None = None

    async def receive(self, client: Client, msg: wire.StreamMessage, arrived: float) -> None:
        if client.seat is None:
            raise ProtocolError(wire.NOT_SEATED, "Spectators cannot stream; take a seat first")
        if self.room.match is None or self.room.status != PLAYING:
            raise ProtocolError(wire.NOT_STARTED, "The game is not running")
        try:
            audience = self.room.streams.accept(self.room.match.state, client.seat, msg)
            if self.journal is not None and self.room.match_id is not None:
                # Before the relay: a message echoed back to its sender outlives this process.
                await self.journal.kept(self.room.match_id, client.seat, msg.channel, msg.data)
        except ProtocolError as error:
            closed = error.code == wire.STREAM_CLOSED
            late = self.room.streams.late(client.seat, msg, arrived) if closed else None
            if late is None:
                raise
            audience = late.rule.audience
            if late.ended:
                await self.keep_late(client.seat, msg.channel, late.chunks, arrived)
        self.room.standings.person_acted(client.seat)  # drawing live is playing, for ratings
        self.relay(client.seat, msg, audience)

    def relay(self, seat: int, msg: wire.StreamMessage, audience: frozenset[int]) -> None:
        text = wire.encode(wire.message("stream", seat=seat, channel=msg.channel, data=msg.data))
        for other in list(self.room.clients.values()):
            if other.seat is not None and other.seat in audience:
                other.send(text)

    async def keep_late(self, seat: int, channel: str, chunks: list[Any], arrived: float) -> None:
        """What a seat made before its channel closed and sent in the grace: the game keeps it onto
        what it kept at the close, or refuses it once its phase has moved on."""
        assert self.room.match is not None
        self.room.bot_turns.wake()  # the table need not wait for this seat any more
        if not chunks:
            return
        action = declared.commit_stream(self.room.game, self.room.match.state, seat, channel, chunks)
        if action is None:
            return
        try:
            await self.room._apply(None, action, None, arrived)
        except ProtocolError:
            raise ProtocolError(
                wire.STREAM_CLOSED, "This reached the table after it had moved on; it was not kept"
            ) from None

    async def commit_closed(self, arrived: float) -> None:
        """What a closed channel carried is kept by the action the game makes of it, from the table."""
        if self.room.match is None or self.room.status != PLAYING:
            return
        closing = list(self.room.streams.closed(self.room.match.state, arrived))
        self.wake_after_late()
        for seat, channel, chunks in closing:
            if self.journal is not None and self.room.match_id is not None:
                await self.journal.closed(self.room.match_id, seat, channel)
            action = declared.commit_stream(self.room.game, self.room.match.state, seat, channel, chunks)
            if action is None:
                continue
            try:
                await self.room._apply(None, action, None, arrived)
            except ProtocolError as error:
                log.error(
                    "room %s: the game refused to keep seat %d's %s stream: %s",
                    self.room.code,
                    seat,
                    channel,
                    error.message,
                )

    def wake_after_late(self) -> None:
        """Bots hold their moves while the table waits for a seat's late stream: once that wait
        ends, they think again."""
        wait = self.room.streams.waited_for(self.room.loop_time())
        if wait is None:
            return
        if self.late_wake is not None:
            self.late_wake.cancel()
        self.late_wake = asyncio.create_task(self.wake_later(wait), name=f"late-{self.room.code}")

    async def wake_later(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        done = self.room.loop.submit(self.wake_bots_in_loop)
        done.add_done_callback(log_failure)

    async def wake_bots_in_loop(self) -> None:
        self.room.bot_turns.wake()
