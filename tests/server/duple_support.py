"""Real clients at a Duple table on the real server: open a room, flip to a face-off, find words.

The seed of a match is the server's secret, so tests do not pick a deal: the clients play the
table they are dealt (the drawer flips, All Plays are passed) until a face-off that suits the
test comes up, and find its words with the hard bot's word finder, as a quick player would.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from tests.server.support import Peer, ServerProcess, my_move, seated_pair

from duoplay.games.duple.words.answer import find_answer
from duoplay.games.duple.words.judge import judge_answer

JSON = dict[str, Any]

# The table's clock out of the way: only the players move, and each move is one version (no pause
# after a win either: the next flip or race comes with the win).
NO_CLOCK: JSON = {"flip_seconds": 0, "stuck_seconds": 120, "race_seconds": 600, "all_play_seconds": 300,
            "vote_seconds": 120, "win_pause_seconds": 0}
NAMES = ("Ada", "Bo", "Cy", "Di")


def valid_word(view: JSON) -> str | None:
    """A word the judge accepts for the face-off in `view` (the most common one), or None."""
    race = view["race"]
    category = None if race["kind"] == "allplay" else view["category"]["id"]
    return find_answer(view["lang"], race["letters"], category, 1.0, random.Random(0))


def off_category_word(view: JSON) -> str | None:
    """A real word with the face-off's letters that the judge rejects as off the category."""
    race, category = view["race"], view["category"]["id"]
    word = find_answer(view["lang"], race["letters"], None, 1.0, random.Random(0))
    if word is None or judge_answer(view["lang"], word, race["letters"], category).reason != "category":
        return None
    return word


def events(state: JSON, kind: str) -> list[JSON]:
    return [e for e in state["events"] if e["kind"] == kind]


def events_after(peer: Peer, version: int, kind: str) -> list[JSON]:
    """The events of `kind` in every state `peer` has read after `version`."""
    return [e for m in peer.seen if m["type"] == "state" and m["version"] > version
            for e in m["events"] if e["kind"] == kind]


class Refused(AssertionError):
    pass


async def next_state(peer: Peer, version: int, timeout: float = 10.0) -> JSON:
    """The first state at `version` or later (the last one read, if it is); an error on the way
    means a move of ours was refused."""
    last: JSON | None = next((m for m in reversed(peer.seen) if m["type"] == "state"), None)
    if last is not None and last["version"] >= version:
        return last
    end = time.monotonic() + timeout
    while True:
        message = await peer.recv(max(0.01, end - time.monotonic()))
        if message["type"] == "error":
            raise Refused(f"refused: {message}")
        if message["type"] == "state" and message["version"] >= version:
            return message


async def reply(peer: Peer, message_id: str | int, timeout: float = 10.0) -> JSON:
    """The ack or the error that answers the message `message_id`."""
    end = time.monotonic() + timeout
    while True:
        message = await peer.recv(max(0.01, end - time.monotonic()))
        if message["type"] in ("ack", "error") and message.get("id") == message_id:
            got: JSON = message
            return got


class Table:
    """Every seat of a Duple room held by a real WebSocket client (Ada, Bo, ...)."""

    def __init__(self, server: ServerProcess, code: str, peers: list[Peer]) -> None:
        self.server, self.code, self.peers = server, code, peers
        self.state: JSON = {}
        self.states: list[JSON] = []  # each seat's last state

    @classmethod
    async def open(cls, server: ServerProcess, options: JSON, seats: int = 2, game: str = "duple") -> Table:
        code = server.post("/api/rooms", {"game": game, "options": options, "seats": seats})["code"]
        peers = []
        for seat in range(seats):
            peer = await Peer.join(f"{server.ws}/ws/{code}", NAMES[seat])
            await peer.sit(seat)
            peers.append(peer)
        table = cls(server, code, peers)
        await peers[0].send(type="start")
        await table.sync(0)
        return table

    @property
    def version(self) -> int:
        return int(self.state["version"])

    @property
    def view(self) -> JSON:
        view: JSON = self.state["view"]
        return view

    async def sync(self, version: int | None = None) -> JSON:
        """Every client has seen `version` (default: the latest one we know of); returns seat 0's state."""
        target = self.version if version is None else version
        self.states = [await next_state(peer, target) for peer in self.peers]
        self.state = self.states[0]
        return self.state

    async def act(self, seat: int, action: JSON, **extra: Any) -> None:
        await self.peers[seat].send(type="action", action=action, version=self.version, **extra)

    async def all_act(self, seats: list[int], action: JSON) -> JSON:
        """Each of `seats` makes the move in turn; then everyone has seen the result."""
        for seat in seats:
            await self.act(seat, action)
            await self.sync(self.version + 1)
        return self.state

    async def step(self) -> None:
        """One move that keeps the table going without a race being won: flip, or pass a race."""
        view = self.view
        phase = view["phase"]
        if phase == "flip":
            await self.all_act([view["drawer"]], {"type": "flip"})
        elif phase in ("faceoff", "allplay"):
            await self.all_act(list(view["to_move"]), {"type": "pass"})
        else:
            raise AssertionError(f"the table is in phase {phase!r}: {view}")

    async def to_faceoff(self, wanted: Callable[[JSON], bool] = lambda view: True, flips: int = 200) -> JSON:
        """Play on (flip, pass) until a face-off for which `wanted(view)` holds; returns its state."""
        for _ in range(flips):
            if self.state["outcome"] is not None:
                break
            if self.view["phase"] == "faceoff" and not self.view["race"]["answers"] and wanted(self.view):
                return self.state
            await self.step()
        raise AssertionError(f"no wanted face-off came up: {self.view}")

    async def finish(self) -> JSON:
        """Play the match to its end without winning anything more."""
        while self.state["outcome"] is None:
            await self.step()
        return self.state

    async def close(self) -> None:
        for peer in self.peers:
            await peer.close()


async def busy_room(server: ServerProcess, game: str, level: str, options: JSON) -> tuple[str, str, str]:
    """A room where two bots play as fast as the server lets them (load on the same server).
    Returns the room code, the host's token (to stop the room later) and the match id."""
    code = server.post("/api/rooms", {"game": game, "options": options})["code"]
    host = await Peer.join(f"{server.ws}/ws/{code}", "Host")
    token = await host.sit(0)
    await host.send(type="add_bot", seat=1, level=level)
    await host.send(type="start")
    await host.until("state")
    await host.send(type="leave")  # the stand-in bot plays for the host, with nobody connected
    room = await host.room_until(lambda room: room["match_id"] is not None)
    await host.close()
    return code, token, str(room["match_id"])


async def moves_made(server: ServerProcess, code: str) -> int:
    """How many moves room `code`'s match has had, as a spectator joining it sees."""
    watcher = await Peer.join(f"{server.ws}/ws/{code}", "Watcher")
    try:
        return int((await watcher.until("state"))["version"])
    finally:
        await watcher.close()


async def stop_busy_room(server: ServerProcess, code: str, token: str) -> Peer:
    """The host takes the seat back and does not move: the room soon waits for them."""
    return await Peer.join(f"{server.ws}/ws/{code}", "Host", token=token)


class Load:
    """UNO Duo rooms of two real clients each, both playing as fast as the server answers them:
    load on the same server from clients, beside whatever its bots do."""

    def __init__(self, server: ServerProcess, rooms: int) -> None:
        self.server, self.rooms = server, rooms
        self.actions = 0
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._peers: list[Peer] = []

    async def __aenter__(self) -> Load:
        for _ in range(self.rooms):
            room = {"game": "uno-duo", "options": {"target_score": 1000}}
            code = self.server.post("/api/rooms", room)["code"]
            pair = await seated_pair(self.server, code)
            await pair[0].send(type="start")
            self._peers += pair
        self.began = time.monotonic()
        self._tasks = [asyncio.create_task(self._play(peer)) for peer in self._peers]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.seconds = time.monotonic() - self.began
        self._stop.set()
        await asyncio.gather(*self._tasks)
        for peer in self._peers:
            await peer.close()

    async def _play(self, peer: Peer) -> None:
        rng = random.Random()
        while not self._stop.is_set():
            try:
                message = await peer.recv(0.2)
            except (TimeoutError, OSError):
                continue
            except Exception:  # the connection closed: nothing more to do
                return
            peer.seen.clear()
            if message["type"] == "state" and my_move(message) and message["legal"]:
                with contextlib.suppress(Exception):
                    await peer.send(type="action", action=rng.choice(message["legal"]),
                                    version=message["version"])
                    self.actions += 1
