"""Timers as data: the scheduler fires a game's deadline once, for the version it was armed at."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from tests.server.support import Peer, ServerProcess, seated_pair

from duoplay.bots.pool import BotPool
from duoplay.core.protocol import Deadline
from duoplay.games.uno_duo.actions import DRAW, parse_action
from duoplay.server.config import ServerConfig
from duoplay.server.deadlines import DeadlineTimer
from duoplay.server.lobby import Seat
from duoplay.server.replays import replay_views
from duoplay.server.rooms import LocalRooms
from duoplay.server.storage import Storage
from duoplay.server.storage.migrate import upgrade_async

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


class Recorder:
    """The firings a timer made, and a way to wait for the next ones (not for a fixed time)."""

    def __init__(self) -> None:
        self.fired: list[tuple[int, Deadline, float]] = []
        self._changed = asyncio.Event()

    async def __call__(self, version: int, deadline: Deadline, ends_at: float) -> None:
        self.fired.append((version, deadline, time.monotonic()))
        self._changed.set()

    async def until_fired(self, count: int, timeout: float = 10.0) -> None:
        async with asyncio.timeout(timeout):
            while len(self.fired) < count:
                self._changed.clear()
                await self._changed.wait()


async def test_a_deadline_fires_after_its_seconds_with_its_version() -> None:
    recorder = Recorder()
    timer = DeadlineTimer(recorder)
    deadline = Deadline(0.15, None, DRAW)
    armed_at = time.monotonic()
    timer.arm(7, deadline)
    assert timer.armed == (7, deadline)
    await recorder.until_fired(1)
    assert [(v, d) for v, d, _ in recorder.fired] == [(7, deadline)]
    assert recorder.fired[0][2] - armed_at >= 0.15
    assert timer.due(asyncio.get_running_loop().time()) == (7, deadline)  # until the room re-arms


async def test_rearming_replaces_the_old_deadline_and_none_disarms() -> None:
    """Each replaced deadline was due before the one that fires after it: had it stayed armed, it
    would have fired first."""
    recorder = Recorder()
    timer = DeadlineTimer(recorder)
    timer.arm(1, Deadline(0.05, 0, DRAW))
    timer.arm(2, Deadline(0.1, 1, DRAW))  # an action came in: the clock restarts for the new state
    await recorder.until_fired(1)
    assert [(v, d.seat) for v, d, _ in recorder.fired] == [(2, 1)]
    timer.arm(3, Deadline(0.05, 0, DRAW))
    timer.arm(4, None)
    assert timer.armed is None
    timer.arm(5, Deadline(0.1, 1, DRAW))
    await recorder.until_fired(2)
    assert [v for v, _, _ in recorder.fired] == [2, 5]


async def test_a_wait_runs_from_the_arrival_of_the_action_that_began_it() -> None:
    """Storing the action and fanning it out take time; the wait does not start after them."""
    recorder = Recorder()
    timer = DeadlineTimer(recorder)
    loop = asyncio.get_running_loop()
    arrived = loop.time() - 0.1  # the action arrived 100 ms ago
    timer.arm(1, Deadline(0.15, None, DRAW, key="window-1"), started_at=arrived)
    assert timer.ends_at == pytest.approx(arrived + 0.15)
    assert timer.due(arrived + 0.149) is None and timer.due(arrived + 0.15) is not None
    await recorder.until_fired(1)
    assert recorder.fired[0][0] == 1


async def test_a_room_appends_a_passed_deadline_unless_the_game_moved_on(
    tmp_path: Path, bot_pool: BotPool
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    await upgrade_async(url)
    storage = Storage(url)
    rooms = LocalRooms(storage, ServerConfig(database_url=url, bot_pace=0, replace_after=3600), bot_pool)
    try:
        code = await rooms.create("uno-duo", None, None)
        room = rooms.rooms[code]
        room.lobby.seats = [Seat(kind="human", name=n, token_hash=n) for n in ("Ada", "Bo")]
        await room._start()
        assert room.match is not None
        seat = room.match.to_move()[0]
        action = room.match.legal_actions(seat)[0]
        expected = room.match.record()
        # A deadline that is not the armed one is moot: nothing happens.
        deadline = Deadline(0.05, seat, action)
        await room._deadline_passed(0, deadline, 0.0)
        assert room.match.version == 0
        room.deadline.arm(0, deadline)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if room.match.version:
                break
        assert room.match.version == 1
        assert room.match.log[-1].action == action.to_json() == parse_action(action.to_json()).to_json()
        stored = await storage.load_match(room.match_id or "")
        assert stored is not None and [e.action for e in stored.log] == [action.to_json()]
        assert expected.header == stored.header
    finally:
        await rooms.close()
        await storage.close()


async def _two_players_in_a_duos_room(server: ServerProcess, pairing_seconds: float) -> tuple[Peer, Peer]:
    room = server.post("/api/rooms", {"game": "duos", "options": {"pairing_seconds": pairing_seconds}})
    return await seated_pair(server, room["code"])


async def test_a_game_deadline_becomes_a_table_action_on_the_live_server(server: ServerProcess) -> None:
    """DUOS limits pairing time; when it runs out, the table locks everyone in, as a logged action."""
    ada, bo = await _two_players_in_a_duos_room(server, pairing_seconds=1)
    started = time.monotonic()
    await ada.send(type="start")
    first = await ada.until("state")
    assert first["version"] == 0 and first["legal"]
    # Nobody moves: after a second the table acts, and everyone sees the new state.
    timed_out = await ada.state_at(1, timeout=10)
    assert time.monotonic() - started >= 1.0
    assert (await bo.state_at(1, timeout=10))["version"] == timed_out["version"]
    match_id = next(m["room"]["match_id"] for m in ada.seen if m["type"] == "room" and m["room"]["match_id"])
    replay = server.get(f"/api/matches/{match_id}/replay")
    assert replay["frames"][1]["version"] == 1 and replay_views(replay)[1]["phase"] != "game-over"
    await ada.close()
    await bo.close()


async def test_a_keyed_wait_keeps_its_clock_while_the_game_reports_the_same_key() -> None:
    recorder = Recorder()
    timer = DeadlineTimer(recorder)
    began = asyncio.get_running_loop().time() - 0.1  # the wait began 100 ms ago
    timer.arm(1, Deadline(0.3, None, DRAW, key="pairing-0"), started_at=began)
    timer.arm(2, Deadline(0.3, None, DRAW, key="pairing-0"))  # someone moved: the wait goes on
    assert timer.ends_at == pytest.approx(began + 0.3)
    left = timer.seconds_left()
    assert left is not None and left < 0.25
    await recorder.until_fired(1)
    assert [(v, d.key) for v, d, _ in recorder.fired] == [(1, "pairing-0")]
    timer.arm(3, Deadline(0.05, None, DRAW, key="pairing-1"))  # a new turn: a new clock
    await recorder.until_fired(2)
    assert [d.key for _, d, _ in recorder.fired] == ["pairing-0", "pairing-1"]


async def test_moves_during_pairing_do_not_restart_the_time_limit(server: ServerProcess) -> None:
    """A player changing pairs every half second cannot hold the table past its time limit."""
    ada, bo = await _two_players_in_a_duos_room(server, pairing_seconds=2)
    started = time.monotonic()
    await ada.send(type="start")
    first = await ada.until("state")
    assert 1.0 < first["deadline"]["seconds_left"] <= 2.0
    turn = first["view"]["turn"]
    lefts = []
    for pair in ([0, 1], [2, 3], [4, 5]):
        await asyncio.sleep(0.5)
        await ada.send(type="action", action={"type": "pairs", "pairs": [pair]}, version=None)
        state = await ada.until("state")
        if state["view"]["turn"] != turn:
            break
        lefts.append(state["deadline"]["seconds_left"])
    assert lefts == sorted(lefts, reverse=True), "the countdown must only run down"
    # The table ends the turn about two seconds after it began, not after the last move.
    while True:
        state = await ada.until("state", timeout=10)
        if state["view"]["turn"] != turn or state["outcome"] is not None:
            break
    assert time.monotonic() - started < 2.0 + 1.2
    await ada.close()
    await bo.close()
