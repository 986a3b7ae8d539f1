"""Ratings from real matches over the server: a match between two people rates both and enters both
histories; a match with a bot, or one a player never moved in, is only history."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tests.server.in_process import LiveServer, live_server
from tests.server.support import Peer, my_move

from duoplay.server.identity.cookie import COOKIE

pytestmark = pytest.mark.asyncio

SHORT = {"target_score": 1}  # one round of UNO Duo


async def _player(live: LiveServer, name: str) -> tuple[str, str]:
    """A new player's id and the secret its cookie keeps."""
    async with httpx.AsyncClient(base_url=live.http) as browser:
        answer = await browser.get("/api/me", params={"create": "1", "name": name})
        return answer.json()["player"]["id"], browser.cookies[COOKIE]


async def _join(live: LiveServer, code: str, name: str, secret: str | None, seat: int) -> Peer:
    headers = {} if secret is None else {"Cookie": f"{COOKIE}={secret}"}
    peer = Peer(await websockets.connect(live.ws(code), max_size=None, additional_headers=headers))
    await peer.send(type="hello", name=name, token=None, player="forged")  # the server's own id wins
    await peer.until("welcome")
    await peer.sit(seat)
    return peer


async def _play_to_the_end(peers: list[Peer], rng: random.Random) -> dict[str, Any]:
    """Each person plays a random legal move in turn until the match ends; the last state."""
    states = {id(peer): await peer.until("state") for peer in peers}
    while True:
        done = [state for state in states.values() if state["outcome"] is not None]
        if done:
            return done[0]
        turn = next((peer for peer in peers if my_move(states[id(peer)])), None)
        if turn is None:  # a bot's move: wait for it
            for peer in peers:
                states[id(peer)] = await peer.until("state")
            continue
        version = states[id(turn)]["version"]
        await turn.send(type="action", action=rng.choice(states[id(turn)]["legal"]), version=version)
        for peer in peers:
            states[id(peer)] = await peer.state_at(version + 1)


async def _profile(live: LiveServer, player: str) -> dict[str, Any]:
    profile: dict[str, Any] = await live.get(f"/api/players/{player}")
    return profile


async def test_a_match_between_two_people_rates_both_and_enters_both_histories(tmp_path: Path) -> None:
    async with live_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", rate_limit=1000) as live:
        ada, ada_secret = await _player(live, "Ada")
        bo, bo_secret = await _player(live, "Bo")
        code = await live.create(**SHORT)
        live.rooms.rooms[code].next_seed = 5
        peers = [await _join(live, code, "Ada", ada_secret, 0), await _join(live, code, "Bo", bo_secret, 1)]
        seats = (await peers[0].room_until(lambda room: room["seats"][1]["kind"] == "human"))["seats"]
        assert [seat["player"] for seat in seats] == [ada, bo]
        assert [seat["rating"] for seat in seats] == [None, None]  # nobody has a rating yet
        await peers[0].send(type="start")
        last = await _play_to_the_end(peers, random.Random(3))
        winner = last["outcome"]["winners"][0]
        room = await peers[0].room_until(lambda room: room["status"] == "finished")
        shown = [seat["rating"] for seat in room["seats"]]
        assert shown[winner]["rating"] > 1500 > shown[1 - winner]["rating"]
        assert all(rating["provisional"] and rating["played"] == 1 for rating in shown)
        for seat, player in enumerate((ada, bo)):
            profile = await _profile(live, player)
            rating = profile["ratings"][0]
            assert rating["game"] == "uno-duo" and rating == {"game": "uno-duo", **shown[seat]}
            assert rating["spread"] < 1000  # one match made it a little less uncertain
            [match] = profile["matches"]
            assert match["rated"] and match["seat"] == seat and match["names"] == ["Ada", "Bo"]
            assert match["result"] == (1.0 if seat == winner else 0.0)
            assert match["before"] == {"rating": 1500, "spread": 1000}
            assert profile["charts"]["uno-duo"][0] == {"rating": 1500, "spread": 1000}  # where it began
            assert len(profile["charts"]["uno-duo"]) == 2
            assert profile["mine"] is False  # asked without its cookie
        board = await live.get("/api/leaderboard/uno-duo")
        assert [entry["player"] for entry in board["players"]] == [(ada, bo)[winner], (ada, bo)[1 - winner]]
        for peer in peers:
            await peer.close()


async def test_a_match_with_a_bot_is_history_but_not_rated(tmp_path: Path) -> None:
    async with live_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", rate_limit=1000) as live:
        cy, cy_secret = await _player(live, "Cy")
        code = await live.create(**SHORT)
        live.rooms.rooms[code].next_seed = 6
        peer = await _join(live, code, "Cy", cy_secret, 0)
        await peer.send(type="add_bot", seat=1, level="random")
        await peer.send(type="start")
        await _play_to_the_end([peer], random.Random(4))
        profile = await _profile(live, cy)
        assert profile["ratings"] == [] and profile["charts"] == {}
        [match] = profile["matches"]
        assert not match["rated"] and match["rating"] is None and match["names"][0] == "Cy"
        assert (await live.get("/api/leaderboard/uno-duo"))["players"] == []
        await peer.close()


async def test_a_seat_nobody_moved_for_leaves_the_match_unrated(tmp_path: Path) -> None:
    """Bo leaves as the match starts: the stand-in plays all of Bo's moves, so it says nothing of Bo."""
    async with live_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", rate_limit=1000) as live:
        ada, ada_secret = await _player(live, "Ada")
        bo, bo_secret = await _player(live, "Bo")
        code = await live.create(**SHORT)
        live.rooms.rooms[code].next_seed = 7
        ada_peer = await _join(live, code, "Ada", ada_secret, 0)
        bo_peer = await _join(live, code, "Bo", bo_secret, 1)
        await ada_peer.send(type="start")
        await bo_peer.until("state")
        await bo_peer.send(type="leave")
        await ada_peer.room_until(lambda room: room["seats"][1]["kind"] == "bot")  # the stand-in plays
        await _play_to_the_end([ada_peer], random.Random(5))
        for player in (ada, bo):
            profile = await _profile(live, player)
            assert profile["ratings"] == [] and [m["rated"] for m in profile["matches"]] == [False]
        assert (await _profile(live, bo))["matches"][0]["left"]  # Bo's seat ended with a stand-in
        await ada_peer.close()
        await bo_peer.close()


async def test_a_player_who_leaves_a_rated_match_loses_it(tmp_path: Path) -> None:
    """Both move, then Bo leaves and the stand-in finishes: rated, and Bo ranks last whatever it scores."""
    async with live_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", rate_limit=1000) as live:
        ada, ada_secret = await _player(live, "Ada")
        bo, bo_secret = await _player(live, "Bo")
        code = await live.create(**SHORT)
        live.rooms.rooms[code].next_seed = 5
        peers = [await _join(live, code, "Ada", ada_secret, 0), await _join(live, code, "Bo", bo_secret, 1)]
        await peers[0].send(type="start")
        states = {id(peer): await peer.until("state") for peer in peers}
        moved: set[int] = set()
        rng = random.Random(8)
        while len(moved) < 2:
            seat, turn = next((seat, peer) for seat, peer in enumerate(peers) if my_move(states[id(peer)]))
            version = states[id(turn)]["version"]
            await turn.send(type="action", action=rng.choice(states[id(turn)]["legal"]), version=version)
            moved.add(seat)
            for peer in peers:
                states[id(peer)] = await peer.state_at(version + 1)
        await peers[1].send(type="leave")
        await _play_to_the_end(peers[:1], rng)
        ada_profile, bo_profile = await _profile(live, ada), await _profile(live, bo)
        assert ada_profile["ratings"][0]["rating"] > 1500 > bo_profile["ratings"][0]["rating"]
        [left] = bo_profile["matches"]
        assert left["rated"] and left["left"] and left["result"] == 0.0 and left["rank"] == 2
        for peer in peers:
            await peer.close()


async def test_a_hello_cannot_claim_another_players_profile(tmp_path: Path) -> None:
    """A guest (no cookie) who names Ada's id in its hello sits as a guest: only a cookie says who."""
    async with live_server(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}") as live:
        ada, _ = await _player(live, "Ada")
        code = await live.create(**SHORT)
        guest = Peer(await websockets.connect(live.ws(code), max_size=None))
        await guest.send(type="hello", name="Eve", token=None, player=ada)
        await guest.until("welcome")
        await guest.sit(0)
        room = await guest.room_until(lambda room: room["seats"][0]["kind"] == "human")
        assert room["seats"][0]["player"] is None and room["seats"][0]["name"] == "Eve"
        await guest.close()
