"""Reactions (a fixed set, rate-limited, from seated players only) and private rooms, over real WebSockets."""

from __future__ import annotations

import asyncio

import pytest
from tests.server.support import Peer, ServerProcess

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


def new_room(server: ServerProcess) -> str:
    return str(server.post("/api/rooms", {"game": "uno-duo"})["code"])


def listed_codes(server: ServerProcess) -> list[str]:
    return [room["code"] for room in server.get("/api/rooms?limit=50")]


async def test_a_reaction_reaches_everyone_at_the_senders_seat(server: ServerProcess) -> None:
    url = f"{server.ws}/ws/{new_room(server)}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(1)
    watcher = await Peer.join(url, "Watcher")
    await ada.send(type="emote", emote="clap")
    assert (await watcher.until("emote")) == {"v": 1, "type": "emote", "seat": 1, "emote": "clap"}
    assert (await ada.until("emote"))["seat"] == 1


async def test_only_the_fixed_reactions_and_only_from_a_seat(server: ServerProcess) -> None:
    url = f"{server.ws}/ws/{new_room(server)}"
    ada = await Peer.join(url, "Ada")
    await ada.send(type="emote", emote="clap")
    assert (await ada.until("error"))["code"] == "not_seated"
    await ada.sit(0)
    await ada.send(type="emote", emote="you are all losers")
    assert (await ada.until("error"))["code"] == "malformed_message"
    assert not [m for m in ada.seen if m["type"] == "emote"]


async def test_reactions_are_rate_limited(server: ServerProcess) -> None:
    url = f"{server.ws}/ws/{new_room(server)}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    bo = await Peer.join(url, "Bo")
    for _ in range(5):
        await ada.send(type="emote", emote="laugh")
    refused = await ada.until("error")
    assert refused["code"] == "rate_limited"
    await bo.quiet(0.5)  # a window for any reaction that should not come; what arrives is kept
    heard = [m for m in bo.seen if m["type"] == "emote"]
    assert len(heard) == 1  # the first one; the rest waited too little
    await asyncio.sleep(refused["params"]["seconds"])  # the wait the refusal names
    await ada.send(type="emote", emote="wow")
    assert (await bo.until("emote"))["emote"] == "wow"


async def test_a_seated_player_takes_a_room_off_the_open_list_and_back(server: ServerProcess) -> None:
    code = new_room(server)
    assert code in listed_codes(server)
    ada = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    await ada.send(type="listed", listed=False)
    assert (await ada.until("error"))["code"] == "not_seated"
    await ada.sit(0)
    await ada.send(type="listed", listed=False)
    assert (await ada.room_until(lambda room: room["listed"] is False))["code"] == code
    assert code not in listed_codes(server)
    assert server.get(f"/api/rooms/{code}")["code"] == code  # its code still works
    await ada.send(type="listed", listed=True)
    await ada.room_until(lambda room: room["listed"] is True)
    assert code in listed_codes(server)
