"""Load on the real server: N WebSocket clients in N/2 UNO Duo rooms, each playing like a person.

The server runs in its own process (`duoplay serve`, a fresh SQLite file); the
clients run in several worker processes, both seats of a room in the same
worker so one clock times the round trip: from an action sent to the moment
every seat of the room has received the view that includes it.

    python benchmarks/server_load.py --clients 1000 --duration 60
    python benchmarks/server_load.py --clients 200 --mode max --duration 40

Mode human: each client acts 1-3 s (at random) after its turn comes.
Mode max: no think time; it runs steps with more and more rooms and reports
the most actions/s reached with p99 under 100 ms.
The last line is `clients: N, p50 ms: X, p99 ms: Y, errors: E`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing as mp
import os
import random
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

from tqdm import tqdm

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
            msg = json.loads(raw)
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
    gc.collect()
    gc.freeze()  # long-lived connection objects need no more scans: fewer, shorter pauses
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
    failures = [o for o in outcome if isinstance(o, BaseException)]
    tally.errors += len(failures)
    for failure in failures:
        tally.error_codes[type(failure).__name__] = tally.error_codes.get(type(failure).__name__, 0) + 1
    results.put((tally.latencies, tally.actions, tally.errors, tally.error_codes, tally.lags))


def worker(base: str, codes: list[str], mode: str, go: MpEvent, stop: MpEvent, ready_count: Any, counter: Any,
           results: Any) -> None:  # fmt: skip
    asyncio.run(worker_main(base, codes, mode, go, stop, ready_count, counter, results))


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
            "--log-level",
            "warning",
            "--rate-limit",
            str(rate_limit),
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
    for proc in procs:
        proc.start()
    connect_deadline = time.monotonic() + 120
    with tqdm(
        total=len(procs), desc=f"{clients} clients connecting", unit="worker", leave=False, mininterval=1.0
    ) as bar:
        while ready_count.value < len(procs):
            if time.monotonic() > connect_deadline:
                raise SystemExit("the clients could not all connect and start within 120 s")
            if any(not proc.is_alive() for proc in procs):
                raise SystemExit("a client process died while connecting")
            bar.update(ready_count.value - bar.n)
            time.sleep(0.1)
    go.set()
    started = time.monotonic()
    cpu_before = cpu_seconds(server_pid)
    idle_results = ctx.Queue()
    idle = ctx.Process(target=idle_sleeper, args=(duration, idle_results), daemon=True)
    idle.start()
    rss_peak = 0.0
    with tqdm(total=int(duration), desc=f"{clients} clients ({mode})", unit="s", mininterval=1.0) as bar:
        while (elapsed := time.monotonic() - started) < duration:
            time.sleep(min(1.0, duration - elapsed))
            rss_peak = max(rss_peak, rss_mb(server_pid))
            bar.set_postfix(actions=counter.value, rss_mb=f"{rss_peak:.0f}", refresh=False)
            bar.update(int(time.monotonic() - started) - bar.n)
    stop.set()
    seconds = time.monotonic() - started
    cpu = (cpu_seconds(server_pid) - cpu_before) / seconds
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


def summarize_server_log(text: str) -> None:
    """The server's own warnings: commits and event-loop wake-ups slower than it likes."""
    for marker, what in (
        ("slow commit", "commits slower than 50 ms"),
        ("stalled", "event loop stalls over 100 ms"),
        ("garbage collection", "garbage collections over 50 ms"),
    ):
        lines = [line for line in text.splitlines() if marker in line]
        if lines:
            worst = max(lines, key=lambda line: float(line.split(" ms")[0].rsplit(" ", 1)[-1]))
            print(f"server log: {len(lines)} {what}; worst: {worst[worst.index(marker) :]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100, help="WebSocket clients (two per room)")
    parser.add_argument("--mode", choices=["human", "max"], default="human")
    parser.add_argument(
        "--duration", type=float, default=30.0, help="seconds of measurement (per step in max mode)"
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    args = parser.parse_args()
    clients = max(2, args.clients - args.clients % 2)
    with tempfile.TemporaryDirectory(prefix="duoplay-load-") as tmp:
        # Max mode measures the server, not the per-connection limit, so that limit is lifted there.
        proc, base = start_server(Path(tmp), 20 if args.mode == "human" else 1_000_000)
        try:
            print(f"server pid {proc.pid} on {base}; {os.cpu_count()} cores; mode {args.mode}")
            if args.mode == "human":
                final = run_step(base, proc.pid, clients, "human", args.duration, args.workers)
                report(final)
            else:
                sizes = sorted({max(2, clients // d - (clients // d) % 2) for d in (8, 4, 2, 1)})
                steps = []
                for size in sizes:
                    steps.append(run_step(base, proc.pid, size, "max", args.duration, args.workers))
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
            summarize_server_log((Path(tmp) / "server.log").read_text())
    print(f"actions/s: {final.rate:.1f}, server RSS MB: {final.rss:.0f}")
    p50, p99 = final.percentile(0.5), final.percentile(0.99)
    print(f"clients: {final.clients}, p50 ms: {p50:.1f}, p99 ms: {p99:.1f}, errors: {final.errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
