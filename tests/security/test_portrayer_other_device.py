"""A Portrayer who joined their seat again from another device found an empty typing box, while the
server kept the description streamed so far (and the Artists were reading it): what they typed
next replaced it. The Portrayer's own view now carries the text typed so far, and only theirs: the
Artists read it as it streams, and no other seat's view ever holds it before the table keeps it."""

from __future__ import annotations

from typing import Any

import pytest
from tests.security.test_ghost_strokes import _latest_state, three_at_the_description
from tests.server.support import Peer, ServerProcess

pytestmark = pytest.mark.live

SO_FAR = "A red barn on the left, two cows"
MORE = SO_FAR + " and a dog asleep by the gate."


async def _stream(portrayer: Peer, reader: Peer, text: str) -> None:
    """The Portrayer streams the whole text so far; an Artist reading it shows the server has it."""
    await portrayer.send(type="stream", channel="text", data={"text": text})
    await reader.until("stream", channel="text", seat=portrayer.seat, data={"text": text})


def _descriptions(peer: Peer) -> list[Any]:
    return [m["view"].get("description") for m in peer.seen if m["type"] == "state" and "view" in m]


@pytest.mark.asyncio
async def test_a_portrayer_on_another_device_carries_on_from_the_text_typed_so_far(
    server: ServerProcess,
) -> None:
    url, peers, view = await three_at_the_description(server)
    portrayer = peers[view["portrayer"]]
    artist, other = (peer for peer in peers if peer is not portrayer)
    await _stream(portrayer, artist, "A red barn")
    await _stream(portrayer, artist, SO_FAR)

    # The same seat from another device: its first view holds the description typed so far.
    again = await Peer.join(url, "Ada", token=portrayer.token)
    assert again.seat == portrayer.seat
    joined = await again.until("state")
    assert joined["view"]["phase"] == "describe" and joined["view"]["description"] == SO_FAR

    # No one else's view holds it: not the Artists', on joining again either, nor a spectator's.
    watcher = await Peer.join(url, "Dee")
    artist_again = await Peer.join(url, "Ben", token=artist.token)
    for peer in (watcher, artist_again):
        assert (await peer.until("state"))["view"]["description"] == ""
    for peer in (artist, other, watcher, artist_again):
        await peer.quiet(0.3)
        assert all(not text for text in _descriptions(peer))

    # It types on from there; when the Portrayer stops, the table keeps the whole description.
    await _stream(again, other, MORE)
    latest = await _latest_state(again)
    await again.send(type="action", action={"type": "stop"}, version=latest["version"])
    for peer in (artist_again, other, watcher, again):
        kept = await peer.until("state")
        while kept["view"].get("description") != MORE:
            kept = await peer.until("state")
    for peer in (*peers, again, watcher, artist_again):
        await peer.close()
