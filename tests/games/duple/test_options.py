"""Every option of options.py: its default, its bounds, and what parsing refuses."""

from __future__ import annotations

import pytest
from tests.games.duple.tables import GAME, new_match, state

from duoplay.core.errors import MalformedAction
from duoplay.core.testing import assert_option_bounds_enforced, assert_option_specs_match, assert_readable
from duoplay.games.duple.options import DupleOptions, parse_options


def test_defaults_follow_the_rulebook_and_notes() -> None:
    assert parse_options(None) == parse_options({}) == DupleOptions()
    assert parse_options(None).to_json() == {
        "lang": "es", "window_ms": 150, "four_piles": True, "flip_seconds": 5.0, "stuck_seconds": 10.0,
        "race_seconds": 60.0, "faceoff_categories": 3, "win_pause_seconds": 2.0, "all_play_seconds": 30.0,
        "vote_seconds": 20.0, "bot_speed": "normal", "remembered": [],
    }


def test_the_lobby_offers_every_option_with_its_default() -> None:
    assert_option_specs_match(GAME)


def test_option_bounds_are_enforced() -> None:
    assert_option_bounds_enforced(GAME)


@pytest.mark.parametrize("data, words", [
    ({"colour": 1}, "Unknown Duple option"),
    ({"lang": "de"}, "lang must be one of"),
    ({"window_ms": 1001}, "window_ms"), ({"window_ms": -1}, "window_ms"), ({"window_ms": True}, "window_ms"),
    ({"window_ms": 150.0}, "window_ms"),
    ({"four_piles": "yes"}, "four_piles"),
    ({"flip_seconds": -0.5}, "flip_seconds"), ({"flip_seconds": "5"}, "flip_seconds"),
    ({"stuck_seconds": 0}, "stuck_seconds"), ({"race_seconds": 4}, "race_seconds"),
    ({"race_seconds": 601}, "race_seconds"), ({"all_play_seconds": 301}, "all_play_seconds"),
    ({"vote_seconds": 4.9}, "vote_seconds"), ({"vote_seconds": False}, "vote_seconds"),
    ({"faceoff_categories": 0}, "faceoff_categories"), ({"faceoff_categories": 2.0}, "faceoff_categories"),
    ({"win_pause_seconds": 10.5}, "win_pause_seconds"),
    ({"remembered": "mesa"}, "remembered"), ({"remembered": [["animal"]]}, "remembered"),
    ({"remembered": [["animal", 3]]}, "remembered"), ({"remembered": [["a", "b"]] * 501}, "remembered"),
    ({"remembered": [["animal", "x" * 81]]}, "remembered"),
])
def test_bad_options_are_refused(data: dict[str, object], words: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_options(data)
    assert words in refused.value.reason
    assert_readable(refused.value)


def test_options_must_be_an_object() -> None:
    with pytest.raises(MalformedAction):
        parse_options([("lang", "es")])  # type: ignore[arg-type]


def test_whole_seconds_are_read_as_seconds() -> None:
    options = parse_options({"flip_seconds": 0, "stuck_seconds": 12, "race_seconds": 90,
                             "all_play_seconds": 45, "vote_seconds": 30})
    assert (options.flip_seconds, options.stuck_seconds, options.race_seconds, options.all_play_seconds,
            options.vote_seconds) == (0.0, 12.0, 90.0, 45.0, 30.0)
    assert all(type(v) is float for v in (options.flip_seconds, options.race_seconds))


def test_lang_chooses_the_deck() -> None:
    assert new_match(3, lang="en").view(0)["lang"] == "en"
    assert state(new_match(3, lang="en")).options.lang == "en"


def test_remembered_words_start_the_match_remembered() -> None:
    match = new_match(3, remembered=[["animal", "mesa"], ["fruta", "piedra"]])
    assert state(match).remembered == {("animal", "mesa"), ("fruta", "piedra")}
    assert "remembered" not in match.view(0)["options"]  # the room's memory, never sent


def test_the_match_header_keeps_every_option() -> None:
    match = new_match(3, window_ms=0)
    assert match.header.options == {**DupleOptions().to_json(), "window_ms": 0, "win_pause_seconds": 0.0}


def test_next_options_keeps_the_room_options_and_at_most_500_words() -> None:
    match = new_match(3, window_ms=90)
    state(match).remembered = {("animal", f"w{i:04}") for i in range(600)}
    options = GAME.next_options(match.state, match.header.options)
    assert options["window_ms"] == 90 and len(options["remembered"]) == 500
    parse_options(options)


def test_remembered_words_given_as_typed_are_matched_as_the_judge_folds_them() -> None:
    match = new_match(3, remembered=[["animal", "Mésa"]])
    assert state(match).remembered == {("animal", "mesa")}


def test_remembered_words_follow_the_player_text_rule() -> None:
    with pytest.raises(MalformedAction, match="control, direction or invisible"):
        new_match(3, remembered=[["animal", "me\u202esa"]])
