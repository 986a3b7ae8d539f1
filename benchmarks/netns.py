"""Network namespaces on one box, one per instance, as separate machines on a network would be.

`Namespaces(count)` makes `count` network namespaces (`ip netns add`), each joined to the root
namespace by a veth pair on a private /24 of its own: the root's end has `.1` (where the namespace
reaches what runs in the root namespace: PostgreSQL, Redis, through their relays), the namespace's end
`.2` (where its instance listens, and the load's clients reach it). A process is started in a namespace
with `link.command(...)` (`ip netns exec`, which runs it as the same process: a signal to it reaches the
program). Used as a context manager, everything made is removed on the way out, on an error or Ctrl-C
as well as at the end, and SIGTERM is turned into an exit that does the same. Where it cannot work (not
root, no `ip`), it refuses with the reason (`NetnsUnavailable`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import subprocess
import threading
from dataclasses import dataclass
from types import FrameType, TracebackType

PREFIX = "10.213"  # the /16 the namespaces' subnets are taken from, one /24 each
LOCK = "/run/lock/duoplay-netns.lock"  # two runs at once do not choose the same subnet


class NetnsUnavailable(SystemExit):
    pass


@dataclass(frozen=True)
class Link:
    namespace: str
    host_device: str
    host: str  # the root namespace's end
    guest: str  # the namespace's end

    def command(self, *argv: str) -> list[str]:
        return ["ip", "netns", "exec", self.namespace, *argv]


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise NetnsUnavailable(f"--netns: `ip {' '.join(args)}` failed: {reason[0] if reason else '?'}")


def _taken_subnets() -> set[int]:
    """The third bytes of PREFIX's subnets some interface of the root namespace already has."""
    listing = subprocess.run(["ip", "-4", "-o", "addr", "show"], capture_output=True, text=True).stdout
    taken = set()
    for word in listing.split():
        if word.startswith(PREFIX + "."):
            taken.add(int(word.split(".")[2]))
    return taken


class Namespaces:
    def __init__(self, count: int) -> None:
        if os.geteuid() != 0:
            raise NetnsUnavailable("--netns needs root (it adds network namespaces and veth pairs)")
        if shutil.which("ip") is None:
            raise NetnsUnavailable("--netns needs the `ip` command (Debian's iproute2)")
        self.links: list[Link] = []
        self._made: list[Link] = []
        self._previous_sigterm: object = None
        tag = f"{os.getpid():x}"
        try:
            with open(LOCK, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                taken = _taken_subnets()
                free = (k for k in range(1, 255) if k not in taken)
                for index in range(count):
                    subnet = next(free, None)
                    if subnet is None:
                        raise NetnsUnavailable(f"--netns: no free /24 left in {PREFIX}.0.0/16")
                    self.links.append(self._add(f"duoplay-{tag}-{index}", f"dp{tag}-{index}", subnet))
        except BaseException:
            self.remove()
            raise

    def _add(self, namespace: str, device: str, subnet: int) -> Link:
        link = Link(namespace, f"{device}h", f"{PREFIX}.{subnet}.1", f"{PREFIX}.{subnet}.2")
        _ip("netns", "add", namespace)
        self._made.append(link)
        _ip("link", "add", link.host_device, "type", "veth", "peer", "name", f"{device}g", "netns", namespace)
        _ip("addr", "add", f"{link.host}/24", "dev", link.host_device)
        _ip("link", "set", link.host_device, "up")
        _ip("-n", namespace, "addr", "add", f"{link.guest}/24", "dev", f"{device}g")
        _ip("-n", namespace, "link", "set", f"{device}g", "up")
        _ip("-n", namespace, "link", "set", "lo", "up")  # an instance and its bot pool may talk over it
        return link

    def remove(self) -> None:
        """End what still runs in the namespaces (a namespace outlives `ip netns del` while a process is in
        it, and its veth pair with it), then remove them and their pairs."""
        while self._made:
            link = self._made.pop()
            pids = subprocess.run(["ip", "netns", "pids", link.namespace], capture_output=True, text=True)
            for pid in pids.stdout.split():
                with contextlib.suppress(OSError, ValueError):
                    os.kill(int(pid), signal.SIGKILL)
            subprocess.run(["ip", "link", "del", link.host_device], capture_output=True)
            subprocess.run(["ip", "netns", "del", link.namespace], capture_output=True)

    def __enter__(self) -> Namespaces:
        if threading.current_thread() is threading.main_thread():
            self._previous_sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.remove()
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)  # type: ignore[arg-type]


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(f"stopped by signal {signum}")


def existing() -> list[str]:
    """The names of the network namespaces there are now."""
    listing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    return [line.split()[0] for line in listing.splitlines() if line.strip()]
