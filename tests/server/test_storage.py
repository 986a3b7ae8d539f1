"""The stored match log on SQLite and on a real PostgreSQL: what is committed can be replayed."""

from __future__ import annotations

import asyncio
import random

import pytest

from duoplay.bots.pool import BotPool
from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.match import Match
from duoplay.server.config import ServerConfig
from duoplay.server.lobby import PLAYING, Seat
from duoplay.server.rooms import LocalRooms
from duoplay.server.storage import RoomRow, Storage
from duoplay.server.storage.migrate import upgrade_async


async def _storage(url: str) -> Storage:
    await upgrade_async(url)
    await upgrade_async(url)  # a second start finds nothing to do
    storage = Storage(url)
    await storage.start()
    return storage


def _play(match: Match, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if match.outcome() is not None:
            return
        seat = match.to_move()[0]
        match.act(seat, rng.choice(list(match.legal_actions(seat))))


@pytest.mark.asyncio
async def test_a_stored_log_replays_to_the_same_views(database_url: str) -> None:
    storage = await _storage(database_url)
    try:
        match = Match.new("uno-duo", 2, seed=2**61 + 12345)
        await storage.create_room(RoomRow("ABCDEF", "uno-duo", match.header.options, [], PLAYING, "m1", 1.0))
        await storage.create_match("m1", "ABCDEF", match.header, ["Ada", "Bo"], 1.0)
        rng = random.Random(7)
        for version in range(1, 61):
            before = match.version
            _play(match, 1, rng)
            assert match.version == before + 1 == version
            await storage.append_action("m1", version, match.log[-1], None)
        stored = await storage.load_match("m1")
        assert stored is not None
        assert stored.header == match.header
        assert stored.names == ["Ada", "Bo"]
        assert [e.to_json() for e in stored.log] == [e.to_json() for e in match.log]
        again = Match.start(stored.header)
        for entry in stored.log:
            again.act(entry.seat, entry.action)
        for seat in (0, 1, None):
            assert again.view(seat) == match.view(seat)
        assert await storage.load_match("nope") is None
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_concurrent_appends_from_many_rooms_are_all_committed(database_url: str) -> None:
    storage = await _storage(database_url)
    try:
        header = MatchHeader("uno-duo", 2, 1, {})
        for n in range(20):
            await storage.create_match(f"m{n}", "ROOM", header, [None, None], 0.0)

        async def writer(n: int) -> None:
            for version in range(1, 26):
                await storage.append_action(f"m{n}", version, LogEntry(version % 2, {"type": "draw"}), None)

        await asyncio.gather(*(writer(n) for n in range(20)))
        for n in range(20):
            stored = await storage.load_match(f"m{n}")
            assert stored is not None and len(stored.log) == 25
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_a_refused_write_fails_alone_and_its_neighbours_commit(database_url: str) -> None:
    storage = await _storage(database_url)
    try:
        await storage.create_match("m", "ROOM", MatchHeader("uno-duo", 2, 1, {}), [None, None], 0.0)
        entry = LogEntry(0, {"type": "draw"})
        results = await asyncio.gather(
            storage.append_action("m", 1, entry, None),
            storage.append_action("m", 1, entry, None),  # the same version twice: a primary key clash
            storage.append_action("m", 2, entry, {"winners": [0]}),
            return_exceptions=True,
        )
        assert sum(isinstance(r, Exception) for r in results) == 1
        stored = await storage.load_match("m")
        assert stored is not None and len(stored.log) == 2 and stored.finished
        assert stored.outcome == {"winners": [0]}
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_rooms_reload_and_resume_their_match_after_a_restart(
    database_url: str, bot_pool: BotPool
) -> None:
    config = ServerConfig(database_url=database_url, bot_pace=0, replace_after=3600)
    storage = await _storage(database_url)
    rooms = LocalRooms(storage, config, bot_pool)
    code = await rooms.create("uno-duo", {"target_score": 50}, None)
    room = rooms.rooms[code]
    room.lobby.seats = [Seat(kind="human", name=name, token_hash=name) for name in ("Ada", "Bo")]
    await room._start()
    rng = random.Random(3)
    for _ in range(15):
        assert room.match is not None
        seat = room.match.to_move()[0]
        await room._apply(seat, rng.choice(list(room.match.legal_actions(seat))).to_json(), None)
    assert room.match is not None
    views = {seat: room.match.view(seat) for seat in (0, 1, None)}
    await rooms.close()
    await storage.close()

    storage = await _storage(database_url)
    reloaded = LocalRooms(storage, config, bot_pool)
    await reloaded.start()
    try:
        again = reloaded.rooms[code]
        assert again.status == PLAYING and again.match is not None
        assert again.match.version == 15
        assert {seat: again.match.view(seat) for seat in (0, 1, None)} == views
        assert again.options["target_score"] == 50
        assert [s.name for s in again.lobby.seats] == ["Ada", "Bo"]
    finally:
        await reloaded.close()
        await storage.close()
