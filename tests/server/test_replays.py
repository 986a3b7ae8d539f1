"""Replays over HTTP: a spectator's replay while a match runs, every seat's once it has finished,
and a size that grows with the match, not with its square."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from tests.server.support import ServerProcess

from duoplay.core.match import Match
from duoplay.core.registry import find_game
from duoplay.core.testing import random_playout
from duoplay.server.lobby import FINISHED, PLAYING, Seat
from duoplay.server.replays import replay_views
from duoplay.server.storage import RoomRow, Storage

pytestmark = pytest.mark.live


def _store(server: ServerProcess, match: Match, match_id: str, room_code: str, *, finished: bool) -> None:
    """A played match written into the server's storage, as a room would have written it."""
    record = match.record()
    outcome = match.outcome()

    async def store() -> None:
        storage = Storage(server.database)
        await storage.start()
        try:
            seats = [Seat().to_json()] * record.header.seats
            status = FINISHED if finished else PLAYING
            row = RoomRow(room_code, record.header.game, {}, seats, status, match_id, 1.0)
            await storage.create_room(row)
            await storage.create_match(match_id, room_code, record.header, ["Ada", "Bo"], 1.0)
            last = len(record.log) if finished else len(record.log) + 1
            for version, entry in enumerate(record.log, start=1):
                ended = outcome is not None and version == last
                await storage.append_action(match_id, version, entry, outcome.to_json() if ended else None)
        finally:
            await storage.close()

    asyncio.run(store())


def _played_to(match: Match, versions: int) -> Match:
    record = match.record()
    partial = Match.start(record.header)
    for entry in record.log[:versions]:
        partial.act(entry.seat, entry.action)
    return partial


def _rebuilt_views(match: Match, seat: int | None) -> list[dict[str, object]]:
    """The views `seat` saw at every version, from a fresh replay in this process."""
    record = match.record()
    fresh = Match.start(record.header)
    views = [fresh.view(seat)]
    for entry in record.log:
        fresh.act(entry.seat, entry.action)
        views.append(fresh.view(seat))
    return views


def test_a_finished_match_replays_as_any_seat_with_its_hand(server: ServerProcess) -> None:
    match = random_playout(find_game("uno-duo"), 2, 41, {"target_score": 100})  # 406 moves, a few rounds
    _store(server, match, "ended41", "ENDED4", finished=True)
    spectator = httpx.get(f"{server.http}/api/matches/ended41/replay", timeout=60).json()
    assert replay_views(spectator) == json.loads(json.dumps(_rebuilt_views(match, None)))
    assert all("hand" not in view for view in replay_views(spectator))
    for seat in (0, 1):
        replay = httpx.get(f"{server.http}/api/matches/ended41/replay", params={"seat": seat},
                           timeout=60).json()
        assert replay["header"]["seat"] == seat and replay["stopped"] is None
        views = replay_views(replay)
        assert views == json.loads(json.dumps(_rebuilt_views(match, seat)))
        assert all("hand" in view for view in views[1:])
        # The events are the ones that seat heard: its own draws show their cards.
        heard = [event for frame in replay["frames"] for event in frame["events"]]
        assert heard == [e.visible_to(seat) for e in _events(match)]
    for bad in ("-1", "x", "2", "999999999999", ""):
        answer = httpx.get(f"{server.http}/api/matches/ended41/replay", params={"seat": bad}, timeout=60)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_seat", bad


def _events(match: Match) -> list[object]:
    record = match.record()
    fresh = Match.start(record.header)
    return [event for entry in record.log for event in fresh.act(entry.seat, entry.action)]


def test_a_running_match_replays_only_as_a_spectator(server: ServerProcess) -> None:
    running = _played_to(random_playout(find_game("uno-duo"), 2, 42), 30)
    _store(server, running, "running42", "RUNS42", finished=False)
    spectator = httpx.get(f"{server.http}/api/matches/running42/replay", timeout=60)
    assert spectator.status_code == 200 and len(spectator.json()["frames"]) == 31
    hidden = httpx.get(f"{server.http}/api/matches/running42/replay", params={"seat": 0})
    assert hidden.status_code == 403 and hidden.json()["error"]["code"] == "replay_hidden"


def test_a_long_match_replay_grows_with_its_length_not_its_square(server: ServerProcess) -> None:
    """A match of thousands of moves sends about as many bytes per move as a short one."""
    long_match = random_playout(find_game("uno-duo"), 2, 7, {"target_score": 250})  # 4,377 moves
    short_match = _played_to(long_match, len(long_match.record().log) // 8)
    _store(server, long_match, "long7", "LONG77", finished=True)
    _store(server, short_match, "short7", "SHORT7", finished=False)
    long_body = httpx.get(f"{server.http}/api/matches/long7/replay", timeout=60).content
    short_body = httpx.get(f"{server.http}/api/matches/short7/replay", timeout=60).content
    moves = len(long_match.record().log), len(short_match.record().log)
    assert moves[0] > 4000
    per_move = len(long_body) / moves[0], len(short_body) / moves[1]
    assert per_move[0] < 2 * per_move[1], (moves, per_move)
    assert len(replay_views(json.loads(long_body))) == moves[0] + 1


def _append(server: ServerProcess, match_id: str, match: Match, versions: range) -> None:
    """More of `match`'s moves written after the ones stored, as its room goes on playing."""
    log = match.record().log

    async def append() -> None:
        storage = Storage(server.database)
        await storage.start()
        try:
            for version in versions:
                await storage.append_action(match_id, version, log[version - 1], None)
        finally:
            await storage.close()

    asyncio.run(append())


def test_a_replay_asked_again_shows_the_moves_made_since(server: ServerProcess) -> None:
    """The replay process keeps what it built; asked again, it adds the new moves, and only those."""
    whole = random_playout(find_game("uno-duo"), 2, 43)
    _store(server, _played_to(whole, 30), "growing43", "GROW43", finished=False)
    first = httpx.get(f"{server.http}/api/matches/growing43/replay", timeout=60).json()
    assert first["header"]["moves"] == 30 and len(first["frames"]) == 31
    _append(server, "growing43", whole, range(31, 61))
    again = httpx.get(f"{server.http}/api/matches/growing43/replay", timeout=60).json()
    assert again["header"]["moves"] == 60
    assert replay_views(again) == json.loads(json.dumps(_rebuilt_views(_played_to(whole, 60), None)))
    assert again["frames"][:31] == first["frames"]
