"""A running match: a game, its header, its state and its log, kept in step.

`Match.act` is the one door for actions: parse, check staleness, validate and
apply (the game leaves the state untouched on any error), then append to the log.

Staleness is per seat. A client sends the last version it saw; the action is
refused as stale only if something it depends on changed after that version.
A game says what that is with `stale_key(state, seat)` (its seat's own part,
the phase, the face-off...); a game that says nothing depends on every change.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from duoplay.core import declared
from duoplay.core.errors import GameOver, StaleState
from duoplay.core.log import LogEntry, MatchHeader, MatchRecord
from duoplay.core.protocol import JSON, Action, Deadline, Event, Game, Outcome, Seat
from duoplay.core.registry import find_game
from duoplay.core.text import stored_text


class Match:
    def __init__(self, game: Game[Any, Any], header: MatchHeader, state: Any) -> None:
        self.game = game
        self.header = header
        self.state = state
        self.log: list[LogEntry] = []
        self._keyed = declared.has_stale_key(game)
        seats = range(header.seats) if self._keyed else range(0)
        self._keys: list[Hashable] = [declared.stale_key(game, state, s) for s in seats]
        self._changed_at = [0] * header.seats  # the version at which each seat's key last changed

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
        """How many actions have been accepted."""
        return len(self.log)

    def changed_at(self, seat: Seat) -> int:
        """The version at which what `seat`'s actions depend on last changed."""
        if seat is None or not self._keyed or not 0 <= seat < len(self._changed_at):
            return self.version
        return self._changed_at[seat]

    def act(self, seat: Seat, action: Action | Any, seen_version: int | None = None) -> list[Event]:
        """Apply one action for `seat`, chosen having seen `seen_version` (None: no check);
        raise a `GameError` and change nothing if refused."""
        if seen_version is not None and not self.changed_at(seat) <= seen_version <= self.version:
            raise StaleState("The game has moved on since you chose that (you saw move {seen}, "
                             "it is at {now})", seen=seen_version, now=self.version)
        if self.game.outcome(self.state) is not None:
            raise GameOver("The game is over")
        # Wire input (a dict, a string, anything else) is parsed; action values pass as they are.
        # A plain type test: isinstance against the runtime-checkable protocol is slow.
        is_value = callable(getattr(type(action), "to_json", None))
        parsed = action if is_value else self.game.parse_action(action)
        events = self.game.apply(self.state, seat, parsed)
        self.log.append(LogEntry(seat, parsed.to_json()))
        if self._keyed:
            self._note_changes()
        return events

    def _note_changes(self) -> None:
        for seat, before in enumerate(self._keys):
            key = declared.stale_key(self.game, self.state, seat)
            if key != before:
                self._keys[seat] = key
                self._changed_at[seat] = self.version

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


def replay(header: MatchHeader, log: Sequence[LogEntry]) -> Match:
    """Rebuild a match by applying every logged action to a fresh setup.

    Logged player text is taken as it was accepted (`stored_text`): a match stored before a
    rule on text tightened still replays the same way."""
    match = Match.start(header)
    with stored_text():
        for entry in log:
            match.act(entry.seat, entry.action)
    return match
