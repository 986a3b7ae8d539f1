"""The whole lobby and game flow over real WebSockets against the real server process."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import websockets
from tests.server.support import Peer, ServerProcess, my_move, seated_pair

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


def new_room(server: ServerProcess, **options: Any) -> str:
    answer = server.post("/api/rooms", {"game": "uno-duo", "options": options})
    return str(answer["code"])


def eager(legal: list[Any], rng: random.Random) -> Any:
    """Play a card whenever one can be played, so a round ends in a few dozen moves."""
    plays = [a for a in legal if a["type"] == "play"]
    return rng.choice(plays or legal)


def raw_text(peer: Peer) -> str:
    return json.dumps(peer.seen)


async def test_two_players_sit_start_and_play_with_typed_errors(server: ServerProcess) -> None:
    code = new_room(server, target_score=1)
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    assert ada.seat is None and ada.token is None
    await ada.sit(0)
    bo = await Peer.join(url, "Bo")
    await bo.send(type="sit", seat=0)
    assert (await bo.until("error"))["code"] == "seat_taken"
    await ada.send(type="start")
    assert (await ada.until("error"))["code"] == "seats_empty"
    await ada.send(type="add_bot", seat=1, level="random")
    room = (await bo.until("room"))["room"]
    assert [s["kind"] for s in room["seats"]] == ["human", "bot"]
    await bo.send(type="remove_bot", seat=1)  # a spectator may not change the table
    assert (await bo.until("error"))["code"] == "not_seated"
    await ada.send(type="remove_bot", seat=1)
    await bo.until("room")
    await bo.sit(1)
    room = await ada.room_until(lambda r: r["seats"][1]["name"] == "Bo")
    assert [(s["name"], s["kind"], s["connected"]) for s in room["seats"]] == [
        ("Ada", "human", True),
        ("Bo", "human", True),
    ]
    carl = await Peer.join(url, "Carl")
    await carl.send(type="sit", seat=1)
    assert (await carl.until("error"))["code"] == "room_full"
    await carl.send(type="action", action={"type": "draw"}, version=None)
    assert (await carl.until("error"))["code"] == "not_seated"
    await ada.send(type="action", action={"type": "draw"}, version=None)
    assert (await ada.until("error"))["code"] == "not_started"

    await bo.send(type="start")
    states = {peer: await peer.until("state") for peer in (ada, bo, carl)}
    assert all(s["version"] == 0 and s["outcome"] is None for s in states.values())
    assert states[carl]["legal"] == [] and "hand" not in states[carl]["view"]
    assert len(states[ada]["view"]["hand"]) >= 0 and states[ada]["view"]["seat"] == 0
    await carl.send(type="sit", seat=0)
    assert (await carl.until("error"))["code"] == "already_started"
    await ada.send(type="start")
    assert (await ada.until("error"))["code"] == "already_started"

    mover, waiter = (ada, bo) if my_move(states[ada]) else (bo, ada)
    await waiter.send(type="action", action=states[mover]["legal"][0], version=0)
    assert (await waiter.until("error"))["code"] == "not_your_turn"
    await mover.send(type="action", action={"type": "fly"}, version=0)
    assert (await mover.until("error"))["code"] == "malformed_action"
    await mover.send(type="action", action=states[mover]["legal"][0], version=7)
    error = await mover.until("error")
    assert error["code"] == "stale_state" and error["message"]
    assert await mover.quiet(0.2) == []  # nothing was played by any of those

    # Play to the end of the (one-round) game, choosing at random among the legal actions.
    rng = random.Random(11)
    latest = dict(states)
    version = 0
    while True:
        turn = next((p for p in (ada, bo) if my_move(latest[p])), None)
        if turn is None:
            break
        await asyncio.sleep(0.06)  # a brisk human pace, under the 20 messages/s limit
        await turn.send(type="action", action=eager(latest[turn]["legal"], rng), version=version)
        version += 1
        for peer in (ada, bo, carl):
            latest[peer] = await peer.state_at(version)
            assert latest[peer]["version"] == version
    assert not [m for m in ada.seen + bo.seen if m["type"] == "error" and m["code"] == "rate_limited"]
    outcome = latest[carl]["outcome"]
    assert outcome is not None and latest[ada]["outcome"] == outcome == latest[bo]["outcome"]
    await mover.send(type="action", action={"type": "draw"}, version=None)
    assert (await mover.until("error"))["code"] == "game_over"
    room = await carl.room_until(lambda r: r["status"] == "finished")
    assert room["match_id"]
    # A rematch: same seats, a new match from version 0, once both people have accepted.
    await bo.send(type="start")
    asked = await carl.room_until(lambda r: r["rematch"] == [1])
    assert asked["status"] == "finished"
    await ada.send(type="start")
    again = await carl.room_until(lambda r: r["status"] == "playing")
    assert again["rematch"] == []
    assert again["match_id"] not in (None, room["match_id"])
    fresh = await ada.state_at(0)
    assert fresh["version"] == 0 and fresh["outcome"] is None

    # Nobody ever received someone else's token.
    assert ada.token is not None and bo.token is not None and ada.token != bo.token
    assert bo.token not in raw_text(ada) and bo.token not in raw_text(carl)
    assert ada.token not in raw_text(bo) and ada.token not in raw_text(carl)
    # A spectator never saw a hand or legal actions.
    assert all("hand" not in m["view"] and m["legal"] == [] for m in carl.seen if m["type"] == "state")
    for peer in (ada, bo, carl):
        await peer.close()


async def test_reconnecting_with_the_token_returns_the_same_seat_and_hand(server: ServerProcess) -> None:
    code = new_room(server)
    ada, bo = await seated_pair(server, code)
    await ada.send(type="start")
    before = await ada.until("state")
    await bo.until("state")
    await ada.close()
    gone = await bo.room_until(lambda r: not r["seats"][0]["connected"])
    assert gone["seats"][0]["kind"] == "human"

    back = await Peer.join(f"{server.ws}/ws/{code}", "Ada again", token=ada.token)
    assert back.seat == 0 and back.token == ada.token
    state = await back.until("state")
    assert state["version"] == before["version"]
    assert state["view"]["hand"] == before["view"]["hand"]
    assert state["legal"] == before["legal"]
    assert (await bo.room_until(lambda r: r["seats"][0]["connected"]))["seats"][0]["name"] == "Ada"

    stranger = await Peer.join(f"{server.ws}/ws/{code.lower()}", "Eve", token="not-a-token")
    assert stranger.seat is None
    assert any(m["type"] == "error" and m["code"] == "bad_token" for m in stranger.seen)
    spectator_state = await stranger.until("state")
    assert "hand" not in spectator_state["view"] and spectator_state["legal"] == []

    # A second connection with the same token takes the seat; the first becomes a spectator.
    twin = await Peer.join(f"{server.ws}/ws/{code}", "Ada", token=ada.token)
    assert twin.seat == 0
    assert (await back.until("error"))["code"] == "seat_taken"
    for peer in (back, bo, stranger, twin):
        await peer.close()


async def test_a_bot_plays_for_a_player_who_leaves_until_they_return(server: ServerProcess) -> None:
    code = new_room(server, target_score=1)  # bots at full speed: keep their game short
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    token = await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="random")
    await ada.send(type="start")
    state = await ada.until("state")
    # Ada plays a few moves; the bot answers on its own.
    rng = random.Random(5)
    for _ in range(6):
        while not my_move(state):
            state = await ada.until("state")
        await asyncio.sleep(0.06)
        await ada.send(type="action", action=rng.choice(state["legal"]), version=state["version"])
        state = await ada.state_at(state["version"] + 1)
    watcher = await Peer.join(url, "Watcher")
    await ada.send(type="leave")
    room = await watcher.room_until(lambda r: r["seats"][0]["kind"] == "bot")
    assert room["seats"][0]["name"] == "Ada"
    left_at = (await watcher.until("state"))["version"]
    # Both seats are bots now: the game moves on without anyone.
    moved = await watcher.state_at(left_at + 10)
    assert moved["version"] >= left_at + 10
    await ada.close()

    back = await Peer.join(url, "Ada", token=token)
    assert back.seat == 0
    room = await watcher.room_until(lambda r: r["seats"][0]["kind"] == "human")
    assert room["seats"][0]["connected"]
    state = await back.until("state")
    assert "hand" in state["view"]
    for peer in (back, watcher):
        await peer.close()


async def test_protocol_errors_are_typed_and_the_connection_stays_open(server: ServerProcess) -> None:
    code = new_room(server)
    url = f"{server.ws}/ws/{code}"
    peer = Peer(await websockets.connect(url))
    await peer.send(type="sit", seat=0)
    assert (await peer.until("error"))["code"] == "malformed_message"  # hello first
    await peer.send_raw("{not json")
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send_raw(json.dumps({"type": "hello", "name": "x", "token": None}))  # no "v"
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send_raw(b"\x00\x01binary")
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send(type="dance")
    assert (await peer.until("error"))["code"] == "unknown_type"
    await peer.send_raw(json.dumps({"v": 1, "type": "hello", "name": "x" * 20_000, "token": None}))
    assert (await peer.until("error"))["code"] == "too_large"
    await peer.send(type="hello", name="  Zoë \x00  Q  \u200b", token=None)
    welcome = await peer.until("welcome")
    assert welcome["seat"] is None
    await peer.send(type="hello", name="again", token=None)
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send(type="sit", seat=5)
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.send(type="sit", seat="0")
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.sit(0)
    room = await peer.room_until(lambda r: r["seats"][0]["kind"] == "human")
    assert room["seats"][0]["name"] == "Zoë Q"
    await peer.send(type="add_bot", seat=1, level="grandmaster")
    assert (await peer.until("error"))["code"] == "malformed_message"
    await peer.quiet(1.1)
    for _ in range(40):
        await peer.send(type="leave_nothing")
    codes = [m["code"] for m in await peer.quiet(0.5) if m["type"] == "error"]
    assert len(codes) == 40 and "rate_limited" in codes and "unknown_type" in codes
    await peer.quiet(1.1)
    await peer.send(type="add_bot", seat=1, level="random")  # still connected and served
    assert (await peer.room_until(lambda r: r["seats"][1]["kind"] == "bot"))["seats"][1]["level"] == "random"
    await peer.close()


async def test_an_unknown_room_is_refused_over_the_socket(server: ServerProcess) -> None:
    async with websockets.connect(f"{server.ws}/ws/ZZZZZZ") as ws:
        peer = Peer(ws)
        assert (await peer.recv())["code"] == "room_not_found"
