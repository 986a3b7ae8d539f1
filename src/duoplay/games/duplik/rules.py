"""Duplik's rules over `DuplikState`: who is to move, what they may do, timers and the end.

The table's own moves (seat None) are its clock and its memory: pens down when the hourglass
runs out, the end of a dispute window or a vote, and keeping what the Portrayer typed and the
Artists drew on a live stream.

At the table (option `at_the_table`) the Portrayer speaks: no description is required (a typed
one, a bot's, is still shown). With drawings on paper (`"paper"`) a drawing stays on paper: no strokes
are taken, and the Judges tick or cross the paper drawing in front of them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from duoplay.core.errors import GameOver, IllegalAction, NotYourTurn
from duoplay.core.protocol import Deadline, Event, Outcome, Seat
from duoplay.games.duplik import judging
from duoplay.games.duplik.actions import (
    ACCEPT,
    CLOSE_REVIEW,
    CLOSE_VOTE,
    DISPUTE,
    DONE,
    DRAW_SCENE,
    LEFT,
    NEXT,
    PENS_DOWN,
    RIGHT,
    ROLL,
    START,
    STOP,
    Action,
    Ballot,
    Choose,
    Decide,
    Describe,
    Draw,
    KeepDrawing,
    KeepText,
    Pass,
    Verdict,
)
from duoplay.games.duplik.options import PORTRAYER
from duoplay.games.duplik.state import (
    CHOOSE,
    DESCRIBE,
    JUDGE,
    OVER,
    PASS,
    REVEAL,
    TITLE,
    DuplikState,
    Round,
)
from duoplay.games.duplik.state import ROLL as ROLLING
from duoplay.games.duplik.table import offer, pass_drawings, roll_golden, setup, take_scene

__all__ = ["apply", "deadline", "legal_actions", "outcome", "setup", "stale_key", "to_move"]


def to_move(state: DuplikState) -> tuple[int, ...]:
    current = state.round
    if state.over:
        return ()
    if current.phase == DESCRIBE:
        artists = [a for a in current.artists(state.seats) if a not in current.done]
        return tuple(([] if current.stopped else [current.portrayer]) + artists)
    if current.phase == JUDGE:
        vote = current.vote
        if vote is not None:
            if vote.deciding and vote.decider is not None:
                return (vote.decider,)
            return tuple(v for v in vote.voters if v not in vote.ballots)
        return tuple(judging.waiting_verdicts(current) or judging.reviewing(current))
    return (current.portrayer,)


def legal_actions(state: DuplikState, seat: int) -> Sequence[Action]:
    """The menu; a description and a drawing are free, so they are not listed."""
    if seat not in to_move(state):
        return []
    current = state.round
    phase = current.phase
    if phase == CHOOSE:
        return [DRAW_SCENE, *(Choose(s) for s in offer(state))]
    if phase == ROLLING:
        return [ROLL]
    if phase == TITLE:
        return [START]
    if phase == DESCRIBE:
        return [STOP] if seat == current.portrayer else [DONE]
    if phase == PASS:
        return [Pass(LEFT), Pass(RIGHT)]
    if phase == REVEAL:
        return [NEXT]
    vote = current.vote
    if vote is not None:
        if not vote.deciding:
            return [Ballot(True), Ballot(False), Ballot(None)]
        leave = [Decide(None)] if state.options.tie_breaker == PORTRAYER else []  # to the other players
        return [Decide(True), Decide(False), *leave]
    if seat in judging.waiting_verdicts(current):
        return [Verdict(True), Verdict(False), Verdict(None)]
    return [ACCEPT, DISPUTE]


def apply(state: DuplikState, seat: Seat, action: Action) -> list[Event]:
    if state.over:
        raise GameOver("The game is over")
    if seat is None:
        return _table(state, action)
    if action in (PENS_DOWN, CLOSE_REVIEW, CLOSE_VOTE) or isinstance(action, KeepText | KeepDrawing):
        raise IllegalAction("Only the table does that")
    if not 0 <= seat < state.seats:
        raise NotYourTurn("No such seat")
    current = state.round
    if seat == current.portrayer:
        if isinstance(action, Decide) and current.phase == JUDGE:
            return judging.decide(state, seat, action.holds)  # a tie the Portrayer breaks
        return _portrayer(state, action)
    return _artist(state, seat, action)


def _portrayer(state: DuplikState, action: Action) -> list[Event]:
    current = state.round
    phase = current.phase
    if action == DRAW_SCENE or isinstance(action, Choose):
        if phase != CHOOSE:
            raise IllegalAction("The scene is chosen")
        return take_scene(state, action.scene if isinstance(action, Choose) else None)
    if action == ROLL:
        if phase != ROLLING:
            raise IllegalAction("Roll for the golden criterion once the scene is chosen")
        return roll_golden(state)
    if action == START:
        if phase != TITLE:
            raise IllegalAction("Turn the hourglass after reading the title")
        current.phase = DESCRIBE
        return [Event("hourglass", {"seconds": state.options.describe_seconds})]
    if isinstance(action, Describe):
        _check_describing(current)
        current.description = action.text
        return [Event("description", {"text": action.text})]
    if action == STOP:
        _check_describing(current)
        current.stopped = True
        return [Event("stopped", {})]
    if isinstance(action, Pass):
        if phase != PASS:
            raise IllegalAction("Drawings pass once the pencils are down")
        return _pass(state, action.direction)
    if action == NEXT:
        if phase != REVEAL:
            raise IllegalAction("The next round starts after the reveal")
        return _next_round(state)
    raise NotYourTurn("The Portrayer does not judge, vote or draw")


def _check_describing(current: Round) -> None:
    if current.phase != DESCRIBE:
        raise IllegalAction("Describe while the hourglass runs")
    if current.stopped:
        raise IllegalAction("You have finished describing")


def _artist(state: DuplikState, seat: int, action: Action) -> list[Event]:
    current = state.round
    if isinstance(action, Draw):
        _check_drawing(current, seat)
        _check_canvas(state)
        current.drawings[seat] = action.drawing
        return [Event("drawn", {"artist": seat})]
    if action == DONE:
        _check_drawing(current, seat)
        current.done.add(seat)
        events = [Event("pencil_down", {"artist": seat})]
        if len(current.done) == state.seats - 1:
            events += _pens_down(state)
        return events
    if current.phase != JUDGE:
        if isinstance(action, Verdict | Ballot | Decide) or action in (ACCEPT, DISPUTE):
            raise IllegalAction("Judging starts once the drawings are passed")
        raise NotYourTurn("Only the Portrayer does that")
    if isinstance(action, Verdict):
        return judging.verdict(state, seat, action.holds)
    if isinstance(action, Ballot):
        return judging.ballot(state, seat, action.holds)
    if isinstance(action, Decide):
        return judging.decide(state, seat, action.holds)
    if action == ACCEPT:
        return judging.accept(state, seat)
    if action == DISPUTE:
        return judging.dispute(state, seat)
    raise NotYourTurn("Only the Portrayer does that")


def _check_drawing(current: Round, seat: int) -> None:
    if current.phase != DESCRIBE:
        raise IllegalAction("Draw while the hourglass runs")
    if seat in current.done:
        raise IllegalAction("Your pencil is down")


def _check_canvas(state: DuplikState) -> None:
    if state.options.paper:
        raise IllegalAction("The drawings are on paper: nothing is uploaded")


def _table(state: DuplikState, action: Action) -> list[Event]:
    current = state.round
    if action == PENS_DOWN:
        if current.phase != DESCRIBE:
            raise IllegalAction("The hourglass is not running")
        return _pens_down(state)
    if isinstance(action, KeepText):
        if current.phase not in (DESCRIBE, PASS):
            raise IllegalAction("No description to keep now")
        current.description = action.text
        return [Event("description", {"text": action.text})]
    if isinstance(action, KeepDrawing):
        if current.phase not in (DESCRIBE, PASS) or action.seat not in current.artists(state.seats):
            raise IllegalAction("No drawing to keep now")
        _check_canvas(state)
        current.drawings[action.seat] = action.drawing
        return [Event("drawn", {"artist": action.seat})]
    if action == CLOSE_REVIEW:
        if current.phase != JUDGE:
            raise IllegalAction("No verdict is open to dispute")
        return judging.close_review(state)
    if action == CLOSE_VOTE:
        if current.phase != JUDGE:
            raise IllegalAction("No vote is open")
        return judging.close_vote(state)
    raise IllegalAction("The table only keeps time and what was streamed")


def _pens_down(state: DuplikState) -> list[Event]:
    current = state.round
    current.phase = PASS
    current.stopped = True
    current.done = set(current.artists(state.seats))
    return [Event("pens_down", {})]


def _pass(state: DuplikState, direction: str) -> list[Event]:
    current = state.round
    current.direction = direction
    current.judge_of = pass_drawings(state, direction)
    current.phase = JUDGE
    return [Event("passed", {"direction": direction,
                             "judges": {str(a): j for a, j in sorted(current.judge_of.items())}}),
            Event("criterion", {"criterion": 1})]


def rounds(state: DuplikState) -> int:
    return state.seats * state.options.portrayals


def _next_round(state: DuplikState) -> list[Event]:
    number = state.round.number + 1
    if number >= rounds(state):
        state.over = True
        state.round.phase = OVER
        return [Event("game_over", {"totals": totals(state)})]
    portrayer = (state.round.portrayer + 1) % state.seats  # the player to the left
    state.round = Round(number, portrayer)
    return [Event("round", {"round": number + 1, "portrayer": portrayer})]


def totals(state: DuplikState) -> list[int]:
    return [sum(points.get(seat, 0) for points in state.sheet) for seat in range(state.seats)]


def deadline(state: DuplikState) -> Deadline | None:
    """Timers as data; the key names what is being waited for, so a new wait restarts the clock."""
    current, options = state.round, state.options
    if state.over:
        return None
    key = f"{current.number}-{current.phase}"
    if current.phase == DESCRIBE:
        return Deadline(options.describe_seconds, None, PENS_DOWN, key=f"describe-{current.number}")
    if current.phase == JUDGE:
        if current.vote is not None:
            return Deadline(options.vote_seconds, None, CLOSE_VOTE,
                            key=f"vote-{key}-{current.vote.number}-{current.vote.deciding}")
        if judging.reviewing(current):
            return Deadline(options.review_seconds, None, CLOSE_REVIEW,
                            key=f"review-{key}-{current.criterion}")
        return None  # a verdict has no time limit: a person judges a person's drawing
    if options.prepare_seconds <= 0:
        return None
    for_them: dict[str, Action] = {CHOOSE: DRAW_SCENE, ROLLING: ROLL, TITLE: START, PASS: Pass(LEFT),
                                   REVEAL: NEXT}
    return Deadline(options.prepare_seconds, current.portrayer, for_them[current.phase], key=f"prepare-{key}")


def stale_key(state: DuplikState, seat: int) -> Hashable:
    """A move answers one question: the phase, the criterion and the vote; a new line of the
    description or another Artist's strokes leave it fresh."""
    current = state.round
    vote = current.vote
    return (current.number, current.phase, current.criterion,
            None if vote is None else (vote.number, vote.deciding))


def outcome(state: DuplikState) -> Outcome | None:
    if not state.over:
        return None
    points = totals(state)
    best = max(points)
    winners = tuple(s for s, p in enumerate(points) if p == best)
    results = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(state.seats))
    return Outcome(winners, results, tuple(points), "every player has portrayed")
