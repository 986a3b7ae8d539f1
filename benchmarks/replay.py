"""Replay cost: a 20,000-action match served by a real server while a probe room keeps moving.

A UNO Duo match of random play (target score 1,000) is written straight into the server's
SQLite database, 20,000 actions long. A probe room (two clients moving as fast as the server
answers) runs throughout; its round trips are timed before and while the replay is fetched.
Figures: the time to serve the replay (request to last byte), the bytes sent, the server's RSS
before and after, and the probe's slowest round trip during the fetch (the longest stall
any room felt). Reference, in the same run: the same replay with a whole view in every frame
(the format before deltas), built in this process, its size and build time.

    python benchmarks/replay.py [--actions 20000] [--fetches 3]

Last line: `replay: N actions, X s, Y MB sent (whole views: Z MB), probe stall max W ms`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from tqdm import tqdm

from duoplay.core.match import Match
from duoplay.core.registry import find_game
from duoplay.core.testing import random_playout
from duoplay.server.lobby import PLAYING, Seat
from duoplay.server.storage import RoomRow, Storage
from server_load import Table, Tally, client, create_rooms, rss_mb, start_server

MATCH_ID = "longreplay"


def long_match(actions: int) -> Match:
    """Random play until a match has at least `actions` actions (a high target score makes it long)."""
    for seed in range(1, 100):
        match = random_playout(find_game("uno-duo"), 2, seed, {"target_score": 1000})
        if len(match.log) >= actions:
            return match
    raise SystemExit(f"no random match reached {actions} actions")


async def store(database: str, match: Match, actions: int) -> None:
    storage = Storage(database)
    await storage.start()
    try:
        header = match.header
        seats = [Seat().to_json()] * header.seats
        await storage.create_room(RoomRow("REPLAY", header.game, {}, seats, PLAYING, MATCH_ID, 1.0))
        await storage.create_match(MATCH_ID, "REPLAY", header, ["Ada", "Bo"], 1.0)
        log = match.log[:actions]
        with tqdm(total=len(log), desc="storing", unit="action") as bar:
            for start in range(0, len(log), 1000):
                # Queued together, in order: the storage writer commits them in batches.
                run = log[start:start + 1000]
                await asyncio.gather(*(storage.append_action(MATCH_ID, start + i + 1, entry, None)
                                       for i, entry in enumerate(run)))
                bar.update(len(run))
    finally:
        await storage.close()


def whole_view_reference(match: Match, actions: int) -> tuple[float, int]:
    """The replay as it was built before deltas: every frame with its whole view."""
    started = time.process_time()
    fresh = Match.start(match.header)
    size = len(json.dumps(fresh.view(None)))
    for entry in tqdm(match.log[:actions], desc="whole-view reference", unit="action"):
        events = fresh.act(entry.seat, entry.action)
        shown = [e.visible_to(None) for e in events]
        frame = {"version": fresh.version, "view": fresh.view(None), "events": shown}
        size += len(json.dumps(frame, ensure_ascii=False, separators=(",", ":"))) + 1
    return time.process_time() - started, size


class Probe:
    """A UNO Duo room whose two clients move as fast as the server answers."""

    def __init__(self, base: str) -> None:
        self.base, self.tally = base, Tally()
        self.recording, self.stop, self.ready = asyncio.Event(), asyncio.Event(), asyncio.Event()
        self.sockets: list[Any] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        (code,) = create_rooms(self.base, 1)
        table = Table(code)
        url = self.base.replace("http", "ws") + f"/ws/{code}"
        counter = type("Counter", (), {"value": 0})()
        for seat in (0, 1):
            self.tasks.append(asyncio.create_task(client(url, table, seat, "max", self.tally, self.recording,
                                                         self.stop, self.ready, counter, self.sockets)))
        await asyncio.wait_for(self.ready.wait(), 60)
        self.recording.set()

    def take(self) -> list[float]:
        taken, self.tally.latencies = self.tally.latencies, []
        return taken

    async def close(self) -> None:
        self.stop.set()
        for ws in self.sockets:
            await ws.close()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def fetch(base: str) -> tuple[float, bytes]:
    started = time.monotonic()
    async with httpx.AsyncClient(timeout=120) as http:
        answer = await http.get(f"{base}/api/matches/{MATCH_ID}/replay")
    took = time.monotonic() - started
    answer.raise_for_status()
    return took, answer.content


async def measure(base: str, server_pid: int, fetches: int) -> tuple[list[float], list[int], list[float],
                                                                      list[float], float, float]:
    probe = Probe(base)
    await probe.start()
    await asyncio.sleep(3)
    before = probe.take()
    rss_before = rss_mb(server_pid)
    seconds, sizes, during = [], [], []
    for _ in tqdm(range(fetches), desc="fetching the replay", unit="fetch"):
        probe.take()
        took, content = await fetch(base)
        during.extend(probe.take())
        seconds.append(took)
        sizes.append(len(content))
        # Read after the probe's window: parsing 6 MB here would stall this process's own clients.
        body = json.loads(content)
        assert len(body["frames"]) == body["header"]["moves"] + 1 and body["stopped"] is None
        await asyncio.sleep(1)
    rss_after = rss_mb(server_pid)
    await probe.close()
    return seconds, sizes, before, during, rss_before, rss_after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--fetches", type=int, default=3)
    args = parser.parse_args()

    print(f"building a match of at least {args.actions} actions...", file=sys.stderr)
    match = long_match(args.actions)
    reference_seconds, reference_bytes = whole_view_reference(match, args.actions)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        proc, base = start_server(workdir, rate_limit=1000)
        try:
            asyncio.run(store(f"sqlite+aiosqlite:///{workdir / 'load.db'}", match, args.actions))
            seconds, sizes, before, during, rss_before, rss_after = asyncio.run(
                measure(base, proc.pid, args.fetches))
        finally:
            proc.terminate()
            proc.wait(10)

    served = statistics.median(seconds)
    sent_mb = statistics.median(sizes) / 1e6
    stall = ms(during, 1.0)
    print(f"match: {args.actions} actions of UNO Duo (random play), {args.fetches} fetches")
    each = ", ".join(f"{s:.2f}" for s in seconds)
    print(f"served in (median): {served:.2f} s (each: {each}; the first one starts the replay process)")
    larger = reference_bytes / statistics.median(sizes)
    print(f"sent: {sent_mb:.1f} MB; reference, whole views in every frame: {reference_bytes / 1e6:.1f} MB "
          f"({larger:.1f}x larger), built in {reference_seconds:.2f} s CPU")
    print(f"server RSS: {rss_before:.0f} MB before, {rss_after:.0f} MB after")
    print(f"probe room round trips: before p50 {ms(before, 0.5):.1f} ms, max {ms(before, 1.0):.1f} ms "
          f"({len(before)} moves); during the fetches p50 {ms(during, 0.5):.1f} ms, "
          f"p99 {ms(during, 0.99):.1f} ms, max {stall:.1f} ms ({len(during)} moves)")
    print(f"replay: {args.actions} actions, {served:.2f} s, {sent_mb:.1f} MB sent "
          f"(whole views: {reference_bytes / 1e6:.1f} MB), probe stall max {stall:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
