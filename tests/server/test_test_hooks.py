"""The test suite's hooks: a room dealt from a chosen seed, a room's clock moved on; and a server
started without `--test-hooks` refusing both, so nobody can learn or steer a public server's deals."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.support import Peer, ServerProcess, running_server, seated_pair

from duoplay.core.log import MatchHeader
from duoplay.core.match import Match
from duoplay.core.registry import find_game

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


@pytest.fixture(scope="module")
def hooked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    workdir = tmp_path_factory.mktemp("hooked")
    with running_server(f"sqlite+aiosqlite:///{workdir / 'db.sqlite'}", workdir, "--bot-pace", "0",
                        "--test-hooks") as process:
        yield process


def _refusal(server: ServerProcess, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    try:
        server.post(path, body)
    except urllib.error.HTTPError as error:
        answer: dict[str, Any] = json.loads(error.read())["error"]
        return error.code, answer
    raise AssertionError(f"{path} was accepted")


async def _first_view(server: ServerProcess, seed: int) -> str:
    code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    assert server.post(f"/api/test/rooms/{code}/seed", {"seed": seed}) == {"code": code, "seed": seed}
    ada, bo = await seated_pair(server, code)
    await ada.send(type="start")
    state = await ada.until("state")
    await ada.close()
    await bo.close()
    return json.dumps(state["view"], sort_keys=True)


async def test_a_seeded_room_deals_the_same_cards_every_time(hooked: ServerProcess) -> None:
    first = await _first_view(hooked, 1234)
    assert first == await _first_view(hooked, 1234)
    others = {await _first_view(hooked, seed) for seed in range(5)}
    assert len(others) > 1  # the seed decides the deal


async def test_moving_the_clock_on_ends_the_wait_at_once_and_no_sooner(hooked: ServerProcess) -> None:
    code = hooked.post("/api/rooms", {"game": "uno-duo", "options": {"turn_timer": 30}})["code"]
    ada, bo = await seated_pair(hooked, code)
    await ada.send(type="start")
    state = await ada.until("state")
    version = state["version"]
    # 10 of the 30 s: the wait goes on, and the players' countdowns are told the new time left.
    moved = hooked.post(f"/api/test/rooms/{code}/clock", {"advance": 10})
    assert moved["version"] == version and 15 < moved["seconds_left"] <= 20.5, moved
    told = await ada.until("state")
    assert told["version"] == version and told["deadline"]["seconds_left"] <= 20.5
    # Far past the deadline: it passes once, for the seat whose clock ran out, and no further.
    moved = hooked.post(f"/api/test/rooms/{code}/clock", {"advance": 3600})
    assert moved["version"] > version
    after = await ada.state_at(moved["version"])
    assert after["deadline"]["seconds_left"] > 25  # the next turn has its whole time
    await ada.close()
    await bo.close()


def _seed_where_seat_1_moves_first() -> int:
    game = find_game("uno-duo")
    options = game.options_to_json(game.parse_options({}))
    return next(seed for seed in range(100)
                if Match.start(MatchHeader("uno-duo", 2, seed, options)).view(0)["to_move"] == [1])


@pytest.mark.parametrize("pace", [0, 100])
async def test_the_rooms_bots_keep_the_pace_a_test_gives_them(hooked: ServerProcess, pace: int) -> None:
    """At pace 0 the bot moves at once; at 100 it waits its 0.6 s a hundred times over, so a person
    has all the time a test needs to move first."""
    code = hooked.post("/api/rooms", {"game": "uno-duo"})["code"]
    hooked.post(f"/api/test/rooms/{code}/seed", {"seed": _seed_where_seat_1_moves_first()})
    assert hooked.post(f"/api/test/rooms/{code}/bots", {"pace": pace}) == {"code": code, "pace": pace}
    ada = await Peer.join(f"{hooked.ws}/ws/{code}", "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="random")
    await ada.send(type="start")
    state = await ada.until("state")
    assert state["view"]["to_move"] == [1]
    moved = [m for m in await ada.quiet(1.0) if m["type"] == "state"]
    assert bool(moved) == (pace == 0)
    await ada.close()


async def test_moving_the_clock_on_brings_an_absent_players_stand_in_forward(hooked: ServerProcess) -> None:
    code = hooked.post("/api/rooms", {"game": "uno-duo"})["code"]
    ada, bo = await seated_pair(hooked, code)
    await ada.send(type="start")
    await bo.until("state")
    await bo.close()
    room = await ada.room_until(lambda r: r["seats"][1]["replace_in"] is not None)
    assert 50 < room["seats"][1]["replace_in"] <= 60  # the server's 60 s grace
    hooked.post(f"/api/test/rooms/{code}/clock", {"advance": 45})
    room = await ada.room_until(lambda r: (r["seats"][1]["replace_in"] or 60) <= 15)
    assert room["seats"][1]["kind"] == "human"  # still Bo's, for 15 s more
    hooked.post(f"/api/test/rooms/{code}/clock", {"advance": 3600})
    room = await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot")
    assert room["seats"][1]["name"] == "Bo"
    await ada.close()


async def test_bad_hook_requests_are_refused_with_a_reason(hooked: ServerProcess) -> None:
    code = hooked.post("/api/rooms", {"game": "uno-duo"})["code"]
    for body in ({"seed": "7"}, {"seed": -1}, {"seed": 2**62}, {"seed": True}, [], {}):
        status, error = _refusal(hooked, f"/api/test/rooms/{code}/seed", body)
        assert (status, error["code"]) == (400, "malformed_request"), body
    for body in ({"advance": -1}, {"advance": "5"}, {"advance": None}):
        status, error = _refusal(hooked, f"/api/test/rooms/{code}/clock", body)
        assert (status, error["code"]) == (400, "malformed_request"), body
    for body in ({"pace": -1}, {"pace": 101}, {"pace": "slow"}):
        status, error = _refusal(hooked, f"/api/test/rooms/{code}/bots", body)
        assert (status, error["code"]) == (400, "malformed_request"), body
    status, error = _refusal(hooked, "/api/test/rooms/ZZZZZZ/seed", {"seed": 1})
    assert (status, error["code"]) == (404, "room_not_found")


async def test_the_open_sockets_of_an_address_are_counted_until_the_server_reads_their_close(
    hooked: ServerProcess,
) -> None:
    def websockets_open() -> int:
        counts = hooked.get("/api/test/connections?address=127.0.0.1")
        assert counts["address"] == "127.0.0.1"
        return int(counts["websockets"])

    before = websockets_open()
    code = hooked.post("/api/rooms", {"game": "uno-duo"})["code"]
    peers = [await Peer.join(f"{hooked.ws}/ws/{code}", name) for name in ("Ada", "Bo")]
    assert websockets_open() == before + 2
    for peer in peers:
        await peer.close()
    async with asyncio.timeout(10):
        while websockets_open() != before:
            await asyncio.sleep(0.02)


async def test_a_server_without_test_hooks_refuses_them(tmp_path: Path) -> None:
    with running_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", tmp_path) as server:
        code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
        for path, body in ((f"/api/test/rooms/{code}/seed", {"seed": 1}),
                           (f"/api/test/rooms/{code}/clock", {"advance": 5}),
                           (f"/api/test/rooms/{code}/bots", {"pace": 0})):
            status, error = _refusal(server, path, body)
            assert (status, error["code"]) == (403, "test_hooks_off")
        with pytest.raises(urllib.error.HTTPError) as refused:
            server.get("/api/test/connections?address=127.0.0.1")
        assert refused.value.code == 403
        # The room plays on as any other.
        peer = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
        await peer.sit(0)
        await peer.close()
