"""Load on the real server: N WebSocket clients in N/2 UNO Duo rooms, each playing like a person.

The server runs in its own process (`duoplay serve`, a fresh SQLite file); the
clients run in several worker processes, both seats of a room in the same
worker so one clock times the round trip: from an action sent to the moment
every seat of the room has received the view that includes it.

    python benchmarks/server_load.py --clients 1000 --duration 60
    python benchmarks/server_load.py --clients 200 --mode max --duration 40
    python benchmarks/server_load.py --mix

Mode human: each client acts 1-3 s (at random) after its turn comes.
Mode max: no think time; it runs steps with more and more rooms and reports
the most actions/s reached with p99 under 100 ms.
--mix (human pace, 1,000 clients by default): UNO Duo rooms of one person against
the ismcts bot, DUOS rooms of 4-6 seats where people and association bots play,
and UNO Duo rooms of two people, all on one server whose bots think in its bot
pool. Clients use message ids and delta views; an action is timed from its send
to the later of its ack and the last client of its room receiving the state of
its version. It also prints bytes received per action per client and the bot
actions seen per second.
Every mode ends with the longest event-loop stall, garbage collection and commit the
server logged while it was measured (it reports them every 10 s) and its RSS per
connected client; the run exits with status 1 if a pause exceeded --pause-limit-ms (50).
The last line is `clients: N, p50 ms: X, p99 ms: Y, errors: E`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import multiprocessing as mp
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event as MpEvent
from pathlib import Path
from typing import Any

import orjson
from tqdm import tqdm

from duoplay.server.collector import run_collector

DUOPLAY = Path(sys.executable).with_name("duoplay")
TARGET_P99_MS = 100.0


# --- the client side (runs in worker processes) ----------------------------------------------


@dataclass
class Table:
    """One room's two clients, sharing the timing of each action."""

    code: str
    sent: dict[int, float] = field(default_factory=dict)  # version expected -> time the action was sent
    seen: dict[int, list[float]] = field(default_factory=dict)  # version -> receive times, one per seat
    match: int = 0  # rematches restart versions; times are kept per match


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    lags: list[float] = field(default_factory=list)


def think(mode: str, rng: random.Random) -> float:
    return rng.uniform(1.0, 3.0) if mode == "human" else 0.0


async def client(
    url: str,
    table: Table,
    seat: int,
    mode: str,
    tally: Tally,
    recording: asyncio.Event,
    stop: asyncio.Event,
    ready: asyncio.Event,
    counter: Any,
    sockets: list[Any],
) -> None:
    import websockets

    rng = random.Random(hash((table.code, seat)))
    async with websockets.connect(url, max_size=None, open_timeout=60, ping_interval=None) as ws:
        await ws.send(json.dumps({"v": 1, "type": "hello", "name": f"load{seat}", "token": None}))
        await ws.send(json.dumps({"v": 1, "type": "sit", "seat": seat}))
        pending: asyncio.Task[None] | None = None

        async def act_later(delay: float, message: dict[str, Any], version: int) -> None:
            await asyncio.sleep(delay)
            if stop.is_set():
                return
            table.sent[version] = time.monotonic()
            await ws.send(json.dumps(message))

        sockets.append(ws)
        async for raw in ws:  # ends when the worker closes the socket
            now = time.monotonic()
            msg = orjson.loads(raw)  # the clients' largest cost with json (43% of their CPU)
            kind = msg["type"]
            if kind == "error":
                if recording.is_set():
                    tally.errors += 1
                    tally.error_codes[msg["code"]] = tally.error_codes.get(msg["code"], 0) + 1
            elif kind == "room":
                room = msg["room"]
                full = all(s["kind"] == "human" for s in room["seats"])
                if seat == 0 and full and room["status"] == "waiting":
                    await ws.send(json.dumps({"v": 1, "type": "start"}))
            elif kind == "state":
                version = msg["version"]
                if version == 0:
                    table.sent.clear()
                    table.seen.clear()
                    ready.set()
                times = table.seen.setdefault(version, [])
                times.append(now)
                if len(times) == 2:
                    del table.seen[version]
                    sent = table.sent.pop(version, None)
                    if sent is not None and recording.is_set():
                        tally.latencies.append(max(times) - sent)
                        tally.actions += 1
                        counter.value += 1
                view = msg["view"]
                if pending is not None and not pending.done():
                    continue
                if msg["outcome"] is not None:
                    if seat == 0:  # a rematch keeps the load going
                        start = {"v": 1, "type": "start"}
                        pending = asyncio.create_task(act_later(think(mode, rng), start, -1))
                elif seat in view["to_move"] and msg["legal"]:
                    action = {
                        "v": 1,
                        "type": "action",
                        "action": rng.choice(msg["legal"]),
                        "version": version,
                    }
                    pending = asyncio.create_task(act_later(think(mode, rng), action, version + 1))
        if pending is not None:
            pending.cancel()


async def worker_main(
    base: str,
    codes: list[str],
    mode: str,
    go: MpEvent,
    stop: MpEvent,
    ready_count: Any,
    counter: Any,
    results: Any,
) -> None:
    tally = Tally()
    recording, stopping = asyncio.Event(), asyncio.Event()
    sockets: list[Any] = []
    readies: list[asyncio.Event] = []
    tasks = []
    for n, code in enumerate(codes):
        table = Table(code)
        for seat in (0, 1):
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(
                asyncio.create_task(
                    client(
                        f"{base}/ws/{code}",
                        table,
                        seat,
                        mode,
                        tally,
                        recording,
                        stopping,
                        ready,
                        counter,
                        sockets,
                    )
                )
            )
        if n % 25 == 24:
            await asyncio.sleep(0.05)  # connect gradually rather than in one burst
    for ready in readies:
        await ready.wait()
    # The clients' records grow all run: collected as the server collects (young objects only,
    # the rest frozen), not walked again and again (that was most of the clients' CPU).
    collector = asyncio.create_task(run_collector())
    with ready_count.get_lock():
        ready_count.value += 1
    while not go.is_set():
        await asyncio.sleep(0.05)
    recording.set()
    # How late this process's own event loop wakes: latency that is the machine's, not the server's.
    while not stop.is_set():
        asked = time.monotonic()
        await asyncio.sleep(0.02)
        tally.lags.append(time.monotonic() - asked - 0.02)
    recording.clear()
    stopping.set()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    outcome = await asyncio.gather(*tasks, return_exceptions=True)
    collector.cancel()
    failures = [o for o in outcome if isinstance(o, BaseException)]
    tally.errors += len(failures)
    for failure in failures:
        tally.error_codes[type(failure).__name__] = tally.error_codes.get(type(failure).__name__, 0) + 1
    results.put((tally.latencies, tally.actions, tally.errors, tally.error_codes, tally.lags))


def worker(base: str, codes: list[str], mode: str, go: MpEvent, stop: MpEvent, ready_count: Any, counter: Any,
           results: Any) -> None:  # fmt: skip
    asyncio.run(worker_main(base, codes, mode, go, stop, ready_count, counter, results))


# --- the mixed load (--mix): search bots, DUOS tables with bots, plain UNO Duo pairs ----------

UNO_PAIRS, UNO_ISMCTS, DUOS = "uno-duo pairs", "uno-duo vs ismcts", "duos"
KINDS = (UNO_PAIRS, UNO_ISMCTS, DUOS)
PACED = ("stale_state", "illegal_action")  # refusals a client's own pacing can cause
DUOS_GRID = 12  # cards on a DUOS table; a seat places up to 4 pairs of them


@dataclass(frozen=True)
class TableSpec:
    """One room of the mix: its code, its kind, which seats people play and which bots play."""

    code: str
    kind: str
    seats: int
    humans: tuple[int, ...]
    bots: tuple[int, ...]
    level: str | None  # the bots' level


Key = tuple[int, int]  # (the room's match number, version)


@dataclass
class MixTable:
    """What the clients of one room saw, stamped with this process's clock; read out at the end."""

    spec: TableSpec
    matches: dict[str, int] = field(default_factory=dict)  # match id -> number, in the order seen
    received: dict[Key, dict[int, float]] = field(default_factory=dict)  # when each seat got a state
    first: dict[Key, float] = field(default_factory=dict)  # when the first seat got it
    gap: dict[Key, float] = field(default_factory=dict)  # since the state before it (first seats)
    since_turn: dict[Key, float] = field(default_factory=dict)  # since its DUOS turn began
    timeouts: set[Key] = field(default_factory=set)
    latest: dict[int, Key] = field(default_factory=dict)  # each seat's newest state
    acks: dict[Key, tuple[int, float, float]] = field(default_factory=dict)  # seat, sent, acked
    last_first: float = 0.0
    turn_began: float = 0.0
    bytes: int = 0  # received by this room's clients while recording
    bot_moved: bool = False

    def match_number(self, match_id: str | None) -> int:
        if match_id is None:
            return -1
        return self.matches.setdefault(match_id, len(self.matches))


@dataclass
class MixShared:
    """This worker's flags and the counters the driver reads."""

    recording: asyncio.Event
    stopping: asyncio.Event
    window: list[float]  # [start, end] of recording, this process's monotonic clock
    counter: Any  # human actions acknowledged while recording (for the progress bar)
    warm: Any  # rooms whose bots have moved at least once
    errors: dict[str, int] = field(default_factory=dict)
    refusals: dict[str, int] = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)  # the first few unexpected errors, verbatim


def random_pairs(rng: random.Random) -> list[list[int]]:
    count = rng.randint(1, 4)
    cards = rng.sample(range(DUOS_GRID), 2 * count)
    return [[cards[2 * k], cards[2 * k + 1]] for k in range(count)]


async def mix_client(
    url: str,
    table: MixTable,
    seat: int,
    shared: MixShared,
    ready: asyncio.Event,
    deltas: bool,
    sockets: list[Any],
) -> None:
    """One person at one seat: says hello, sits, plays 1-3 s after it can, waits for each answer."""
    import websockets

    spec = table.spec
    rng = random.Random(hash((spec.code, seat)))
    view: dict[str, Any] = {}
    legal: list[Any] = []
    version = 0
    outcome: Any = None
    match: str | None = None
    next_id = 0
    in_flight: tuple[int, float] | None = None  # message id and when it was sent
    planned: asyncio.Task[None] | None = None
    start_sent = False
    duos_turn, placed, placements = -1, 0, 0

    async with websockets.connect(url, max_size=None, open_timeout=120, ping_interval=None) as ws:
        sockets.append(ws)

        async def send(message: dict[str, Any]) -> None:
            with contextlib.suppress(Exception):  # the socket closing at the end
                await ws.send(json.dumps(message))

        def my_turn() -> bool:
            if outcome is not None or not view or seat not in view.get("to_move", ()):
                return False
            return bool(legal) and (spec.kind != DUOS or view.get("phase") == "pairing")

        def choose() -> dict[str, Any]:
            nonlocal duos_turn, placed, placements
            if spec.kind != DUOS:
                return dict(rng.choice(legal))
            if view["turn"] != duos_turn:
                duos_turn, placed, placements = view["turn"], 0, rng.randint(1, 3)
            placed += 1
            action: dict[str, Any] = {"type": "pairs", "pairs": random_pairs(rng)}
            if placed > placements:
                action["lock"] = True  # a few placements, then lock in
            return action

        async def act_later() -> None:
            nonlocal planned, in_flight, next_id
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            planned = None
            if shared.stopping.is_set() or in_flight is not None or not my_turn():
                return
            next_id += 1
            in_flight = (next_id, time.monotonic())
            message = {"v": 1, "type": "action", "id": next_id, "action": choose(), "version": version}
            await send(message)

        async def start_later() -> None:
            nonlocal planned
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            planned = None
            if not shared.stopping.is_set():
                await send({"v": 1, "type": "start"})

        def consider() -> None:
            nonlocal planned, start_sent
            if planned is not None or in_flight is not None or shared.stopping.is_set():
                return
            if outcome is not None:
                if seat == 0 and not start_sent:  # a rematch keeps the load going
                    start_sent = True
                    planned = asyncio.create_task(start_later())
            elif my_turn():
                planned = asyncio.create_task(act_later())

        await send({"v": 1, "type": "hello", "name": f"load{seat}", "token": None, "deltas": deltas})
        await send({"v": 1, "type": "sit", "seat": seat})
        async for frame in ws:  # ends when the worker closes the socket
            now = time.monotonic()
            raw = frame if isinstance(frame, str) else frame.decode()
            if shared.recording.is_set() and not shared.stopping.is_set():
                table.bytes += len(raw) if raw.isascii() else len(raw.encode())
            msg = orjson.loads(raw)
            kind = msg["type"]
            if kind == "state":
                version = msg["version"]
                key = (table.match_number(match), version)
                if "view" in msg:
                    view = msg["view"]
                else:
                    delta = msg["delta"]
                    view = {k: v for k, v in view.items() if k not in set(delta["unset"])}
                    view.update(delta["set"])
                legal = msg.get("legal", legal)  # a delta state leaves out an unchanged menu
                outcome = msg["outcome"]
                table.received.setdefault(key, {})[seat] = now
                table.latest[seat] = key
                if key not in table.first:
                    table.first[key] = now
                    table.gap[key] = now - table.last_first
                    table.last_first = now
                    kinds = [event.get("kind") for event in msg["events"]]
                    if "turn-start" in kinds:
                        table.turn_began = now
                    table.since_turn[key] = now - table.turn_began
                    if "timeout" in kinds:
                        table.timeouts.add(key)
                if not table.bot_moved and any(e.get("seat") in spec.bots for e in msg["events"]):
                    table.bot_moved = True
                    with shared.warm.get_lock():
                        shared.warm.value += 1
                if version == 0:
                    start_sent = False
                    table.turn_began = now
                    ready.set()
                consider()
            elif kind == "ack":
                if in_flight is not None and msg.get("id") == in_flight[0]:
                    key = (table.match_number(match), msg["version"])
                    table.acks[key] = (seat, in_flight[1], now)
                    in_flight = None
                    if shared.window[0] <= table.acks[key][1] and shared.recording.is_set():
                        shared.counter.value += 1
                consider()
            elif kind == "error":
                code = msg.get("code", "?")
                if code in PACED:
                    shared.refusals[code] = shared.refusals.get(code, 0) + 1
                else:
                    shared.errors[code] = shared.errors.get(code, 0) + 1
                    if len(shared.samples) < 5:
                        shared.samples.append(f"{spec.kind} seat {seat}: {raw[:300]}")
                if in_flight is not None and msg.get("id") == in_flight[0]:
                    in_flight = None
                consider()
            elif kind in ("welcome", "room"):
                room = msg["room"]
                match = room.get("match_id")
                table.match_number(match)
                filled = all(s["kind"] != "empty" for s in room["seats"])
                if seat == 0 and room["status"] == "waiting" and filled and not start_sent:
                    start_sent = True
                    await send({"v": 1, "type": "start"})
            elif kind == "seated" and seat == 0:
                for bot in spec.bots:
                    await send({"v": 1, "type": "add_bot", "seat": bot, "level": spec.level})
        if planned is not None:
            planned.cancel()


@dataclass
class MixTally:
    """One worker's figures, summed over its rooms (all picklable, for the driver)."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    human_actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    accepted: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    per_client: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    bytes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    bot_actions: dict[str, int] = field(default_factory=dict)  # by level
    bot_replies: dict[str, list[float]] = field(default_factory=dict)  # by level
    timeouts: int = 0
    unfinished: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    refusals: dict[str, int] = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)


def read_out(table: MixTable, start: float, end: float, tally: MixTally) -> None:
    """Latency of each human action sent while recording: from its send to the later of its ack
    and the last of the room's clients to receive the state of that version. A client that got a
    newer state and not this one was not sent it (its part did not change)."""
    spec = table.spec
    for key, (_, sent, acked) in table.acks.items():
        if not start <= sent < end:
            continue
        got = table.received.get(key, {})
        if not got or not all(s in got or table.latest.get(s, (-1, -1)) > key for s in spec.humans):
            tally.unfinished += 1
            continue
        tally.latencies[spec.kind].append(max(max(got.values()), acked) - sent)
        tally.human_actions[spec.kind] += 1
    for key, first in table.first.items():
        if not start <= first < end or key[1] == 0:
            continue
        tally.accepted[spec.kind] += 1
        tally.per_client[spec.kind] += len(spec.humans)
        if key in table.acks:
            continue
        if key in table.timeouts:
            tally.timeouts += 1
        elif spec.level is not None:
            tally.bot_actions[spec.level] = tally.bot_actions.get(spec.level, 0) + 1
            # UNO Duo: from the state that handed the bot the turn; DUOS: from the turn's start.
            reply = table.since_turn[key] if spec.kind == DUOS else table.gap[key]
            tally.bot_replies.setdefault(spec.level, []).append(reply)
    tally.bytes[spec.kind] += table.bytes


async def mix_worker_main(
    base: str,
    specs: list[TableSpec],
    deltas: bool,
    go: MpEvent,
    stop: MpEvent,
    ready_count: Any,
    counter: Any,
    warm: Any,
    results: Any,
) -> None:
    shared = MixShared(asyncio.Event(), asyncio.Event(), [0.0, 0.0], counter, warm)
    sockets: list[Any] = []
    readies: list[asyncio.Event] = []
    tables = [MixTable(spec) for spec in specs]
    tasks = []
    for n, table in enumerate(tables):
        for seat in table.spec.humans:
            ready = asyncio.Event()
            readies.append(ready)
            url = f"{base}/ws/{table.spec.code}"
            tasks.append(asyncio.create_task(mix_client(url, table, seat, shared, ready, deltas, sockets)))
        if n % 12 == 11:
            await asyncio.sleep(0.05)  # connect gradually rather than in one burst
    for ready in readies:
        await ready.wait()
    collector = asyncio.create_task(run_collector())  # as above
    with ready_count.get_lock():
        ready_count.value += 1
    while not go.is_set():
        await asyncio.sleep(0.05)
    shared.window[0] = time.monotonic()
    shared.recording.set()
    tally = MixTally()
    while not stop.is_set():
        asked = time.monotonic()
        await asyncio.sleep(0.02)
        tally.lags.append(time.monotonic() - asked - 0.02)
    shared.window[1] = time.monotonic()
    shared.stopping.set()  # no new actions; the answers to those under way still count
    await asyncio.sleep(2.0)
    shared.recording.clear()
    # The sockets close together (a storm of disconnections the server feels): only after the
    # server's pause report that covers the window's end (its period is 10 s) has been written.
    await asyncio.sleep(4.0)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    outcome = await asyncio.gather(*tasks, return_exceptions=True)
    collector.cancel()
    for failure in (o for o in outcome if isinstance(o, BaseException)):
        name = type(failure).__name__
        shared.errors[name] = shared.errors.get(name, 0) + 1
        if len(shared.samples) < 5:
            shared.samples.append(f"client failed: {failure!r}"[:300])
    for table in tables:
        read_out(table, shared.window[0], shared.window[1], tally)
    tally.errors, tally.refusals, tally.samples = shared.errors, shared.refusals, shared.samples
    results.put(tally)


def mix_worker(base: str, specs: list[TableSpec], deltas: bool, go: MpEvent, stop: MpEvent,
               ready_count: Any, counter: Any, warm: Any, results: Any) -> None:  # fmt: skip
    asyncio.run(mix_worker_main(base, specs, deltas, go, stop, ready_count, counter, warm, results))


# --- the driver ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def rss_mb(pid: int) -> float:
    """Resident memory of the server and its children (uvicorn runs in one process here)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the server has used so far."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return float("nan")


def start_server(workdir: Path, rate_limit: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 - kept open for the server's lifetime
    proc = subprocess.Popen(
        [
            str(DUOPLAY),
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite+aiosqlite:///{workdir / 'load.db'}",
            # info: the server's periodic report of its longest pauses, which the summary reads.
            "--log-level",
            "info",
            "--rate-limit",
            str(rate_limit),
            # Every simulated player connects from loopback: spare it the per-address limits.
            "--room-limit-exempt",
            "127.0.0.1",
            "::1",
        ],
        cwd=workdir,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {(workdir / 'server.log').read_text()[-2000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(base + "/healthz", timeout=1):
            return proc, base
        time.sleep(0.1)
    raise SystemExit("the server did not start")


def create_rooms(base: str, count: int) -> list[str]:
    codes = []
    for _ in range(count):
        request = urllib.request.Request(
            base + "/api/rooms", data=b'{"game": "uno-duo"}', headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            codes.append(json.loads(answer.read())["code"])
    return codes


@dataclass
class StepResult:
    clients: int
    seconds: float
    latencies: list[float]
    actions: int
    errors: int
    error_codes: dict[str, int]
    rss: float
    cpu: float
    """Share of one core the server used."""
    lags: list[float]
    """How late the client processes' event loops woke from a 20 ms sleep."""
    idle_lags: list[float]
    """How late a process that does nothing else woke from a 20 ms sleep (the machine's share)."""

    def percentile(self, q: float, values: list[float] | None = None) -> float:
        ordered = sorted(self.latencies if values is None else values)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    @property
    def rate(self) -> float:
        return self.actions / self.seconds


def idle_sleeper(seconds: float, results: Any) -> None:
    """A process that only sleeps: how late it wakes is the machine's own scheduling delay."""
    lags = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        asked = time.monotonic()
        time.sleep(0.02)
        lags.append(time.monotonic() - asked - 0.02)
    results.put(lags)


def measure_window(ctx: Any, server_pid: int, started: float, duration: float, counter: Any, stop: Any,
                   label: str) -> tuple[Any, Any, float]:
    """Let the clients play for `duration` with a progress bar and an idle sleeper measuring wake lag,
    then tell them to stop. Returns the sleeper's result queue, its process, and the server's peak RSS."""
    idle_results = ctx.Queue()
    idle = ctx.Process(target=idle_sleeper, args=(duration, idle_results), daemon=True)
    idle.start()
    rss_peak = 0.0
    windows.append((time.time() - (time.monotonic() - started), 0.0))
    with tqdm(total=int(duration), desc=label, unit="s", mininterval=1.0) as bar:
        while (elapsed := time.monotonic() - started) < duration:
            time.sleep(min(1.0, duration - elapsed))
            rss_peak = max(rss_peak, rss_mb(server_pid))
            bar.set_postfix(actions=counter.value, rss_mb=f"{rss_peak:.0f}", refresh=False)
            bar.update(int(time.monotonic() - started) - bar.n)
    stop.set()
    windows[-1] = (windows[-1][0], time.time())
    return idle_results, idle, rss_peak


def start_clients(procs: list[Any], ready_count: Any, clients: int, seconds: float) -> None:
    """Start the client processes and wait, with a progress bar, until each has connected."""
    for proc in procs:
        proc.start()
    connect_deadline = time.monotonic() + seconds
    with tqdm(
        total=len(procs), desc=f"{clients} clients connecting", unit="worker", leave=False, mininterval=1.0
    ) as bar:
        while ready_count.value < len(procs):
            if time.monotonic() > connect_deadline:
                raise SystemExit(f"the clients could not all connect and start within {seconds:.0f} s")
            if any(not proc.is_alive() for proc in procs):
                raise SystemExit("a client process died while connecting")
            bar.update(ready_count.value - bar.n)
            time.sleep(0.1)


def run_step(
    base: str, server_pid: int, clients: int, mode: str, duration: float, workers: int
) -> StepResult:
    codes = create_rooms(base, clients // 2)
    ws_base = "ws" + base.removeprefix("http")
    ctx = mp.get_context("spawn")
    go, stop = ctx.Event(), ctx.Event()
    ready_count = ctx.Value("i", 0)
    counter = ctx.Value("l", 0, lock=False)
    results = ctx.Queue()
    workers = max(1, min(workers, len(codes)))
    shares = [codes[i::workers] for i in range(workers)]
    procs = [
        ctx.Process(
            target=worker, args=(ws_base, share, mode, go, stop, ready_count, counter, results), daemon=True
        )
        for share in shares
    ]
    rss_with_rooms.append(rss_mb(server_pid))
    start_clients(procs, ready_count, clients, 120)
    go.set()
    started = time.monotonic()
    cpu_before = cpu_seconds(server_pid)
    idle_results, idle, rss_peak = measure_window(ctx, server_pid, started, duration, counter, stop,
                                                  f"{clients} clients ({mode})")
    seconds = time.monotonic() - started
    cpu = (cpu_seconds(server_pid) - cpu_before) / seconds
    return collect_step(clients, seconds, procs, results, idle, idle_results, rss_peak, cpu)


def collect_step(clients: int, seconds: float, procs: list[Any], results: Any, idle: Any, idle_results: Any,
                 rss_peak: float, cpu: float) -> StepResult:
    """Every client process's figures for one step, summed, once the processes and the idle sleeper end."""
    latencies: list[float] = []
    lags: list[float] = []
    actions = errors = 0
    codes_seen: dict[str, int] = {}
    for _ in procs:
        lat, act, err, err_codes, lag = results.get(timeout=120)
        latencies += lat
        lags += lag
        actions += act
        errors += err
        for key, value in err_codes.items():
            codes_seen[key] = codes_seen.get(key, 0) + value
    for proc in procs:
        proc.join(30)
    idle_lags = idle_results.get(timeout=120)
    idle.join(30)
    return StepResult(
        clients, seconds, latencies, actions, errors, codes_seen, rss_peak, cpu, lags, idle_lags
    )


def report(step: StepResult) -> None:
    p50, p99, worst = (step.percentile(q) for q in (0.5, 0.99, 1.0))
    print(
        f"  {step.clients} clients, {step.clients // 2} rooms: {step.actions} actions in {step.seconds:.1f} s"
        f" = {step.rate:.1f} actions/s; p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms; "
        f"errors {step.errors} {step.error_codes or ''}; server RSS {step.rss:.0f} MB,"
        f" CPU {step.cpu:.0%} of a core; client loop lag p50 {step.percentile(0.5, step.lags):.1f} ms,"
        f" p99 {step.percentile(0.99, step.lags):.1f} ms; idle process wake lag p99"
        f" {step.percentile(0.99, step.idle_lags):.1f} ms, max {step.percentile(1.0, step.idle_lags):.1f} ms"
    )


# --- the mixed load: the driver --------------------------------------------------------------


def sched_seconds(pid: int) -> tuple[float, float]:
    """Seconds the process's main thread (the server's event loop) has run on a CPU, and waited
    in a run queue for one, so far (/proc/PID/schedstat)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        ran, waited = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    return float("nan"), float("nan")


def descendants(pid: int) -> list[int]:
    """Every process started below `pid` (the bot pool's forkserver and workers, for the server)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def mix_plan(clients: int, ismcts_share: float, duos_share: float) -> tuple[int, list[tuple[int, int]], int]:
    """(rooms of one person against ISMCTS, DUOS rooms as (seats, people), UNO Duo pairs): every
    client placed. DUOS rooms cycle through 4, 5 and 6 seats with 2, 3 and 3 people."""
    ismcts = max(1, round(clients * ismcts_share))
    duos: list[tuple[int, int]] = []
    shapes = ((4, 2), (5, 3), (6, 3))
    while sum(people for _, people in duos) < max(1.0, clients * duos_share):
        duos.append(shapes[len(duos) % 3])
    left = clients - ismcts - sum(people for _, people in duos)
    if left < 0:
        raise SystemExit(f"--clients {clients} is too few for the mix (at least {clients - left})")
    pairs, odd = divmod(left, 2)
    return ismcts + odd, duos, pairs


def create_room(base: str, body: dict[str, Any]) -> str:
    request = urllib.request.Request(
        base + "/api/rooms", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        code: str = json.loads(answer.read())["code"]
        return code


def mix_specs(base: str, clients: int, ismcts_share: float, duos_share: float) -> list[TableSpec]:
    ismcts, duos, pairs = mix_plan(clients, ismcts_share, duos_share)
    specs = [
        TableSpec(create_room(base, {"game": "uno-duo"}), UNO_ISMCTS, 2, (0,), (1,), "ismcts")
        for _ in range(ismcts)
    ]
    for seats, people in duos:
        code = create_room(base, {"game": "duos", "seats": seats})
        specs.append(
            TableSpec(code, DUOS, seats, tuple(range(people)), tuple(range(people, seats)), "association")
        )
    specs += [TableSpec(code, UNO_PAIRS, 2, (0, 1), (), None) for code in create_rooms(base, pairs)]
    random.Random(1).shuffle(specs)  # kinds mixed over the client processes
    return specs


def percentile_ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run_mix(
    base: str,
    server_pid: int,
    clients: int,
    duration: float,
    workers: int,
    ismcts_share: float,
    duos_share: float,
    deltas: bool,
    warmup: float,
) -> StepResult:
    specs = mix_specs(base, clients, ismcts_share, duos_share)
    bot_rooms = sum(1 for spec in specs if spec.bots)
    ws_base = "ws" + base.removeprefix("http")
    ctx = mp.get_context("spawn")
    go, stop = ctx.Event(), ctx.Event()
    ready_count = ctx.Value("i", 0)
    warm = ctx.Value("i", 0)
    counter = ctx.Value("l", 0, lock=False)
    results = ctx.Queue()
    workers = max(1, min(workers, len(specs)))
    shares = [specs[i::workers] for i in range(workers)]
    procs = [
        ctx.Process(
            target=mix_worker,
            args=(ws_base, share, deltas, go, stop, ready_count, counter, warm, results),
            daemon=True,
        )
        for share in shares
    ]
    rss_with_rooms.append(rss_mb(server_pid))
    start_clients(procs, ready_count, clients, 180)
    # Bots load what they need on their first decision in each pool worker (the DUOS bot its
    # language model): the measurement starts once every room's bots have moved.
    warm_started = time.monotonic()
    with tqdm(total=bot_rooms, desc="bots' first moves", unit="room", leave=False, mininterval=1.0) as bar:
        while warm.value < bot_rooms and time.monotonic() - warm_started < warmup:
            if any(not proc.is_alive() for proc in procs):
                raise SystemExit("a client process died while the bots warmed up")
            bar.update(warm.value - bar.n)
            time.sleep(0.2)
    warmed = warm.value
    warm_seconds = time.monotonic() - warm_started
    go.set()
    started = time.monotonic()
    pool = descendants(server_pid)
    cpu_before = cpu_seconds(server_pid)
    sched_before = sched_seconds(server_pid)
    pool_before = sum(cpu_seconds(pid) for pid in pool)
    clients_before = sum(cpu_seconds(proc.pid) for proc in procs if proc.pid is not None)
    idle_results, idle, rss_peak = measure_window(ctx, server_pid, started, duration, counter, stop,
                                                  f"{clients} clients (mix)")
    seconds = time.monotonic() - started
    cpu = (cpu_seconds(server_pid) - cpu_before) / seconds
    ran, waited = (
        after - before for after, before in zip(sched_seconds(server_pid), sched_before, strict=True)
    )
    pool_cpu = (sum(cpu_seconds(pid) for pid in pool) - pool_before) / seconds
    clients_cpu = (
        sum(cpu_seconds(proc.pid) for proc in procs if proc.pid is not None) - clients_before
    ) / seconds
    total = MixTally()
    for _ in procs:
        part: MixTally = results.get(timeout=180)
        for kind in KINDS:
            total.latencies[kind] += part.latencies[kind]
            for name in ("human_actions", "accepted", "per_client", "bytes"):
                getattr(total, name)[kind] += getattr(part, name)[kind]
        for level, count in part.bot_actions.items():
            total.bot_actions[level] = total.bot_actions.get(level, 0) + count
        for level, replies in part.bot_replies.items():
            total.bot_replies.setdefault(level, []).extend(replies)
        for name in ("errors", "refusals"):
            for code, count in getattr(part, name).items():
                getattr(total, name)[code] = getattr(total, name).get(code, 0) + count
        total.timeouts += part.timeouts
        total.unfinished += part.unfinished
        total.samples += part.samples
        total.lags += part.lags
    for proc in procs:
        proc.join(30)
    idle_lags = idle_results.get(timeout=120)
    idle.join(30)

    rooms = {kind: [s for s in specs if s.kind == kind] for kind in KINDS}
    people = {kind: sum(len(s.humans) for s in rooms[kind]) for kind in KINDS}
    latencies = [value for kind in KINDS for value in total.latencies[kind]]
    actions = sum(total.human_actions.values())
    errors = sum(total.errors.values())
    step = StepResult(
        clients, seconds, latencies, actions, errors, total.errors, rss_peak, cpu, total.lags, idle_lags
    )
    duos_bots = sum(len(s.bots) for s in rooms[DUOS])
    print(
        f"  mix: {len(rooms[UNO_PAIRS])} UNO Duo rooms of 2 people, {len(rooms[UNO_ISMCTS])} UNO Duo rooms"
        f" of 1 person against ismcts, {len(rooms[DUOS])} DUOS rooms of 4-6 seats ({people[DUOS]} people,"
        f" {duos_bots} association bots); views as {'deltas' if deltas else 'whole views'}"
    )
    print(
        f"  bots' first moves seen in {warmed} of {bot_rooms} rooms after {warm_seconds:.0f} s of"
        f" warm-up{'' if warmed == bot_rooms else ' (the wait ran out)'}"
    )
    print(
        f"  {clients} clients: {actions} human actions in {seconds:.1f} s = {step.rate:.1f}/s;"
        f" send -> the last client of the room has the state with it (and the sender its ack):"
        f" p50 {step.percentile(0.5):.1f} ms, p99 {step.percentile(0.99):.1f} ms,"
        f" max {step.percentile(1.0):.1f} ms; {total.unfinished} unanswered at the end"
    )
    for kind in KINDS:
        values = total.latencies[kind]
        print(
            f"    {kind}: {len(values)} actions from {people[kind]} people, p50"
            f" {percentile_ms(values, 0.5):.1f} ms, p99 {percentile_ms(values, 0.99):.1f} ms,"
            f" max {percentile_ms(values, 1.0):.1f} ms"
        )
    print(
        f"  errors {errors} {total.errors or ''}; refusals the clients' own pacing can cause"
        f" (stale_state, illegal_action): {sum(total.refusals.values())} {total.refusals or ''}"
    )
    for sample in total.samples:
        print(f"    {sample}")
    accepted = sum(total.accepted.values())
    per_client = sum(total.per_client.values())
    received = sum(total.bytes.values())
    print(
        f"  bytes received per action per client: {received / max(per_client, 1):.0f}"
        f" ({received / 1e6:.1f} MB received by all clients over {accepted} accepted actions ="
        f" {received / max(accepted, 1):.0f} bytes per action for the whole room); by room: "
        + ", ".join(f"{kind} {total.bytes[kind] / max(total.per_client[kind], 1):.0f}" for kind in KINDS)
    )
    bots = sum(total.bot_actions.values())
    pace = "; ".join(
        f"{level} {total.bot_actions.get(level, 0) / seconds:.1f}/s, reply p50"
        f" {percentile_ms(times, 0.5) / 1000:.2f} s, p99 {percentile_ms(times, 0.99) / 1000:.2f} s"
        for level, times in sorted(total.bot_replies.items())
    )
    print(
        f"  bot pool: {bots / seconds:.1f} bot decisions/s seen as bot actions ({pace});"
        f" {total.timeouts} pairing timeouts"
    )
    print(
        f"  CPU, in cores: server {cpu:.2f}, bot pool processes {pool_cpu:.2f}, client processes"
        f" {clients_cpu:.2f}; server RSS {rss_peak:.0f} MB"
    )
    print(
        f"  server event loop thread: ran {ran / seconds:.0%} of the time, waited for a CPU"
        f" {waited / seconds:.0%} of the time; client loop lag p50 {step.percentile(0.5, step.lags):.1f} ms,"
        f" p99 {step.percentile(0.99, step.lags):.1f} ms; idle process wake lag p99"
        f" {step.percentile(0.99, step.idle_lags):.1f} ms, max {step.percentile(1.0, step.idle_lags):.1f} ms"
    )
    return step


def summarize_server_log(text: str) -> None:
    """The server's own warnings: commits and event-loop wake-ups slower than it likes."""
    for marker, what in (
        ("slow commit", "commits slower than 50 ms"),
        ("stalled", "event loop stalls over 100 ms"),
        ("garbage collection of", "garbage collections over 50 ms"),
    ):
        lines = [line for line in text.splitlines() if marker in line]
        if lines:
            worst = max(lines, key=lambda line: float(line.split(" ms")[0].rsplit(" ", 1)[-1]))
            print(f"server log: {len(lines)} {what}; worst: {worst[worst.index(marker) :]}")


# The server's periodic report of its worst pauses (duoplay/server/watchdog.py), and its warnings.
LOG_TIME = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) ")
PAUSES_REPORT = re.compile(
    r"pauses over the last (?P<period>[\d.]+) s: longest event-loop stall (?P<stall>[\d.]+) ms"
    r"(?: \(the loop ran (?P<stall_cpu>[\d.]+) ms of (?P<stall_window>[\d.]+) ms\))?,"
    r" longest garbage collection (?:(?P<gc>[\d.]+) ms \(generation (?P<generation>\d)"
    r"(?:, (?P<gc_cpu>[\d.]+) ms of CPU)?\)|none),"
    r" slowest commit (?:(?P<commit>[\d.]+) ms \((?P<writes>\d+) writes\)|none)"
)
STALL = re.compile(r"event loop stalled: woke (?P<stall>[\d.]+) ms late"
                   r"(?: \(the loop ran (?P<stall_cpu>[\d.]+) ms of (?P<stall_window>[\d.]+) ms\))?")
COLLECTION = re.compile(r"garbage collection of generation (?P<generation>\d) took (?P<gc>[\d.]+) ms"
                        r"(?: \((?P<gc_cpu>[\d.]+) ms of CPU\))?")
COMMIT = re.compile(r"slow commit: (?P<commit>[\d.]+) ms for (?P<writes>\d+) writes")
windows: list[tuple[float, float]] = []  # wall-clock start and end of each measured window
# The server's RSS once the rooms of a step exist, before its clients connect: a game's data loaded
# with its first room (DUOS: about 180 MB) is no client's.
rss_with_rooms: list[float] = []


@dataclass
class Worst:
    """The longest pauses the server logged while the clients were measured (ms)."""

    reports: int = 0
    stall: float = 0.0
    stall_ran: str = ""  # "; the loop ran X ms of Y ms", if logged
    collection: float = 0.0
    generation: int = -1
    collection_cpu: float | None = None  # the longest collection's own CPU time, if logged
    commit: float = 0.0
    writes: int = 0

    def add(self, found: dict[str, str | None]) -> None:
        if found.get("stall") and float(found["stall"] or 0) > self.stall:
            self.stall = float(found["stall"] or 0)
            ran = found.get("stall_cpu")
            self.stall_ran = f" (the loop ran {ran} ms of {found.get('stall_window')} ms)" if ran else ""
        if found.get("gc") and float(found["gc"] or 0) > self.collection:
            self.collection, self.generation = float(found["gc"] or 0), int(found["generation"] or 0)
            self.collection_cpu = float(found["gc_cpu"] or 0) if found.get("gc_cpu") else None
        if found.get("commit") and float(found["commit"] or 0) > self.commit:
            self.commit, self.writes = float(found["commit"] or 0), int(found["writes"] or 0)

    def over(self, limit_ms: float) -> list[str]:
        named = [
            (f"an event-loop stall of {self.stall:.1f} ms", self.stall),
            (f"a garbage collection of {self.collection:.1f} ms", self.collection),
            (f"a commit of {self.commit:.1f} ms", self.commit),
        ]
        return [what for what, ms in named if ms > limit_ms]


def worst_pauses(text: str) -> Worst:
    """The longest stall, collection and commit the server's log gives for the measured windows: its
    periodic reports (each counted if most of its period was measured) and its warnings over 50 ms."""
    worst = Worst()
    for line in text.splitlines():
        stamp = LOG_TIME.match(line)
        if stamp is None:
            continue
        at = datetime.datetime.strptime(stamp.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
        if (report := PAUSES_REPORT.search(line)) is not None:
            middle = at - float(report["period"]) / 2
            if any(start <= middle <= end for start, end in windows):
                worst.reports += 1
                worst.add(report.groupdict())
        elif any(start <= at <= end for start, end in windows):
            for pattern in (STALL, COLLECTION, COMMIT):
                if (found := pattern.search(line)) is not None:
                    worst.add(found.groupdict())
    return worst


def report_pauses(worst: Worst, limit_ms: float) -> bool:
    """Print the longest pauses; False when one exceeded `limit_ms`."""
    if worst.reports == 0:
        print("pauses while measuring: no report of the server's pauses fell in the measured time;"
              " from its warnings only:", end="")
    else:
        print(f"pauses while measuring (the server's reports: {worst.reports}):", end="")
    collection = "none"
    if worst.generation >= 0:
        cpu = "" if worst.collection_cpu is None else f", {worst.collection_cpu:.1f} ms of CPU"
        collection = f"{worst.collection:.1f} ms (generation {worst.generation}{cpu})"
    commit = f"{worst.commit:.1f} ms ({worst.writes} writes)" if worst.writes else "none"
    print(f" longest event-loop stall {worst.stall:.1f} ms{worst.stall_ran},"
          f" longest garbage collection {collection}, slowest commit {commit}")
    if over := worst.over(limit_ms):
        print(f"check failed: {', '.join(over)}: over the {limit_ms:g} ms limit (--pause-limit-ms)")
        return False
    print(f"check passed: no stall, collection or commit over {limit_ms:g} ms")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--clients",
        type=int,
        default=None,
        help="WebSocket clients, one per person (default 100; 1000 with --mix)",
    )
    parser.add_argument("--mode", choices=["human", "max"], default="human")
    parser.add_argument(
        "--mix",
        action="store_true",
        help="UNO Duo against ismcts, DUOS with association bots and UNO Duo pairs at once",
    )
    parser.add_argument(
        "--duration",
        type=float,
        default=None,
        help="seconds of measurement (per step in max mode; default 30, 60 with --mix)",
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument(
        "--pause-limit-ms",
        type=float,
        default=50.0,
        help="the run fails (exit status 1) if the server logged an event-loop stall, a garbage "
        "collection or a commit longer than this while it was measured (default 50)",
    )
    parser.add_argument(
        "--ismcts-share",
        type=float,
        default=0.03,
        help="--mix: share of the clients that each play UNO Duo against ismcts",
    )
    parser.add_argument(
        "--duos-share",
        type=float,
        default=0.3,
        help="--mix: share of the clients that play DUOS, with bots in the other seats",
    )
    parser.add_argument(
        "--full-views", action="store_true", help="--mix: clients ask for whole views instead of deltas"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=240.0,
        help="--mix: at most this many seconds to wait for every room's bots to move "
        "before measuring (0: measure at once)",
    )
    parser.add_argument(
        "--instances",
        type=int,
        default=1,
        help="2 or more: max mode on one instance, then on this many sharing PostgreSQL and Redis, "
        "their ratio and the fail-over time (benchmarks/cluster_load.py)",
    )
    parser.add_argument("--lease", type=float, default=5.0, help="--instances: the cluster's lease (seconds)")
    parser.add_argument("--instance-cpus", type=float, default=None, metavar="C",
                        help="--instances: run each instance (and its bot pool) in a CPU cgroup capped at C "
                        "cores, one instance under the same cap being the reference")
    parser.add_argument("--heartbeat", type=float, default=1.0,
                        help="--instances: seconds before a silent instance's rooms are taken over")
    parser.add_argument("--rounds", type=int, default=2,
                        help="--instances: runs of each configuration, alternating (default 2)")
    parser.add_argument("--netns", action="store_true",
                        help="--instances: each instance in a network namespace of its own, reaching "
                        "PostgreSQL and Redis through a relay that delays its links (needs root)")
    parser.add_argument("--link-delay-ms", type=float, default=1.5, metavar="D",
                        help="--netns: delay of every link, each way, in ms (default 1.5)")
    args = parser.parse_args()
    if args.netns and (args.instances < 2 or args.link_delay_ms < 0):
        parser.error("--netns goes with --instances 2 or more, and --link-delay-ms must be 0 or more")
    if args.instances > 1:
        import cluster_load

        duration = args.duration if args.duration is not None else 20.0
        return cluster_load.run(args.clients or 100, duration, args.workers, args.instances, args.lease,
                                max(1, args.rounds), args.heartbeat, args.instance_cpus,
                                args.link_delay_ms if args.netns else None)
    if args.mix and args.mode == "max":
        parser.error("--mix plays at human pace; it cannot be combined with --mode max")
    if not (0 <= args.ismcts_share <= 1 and 0 <= args.duos_share <= 1) or args.warmup < 0:
        parser.error("the shares must be between 0 and 1, and --warmup 0 or more")
    requested = args.clients if args.clients is not None else (1000 if args.mix else 100)
    duration = args.duration if args.duration is not None else (60.0 if args.mix else 30.0)
    clients = requested if args.mix else max(2, requested - requested % 2)
    mode = "mix" if args.mix else args.mode
    with tempfile.TemporaryDirectory(prefix="duoplay-load-") as tmp:
        # Max mode measures the server, not the per-connection limit, so that limit is lifted there.
        proc, base = start_server(Path(tmp), 1_000_000 if mode == "max" else 20)
        try:
            rss_before = rss_mb(proc.pid)
            print(f"server pid {proc.pid} on {base}; {os.cpu_count()} cores; mode {mode}")
            if mode == "mix":
                final = run_mix(
                    base,
                    proc.pid,
                    clients,
                    duration,
                    args.workers,
                    args.ismcts_share,
                    args.duos_share,
                    not args.full_views,
                    args.warmup,
                )
            elif mode == "human":
                final = run_step(base, proc.pid, clients, "human", duration, args.workers)
                report(final)
            else:
                sizes = sorted({max(2, clients // d - (clients // d) % 2) for d in (8, 4, 2, 1)})
                steps = []
                for size in sizes:
                    steps.append(run_step(base, proc.pid, size, "max", duration, args.workers))
                    report(steps[-1])
                within = [s for s in steps if s.percentile(0.99) < TARGET_P99_MS]
                best = max(within, key=lambda s: s.rate) if within else None
                if best is None:
                    print(f"most actions/s with p99 under {TARGET_P99_MS:.0f} ms: none of the steps")
                    final = steps[0]
                else:
                    print(f"most actions/s with p99 under {TARGET_P99_MS:.0f} ms: {best.rate:.1f} "
                          f"({best.clients} clients)")  # fmt: skip
                    final = best
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(15)
            server_log = (Path(tmp) / "server.log").read_text()
            summarize_server_log(server_log)
    passed = report_pauses(worst_pauses(server_log), args.pause_limit_ms)
    with_rooms = rss_with_rooms[0] if rss_with_rooms else rss_before
    print(f"server RSS per connected client: {(final.rss - with_rooms) * 1024 / final.clients:.0f} KB"
          f" ({final.rss:.0f} MB at the peak, {with_rooms:.0f} MB with the rooms made and no client"
          f" connected, {rss_before:.0f} MB at start)")
    print(f"actions/s: {final.rate:.1f}, server RSS MB: {final.rss:.0f}")
    p50, p99 = final.percentile(0.5), final.percentile(0.99)
    print(f"clients: {final.clients}, p50 ms: {p50:.1f}, p99 ms: {p99:.1f}, errors: {final.errors}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
