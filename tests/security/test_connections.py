"""Issue 14, repros 4 and 5: connections. A socket that says nothing is closed and hears nothing;
one address holds a bounded number of sockets; a room takes a bounded number of spectators; room codes
cannot be guessed at speed; pages of other sites cannot open sockets or create rooms; the open-room
list comes in pages.

This server applies its per-address limits to 127.0.0.1 too (`--room-limit-exempt` with no address),
with small limits so that the tests reach them quickly."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
from tests.server.support import Peer, ServerProcess, running_server

pytestmark = pytest.mark.live

HELLO_TIMEOUT = 1.5
PER_ADDRESS = 8
HTTP_PER_ADDRESS = 12
SPECTATORS = 3
LOOKUPS = 5
# One lookup comes back every 3 s: the burst below (8 requests on loopback) must spend the allowance
# before one returns, which leaves it a 3 s margin on a loaded machine.
LOOKUPS_PER_MINUTE = 20
PAGE = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    workdir = tmp_path_factory.mktemp("limits")
    database = f"sqlite+aiosqlite:///{workdir / 'duoplay.db'}"
    with running_server(
        database, workdir, "--test-hooks", "--bot-pace", "0", "--room-limit-exempt", "--room-burst", "0",
        "--hello-timeout", str(HELLO_TIMEOUT), "--handshake-timeout", str(HELLO_TIMEOUT),
        "--connections-per-address", str(PER_ADDRESS),
        "--http-connections-per-address", str(HTTP_PER_ADDRESS),
        "--max-spectators", str(SPECTATORS), "--lookup-burst", str(LOOKUPS),
        "--lookups-per-minute", str(LOOKUPS_PER_MINUTE),
        "--open-rooms-page", str(PAGE), "--allowed-origins", "https://friend.example",
    ) as process:
        yield process


def _room(server: ServerProcess, game: str = "uno-duo") -> str:
    code: str = server.post("/api/rooms", {"game": game})["code"]
    return code


def _open_here(server: ServerProcess) -> dict[str, int] | None:
    """This address's open sockets as the server counts them, or None while it is at its cap."""
    try:
        counts: dict[str, int] = server.get("/api/test/connections?address=127.0.0.1")
    except OSError:  # refused at once: every HTTP place is taken
        return None
    return counts


async def _until_server_saw_closes(server: ServerProcess, websockets: int = 0, http: int = 0) -> None:
    """Wait until the server counts no more than these sockets from here (besides the asking one):
    a socket the test closed is gone from the server's count only once it has read the close."""
    async with asyncio.timeout(10):
        while (seen := _open_here(server)) is None or seen["websockets"] > websockets \
                or seen["http"] > http + 1:
            await asyncio.sleep(0.02)


async def _messages_until_closed(ws: websockets.ClientConnection, timeout: float) -> list[dict[str, object]]:
    got = []
    async with asyncio.timeout(timeout):
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in ws:
                got.append(json.loads(text))
    return got


@pytest.mark.asyncio
async def test_silent_and_half_sent_connections_are_closed(server: ServerProcess) -> None:
    """Silent TCP connections and ones that stop halfway through their headers do not stay open."""
    started = time.monotonic()
    silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(5)]
    partial = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(5)]
    for _, writer in partial:
        writer.write(b"GET /ws/ABCDEF HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websock")
        await writer.drain()
    for reader, writer in silent + partial:
        assert await asyncio.wait_for(reader.read(), HELLO_TIMEOUT + 5) == b""  # closed by the server
        writer.close()
    assert time.monotonic() - started < HELLO_TIMEOUT + 3
    assert httpx.get(server.http + "/healthz").status_code == 200


@pytest.mark.asyncio
async def test_one_address_holds_a_bounded_number_of_silent_connections(server: ServerProcess) -> None:
    """Silent sockets past the cap are closed at once, not after the handshake deadline; sockets that
    became WebSockets no longer count, and a closed one makes room."""
    silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(HTTP_PER_ADDRESS)]
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(reader.read(), HELLO_TIMEOUT / 2) == b""  # refused before the deadline
        writer.close()
        # The ones within the cap are still open: nothing to read yet.
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(silent[0][0].read(), 0.2)
        silent.pop()[1].close()
        await _until_server_saw_closes(server, http=HTTP_PER_ADDRESS - 1)
        code = _room(server)  # an HTTP request fits in the freed place
        sockets = []
        for _ in range(3):  # one place is free: WebSockets are counted apart once upgraded
            sockets.append(await websockets.connect(f"{server.ws}/ws/{code}"))
        for ws in sockets:
            await ws.close()
    finally:
        for _, writer in silent:
            writer.close()
    await _until_server_saw_closes(server)
    assert httpx.get(server.http + "/healthz").status_code == 200


@pytest.mark.asyncio
async def test_a_socket_that_never_says_hello_hears_nothing_and_is_closed(server: ServerProcess) -> None:
    code = _room(server)
    started = time.monotonic()
    async with websockets.connect(f"{server.ws}/ws/{code}") as silent:
        # Meanwhile people come, sit and talk in the room: the silent socket hears none of it.
        ada = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
        await ada.sit(0)
        await ada.send(type="add_bot", seat=1, level="random")
        await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot")
        got = await _messages_until_closed(silent, HELLO_TIMEOUT + 5)
        took = time.monotonic() - started
        assert [m["type"] for m in got] == ["error"] and got[0]["code"] == "hello_timeout"
        assert silent.close_code == 1008
        assert HELLO_TIMEOUT - 0.2 <= took < HELLO_TIMEOUT + 3
        # A socket that said hello stays.
        await ada.send(type="leave")
        assert (await ada.until("room"))["room"]["seats"][0]["kind"] == "empty"
        await ada.close()


@pytest.mark.asyncio
async def test_one_address_holds_a_bounded_number_of_sockets(server: ServerProcess) -> None:
    code = _room(server)
    peers = [await Peer.join(f"{server.ws}/ws/{code}", f"P{i}") for i in range(SPECTATORS)]
    sockets = [await websockets.connect(f"{server.ws}/ws/{code}") for _ in range(PER_ADDRESS - SPECTATORS)]
    try:
        async with websockets.connect(f"{server.ws}/ws/{code}") as extra:
            got = await _messages_until_closed(extra, 5)
            assert got[0]["code"] == "too_many_connections" and got[0]["params"] == {"most": PER_ADDRESS}
        await sockets.pop().close()
        await _until_server_saw_closes(server, websockets=PER_ADDRESS - 1)
        async with websockets.connect(f"{server.ws}/ws/{code}") as again:  # a closed one makes room
            await again.send(json.dumps({"v": 1, "type": "start"}))
            assert json.loads(await again.recv())["msg"] == "Say hello first"
    finally:
        for ws in sockets:
            await ws.close()
        for peer in peers:
            await peer.close()
    await _until_server_saw_closes(server)


@pytest.mark.asyncio
async def test_a_room_takes_a_bounded_number_of_spectators(server: ServerProcess) -> None:
    code = _room(server)
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)  # a player is no spectator
    watchers = [await Peer.join(url, f"W{i}") for i in range(SPECTATORS)]
    async with websockets.connect(url) as late:
        await late.send(json.dumps({"v": 1, "type": "hello", "name": "Late", "token": None}))
        got = await _messages_until_closed(late, 5)
        assert [m["code"] for m in got] == ["spectators_full"] and got[0]["params"] == {"most": SPECTATORS}
    # The seated player comes back on a new connection with the token: a seat is never refused.
    again = await Peer.join(url, "Ada", token=ada.token)
    assert again.seat == 0
    await ada.close()  # its old connection lost the seat to the new one: a spectator now, leaving
    await watchers.pop().close()
    await _until_server_saw_closes(server, websockets=SPECTATORS)  # Ada's seat and two watchers
    late_again = await Peer.join(url, "Late")
    for peer in (again, late_again, *watchers):
        await peer.close()
    await _until_server_saw_closes(server)


@pytest.mark.asyncio
async def test_taking_a_seat_over_again_and_again_adds_no_spectators(server: ServerProcess) -> None:
    """Issue 32, break 5: each new hello with a seat's token pushed the older connection down to
    spectator without a look at the cap (60 greeted connections against 50)."""
    code = _room(server)
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    watchers = [await Peer.join(url, f"W{i}") for i in range(SPECTATORS)]  # as many as it takes
    connections = [ada]
    for _ in range(3):
        connections.append(await Peer.join(url, "Ada", token=ada.token))
    assert connections[-1].seat == 0  # a seat is never refused
    for old in connections[:-1]:
        assert (await old.until("error"))["code"] == "seat_taken"
        # Not a spectator past the cap: it must say hello again, and is then refused.
        await old.send(type="emote", emote="wow", id="e")
        assert (await old.until("error", id="e"))["msg"] == "Say hello first"
        await old.send(type="hello", name="Ada", token=None, id="h")
        assert (await old.until("error", id="h"))["code"] == "spectators_full"
    for peer in (*connections, *watchers):
        await peer.close()
    await _until_server_saw_closes(server)


@pytest.mark.asyncio
async def test_other_sites_cannot_open_sockets_or_create_rooms(server: ServerProcess) -> None:
    code = _room(server)
    url = f"{server.ws}/ws/{code}"
    async with websockets.connect(url, origin="https://evil.example") as ws:  # type: ignore[arg-type]
        got = await _messages_until_closed(ws, 5)
        assert got[0]["code"] == "forbidden_origin" and ws.close_code == 1008
    total = int(httpx.get(server.http + "/api/rooms").headers["X-Total-Count"])
    # The cross-origin text/plain POST of the issue (a form needs no preflight).
    answer = httpx.post(server.http + "/api/rooms", content='{"game": "uno-duo"}',
                        headers={"Content-Type": "text/plain", "Origin": "https://evil.example"})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "forbidden_origin"
    assert int(httpx.get(server.http + "/api/rooms").headers["X-Total-Count"]) == total
    # The server's own pages, an allowed origin, and clients that are not browsers are welcome.
    for origin in (server.http, "https://friend.example", None):
        headers = {} if origin is None else {"Origin": origin}
        answer = httpx.post(server.http + "/api/rooms", json={"game": "uno-duo"}, headers=headers)
        assert answer.status_code == 201, origin
    async with websockets.connect(url, origin=server.http) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"v": 1, "type": "hello", "name": "Ada", "token": None}))
        assert json.loads(await ws.recv())["type"] == "welcome"


def test_the_open_room_list_comes_in_pages(server: ServerProcess) -> None:
    for _ in range(PAGE + 2):
        _room(server)
    first = httpx.get(server.http + "/api/rooms")
    total = int(first.headers["X-Total-Count"])
    assert total >= PAGE + 2 and len(first.json()) == PAGE
    seen, url = [], "/api/rooms"
    while True:
        page = httpx.get(server.http + url)
        seen += [room["code"] for room in page.json()]
        if "Link" not in page.headers:
            break
        url = page.headers["Link"].split(">")[0].lstrip("<")
    assert len(seen) == len(set(seen)) == total
    for query in ("limit=0", f"limit={PAGE + 1}", "offset=-1", "offset=x"):
        answer = httpx.get(server.http + "/api/rooms?" + query)
        assert answer.status_code == 400 and answer.json()["error"]["params"] == {"most": PAGE}


@pytest.mark.asyncio
async def test_room_codes_cannot_be_guessed_at_speed(server: ServerProcess) -> None:
    """Last in this module: it spends this address's allowance."""
    code = _room(server)
    async with httpx.AsyncClient(base_url=server.http) as client:
        for _ in range(3):  # codes that exist cost nothing
            assert (await client.get(f"/api/rooms/{code}")).status_code == 200
        answers = [(await client.get(f"/api/rooms/ZZZZZ{i}")).status_code for i in range(2, 2 + LOOKUPS + 3)]
        assert answers[:LOOKUPS] == [404] * LOOKUPS and set(answers[LOOKUPS:]) == {429}
        refused = await client.get("/api/rooms/ZZZZZZ")
        assert refused.json()["error"]["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
        # Joins over WebSocket draw on the same allowance.
        async with websockets.connect(f"{server.ws}/ws/ZZZZZZ") as ws:
            got = await _messages_until_closed(ws, 5)
            assert got[0]["code"] == "rate_limited"
        # After the time the server itself names, one lookup has come back.
        await asyncio.sleep(int(refused.headers["Retry-After"]))
        assert (await client.get("/api/rooms/ZZZZZZ")).status_code == 404


@pytest.mark.asyncio
async def test_a_name_the_server_does_not_answer_to_is_refused(server: ServerProcess) -> None:
    """Issue 32, break 7: DNS rebinding. A page of evil.example, whose name was made to resolve to
    this server, sends its own name as Host and Origin; the same-origin check let it in."""
    code = _room(server)
    evil = {"Host": "evil.example:8634", "Origin": "http://evil.example:8634"}
    answer = httpx.post(server.http + "/api/rooms", json={"game": "duos"}, headers=evil)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "forbidden_host"
    assert httpx.get(server.http + "/healthz", headers={"Host": "evil.example"}).status_code == 400
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    handshake = httpx.get(f"{server.http}/ws/{code}", headers={**evil, **upgrade})
    assert handshake.status_code == 403  # the socket is refused before it opens
    # Our own names: the loopback ones the server listens on.
    for name in ("127.0.0.1", "localhost"):
        port = server.http.rsplit(":", 1)[1]
        assert httpx.get(server.http + "/healthz", headers={"Host": f"{name}:{port}"}).status_code == 200


def test_the_names_a_server_answers_to_follow_from_where_it_listens() -> None:
    from duoplay.server.hosts import host_name, implied_hosts

    assert implied_hosts("127.0.0.1", []) == ("127.0.0.1", "::1", "localhost")
    assert "play.example.org" in implied_hosts("10.0.0.5", ["https://play.example.org"])
    assert implied_hosts("0.0.0.0", []) == ("*",)
    assert [host_name(h) for h in ("Example.org:80", "[::1]:8000", "a:b", "", None)] == [
        "example.org", "::1", None, None, None]
