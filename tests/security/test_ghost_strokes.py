"""Issue 32, break 9: ghost strokes. An Artist who joined their seat again from another device got
neither the strokes the server kept for them nor the stream, yet pencil down kept those strokes: the
drawing judged was not the one on the Artist's screen. The Artist's own view now carries them, and
only the Artist's: the other players see no drawing before the reveal."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.support import Peer, ServerProcess

pytestmark = pytest.mark.live

STROKES = [[[100, 100], [200, 150], [300, 120]], [[400, 400], [420, 430]], [[10, 600], [900, 20]]]


async def _latest_state(peer: Peer) -> dict[str, Any]:
    """The newest full view this peer holds, after the messages waiting for it."""
    for message in await peer.quiet(0.3):
        if message["type"] == "state":
            return message
    states = [m for m in peer.seen if m["type"] == "state"]
    return states[-1]


async def _to_describe(peers: list[Peer]) -> dict[str, Any]:
    """Play the round's opening moves (whoever may act takes their first choice) until the Artists
    draw; returns the Portrayer's view."""
    for _ in range(20):
        for peer in peers:
            state = await _latest_state(peer)
            if state["view"]["phase"] == "describe":
                return state["view"]
            if state["legal"]:
                await peer.send(type="action", action=state["legal"][0], version=state["version"])
    raise AssertionError("the round never reached its drawing")


async def three_at_the_description(server: ServerProcess) -> tuple[str, list[Peer], dict[str, Any]]:
    """A Duplik room of three people, started and played to the Portrayer's description: its socket
    URL, the three peers by seat, and the view there."""
    code = server.post("/api/rooms", {"game": "duplik", "seats": 3})["code"]
    url = f"{server.ws}/ws/{code}"
    peers = [await Peer.join(url, name) for name in ("Ada", "Ben", "Cy")]
    for seat, peer in enumerate(peers):
        await peer.sit(seat)
    await peers[0].send(type="start")
    return url, peers, await _to_describe(peers)


@pytest.mark.asyncio
async def test_an_artist_on_another_device_gets_back_only_their_own_strokes(server: ServerProcess) -> None:
    url, peers, view = await three_at_the_description(server)
    portrayer = view["portrayer"]
    artist, other = (peer for seat, peer in enumerate(peers) if seat != portrayer)
    for points in STROKES:
        await artist.send(type="stream", channel="ink", data={"stroke": {"points": points}})
        await artist.until("stream", channel="ink", seat=artist.seat)  # kept by the server
    await artist.send(type="stream", channel="ink", data={"undo": True})
    await artist.until("stream", channel="ink", seat=artist.seat)

    # The same seat from another device: its first view carries the strokes the server keeps.
    again = await Peer.join(url, "Ada", token=artist.token)
    assert again.seat == artist.seat
    joined = await again.until("state")
    assert [s["points"] for s in joined["view"]["own_strokes"]] == STROKES[:2]
    # It draws on from there, and pencil down keeps what its screen shows.
    await again.send(type="stream", channel="ink", data={"stroke": {"points": STROKES[2]}})
    await again.until("stream", channel="ink", seat=artist.seat)

    # Nobody else hears of them: neither the other Artist nor the Portrayer, not even on joining.
    for peer in peers:
        if peer is not artist:
            assert all("own_strokes" not in m.get("view", {}) for m in await peer.quiet(0.3) + peer.seen)
            assert all(m.get("seat") != artist.seat for m in peer.seen if m["type"] == "stream")
    watcher = await Peer.join(url, "Dee")
    assert "own_strokes" not in (await watcher.until("state"))["view"]
    other_again = await Peer.join(url, "Ben", token=other.token)
    seen = (await other_again.until("state"))["view"]
    assert "own_strokes" not in seen and seen["drawings"] == []

    done = await _latest_state(again)
    await again.send(type="action", action={"type": "done"}, version=done["version"])
    mine: list[Any] = []
    while not mine:  # pencil down closes the channel; the drawing is kept by the action after it
        kept = await again.until("state")
        mine = [d["strokes"] for d in kept["view"]["drawings"] if d["artist"] == artist.seat]
    assert [s["points"] for s in mine[0]] == STROKES
    assert "own_strokes" not in kept["view"]  # it was for joining; the drawing is kept now
    for peer in (*peers, again, watcher, other_again):
        await peer.close()
