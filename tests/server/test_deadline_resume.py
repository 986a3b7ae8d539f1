"""A game's wait survives a crash: each action is stored with when it was accepted, and a room
loaded again runs its wait on from when it began instead of starting it afresh.

The live test kills the server, then moves the stored times back as if the kill had come that much
later into the wait (a test waits on states, not on time), starts it again and reads the countdown
the players are shown."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server import race_game
from tests.server.support import Peer, ServerProcess, my_move

from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.match import Match
from duoplay.server.lobby import PLAYING
from duoplay.server.storage import RoomRow, Storage, StoredMatch
from duoplay.server.storage.migrate import upgrade_async
from duoplay.server.waits import replay_with_wait

TIMER = 120  # UNO Duo's longest turn timer, in seconds


@pytest.mark.asyncio
async def test_each_action_is_stored_with_when_it_was_accepted(database_url: str) -> None:
    await upgrade_async(database_url)
    storage = Storage(database_url)
    await storage.start()
    try:
        match = Match.new("uno-duo", 2, seed=3)
        await storage.create_room(RoomRow("TIMED1", "uno-duo", match.header.options, [], PLAYING, "m1", 1.0))
        await storage.create_match("m1", "TIMED1", match.header, ["Ada", "Bo"], 1000.5)
        before = time.time()
        for version in (1, 2):
            seat = match.to_move()[0]
            match.act(seat, match.legal_actions(seat)[0])
            at = 1234.25 if version == 1 else None  # None: the time of the call
            await storage.append_action("m1", version, match.log[-1], None, accepted_at=at)
        stored = await storage.load_match("m1")
        assert stored is not None
        assert stored.created_at == 1000.5
        assert stored.accepted_at[0] == 1234.25
        second = stored.accepted_at[1]
        assert second is not None and before <= second <= time.time()
        assert (await storage.load_match("m1", after=1)).accepted_at == [second]  # type: ignore[union-attr]
    finally:
        await storage.close()


def _raced(log: list[tuple[int | None, str]], times: list[float | None]) -> StoredMatch:
    entries = [LogEntry(seat, {"type": kind}) for seat, kind in log]
    header = MatchHeader("race", 2, 1, {"window_ms": 5000, "rounds": 3})
    return StoredMatch("m", "R", header, [None, None], False, None, entries, 50.0, times)


def test_a_keyed_wait_began_with_the_action_that_first_reported_its_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As the live timer: a second answer inside the race's window leaves the window's clock running;
    the table's close ends it; a log stored before the times were kept has no time to run on from."""
    monkeypatch.setattr("duoplay.core.match.find_game", lambda name: race_game.GAME)
    match, began = replay_with_wait(_raced([(0, "answer"), (1, "answer")], [100.0, 104.0]))
    assert match.version == 2 and match.deadline() is not None and began == 100.0
    closed = _raced([(0, "answer"), (None, "close"), (1, "answer")], [100.0, 105.0, 107.0])
    match, began = replay_with_wait(closed)
    assert match.state.round == 1 and began == 107.0
    assert replay_with_wait(_raced([(0, "answer")], []))[1] is None
    assert replay_with_wait(_raced([], []))[1] == 50.0  # a wait from the deal runs from the match's creation


def _move_stored_times_back(database: Path, seconds: float) -> None:
    """As if the server had died `seconds` later into the wait."""
    with sqlite3.connect(database) as db:
        db.execute("UPDATE actions SET accepted_at = accepted_at - ?", (seconds,))
        db.execute("UPDATE matches SET created_at = created_at - ?", (seconds,))


async def _rejoin(server: ServerProcess, code: str, peer: Peer) -> tuple[Peer, dict[str, Any]]:
    again = await Peer.join(f"{server.ws}/ws/{code}", "Ada", token=peer.token)
    return again, await again.until("state")


@pytest.mark.asyncio
@pytest.mark.live
async def test_a_wait_killed_partway_ends_at_its_original_time(tmp_path: Path) -> None:
    database = tmp_path / "duoplay.db"
    server = ServerProcess(f"sqlite+aiosqlite:///{database}", tmp_path,
                           ["--bot-pace", "0", "--replace-after", "3600"]).start()
    try:
        code = server.post("/api/rooms", {"game": "uno-duo", "options": {"turn_timer": TIMER}})["code"]
        ada = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
        await ada.sit(0)
        bo = await Peer.join(f"{server.ws}/ws/{code}", "Bo")
        await bo.sit(1)
        await ada.send(type="start")
        states = {ada: await ada.until("state"), bo: await bo.until("state")}
        mover = ada if my_move(states[ada]) else bo
        sent = time.time()  # the move is accepted after this: its wait began no earlier
        await mover.send(type="action", action=states[mover]["legal"][0], version=0)
        played = await ada.state_at(1)
        assert played["deadline"]["seconds_left"] > TIMER - 5
        server.kill()
        await ada.close()
        await bo.close()

        # Killed 60 s into the 120 s wait: the players have 60 s left, not 120.
        _move_stored_times_back(database, 60)
        server.start()
        ada, state = await _rejoin(server, code, ada)
        shown = time.time()
        assert state["version"] == 1
        left = state["deadline"]["seconds_left"]
        assert sent + TIMER - 60 - shown - 0.1 <= left <= TIMER - 60
        server.kill()
        await ada.close()

        # Killed after the wait should have ended: the table moves for the slow player at once, and
        # the next decision has its full time.
        _move_stored_times_back(database, TIMER)
        server.start()
        ada, state = await _rejoin(server, code, ada)
        if state["version"] == 1:
            state = await ada.state_at(2)
        assert state["version"] == 2
        assert state["deadline"]["seconds_left"] > TIMER - 10
        server.kill()
        await ada.close()

        # Gone far longer than a room stays in memory unwatched (when its clocks stop): afresh.
        _move_stored_times_back(database, 3 * 3600)
        server.start()
        ada, state = await _rejoin(server, code, ada)
        assert state["version"] == 2
        assert state["deadline"]["seconds_left"] > TIMER - 10
        assert all(m.get("version", 2) == 2 for m in await ada.quiet(0.3))
        await ada.close()
    finally:
        server.stop()
