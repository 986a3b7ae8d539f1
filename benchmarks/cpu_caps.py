"""CPU caps for instances measured as separate machines would show them, and how busy the machine was.

`CpuCap(name, cores)` makes a Linux CPU cgroup capped at `cores` (cgroup v1 `cpu.cfs_quota_us`, or
v2 `cpu.max` where the v2 hierarchy has the cpu controller); a process started with
`preexec_fn=cap.join` runs in it from its first instruction, with every process it starts (an
instance's bot pool). `remove()` takes the group away once its processes have ended. Where no
writable CPU controller is found, `CpuCap` refuses with the reason (`CapUnavailable`).

`machine_busy()` reads /proc/stat: the cores' busy time so far, to tell a run that saturated the
machine (whose figures measure the machine, not the caps) from one that did not.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup/unified")
PERIOD_US = 100_000
SATURATED = 0.95  # a run whose machine was busier than this share of every core is not valid


class CapUnavailable(SystemExit):
    pass


def _controller() -> tuple[Path, str]:
    if (V1 / "cpu.cfs_quota_us").exists() and os.access(V1, os.W_OK):
        return V1, "v1"
    controllers = V2 / "cgroup.controllers"
    if controllers.exists() and "cpu" in controllers.read_text().split() and os.access(V2, os.W_OK):
        return V2, "v2"
    raise CapUnavailable("--instance-cpus needs a writable CPU cgroup controller (cgroup v1 "
                         f"{V1}/cpu.cfs_quota_us, or v2 {V2} with the cpu controller); run as root")


class CpuCap:
    def __init__(self, name: str, cores: float) -> None:
        if not 0.01 <= cores <= (os.cpu_count() or 1):
            raise CapUnavailable(f"--instance-cpus must be from 0.01 to {os.cpu_count()} cores, not {cores}")
        root, self.version = _controller()
        self.path = root / f"duoplay-bench-{name}-{os.getpid()}"
        self.path.mkdir(exist_ok=True)
        quota = int(cores * PERIOD_US)
        if self.version == "v1":
            (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))
        else:
            (self.path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        self.cores = cores

    def join(self) -> None:
        """Put the calling process in the group (as a child's `preexec_fn`, before it runs anything)."""
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def throttled(self) -> int:
        """Periods in which the group used its whole quota and waited."""
        with contextlib.suppress(OSError, ValueError):
            for line in (self.path / "cpu.stat").read_text().splitlines():
                key, value = line.split()
                if key in ("nr_throttled",):
                    return int(value)
        return 0

    def remove(self) -> None:
        """End whatever still runs in the group (an instance's bot workers outlive a SIGKILL of the
        instance), then take the group away."""
        for _ in range(50):
            with contextlib.suppress(OSError, ValueError):
                left = [int(pid) for pid in (self.path / "cgroup.procs").read_text().split()]
                for pid in left:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                self.path.rmdir()
                return
            time.sleep(0.1)


def machine_busy() -> tuple[float, float]:
    """(busy, total) seconds of every core so far, from /proc/stat's first line."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    ticks = os.sysconf("SC_CLK_TCK")
    return (sum(fields[:8]) - idle) / ticks, sum(fields[:8]) / ticks
