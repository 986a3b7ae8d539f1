"""Issue 32, second probe: a WebSocket text frame that is not UTF-8 closes its connection with a
reason (1007, `invalid_utf8`), not a traceback in the server's log; the server goes on."""

from __future__ import annotations

import httpx
import pytest
import websockets
from tests.server.support import Peer, ServerProcess

pytestmark = pytest.mark.live


@pytest.mark.asyncio
async def test_a_text_frame_that_is_not_utf8_closes_cleanly(server: ServerProcess) -> None:
    code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    before = server.log_text().count("Traceback")
    peer = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    await peer.ws.send(b"\xff\xfe{}", text=True)  # sent as text without checking it
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            await peer.recv()
    assert (peer.ws.close_code, peer.ws.close_reason) == (1007, "invalid_utf8")
    # The room and the server go on; nothing was logged as a failure.
    again = await Peer.join(f"{server.ws}/ws/{code}", "Ada again")
    await again.close()
    assert httpx.get(server.http + "/healthz").status_code == 200
    assert server.log_text().count("Traceback") == before
    assert "Invalid UTF-8" not in server.log_text()
