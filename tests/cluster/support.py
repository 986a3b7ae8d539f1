"""Real parts for the cluster tests: Debian's redis-server and nginx on loopback, several instances."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import redis
from tests.server.support import ROOT, Peer, ServerProcess, free_port

NGINX_SITE = ROOT / "deploy" / "nginx" / "duoplay.conf"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")  # nginx's, kept in the test's folder


@dataclass
class RedisServer:
    root: Path
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> Any:
        return redis.Redis(port=self.port, decode_responses=True)

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


def start_redis() -> RedisServer:
    """Start redis-server or raise with the reason: these tests fail loudly, never skip."""
    if shutil.which("redis-server") is None:
        raise RuntimeError("redis-server is not installed: run `make system-deps` (Debian's redis-server)")
    root = Path(tempfile.mkdtemp(prefix="duoplay-redis-"))
    port = free_port()
    subprocess.run(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--daemonize", "yes", "--dir", str(root), "--pidfile", str(root / "redis.pid"),
         "--logfile", str(root / "redis.log")],
        check=True, capture_output=True,
    )
    server = RedisServer(root, port)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(redis.ConnectionError):
            if server.client().ping():
                return server
        time.sleep(0.05)
    raise RuntimeError(f"redis-server did not answer: {(root / 'redis.log').read_text(errors='replace')}")


def nginx_site(upstreams: list[int], port: int) -> str:
    """deploy/nginx/duoplay.conf with these loopback instances and port: the shipped config, tested."""
    site = NGINX_SITE.read_text()
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams)
    site, count = re.subn(r"(?m)^    server \d+\.\d+\.\d+\.\d+:\d+ .*;\n", "", site)
    if count == 0:
        raise AssertionError("deploy/nginx/duoplay.conf lists no upstream server lines")
    site = site.replace("hash $duoplay_route consistent;\n", "hash $duoplay_route consistent;\n" + servers, 1)
    return site.replace("listen 80;", f"listen 127.0.0.1:{port};")


@dataclass
class Nginx:
    root: Path
    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)


def start_nginx(upstreams: list[int]) -> Nginx:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        raise RuntimeError("nginx is not installed: run `make system-deps` (Debian package nginx)")
    root = Path(tempfile.mkdtemp(prefix="duoplay-nginx-"))
    port = free_port()
    (root / "site.conf").write_text(nginx_site(upstreams, port))
    (root / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {root}/nginx.pid;\nerror_log {root}/error.log warn;\n"
        "events { worker_connections 1024; }\n"
        "http {\n  access_log off;\n"
        + "".join(f"  {kind}_temp_path {root}/{kind};\n" for kind in TEMP_PATHS)
        + f"  include {root}/site.conf;\n}}\n"
    )
    proc = subprocess.Popen([nginx, "-p", str(root), "-c", str(root / "nginx.conf")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = Nginx(root, port, proc)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nginx exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        with contextlib.suppress(OSError), urllib.request.urlopen(server.http + "/healthz", timeout=1):
            return server
        time.sleep(0.05)
    raise RuntimeError("nginx did not answer in 10 s")


@dataclass
class Cluster:
    """N instances of `duoplay serve` sharing one PostgreSQL database and one Redis."""

    instances: list[ServerProcess]
    redis: RedisServer
    database: str
    extra: list[str] = field(default_factory=list)

    def owner(self, code: str) -> ServerProcess:
        """The instance whose lease holds room `code` (instance ids carry the process id)."""
        value = self.redis.client().get(f"duoplay:room:{code}")
        if value is None:
            raise AssertionError(f"nobody owns room {code}")
        pid = int(value.split("-")[-2])
        return next(i for i in self.instances if i.proc is not None and i.proc.pid == pid)

    def other(self, instance: ServerProcess) -> ServerProcess:
        return next(i for i in self.instances if i is not instance)

    def stop(self) -> None:
        for instance in self.instances:
            instance.stop()


def start_cluster(
    count: int, database: str, redis_server: RedisServer, workdir: Path, *extra: str
) -> Cluster:
    instances = []
    for n in range(count):
        folder = workdir / f"instance-{n}"
        folder.mkdir(exist_ok=True)
        env = {**os.environ, "REDIS_URL": redis_server.url}
        instances.append(ServerProcess(database, folder, list(extra), env=env).start())
    return Cluster(instances, redis_server, database, list(extra))

T = TypeVar("T")


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end in a thread of its own: a browser test that ran before in this
    process leaves its event loop running in this thread, where asyncio.run() refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, work).result()


async def move_stored_times_back(database: str, seconds: float) -> None:
    """As if a room's wait had begun `seconds` earlier: its owner never reads the stored times
    again, while the instance that takes the room over reads them when it loads the room."""
    from sqlalchemy import text

    from duoplay.server.storage import Storage

    storage = Storage(database)
    try:
        async with storage.engine.begin() as conn:
            await conn.execute(text("UPDATE actions SET accepted_at = accepted_at - :s"), {"s": seconds})
            await conn.execute(text("UPDATE matches SET created_at = created_at - :s"), {"s": seconds})
    finally:
        await storage.close()


async def stored_log(database: str, code: str) -> list[tuple[int | None, Any]]:
    """The room's match as stored: (seat, action) at each version from 1."""
    from duoplay.server.storage import Storage

    storage = Storage(database)
    try:
        row = await storage.load_room(code)
        assert row is not None and row.match_id is not None
        match = await storage.load_match(row.match_id)
        assert match is not None
        return [(entry.seat, entry.action) for entry in match.log]
    finally:
        await storage.close()


class Seated:
    """One person at a table: their connection, the newest state seen, and every action the server
    acknowledged (version -> action), to find in the stored log."""

    def __init__(self, name: str, url: str) -> None:
        self.name, self.url = name, url
        self.peer: Peer | None = None
        self.state: dict[str, Any] = {}
        self.acked: dict[int, Any] = {}
        self._ids = 0

    @property
    def ws(self) -> Peer:
        assert self.peer is not None
        return self.peer

    async def join(self, token: str | None = None) -> None:
        self.peer = await Peer.join(self.url, self.name, token)

    async def newest(self, version: int, timeout: float = 20.0) -> dict[str, Any]:
        """The newest state at `version` or later, whether it came already (before an ack) or comes now."""
        for message in reversed(self.ws.seen):
            if message["type"] == "state" and message["version"] >= version:
                break
        else:
            message = await self.ws.state_at(version, timeout)
        self.ws.seen.clear()
        self.state = message
        return self.state
