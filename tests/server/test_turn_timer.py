"""A room with UNO Duo's turn timer: when the clock runs out the table moves for the slow player;
after too many timeouts in a row the seat's stand-in bot plays, until its player acts again.

The clock itself is the room's deadline timer (tests/server/test_deadlines.py); here the room is
told that the armed wait has passed, as the timer would tell it 30 seconds later."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from duoplay.bots.pool import BotPool
from duoplay.server.config import ServerConfig
from duoplay.server.lobby import Seat, hash_token
from duoplay.server.protocol import parse_client
from duoplay.server.room import Room
from duoplay.server.rooms import LocalRooms
from duoplay.server.storage import Storage
from duoplay.server.storage.migrate import upgrade_async

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


class Phone:
    """A player's connection to the room, in this process: it says hello with its seat's token."""

    def __init__(self, room: Room, name: str) -> None:
        self.room, self.name, self.seen = room, name, []
        self.id = room.connect(lambda text: self.seen.append(json.loads(text)))

    async def say(self, **message: Any) -> None:
        # Stamped with the loop's clock as a socket stamps it: the room arms the next wait from it.
        arrived = asyncio.get_running_loop().time()
        await self.room.handle(self.id, parse_client(json.dumps({"v": 1, **message}), arrived))

    def last_room(self) -> dict[str, Any]:
        return next(m["room"] for m in reversed(self.seen) if m["type"] == "room")


async def _timed_room(
    tmp_path: Path, bot_pool: BotPool, options: dict[str, Any]
) -> tuple[LocalRooms, Room, Storage]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    await upgrade_async(url)
    storage = Storage(url)
    rooms = LocalRooms(storage, ServerConfig(database_url=url, bot_pace=0, replace_after=3600), bot_pool)
    code = await rooms.create("uno-duo", options, None)
    room = rooms.rooms[code]
    room.lobby.seats = [Seat(kind="human", name=n, token_hash=hash_token(n)) for n in ("Ada", "Bo")]
    return rooms, room, storage


async def _time_out(room: Room) -> None:
    """The armed wait passes, as the room's timer would report it."""
    assert room.deadline.armed is not None
    version, deadline = room.deadline.armed
    assert deadline.seconds == 30 and deadline.seat is None  # the table's move, not a seat's
    await room.loop.submit(lambda: room._deadline_passed(version, deadline, room.loop_time()))


async def test_a_timed_out_seat_goes_to_its_stand_in_bot_and_comes_back_when_its_player_acts(
    tmp_path: Path, bot_pool: BotPool
) -> None:
    rooms, room, storage = await _timed_room(tmp_path, bot_pool, {"turn_timer": 30, "bot_after_timeouts": 1})
    try:
        phones = [Phone(room, "Ada"), Phone(room, "Bo")]
        for phone in phones:
            await phone.say(type="hello", name=phone.name, token=phone.name)
        await room.loop.submit(room._start)
        assert room.match is not None
        slow = room.match.to_move()[0]
        await _time_out(room)
        assert room.match.log[-1].seat is None and room.match.log[-1].action == {"type": "timeout"}
        # One timeout is the run this room chose: the seat is the stand-in bot's now, and everyone sees it.
        assert room.lobby.seats[slow].away
        for phone in phones:
            assert phone.last_room()["seats"][slow]["kind"] == "bot"
        stored = await storage.load_room(room.code)
        assert stored is not None and stored.seats[slow]["away"] is True
        # The bot moves for the slow seat whenever it is that seat's move (its pool worker thinks
        # at a lower priority: on a loaded machine, give it a minute).
        until = time.monotonic() + 60
        while time.monotonic() < until:
            if any(entry.seat == slow for entry in room.match.log):
                break
            other = 1 - slow
            if list(room.match.to_move()) == [other]:
                action = room.match.legal_actions(other)[0].to_json()
                await phones[other].say(type="action", action=action, version=room.match.version)
            await asyncio.sleep(0.05)
        assert any(entry.seat == slow for entry in room.match.log), (
            slow, room.match.to_move(), [(e.seat, e.action) for e in room.match.log[-5:]], bot_pool.stats)
        # The slow player acts again (here out of turn, which the game refuses): the seat is theirs again.
        await phones[slow].say(type="action", action={"type": "catch"}, version=None)
        assert not room.lobby.seats[slow].away
        assert phones[1 - slow].last_room()["seats"][slow]["kind"] == "human"
        assert room.lobby.bot_level(slow) is None
    finally:
        await rooms.close()
        await storage.close()


async def test_without_a_run_to_hand_over_the_clock_only_moves_for_the_player(
    tmp_path: Path, bot_pool: BotPool
) -> None:
    rooms, room, storage = await _timed_room(tmp_path, bot_pool, {"turn_timer": 30, "bot_after_timeouts": 0})
    try:
        await room.loop.submit(room._start)
        assert room.match is not None
        for _ in range(4):
            await _time_out(room)
        assert [entry.action for entry in room.match.log] == [{"type": "timeout"}] * 4
        assert not any(seat.away for seat in room.lobby.seats)
    finally:
        await rooms.close()
        await storage.close()


async def test_a_room_without_a_timer_arms_no_clock(tmp_path: Path, bot_pool: BotPool) -> None:
    rooms, room, storage = await _timed_room(tmp_path, bot_pool, {})
    try:
        await room.loop.submit(room._start)
        assert room.deadline.armed is None
    finally:
        await rooms.close()
        await storage.close()
