"""A stored match as a replay: one full view, then each move's events and the view's change.

A replay's size grows with the length of the match, not with its square: after the
first frame, a frame carries only the top-level keys of the view that changed (the
same delta a live client gets, see `fanout.view_delta`). It is built in a process of
its own (`ReplayWorker`): a long match takes a second or so of CPU, and built beside
the event loop, even in a thread, it would slow every room for that long.

Who sees what: while a match runs, a replay shows what a spectator sees. Once it
has finished nothing is secret any more, and a replay may be asked for as any
seat saw it, hand included. The seed is never sent: with it, anyone could deal
the hands of a match still running.

The body is one JSON document:
`{"header": {...}, "frames": [{"version", "view"|"delta", "events"}, ...], "stopped": null | {...}}`.
`stopped` says where and why the replay ends early, when the rules refuse a stored
action (a log written by other means, or by older rules); it comes last because it is
known only once every action has been applied.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
from collections import Counter, OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from duoplay.core.errors import GameError
from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Seat
from duoplay.core.text import escape_text, stored_text
from duoplay.server.fanout import apply_delta, view_delta
from duoplay.server.storage import Storage, StoredMatch

FRAMES_PER_RUN = 400  # frames encoded in one call: fewer calls, and a short walk when one must be escaped
MAX_WAITING = 8  # replays asked for and not yet built; past this, asking again later is the answer
# The share of those one client address may hold: eight requests from one address leave the other
# six places to everyone else.
MAX_WAITING_PER_ADDRESS = 2
CACHE_BYTES = 64_000_000  # encoded frames the replay process keeps, to extend rather than rebuild
REPLAY_NICENESS = 10  # the replay process yields the CPU to the rooms


class ReplayHidden(Exception):
    """A seat's view of a match that has not finished: its hand is still secret."""


class NoSuchSeat(Exception):
    """A seat number the match does not have."""


class ReplaysBusy(Exception):
    """Too many replays are waiting to be built."""


class ReplayShare:
    """The replays each client address is waiting for: at most `most` at a time, so that one
    address cannot hold the whole queue (`MAX_WAITING`) and turn everyone else away."""

    def __init__(self, most: int = MAX_WAITING_PER_ADDRESS) -> None:
        self.most = most
        self._waiting: Counter[str] = Counter()

    def take(self, address: str) -> bool:
        """Count one more replay for `address`, unless it already waits for `most`."""
        if self._waiting[address] >= self.most:
            return False
        self._waiting[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self._waiting[address] -= 1
        if self._waiting[address] <= 0:
            del self._waiting[address]


class ReplayWorker:
    """Builds replay bodies in one process of its own, started on first use and kept.

    The server's event loop only waits for the bytes. One process is enough: replays are
    rare next to moves, and more processes would take cores from the rooms; it runs at a
    lower priority, so that when both want a core the rooms win.
    """

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0

    async def body(self, match_id: str, seat: Seat = None) -> bytes | None:
        """The replay's JSON body, or None for an unknown match.

        Raises `NoSuchSeat`, `ReplayHidden` or `ReplaysBusy`."""
        if self._waiting >= MAX_WAITING:
            raise ReplaysBusy
        self._waiting += 1
        try:
            try:
                return await self._build(match_id, seat)
            except BrokenProcessPool:  # the process died (killed, out of memory): start another once
                self.close()
                return await self._build(match_id, seat)
        finally:
            self._waiting -= 1

    async def _build(self, match_id: str, seat: Seat) -> bytes | None:
        if self._pool is None:
            # spawn, not fork: a fork of a running server would copy its threads' locks mid-use.
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, replay_body, self.database_url, match_id, seat)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(REPLAY_NICENESS)


class ReplayBuild:
    """A replay built up to some version, which more actions extend.

    Frames already built are kept encoded: asking again for a replay (another spectator, a
    reload, the match having moved on) costs only the frames that are new since.
    """

    def __init__(self, header: MatchHeader, seat: Seat) -> None:
        self.seat = seat
        self.match = Match.start(header)
        self.previous = self.match.view(seat)
        self.parts = [_encode_shown({"version": 0, "view": self.previous, "events": []})]
        self.size = len(self.parts[0])
        self.stopped: JSON | None = None
        self.read = 0  # stored actions read so far, applied or not

    def extend(self, log: list[LogEntry]) -> None:
        """Apply the stored actions after the `read` ones, until the rules refuse one; encode their frames."""
        self.read += len(log)
        if self.stopped is not None:
            return
        seat, run = self.seat, []
        # Stored text is replayed as it was accepted.
        with stored_text():
            for entry in log:
                try:
                    events = self.match.act(entry.seat, entry.action)
                except GameError as error:
                    # A log the rules refuse (written by other means, or by older rules): the replay
                    # goes as far as it can and says where and why it stops.
                    self.stopped = {"version": self.match.version + 1, "reason": error.reason}
                    break
                view = self.match.view(seat)
                run.append({"version": self.match.version, "delta": view_delta(self.previous, view),
                            "events": [event.visible_to(seat) for event in events]})
                self.previous = view
                if len(run) == FRAMES_PER_RUN:
                    self._add(_run(run))
                    run = []
            if run:
                self._add(_run(run))

    def _add(self, part: bytes) -> None:
        self.parts.append(part)
        self.size += len(part)

    def body(self, stored: StoredMatch) -> bytes:
        header: JSON = {
            "match_id": stored.match_id,
            "game": stored.header.game,
            "seats": stored.header.seats,
            "seat": self.seat,
            "options": stored.header.options,
            "names": stored.names,
            "finished": stored.finished,
            "outcome": stored.outcome,
            "moves": self.read,
        }
        with stored_text():
            shown = _encode_shown(header)
        return b"".join([b'{"header":', shown, b',"frames":[', *self.parts,
                         b'],"stopped":', _encode_shown(self.stopped), b"}"])


class BuildCache:
    """The replay process's recent builds, by match and seat, least recently used first out."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._builds: OrderedDict[tuple[str, Seat], ReplayBuild] = OrderedDict()

    def take(self, match_id: str, seat: Seat) -> ReplayBuild | None:
        return self._builds.pop((match_id, seat), None)

    def keep(self, match_id: str, build: ReplayBuild) -> None:
        self._builds[(match_id, build.seat)] = build
        while self._builds and sum(b.size for b in self._builds.values()) > self.max_bytes:
            self._builds.popitem(last=False)


_cache = BuildCache(CACHE_BYTES)


def replay_body(database_url: str, match_id: str, seat: Seat) -> bytes | None:
    """In the replay process: load what is new of the match and build its whole body."""
    build = _cache.take(match_id, seat)
    stored = asyncio.run(_load(database_url, match_id, build.read if build is not None else 0))
    if stored is None:
        return None
    if build is None:
        _check_seat(stored, seat)
        build = ReplayBuild(stored.header, seat)
    build.extend(stored.log)
    body = build.body(stored)
    _cache.keep(match_id, build)
    return body


async def _load(database_url: str, match_id: str, after: int) -> StoredMatch | None:
    storage = Storage(database_url)  # only reads: its writer never starts
    try:
        return await storage.load_match(match_id, after)
    finally:
        await storage.close()


def _check_seat(stored: StoredMatch, seat: Seat) -> None:
    if seat is not None and not 0 <= seat < stored.header.seats:
        raise NoSuchSeat(seat)
    if seat is not None and not stored.finished:
        raise ReplayHidden(stored.match_id)


def build_body(stored: StoredMatch, seat: Seat = None) -> bytes:
    """The replay of `stored` as `seat` saw it (None: a spectator), as JSON bytes."""
    _check_seat(stored, seat)
    build = ReplayBuild(stored.header, seat)
    build.extend(stored.log)
    return build.body(stored)


def _run(frames: list[JSON]) -> bytes:
    """Frames encoded at once; without its brackets, the run continues the frames array."""
    return b"," + _encode_shown(frames)[1:-1]


def replay_views(replay: JSON) -> list[JSON]:
    """Every frame's whole view, rebuilt from a replay body as a client does."""
    views: list[JSON] = []
    for frame in replay["frames"]:
        views.append(frame["view"] if "view" in frame else apply_delta(views[-1], frame["delta"]))
    return views


def _encode_shown(data: Any) -> bytes:
    """JSON of `data` with any character player text may not hold escaped visibly (`escape_text`).

    Encoding first and looking at the result is the fast way: almost every frame holds no such
    character. A raw one shows as unprintable; a control character shows as a JSON escape
    (a backslash then u, b or f), and so does a backslash typed by a player: those frames
    take the slow, exact way.
    """
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    if not text.isprintable() or "\\u" in text or "\\b" in text or "\\f" in text:
        text = json.dumps(escape_text(data), ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8")
