"""Real parts for the server tests: the server in its own process, PostgreSQL clusters, WebSocket peers."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[2]
DUOPLAY = Path(sys.executable).with_name("duoplay")
LOOPBACK = ("127.0.0.1", "::1")  # spared by the per-address limits of the suite's servers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class ServerProcess:
    """`duoplay serve` in a subprocess, as a user would run it."""

    database: str
    workdir: Path
    extra: list[str] = field(default_factory=list)
    env: dict[str, str] | None = None
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, wait: float = 60.0) -> ServerProcess:
        """Start the server and wait up to `wait` seconds for it to answer (its imports take seconds
        alone; a 2-core machine busy with other tests' servers and browsers may take ten times that)."""
        self.port = free_port()
        log = open(self.workdir / f"server-{self.port}.log", "wb")  # noqa: SIM115 - lives as long as the process
        database = ["--database", self.database] if self.database else []
        self.proc = subprocess.Popen(
            [
                str(DUOPLAY),
                "serve",
                "--port",
                str(self.port),
                *database,
                "--log-level",
                "warning",
                # The tests create many rooms and sockets from this machine; a test that checks a
                # per-address limit gives the option again with no address (the last one counts).
                "--room-limit-exempt",
                *LOOPBACK,
                *self.extra,
            ],
            env=self.env,
            cwd=self.workdir,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {self.log_text()}")
            health = self.http + "/healthz"
            with contextlib.suppress(OSError), urllib.request.urlopen(health, timeout=1) as answer:
                if answer.status == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {wait} s: {self.log_text()}")

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:] for p in self.workdir.glob("server-*.log"))

    def kill(self) -> None:
        """kill -9: no shutdown handler runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def get(self, path: str) -> Any:
        # A first replay starts the replay process and loads the game's data (a word game's lists).
        with urllib.request.urlopen(self.http + path, timeout=60) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.http + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())


@contextlib.contextmanager
def running_server(database: str, workdir: Path, *extra: str) -> Iterator[ServerProcess]:
    server = ServerProcess(database, workdir, list(extra)).start()
    try:
        yield server
    finally:
        server.stop()


class Peer:
    """One WebSocket client of a room, remembering every message it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.token: str | None = None

    @classmethod
    async def join(cls, url: str, name: str, token: str | None = None) -> Peer:
        peer = cls(await websockets.connect(url, max_size=None))
        await peer.send(type="hello", name=name, token=token)
        welcome = await peer.until("welcome")
        peer.seat, peer.token = welcome["seat"], welcome["token"]
        return peer

    @classmethod
    async def join_with(cls, url: str, name: str, **hello: Any) -> Peer:
        """`join`, with more fields in the hello (such as `deltas`)."""
        peer = cls(await websockets.connect(url, max_size=None))
        await peer.send(type="hello", name=name, token=None, **hello)
        await peer.until("welcome")
        return peer

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.send(text)

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.seen.append(message)
        return message

    async def until(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, end - time.monotonic()))
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    async def room_until(
        self, check: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """The first room broadcast that passes `check` (earlier ones describe older moments)."""
        end = time.monotonic() + timeout
        while True:
            room: dict[str, Any] = (await self.until("room", max(0.01, end - time.monotonic())))["room"]
            if check(room):
                return room

    async def sit(self, seat: int) -> str:
        await self.send(type="sit", seat=seat)
        seated = await self.until("seated")
        self.seat, self.token = seated["seat"], seated["token"]
        return str(self.token)

    async def state_at(self, version: int, timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = await self.until("state", max(0.01, end - time.monotonic()))
            if message["version"] >= version:
                return message

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Everything that arrives within `seconds` (to check nothing else was sent)."""
        got = []
        with contextlib.suppress(asyncio.TimeoutError):
            while True:
                got.append(await self.recv(seconds))
        return got

    async def close(self) -> None:
        await self.ws.close()


def my_move(state: dict[str, Any]) -> bool:
    view = state["view"]
    return state["outcome"] is None and view.get("seat") in view.get("to_move", [])


# --- PostgreSQL: a throwaway cluster --------------------------------------------------------


@dataclass
class PostgresCluster:
    root: Path
    port: int
    bin: Path

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        subprocess.run(
            [
                "runuser",
                "-u",
                "postgres",
                "--",
                str(self.bin / "psql"),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-q",
                "-c",
                f"CREATE DATABASE {name}",
            ],
            check=True,
            capture_output=True,
        )
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(
            [
                "runuser",
                "-u",
                "postgres",
                "--",
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.root / "data"),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
            capture_output=True,
        )
        shutil.rmtree(self.root, ignore_errors=True)


def start_postgres() -> PostgresCluster:
    """Start a cluster or raise with the reason: these tests must fail loudly, never skip."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run `make system-deps` (Debian package postgresql)")
    bindir = Path(found[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="duoplay-pg-"))
    shutil.chown(root, "postgres", "postgres")
    os.chmod(root, 0o700)
    data = root / "data"
    port = free_port()

    def run(*args: str) -> None:
        done = subprocess.run(["runuser", "-u", "postgres", "--", *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}\n{done.stderr}")

    run(
        str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"
    )
    run(
        str(bindir / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(root / "log"),
        "-w",
        "-t",
        "30",
        "-o",
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={root} -c fsync=off",
        "start",
    )
    return PostgresCluster(root, port, bindir)


async def seated_pair(server: ServerProcess, code: str) -> tuple[Peer, Peer]:
    """Ada in seat 0 and Bo in seat 1 of room `code`, each on their own WebSocket."""
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    bo = await Peer.join(url, "Bo")
    await bo.sit(1)
    return ada, bo
