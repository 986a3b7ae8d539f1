"""Rooms nobody needs leave the server's memory, and their codes keep working.

The server runs in this process (tests/server/in_process.py) so the tests can
see which rooms it holds.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from tests.server.in_process import LiveServer, ManualClock, eventually, live_server
from tests.server.support import Peer

from duoplay.server.protocol import Hello, Incoming

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


async def finished_match(live: LiveServer, code: str) -> tuple[Peer, dict[str, Any]]:
    """Ada starts against a bot, then leaves her seat: bots play both seats to the end while she watches."""
    ada = await Peer.join(live.ws(code), "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="random")
    await ada.send(type="start")
    await ada.until("state")
    await ada.send(type="leave")
    end = time.monotonic() + 60
    while True:
        state = await ada.until("state", max(0.01, end - time.monotonic()))
        if state["outcome"] is not None:
            return ada, state


async def test_a_finished_room_leaves_memory_when_its_last_client_leaves_and_its_code_still_works(
    sqlite_url: str,
) -> None:
    async with live_server(sqlite_url, room_idle=3600.0) as live:
        code = await live.create(target_score=1)
        ada, last = await finished_match(live, code)
        watcher = await Peer.join(live.ws(code), "Watcher")
        await ada.close()
        # Someone still watches: once the server has seen Ada go, a sweep leaves the room.
        assert await eventually(lambda: len(live.rooms.rooms[code].clients) == 1)
        await live.rooms.sweep()
        assert code in live.rooms.rooms
        await watcher.close()
        assert await eventually(lambda: code not in live.rooms.rooms)

        summary = await live.get(f"/api/rooms/{code}")
        assert summary["status"] == "finished"
        assert [s["name"] for s in summary["seats"]] == ["Ada", "random bot"]
        again = await Peer.join(live.ws(code), "Carl")
        state = await again.until("state")
        assert state["version"] == last["version"]
        assert state["outcome"] == last["outcome"] and state["view"] == last["view"]
        assert state["legal"] == []
        welcome = next(m for m in again.seen if m["type"] == "welcome")
        assert welcome["room"]["status"] == "finished" and welcome["room"]["options"]["target_score"] == 1
        await again.close()
        assert await eventually(lambda: code not in live.rooms.rooms)


async def test_an_idle_waiting_room_leaves_memory_and_comes_back_intact_when_someone_joins(
    sqlite_url: str,
) -> None:
    clock = ManualClock()
    async with live_server(sqlite_url, room_idle=0.4, clock=clock) as live:
        code = await live.create(target_score=150)
        ada = await Peer.join(live.ws(code), "Ada")
        token = await ada.sit(0)
        # Connected for longer than the idle time: the room stays, the very same one.
        held = live.rooms.rooms[code]
        clock.advance(10)
        await live.rooms.sweep()
        assert live.rooms.rooms.get(code) is held
        await ada.close()
        assert await eventually(lambda: not held.clients)
        listed = [r["code"] for r in await live.get("/api/rooms")]
        assert code in listed
        await live.rooms.sweep()  # idle for no time yet: it stays
        assert live.rooms.rooms.get(code) is held

        clock.advance(1.0)  # past the idle time
        assert await eventually(lambda: code not in live.rooms.rooms)
        # Off the open-rooms list, but its code still works.
        assert code not in [r["code"] for r in await live.get("/api/rooms")]
        summary = await live.get(f"/api/rooms/{code}")
        assert summary["status"] == "waiting"
        assert [(s["name"], s["kind"]) for s in summary["seats"]] == [("Ada", "human"), (None, "empty")]

        bo = await Peer.join(live.ws(code), "Bo")
        welcome = next(m for m in bo.seen if m["type"] == "welcome")
        assert welcome["room"]["options"]["target_score"] == 150
        assert welcome["room"]["seats"][0]["name"] == "Ada"
        await bo.sit(1)
        back = await Peer.join(live.ws(code), "Ada", token=token)
        assert back.seat == 0
        await back.send(type="start")
        state = await back.until("state")
        assert state["version"] == 0 and state["view"]["seat"] == 0
        assert (await live.get(f"/api/rooms/{code}"))["status"] == "playing"
        await back.close()
        await bo.close()


async def test_a_playing_room_nobody_watches_stops_after_a_while_and_goes_on_when_someone_is_back(
    sqlite_url: str,
) -> None:
    """Issue 32, break 6: sit, add a bot, start, leave; 600 such rooms held a core. A playing room
    with nobody connected goes on for `unwatched_after`, then leaves memory, its match stored."""
    clock = ManualClock()
    async with live_server(sqlite_url, room_idle=0.2, clock=clock, unwatched_after=60.0) as live:
        code = await live.create()
        ada = await Peer.join(live.ws(code), "Ada")
        token = await ada.sit(0)
        await ada.send(type="add_bot", seat=1, level="random")
        await ada.send(type="start")
        await ada.until("state")
        held = live.rooms.rooms[code]
        await ada.close()
        assert await eventually(lambda: not held.clients)
        clock.advance(10)  # many times a waiting room's idle time, less than the unwatched time
        await live.rooms.sweep()
        assert live.rooms.rooms.get(code) is held  # going on: the player may be reconnecting
        assert held.status == "playing" and held.match is not None
        clock.advance(60)
        await live.rooms.sweep()
        assert code not in live.rooms.rooms  # stopped: no bot thinks for nobody
        version = (await live.get(f"/api/rooms/{code}"))["status"], held.match.version
        back = await Peer.join(live.ws(code), "Ada", token=token)
        assert back.seat == 0
        state = await back.until("state")
        # The same match, from where it stopped (the bot may move on at once, now someone watches).
        assert version[0] == "playing" and state["version"] >= version[1] and state["outcome"] is None
        await back.close()


async def test_a_client_connecting_while_the_room_is_being_dropped_keeps_a_working_room(
    sqlite_url: str,
) -> None:
    async with live_server(sqlite_url, room_idle=0.0) as live:
        rooms = live.rooms
        code = await live.create()
        room = rooms.rooms.get(code)
        if room is None:  # already dropped by a sweep: load it back
            assert await rooms.find(code) is not None
            room = rooms.rooms[code]
        received: list[str] = []
        # The room is busy (its lock held, as while a move is stored) when a drop starts;
        # a client connects before the drop can go on.
        async with room.lock:
            sweep = asyncio.create_task(rooms.sweep())
            await asyncio.sleep(0)  # the sweep runs up to the room's lock, its first wait
            subscription = await rooms.subscribe(code, received.append)
        assert subscription is not None
        await sweep
        assert rooms.rooms.get(code) is room and not room.closed
        await rooms.deliver(subscription, Incoming(Hello(name="Ada", token=None)))
        assert any('"welcome"' in text for text in received)
        await rooms.unsubscribe(subscription)

        # Many clients coming and going while rooms are dropped at every sweep: each one is served.
        async def visit(n: int) -> None:
            peer = await Peer.join(live.ws(code), f"P{n}")
            assert peer.seen[-1]["room"]["code"] == code
            await peer.close()

        for _ in range(5):
            await asyncio.gather(*(visit(n) for n in range(6)))
        assert await eventually(lambda: code not in rooms.rooms)
