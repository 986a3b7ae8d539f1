"""What online play adds (our defaults): the flip timer, a deadline per phase, and which moves
go stale when the question changes."""

from __future__ import annotations

import pytest
from tests.games.duple.tables import answer, deal, flip, new_match, state

from duoplay.core.errors import StaleState
from duoplay.core.match import Match
from duoplay.core.protocol import Deadline
from duoplay.games.duple import rules
from duoplay.games.duple.actions import APPEAL, CLOSE, CLOSE_VOTE, FLIP, STUCK, TIME_UP, Answer, CastVote


def racing(**options: object) -> Match:
    match = new_match(3, **options)
    deal(match, piles=["", "E/star", ""], flips=["A/star", "O/drop"], category="animal", after=["fruta"])
    flip(match, 0)
    return match


def test_the_flip_timer_flips_for_the_drawer() -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["A/star", "O/drop"])
    deadline = match.deadline()
    assert deadline == Deadline(5.0, 0, FLIP, key=f"flip-{state(match).step}")
    match.act(deadline.seat, deadline.action)
    assert state(match).piles[0].cards and match.to_move() == (1,)
    after = match.deadline()
    assert after is not None and after.seat == 1 and after.key != deadline.key


def test_the_flip_timer_is_an_option_and_0_turns_it_off() -> None:
    assert new_match(3, flip_seconds=2.5).deadline() == Deadline(2.5, 0, FLIP, key="flip-0")
    assert new_match(3, flip_seconds=0).deadline() is None


def test_deadlines_per_phase() -> None:
    match = racing(window_ms=300, stuck_seconds=8, race_seconds=40, vote_seconds=15)
    race_key = f"race-{state(match).step}"
    assert match.deadline() == Deadline(8.0, None, STUCK, key=race_key)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    vote_key = f"vote-{state(match).step}"
    assert match.deadline() == Deadline(15.0, None, CLOSE_VOTE, key=vote_key)
    match.act(1, CastVote(False))
    match.act(2, CastVote(False))
    race_key = f"race-{state(match).step}"  # the vote was a new wait; the face-off's clock starts again
    assert match.deadline() == Deadline(8.0, None, STUCK, key=race_key)
    match.act(None, STUCK)
    # A fired wait is over: the limit's time left is a wait of its own, 40 s from the start in all.
    assert match.deadline() == Deadline(32.0, None, TIME_UP, key=f"limit-{state(match).step}")
    answer(match, 1, "abeja")
    assert match.deadline() == Deadline(0.3, None, CLOSE, key=f"window-{state(match).step}")
    match.act(None, CLOSE)
    deadline = match.deadline()
    assert deadline is not None and deadline.action == FLIP and deadline.seat == 1


def test_no_deadline_once_the_game_is_over() -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["A/star"], rest=False)
    flip(match, 0)
    assert match.deadline() is None


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_stale_key_changes_with_every_flip(seat: int) -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["A/star", "O/drop"])
    before = rules.stale_key(state(match), seat)
    flip(match, 0)
    assert rules.stale_key(state(match), seat) != before


def test_stale_key_changes_when_the_question_changes() -> None:
    match = racing()
    st = state(match)
    keys = [rules.stale_key(st, 0)]
    answer(match, 0, "mesa")
    assert rules.stale_key(st, 0) == keys[-1]  # an answer leaves the question as it was
    match.act(None, STUCK)
    assert rules.stale_key(st, 0) == keys[-1]  # nor does the face-off getting stuck
    match.act(0, {"type": "new_category"})
    keys.append(rules.stale_key(st, 0))
    assert len(set(keys)) == 2


def test_another_racers_answer_does_not_make_a_move_stale() -> None:
    match = racing()
    seen = match.version
    answer(match, 0, "mesa")
    match.act(1, Answer("perro"), seen_version=seen)  # chosen before seat 0 answered: still fresh
    assert len(match.log) == seen + 2


def test_an_answer_typed_as_the_face_off_turns_stuck_still_counts() -> None:
    match = racing()
    seen = match.version
    match.act(None, STUCK)
    events = match.act(1, Answer("abeja"), seen_version=seen)
    assert events[0].public["accepted"] is True


def test_a_move_chosen_before_the_category_changed_is_stale() -> None:
    match = racing()
    seen = match.version
    match.act(None, STUCK)
    match.act(0, {"type": "new_category"})
    with pytest.raises(StaleState):
        match.act(1, Answer("abeja"), seen_version=seen)
    assert match.version == seen + 2
