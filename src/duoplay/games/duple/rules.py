"""Duple's rules over `DupleState`: who is to move, what they may do, timers and the end.

The table's own moves (seat None) are its clock: the tie window closing, a stuck face-off,
a race's time running out, a vote closing, the pause after a win ending. The flip timer flips
for the drawer.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from duoplay.core.errors import GameOver, IllegalAction, NotYourTurn
from duoplay.core.protocol import Deadline, Event, Outcome, Seat
from duoplay.games.duple import race as races
from duoplay.games.duple.actions import (
    APPEAL,
    CLOSE,
    CLOSE_VOTE,
    FLIP,
    NEW_CATEGORY,
    PASS,
    RESUME,
    STUCK,
    TABLE_ONLY,
    TIME_UP,
    Action,
    Answer,
    CastVote,
)
from duoplay.games.duple.state import ALL_PLAY_RACE, DupleState
from duoplay.games.duple.table import flip, scores, setup

__all__ = ["apply", "deadline", "legal_actions", "outcome", "setup", "stale_key", "to_move"]


def to_move(state: DupleState) -> tuple[int, ...]:
    if state.over or state.resting:
        return ()
    race = state.race
    if race is None:
        return (state.drawer,)
    if race.vote is not None:
        return tuple(s for s in race.vote.voters if s not in race.vote.ballots)
    return tuple(s for s in race.racers if races.racing(state, s))


def legal_actions(state: DupleState, seat: int) -> Sequence[Action]:
    """The menu: answers are free text, so the menu holds everything else a seat may do."""
    if seat not in to_move(state):
        return []
    race = state.race
    if race is None:
        return [FLIP]
    if race.vote is not None:
        return [CastVote(True), CastVote(False)]
    menu: list[Action] = [PASS]
    if race.stuck:
        menu.append(NEW_CATEGORY)
    if races.appealable(state, seat) is not None:
        menu.append(APPEAL)
    return menu


def apply(state: DupleState, seat: Seat, action: Action) -> list[Event]:
    if state.over:
        raise GameOver("The game is over")
    if seat is None:
        return _table(state, action)
    if action in TABLE_ONLY:
        raise IllegalAction("Only the table's clock does that")
    if not 0 <= seat < state.seats:
        raise NotYourTurn("No such seat")
    if action == FLIP:
        if state.resting:
            raise IllegalAction("Wait: the word just won is still on show")
        if state.race is not None:
            raise IllegalAction("Play the face-off before the next flip")
        if seat != state.drawer:
            raise NotYourTurn("It is not your turn to flip")
        return flip(state, seat)
    if isinstance(action, Answer):
        return races.answer(state, seat, action.word)
    if isinstance(action, CastVote):
        return races.cast_vote(state, seat, action.accept)
    if action == PASS:
        return races.pass_race(state, seat)
    if action == NEW_CATEGORY:
        return races.new_category(state, seat)
    if action == APPEAL:
        return races.appeal(state, seat)
    raise IllegalAction("Not a Duple move")


def _table(state: DupleState, action: Action) -> list[Event]:
    if action == CLOSE:
        return races.close(state)
    if action == STUCK:
        return races.stuck(state)
    if action == TIME_UP:
        return races.time_up(state)
    if action == CLOSE_VOTE:
        return races.close_vote(state)
    if action == RESUME:
        return races.resume(state)
    raise IllegalAction("The table only keeps time")


def deadline(state: DupleState) -> Deadline | None:
    """Timers as data; the key names what is being waited for, so a new wait restarts the clock."""
    options, race = state.options, state.race
    if state.over:
        return None
    if state.resting:
        return Deadline(options.win_pause_seconds, None, RESUME, key=f"pause-{state.step}")
    if race is None:
        if options.flip_seconds <= 0:
            return None
        return Deadline(options.flip_seconds, state.drawer, FLIP, key=f"flip-{state.step}")
    if race.vote is not None:
        return Deadline(options.vote_seconds, None, CLOSE_VOTE, key=f"vote-{state.step}")
    if race.accepted:
        return Deadline(options.window_ms / 1000, None, CLOSE, key=f"window-{state.step}")
    if race.kind == ALL_PLAY_RACE:
        return Deadline(options.all_play_seconds, None, TIME_UP, key=f"race-{state.step}")
    if not race.stuck:
        return Deadline(options.stuck_seconds, None, STUCK, key=f"race-{state.step}")
    # The limit counts from the category's start: the stuck signal came `stuck_seconds` into it,
    # and a wait that fired is over, so the time left is a wait of its own.
    left = max(0.0, options.race_seconds - options.stuck_seconds)
    return Deadline(left, None, TIME_UP, key=f"limit-{state.step}")


def stale_key(state: DupleState, seat: int) -> Hashable:
    """A move is for one question: another player's answer in the same race leaves it fresh."""
    return state.step


def outcome(state: DupleState) -> Outcome | None:
    if not state.over:
        return None
    points = scores(state)
    best = max(points)
    winners = tuple(s for s, p in enumerate(points) if p == best)
    results = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(state.seats))
    return Outcome(winners, results, tuple(points), "the letter deck is empty")

