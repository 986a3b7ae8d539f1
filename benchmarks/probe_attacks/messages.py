"""Attacks in what is sent: JSON nested deeper than a reader recurses, the small breaks (invalid
UTF-8, a version of 1.0, a bad page offset), and a Portrayer's live text with control, direction
and invisible characters, which must not reach the Artists raw."""

from __future__ import annotations

import asyncio
import contextlib
import time

import websockets

from probe_attacks.common import Peer, Server, Tally, create_room, duplik_drawing, http_client, open_ws

DEEP_HTTP, DEEP_WS = 973, 971
STREAM = '{"v": 1, "type": "stream", "id": "deep", "channel": "text", "data": {"text": "sur\\ud800", "pad": '
JSON = {"Content-Type": "application/json"}
BAD_TEXT = ("right\u202eto left", "nul\x00here", "zero\u200bwidth")


def _nested(levels: int) -> str:
    return "[" * levels + "0" + "]" * levels


async def nesting(server: Server, seconds: float, source: str) -> Tally:
    """`{"game": "\\ud800", "pad": ` and ~973 levels of [] over HTTP must be a 4xx, and a stream
    message ~971 levels deep over a WebSocket a typed error on a socket that stays open."""
    tally = Tally()
    code = await create_room(server, source, {"game": "duplik", "seats": 3})
    peer = await Peer.join(server, code, source, "Ada")
    await peer.sit(0)
    end = time.monotonic() + min(seconds, 3)
    async with http_client(server, source) as client:
        while time.monotonic() < end and not tally.breaks:
            tally.tried += 2
            body = '{"game": "\\ud800", "pad": ' + _nested(DEEP_HTTP) + "}"
            answer = await client.post("/api/rooms", content=body, headers=JSON)
            if 400 <= answer.status_code < 500:
                tally.refused += 1
            else:
                tally.broke(f"a deeply nested room request: HTTP {answer.status_code}")
            await peer.ws.send(STREAM + _nested(DEEP_WS) + "}}")
            try:
                error = await peer.until("error", timeout=5)
                await peer.send(type="ping", id="after")
                await peer.until("pong", timeout=5, id="after")
                tally.refused += error["code"] == "malformed_message"
            except (TimeoutError, websockets.ConnectionClosed):
                tally.broke("a deeply nested stream message: no typed error on an open socket")
            await asyncio.sleep(0.2)
    await peer.close()
    return tally


async def small(server: Server, seconds: float, source: str) -> Tally:
    """Invalid UTF-8 in a text frame, `"v": 1.0`, and bad page offsets: each refused, none a 500."""
    tally = Tally()
    code = await create_room(server, source, {"game": "uno-duo"})
    tally.tried += 1
    ws = await open_ws(server, f"/ws/{code}", source)
    await ws.send(b'{"v": 1, "type": "hello", "name": "\xff\xfe"}', text=True)
    with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
        async with asyncio.timeout(3):
            async for _ in ws:
                pass
    if ws.close_code in (1007, 1008, 1002):
        tally.refused += 1
    else:
        tally.broke(f"invalid UTF-8: the socket closed with {ws.close_code}")
    peer = await Peer.join(server, code, source, "Ada")
    for version in ("1.0", "true"):
        tally.tried += 1
        await peer.ws.send('{"v": ' + version + ', "type": "sit", "seat": 0, "id": "v"}')
        refused = await peer.until("error", id="v")
        if refused["code"] == "malformed_message":
            tally.refused += 1
        else:
            tally.broke(f'"v": {version} was taken as the protocol version 1')
    await peer.close()
    async with http_client(server, source) as client:
        for offset in ("-1", "x"):
            tally.tried += 1
            answer = await client.get("/api/rooms", params={"offset": offset})
            if answer.status_code == 400 and "{" not in answer.json()["error"]["message"]:
                tally.refused += 1
            else:
                tally.broke(f"offset={offset}: HTTP {answer.status_code} {answer.text[:80]}")
    return tally


async def live_text(server: Server, seconds: float, source: str) -> Tally:
    """The Portrayer's live text with U+202E, NUL or a zero-width space: refused, never relayed raw."""
    tally = Tally()
    peers, portrayer = await duplik_drawing(server, source)
    artists = [peer for seat, peer in enumerate(peers) if seat != portrayer]
    for n, text in enumerate(BAD_TEXT):
        tally.tried += 1
        await peers[portrayer].send(type="stream", channel="text", data={"text": text}, id=f"t{n}")
        with contextlib.suppress(TimeoutError):
            answer = await peers[portrayer].until("error", timeout=3, id=f"t{n}")
            tally.refused += answer["code"] == "malformed_message"
    for artist in artists:
        for message in await artist.quiet(0.5) + artist.seen:
            relayed = message.get("data", {}).get("text", "") if message["type"] == "stream" else ""
            if any(char in relayed for char in "\u202e\x00\u200b"):
                tally.broke(f"relayed raw to an Artist: {relayed!r}")
    for peer in peers:
        await peer.close()
    return tally
