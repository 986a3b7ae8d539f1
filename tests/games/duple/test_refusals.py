"""Conventions 4: a move the rules forbid is refused with a typed error a player can read, and
the state, the log and every view stay as they were."""

from __future__ import annotations

import pytest
from tests.games.duple.tables import answer, deal, flip, new_match

from duoplay.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import (
    APPEAL,
    CLOSE,
    CLOSE_VOTE,
    FLIP,
    NEW_CATEGORY,
    PASS,
    STUCK,
    TIME_UP,
    Answer,
    CastVote,
)


def flipping() -> Match:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal")
    return match


def racing() -> Match:
    match = flipping()
    flip(match, 0)
    return match


def refused(match: Match, seat: int | None, action: object, error: type[GameError], words: str) -> None:
    found = assert_refusal_changes_nothing(match, seat, action)
    assert type(found) is error, (found, error)
    assert words in found.reason, found.reason


def test_only_the_drawer_flips() -> None:
    refused(flipping(), 1, FLIP, NotYourTurn, "not your turn")


def test_no_flip_while_a_face_off_is_on() -> None:
    refused(racing(), 0, FLIP, IllegalAction, "face-off")


@pytest.mark.parametrize("action", [Answer("gato"), PASS, NEW_CATEGORY])
def test_no_race_moves_without_a_race(action: object) -> None:
    refused(flipping(), 0, action, NotYourTurn, "No race")


def test_no_votes_without_a_vote() -> None:
    refused(racing(), 2, CastVote(True), NotYourTurn, "No vote")


def test_nothing_to_appeal_without_a_rejected_answer() -> None:
    refused(racing(), 0, APPEAL, IllegalAction, "rejected answer")


@pytest.mark.parametrize("action", [CLOSE, STUCK, TIME_UP, CLOSE_VOTE])
def test_only_the_table_keeps_time(action: object) -> None:
    refused(racing(), 0, action, IllegalAction, "clock")


@pytest.mark.parametrize("action", [FLIP, Answer("gato"), CastVote(True), PASS])
def test_the_table_only_keeps_time(action: object) -> None:
    refused(racing(), None, action, IllegalAction, "only keeps time")


@pytest.mark.parametrize("action, words", [(CLOSE, "tie window"), (TIME_UP, "stuck"),
                                           (CLOSE_VOTE, "vote")])
def test_the_table_refuses_a_timer_that_is_not_running(action: object, words: str) -> None:
    refused(racing(), None, action, IllegalAction, words)


def test_the_table_marks_a_face_off_stuck_only_while_it_waits() -> None:
    match = racing()
    answer(match, 0, "gato")
    refused(match, None, STUCK, IllegalAction, "waiting")


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_no_such_seat(seat: int) -> None:
    refused(flipping(), seat, FLIP, NotYourTurn, "No such seat")


@pytest.mark.parametrize("data", [{"type": "shout"}, {"type": "flip", "card": 3}, {"type": "vote"},
                                  {"type": "vote", "accept": "yes"}, "hello", 42, None, [], "answer"])
def test_malformed_moves_are_refused(data: object) -> None:
    refused(racing(), 0, data, MalformedAction, "")


def test_a_racer_with_a_valid_answer_waits_for_the_result() -> None:
    match = racing()
    answer(match, 0, "gato")
    refused(match, 0, Answer("pato"), IllegalAction, "wait for the result")
    refused(match, 0, PASS, IllegalAction, "wait for the result")


def test_the_menu_lists_what_a_seat_may_do_now() -> None:
    match = flipping()
    assert match.legal_actions(0) == [FLIP] and match.legal_actions(1) == []
    flip(match, 0)
    assert match.legal_actions(0) == [PASS] and match.legal_actions(2) == []
    answer(match, 1, "mano")  # not an animal: seat 1 may send it to a vote
    assert match.legal_actions(1) == [PASS, APPEAL]
    match.act(None, STUCK)
    assert match.legal_actions(0) == [PASS, NEW_CATEGORY]
    match.act(1, APPEAL)
    assert match.legal_actions(0) == match.legal_actions(2) == [CastVote(True), CastVote(False)]
    assert match.legal_actions(1) == []
