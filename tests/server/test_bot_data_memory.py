"""A server keeps out of its own memory what only bots need: the DUOS association bot's vectors,
dictionaries and encoder load in the bot pool's workers, which decide, not in the server, which
only applies moves (they once cost every server with a DUOS room about 180 MB)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from tests.server.support import running_server

pytestmark = pytest.mark.live

MB = 1024 * 1024


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the bot pool's workers come from a fork server, a child)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def test_a_duos_room_loads_the_bots_data_in_the_bot_pool_and_not_in_the_server(
        tmp_path: Path, sqlite_url: str) -> None:
    with running_server(sqlite_url, tmp_path) as server:
        assert server.proc is not None
        workers_before = {pid: rss(pid) for pid in descendants(server.proc.pid)}  # started with it
        server_before = rss(server.proc.pid)
        answer = httpx.post(server.http + "/api/rooms", json={"game": "duos", "options": {}}, timeout=30)
        assert answer.status_code == 201
        deadline = time.monotonic() + 240
        grown = 0
        while time.monotonic() < deadline and grown < 100 * MB:
            grown = max((rss(pid) - before for pid, before in workers_before.items()), default=0)
            time.sleep(0.5)
        assert grown >= 100 * MB, "no bot pool worker loaded the association bot's data"
        assert rss(server.proc.pid) - server_before < 40 * MB
