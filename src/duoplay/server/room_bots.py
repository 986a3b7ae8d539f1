"""A room's bot seats as the room sees them: which bots are to move, a snapshot of a bot's turn
taken in the room's loop, and a bot's move applied there (the thinking happens elsewhere:
`bot_seats.py`). Each room holds one (`room.bot_turns`)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from duoplay.core import declared
from duoplay.core.errors import StaleState
from duoplay.core.protocol import JSON
from duoplay.server.bot_seats import APPLIED, REFUSED, STALE, Turn
from duoplay.server.fanout import action_json
from duoplay.server.lobby import PLAYING
from duoplay.server.protocol import ProtocolError

if TYPE_CHECKING:
    from duoplay.server.room import Room


class BotTurns:
    """The room's bots: which are to move, and their turns and moves in the room's loop."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def to_move(self) -> list[tuple[int, str]]:
        if self.room.match is None or self.room.status != PLAYING:
            return []
        if self.room.streams.waited_for(self.room.loop_time()) is not None:
            return []  # what a seat made before a close may still arrive: see streams.py
        seats = []
        for seat in self.room.match.to_move():
            level = self.room.lobby.bot_level(seat)
            if level is not None:
                seats.append((seat, level))
        return seats

    def wake(self) -> None:
        if not self.room.closed:
            self.room.bots.wake([seat for seat, _ in self.to_move()])

    async def turn(self, seat: int, menu: bool) -> Turn | None:
        """A snapshot of `seat`'s turn, taken in the room loop; its legal actions as JSON only
        with `menu` (a bot waiting to look like a person needs only the view)."""

        def snapshot() -> Any:
            level = dict(self.to_move()).get(seat)
            if level is None or self.room.match is None:
                return None
            actions = self.room.match.legal_actions(seat)
            if not actions:
                return None
            legal = [action_json(a) for a in actions] if menu else []
            game, version = self.room.match.game, self.room.match.version
            stale_key = declared.has_stale_key(game)
            question = declared.stale_key(game, self.room.match.state, seat) if stale_key else version
            return Turn(seat, level, self.room.match.view(seat), legal, version, question)

        async def in_loop() -> Any:
            return snapshot()

        try:
            turn: Turn | None = await self.room.loop.submit(in_loop)
        except asyncio.CancelledError:
            if self.room.loop.closed:
                return None
            raise
        return turn

    async def move(self, seat: int, action: JSON, version: int) -> str:
        async def move() -> str:
            if dict(self.to_move()).get(seat) is None:
                return STALE  # a person took the seat back meanwhile
            try:
                await self.room._apply(seat, action, version, self.room.loop_time())
            except ProtocolError as error:
                return STALE if error.code == StaleState.code else REFUSED
            return APPLIED

        result: str = await self.room.loop.submit(move)
        return result
