"""Issue 32, second probe: the per-address limits count the client, not whatever the client says it is.

`X-Forwarded-For` names the client only when the socket's peer is a proxy the server trusts
(`--forwarded-allow-ips`, none by default), and then only its right-most entry that is not itself a
trusted proxy: what a client writes to its left changes nothing."""

from __future__ import annotations

import argparse
import subprocess
from collections.abc import Iterator

import pytest
from tests.security.addresses import http_from, join_from, socket_from, strict_server
from tests.server.support import DUOPLAY, ServerProcess

from duoplay.cli.serve import add_arguments, trusted_proxies
from duoplay.server.config import ServerConfig
from duoplay.server.proxies import AddressSet

pytestmark = pytest.mark.live

LIMITS = ("--room-burst", "2", "--rooms-per-minute", "1", "--connections-per-address", "2")
UNO = {"game": "uno-duo"}


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """No proxy trusted (the default)."""
    yield from strict_server(tmp_path_factory.mktemp("direct"), *LIMITS)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Behind a proxy on this machine."""
    workdir = tmp_path_factory.mktemp("proxied")
    yield from strict_server(workdir, *LIMITS, "--forwarded-allow-ips", "127.0.0.1")


def forwarded(chain: str) -> dict[str, str]:
    return {"X-Forwarded-For": chain}


@pytest.mark.asyncio
async def test_without_a_trusted_proxy_a_forwarded_for_header_buys_no_allowance(
    direct: ServerProcess,
) -> None:
    async with http_from("127.0.0.1") as client:
        made = [await client.post(direct.http + "/api/rooms", json=UNO, headers=forwarded(f"203.0.113.{n}"))
                for n in (1, 2, 3)]
        assert [answer.status_code for answer in made] == [201, 201, 429]
        assert made[2].json()["error"]["code"] == "rate_limited" and made[2].headers["Retry-After"]
        assert (await client.get(direct.http + "/healthz")).status_code == 200
    code = made[0].json()["code"]
    url = f"{direct.ws}/ws/{code}"
    first = [await join_from("127.0.0.1", url, f"Eve{n}", forwarded(f"203.0.113.{n}")) for n in (1, 2)]
    third = await socket_from("127.0.0.1", url, forwarded("203.0.113.3"))
    assert (await third.until("error"))["code"] == "too_many_connections"
    for peer in (*first, third):
        await peer.close()


@pytest.mark.asyncio
async def test_behind_a_trusted_proxy_the_right_most_untrusted_address_is_the_client(
    proxied: ServerProcess,
) -> None:
    rooms = proxied.http + "/api/rooms"
    async with http_from("127.0.0.1") as proxy:
        # The client wrote the left entries itself; the proxy appended the address it saw.
        chains = ("198.51.100.1, 203.0.113.7", "198.51.100.2, 203.0.113.7", "198.51.100.3, 203.0.113.7")
        made = [await proxy.post(rooms, json=UNO, headers=forwarded(chain)) for chain in chains]
        assert [answer.status_code for answer in made] == [201, 201, 429]
        assert made[2].json()["error"]["code"] == "rate_limited"
        # Another client of the proxy has its own allowance, also through a second trusted hop.
        assert (await proxy.post(rooms, json=UNO, headers=forwarded("203.0.113.8"))).status_code == 201
        two_hops = forwarded("203.0.113.9, 127.0.0.1")
        assert (await proxy.post(rooms, json=UNO, headers=two_hops)).status_code == 201
    async with http_from("127.0.0.2") as stranger:
        # A peer that is not a trusted proxy is counted as itself, whatever it forwards.
        tries = [await stranger.post(rooms, json=UNO, headers=forwarded(f"203.0.113.{n}"))
                 for n in (20, 21, 22)]
        assert [answer.status_code for answer in tries] == [201, 201, 429]
        assert (await stranger.get(proxied.http + "/healthz")).status_code == 200

    url = f"{proxied.ws}/ws/{made[0].json()['code']}"
    mine = [await join_from("127.0.0.1", url, f"Ada{n}", forwarded(f"198.51.100.{n}, 203.0.113.30"))
            for n in (1, 2)]
    over = await socket_from("127.0.0.1", url, forwarded("198.51.100.3, 203.0.113.30"))
    assert (await over.until("error"))["code"] == "too_many_connections"
    other = await join_from("127.0.0.1", url, "Bo", forwarded("203.0.113.31"))
    for peer in (*mine, over, other):
        await peer.close()


def test_the_client_is_read_from_the_right_past_trusted_proxies() -> None:
    proxies = AddressSet(["127.0.0.1", "10.0.0.0/24"])
    assert proxies.client("10.0.0.5", ["198.51.100.1, 203.0.113.7"]) == "203.0.113.7"
    assert proxies.client("10.0.0.5", ["203.0.113.7", "10.0.0.9"]) == "203.0.113.7"
    assert proxies.client("10.0.0.5", ["[2001:db8::1]:443"]) == "2001:db8::1"
    assert proxies.client("10.0.0.5", []) == "10.0.0.5"  # the proxy's own request
    assert proxies.client("::ffff:10.0.0.5", ["203.0.113.7"]) == "203.0.113.7"  # seen on a dual-stack socket
    assert proxies.client("192.0.2.1", ["203.0.113.7"]) == "192.0.2.1"  # not a proxy we trust
    assert AddressSet([]).client("127.0.0.1", ["203.0.113.7"]) == "127.0.0.1"  # none trusted by default


def test_no_address_is_spared_or_trusted_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    assert args.room_limit_exempt == [] and trusted_proxies(args) == []
    assert ServerConfig().room_limit_exempt == () and ServerConfig().forwarded_allow_ips == ()
    # The variable uvicorn reads still names the proxies, when an operator sets it.
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.11, 10.0.1.0/24")
    assert trusted_proxies(args) == ["10.0.0.11", "10.0.1.0/24"]
    assert trusted_proxies(parser.parse_args(["--forwarded-allow-ips", "192.0.2.1"])) == ["192.0.2.1"]


def test_an_address_that_is_not_one_is_refused_at_start() -> None:
    refused = subprocess.run([str(DUOPLAY), "serve", "--forwarded-allow-ips", "nginx"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--forwarded-allow-ips: not an IP address" in refused.stderr
