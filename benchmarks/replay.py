"""Replay cost: a 20,000-action match served by a real server while a probe room keeps moving.

A UNO Duo match of random play (target score 1,000) is written straight into the server's
SQLite database twice (two match ids), 20,000 actions long. A probe room (two clients moving
as fast as the server answers) runs throughout; its round trips are timed before and while
the replays are fetched. The fetches, by `curl` in a process of its own (so that receiving
6 MB does not slow the probe's own clients): the first match (the first replay also starts
the server's replay process), the second match (a whole build in a running replay process:
the figure that counts), then the second match again `--again` times (the replay process
keeps what it built). Figures: the time to serve each (request to last byte), the bytes
sent, the server's RSS before and after, and the probe's slowest round trip during the
fetches (the longest stall any room felt). Reference, in the same run: the same replay with
a whole view in every frame (the format before deltas), built in this process, its size and
build time.

    python benchmarks/replay.py [--actions 20000] [--again 2]

Last line: `replay: N actions, X s (asked again: A s), Y MB sent (whole views: Z MB), probe stall max W ms`.
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

from tqdm import tqdm

from duoplay.core.match import Match
from duoplay.core.registry import find_game
from duoplay.core.testing import random_playout
from duoplay.server.lobby import PLAYING, Seat
from duoplay.server.storage import RoomRow, Storage
from server_load import Table, Tally, client, create_rooms, rss_mb, start_server

MATCH_IDS = ("longreplay1", "longreplay2")


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
        log = match.log[:actions]
        for n, match_id in enumerate(MATCH_IDS):
            code = f"REPLAY{n}"
            await storage.create_room(RoomRow(code, header.game, {}, seats, PLAYING, match_id, 1.0))
            await storage.create_match(match_id, code, header, ["Ada", "Bo"], 1.0)
            with tqdm(total=len(log), desc=f"storing {match_id}", unit="action") as bar:
                for start in range(0, len(log), 1000):
                    # Queued together, in order: the storage writer commits them in batches.
                    run = log[start:start + 1000]
                    await asyncio.gather(*(storage.append_action(match_id, start + i + 1, entry, None)
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


async def fetch(base: str, match_id: str, out: Path) -> float:
    """Seconds from request to last byte, fetched by curl in a process of its own into `out`."""
    curl = await asyncio.create_subprocess_exec(
        "curl", "--silent", "--fail", "--max-time", "120", "--output", str(out),
        "--write-out", "%{time_total}", f"{base}/api/matches/{match_id}/replay",
        stdout=asyncio.subprocess.PIPE)
    took, _ = await curl.communicate()
    if curl.returncode != 0:
        raise SystemExit(f"curl failed ({curl.returncode}) fetching the replay of {match_id}")
    return float(took)


async def measure(base: str, server_pid: int, again: int, workdir: Path) -> tuple[
        list[float], list[int], list[float], list[float], float, float]:
    probe = Probe(base)
    await probe.start()
    await asyncio.sleep(3)
    before = probe.take()
    rss_before = rss_mb(server_pid)
    seconds, sizes, during = [], [], []
    order = [MATCH_IDS[0], MATCH_IDS[1]] + [MATCH_IDS[1]] * again
    for match_id in tqdm(order, desc="fetching replays", unit="fetch"):
        probe.take()
        out = workdir / "replay.json"
        seconds.append(await fetch(base, match_id, out))
        during.extend(probe.take())
        content = out.read_bytes()
        sizes.append(len(content))
        body = json.loads(content)
        assert len(body["frames"]) == body["header"]["moves"] + 1 and body["stopped"] is None
        await asyncio.sleep(1)
    rss_after = rss_mb(server_pid)
    await probe.close()
    return seconds, sizes, before, during, rss_before, rss_after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--again", type=int, default=2, help="fetches of the second match once built")
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
                measure(base, proc.pid, args.again, workdir))
        finally:
            proc.terminate()
            proc.wait(10)

    first, built, *again = seconds
    asked_again = statistics.median(again) if again else float("nan")
    sent_mb = statistics.median(sizes) / 1e6
    stall = ms(during, 1.0)
    print(f"match: {args.actions} actions of UNO Duo (random play), stored twice")
    print(f"first match, replay process started by it: {first:.2f} s")
    print(f"second match, built whole in the running replay process: {built:.2f} s")
    each = ", ".join(f"{s:.2f}" for s in again)
    print(f"second match asked again (median): {asked_again:.2f} s (each: {each})")
    larger = reference_bytes / statistics.median(sizes)
    print(f"sent: {sent_mb:.1f} MB; reference, whole views in every frame: {reference_bytes / 1e6:.1f} MB "
          f"({larger:.1f}x larger), built in {reference_seconds:.2f} s CPU")
    print(f"server RSS: {rss_before:.0f} MB before, {rss_after:.0f} MB after")
    print(f"probe room round trips: before p50 {ms(before, 0.5):.1f} ms, max {ms(before, 1.0):.1f} ms "
          f"({len(before)} moves); during the fetches p50 {ms(during, 0.5):.1f} ms, "
          f"p99 {ms(during, 0.99):.1f} ms, max {stall:.1f} ms ({len(during)} moves)")
    whole_mb = reference_bytes / 1e6
    print(f"replay: {args.actions} actions, {built:.2f} s (asked again: {asked_again:.2f} s), "
          f"{sent_mb:.1f} MB sent (whole views: {whole_mb:.1f} MB), probe stall max {stall:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
