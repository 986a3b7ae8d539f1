"""NOTES DUOS 3: a pairing time limit; when it passes, whoever has not locked in is locked in."""

from __future__ import annotations

from tests.games.duos.helpers import new_match, place

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duos.actions import TIMEOUT


def test_the_deadline_is_120_seconds_by_default_and_the_table_applies_it() -> None:
    match = new_match(3)
    deadline = match.deadline()
    assert deadline is not None
    assert deadline.seconds == 120.0 and deadline.seat is None and deadline.action == TIMEOUT
    assert new_match(3, pairing_seconds=45).deadline().seconds == 45.0  # type: ignore[union-attr]
    assert new_match(3, pairing_seconds=0).deadline() is None


def test_the_timeout_locks_in_everyone_with_what_they_placed() -> None:
    match = new_match(3)
    place(match, 0, "0-1 2-3 4-5 6-7")
    place(match, 1, "0-1 2-3", lock=False)  # placed, not locked: still counts
    events = match.act(None, {"type": "timeout"})
    assert [e.public for e in events if e.kind == "timeout"] == [{"seats": [1, 2]}]
    result = match.view(None)["history"][0]
    assert result["pairs"][1] == [[0, 1], [2, 3]] and result["pairs"][2] == []
    assert result["timed_out"] == [1, 2]
    assert result["points"] == [1, 2, 0]
    assert match.view(None)["turn"] == 1 and match.to_move() == (0, 1, 2)


def test_only_the_table_sends_the_timeout() -> None:
    match = new_match(3)
    error = assert_refusal_changes_nothing(match, 0, TIMEOUT)
    assert isinstance(error, IllegalAction)
