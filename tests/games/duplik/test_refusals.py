"""Bad input never crashes: malformed actions are refused as such, and a refused move leaves the
match exactly as it was."""

from __future__ import annotations

import pytest
from tests.games.duplik.tables import describing, state

from duoplay.core.errors import MalformedAction
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duplik.actions import KeepText, parse_action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "drawing", "strokes": [{"points": [[1001, 5]]}]},
        {"type": "drawing", "strokes": [{"points": [[1.5, 5]]}]},
        {"type": "drawing", "strokes": [{"points": []}]},
        {"type": "drawing", "strokes": [{"points": [[1, 1]]}] * 401},
        {"type": "drawing", "strokes": [{"points": [[1, 1]], "colour": "red"}]},
        {"type": "drawing", "strokes": "lines"},
        {"type": "drawing", "strokes": [], "bot": "yes"},
        {"type": "describe", "text": "x" * 2001},
        {"type": "describe", "text": "hidden\u202etext"},
        {"type": "describe"},
        {"type": "verdict", "holds": "maybe"},
        {"type": "decide", "holds": "maybe"},
        {"type": "choose", "scene": ""},
        {"type": "keep_drawing", "seat": True, "strokes": []},
        {"type": "fly"},
        "verdict perhaps",
        "drawing {not json",
        [],
    ],
)
def test_malformed_actions_are_refused_as_malformed(data: object) -> None:
    with pytest.raises(MalformedAction):
        parse_action(data)


def test_moves_out_of_phase_change_nothing() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    for action in (
        "roll",
        "start",
        "next",
        "pass left",
        "verdict yes",
        "vote no",
        "accept",
        "dispute",
        "decide yes",
    ):
        assert_refusal_changes_nothing(match, portrayer, parse_action(action))
    assert_refusal_changes_nothing(match, portrayer, KeepText("from a player"))
    assert_refusal_changes_nothing(match, 7, parse_action("done"))
