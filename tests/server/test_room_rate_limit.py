"""Creating rooms over HTTP is limited per client address, against the real server process.

Requests come from distinct loopback addresses (127.0.0.2, 127.0.0.3, ...):
the server listens on 127.0.0.1 and sees each as its own client. 127.0.0.1
itself is exempt, as the suite's servers make it (`--room-limit-exempt`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.support import ServerProcess, running_server

from duoplay.server.ratelimit import TokenBuckets

pytestmark = pytest.mark.live


def client_from(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def create(
    client: httpx.Client, server: ServerProcess, body: Any = None, forwarded_for: str | None = None
) -> httpx.Response:
    headers = {} if forwarded_for is None else {"X-Forwarded-For": forwarded_for}
    return client.post(
        server.http + "/api/rooms", json={"game": "uno-duo"} if body is None else body, headers=headers
    )


def open_codes(server: ServerProcess) -> set[str]:
    return {room["code"] for room in server.get("/api/rooms")}


def test_the_eleventh_quick_room_from_one_address_is_refused_while_others_still_create(
    server: ServerProcess,
) -> None:
    with client_from("127.0.0.2") as mine, client_from("127.0.0.3") as other:
        answers = [create(mine, server) for _ in range(10)]
        assert [a.status_code for a in answers] == [201] * 10
        before = open_codes(server)
        refused = create(mine, server)
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert error["code"] == "rate_limited" and error["message"]
        # The default allowance comes back at 4 a minute: one room every 15 s.
        assert 1 <= int(refused.headers["Retry-After"]) <= 15
        assert open_codes(server) == before

        assert create(other, server).status_code == 201
        # Input that is wrong still gets its own typed error, limited or not.
        broken = mine.post(server.http + "/api/rooms", content=b"{game: uno")
        assert broken.status_code == 400 and broken.json()["error"]["code"] == "malformed_request"
        assert create(mine, server).status_code == 429


def test_refused_requests_do_not_use_up_the_allowance(server: ServerProcess) -> None:
    with client_from("127.0.0.4") as client:
        for body in ({"game": "chess"}, {"game": "uno-duo", "seats": 3}, [1, 2]) * 4:
            answer = create(client, server, body)
            assert answer.status_code == 400 and answer.json()["error"]["code"] != "rate_limited"
        assert [create(client, server).status_code for _ in range(10)] == [201] * 10
        assert create(client, server).status_code == 429
        # Limited, a wrong request still hears what is wrong with it.
        unknown = create(client, server, {"game": "chess"})
        assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "unknown_game"
        assert create(client, server).status_code == 429


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that trusts this machine as its proxy (`--forwarded-allow-ips`)."""
    workdir = tmp_path_factory.mktemp("proxied")
    database = f"sqlite+aiosqlite:///{workdir / 'duoplay.db'}"
    with running_server(database, workdir, "--forwarded-allow-ips", "127.0.0.1") as process:
        yield process


def test_behind_a_local_proxy_each_forwarded_client_has_its_own_allowance(
    behind_proxy: ServerProcess,
) -> None:
    server = behind_proxy
    with client_from("127.0.0.1") as proxy:
        statuses = [create(proxy, server, forwarded_for="203.0.113.7").status_code for _ in range(11)]
        assert statuses == [201] * 10 + [429]
        assert create(proxy, server, forwarded_for="203.0.113.8").status_code == 201
        # The proxy's own requests (this machine) are not limited.
        assert [create(proxy, server).status_code for _ in range(12)] == [201] * 12


@pytest.fixture
def quick_refill(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose allowance is 2 rooms, coming back at 2 a second."""
    database = f"sqlite+aiosqlite:///{tmp_path / 'duoplay.db'}"
    with running_server(database, tmp_path, "--room-burst", "2", "--rooms-per-minute", "120") as process:
        yield process


def test_the_allowance_comes_back_after_retry_after(quick_refill: ServerProcess) -> None:
    with client_from("127.0.0.2") as client:
        assert [create(client, quick_refill).status_code for _ in range(2)] == [201, 201]
        refused = create(client, quick_refill)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
        time.sleep(int(refused.headers["Retry-After"]))  # the wait the server names
        assert create(client, quick_refill).status_code == 201


def test_the_limit_remembers_a_bounded_number_of_addresses() -> None:
    now = [0.0]
    buckets = TokenBuckets(burst=10, per_second=4 / 60, max_keys=100, clock=lambda: now[0])
    for n in range(5000):
        assert buckets.take(f"10.0.{n // 256}.{n % 256}") == 0.0
        assert len(buckets) <= 100
    # Once every address has had time to refill, nothing needs remembering.
    now[0] += 10 / (4 / 60)
    buckets.take("10.9.9.9")
    assert len(buckets) == 1
    # A busy address stays limited while others come and go within the bound.
    for _ in range(10):
        buckets.take("10.9.9.9")
    for n in range(50):
        buckets.take(f"10.8.0.{n}")
    assert buckets.take("10.9.9.9") == pytest.approx(15.0)
