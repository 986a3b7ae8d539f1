"""`server_load.py --instances N`: the same max-mode load on one instance, then on N, of one cluster.

Both runs use the same PostgreSQL (a throwaway cluster started here, as the tests start it) and the
same Redis (Debian's redis-server), so the ratio measures what adding instances buys, not a change of
database: one instance is the reference, N instances the measured figure, in the same run. Each room's
two clients connect to one instance, as nginx's routing by room code sends them (deploy/), so that
instance claims the room and serves it without forwarding. Then, with the N instances idle, a probe
room owned by one instance is played from another; that instance is killed with SIGKILL, and the time
from the kill to the first action the new owner accepts is the fail-over time (the lease, plus the
time to notice, claim, replay the log and reconnect).

Runs alternate (one instance, N, one, N... `--rounds` times) so that whatever else the machine does
falls on both alike; the figures add the rounds up. The last line is
`instances: N, ratio: X.XXx, p99 ms: Y, failover s: Z`.

With `--instance-cpus C` every instance (and its bot pool) runs in a CPU cgroup of its own capped at
C cores (`cpu_caps.py`), one instance under the same cap being the reference: what separate machines
of C cores each would show, on one box. PostgreSQL, Redis and the clients are not capped; each run
prints their CPU and the whole machine's, and a run in which the machine was busier than 95% of its
cores is reported as not valid (its figures measure the machine, not the caps).

With `--netns` every instance runs in a network namespace of its own (`netns.py`), joined to the root
namespace by a veth pair: it reaches PostgreSQL and Redis (and through Redis the other instances, whose
forwarding goes over its pub/sub) through `delay_relay.py`, which delays every chunk by
`--link-delay-ms` each way, as a link across a data centre would; the load's clients reach the
instances across the veth pairs. The relay is not an instance: its CPU is reported apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import multiprocessing as mp
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

import server_load
from cpu_caps import SATURATED, CpuCap, machine_busy
from netns import Link, Namespaces
from server_load import (
    DUOPLAY,
    StepResult,
    collect_step,
    create_rooms,
    free_port,
    measure_window,
    report,
    start_clients,
)


@dataclass
class Services:
    """A throwaway PostgreSQL cluster and a Redis, on loopback, for this run only."""

    root: Path
    pg_bin: Path
    pg_port: int
    redis_port: int

    def database(self, host: str = "127.0.0.1") -> str:
        return f"postgresql+asyncpg://postgres@{host}:{self.pg_port}/postgres"

    def redis(self, host: str = "127.0.0.1") -> str:
        return f"redis://{host}:{self.redis_port}/0"

    def pids(self) -> dict[str, list[int]]:
        """The processes of PostgreSQL (the postmaster and its backends) and of Redis, now."""
        postmaster = int((self.root / "pg" / "postmaster.pid").read_text().split()[0])
        redis = int((self.root / "redis.pid").read_text().split()[0])
        return {"PostgreSQL": [postmaster, *server_load.descendants(postmaster)], "Redis": [redis]}

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.redis_port), "shutdown", "nosave"], capture_output=True)
        subprocess.run(["runuser", "-u", "postgres", "--", str(self.pg_bin / "pg_ctl"), "-D",
                        str(self.root / "pg"), "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)

    def reset(self) -> None:
        """Empty Redis and the database between runs, so each starts alike."""
        subprocess.run(["redis-cli", "-p", str(self.redis_port), "flushall"], capture_output=True, check=True)
        sql = "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"
        psql = ["runuser", "-u", "postgres", "--", str(self.pg_bin / "psql"), "-h", "127.0.0.1"]
        command = [*psql, "-p", str(self.pg_port), "-U", "postgres", "-q", "-c", sql]
        subprocess.run(command, capture_output=True, check=True)


def start_services() -> Services:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found or shutil.which("redis-server") is None:
        raise SystemExit("needs Debian's postgresql and redis-server: run `make system-deps`")
    root = Path(tempfile.mkdtemp(prefix="duoplay-cluster-"))
    shutil.chown(root, "postgres", "postgres")
    os.chmod(root, 0o755)
    bindir = Path(found[-1]).parent
    services = Services(root, bindir, free_port(), free_port())

    def as_postgres(*args: str) -> None:
        done = subprocess.run(["runuser", "-u", "postgres", "--", *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{args[0]} failed: {done.stdout}{done.stderr}")

    # The settings of the test cluster (fsync off: the benchmark measures the servers, not the disk).
    data = str(root / "pg")
    as_postgres(str(bindir / "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                "--no-locale")
    as_postgres(str(bindir / "pg_ctl"), "-D", data, "-l", str(root / "pg.log"), "-w", "-t", "30", "-o",
                f"-c listen_addresses=127.0.0.1 -p {services.pg_port} -c unix_socket_directories={root} "
                "-c fsync=off -c max_connections=200", "start")
    subprocess.run(["redis-server", "--port", str(services.redis_port), "--bind", "127.0.0.1", "--save", "",
                    "--appendonly", "no", "--daemonize", "yes", "--dir", str(root), "--logfile",
                    str(root / "redis.log"), "--pidfile", str(root / "redis.pid")],
                   check=True, capture_output=True)
    for _ in range(100):
        if (root / "redis.pid").exists():
            break
        time.sleep(0.05)
    return services


def start_instance(
    services: Services, workdir: Path, lease: float, heartbeat: float, cap: CpuCap | None = None,
    link: Link | None = None,
) -> tuple[subprocess.Popen[bytes], str]:
    """An instance on loopback, or in `link`'s namespace reaching the services at the root's end of it."""
    port = free_port()
    log = open(workdir / f"instance-{port}.log", "wb")  # noqa: SIM115 - kept open for the instance's lifetime
    host, services_host = (link.guest, link.host) if link is not None else ("127.0.0.1", "127.0.0.1")
    clients = [link.host] if link is not None else ["127.0.0.1", "::1"]  # where the load's clients come from
    command = [str(DUOPLAY), "serve", "--host", host, "--port", str(port),
               "--database", services.database(services_host), "--redis-url", services.redis(services_host),
               "--lease", str(lease), "--heartbeat", str(heartbeat), "--log-level", "warning",
               "--rate-limit", "1000000", "--bot-workers", "1", "--room-limit-exempt", *clients]
    proc = subprocess.Popen(
        link.command(*command) if link is not None else command,
        cwd=workdir, stdout=log, stderr=subprocess.STDOUT, preexec_fn=cap.join if cap is not None else None,
    )
    base = f"http://{host}:{port}"
    for _ in range(600):
        if proc.poll() is not None:
            raise SystemExit(f"an instance exited: {(workdir / f'instance-{port}.log').read_text()[-2000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(base + "/healthz", timeout=1):
            return proc, base
        time.sleep(0.1)
    raise SystemExit("an instance did not start")


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM, and SIGKILL for an instance still there 15 s later (one that outlived its database would
    try to reach it for ever)."""
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def cpu(pids: list[int]) -> float:
    """CPU seconds used so far by those of `pids` still running (a PostgreSQL backend may have ended)."""
    return sum(seconds for pid in pids if (seconds := server_load.cpu_seconds(pid)) == seconds)


def run_spread(
    bases: list[str], pids: list[int], clients: int, duration: float, workers: int, services: Services,
    relay: int | None = None,
) -> tuple[StepResult, bool]:
    """Max mode (no think time) with each room's clients on one instance, the rooms dealt in turn."""
    codes = create_rooms(bases[0], clients // 2)
    ctx = mp.get_context("spawn")
    go, stop_event = ctx.Event(), ctx.Event()
    ready_count = ctx.Value("i", 0)
    counter = ctx.Value("l", 0, lock=False)
    results = ctx.Queue()
    per_instance = max(1, workers // len(bases))
    jobs = []
    for index, base in enumerate(bases):
        mine = codes[index :: len(bases)]
        ws_base = "ws" + base.removeprefix("http")
        jobs += [(ws_base, mine[k::per_instance]) for k in range(per_instance) if mine[k::per_instance]]
    procs = [
        ctx.Process(target=server_load.worker,
                    args=(ws_base, share, "max", go, stop_event, ready_count, counter, results), daemon=True)
        for ws_base, share in jobs
    ]
    start_clients(procs, ready_count, clients, 120)
    go.set()
    started = time.monotonic()
    instances = [*pids, *(child for pid in pids for child in server_load.descendants(pid))]  # bot pools too
    groups = {"instances": instances, **services.pids(), **({"relay": [relay]} if relay else {}),
              "clients": [proc.pid for proc in procs if proc.pid]}
    before = {name: cpu(members) for name, members in groups.items()}
    machine_before = machine_busy()
    idle_results, idle, rss_peak = measure_window(ctx, pids[0], started, duration, counter, stop_event,
                                                  f"{len(bases)} instance(s), {clients} clients")
    seconds = time.monotonic() - started
    used = {name: (cpu(members) - before[name]) / seconds for name, members in groups.items()}
    busy, total = (after - first for after, first in zip(machine_busy(), machine_before, strict=True))
    cores = os.cpu_count() or 1
    valid = busy < SATURATED * total
    print("  CPU in cores: " + ", ".join(f"{name} {share:.2f}" for name, share in used.items())
          + f"; the whole machine {cores * busy / total:.2f} of {cores}"
          + ("" if valid else " (saturated: this run is not valid)"))
    step = collect_step(clients, seconds, procs, results, idle, idle_results, rss_peak, used["instances"])
    return step, valid


# --- fail-over: a probe room, its owner killed ------------------------------------------------


async def join(url: str, name: str, token: str | None, deadline: float) -> tuple[Any, dict[str, Any]]:
    """Connect and say hello until the room answers (its owner may be changing); the welcome."""
    import websockets

    while True:
        try:
            ws = await websockets.connect(url, max_size=None, open_timeout=5)
            await ws.send(json.dumps({"v": 1, "type": "hello", "name": name, "token": token}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if message["type"] == "welcome":
                    return ws, message
        except (OSError, TimeoutError, Exception):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message["type"] == "state":
            return message


async def failover(bases: list[str], victim: subprocess.Popen[bytes]) -> float:
    """Seconds from SIGKILL of the probe room's owner (bases[0]) to the first action the new owner accepts."""
    ws_of = ["ws" + base.removeprefix("http") for base in bases]
    code = create_rooms(bases[0], 1)[0]
    deadline = time.monotonic() + 60
    first, _ = await join(f"{ws_of[0]}/ws/{code}", "Ada", None, deadline)  # the victim claims the room
    await first.send(json.dumps({"v": 1, "type": "sit", "seat": 0}))
    second, _ = await join(f"{ws_of[1]}/ws/{code}", "Bo", None, deadline)  # forwarded to the victim
    await second.send(json.dumps({"v": 1, "type": "sit", "seat": 1}))
    tokens = {}
    for name, ws in (("Ada", first), ("Bo", second)):
        while (message := json.loads(await ws.recv()))["type"] != "seated":
            pass
        tokens[name] = message["token"]
    await first.send(json.dumps({"v": 1, "type": "start"}))
    await next_state(first)
    victim.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    victim.wait(10)
    with contextlib.suppress(Exception):
        await first.close()
    # Bo's instance ends Bo's connection once the owner's heartbeat runs out; both reconnect to it.
    with contextlib.suppress(Exception):
        while True:
            await asyncio.wait_for(second.recv(), 60)
    states = {}
    sockets = {}
    for name in ("Ada", "Bo"):
        sockets[name], _ = await join(f"{ws_of[1]}/ws/{code}", name, tokens[name], killed + 120)
        states[name] = await next_state(sockets[name])
    mover = next(n for n in states if states[n]["view"]["seat"] in states[n]["view"]["to_move"])
    state = states[mover]
    await sockets[mover].send(json.dumps({"v": 1, "type": "action", "id": 1, "action": state["legal"][0],
                                          "version": state["version"]}))
    while (message := json.loads(await asyncio.wait_for(sockets[mover].recv(), 30)))["type"] != "ack":
        if message["type"] == "error":
            raise SystemExit(f"the new owner refused the first action: {message}")
    took = time.monotonic() - killed
    for ws in sockets.values():
        await ws.close()
    return took


def merged(steps: list[StepResult]) -> StepResult:
    """Several runs of one configuration as one: their actions over their seconds, all latencies."""
    first = steps[0]
    return StepResult(
        first.clients, sum(s.seconds for s in steps), [x for s in steps for x in s.latencies],
        sum(s.actions for s in steps), sum(s.errors for s in steps), {}, max(s.rss for s in steps),
        sum(s.cpu * s.seconds for s in steps) / sum(s.seconds for s in steps),
        [x for s in steps for x in s.lags], [x for s in steps for x in s.idle_lags],
    )


def start_relay(links: list[Link], services: Services, delay_ms: float) -> subprocess.Popen[str]:
    """One relay process for every namespace's links to PostgreSQL and Redis, listening at the root's end
    of each namespace's veth pair on the services' own ports."""
    routes = [f"{link.host}:{port}=127.0.0.1:{port}" for link in links
              for port in (services.pg_port, services.redis_port)]
    relay = subprocess.Popen([sys.executable, str(Path(__file__).with_name("delay_relay.py")),
                              "--delay-ms", str(delay_ms), *routes], stdout=subprocess.PIPE, text=True)
    assert relay.stdout is not None
    if relay.stdout.readline().strip() != "ready":  # it says so once it listens, or exits
        relay.wait(10)
        raise SystemExit("the delaying relay did not start")
    return relay


def relay_report(relay: subprocess.Popen[str]) -> str:
    """Stop the relay; what it says of how long it held chunks (its delay and its wake-ups)."""
    relay.terminate()
    said, _ = relay.communicate(timeout=15)
    return next((line for line in said.splitlines() if line.startswith("held: ")), "held: not reported")


def run(
    clients: int, duration: float, workers: int, instances: int, lease: float, rounds: int,
    heartbeat: float = 1.0, instance_cpus: float | None = None, link_delay_ms: float | None = None,
) -> int:
    """`rounds` times: one instance, then `instances`; the runs alternate so that a change in what else
    the machine does falls on both alike. With `link_delay_ms`, each instance in a network namespace of
    its own, its links to PostgreSQL and Redis delayed that much each way."""
    with contextlib.ExitStack() as cleanup:
        links: list[Link | None] = [None] * instances
        if link_delay_ms is not None:  # first, so that a refusal comes before anything is started
            links = list(cleanup.enter_context(Namespaces(instances)).links)
        services = start_services()
        cleanup.callback(services.stop)
        workdir = Path(tempfile.mkdtemp(prefix="duoplay-cluster-load-"))
        cleanup.callback(shutil.rmtree, workdir, ignore_errors=True)
        relay = None
        if link_delay_ms is not None:
            relay = start_relay([link for link in links if link is not None], services, link_delay_ms)
            cleanup.callback(stop, [relay])
        capped = f"; each instance capped at {instance_cpus} cores" if instance_cpus else ""
        networked = (f"; each instance in a network namespace of its own, its links to PostgreSQL and Redis"
                     f" delayed {link_delay_ms} ms each way by a relay" if link_delay_ms is not None else "")
        print(f"{os.cpu_count()} cores; PostgreSQL on {services.pg_port}, Redis on {services.redis_port};"
              f" max mode, {clients} clients, {duration:.0f} s per run, {rounds} round(s); lease {lease} s"
              + capped + networked)
        saturated = 0
        steps: dict[int, list[StepResult]] = {1: [], instances: []}
        failover_s = float("nan")
        for round_number in range(rounds):
            for count in (1, instances):
                services.reset()
                procs, bases = [], []
                caps = [CpuCap(str(i), instance_cpus) for i in range(count)] if instance_cpus else []
                for index in tqdm(range(count), desc=f"starting {count} instance(s)", leave=False):
                    proc, base = start_instance(services, workdir, lease, heartbeat,
                                                caps[index] if caps else None, links[index])
                    procs.append(proc)
                    bases.append(base)
                # An instance killed by the fail-over probe leaves its bot pool behind: ended below.
                pools = [child for proc in procs for child in server_load.descendants(proc.pid)]
                try:
                    print(f"round {round_number + 1}, {count} instance(s):")
                    pids = [proc.pid for proc in procs]
                    step, valid = run_spread(bases, pids, clients, duration, workers, services,
                                             relay.pid if relay else None)
                    steps[count].append(step)
                    saturated += not valid
                    report(step)
                    if caps:
                        print("  periods an instance waited for its cap: "
                              + ", ".join(str(cap.throttled()) for cap in caps))
                    if count == instances and round_number == rounds - 1:
                        failover_s = asyncio.run(failover(bases, procs[0]))
                        print(f"fail-over: SIGKILL of the probe room's owner -> first action accepted by the"
                              f" new owner: {failover_s:.2f} s (lease {lease} s, heartbeat {heartbeat} s)")
                finally:
                    stop(procs)
                    for pid in pools:
                        with contextlib.suppress(OSError):
                            os.kill(pid, signal.SIGKILL)
                    for cap in caps:
                        cap.remove()
        if relay is not None:
            print(f"relay, every link each way: {relay_report(relay)}")
        for log in sorted(workdir.glob("instance-*.log")):
            server_load.summarize_server_log(log.read_text())
        one, many = merged(steps[1]), merged(steps[instances])
        ratio = many.rate / one.rate if one.rate else float("nan")
        print(f"actions/s over all rounds: 1 instance {one.rate:.1f} (p99 {one.percentile(0.99):.1f} ms),"
              f" {instances} instances {many.rate:.1f} (p99 {many.percentile(0.99):.1f} ms);"
              f" ratio {ratio:.2f}x; errors {one.errors + many.errors}")
        if saturated:
            print(f"not valid: the machine itself was saturated in {saturated} run(s) of {2 * rounds}")
        print(f"instances: {instances}, ratio: {ratio:.2f}x, p99 ms: {many.percentile(0.99):.1f},"
              f" failover s: {failover_s:.2f}")
    return 0
