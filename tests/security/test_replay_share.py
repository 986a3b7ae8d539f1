"""Issue 32, second probe: one address cannot hold the whole replay queue.

Eight replays are built or waited for at a time; eight requests from one address took every place,
and everyone else was told to come back later. An address now holds at most two of them
(`MAX_WAITING_PER_ADDRESS`); its others are refused at once, and another address is served."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from tests.security.addresses import http_from, strict_server
from tests.server.support import ServerProcess

from duoplay.server.replays import MAX_WAITING, MAX_WAITING_PER_ADDRESS

pytestmark = pytest.mark.live


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from strict_server(tmp_path_factory.mktemp("replays"))


def _code(answer: httpx.Response) -> str:
    code: str = answer.json()["error"]["code"]
    return code


@pytest.mark.asyncio
async def test_eight_replays_from_one_address_leave_room_for_another(server: ServerProcess) -> None:
    # A match nobody played: its replay is still looked for in the replay process, which starts on
    # this first request (a new interpreter importing the server: a second or more), so the first
    # requests wait for it while the others arrive, a few milliseconds apart.
    path = "/api/matches/nosuch/replay"
    async with http_from("127.0.0.2", timeout=60) as mine, http_from("127.0.0.3", timeout=60) as other:
        asked = {asyncio.create_task(mine.get(server.http + path)) for _ in range(MAX_WAITING)}
        answered: set[asyncio.Task[httpx.Response]] = set()
        waiting = asked
        while len(answered) < MAX_WAITING - MAX_WAITING_PER_ADDRESS:
            done, waiting = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            answered |= done
        refused = [task.result() for task in answered]
        assert [(a.status_code, _code(a)) for a in refused] == [(429, "replays_busy")] * len(refused)
        assert refused[0].headers["Retry-After"] == "1"
        # Two still wait for the replay process; another address is served beside them.
        assert len(waiting) == MAX_WAITING_PER_ADDRESS
        theirs = await other.get(server.http + path)
        assert (theirs.status_code, _code(theirs)) == (404, "match_not_found")
        kept = await asyncio.gather(*waiting)
        assert {(a.status_code, _code(a)) for a in kept} == {(404, "match_not_found")}
        assert (await mine.get(server.http + "/healthz")).status_code == 200
