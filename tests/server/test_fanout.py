"""Fan-out: every client can rebuild each state it should have, from fewer bytes."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from duoplay.core.match import Match
from duoplay.server.fanout import FanOut, apply_delta

NO_DEADLINE: tuple[object, Any] = (None, None)


@dataclass
class Listener:
    """A client: it keeps what it was sent, and rebuilds its view and menu as a client does."""

    seat: int | None
    deltas: bool
    got: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    legal: list[Any] = field(default_factory=list)

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.got.append(message)
        self.view = message["view"] if "view" in message else apply_delta(self.view, message["delta"])
        self.legal = message.get("legal", self.legal)


@pytest.mark.parametrize("seed", [1])
def test_six_duos_seats_rebuild_every_view_and_menu_from_deltas(seed: int) -> None:
    match = Match.new("duos", 6, seed)
    fanout = FanOut()
    lean = [Listener(seat, True) for seat in (*range(6), None)]
    whole = [Listener(seat, False) for seat in (*range(6), None)]
    for listener in lean + whole:
        listener.send(fanout.full_state(match, listener.seat, NO_DEADLINE))
    rng = random.Random(seed)
    for _ in range(60):
        if match.outcome() is not None:
            break
        seat = rng.choice(match.to_move())
        events = match.act(seat, rng.choice(list(match.legal_actions(seat))))
        fanout.broadcast(match, lean + whole, events, NO_DEADLINE)
        for listener in lean + whole:
            assert listener.view == match.view(listener.seat)
            expected = [] if listener.seat is None or match.outcome() else match.legal_actions(listener.seat)
            assert listener.legal == [a.to_json() for a in expected]
    lean_bytes = sum(len(json.dumps(m)) for listener in lean for m in listener.got)
    whole_bytes = sum(len(json.dumps(m)) for listener in whole for m in listener.got)
    assert lean_bytes < whole_bytes / 2


def test_a_seat_whose_part_did_not_change_hears_nothing() -> None:
    """Nothing happened for the spectator: nothing is sent; an event is always shown."""
    match = Match.new("uno-duo", 2, 3)
    fanout = FanOut()
    watcher = Listener(None, True)
    watcher.send(fanout.full_state(match, None, NO_DEADLINE))
    fanout.broadcast(match, [watcher], [], NO_DEADLINE)  # nothing happened: nothing is sent
    assert len(watcher.got) == 1
    seat = match.to_move()[0]
    events = match.act(seat, match.legal_actions(seat)[0])
    fanout.broadcast(match, [watcher], events, NO_DEADLINE)
    assert len(watcher.got) == 2 and watcher.got[1]["events"]
