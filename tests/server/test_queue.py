"""The queue on a real server in this process: joined over HTTP, seated at a started private table."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.in_process import LiveServer, ManualClock, eventually, live_server
from tests.server.support import Peer

from duoplay.server.matchmaking import Matchmaker
from duoplay.server.matchmaking.store import MemoryQueue

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


def sqlite(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}"


def matchmaker(server: LiveServer) -> Matchmaker:
    found: Matchmaker = server.app.state.matchmaker
    return found


def wall_clock(server: LiveServer) -> ManualClock:
    """The queue's wall clock, moved on by the test: its waits pass without being waited for."""
    clock = ManualClock()
    matchmaker(server).clock = clock
    return clock


async def join(client: httpx.AsyncClient, server: LiveServer, **body: Any) -> httpx.Response:
    return await client.post(server.http + "/api/queue", json=body)


async def poll(client: httpx.AsyncClient, server: LiveServer, ticket: str) -> dict[str, Any]:
    answer = await client.get(f"{server.http}/api/queue/{ticket}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


async def seated(client: httpx.AsyncClient, server: LiveServer, ticket: str) -> dict[str, Any]:
    """The ticket's status once it is seated (the queue seats on its next look, within a second)."""
    status: dict[str, Any] = {}
    for _ in range(100):  # each look is a request: the loop ends on the state, not on time
        status = await poll(client, server, ticket)
        if status["state"] == "seated":
            return status
        await eventually(lambda: False, 0.05)
    raise AssertionError(f"never seated: {status}")


async def test_two_people_for_uno_duo_are_seated_together_at_a_started_private_table(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        first = await join(client, server, game="uno-duo", name="Ada")
        assert first.status_code == 201
        ada = first.json()
        assert ada["state"] == "waiting" and ada["waiting"] == 1 and ada["least"] == 2
        bo = (await join(client, server, game="uno-duo", name="Bo")).json()
        # The second join completes the table: it is seated by the time its answer comes.
        assert bo["state"] == "seated"
        ada_seat = await poll(client, server, ada["ticket"])
        assert ada_seat["state"] == "seated" and ada_seat["code"] == bo["code"]
        assert {ada_seat["seat"], bo["seat"]} == {0, 1} and ada_seat["url"] == f"/room/{bo['code']}"
        room = await server.get(f"/api/rooms/{bo['code']}")
        assert room["status"] == "playing"
        assert sorted(seat["name"] for seat in room["seats"]) == ["Ada", "Bo"]
        assert all(seat["kind"] == "human" for seat in room["seats"])
        assert bo["code"] not in [listed["code"] for listed in await server.get("/api/rooms")]
        # Each token is the seat's, as a `sit` would have given it.
        peer = await Peer.join(server.ws(bo["code"]), "Ada", ada_seat["token"])
        assert peer.seat == ada_seat["seat"]
        await peer.close()


async def test_a_table_for_more_waits_a_little_then_seats_who_came(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path), queue_more_seconds=10.0) as server, \
            httpx.AsyncClient() as client:
        clock = wall_clock(server)
        tickets = [(await join(client, server, game="duplik", name=name)).json()["ticket"]
                   for name in ("Ada", "Bo", "Cy")]
        status = await poll(client, server, tickets[0])
        assert status["state"] == "waiting" and status["waiting"] == 3 and status["more_in"] == 10.0
        clock.advance(5)
        tickets.append((await join(client, server, game="duplik", name="Di")).json()["ticket"])
        assert (await poll(client, server, tickets[3]))["waiting"] == 4
        clock.advance(5)
        seats = [await seated(client, server, ticket) for ticket in tickets]
        assert len({seat["code"] for seat in seats}) == 1
        assert sorted(seat["seat"] for seat in seats) == [0, 1, 2, 3]


async def test_bots_are_offered_after_the_wait_and_fill_the_table_when_taken(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path), queue_bots_seconds=30.0) as server, \
            httpx.AsyncClient() as client:
        clock = wall_clock(server)
        ada = (await join(client, server, game="duos", name="Ada")).json()
        assert ada["bots_in"] == 30.0 and not ada["bots_offered"]
        clock.advance(29)
        assert (await poll(client, server, ada["ticket"]))["bots_in"] == 1.0
        clock.advance(1)
        offered = await poll(client, server, ada["ticket"])
        assert offered["state"] == "waiting" and offered["bots_offered"] and offered["bots_in"] == 0
        answer = await client.post(f"{server.http}/api/queue/{ada['ticket']}/bots")
        assert answer.status_code == 200 and answer.json()["state"] == "seated"
        room = await server.get(f"/api/rooms/{answer.json()['code']}")
        kinds = sorted(seat["kind"] for seat in room["seats"])
        assert kinds == ["bot", "bot", "human"] and room["status"] == "playing"  # DUOS is best with three
        assert {seat["level"] for seat in room["seats"] if seat["kind"] == "bot"} == {"association"}


async def test_a_ticket_nobody_asks_about_leaves_the_queue(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path), queue_ticket_seconds=20.0) as server, \
            httpx.AsyncClient() as client:
        clock = ManualClock()
        store = matchmaker(server).store
        assert isinstance(store, MemoryQueue)
        store.clock = clock
        ada = (await join(client, server, game="duplik", name="Ada")).json()
        bo = (await join(client, server, game="duplik", name="Bo")).json()
        clock.advance(15)
        assert (await poll(client, server, bo["ticket"]))["waiting"] == 2  # asked about: Bo stays
        clock.advance(6)
        assert (await poll(client, server, bo["ticket"]))["waiting"] == 1  # Ada's page was closed
        gone = await client.get(f"{server.http}/api/queue/{ada['ticket']}")
        assert gone.status_code == 404 and gone.json()["error"]["code"] == "ticket_not_found"
        left = await client.delete(f"{server.http}/api/queue/{bo['ticket']}")
        assert left.status_code == 204
        assert (await client.get(f"{server.http}/api/queue/{bo['ticket']}")).status_code == 404


async def test_one_live_ticket_per_address_and_name(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        first = (await join(client, server, game="duplik", name="Ada")).json()
        again = (await join(client, server, game="duplik", name="ada")).json()  # a second tab, say
        assert again["waiting"] == 1
        assert (await client.get(f"{server.http}/api/queue/{first['ticket']}")).status_code == 404


async def test_queue_joins_are_limited_per_address(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path), room_limit_exempt=(), queue_burst=2,
                           queue_joins_per_minute=1.0) as server, httpx.AsyncClient() as client:
        for name in ("Ada", "Bo"):
            assert (await join(client, server, game="duplik", name=name)).status_code == 201
        refused = await join(client, server, game="duplik", name="Cy")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1
        message = refused.json()["error"]["msg"]
        assert message == "Too many queue joins from your address; try again in {seconds} s"


async def test_a_room_of_bots_counts_against_the_room_limit(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path), room_limit_exempt=(), room_burst=1,
                           rooms_per_minute=1.0) as server, httpx.AsyncClient() as client:
        ada = (await join(client, server, game="duos", name="Ada")).json()
        taken = await client.post(f"{server.http}/api/queue/{ada['ticket']}/bots")
        assert taken.json()["state"] == "seated"
        bo = (await join(client, server, game="duos", name="Bo")).json()
        refused = await client.post(f"{server.http}/api/queue/{bo['ticket']}/bots")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert (await poll(client, server, bo["ticket"]))["state"] == "waiting"


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "no-such-game", "name": "Ada"}, "unknown_game"),
    ({"game": 7, "name": "Ada"}, "malformed_request"),
    ({"game": "uno-duo"}, "bad_name"),
    ({"game": "uno-duo", "name": "   "}, "bad_name"),
    ({"game": "uno-duo", "name": "Ada", "rated": "yes"}, "malformed_request"),
    ({"game": "duple", "name": "Ada", "lang": "xx"}, "bad_language"),
    ([1, 2], "malformed_request"),
])
async def test_a_wrong_join_hears_what_is_wrong(tmp_path: Path, body: Any, code: str) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        answer = await client.post(server.http + "/api/queue", json=body)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == code


async def test_a_game_with_a_deck_language_has_a_queue_per_language(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        spanish = (await join(client, server, game="duple", name="Ada", lang="es")).json()
        english = (await join(client, server, game="duple", name="Bo", lang="en")).json()
        assert spanish["lang"] == "es" and english["lang"] == "en"
        assert spanish["waiting"] == english["waiting"] == 1


async def test_malformed_requests_never_crash_the_queue(tmp_path: Path) -> None:
    rng = random.Random(28)
    values: list[Any] = [None, True, 0, -1, 1e308, "", "x" * 300, "uno-duo", "duple", "\u0000", [], {},
                         {"a": [1]}]
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        for _ in range(80):
            body = {key: rng.choice(values) for key in rng.sample(["game", "lang", "rated", "name", "x"], 3)}
            answer = await client.post(server.http + "/api/queue", content=json.dumps(body))
            assert answer.status_code in (201, 400), answer.text
        for raw in (b"", b"{", b"\xff\xfe", b'{"game": "uno-duo", "name": "\\ud800"}', b"[" * 1000):
            answer = await client.post(server.http + "/api/queue", content=raw)
            assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed_request"
        too_big = await client.post(server.http + "/api/queue", content=b" " * 5000)
        assert too_big.status_code == 413 and too_big.json()["error"]["code"] == "malformed_request"
        for ticket in ("x", "%00", "a" * 65, "ticket%20with%20space", "é"):
            for method in ("GET", "DELETE"):
                answer = await client.request(method, f"{server.http}/api/queue/{ticket}")
                assert answer.status_code in (204, 404), (method, ticket, answer.text)
            answer = await client.post(f"{server.http}/api/queue/{ticket}/bots")
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "ticket_not_found"


async def test_a_player_holds_one_live_ticket_and_sits_as_their_profile(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as ada, \
            httpx.AsyncClient() as bo:
        ids = []
        for client, name in ((ada, "Ada"), (bo, "Bo")):
            made = await client.get(f"{server.http}/api/me", params={"create": "1", "name": name})
            assert made.status_code == 201
            ids.append(made.json()["player"]["id"])
        first = (await join(ada, server, game="uno-duo", name="Ada", rated=True)).json()
        # The same player under another name (another tab, say): still one place in the queue.
        again = (await join(ada, server, game="uno-duo", name="Ada L.", rated=True)).json()
        assert again["waiting"] == 1 and again["rated"]
        assert (await ada.get(f"{server.http}/api/queue/{first['ticket']}")).status_code == 404
        seated_bo = (await join(bo, server, game="uno-duo", name="Bo", rated=True)).json()
        assert seated_bo["state"] == "seated"
        room = server.rooms.rooms[seated_bo["code"]]
        # Each seat knows its player, as a `sit` from their browser would have told it.
        assert {seat.player for seat in room.lobby.seats} == set(ids)


async def test_a_person_seated_by_the_queue_who_never_comes_gets_the_stand_in(tmp_path: Path) -> None:
    async with live_server(sqlite(tmp_path)) as server, httpx.AsyncClient() as client:
        ada = (await join(client, server, game="uno-duo", name="Ada")).json()
        bo = (await join(client, server, game="uno-duo", name="Bo")).json()
        ada = await poll(client, server, ada["ticket"])
        peer = await Peer.join(server.ws(bo["code"]), "Bo", bo["token"])  # Bo comes; Ada never does
        room = server.rooms.rooms[bo["code"]]
        await room.advance_clock(3600)  # the absent player's grace (--replace-after) runs out
        seats = (await server.get(f"/api/rooms/{bo['code']}"))["seats"]
        assert seats[ada["seat"]]["kind"] == "bot" and seats[ada["seat"]]["name"] == "Ada"
        assert seats[bo["seat"]]["kind"] == "human"
        await peer.close()
