"""A player who loses the connection keeps the seat for a while, then a bot plays until they return."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.support import Peer, my_move, running_server, seated_pair

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


async def test_a_bot_stands_in_after_the_grace_period_and_steps_aside(tmp_path: Path) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    with running_server(database, tmp_path, "--bot-pace", "0", "--replace-after", "0.5") as server:
        code = server.post("/api/rooms", {"game": "uno-duo", "options": {"target_score": 1}})["code"]
        url = f"{server.ws}/ws/{code}"
        ada, bo = await seated_pair(server, code)
        await ada.send(type="start")
        state = await ada.until("state")
        await bo.until("state")
        await bo.close()
        room = await ada.room_until(lambda r: not r["seats"][1]["connected"])
        assert room["seats"][1]["kind"] == "human"  # still Bo's during the grace period
        # The room says when the bot takes over, in seconds from now; nobody else is on the clock.
        assert 0 < room["seats"][1]["replace_in"] <= 0.5
        assert room["seats"][0]["replace_in"] is None
        room = await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot", timeout=5)
        assert room["seats"][1]["name"] == "Bo" and room["seats"][1]["level"]
        assert room["seats"][1]["replace_in"] is None
        # Ada plays; whenever it is Bo's turn, the stand-in bot answers.
        replaced_at = len(ada.seen)
        for _ in range(6):
            while not my_move(state) and state["outcome"] is None:
                state = await ada.until("state")
            if state["outcome"] is not None:
                break
            await ada.send(type="action", action=state["legal"][0], version=state["version"])
            state = await ada.state_at(state["version"] + 1)
        later = [m for m in ada.seen[replaced_at:] if m["type"] == "state"]
        bo_turns = [m["version"] for m in later if m["view"]["to_move"] == [1]]
        assert bo_turns and min(bo_turns) < later[-1]["version"]  # the bot moved for Bo
        back = await Peer.join(url, "Bo", token=bo.token)
        assert back.seat == 1
        room = await ada.room_until(lambda r: r["seats"][1]["kind"] == "human")
        assert room["seats"][1]["connected"] is True and room["seats"][1]["replace_in"] is None
        assert "hand" in (await back.until("state"))["view"]
        await ada.close()
        await back.close()


async def test_an_absent_player_gets_the_stand_in_their_game_declares(tmp_path: Path) -> None:
    """DUOS declares its association bot as the stand-in, not the random one."""
    database = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    with running_server(database, tmp_path, "--bot-pace", "0", "--replace-after", "0.3") as server:
        stand_ins = {game["id"]: game["standin_level"] for game in server.get("/api/games")}
        assert stand_ins["duos"] == "association" and stand_ins["uno-duo"] == "heuristic"
        code = server.post("/api/rooms", {"game": "duos", "seats": 2})["code"]
        ada, bo = await seated_pair(server, code)
        await ada.send(type="start")
        await bo.until("state")
        await bo.close()
        room = await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot", timeout=5)
        assert room["seats"][1]["level"] == "association"
        await ada.close()


async def test_the_room_counts_down_to_the_stand_in_and_stops_when_the_player_returns(tmp_path: Path) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    with running_server(database, tmp_path, "--bot-pace", "0", "--replace-after", "30") as server:
        code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
        ada, bo = await seated_pair(server, code)
        waiting = await ada.room_until(lambda r: r["status"] == "waiting")
        assert all(seat["replace_in"] is None for seat in waiting["seats"])  # no clock before the game
        await ada.send(type="start")
        await bo.until("state")
        await bo.close()
        room = await ada.room_until(lambda r: r["status"] == "playing" and not r["seats"][1]["connected"])
        assert 25 < room["seats"][1]["replace_in"] <= 30
        back = await Peer.join(f"{server.ws}/ws/{code}", "Bo", token=bo.token)
        room = await ada.room_until(lambda r: r["seats"][1]["connected"])
        assert room["seats"][1]["replace_in"] is None and room["seats"][1]["kind"] == "human"
        await ada.close()
        await back.close()
