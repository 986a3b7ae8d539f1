"""Typed refusals: input that is not an action is MalformedAction, a forbidden action is
IllegalAction (NotYourTurn, GameOver); each has a readable reason and changes nothing."""

import json
from typing import Any

import pytest
from tests.games.uno_duo.helpers import GAME, match_at, position

from duoplay.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.uno_duo import actions as actions_module

HANDS = ("R9 G5 Y+2 B3 wild wild+4", "G1 G2 G3")

MALFORMED: list[Any] = [
    None, 0, 1.5, True, [], ["draw"], {}, {"card": "R9"}, {"type": None}, {"type": 7},
    {"type": []}, {"type": {}}, {"type": ["play"]}, {"type": "fold"}, {"type": "PLAY", "card": "R9"},
    {"type": "play"}, {"type": "play", "card": None}, {"type": "play", "card": 9},
    {"type": "play", "card": ["R9"]}, {"type": "play", "card": {"R9": 1}}, {"type": "play", "card": "R10"},
    {"type": "play", "card": "r9"}, {"type": "play", "card": ""},
    {"type": "play", "card": "R9", "uno": "yes"}, {"type": "play", "card": "R9", "uno": 1},
    {"type": "play", "card": "R9", "extra": 1}, {"type": "draw", "card": "R9"},
    {"type": "draw", "seat": 0}, {"type": "colour"}, {"type": "colour", "colour": "pink"},
    {"type": "colour", "colour": 2}, {"type": "colour", "colour": ["red"]},
    {"type": "colour", "colour": "red", "card": "wild"},
    "", "   ", "R10", "fold", "wild", "wild pink", "R9 R8", "R9 blue uno uno", "uno uno",
    "draw now", "\x00", "wild+4 blue green",
]


@pytest.mark.parametrize("data", MALFORMED, ids=lambda d: json.dumps(d)[:40])
def test_malformed_input_is_refused_as_malformed(data: Any) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, data)
    assert isinstance(error, MalformedAction) and error.code == "malformed_action"
    assert len(error.reason) > 5


@pytest.mark.parametrize("data", [
    {"type": "play", "card": "R9", "colour": "blue"},
    {"type": "play", "card": "G5", "colour": "red"},
    "R9 blue",
])
def test_a_coloured_card_cannot_choose_a_colour(data: Any) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, data)
    assert isinstance(error, MalformedAction) and "only wild cards choose a colour" in error.reason


def test_a_coloured_card_may_repeat_its_own_colour() -> None:
    match = match_at(position(HANDS, discard="R5"))
    match.act(0, {"type": "play", "card": "R9", "colour": "red"})
    assert match.state.current == 1


@pytest.mark.parametrize(("seat", "data", "kind", "words"), [
    (1, "G1", NotYourTurn, "opponent's turn"),
    (1, {"type": "draw"}, NotYourTurn, "opponent's turn"),
    (0, "G1", IllegalAction, "no G1"),
    (0, "B3", IllegalAction, "does not match"),
    (0, "pass", IllegalAction, "nothing to draw"),
    (0, "keep", IllegalAction, "not possible"),
    (0, "challenge", IllegalAction, "not possible"),
    (0, "red", IllegalAction, "not possible"),
    (0, "uno", IllegalAction, "one card"),
    (1, "catch", IllegalAction, "nothing to be caught"),
])
def test_forbidden_actions_get_the_right_error_and_reason(seat: int, data: Any, kind: type[GameError],
                                                          words: str) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, seat, data)
    assert type(error) is kind and words in error.reason


def test_every_action_in_its_json_form_through_a_string_round_trips() -> None:
    match = match_at(position(HANDS, discard="R5"))
    for action in match.legal_actions(0):
        text = json.dumps(action.to_json())
        assert GAME.parse_action(json.loads(text)) == action
        assert GAME.parse_action(action.notation()) == action
        assert eval(repr(action), vars(actions_module)) == action  # the repr is code
