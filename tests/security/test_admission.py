"""Issue 32, second probe: what one address sends over WebSockets is bounded over all its sockets.

Each socket may send 20 messages a second, but fifty sockets of one address could send a thousand.
An address also has a budget of messages and bytes a second across its sockets, spent before a frame
is parsed (`--address-messages-per-second`, `--address-bytes-per-second`), and of new WebSockets a
minute (`--websockets-per-minute`). Each test speaks from its own loopback address (127.0.0.x), so
that their budgets are their own; another address is served all along."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from tests.security.addresses import closed_with, join_from, socket_from, strict_server
from tests.server.support import Peer, ServerProcess

from duoplay.server.ratelimit import TokenBuckets

pytestmark = pytest.mark.live

MESSAGES = 30
BYTES = 40_000
WEBSOCKETS = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from strict_server(
        tmp_path_factory.mktemp("admission"), "--address-messages-per-second", str(MESSAGES),
        "--address-bytes-per-second", str(BYTES), "--websockets-per-minute", str(WEBSOCKETS))


def _room_url(server: ServerProcess) -> str:
    return f"{server.ws}/ws/{server.post('/api/rooms', {'game': 'uno-duo'})['code']}"


async def _still_served(server: ServerProcess, url: str, address: str) -> None:
    """Another address joins the room and is answered; the server answers HTTP too."""
    other = await join_from(address, url, "Bo")
    await other.send(type="ping", id="p")
    assert (await other.until("pong"))["id"] == "p"
    await other.close()
    assert httpx.get(server.http + "/healthz").status_code == 200


async def _first_refusal(peers: list[Peer]) -> tuple[dict[str, object], int | None]:
    """The first `traffic_limited` error any of `peers` hears, and the close code of its socket
    (sockets whose frames all came within the budget stay open)."""
    endings = [asyncio.create_task(closed_with(peer)) for peer in peers]
    try:
        for ending in asyncio.as_completed(endings):
            messages, code, _ = await ending
            refused = [m for m in messages if m.get("type") == "error" and m.get("code") == "traffic_limited"]
            if refused:
                return refused[0], code
    finally:
        for task in endings:
            task.cancel()
    raise AssertionError("no socket was refused")


@pytest.mark.asyncio
async def test_many_sockets_of_one_address_share_one_message_budget(server: ServerProcess) -> None:
    url = _room_url(server)
    peers = [await join_from("127.0.0.2", url, f"Eve{n}") for n in range(4)]
    # 4 x 12 pings: within each socket's own 20 a second, but 48 (and 4 hellos) over the address's 30.
    # Sent in a few milliseconds, while the budget refills at 30 a second: a margin of 20 messages.
    for _ in range(12):
        for peer in peers:
            await peer.send(type="ping")
    refusal, code = await _first_refusal(peers)
    assert code == 1008 and refusal["params"] == {"most": MESSAGES}
    await _still_served(server, url, "127.0.0.3")


@pytest.mark.asyncio
async def test_many_sockets_of_one_address_share_one_byte_budget(server: ServerProcess) -> None:
    url = _room_url(server)
    peers = [await join_from("127.0.0.4", url, f"Eve{n}") for n in range(2)]
    padding = "x" * 15_000
    for peer in peers * 2:  # 60 kB against 40 kB a second
        await peer.send(type="ping", padding=padding)
    refusal, code = await _first_refusal(peers)
    assert code == 1008 and refusal["params"] == {"most": BYTES}
    await _still_served(server, url, "127.0.0.5")


@pytest.mark.asyncio
async def test_an_address_opens_a_bounded_number_of_websockets_a_minute(server: ServerProcess) -> None:
    url = _room_url(server)
    for n in range(WEBSOCKETS):
        peer = await join_from("127.0.0.6", url, f"Eve{n}")  # welcomed: the server has counted it
        await peer.close()
    over = await socket_from("127.0.0.6", url)
    messages, code, _ = await closed_with(over)
    assert code == 1013 and [m["code"] for m in messages] == ["too_many_websockets"]
    assert 1 <= int(messages[0]["params"]["seconds"]) <= 60 // WEBSOCKETS
    await _still_served(server, url, "127.0.0.7")


def test_a_bucket_spends_a_cost_and_a_full_one_pays_for_anything_once() -> None:
    now = [0.0]
    buckets = TokenBuckets(100, 100, clock=lambda: now[0])
    assert buckets.take("a", 60) == 0.0
    assert buckets.take("a", 60) == pytest.approx(0.2)  # 40 left: 20 more come in 0.2 s
    now[0] += 0.2
    assert buckets.take("a", 60) == 0.0
    assert TokenBuckets(100, 100).take("b", 1_000_000) == 0.0  # more than a burst costs a burst
