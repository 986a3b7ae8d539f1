"""A room handed over to another instance keeps its game's wait where it was: the instance that takes
it over runs the wait on from when it began, as a restarted server does
(tests/server/test_deadline_resume.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from tests.cluster.support import RedisServer, move_stored_times_back, start_cluster
from tests.server.support import Peer, my_move

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres, pytest.mark.live]

TIMER = 120  # UNO Duo's longest turn timer, in seconds


async def test_a_room_handed_over_runs_its_wait_on(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    # A lease and a heartbeat far longer than the test: the room moves by the hand-over of a stopped instance.
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                          "3600", "--lease", "120", "--heartbeat", "120")
    try:
        first = nodes.instances[0]
        code = first.post("/api/rooms", {"game": "uno-duo", "options": {"turn_timer": TIMER}})["code"]
        ada = await Peer.join(f"{first.ws}/ws/{code}", "Ada")
        await ada.sit(0)
        bo = await Peer.join(f"{first.ws}/ws/{code}", "Bo")
        await bo.sit(1)
        assert nodes.owner(code) is first
        await ada.send(type="start")
        states = {ada: await ada.until("state"), bo: await bo.until("state")}
        mover = ada if my_move(states[ada]) else bo
        sent = time.time()  # the move is accepted after this: its wait began no earlier
        await mover.send(type="action", action=states[mover]["legal"][0], version=0)
        await ada.state_at(1)

        await move_stored_times_back(nodes.database, 60)
        survivor = nodes.other(first)
        first.stop()  # SIGTERM: it hands its rooms over at once
        again = await Peer.join(f"{survivor.ws}/ws/{code}", "Ada", token=ada.token)
        state = await again.until("state")
        shown = time.time()
        assert nodes.owner(code) is survivor and state["version"] == 1
        # 60 s into the 120 s wait when the room moved: the players have 60 s left, not 120.
        left = state["deadline"]["seconds_left"]
        assert sent + TIMER - 60 - shown - 0.1 <= left <= TIMER - 60
        await again.close()
    finally:
        nodes.stop()
