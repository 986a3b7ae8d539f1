"""Whose request is this: the client address every per-address limit counts.

The address is the socket's peer, unless that peer is a proxy this server trusts
(`--forwarded-allow-ips`): then it is the right-most address of `X-Forwarded-For`
that is not itself a trusted proxy. Entries to its left were written by whoever
connected to the proxy and prove nothing. An untrusted peer's `X-Forwarded-For` is
ignored, so nobody picks their own address by sending the header. By default no
proxy is trusted.

uvicorn has such a middleware, but trusts 127.0.0.1 unless told otherwise;
`duoplay serve` turns it off and uses this one.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_ADDRESS = 64  # characters of an address taken from a header; a longer one is cut


def network_problem(entry: str) -> str | None:
    """Why `entry` is not an address or a network (`10.0.0.0/8`), or None."""
    try:
        ipaddress.ip_network(entry.strip(), strict=False)
    except ValueError:
        return f"not an IP address or network: {entry!r}"
    return None


def split_entries(values: Iterable[str]) -> list[str]:
    """Addresses given as separate values, comma-separated, or both (as `$FORWARDED_ALLOW_IPS` is)."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _plain(entry: str) -> str:
    """An `X-Forwarded-For` entry without the port or brackets some proxies add."""
    entry = entry.strip()
    if entry.startswith("["):  # [2001:db8::1]:4711
        return entry[1:entry.find("]")] if "]" in entry else entry
    if entry.count(":") == 1:  # 203.0.113.7:4711
        return entry.split(":")[0]
    return entry


class AddressSet:
    """Addresses and networks; `address in` the set says whether one belongs."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.networks: tuple[Network, ...] = tuple(
            ipaddress.ip_network(entry, strict=False) for entry in split_entries(entries))

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, address: object) -> bool:
        if not self.networks or not isinstance(address, str):
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped  # a dual-stack socket's view of an IPv4 peer
        return any(ip in network for network in self.networks)

    def client(self, peer: str, forwarded: list[str]) -> str:
        """The client behind `peer`, given the `X-Forwarded-For` values of its request."""
        if peer not in self:
            return peer
        entries = [_plain(part) for value in forwarded for part in value.split(",")]
        entries = [entry for entry in entries if entry]
        for entry in reversed(entries):
            if entry not in self:
                return entry[:MAX_ADDRESS]
        # Every hop is a trusted proxy: the first one is the client (or the peer, with no header).
        return entries[0][:MAX_ADDRESS] if entries else peer


class ForwardedClient:
    """Sets the scope's client (and scheme, from `X-Forwarded-Proto`) from a trusted proxy's headers."""

    def __init__(self, app: ASGIApp, proxies: AddressSet) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.proxies:
            peer = scope.get("client")
            if peer is not None and peer[0] in self.proxies:
                forwarded: list[str] = []
                proto: str | None = None
                for name, value in scope["headers"]:
                    if name == b"x-forwarded-for":
                        forwarded.append(value.decode("latin-1"))
                    elif name == b"x-forwarded-proto":
                        proto = value.decode("latin-1").strip().lower()
                scope = dict(scope)
                scope["client"] = (self.proxies.client(peer[0], forwarded), 0)
                if proto in ("http", "https"):
                    scope["scheme"] = proto if scope["type"] == "http" else proto.replace("http", "ws")
        await self.app(scope, receive, send)
