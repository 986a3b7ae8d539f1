"""A running match: a game, its header, its state and its log, kept in step.

`Match.act` is the one door for actions: parse, check the version, validate and
apply (the game leaves the state untouched on any error), then append to the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.errors import GameOver, StaleState
from duoplay.core.log import LogEntry, MatchHeader, MatchRecord
from duoplay.core.protocol import JSON, Action, Deadline, Event, Game, Outcome, Seat
from duoplay.core.registry import find_game


class Match:
    def __init__(self, game: Game[Any, Any], header: MatchHeader, state: Any) -> None:
        self.game = game
        self.header = header
        self.state = state
        self.log: list[LogEntry] = []

    @classmethod
    def start(cls, header: MatchHeader) -> Match:
        game = find_game(header.game)
        options = game.parse_options(header.options)
        # Store the options in full, so a later change of defaults cannot change a replay.
        header = MatchHeader(game.id, header.seats, header.seed, game.options_to_json(options))
        return cls(game, header, game.setup(header.seats, options, header.seed))

    @classmethod
    def new(cls, game: str, seats: int, seed: int, options: JSON | None = None) -> Match:
        return cls.start(MatchHeader(game, seats, seed, options or {}))

    @property
    def version(self) -> int:
        """How many actions have been accepted; clients echo it to detect stale moves."""
        return len(self.log)

    def act(self, seat: Seat, action: Action | Any, expected_version: int | None = None) -> list[Event]:
        """Apply one action for `seat`; raise a `GameError` and change nothing if refused."""
        if expected_version is not None and expected_version != self.version:
            raise StaleState(
                f"The game has moved on (you saw move {expected_version}, it is at {self.version})"
            )
        if self.game.outcome(self.state) is not None:
            raise GameOver("The game is over")
        # Wire input (a dict, a string, anything else) is parsed; action values pass as they are.
        # A plain type test: isinstance against the runtime-checkable protocol is slow.
        is_value = callable(getattr(type(action), "to_json", None))
        parsed = action if is_value else self.game.parse_action(action)
        events = self.game.apply(self.state, seat, parsed)
        self.log.append(LogEntry(seat, parsed.to_json()))
        return events

    def legal_actions(self, seat: int) -> Sequence[Any]:
        return self.game.legal_actions(self.state, seat)

    def to_move(self) -> tuple[int, ...]:
        return self.game.to_move(self.state)

    def view(self, seat: Seat) -> JSON:
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def deadline(self) -> Deadline | None:
        return self.game.deadline(self.state)

    def record(self) -> MatchRecord:
        return MatchRecord(self.header, tuple(self.log))
