"""The queue of a cluster lives in its Redis: people who join on different instances meet, and any
instance answers a ticket."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from redis.asyncio import Redis
from tests.cluster.support import RedisServer, run_apart, start_cluster
from tests.server.support import ServerProcess
from tests.web.conftest import browser_type_launch_args  # noqa: F401 - Debian's Chromium
from tests.web.tables import LAPTOP, PHONE, SLOW, TABLE, NewContext

from duoplay.server.matchmaking.shared import SharedQueue
from duoplay.server.matchmaking.tickets import Ticket

pytestmark = [pytest.mark.postgres, pytest.mark.live]


def join(instance: ServerProcess, game: str, name: str) -> dict[str, Any]:
    request = urllib.request.Request(instance.http + "/api/queue", method="POST",
                                     data=json.dumps({"game": game, "name": name}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def test_people_who_join_on_two_instances_are_seated_together(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path
) -> None:
    # Duplik takes up to eight: with three the queue waits for more, here longer than the test runs.
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--queue-more-seconds", "600")
    try:
        a, b = nodes.instances
        ada = join(a, "duplik", "Ada")
        bo = join(b, "duplik", "Bo")
        # Each instance counts everyone waiting in the shared queue, and answers the other's tickets.
        assert a.get(f"/api/queue/{bo['ticket']}")["waiting"] == 2
        assert b.get(f"/api/queue/{ada['ticket']}")["waiting"] == 2
        cy = join(a, "duplik", "Cy")  # Duplik's third: the table waits for more
        seats = [instance.get(f"/api/queue/{ticket['ticket']}")
                 for instance, ticket in ((b, ada), (a, bo), (b, cy))]
        assert all(seat["state"] == "waiting" for seat in seats)
        bots = urllib.request.Request(f"{b.http}/api/queue/{cy['ticket']}/bots", method="POST")
        with urllib.request.urlopen(bots, timeout=30) as answer:  # no wait: Cy takes the table now
            taken = json.loads(answer.read())
        assert taken["state"] == "seated"
        seats = [instance.get(f"/api/queue/{ticket['ticket']}") for instance, ticket in ((a, ada), (b, bo))]
        assert {seat["code"] for seat in seats} == {taken["code"]}
        assert sorted(seat["seat"] for seat in [*seats, taken]) == [0, 1, 2]
        room = a.get(f"/api/rooms/{taken['code']}")
        assert room["status"] == "playing" and all(seat["kind"] == "human" for seat in room["seats"])
        # Not in the open-room list (its owner writes the list just after it stored the start).
        end = time.monotonic() + 5
        while taken["code"] in [r["code"] for r in b.get("/api/rooms")] and time.monotonic() < end:
            time.sleep(0.05)
        assert taken["code"] not in [listed["code"] for listed in b.get("/api/rooms")]
    finally:
        nodes.stop()


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_two_browsers_on_two_instances_sit_at_one_table(
    postgres_url: str, fresh_redis: RedisServer, tmp_path: Path, new_context: NewContext, size: str
) -> None:
    viewport = {"laptop": LAPTOP, "phone": PHONE}[size]
    nodes = start_cluster(2, postgres_url, fresh_redis, tmp_path)
    try:
        pages, errors = [], []
        for instance, name in zip(nodes.instances, ("Ada", "Bo"), strict=True):
            page = new_context(viewport=viewport, has_touch=viewport is PHONE).new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{instance.http}/queue/uno-duo")
            page.fill("#queue-name", name)
            page.click("#queue-find")
            pages.append(page)
        for page in pages:
            page.wait_for_url("**/room/*", timeout=SLOW)
            page.wait_for_selector(f"{TABLE['uno-duo']}[data-version]", timeout=SLOW)
            expect(page.locator("li.seat .badge.you")).to_have_count(1)
        codes = {page.url.split("/room/")[1] for page in pages}
        assert len(codes) == 1
        assert [page.url.split("/room/")[0] for page in pages] == [i.http for i in nodes.instances]
        assert errors == []
    finally:
        nodes.stop()


def ticket(name: str, owner: str, joined: float) -> Ticket:
    return Ticket(name, "duplik:-:casual", "duplik", None, False, name, "10.0.0.1", owner, joined)


def test_the_shared_queue_keeps_one_ticket_per_owner_forgets_unread_ones_and_seats_one_at_a_time(
    fresh_redis: RedisServer,
) -> None:
    async def scenario() -> None:
        redis = Redis.from_url(fresh_redis.url, decode_responses=True)
        store = SharedQueue(redis, ttl=0.5)
        try:
            await store.put(ticket("ada", "ada", 1.0))
            assert await store.put(ticket("ada-2", "ada", 2.0)) == "ada"  # the same owner: replaced
            await store.put(ticket("bo", "bo", 3.0))
            assert [t.id for t in await store.waiting("duplik:-:casual")] == ["ada-2", "bo"]
            assert await store.get("ada") is None
            async with store.turn("duplik:-:casual") as mine, store.turn("duplik:-:casual") as theirs:
                assert mine and not theirs
            # Bo keeps asking; Ada's page was closed: her ticket expires and leaves the queue.
            end = time.monotonic() + 10
            while len(await store.waiting("duplik:-:casual")) > 1 and time.monotonic() < end:
                assert await store.get("bo") is not None
                await asyncio.sleep(0.05)
            assert [t.id for t in await store.waiting("duplik:-:casual")] == ["bo"]
            await store.remove("bo")
            assert await store.waiting("duplik:-:casual") == []
            assert await store.queues() == []
        finally:
            await redis.aclose()

    run_apart(scenario())
