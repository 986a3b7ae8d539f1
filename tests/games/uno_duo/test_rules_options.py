"""Options (NOTES 1, 5, 9, 11, 12): defaults, full storage in the header, and refusal of bad values."""

from typing import Any

import pytest

from duoplay.core.errors import MalformedAction
from duoplay.core.match import Match
from duoplay.games.uno_duo.game import GAME

DEFAULTS = {
    "deck_size": 112,
    "target_score": 200,
    "challenge_rule": "any-playable",
    "shuffle_on_refill": True,
    "uno_penalty": 2,
    "turn_timer": 0,
    "bot_after_timeouts": 2,
}


def test_defaults_follow_the_rulebook_and_notes() -> None:
    assert GAME.options_to_json(GAME.parse_options({})) == DEFAULTS
    assert GAME.options_to_json(GAME.parse_options(None)) == DEFAULTS


def test_header_stores_every_option_so_replays_never_depend_on_defaults() -> None:
    match = Match.new("uno-duo", 2, seed=5, options={"target_score": 50})
    assert match.header.options == {**DEFAULTS, "target_score": 50}


@pytest.mark.parametrize(
    "options",
    [
        {"deck_size": 108},
        {"target_score": 1},
        {"challenge_rule": "colour-only"},
        {"shuffle_on_refill": False},
        {"uno_penalty": 0},
        {"uno_penalty": 4},
        {"turn_timer": 30},
        {"turn_timer": 60},
        {"turn_timer": 120},
        {"bot_after_timeouts": 0},
        {"bot_after_timeouts": 3},
    ],
)
def test_every_option_accepts_its_documented_values(options: dict[str, Any]) -> None:
    parsed = GAME.options_to_json(GAME.parse_options(options))
    assert parsed == {**DEFAULTS, **options}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"deck_size": 100}, "deck_size"),
        ({"deck_size": "112"}, "deck_size"),
        ({"deck_size": 112.0}, "deck_size"),
        ({"deck_size": True}, "deck_size"),
        ({"target_score": 0}, "target_score"),
        ({"target_score": -200}, "target_score"),
        ({"target_score": 2.5}, "target_score"),
        ({"target_score": True}, "target_score"),
        ({"target_score": "200"}, "target_score"),
        ({"challenge_rule": "strict"}, "challenge_rule"),
        ({"challenge_rule": None}, "challenge_rule"),
        ({"shuffle_on_refill": "yes"}, "shuffle_on_refill"),
        ({"shuffle_on_refill": 1}, "shuffle_on_refill"),
        ({"uno_penalty": -1}, "uno_penalty"),
        ({"uno_penalty": 0.0}, "uno_penalty"),
        ({"uno_penalty": 2.5}, "uno_penalty"),
        ({"uno_penalty": False}, "uno_penalty"),
        ({"uno_penalty": "2"}, "uno_penalty"),
        ({"turn_timer": 1}, "turn_timer"),
        ({"turn_timer": 45}, "turn_timer"),
        ({"turn_timer": 30.0}, "turn_timer"),
        ({"turn_timer": "30"}, "turn_timer"),
        ({"turn_timer": True}, "turn_timer"),
        ({"turn_timer": None}, "turn_timer"),
        ({"bot_after_timeouts": 4}, "bot_after_timeouts"),
        ({"bot_after_timeouts": -1}, "bot_after_timeouts"),
        ({"bot_after_timeouts": False}, "bot_after_timeouts"),
        ({"stacking": True}, "stacking"),
        ({1: 2}, "1"),
    ],
)
def test_bad_options_are_refused_with_the_option_named(options: dict[Any, Any], words: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.parse_options(options)
    assert words in refused.value.reason


@pytest.mark.parametrize("data", [[], "deck_size=108", 108, ["deck_size"]])
def test_options_that_are_not_an_object_are_refused(data: Any) -> None:
    with pytest.raises(MalformedAction):
        GAME.parse_options(data)


def test_a_match_with_bad_options_does_not_start() -> None:
    with pytest.raises(MalformedAction, match="deck_size"):
        Match.new("uno-duo", 2, seed=1, options={"deck_size": 52})


@pytest.mark.parametrize("seats", [0, 1, 3, 4])
def test_uno_duo_is_for_exactly_two_seats(seats: int) -> None:
    with pytest.raises(MalformedAction, match="2 players"):
        Match.new("uno-duo", seats, seed=1)
