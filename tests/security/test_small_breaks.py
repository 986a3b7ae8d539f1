"""Issue 32, break 10: the smaller findings of the second probe."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import httpx
import pytest
from tests.server.support import Peer, ServerProcess

pytestmark = pytest.mark.live


def test_a_bad_page_of_open_rooms_says_the_largest_page_in_its_message(server: ServerProcess) -> None:
    answer = httpx.get(server.http + "/api/rooms", params={"offset": "-1"})
    error = answer.json()["error"]
    assert answer.status_code == 400 and "{" not in error["message"] and error["params"]["most"] > 0


@pytest.mark.asyncio
async def test_the_protocol_version_is_the_integer_1_not_1_0(server: ServerProcess) -> None:
    code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    peer = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    for version in ("1.0", "true"):
        await peer.send_raw('{"v": ' + version + ', "type": "sit", "seat": 0, "id": "v"}')
        refused = await peer.until("error", id="v")
        assert refused["code"] == "malformed_message" and refused["params"] == {"version": 1}
    await peer.close()


def test_a_body_dropped_halfway_leaves_no_traceback_in_the_log(server: ServerProcess) -> None:
    where = urlsplit(server.http)
    before = server.log_text().count("Traceback")
    for _ in range(3):
        with socket.create_connection((where.hostname, where.port)) as sock:
            sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: " + where.netloc.encode()
                         + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    # The server saw each client go: its next request is answered, and the log holds no traceback.
    assert httpx.get(server.http + "/healthz").status_code == 200
    assert server.log_text().count("Traceback") == before


@pytest.mark.asyncio
async def test_a_rooms_carried_memory_is_never_sent_to_its_players(server: ServerProcess) -> None:
    # 500 words "voted in by earlier matches", about 47 KB, given by whoever created the room.
    remembered = [["animal", f"{'x' * 40}{n:03d}"] for n in range(500)]
    code = server.post("/api/rooms", {"game": "duple", "options": {"remembered": remembered}})["code"]
    peer = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    room = await peer.until("room")
    assert "remembered" not in room["room"]["options"] and len(str(room)) < 5000
    await peer.sit(0)
    await peer.send(type="add_bot", seat=1, level="easy")
    await peer.send(type="start")
    state = await peer.until("state")
    assert "remembered" not in state["view"]["options"] and len(str(state)) < 10_000
    await peer.close()
