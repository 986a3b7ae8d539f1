"""Play now: one request makes a private room, seats the asker among bots and starts the match."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from xml.etree import ElementTree

import pytest
from tests.server.support import Peer, ServerProcess

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


def refusal(server: ServerProcess, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.post("/api/rooms", body)
    error: dict[str, object] = json.loads(refused.value.read())["error"]
    return refused.value.code, error


async def test_play_now_seats_the_player_among_stand_in_bots_with_the_match_running(
        server: ServerProcess) -> None:
    for game in server.get("/api/games"):
        answer = server.post("/api/rooms", {"game": game["id"], "bots": "fill", "name": "  Ada  "})
        assert answer["seat"] == 0 and answer["url"] == f"/room/{answer['code']}"
        ada = await Peer.join(f"{server.ws}/ws/{answer['code']}", "Ada", token=answer["token"])
        welcome = next(m for m in ada.seen if m["type"] == "welcome")
        room = welcome["room"]
        assert ada.seat == 0 and room["status"] == "playing" and room["listed"] is False
        seats = room["seats"]
        assert len(seats) == game["play_now_seats"] >= game["min_seats"]
        assert (seats[0]["name"], seats[0]["kind"]) == ("Ada", "human")
        assert all(s["kind"] == "bot" and s["level"] == game["standin_level"] for s in seats[1:])
        state = await ada.until("state")
        assert state["view"]["seat"] == 0 and state["outcome"] is None
        # Private: never in the open-room list.
        assert answer["code"] not in [r["code"] for r in server.get("/api/rooms")]
        await ada.close()


async def test_play_now_needs_a_name_and_a_known_game(server: ServerProcess) -> None:
    status, error = refusal(server, {"game": "uno-duo", "bots": "fill", "name": "   "})
    assert status == 400 and error["code"] == "bad_name"
    status, error = refusal(server, {"game": "no-such-game", "bots": "fill", "name": "Ada"})
    assert status == 400 and error["code"] == "unknown_game"


async def test_each_game_draws_its_tile_picture(server: ServerProcess) -> None:
    for game in server.get("/api/games"):
        assert game["tile"] is True and len(game["play_minutes"]) == 2
        url = f"{server.http}/api/games/{game['id']}/tile.svg"
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert answer.headers["Content-Type"].startswith("image/svg+xml")
            picture = ElementTree.fromstring(answer.read())  # well-formed: an <img> shows nothing else
        assert picture.tag == "{http://www.w3.org/2000/svg}svg"
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{server.http}/api/games/nothing/tile.svg", timeout=10)
    assert missing.value.code == 404
