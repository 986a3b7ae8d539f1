"""A reaction race, the smallest game that needs what word races need: answers raced in a
decision window, per-seat staleness and a live stream. Served by the real server in tests
through DUOPLAY_GAMES; not a game anyone plays.

Each round, any seat may `answer`. The first answer opens a window of `window_ms`; every
answer that arrives inside it ties with the first; the table's `close` (a deadline that
runs from the first answer's arrival) scores the round. While a round waits for its first
answer, every seat may stream what it types to the others; the game keeps the last text.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from duoplay.core.actions import Simple, action_type
from duoplay.core.errors import IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.protocol import JSON, Deadline, Event, Outcome, Seat, StreamRule

ANSWER, CLOSE = Simple("answer"), Simple("close")


@dataclass(frozen=True, slots=True)
class Typed:
    seat: int
    text: str

    def to_json(self) -> JSON:
        return {"type": "typed", "seat": self.seat, "text": self.text}

    def notation(self) -> str:
        return f"typed {self.seat} {self.text}"


@dataclass(slots=True)
class RaceState:
    seats: int
    window_ms: int
    rounds: int
    round: int = 0
    answers: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    typed: dict[int, str] = field(default_factory=dict)

    def copy(self) -> RaceState:
        return RaceState(self.seats, self.window_ms, self.rounds, self.round, list(self.answers),
                         list(self.scores), dict(self.typed))


class Race:
    id = "race"
    name = "Reaction race"
    aliases: tuple[str, ...] = ()
    min_seats = 2
    max_seats = 4

    def parse_options(self, data: Mapping[str, Any] | None) -> JSON:
        options = {"window_ms": 150, "rounds": 3, **(data or {})}
        if set(options) != {"window_ms", "rounds"} or not all(isinstance(v, int) for v in options.values()):
            raise MalformedAction("A race takes whole numbers window_ms and rounds")
        return options

    def options_to_json(self, options: JSON) -> JSON:
        return dict(options)

    def setup(self, seats: int, options: JSON, seed: int) -> RaceState:
        return RaceState(seats, options["window_ms"], options["rounds"], scores=[0] * seats)

    def to_move(self, state: RaceState) -> tuple[int, ...]:
        if state.round >= state.rounds:
            return ()
        return tuple(s for s in range(state.seats) if s not in state.answers)

    def legal_actions(self, state: RaceState, seat: int) -> list[Any]:
        return [ANSWER] if seat in self.to_move(state) else []

    def parse_action(self, data: Any) -> Any:
        kind = action_type(data, "'answer'")
        if kind == "answer":
            return ANSWER
        if kind == "close":
            return CLOSE
        if kind == "typed" and isinstance(data.get("seat"), int) and isinstance(data.get("text"), str):
            return Typed(data["seat"], data["text"])
        raise MalformedAction("Not a race action")

    def apply(self, state: RaceState, seat: Seat, action: Any) -> list[Event]:
        if isinstance(action, Typed):
            if seat is not None:
                raise IllegalAction("Only the table keeps what was typed")
            state.typed[action.seat] = action.text
            return [Event("typed", {"seat": action.seat, "text": action.text})]
        if action == CLOSE:
            if seat is not None or not state.answers:
                raise IllegalAction("Only the table closes an open window")
            winners = list(state.answers)
            if len(winners) == 1:
                state.scores[winners[0]] += 1
            state.answers.clear()
            state.round += 1
            return [Event("round", {"winners": winners, "tie": len(winners) > 1})]
        if seat is None or seat not in self.to_move(state):
            raise NotYourTurn("You have answered this round")
        state.answers.append(seat)
        return [Event("answer", {"seat": seat})]

    def view(self, state: RaceState, seat: Seat) -> JSON:
        return {"round": state.round, "answers": list(state.answers), "scores": list(state.scores),
                "typed": {str(s): t for s, t in state.typed.items()}, "to_move": list(self.to_move(state))}

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.round < state.rounds:
            return None
        best = max(state.scores)
        winners = tuple(s for s, points in enumerate(state.scores) if points == best)
        results = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(state.seats))
        return Outcome(winners, results, tuple(state.scores), "the rounds are over")

    def deadline(self, state: RaceState) -> Deadline | None:
        if not state.answers:
            return None
        return Deadline(state.window_ms / 1000, None, CLOSE, key=f"window-{state.round}")

    def copy_state(self, state: RaceState) -> RaceState:
        return state.copy()

    # Declarations for the platform.

    def stale_key(self, state: RaceState, seat: int) -> Hashable:
        """An answer is for a round: others answering first never makes it stale, a new round does."""
        return state.round

    def streams(self, state: RaceState, seat: int) -> dict[str, StreamRule]:
        if state.answers or state.round >= state.rounds:
            return {}
        others = frozenset(s for s in range(state.seats) if s != seat)
        return {"text": StreamRule(others, max_bytes=256, per_second=30, grace_seconds=15)}

    def commit_stream(self, state: RaceState, seat: int, channel: str, chunks: list[Any]) -> Any:
        last = chunks[-1] if chunks else {}
        return Typed(seat, str(last.get("text", "")) if isinstance(last, dict) else "")

    def bot_delay(self, view: JSON, seat: int, level: str, rng: random.Random) -> float:
        return rng.uniform(0.2, 0.4)


GAME = Race()
