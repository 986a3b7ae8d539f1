"""The HTTP API and pages, against the real server process."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from tests.server.support import Peer, ServerProcess, my_move

from duoplay.bots.registry import bot_levels
from duoplay.server.replays import replay_views

pytestmark = pytest.mark.live


def test_health_and_games(server: ServerProcess) -> None:
    assert httpx.get(server.http + "/healthz").json() == {"status": "ok"}
    games = httpx.get(server.http + "/api/games").json()
    uno = next(g for g in games if g["id"] == "uno-duo")
    assert uno["name"] == "UNO Duo" and (uno["min_seats"], uno["max_seats"]) == (2, 2)
    assert uno["options"]["target_score"] == 200 and uno["options"]["deck_size"] == 112
    assert uno["bot_levels"] == bot_levels("uno-duo") and "random" in uno["bot_levels"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "uno-duo", "options": {"deck_size": 100}}, "bad_options"),
        ({"game": "uno-duo", "options": {"colour_blind": True}}, "bad_options"),
        ({"game": "uno-duo", "options": [1, 2]}, "bad_options"),
        ({"game": "uno-duo", "seats": 3}, "bad_seats"),
        ({"game": "uno-duo", "seats": "2"}, "bad_seats"),
        ({"game": 5}, "malformed_request"),
        ([1, 2, 3], "malformed_request"),
    ],
)
def test_creating_a_bad_room_is_a_typed_400(server: ServerProcess, body: object, code: str) -> None:
    before = httpx.get(server.http + "/api/rooms").json()
    answer = httpx.post(server.http + "/api/rooms", json=body)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == code and error["message"] and error["msg"] and isinstance(error["params"], dict)
    assert httpx.get(server.http + "/api/rooms").json() == before


def test_a_room_request_with_text_that_is_not_unicode_is_a_typed_400(server: ServerProcess) -> None:
    """It was a 500: a lone surrogate in an option's name could not be encoded in the reply."""
    for body in ('{"game": "duos", "options": {"\\ud800": 1}}', '{"game": "uno\\udfff"}'):
        answer = httpx.post(server.http + "/api/rooms", content=body,
                            headers={"Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed_request"
    assert httpx.get(server.http + "/healthz").status_code == 200


def test_a_refused_room_says_why_with_a_message_id_and_parameters(server: ServerProcess) -> None:
    error = httpx.post(server.http + "/api/rooms", json={"game": "duos", "seats": 9}).json()["error"]
    assert error["msg"] == "{game} takes {least} to {most} seats"
    assert error["params"] == {"game": "DUOS", "least": 2, "most": 6}
    assert error["message"] == "DUOS takes 2 to 6 seats"


def test_a_body_that_is_not_json_or_too_large_is_a_typed_error(server: ServerProcess) -> None:
    answer = httpx.post(server.http + "/api/rooms", content=b"{game: uno")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "malformed_request"
    huge = {"game": "uno-duo", "options": {"padding": "x" * 100_000}}
    answer = httpx.post(server.http + "/api/rooms", json=huge)
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "malformed_request"
    deep = "[" * 100_000 + "]" * 100_000
    answer = httpx.post(server.http + "/api/rooms", content=deep[:60_000].encode())
    assert answer.status_code == 400
    assert server.get("/healthz") == {"status": "ok"}


def test_rooms_are_created_listed_and_found(server: ServerProcess) -> None:
    answer = httpx.post(server.http + "/api/rooms", json={"game": "uno", "options": {"target_score": 100}})
    assert answer.status_code == 201
    code = answer.json()["code"]
    assert answer.json()["url"] == f"/room/{code}"
    assert len(code) == 6 and set(code) <= set("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
    room = httpx.get(f"{server.http}/api/rooms/{code}").json()
    assert room == {
        "code": code,
        "game": "uno-duo",
        "status": "waiting",
        "seats": [{"seat": n, "name": None, "kind": "empty", "level": None} for n in (0, 1)],
    }
    assert httpx.get(f"{server.http}/api/rooms/{code.lower()}").json()["code"] == code
    assert room in httpx.get(server.http + "/api/rooms").json()
    missing = httpx.get(server.http + "/api/rooms/ZZZZZZ")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "room_not_found"
    codes = {
        httpx.post(server.http + "/api/rooms", json={"game": "uno-duo"}).json()["code"] for _ in range(20)
    }
    assert len(codes) == 20


def test_pages_serve_the_web_client(server: ServerProcess) -> None:
    for path in ("/", "/room/ABCDEF", "/replay/xyz"):
        page = httpx.get(server.http + path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "<html" in page.text.lower()
    assert httpx.get(server.http + "/static/index.html").status_code == 200
    assert httpx.get(server.http + "/static/no-such-file.js").status_code == 404


@pytest.mark.asyncio
async def test_a_replay_shows_exactly_what_a_spectator_saw(server: ServerProcess) -> None:
    code = httpx.post(server.http + "/api/rooms", json={"game": "uno-duo"}).json()["code"]
    url = f"{server.ws}/ws/{code}"
    watcher = await Peer.join(url, "Watcher")
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="random")
    await ada.send(type="start")
    state = await ada.until("state")
    rng = random.Random(4)
    for _ in range(8):
        while not my_move(state):
            state = await ada.until("state")
        await asyncio.sleep(0.06)  # a brisk human pace, under the 20 messages/s limit
        await ada.send(type="action", action=rng.choice(state["legal"]), version=state["version"])
        state = await ada.state_at(state["version"] + 1)
    while not my_move(state):  # let the bot finish its turn
        state = await ada.until("state")
    seen: dict[int, dict[str, object]] = {}
    while not seen or max(seen) < state["version"]:
        message = await watcher.until("state")
        seen[message["version"]] = message
    match_id = next(
        m["room"]["match_id"] for m in watcher.seen if m["type"] == "room" and m["room"]["match_id"]
    )

    replay = httpx.get(f"{server.http}/api/matches/{match_id}/replay", timeout=60).json()
    assert "seed" not in replay["header"] and replay["header"]["names"] == ["Ada", "random bot"]
    assert replay["header"]["finished"] is False and replay["header"]["outcome"] is None
    frames = replay["frames"]
    assert [f["version"] for f in frames] == list(range(state["version"] + 1))
    # The first frame is a whole view, the others what changed: rebuilt, they are what a spectator saw.
    assert "view" in frames[0] and all("delta" in f and "view" not in f for f in frames[1:])
    for frame, view in zip(frames, replay_views(replay), strict=True):
        assert view == seen[frame["version"]]["view"]
        assert frame["events"] == seen[frame["version"]]["events"]
        assert "hand" not in view
    # Ada's own hand never shows in the replay, though it showed to her.
    assert "hand" in state["view"]
    missing = httpx.get(f"{server.http}/api/matches/nope/replay", timeout=60)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "match_not_found"
    await ada.close()
    await watcher.close()
