"""Two instances behind nginx share one PostgreSQL and one Redis: a room's players on different
instances play a UNO Duo round; kill -9 of the room's owner mid-round, the other instance takes the
room over, and the round ends with every accepted action stored exactly once."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.cluster.support import Cluster, Nginx, RedisServer, Seated, start_cluster, start_nginx, stored_log
from tests.server.support import my_move

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres, pytest.mark.live]

LEASE = "1.5"
ONE_ROUND = {"game": "uno-duo", "options": {"target_score": 1}}  # the match ends with the round


@pytest.fixture
def cluster(postgres_url: str, fresh_redis: RedisServer, tmp_path: Path) -> Iterator[tuple[Cluster, Nginx]]:
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                          "3600", "--rate-limit", "1000", "--lease", LEASE, "--log-level", "info")
    nginx = start_nginx([instance.port for instance in nodes.instances])
    try:
        yield nodes, nginx
    finally:
        nginx.stop()
        nodes.stop()


class Player(Seated):
    """One person playing random legal actions."""

    async def act(self, rng: random.Random) -> int:
        """Play a random legal action; returns the version it made, once acknowledged."""
        assert self.peer is not None
        self._ids += 1
        action = rng.choice(self.state["legal"])
        await self.peer.send(type="action", id=self._ids, action=action, version=self.state["version"])
        ack = await self.peer.until("ack", 20.0, id=self._ids)
        self.acked[ack["version"]] = action
        return int(ack["version"])


async def play(players: list[Player], rng: random.Random, moves: int | None) -> None:
    """`moves` actions (None: to the end of the round), each seen by every player before the next."""
    done = 0
    while moves is None or done < moves:
        if any(p.state["outcome"] is not None for p in players):
            return
        turn = next(p for p in players if my_move(p.state))
        version = await turn.act(rng)
        for player in players:
            await player.newest(version)
        done += 1


def check_every_action_once(players: list[Player], log: list[tuple[int, Any]], final: int) -> None:
    assert len(log) == final  # versions 1..final, each once (the key is (match, version))
    for player in players:
        for version, action in player.acked.items():
            assert log[version - 1][1] == action, f"{player.name}'s action at version {version}"


async def test_players_on_different_instances_play_a_round(cluster: tuple[Cluster, Nginx]) -> None:
    nodes, nginx = cluster
    code = nginx_post(nginx, "/api/rooms", ONE_ROUND)["code"]
    ada = Player("Ada", f"{nginx.ws}/ws/{code}")  # nginx routes by the code: the instance that claims
    await ada.join()
    assert ada.peer is not None
    await ada.peer.sit(0)
    owner = nodes.owner(code)
    bo = Player("Bo", f"{nodes.other(owner).ws}/ws/{code}")  # the other instance: forwarded
    await bo.join()
    assert bo.peer is not None
    await bo.peer.sit(1)
    await ada.peer.send(type="start")
    for player in (ada, bo):
        await player.newest(0)
    await play([ada, bo], random.Random(7), None)
    assert ada.state["outcome"] is not None and ada.state["outcome"] == bo.state["outcome"]
    assert ada.state["version"] == bo.state["version"] > 5
    assert nodes.owner(code) is owner  # one owner all along
    # The room as any instance reports it: finished, both seats taken.
    for instance in nodes.instances:
        summary = instance.get(f"/api/rooms/{code}")
        assert summary["status"] == "finished" and [s["name"] for s in summary["seats"]] == ["Ada", "Bo"]
    check_every_action_once([ada, bo], await stored_log(nodes.database, code), ada.state["version"])
    for player in (ada, bo):
        assert player.peer is not None
        await player.peer.close()


async def test_kill_9_of_the_owner_mid_round(cluster: tuple[Cluster, Nginx]) -> None:
    nodes, nginx = cluster
    code = nginx_post(nginx, "/api/rooms", ONE_ROUND)["code"]
    ada = Player("Ada", f"{nginx.ws}/ws/{code}")
    await ada.join()
    assert ada.peer is not None
    await ada.peer.sit(0)
    owner = nodes.owner(code)
    survivor = nodes.other(owner)
    bo = Player("Bo", f"{survivor.ws}/ws/{code}")
    await bo.join()
    assert bo.peer is not None
    await bo.peer.sit(1)
    await ada.peer.send(type="start")
    for player in (ada, bo):
        await player.newest(0)
    rng = random.Random(11)
    await play([ada, bo], rng, 12)
    before = ada.state["version"]
    assert before == 12 and ada.state["outcome"] is None

    owner.kill()
    killed = time.monotonic()
    # Bo's instance sees the owner's lease run out and closes Bo's connection (1012): Bo reconnects.
    with pytest.raises(Exception):  # noqa: B017 - the connection ends, whichever way websockets says it
        await bo.peer.until("never", timeout=15.0)
    assert bo.peer.ws.close_code == 1012
    # Both come back with their tokens: Ada through nginx (which skips the dead instance), Bo as before.
    for player in (ada, bo):
        assert player.peer is not None
        token = player.peer.token
        await player.join(token)
        assert player.peer.seat == (0 if player is ada else 1)
        state = await player.newest(0)
        assert state["version"] == before  # nothing accepted was lost
    assert nodes.owner(code) is survivor
    taken_over = time.monotonic() - killed
    await play([ada, bo], rng, None)
    final = ada.state["version"]
    assert ada.state["outcome"] is not None and bo.state["version"] == final > before
    check_every_action_once([ada, bo], await stored_log(nodes.database, code), final)
    assert taken_over < 15.0
    for player in (ada, bo):
        assert player.peer is not None
        with contextlib.suppress(Exception):
            await player.peer.close()


def nginx_post(nginx: Nginx, path: str, body: Any) -> Any:
    import urllib.request

    request = urllib.request.Request(nginx.http + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())



async def test_a_stopped_instance_hands_its_rooms_over_at_once(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    # A lease and heartbeat far longer than the test may wait: only the hand-over on SIGTERM moves the room.
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                          "3600", "--rate-limit", "1000", "--lease", "120", "--heartbeat", "120")
    try:
        first = nodes.instances[0]
        code = first.post("/api/rooms", ONE_ROUND)["code"]
        ada = Player("Ada", f"{first.ws}/ws/{code}")
        await ada.join()
        assert ada.peer is not None
        await ada.peer.sit(0)
        assert nodes.owner(code) is first
        survivor = nodes.other(first)
        bo = Player("Bo", f"{survivor.ws}/ws/{code}")
        await bo.join()
        assert bo.peer is not None
        await bo.peer.sit(1)
        await ada.peer.send(type="start")
        for player in (ada, bo):
            await player.newest(0)
        rng = random.Random(5)
        await play([ada, bo], rng, 6)
        stopped = time.monotonic()
        first.stop()  # SIGTERM
        with pytest.raises(Exception):  # noqa: B017 - the connection ends, whichever way websockets says it
            await bo.peer.until("never", timeout=20.0)
        for player in (ada, bo):
            assert player.peer is not None
            player.url = f"{survivor.ws}/ws/{code}"
            await player.join(player.peer.token)
            assert (await player.newest(0))["version"] == 6
        assert time.monotonic() - stopped < 20.0 and nodes.owner(code) is survivor
        await play([ada, bo], rng, 2)
        assert ada.state["version"] == bo.state["version"] == 8 or ada.state["outcome"] is not None
    finally:
        nodes.stop()
