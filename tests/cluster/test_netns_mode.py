"""The cluster benchmark's network mode (`server_load.py --instances N --netns`): each instance in a
network namespace of its own, its links to PostgreSQL and Redis delayed by a relay; everything it made
is gone after a run, after an error, and after SIGTERM; without root it refuses and says why.

These tests need root (network namespaces and veth pairs), as the cluster's CPU caps do: the test
machines and CI run them as root."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest
from tests.polling import until

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPT = BENCHMARKS / "server_load.py"
LAST_LINE = re.compile(r"^instances: 2, ratio: (\d+\.\d\d)x, p99 ms: (\d+\.\d), failover s: (\d+\.\d\d)$")
HELD = re.compile(r"held: \d+ chunks, mean (\d+\.\d\d) ms")

pytestmark = [pytest.mark.postgres, pytest.mark.live, pytest.mark.netns]


def _netns_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("netns", BENCHMARKS / "netns.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["netns"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


netns = _netns_module()


def made_by(pid: int) -> list[str]:
    """The network namespaces and root-side veth devices of the run of process `pid` still there."""
    links = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout
    devices = [word.split("@")[0] for word in links.split() if word.startswith(f"dp{pid:x}-")]
    return [name for name in netns.existing() if name.startswith(f"duoplay-{pid:x}-")] + devices


def test_each_namespace_has_its_own_link_and_nothing_is_left_after_an_error() -> None:
    with pytest.raises(RuntimeError), netns.Namespaces(2) as made:
        first, second = made.links
        assert len({first.host, first.guest, second.host, second.guest}) == 4
        assert sorted(netns.existing()) >= sorted([first.namespace, second.namespace])
        # A server in the first namespace, on its end of the veth pair, answers the root namespace.
        server = subprocess.Popen(first.command(sys.executable, "-m", "http.server", "--bind", first.guest,
                                                "8765"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def answer() -> int | None:
            try:
                with urllib.request.urlopen(f"http://{first.guest}:8765/", timeout=2) as reply:
                    return int(reply.status)
            except OSError:
                return None

        assert until(answer, 200, seconds=30) == 200
        # The namespace is apart: the second one has no route to the first one's address.
        reach = subprocess.run(second.command(sys.executable, "-c", "import socket; socket.create_connection("
                                              f"('{first.guest}', 8765), timeout=5)"), capture_output=True)
        assert reach.returncode != 0
        raise RuntimeError("the run fails with a server still in a namespace")
    assert server.wait(10) != 0  # ended with its namespace
    assert made_by(os.getpid()) == []


def test_a_short_run_in_namespaces_reports_the_mode_the_relay_and_leaves_nothing() -> None:
    run = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--instances", "2", "--clients", "8", "--duration", "3",
         "--lease", "1", "--rounds", "1", "--instance-cpus", "0.5", "--netns", "--link-delay-ms", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, out[-3000:] + err[-3000:]
    lines = out.strip().splitlines()
    found = LAST_LINE.match(lines[-1])
    assert found is not None, out[-2000:]
    assert "each instance in a network namespace of its own" in lines[0] and "delayed 2.0 ms" in lines[0]
    runs = [line for line in lines if "actions in" in line]
    assert len(runs) == 2 and all("errors 0 " in line for line in runs), runs
    cpu = [line for line in lines if line.startswith("  CPU in cores:")]
    assert len(cpu) == 2 and all(", relay " in line for line in cpu), cpu
    held = HELD.search(out)
    assert held is not None and float(held.group(1)) >= 2.0, out[-2000:]
    assert made_by(run.pid) == []


def test_sigterm_during_a_run_removes_the_namespaces_with_the_instances_in_them() -> None:
    run = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--instances", "2", "--clients", "8", "--duration", "60",
         "--rounds", "1", "--netns"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # its lines as it prints them
    )
    try:
        assert run.stdout is not None
        # The run says it starts measuring once its instance is up in the first namespace.
        while "round 1, 1 instance(s):" not in (line := run.stdout.readline()):
            assert line, "the run ended before its first round"
        namespace = f"duoplay-{run.pid:x}-0"
        pids = subprocess.run(["ip", "netns", "pids", namespace], capture_output=True, text=True).stdout
        assert pids.split(), "the instance runs in the first namespace"
        run.terminate()
        # Its output is read to the end apart: processes it started and killed may hold the pipe a while.
        threading.Thread(target=run.stdout.read, daemon=True).start()
        assert run.wait(120) != 0
        assert made_by(run.pid) == []
    finally:
        if run.poll() is None:
            run.kill()


def test_without_root_it_refuses_with_the_reason() -> None:
    done = subprocess.run(
        ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", sys.executable, str(SCRIPT),
         "--instances", "2", "--netns"], capture_output=True, text=True, timeout=120,
    )
    assert done.returncode != 0
    reason = "--netns needs root (it adds network namespaces and veth pairs)"
    assert done.stderr.strip().splitlines()[-1] == reason
