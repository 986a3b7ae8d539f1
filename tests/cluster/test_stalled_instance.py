"""An instance whose loop stalls past its heartbeat (a busy machine, a long pause) keeps the rooms
nobody took over in the meantime: its players stay connected and play on."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest
from tests.cluster.support import RedisServer, start_cluster, stored_log
from tests.cluster.test_failover import Player, check_every_action_once, play

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres, pytest.mark.live]

HEARTBEAT = 0.5


async def test_an_instance_stalled_past_its_heartbeat_keeps_its_room(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    nodes = start_cluster(1, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                          "3600", "--lease", "5", "--heartbeat", str(HEARTBEAT))
    players: list[Player] = []
    try:
        instance = nodes.instances[0]
        assert instance.proc is not None
        code = instance.post("/api/rooms", {"game": "uno-duo"})["code"]
        players = [Player("Ada", f"{instance.ws}/ws/{code}"), Player("Bo", f"{instance.ws}/ws/{code}")]
        for seat, player in enumerate(players):
            await player.join()
            assert player.peer is not None
            await player.peer.sit(seat)
        assert players[0].peer is not None
        await players[0].peer.send(type="start")
        for player in players:
            await player.newest(0)
        rng = random.Random(3)
        await play(players, rng, 4)
        (name,) = nodes.redis.client().smembers("duoplay:instances")
        os.kill(instance.proc.pid, signal.SIGSTOP)  # the whole process stalls, as on a starved machine
        try:
            paused = time.monotonic()
            while nodes.redis.client().exists(f"duoplay:instance:{name}"):  # its heartbeat runs out
                assert time.monotonic() - paused < 20 * HEARTBEAT, "the heartbeat outlived its expiry"
                time.sleep(0.05)
        finally:
            os.kill(instance.proc.pid, signal.SIGCONT)
        # Awake again, it renews its heartbeat and keeps the room nobody took: both play on.
        await play(players, rng, 6)
        assert nodes.redis.client().get(f"duoplay:room:{code}") == name
        assert f"{code}" in nodes.redis.client().smembers(f"duoplay:instance:{name}:rooms")
        version = players[0].state["version"]
        check_every_action_once(players, await stored_log(nodes.database, code), version)
    finally:
        for player in players:
            if player.peer is not None:
                await player.peer.close()
        nodes.stop()
