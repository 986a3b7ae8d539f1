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
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Seat
from duoplay.core.text import escape_text, stored_text
from duoplay.server.fanout import apply_delta, view_delta
from duoplay.server.storage import Storage, StoredMatch

FRAMES_PER_RUN = 400  # frames encoded in one call: fewer calls, and a short walk when one must be escaped
MAX_WAITING = 8  # replays asked for and not yet built; past this, asking again later is the answer


class ReplayHidden(Exception):
    """A seat's view of a match that has not finished: its hand is still secret."""


class NoSuchSeat(Exception):
    """A seat number the match does not have."""


class ReplaysBusy(Exception):
    """Too many replays are waiting to be built."""


class ReplayWorker:
    """Builds replay bodies in one process of its own, started on first use and kept.

    The server's event loop only waits for the bytes. One process is enough: replays are
    rare next to moves, and more processes would take cores from the rooms.
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
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, replay_body, self.database_url, match_id, seat)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def replay_body(database_url: str, match_id: str, seat: Seat) -> bytes | None:
    """In the replay process: load the match and build its whole body."""
    stored = asyncio.run(_load(database_url, match_id))
    return None if stored is None else build_body(stored, seat)


async def _load(database_url: str, match_id: str) -> StoredMatch | None:
    storage = Storage(database_url)  # only reads: its writer never starts
    try:
        return await storage.load_match(match_id)
    finally:
        await storage.close()


def build_body(stored: StoredMatch, seat: Seat = None) -> bytes:
    """The replay of `stored` as `seat` saw it (None: a spectator), as JSON bytes."""
    if seat is not None and not 0 <= seat < stored.header.seats:
        raise NoSuchSeat(seat)
    if seat is not None and not stored.finished:
        raise ReplayHidden(stored.match_id)
    header: JSON = {
        "match_id": stored.match_id,
        "game": stored.header.game,
        "seats": stored.header.seats,
        "seat": seat,
        "options": stored.header.options,
        "names": stored.names,
        "finished": stored.finished,
        "outcome": stored.outcome,
        "moves": len(stored.log),
    }
    # Stored text is replayed as it was accepted.
    with stored_text():
        match = Match.start(stored.header)
        previous = match.view(seat)
        parts = [b'{"header":', _encode_shown(header), b',"frames":[',
                 _encode_shown({"version": 0, "view": previous, "events": []})]
        stopped: JSON | None = None
        run: list[JSON] = []
        for entry in stored.log:
            try:
                events = match.act(entry.seat, entry.action)
            except GameError as error:
                # A log the rules refuse (written by other means, or by older rules): the replay goes
                # as far as it can and says where and why it stops.
                stopped = {"version": match.version + 1, "reason": error.reason}
                break
            view = match.view(seat)
            run.append({"version": match.version, "delta": view_delta(previous, view),
                        "events": [event.visible_to(seat) for event in events]})
            previous = view
            if len(run) == FRAMES_PER_RUN:
                parts.append(_run(run))
                run = []
        if run:
            parts.append(_run(run))
    parts += [b'],"stopped":', _encode_shown(stopped), b"}"]
    return b"".join(parts)


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
