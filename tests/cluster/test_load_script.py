"""`benchmarks/server_load.py --instances 2` runs end to end on a few clients: one instance, then two of
one cluster, each in a CPU cgroup capped at half a core, their ratio, and a fail-over measured from
SIGKILL to the new owner's first action."""

from __future__ import annotations

import re
import subprocess
import sys
from glob import glob
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"
LAST_LINE = re.compile(r"^instances: 2, ratio: (\d+\.\d\d)x, p99 ms: (\d+\.\d), failover s: (\d+\.\d\d)$")

pytestmark = [pytest.mark.postgres, pytest.mark.live]


def test_a_short_two_instance_run_reports_both_rates_and_the_failover() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--instances", "2", "--clients", "8", "--duration", "3",
         "--lease", "1", "--rounds", "1", "--instance-cpus", "0.5"],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    found = LAST_LINE.match(lines[-1])
    assert found is not None, done.stdout[-2000:]
    ratio, p99, failover = (float(group) for group in found.groups())
    assert ratio > 0 and p99 > 0
    # The owner was killed without a word: its heartbeat (1 s, renewed every third of it) had to run out.
    assert 0.6 <= failover < 30.0
    runs = [line for line in lines if "actions in" in line]
    assert len(runs) == 2 and all("errors 0 " in line for line in runs), runs
    assert "each instance capped at 0.5 cores" in lines[0]
    assert sum("periods an instance waited for its cap" in line for line in lines) == 2
    assert not glob("/sys/fs/cgroup/cpu/duoplay-bench-*")  # the run's CPU groups are gone
