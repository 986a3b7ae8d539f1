"""An owner that freezes for longer than its lease and wakes up (SIGSTOP, then SIGCONT) finds its room
taken over: the move it then tries is refused, never stored, and its players are sent to reconnect."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from pathlib import Path

import pytest
import websockets
from tests.cluster.support import RedisServer, start_cluster
from tests.cluster.test_failover import ONE_ROUND, Player, play, stored_log
from tests.server.support import my_move

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres, pytest.mark.live]


async def test_a_frozen_owner_that_wakes_up_cannot_store_a_move(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                          "3600", "--rate-limit", "1000", "--lease", "1.5")
    frozen = nodes.instances[0]
    assert frozen.proc is not None
    try:
        code = frozen.post("/api/rooms", ONE_ROUND)["code"]
        ada, bo = (Player(name, f"{frozen.ws}/ws/{code}") for name in ("Ada", "Bo"))
        for seat, player in enumerate((ada, bo)):
            await player.join()
            assert player.peer is not None
            await player.peer.sit(seat)
        assert ada.peer is not None and bo.peer is not None
        await ada.peer.send(type="start")
        for player in (ada, bo):
            await player.newest(0)
        rng = random.Random(21)
        await play([ada, bo], rng, 4)
        mover = next(p for p in (ada, bo) if my_move(p.state))
        old_peer, old_state = mover.peer, mover.state
        assert old_peer is not None

        os.kill(frozen.proc.pid, signal.SIGSTOP)
        try:
            survivor = nodes.other(frozen)
            end = time.monotonic() + 20
            owner_key = f"duoplay:room:{code}"
            while time.monotonic() < end and str(survivor.proc and survivor.proc.pid) not in str(
                    fresh_redis.client().get(owner_key)).split("-"):
                await asyncio.sleep(0.1)
            assert nodes.owner(code) is survivor  # taken over while the owner sleeps
            # The frozen owner's player moves now: the frame waits in the frozen process's socket.
            await old_peer.send(type="action", id=99, action=rng.choice(old_state["legal"]),
                                version=old_state["version"])
            # Both players go on at the survivor.
            for player in (ada, bo):
                assert player.peer is not None
                player.url = f"{survivor.ws}/ws/{code}"
                await player.join(player.peer.token)
                assert (await player.newest(0))["version"] == 4
            await play([ada, bo], rng, 2)
        finally:
            os.kill(frozen.proc.pid, signal.SIGCONT)

        # Awake, the old owner learns it lost the room: its move is refused or dropped, its socket ends.
        heard, ended = [], False
        try:
            while True:
                heard.append(await old_peer.recv(15.0))
        except websockets.ConnectionClosed:
            ended = True
        except TimeoutError:
            pass
        assert ended and not any(m["type"] == "ack" for m in heard), heard
        await play([ada, bo], rng, 2)
        final = ada.state["version"]
        log = await stored_log(nodes.database, code)
        assert len(log) == final >= 8 or ada.state["outcome"] is not None
        for player in (ada, bo):
            for version, action in player.acked.items():
                assert log[version - 1][1] == action
    finally:
        with contextlib.suppress(OSError):
            os.kill(frozen.proc.pid, signal.SIGCONT)
        nodes.stop()
