"""Issue 32, break 3: deep nesting. The lone-surrogate check once read a RecursionError as "clean":
a surrogate under ~970 levels of `[]` gave HTTP 500, and on a WebSocket an uncaught
RecursionError, or a Portrayer's text relayed to the Artists with the surrogate in it. JSON
nested deeper than any message needs is now refused first, with a typed error, and the check
itself walks the data without recursing."""

from __future__ import annotations

import httpx
import pytest
from tests.server.support import Peer, ServerProcess

from duoplay.core.json import MAX_DEPTH, has_lone_surrogates, too_deep

pytestmark = pytest.mark.live

DEEP = 973  # what the probe used: deeper than Python's encoder recurses
JSON = {"Content-Type": "application/json"}
STREAM = '{"v": 1, "type": "stream", "id": "deep", "channel": "text", "data": {"text": "sur\\ud800", "pad": '


def _nested(levels: int, inner: str = "0") -> str:
    return "[" * levels + inner + "]" * levels


def test_the_checks_do_not_recurse_and_never_pass_what_they_cannot_read() -> None:
    deep: list[object] = ["sur\ud800"]
    for _ in range(5000):
        deep = [deep]
    assert has_lone_surrogates(deep) is True  # found, however deep
    assert too_deep(deep) is True
    assert too_deep({"a": [[{"b": 1}]]}) is False
    shallow: object = 0
    for _ in range(MAX_DEPTH):
        shallow = [shallow]
    assert too_deep(shallow) is False
    assert too_deep([shallow]) is True


def test_a_deeply_nested_room_request_is_a_typed_400(server: ServerProcess) -> None:
    body = '{"game": "\\ud800", "pad": ' + _nested(DEEP) + "}"
    answer = httpx.post(server.http + "/api/rooms", content=body, headers=JSON)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed_request"
    body = '{"game": "duos", "options": {"x": ' + _nested(MAX_DEPTH + 1) + "}}"
    answer = httpx.post(server.http + "/api/rooms", content=body, headers=JSON)
    assert answer.status_code == 400 and "nests deeper" in answer.json()["error"]["message"]
    assert httpx.get(server.http + "/healthz").status_code == 200


@pytest.mark.asyncio
async def test_a_deeply_nested_message_is_refused_and_the_connection_stays(server: ServerProcess) -> None:
    code = server.post("/api/rooms", {"game": "duplik", "seats": 3})["code"]
    peer = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    await peer.sit(0)
    await peer.send_raw(STREAM + _nested(MAX_DEPTH + 1) + "}}")
    refused = await peer.until("error", id="deep")
    assert refused["code"] == "malformed_message" and refused["params"] == {"most": MAX_DEPTH}
    # Deeper than the server's JSON reader goes: not read at all, so not even its id is known.
    await peer.send_raw(STREAM + _nested(DEEP) + "}}")
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send(type="emote", emote="wow", id="after")  # the connection still works
    assert (await peer.until("emote"))["seat"] == 0
    await peer.close()
