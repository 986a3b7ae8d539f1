"""When a stored match's current wait began, so that a room loaded from storage (after a crash, an
eviction or a hand-over on a cluster) runs the wait on instead of starting it afresh.

The log is replayed as `DeadlineTimer` saw it live: after each action, a deadline with the same
non-empty key as the one before keeps its clock, unless that action was the wait's own timeout (the
room re-arms after a timeout); any other deadline starts a new wait at that action. The wait's
start is then the time its first action was accepted, or the match's creation when the wait began
with the deal.
"""

from __future__ import annotations

from duoplay.core.log import LogEntry
from duoplay.core.match import Match
from duoplay.core.protocol import Deadline
from duoplay.core.text import stored_text
from duoplay.server.storage import StoredMatch


def replay_with_wait(stored: StoredMatch) -> tuple[Match, float | None]:
    """The match rebuilt from its log, and when (wall-clock seconds) its current wait began:
    None when that time was not stored (an action logged before it was kept)."""
    match = Match.start(stored.header)
    armed = match.deadline()
    began = 0  # the version whose state began the current wait
    with stored_text():  # as `duoplay.core.match.replay`: logged text is taken as it was accepted
        for entry in stored.log:
            match.act(entry.seat, entry.action)
            deadline = match.deadline()
            if not _continues(armed, deadline, entry):
                began = match.version
            armed = deadline
    if began == 0:
        return match, stored.created_at
    times = stored.accepted_at
    return match, times[began - 1] if began <= len(times) else None


def _continues(armed: Deadline | None, deadline: Deadline | None, entry: LogEntry) -> bool:
    if armed is None or deadline is None or not deadline.key or deadline.key != armed.key:
        return False
    return entry != LogEntry(armed.seat, armed.action.to_json())
