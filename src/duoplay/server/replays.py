"""A stored match as a replay: one full view, then each move's events and the view's change.

A replay's size grows with the length of the match, not with its square: after the
first frame, a frame carries only the top-level keys of the view that changed (the
same delta a live client gets, see `fanout.view_delta`). It is built in pieces of a
few hundred frames, each made in a worker thread and sent as it is ready, so a
long match never holds the event loop nor sits whole in memory as JSON.

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

import json
from typing import Any

from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Seat
from duoplay.core.text import escape_text, stored_text
from duoplay.server.fanout import apply_delta, view_delta
from duoplay.server.storage import StoredMatch

FRAMES_PER_PIECE = 400  # small enough that one piece holds the interpreter for a few ms only


class ReplayHidden(Exception):
    """A seat's view of a match that has not finished: its hand is still secret."""


class Replay:
    """Builds the replay body piece by piece: call `next_piece` until it returns None."""

    def __init__(self, stored: StoredMatch, seat: Seat = None) -> None:
        if seat is not None and not stored.finished:
            raise ReplayHidden(stored.match_id)
        self.stored, self.seat = stored, seat
        self._match: Match | None = None
        self._previous: JSON = {}
        self._next_entry = 0
        self._stopped: JSON | None = None
        self._done = False

    def next_piece(self) -> bytes | None:
        """The next part of the body (the header and first frame, then runs of frames, then the end)."""
        if self._done:
            return None
        # Stored text is replayed as it was accepted; set for this piece only, since pieces may
        # be built in different threads.
        with stored_text():
            if self._match is None:
                return self._opening()
            frames = self._frames(FRAMES_PER_PIECE)
        if frames:
            return b"," + b",".join(_encode(escape_text(frame)) for frame in frames)
        self._done = True
        return b'],"stopped":' + _encode(escape_text(self._stopped)) + b"}"

    def _opening(self) -> bytes:
        self._match = Match.start(self.stored.header)
        view = self._match.view(self.seat)
        self._previous = view
        stored = self.stored
        header: JSON = {
            "match_id": stored.match_id,
            "game": stored.header.game,
            "seats": stored.header.seats,
            "seat": self.seat,
            "options": stored.header.options,
            "names": stored.names,
            "finished": stored.finished,
            "outcome": stored.outcome,
            "moves": len(stored.log),
        }
        first: JSON = {"version": 0, "view": view, "events": []}
        return b'{"header":' + _encode(escape_text(header)) + b',"frames":[' + _encode(escape_text(first))

    def _frames(self, limit: int) -> list[JSON]:
        match = self._match
        assert match is not None
        frames: list[JSON] = []
        log = self.stored.log
        while self._stopped is None and self._next_entry < len(log) and len(frames) < limit:
            entry = log[self._next_entry]
            try:
                events = match.act(entry.seat, entry.action)
            except GameError as error:
                self._stopped = {"version": match.version + 1, "reason": error.reason}
                break
            self._next_entry += 1
            view = match.view(self.seat)
            frames.append({
                "version": match.version,
                "delta": view_delta(self._previous, view),
                "events": [event.visible_to(self.seat) for event in events],
            })
            self._previous = view
        return frames


def replay_views(replay: JSON) -> list[JSON]:
    """Every frame's whole view, rebuilt from a replay body as a client does."""
    views: list[JSON] = []
    for frame in replay["frames"]:
        views.append(frame["view"] if "view" in frame else apply_delta(views[-1], frame["delta"]))
    return views


def _encode(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
