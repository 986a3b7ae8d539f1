"""Attacks through rooms: a queue of replays held by one address, a seat taken over and over to
pile up spectators, matches of bots nobody watches, X-Forwarded-For from a local client to dodge
the room limit, and an Artist's strokes that a second device of the seat does not see (ghosts)."""

from __future__ import annotations

import asyncio
import time

import httpx

from probe_attacks.common import Peer, Server, Tally, create_room, duplik_drawing, http_client

REPLAYERS = 12
# Another address's replay must be served, not turned away as busy; the replay process yields the
# CPU to the rooms, so on a loaded machine it may take seconds: only one that never comes is blocked.
REPLAY_WAIT = 10.0
STROKES = [[[100, 100], [200, 150]], [[400, 400], [420, 430], [500, 300]]]


async def _bot_match(server: Server, source: str) -> tuple[Peer, str, str]:
    """A UNO Duo match of one person and a bot: the person's peer, the room's code and the match id."""
    code = await create_room(server, source, {"game": "uno-duo"})
    peer = await Peer.join(server, code, source, "Ada")
    await peer.sit(0)
    await peer.send(type="add_bot", seat=1, level="random")
    await peer.send(type="start")
    while True:
        room = (await peer.until("room"))["room"]
        if room["match_id"]:
            return peer, code, str(room["match_id"])


async def replays(server: Server, seconds: float, source: str, bystander: str) -> Tally:
    """12 clients of one address ask for replays in a loop; another address's replay is answered."""
    tally = Tally()
    peer, _, match_id = await _bot_match(server, source)
    path = f"/api/matches/{match_id}/replay"
    end = time.monotonic() + seconds

    async def looper(client: httpx.AsyncClient) -> None:
        while time.monotonic() < end:
            tally.tried += 1
            try:
                status = (await client.get(path)).status_code
            except httpx.HTTPError:
                status = 0
            tally.refused += status != 200
            if status == 0:
                await asyncio.sleep(0.05)

    async def other() -> None:
        async with http_client(server, bystander) as client:
            while time.monotonic() < end and not tally.breaks:
                started = time.monotonic()
                try:
                    answer = await client.get(path, timeout=REPLAY_WAIT)
                    took = time.monotonic() - started
                    if answer.status_code != 200 or took > REPLAY_WAIT:
                        tally.broke(f"another address's replay: HTTP {answer.status_code} in {took:.1f} s")
                except httpx.HTTPError as error:
                    tally.broke(f"another address's replay: {type(error).__name__}")
                await asyncio.sleep(0.3)

    async with http_client(server, source) as client:
        await asyncio.gather(*(looper(client) for _ in range(REPLAYERS)), other())
    await peer.close()
    return tally


async def spectators(server: Server, seconds: float, source: str, most: int) -> Tally:
    """A full room of spectators, then hello after hello with the seat's token: the connections
    pushed off the seat must not become spectators past the cap."""
    tally = Tally()
    code = await create_room(server, source, {"game": "uno-duo"})
    ada = await Peer.join(server, code, source, "Ada")
    await ada.sit(0)
    watchers = [await Peer.join(server, code, source, f"W{i}") for i in range(most)]
    connections = [ada]
    for _ in range(8):
        tally.tried += 1
        connections.append(await Peer.join(server, code, source, "Ada", token=ada.token))
    greeted = 0
    for old in connections[:-1]:
        await old.send(type="emote", emote="wow", id="e")
        try:
            answer = await old.until("error", timeout=3, id="e")
        except TimeoutError:
            answer = {"msg": ""}
        if answer.get("msg") == "Say hello first":
            tally.refused += 1
        else:
            greeted += 1
    if greeted:  # the watchers had filled the room: any old connection still greeted is one too many
        tally.broke(f"{most + greeted} spectators in a room that takes {most}")
    for peer in (*connections, *watchers):
        await peer.close()
    return tally


async def abandoned(server: Server, seconds: float, source: str, unwatched: float, xff: str) -> Tally:
    """Matches left to bots (sit, add a bot, start, leave) must stop once nobody watches; and a local
    client's X-Forwarded-For must not buy it more rooms than the room limit."""
    tally = Tally()
    matches = []
    for _ in range(3):
        tally.tried += 1
        peer, _, match_id = await _bot_match(server, source)
        await peer.send(type="leave")
        await peer.close()
        matches.append(match_id)
    await asyncio.sleep(unwatched + 2)
    async with http_client(server, source) as client:
        # The stored log, read through the replay (a room lookup would wake the room up).
        first = [len((await client.get(f"/api/matches/{m}/replay")).content) for m in matches]
        await asyncio.sleep(3)
        again = [len((await client.get(f"/api/matches/{m}/replay")).content) for m in matches]
        for match_id, before, after in zip(matches, first, again, strict=True):
            if after > before:
                tally.broke(f"match {match_id}: its bots play on with nobody there")
            else:
                tally.refused += 1
    async with http_client(server, xff) as client:
        answers = []
        for n in range(15):
            tally.tried += 1
            answer = await client.post("/api/rooms", json={"game": "uno-duo"},
                                       headers={"X-Forwarded-For": f"203.0.113.{n + 1}"})
            answers.append(answer.status_code)
        tally.refused += answers.count(429)
        if 429 not in answers:
            tally.broke("X-Forwarded-For from a local client got round the room limit")
    return tally


async def ghost_strokes(server: Server, seconds: float, source: str) -> Tally:
    """An Artist's strokes come back in the view of a second connection of the seat, and in no
    other seat's view."""
    tally = Tally()
    peers, portrayer = await duplik_drawing(server, source)
    artist, other = (peer for seat, peer in enumerate(peers) if seat != portrayer)
    for points in STROKES:
        tally.tried += 1
        await artist.send(type="stream", channel="ink", data={"stroke": {"points": points}})
        await artist.until("stream", channel="ink", seat=artist.seat)
    again = await Peer.join(server, code_of(artist), source, "Ada", token=artist.token)
    view = (await again.until("state"))["view"]
    if [s["points"] for s in view.get("own_strokes", [])] != STROKES:
        tally.broke("a second device of the Artist got no strokes back")
    other_again = await Peer.join(server, code_of(other), source, "Ben", token=other.token)
    if "own_strokes" in (await other_again.until("state"))["view"] or any(
            "own_strokes" in m.get("view", {}) for m in other.seen):
        tally.broke("another Artist saw strokes not theirs")
    tally.refused = tally.tried if not tally.breaks else 0
    for peer in (*peers, again, other_again):
        await peer.close()
    return tally


def code_of(peer: Peer) -> str:
    welcome = next(m for m in peer.seen if m["type"] == "welcome")
    return str(welcome["room"]["code"])
