"""A TCP relay that delays what it forwards, as a link across a data centre would.

`python benchmarks/delay_relay.py --delay-ms 1.5 10.213.1.1:5432=127.0.0.1:5432 ...` listens on each
address on the left of an `=` and forwards every connection it accepts there to the address on the
right. Every chunk read on one side is written to the other `delay` after it arrived: chunks keep their
order, and the delay is the link's, not per byte nor added up (chunks in flight overlap, as packets on a
wire). A direction holding more than `HELD_BYTES` stops reading until it has delivered half of them, and
one whose receiver does not keep up stops writing, so a slow reader holds its writer back as TCP would.
When either side closes, what is on its way to the other is delivered and both are closed (no
half-closed connections: the protocols relayed here, PostgreSQL's and Redis's, do not use them). Setting
up a connection is not delayed.

The kernel of the benchmark's machines has no netem qdisc, hence this relay. Its event loop waits with
select(), whose timeout is in microseconds (epoll's is rounded up to whole milliseconds, which would
hold a 1.5 ms chunk 2 ms); still, a chunk is held its delay and whatever the loop takes to wake, more on
a busy machine: on SIGTERM the relay prints how long it held chunks (`held: ...`) before it stops. It
prints `ready` once it listens.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import selectors
import signal
import sys
from dataclasses import dataclass

HELD_BYTES = 4 * 1024 * 1024  # per direction: far more than 1-2 ms of these links carry

Address = tuple[str, int]


@dataclass
class Holds:
    """How long chunks were held (in seconds), and how often a direction stopped reading."""

    chunks: int = 0
    total: float = 0.0
    longest: float = 0.0
    pauses: int = 0
    most_bytes: int = 0  # the most one direction held at once

    def add(self, seconds: float) -> None:
        self.chunks += 1
        self.total += seconds
        self.longest = max(self.longest, seconds)

    def __str__(self) -> str:
        mean = self.total / self.chunks * 1000 if self.chunks else 0.0
        return (f"{self.chunks} chunks, mean {mean:.2f} ms, longest {self.longest * 1000:.2f} ms;"
                f" reading stopped {self.pauses} time(s) for a slow receiver")


class Side(asyncio.Protocol):
    """One of a relayed connection's two sockets."""

    def __init__(self, relayed: Relayed) -> None:
        self.relayed = relayed
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.relayed.made(self)

    def data_received(self, data: bytes) -> None:
        self.relayed.leaving(self).push(data)

    def eof_received(self) -> bool:
        self.relayed.leaving(self).end()
        return True  # closed by the relay, once what is on its way has arrived

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.relayed.lost(self)

    def pause_writing(self) -> None:
        self.relayed.arriving(self).hold_writes(True)

    def resume_writing(self) -> None:
        self.relayed.arriving(self).hold_writes(False)


class Direction:
    """The chunks read from `source` on their way to `target`, each written `delay` after it arrived."""

    def __init__(self, relayed: Relayed, source: Side, target: Side) -> None:
        self.relayed, self.source, self.target = relayed, source, target
        self.loop = relayed.loop
        self.held: collections.deque[tuple[float, bytes]] = collections.deque()
        self.held_bytes = 0
        self.timer: asyncio.TimerHandle | None = None
        self.reading_paused = self.writes_held = self.ended = False

    def push(self, data: bytes) -> None:
        self.held.append((self.loop.time() + self.relayed.delay, data))
        self.held_bytes += len(data)
        holds = self.relayed.holds
        holds.most_bytes = max(holds.most_bytes, self.held_bytes)
        if self.held_bytes > HELD_BYTES and not self.reading_paused and self.source.transport is not None:
            self.source.transport.pause_reading()
            self.reading_paused = True
            holds.pauses += 1
        self.schedule()

    def end(self) -> None:
        self.ended = True
        self.deliver()

    def drop(self) -> None:
        """The target is gone: nothing more can reach it."""
        self.held.clear()
        self.held_bytes = 0
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def hold_writes(self, held: bool) -> None:
        self.writes_held = held
        if not held:
            self.deliver()

    def schedule(self) -> None:
        if self.timer is None and self.held and not self.writes_held and self.target.transport is not None:
            self.timer = self.loop.call_at(self.held[0][0], self.deliver)

    def deliver(self) -> None:
        """Write every chunk that is due, then wait for the next one."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        target = self.target.transport
        now = self.loop.time()
        while self.held and self.held[0][0] <= now and not self.writes_held and target is not None:
            due, chunk = self.held.popleft()
            self.held_bytes -= len(chunk)
            self.relayed.holds.add(now - due + self.relayed.delay)
            target.write(chunk)
        if self.reading_paused and self.held_bytes <= HELD_BYTES // 2 and self.source.transport is not None:
            self.source.transport.resume_reading()
            self.reading_paused = False
        if self.ended and not self.held:
            self.relayed.close()
        else:
            self.schedule()


class Relayed:
    """One accepted connection, its counterpart to the target, and a direction each way."""

    def __init__(self, target: Address, delay: float, holds: Holds) -> None:
        self.loop = asyncio.get_running_loop()
        self.target, self.delay, self.holds = target, delay, holds
        self.client, self.upstream = Side(self), Side(self)
        self.outward = Direction(self, self.client, self.upstream)
        self.inward = Direction(self, self.upstream, self.client)

    def leaving(self, side: Side) -> Direction:
        return self.outward if side is self.client else self.inward

    def arriving(self, side: Side) -> Direction:
        return self.inward if side is self.client else self.outward

    def made(self, side: Side) -> None:
        if side is self.client:
            self.loop.create_task(self.connect())
        else:
            self.outward.deliver()  # what the client sent, or its end, while the connection was being made

    async def connect(self) -> None:
        try:
            await self.loop.create_connection(lambda: self.upstream, *self.target)
        except OSError:
            self.close()

    def lost(self, side: Side) -> None:
        self.arriving(side).drop()
        self.leaving(side).end()

    def close(self) -> None:
        for direction in (self.outward, self.inward):
            direction.drop()
        for side in (self.client, self.upstream):
            if side.transport is not None:
                side.transport.close()  # after what it was given to write


async def start(links: list[tuple[Address, Address]], delay: float, holds: Holds) -> list[asyncio.Server]:
    """Listen on each link's first address, relaying to its second with `delay` seconds each way."""
    loop = asyncio.get_running_loop()
    servers = []
    try:
        for (host, port), target in links:
            servers.append(await loop.create_server(
                lambda target=target: Relayed(target, delay, holds).client, host, port, reuse_address=True))
    except BaseException:
        for server in servers:
            server.close()
        raise
    return servers


async def serve(links: list[tuple[Address, Address]], delay: float) -> None:
    holds = Holds()
    servers = await start(links, delay, holds)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    print("ready", flush=True)
    await stopping.wait()
    for server in servers:
        server.close()
    print(f"held: {holds}", flush=True)


def parse_address(text: str) -> Address:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"not HOST:PORT: {text}")
    return host.strip("[]"), int(port)


def parse_link(text: str) -> tuple[Address, Address]:
    listen, equals, target = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"not LISTEN=TARGET: {text}")
    return parse_address(listen), parse_address(target)


def select_loop() -> asyncio.AbstractEventLoop:
    """An event loop on select(), for its timeouts to the microsecond. It takes file descriptors below
    1024 only: a few instances' pools of connections are far fewer."""
    return asyncio.SelectorEventLoop(selectors.SelectSelector())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--delay-ms", type=float, default=1.5, help="delay each way, in ms (default 1.5)")
    parser.add_argument("links", nargs="+", type=parse_link, metavar="LISTEN=TARGET",
                        help="HOST:PORT to listen on = HOST:PORT to forward to")
    args = parser.parse_args()
    if args.delay_ms < 0:
        parser.error("--delay-ms must be 0 or more")
    try:
        with asyncio.Runner(loop_factory=select_loop) as runner:
            runner.run(serve(args.links, args.delay_ms / 1000))
    except OSError as error:
        print(f"delay_relay: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
