"""What the instances of a cluster share besides rooms: the open-room list and the per-address limits."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from tests.cluster.support import RedisServer, run_apart, start_cluster
from tests.polling import until
from tests.server.support import ServerProcess, seated_pair

pytestmark = [pytest.mark.postgres, pytest.mark.live]


def post(instance: ServerProcess, body: Any) -> tuple[int, Any]:
    request = urllib.request.Request(instance.http + "/api/rooms", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.loads(refusal.read())


async def fill(instance: ServerProcess, code: str) -> None:
    ada, bo = await seated_pair(instance, code)
    await bo.room_until(lambda room: all(seat["kind"] == "human" for seat in room["seats"]))
    for peer in (ada, bo):
        await peer.close()


def test_open_rooms_and_the_room_limit_span_instances(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    # No address exempt: the test's own requests count, three rooms at once, then one per minute.
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--room-limit-exempt", "--room-burst", "3",
                          "--rooms-per-minute", "1")
    try:
        a, b = nodes.instances
        codes = [post(instance, {"game": "uno-duo"})[1]["code"] for instance in (a, b, a)]
        status, refusal = post(b, {"game": "uno-duo"})  # the fourth, on either instance, waits
        assert status == 429 and refusal["error"]["code"] == "rate_limited"
        status, bad = post(a, {"game": "no-such-game"})  # a wrong request still hears what is wrong
        assert status == 400 and bad["error"]["code"] == "unknown_game"
        for instance in (a, b):
            listed = instance.get("/api/rooms")
            assert [room["code"] for room in listed] == codes[::-1]  # newest first, from both instances
            assert all(room["status"] == "waiting" for room in listed)
            assert instance.get(f"/api/rooms/{codes[1]}")["code"] == codes[1]
        run_apart(fill(b, codes[0]))  # both seats taken, through the instance that did not create it
        for instance in (a, b):  # the owner writes the list just after it stored the seats
            listed = until(lambda at=instance: [room["code"] for room in at.get("/api/rooms")], codes[:0:-1])
            assert listed == codes[:0:-1]
    finally:
        nodes.stop()
