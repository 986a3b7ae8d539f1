"""Soak: a real server under mixed load for minutes, killed with kill -9 now and then.

`duoplay serve` runs on a SQLite file in a temporary directory. One client process plays, all at once:
pairs of people in UNO Duo rooms at human pace (1-3 s per move, a rematch at the end), people against
a bot, connection churn (connect, hello with the seat token, maybe a move, leave, close, again: a bot
stands in meanwhile), and fuzzers that send malformed JSON, wrong types and bad actions, each of which
must be answered by a typed error on an open socket. Every --kill-every seconds the server gets
SIGKILL and is started again on the same database; clients reconnect with their tokens.

Lost actions: after each restart, every room's highest acknowledged (or received) version of each
match is compared with the stored match (its replay); a version acknowledged and missing is lost.
Server RSS is sampled at the start, after each restart and at the end.

    python benchmarks/soak.py --minutes 10

The last line is `soak: N minutes, M messages, E unexpected errors, L lost actions, RSS start X MB
end Y MB`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from tqdm import tqdm

from server_load import PACED, create_room, descendants, rss_mb, start_server, summarize_server_log

BOT_LEVEL = "heuristic"
REPLY_SECONDS = 10.0  # a fuzzed message unanswered this long counts as an unexpected error


@dataclass
class Room:
    code: str
    match_id: str | None = None
    acked: dict[str, int] = field(default_factory=dict)  # match id -> highest version acked or seen


@dataclass
class Soak:
    """The server (restarted in place) and everything counted."""

    workdir: Path
    proc: subprocess.Popen[bytes] | None = None
    base: str = ""
    generation: int = 0  # bumped just before each kill: socket drops of an older generation are expected
    up: asyncio.Event = field(default_factory=asyncio.Event)
    stop: bool = False
    sent: int = 0
    received: int = 0
    unexpected: Counter[str] = field(default_factory=Counter)
    expected: Counter[str] = field(default_factory=Counter)  # fuzz replies and pacing refusals
    samples: list[str] = field(default_factory=list)
    lost: int = 0
    checked: int = 0  # (room, match) pairs compared with the stored match after a restart
    kills: int = 0
    reconnects: int = 0
    rss: list[tuple[str, float]] = field(default_factory=list)
    rooms: list[Room] = field(default_factory=list)

    @property
    def ws(self) -> str:
        return "ws" + self.base.removeprefix("http")

    def start_server(self) -> None:
        self.proc, self.base = start_server(self.workdir, 20)

    def fail(self, code: str, detail: str) -> None:
        self.unexpected[code] += 1
        if len(self.samples) < 10:
            self.samples.append(f"{code}: {detail[:300]}")


class Link:
    """One WebSocket that counts what goes through it."""

    def __init__(self, soak: Soak, ws: Any) -> None:
        self.soak, self.ws, self.generation = soak, ws, soak.generation

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        self.soak.sent += 1

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        self.soak.received += 1
        message: dict[str, Any] = json.loads(raw)
        return message

    def dropped(self) -> None:
        """The socket closed under us: expected only if the server was killed meanwhile."""
        if not self.soak.stop and self.generation == self.soak.generation:
            self.soak.fail(
                "dropped_socket", f"closed by the server: {self.ws.close_code} {self.ws.close_reason}"
            )


async def connect(soak: Soak, code: str, name: str, token: str | None) -> tuple[Link, dict[str, Any]]:
    """Connect and say hello, waiting out a restart; returns the link and its welcome."""
    while True:
        await soak.up.wait()
        try:
            ws = await websockets.connect(
                f"{soak.ws}/ws/{code}", max_size=None, open_timeout=10, ping_interval=None
            )
        except (OSError, websockets.InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.3)
            continue
        link = Link(soak, ws)
        try:
            await link.send({"v": 1, "type": "hello", "name": name, "token": token})
            while True:
                message = await link.recv(30)
                if message["type"] == "welcome":
                    return link, message
                if message["type"] == "error" and message["code"] != "bad_token":
                    soak.fail(message["code"], f"on hello: {message}")
        except (websockets.ConnectionClosed, TimeoutError):
            link.dropped()
            await ws.close()
            await asyncio.sleep(0.3)


async def seat_in(soak: Soak, code: str, name: str, seat: int, bot: bool, start: bool) -> str:
    """Take a seat (and put a bot in seat 1, and start the match); returns the seat's token."""
    link, _ = await connect(soak, code, name, None)
    async with link.ws:
        await link.send({"v": 1, "type": "sit", "seat": seat})
        token = ""
        while not token:
            message = await link.recv(30)
            if message["type"] == "seated":
                token = message["token"]
        if bot:
            await link.send({"v": 1, "type": "add_bot", "seat": 1, "level": BOT_LEVEL})
            while (message := await link.recv(30))["type"] != "room" or not message["room"]["seats"][1][
                "level"
            ]:
                pass
        if start:
            await link.send({"v": 1, "type": "start"})
            while (await link.recv(30))["type"] != "state":
                pass
        return token


class Seat:
    """What one seated client keeps of its room's messages: views, legal actions, versions, acks."""

    def __init__(self, soak: Soak, room: Room, seat: int) -> None:
        self.soak, self.room, self.seat = soak, room, seat
        self.version = -1
        self.view: dict[str, Any] = {}
        self.legal: list[Any] = []
        self.outcome: Any = None
        self.next_id = 0

    def take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind in ("room", "welcome"):
            self.room.match_id = message["room"]["match_id"]
        elif kind == "state":
            self.version, self.outcome = message["version"], message["outcome"]
            self.view = message["view"] if "view" in message else {**self.view, **message["delta"]["set"]}
            self.legal = message.get("legal", self.legal)
            self.note(message["version"])
        elif kind == "ack":
            self.note(message["version"])
        elif kind == "error":
            if message["code"] in PACED or message["code"] == "not_your_turn":
                self.soak.expected[message["code"]] += 1
            else:
                self.soak.fail(message["code"], json.dumps(message))

    def note(self, version: int) -> None:
        if self.room.match_id is not None:
            acked = self.room.acked
            acked[self.room.match_id] = max(acked.get(self.room.match_id, -1), version)

    def my_turn(self) -> bool:
        return self.outcome is None and self.seat in self.view.get("to_move", ()) and bool(self.legal)

    def action(self, rng: random.Random) -> dict[str, Any]:
        self.next_id += 1
        return {"v": 1, "type": "action", "action": rng.choice(self.legal), "version": self.version,
                "id": self.next_id}  # fmt: skip


async def player(soak: Soak, room: Room, seat: int, token: str, rng: random.Random) -> None:
    """A person at human pace, for as long as the soak runs, reconnecting with the token after a kill."""
    me = Seat(soak, room, seat)
    while not soak.stop:
        link, welcome = await connect(soak, room.code, f"p{seat}", token)
        if welcome["seat"] != seat:
            soak.fail("seat_lost", f"{room.code} seat {seat}: welcomed as {welcome['seat']}")
            return
        me.take(welcome)
        pending: asyncio.Task[None] | None = None

        async def later(message: dict[str, Any], link: Link = link) -> None:
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            if not soak.stop:
                await link.send(message)

        try:
            while not soak.stop:
                try:
                    message = await link.recv(1.0)
                except TimeoutError:
                    continue
                me.take(message)
                if message["type"] != "state" or (pending is not None and not pending.done()):
                    continue
                if me.outcome is not None and seat == 0:
                    pending = asyncio.create_task(later({"v": 1, "type": "start"}))
                elif me.my_turn():
                    pending = asyncio.create_task(later(me.action(rng)))
        except websockets.ConnectionClosed:
            link.dropped()
        finally:
            if pending is not None:
                pending.cancel()
            await link.ws.close()


async def churner(soak: Soak, room: Room, token: str, rng: random.Random) -> None:
    """Connect, hello with the token (the seat comes back from the stand-in bot), maybe move, leave, close."""
    me = Seat(soak, room, 0)
    while not soak.stop:
        link, welcome = await connect(soak, room.code, "churn", token)
        try:
            me.take(welcome)
            if welcome["seat"] != 0:
                # The match ended while the bot played: leaving voided the token. Sit again.
                soak.expected["reseat"] += 1
                await link.send({"v": 1, "type": "sit", "seat": 0})
                while (message := await link.recv(10))["type"] != "seated":
                    me.take(message)
                token = message["token"]
            deadline = time.monotonic() + rng.uniform(0.5, 3.0)
            moved = started = False
            while time.monotonic() < deadline and not soak.stop:
                with contextlib.suppress(TimeoutError):
                    message = await link.recv(max(0.01, deadline - time.monotonic()))
                    me.take(message)
                    if message["type"] == "room" and message["room"]["status"] != "playing" and not started:
                        await link.send({"v": 1, "type": "start"})
                        started = True
                    if not moved and me.my_turn() and rng.random() < 0.5:
                        await link.send(me.action(rng))
                        moved = True
            if rng.random() < 0.7:
                await link.send({"v": 1, "type": "leave"})
                with contextlib.suppress(TimeoutError):
                    while (message := await link.recv(5))["type"] != "room":
                        me.take(message)
        except websockets.ConnectionClosed:
            link.dropped()
        finally:
            await link.ws.close()
        soak.reconnects += 1
        await asyncio.sleep(rng.uniform(0.2, 1.0))


WRONG = {"malformed_message"}
ACTION_REFUSED = {"malformed_action", "illegal_action", "not_your_turn", "stale_state", "game_over"}


def fuzz_cases(rng: random.Random, n: int) -> list[tuple[str | bytes, set[str], bool]]:
    """(frame, the error codes that may answer it, whether the answer must echo id n)."""
    j = json.dumps
    word = "".join(rng.choice("abcxyz{}[]\"'\\ é") for _ in range(rng.randint(0, 12)))
    return [
        ('{"v": 1, "type": "action", ' + word, WRONG, False),
        (j([1, "action"]), WRONG, False),
        ("null", WRONG, False),
        (j({"v": 2, "type": "leave", "id": n}), WRONG, True),
        (j({"v": "1", "type": "leave", "id": n}), WRONG, True),
        (j({"v": 1, "type": rng.choice(["dance", "", "ACTION", word]), "id": n}), {"unknown_type"}, True),
        (
            j(
                {
                    "v": 1,
                    "type": "action",
                    "action": rng.choice([5, "draw", None, [1]]),
                    "version": None,
                    "id": n,
                }
            ),
            WRONG | ACTION_REFUSED,
            True,
        ),
        (
            j({"v": 1, "type": "action", "action": {"type": "play", "card": word}, "version": None, "id": n}),
            WRONG | ACTION_REFUSED,
            True,
        ),
        (
            j({"v": 1, "type": "action", "action": {"type": word}, "version": 10**9, "id": n}),
            WRONG | ACTION_REFUSED,
            True,
        ),
        (j({"v": 1, "type": "action", "action": {"type": "draw"}, "version": "abc", "id": n}), WRONG, True),
        (j({"v": 1, "type": "action", "version": None, "id": n}), WRONG, True),
        (
            j({"v": 1, "type": "sit", "seat": rng.choice(["zero", 7, -1, 1.5]), "id": n}),
            WRONG | {"already_started", "seat_taken"},
            True,
        ),
        (
            j({"v": 1, "type": "add_bot", "seat": 1, "level": "godlike", "id": n}),
            WRONG | {"already_started"},
            True,
        ),
        (j({"v": 1, "type": "hello", "name": "again", "token": None, "id": n}), WRONG, True),
        (
            f'{{"v": 1, "type": "action", "action": {{"type": "play", "card": "\\ud800"}}, "id": {n}}}',
            WRONG | {"malformed_action"},
            True,
        ),
        (
            j({"v": 1, "type": "stream", "channel": "text", "data": {"text": word}, "id": n}),
            WRONG | {"stream_closed"},
            True,
        ),
        (j({"v": 1, "type": "leave", "pad": "x" * 20_000, "id": n}), {"too_large"}, False),
        (bytes([rng.randrange(256) for _ in range(8)]), WRONG, False),
    ]


async def fuzzer(soak: Soak, room: Room, token: str, rng: random.Random) -> None:
    """Seated in a running match; sends one fuzzed frame at a time (4 a second) and checks its answer."""
    me = Seat(soak, room, 0)
    n = 0
    while not soak.stop:
        link, welcome = await connect(soak, room.code, "fuzz", token)
        me.take(welcome)
        try:
            while not soak.stop:
                n += 1
                frame, codes, with_id = rng.choice(fuzz_cases(rng, n))
                await link.send(frame)
                deadline = time.monotonic() + REPLY_SECONDS
                while True:
                    try:
                        message = await link.recv(max(0.01, deadline - time.monotonic()))
                    except TimeoutError:
                        soak.fail("no_reply", f"nothing answered {str(frame)[:200]}")
                        break
                    if message["type"] != "error":
                        me.take(message)
                        continue
                    if message["code"] not in codes:
                        soak.fail("wrong_code", f"{str(frame)[:200]} -> {message}")
                    elif with_id and message.get("id") != n:
                        soak.fail("id_not_echoed", f"{str(frame)[:200]} -> {message}")
                    else:
                        soak.expected[f"fuzz:{message['code']}"] += 1
                    break
                await asyncio.sleep(0.25)
        except websockets.ConnectionClosed:
            link.dropped()
        finally:
            await link.ws.close()


def stored_version(base: str, match_id: str) -> int:
    with urllib.request.urlopen(f"{base}/api/matches/{match_id}/replay", timeout=60) as answer:
        version: int = json.loads(answer.read())["frames"][-1]["version"]
        return version


async def check_lost(soak: Soak) -> None:
    """Every version acknowledged so far (before the kill, and since) must be in the stored match."""
    wanted = [(match_id, version) for room in soak.rooms for match_id, version in room.acked.items()]
    for room in soak.rooms:  # matches checked now need not be checked again, unless they go on
        room.acked = {m: v for m, v in room.acked.items() if m == room.match_id}
    for match_id, version in wanted:
        try:
            stored = await asyncio.to_thread(stored_version, soak.base, match_id)
        except OSError as error:
            soak.fail("replay_failed", f"{match_id}: {error}")
            continue
        soak.checked += 1
        if stored < version:
            soak.lost += version - stored
            soak.samples.append(f"lost: match {match_id} acknowledged {version}, stored {stored}")


async def kill_and_restart(soak: Soak) -> None:
    assert soak.proc is not None
    soak.generation += 1
    soak.up.clear()
    pool = descendants(soak.proc.pid)
    os.kill(soak.proc.pid, signal.SIGKILL)
    for pid in pool:  # the bot pool dies with it, as in a container
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    await asyncio.to_thread(soak.proc.wait, 10)
    soak.kills += 1
    log = soak.workdir / "server.log"
    log.rename(soak.workdir / f"server-{soak.kills}.log")
    await asyncio.to_thread(soak.start_server)
    soak.up.set()


async def drive(soak: Soak, seconds: float, kill_every: float, pairs: int, bot_rooms: int, churn: int,
                fuzz: int) -> None:  # fmt: skip
    rng = random.Random(14)
    await asyncio.to_thread(soak.start_server)
    soak.up.set()
    assert soak.proc is not None
    tasks: list[asyncio.Task[None]] = []
    for kind, count in (("pair", pairs), ("bot", bot_rooms), ("churn", churn), ("fuzz", fuzz)):
        for _ in range(count):
            room = Room(await asyncio.to_thread(create_room, soak.base, {"game": "uno-duo"}))
            soak.rooms.append(room)
            seeded = random.Random(rng.random())
            if kind == "pair":
                tokens = [
                    await seat_in(soak, room.code, f"p{seat}", seat, False, seat == 1) for seat in (0, 1)
                ]
                tasks += [asyncio.create_task(player(soak, room, s, tokens[s], seeded)) for s in (0, 1)]
            else:
                token = await seat_in(soak, room.code, kind, 0, True, True)
                if kind == "bot":
                    tasks.append(asyncio.create_task(player(soak, room, 0, token, seeded)))
                else:
                    work = churner if kind == "churn" else fuzzer
                    tasks.append(asyncio.create_task(work(soak, room, token, seeded)))
    soak.rss.append(("start", rss_mb(soak.proc.pid)))
    started = time.monotonic()
    next_kill = started + kill_every
    with tqdm(total=round(seconds), desc="soak", unit="s", mininterval=1.0) as bar:
        while (now := time.monotonic()) - started < seconds:
            await asyncio.sleep(min(1.0, max(0.0, started + seconds - now)))
            if any(task.done() for task in tasks):
                for task in tasks:
                    if task.done() and task.exception() is not None:
                        raise task.exception()  # type: ignore[misc]
            if time.monotonic() >= next_kill and time.monotonic() - started < seconds - 1:
                await kill_and_restart(soak)
                await asyncio.sleep(min(3.0, kill_every / 2))  # the clients come back
                soak.rss.append((f"after restart {soak.kills}", rss_mb(soak.proc.pid)))
                await check_lost(soak)
                next_kill = time.monotonic() + kill_every
            bar.set_postfix(msgs=soak.sent + soak.received, unexpected=sum(soak.unexpected.values()),
                            lost=soak.lost, kills=soak.kills, rss_mb=f"{rss_mb(soak.proc.pid):.0f}",
                            refresh=False)  # fmt: skip
            bar.update(min(round(seconds), int(time.monotonic() - started)) - bar.n)
    soak.rss.append(("end", rss_mb(soak.proc.pid)))
    soak.stop = True
    await asyncio.gather(*tasks, return_exceptions=True)
    await check_lost(soak)  # the last versions, on the server that is still running


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--kill-every", type=float, default=120.0, help="seconds between kill -9s")
    parser.add_argument("--pairs", type=int, default=20, help="UNO Duo rooms of two people")
    parser.add_argument("--bot-rooms", type=int, default=10, help="UNO Duo rooms of one person and a bot")
    parser.add_argument("--churn", type=int, default=10, help="clients that connect, leave and come back")
    parser.add_argument("--fuzz", type=int, default=3, help="clients that send malformed messages")
    args = parser.parse_args()
    if args.minutes <= 0 or args.kill_every <= 0:
        parser.error("--minutes and --kill-every must be positive")
    with tempfile.TemporaryDirectory(prefix="duoplay-soak-") as tmp:
        soak = Soak(Path(tmp))
        began = time.monotonic()
        try:
            asyncio.run(drive(soak, args.minutes * 60, args.kill_every, args.pairs, args.bot_rooms,
                              args.churn, args.fuzz))  # fmt: skip
        finally:
            if soak.proc is not None and soak.proc.poll() is None:
                soak.proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    soak.proc.wait(15)
            logs = "\n".join(p.read_text(errors="replace") for p in sorted(Path(tmp).glob("server*.log")))
        tracebacks = logs.count("Traceback")
        if tracebacks:
            soak.unexpected["server_traceback"] += tracebacks
            soak.samples.append(logs[logs.index("Traceback") :][:1500])
        summarize_server_log(logs)
    seconds = time.monotonic() - began
    clients = 2 * args.pairs + args.bot_rooms + args.churn + args.fuzz
    print(f"rooms: {args.pairs} UNO Duo pairs, {args.bot_rooms} against a bot, {args.churn} churned,"
          f" {args.fuzz} fuzzed ({clients} clients); {seconds:.0f} s in all")  # fmt: skip
    print(f"messages: {soak.sent} sent, {soak.received} received; reconnections by churn: {soak.reconnects}")
    print(
        f"expected errors and refusals: {sum(soak.expected.values())} {dict(sorted(soak.expected.items()))}"
    )
    print(f"unexpected errors: {sum(soak.unexpected.values())} {dict(soak.unexpected) or ''}")
    for sample in soak.samples:
        print(f"  {sample}")
    print(
        f"kill -9: {soak.kills}; matches compared with the stored log: {soak.checked};"
        f" lost actions: {soak.lost}"
    )
    print("server RSS MB: " + ", ".join(f"{label} {mb:.0f}" for label, mb in soak.rss))
    errors = sum(soak.unexpected.values())
    start_rss, end_rss = soak.rss[0][1], soak.rss[-1][1]
    print(f"soak: {args.minutes:g} minutes, {soak.sent + soak.received} messages, {errors} unexpected errors,"
          f" {soak.lost} lost actions, RSS start {start_rss:.0f} MB end {end_rss:.0f} MB")  # fmt: skip
    return 0 if errors == 0 and soak.lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
