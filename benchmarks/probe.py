"""Probe: a real server under the attacks of the hardening issue, beside a well-behaved room.

`duoplay serve` runs on a SQLite file in a temporary directory, its per-address limits applied to
loopback clients too (`--room-limit-exempt` with no address). Each attack speaks from a loopback
address of its own (127.0.0.x), so one attack's limits touch neither another nor the victim: two
players seated in a room of their own (from 127.0.0.2, in a process of their own) who ping the
server every 50 ms and react with an emote every few seconds, timing each answer. Each attack runs
for a bounded time (`--seconds`); it broke if the server died or logged a traceback, the victim's
p99 went over 100 ms while it ran, a refusal that should have come did not, or a secret or raw
control character got through. The machine's load is printed beside: other work on it slows the
victim as much as an attack would.

    python benchmarks/probe.py --seconds 12
    python benchmarks/probe.py --only rebinding small --seconds 1

The last line is `probe: N attacks, B breaks, victim p99 X ms` (the p99 over the whole run); the
exit code is 1 if anything broke.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
from tqdm import tqdm

from probe_attacks import connections, messages, rooms
from probe_attacks.common import Server, Tally, address
from probe_attacks.victim import Sample, Victim
from server_load import DUOPLAY, free_port, percentile_ms

P99_MS = 100.0
SPECTATORS = 5
UNWATCHED = 3.0
BODY_TIMEOUT = 2.0
VICTIM = address(2)
SETTLE = 0.5  # seconds after an attack before the next: its sockets close meanwhile


def attacks(seconds: float) -> dict[str, Callable[[Server], Awaitable[Tally]]]:
    """Each attack by name, bound to a source address of its own."""
    return {
        "slow_bodies": lambda s: connections.slow_bodies(s, seconds, address(10), BODY_TIMEOUT),
        "floods": lambda s: connections.floods(s, seconds, address(11)),
        "nesting": lambda s: messages.nesting(s, seconds, address(12)),
        "replays": lambda s: rooms.replays(s, seconds, address(13), bystander=address(14)),
        "spectators": lambda s: rooms.spectators(s, seconds, address(15), SPECTATORS),
        "abandoned": lambda s: rooms.abandoned(s, seconds, address(16), UNWATCHED, xff=address(17)),
        "rebinding": lambda s: connections.rebinding(s, seconds, address(18)),
        "live_text": lambda s: messages.live_text(s, seconds, address(19)),
        "ghost_strokes": lambda s: rooms.ghost_strokes(s, seconds, address(20)),
        "small": lambda s: messages.small(s, seconds, address(21)),
    }


def serve_command(workdir: Path, port: int) -> list[str]:
    """The server: per-address limits on loopback too, a small spectator cap, short deadlines for
    headers, bodies and hellos, and rooms that nobody watches stopping after a few seconds (their
    absent players replaced by bots at once)."""
    return [
        str(DUOPLAY), "serve", "--port", str(port), "--database",
        f"sqlite+aiosqlite:///{workdir / 'probe.db'}", "--log-level", "warning",
        "--room-limit-exempt", "--max-spectators", str(SPECTATORS), "--unwatched-after", str(UNWATCHED),
        "--replace-after", "1", "--bot-pace", "0.2", "--hello-timeout", "3", "--handshake-timeout", "3",
        "--body-timeout", str(BODY_TIMEOUT),
    ]


async def wait_up(server: Server, process: asyncio.subprocess.Process, log: Path) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            if process.returncode is not None:
                raise SystemExit(f"the server exited: {log.read_text()[-2000:]}")
            try:
                if (await client.get(server.http + "/healthz", timeout=1)).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


async def probe(seconds: float, only: list[str]) -> int:
    chosen = {name: run for name, run in attacks(seconds).items() if not only or name in only}
    with tempfile.TemporaryDirectory(prefix="duoplay-probe-") as folder:
        workdir = Path(folder)
        port = free_port()
        server = Server(f"http://127.0.0.1:{port}", port)
        log = workdir / "server.log"
        with open(log, "wb") as out:
            process = await asyncio.create_subprocess_exec(*serve_command(workdir, port), cwd=workdir,
                                                           stdout=out, stderr=out)
        try:
            await wait_up(server, process, log)
            return await run_attacks(server, process, chosen, log)
        finally:
            if process.returncode is None:
                process.terminate()
                await process.wait()


async def run_attacks(server: Server, process: asyncio.subprocess.Process,
                      chosen: dict[str, Callable[[Server], Awaitable[Tally]]], log: Path) -> int:
    victim = Victim(server, VICTIM)
    await victim.start()  # the victim is playing before the first attack
    spans = []
    rows = []
    for name, run in tqdm(chosen.items(), desc="probe", unit="attack", file=sys.stderr):
        started = time.monotonic()
        tracebacks = _tracebacks(log)
        try:
            tally = await run(server)
        except Exception as error:  # an attack that could not finish: the server did not answer it
            tally = Tally()
            tally.broke(f"the attack failed: {type(error).__name__}: {error}"[:200])
            traceback.print_exc(file=sys.stderr)
        spans.append((started, time.monotonic()))
        if process.returncode is not None:
            tally.broke(f"the server exited ({process.returncode})")
        if (logged := _tracebacks(log) - tracebacks) > 0:
            tally.broke(f"the server logged {logged} tracebacks (an error nobody handled)")
        rows.append((name, tally))
        if process.returncode is not None:
            break
        await asyncio.sleep(SETTLE)
    await victim.stop()
    if victim.failure:
        rows.append(("victim", Tally(breaks=[victim.failure])))
        spans.append((0.0, 0.0))
    p99s = [p99_ms(victim.samples, since, until) for since, until in spans]
    for (_, tally), p99 in zip(rows, p99s, strict=True):
        if p99 > P99_MS:
            tally.broke(f"the victim's p99 was {p99:.0f} ms")
    print(f"{'attack':<14} {'tried':>7} {'refused':>8} {'broke':>6} {'victim p99 ms':>14}")
    for (name, tally), p99 in zip(rows, p99s, strict=True):
        print(f"{name:<14} {tally.tried:>7} {tally.refused:>8} {len(tally.breaks):>6} {p99:>14.1f}")
    breaks = [(name, why) for name, tally in rows for why in tally.breaks]
    for name, why in breaks:
        print(f"  broke: {name}: {why}")
    load = os.getloadavg()[0]
    print(f"  machine load {load:.1f} on {os.cpu_count()} cores")
    print(f"probe: {len(rows)} attacks, {len(breaks)} breaks, victim p99 {p99_ms(victim.samples):.0f} ms")
    return 1 if breaks else 0


def p99_ms(samples: list[Sample], since: float = 0.0, until: float = float("inf")) -> float:
    """The victim's p99 over the answers it asked for in [since, until] (0 when it asked none)."""
    took = [seconds for at, seconds in samples if since <= at <= until]
    return percentile_ms(took, 0.99) if took else 0.0


def _tracebacks(log: Path) -> int:
    return log.read_text(errors="replace").count("Traceback")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="how long each attack runs (default 8)")
    parser.add_argument("--only", nargs="+", choices=sorted(attacks(0)), default=[],
                        help="run only these attacks")
    args = parser.parse_args()
    return asyncio.run(probe(args.seconds, args.only))


if __name__ == "__main__":
    sys.exit(main())
