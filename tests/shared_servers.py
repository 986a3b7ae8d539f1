"""Servers that a whole test run shares, started once as the run begins.

Some servers load word lists and models before they answer (`--warm-up`): a minute or more on
the 2-core machine. Under xdist each worker would start its own copy, and three copies loading
at once on two cores take three times the CPU. Instead the controller starts each server that
the run will use as the run begins, while the workers go through the quick tests, and tells the
workers where it is (an environment variable the workers inherit); a worker's fixture then only
waits for it to answer. Without xdist, the fixture starts a copy of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DUOPLAY = Path(sys.executable).with_name("duoplay")
ANNOUNCED = "DUOPLAY_TEST_SHARED_SERVERS"  # name -> Shared, as JSON, for the workers
START_WAIT_S = 240.0  # servers that warm up games, three test workers and two busy cores beside


@dataclass(frozen=True)
class Spec:
    """A server for the tests under `used_by`, unless the run leaves out tests marked `marker`."""

    used_by: str  # a path under the repository: a test folder or module
    marker: str
    args: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Shared:
    port: int
    pid: int
    folder: str

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return Path(self.folder) / f"server-{self.port}.log"


SPECS = {
    # Every browser test's server: test hooks on (seeds, clocks, bot pace); a page closed at a
    # test's end leaves its seat, and no stand-in bot plays the room out meanwhile, loading the
    # server that later tests share; bots act after 0.05 s unless a room says else.
    "browser": Spec(
        used_by="tests/web", marker="browser",
        args=("--bot-pace", "0.05", "--test-hooks", "--replace-after", "3600", "--bot-workers", "1",
              "--warm-up", "duos", "duple"),
    ),
    # Duple's races under load: a quiet test game beside Duple, bots at a tenth of a person's pace.
    "duple": Spec(
        used_by="tests/server/test_duple_server.py", marker="live",
        args=("--bot-pace", "0.1", "--bot-delay", "0", "--bot-workers", "1", "--rate-limit", "1000",
              "--replace-after", "3600", "--warm-up", "duple"),
        # tests/server itself on the path: a `tests` package installed by a dependency (spylls
        # ships one) would hide this checkout's tests/ from the server process.
        env=(("DUOPLAY_GAMES", "duple-quiet=duple_quiet.game:GAME"),
             ("PYTHONPATH", str(ROOT / "tests" / "server"))),
    ),
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def launch(name: str, folder: Path) -> tuple[subprocess.Popen[bytes], Shared]:
    """Start server `name` in `folder` (its database and log) without waiting for it."""
    spec = SPECS[name]
    port = free_port()
    env = dict(os.environ)
    for key, value in spec.env:
        env[key] = value if key != "PYTHONPATH" else os.pathsep.join(filter(None, (value, env.get(key))))
    command = [str(DUOPLAY), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
               "--database", f"sqlite+aiosqlite:///{folder / 'db.sqlite'}",
               # Many rooms and sockets come from this machine: no per-address limit applies to it.
               "--room-limit-exempt", "127.0.0.1", "::1", *spec.args]
    shared = Shared(port, 0, str(folder))
    with shared.log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=folder)
    return process, Shared(port, process.pid, str(folder))


def wait_until_up(shared: Shared, timeout: float = START_WAIT_S) -> None:
    wait_for_health(shared.url, lambda: _running(shared.pid), shared.log, timeout)


def wait_for_health(url: str, running: Callable[[], bool], log: Path, timeout: float = START_WAIT_S) -> None:
    """Poll the server's /healthz until it answers; fail at once if it exited (`running()`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not running():
            raise RuntimeError(f"duoplay serve exited:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)  # the poll's interval
    raise RuntimeError(f"duoplay serve did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def announced(name: str) -> Shared | None:
    """The server `name` that this run's controller started, if it did."""
    servers = json.loads(os.environ.get(ANNOUNCED, "{}"))
    return Shared(**servers[name]) if name in servers else None


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _will_run(config: pytest.Config, spec: Spec) -> bool:
    """Whether the run's paths reach `spec.used_by` and its marker expression keeps its tests."""
    if f"not {spec.marker}" in (config.option.markexpr or ""):
        return False
    target = (ROOT / spec.used_by).resolve()
    paths = [Path(str(arg).split("::")[0]) for arg in config.args] or [ROOT / "tests"]
    for path in paths:
        path = (Path(config.invocation_params.dir) / path).resolve()
        if path == target or path in target.parents or target in path.parents:
            return True
    return False


class Starter:
    """The controller's side: starts the servers as the run is configured, stops them at its end."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="duoplay-shared-"))
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, config: pytest.Config) -> None:
        servers = {}
        for name, spec in SPECS.items():
            if _will_run(config, spec):
                folder = self.folder / name
                folder.mkdir()
                process, shared = launch(name, folder)
                self.processes.append(process)
                servers[name] = asdict(shared)
        os.environ[ANNOUNCED] = json.dumps(servers)  # the workers, started next, inherit it

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def register(config: pytest.Config) -> None:
    """Start the shared servers when this process is the controller of xdist workers."""
    is_worker = hasattr(config, "workerinput")
    if not is_worker and (config.getoption("numprocesses", None) or 0) and ANNOUNCED not in os.environ:
        starter = Starter()
        starter.start(config)
        config.pluginmanager.register(starter, "duoplay-shared-servers")  # stops them at the end
