"""Finding games by name, events per seat, outcomes, deadlines and the seeded generator."""

from typing import Any

import pytest

from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import Event, Outcome
from duoplay.core.registry import find_game, game_ids
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.game import GAME


@pytest.mark.parametrize("name", ["uno-duo", "UNO-DUO", " uno ", "unoduo", "uno_duo", "Uno"])
def test_find_game_by_id_or_alias(name: str) -> None:
    assert find_game(name) is GAME


def test_game_ids_lists_the_canonical_ids() -> None:
    assert "uno-duo" in game_ids() and "uno" not in game_ids()
    for game_id in game_ids():
        assert find_game(game_id).id == game_id


@pytest.mark.parametrize("name", ["chess", "", "uno duo", "uno-duo-2"])
def test_unknown_names_are_refused_with_the_known_ones_listed(name: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        find_game(name)
    assert "uno-duo" in refused.value.reason


@pytest.mark.parametrize("name", [None, 3, ["uno"]])
def test_a_name_that_is_not_text_is_refused(name: Any) -> None:
    with pytest.raises(MalformedAction):
        find_game(name)


def test_event_secrets_reach_only_their_audience() -> None:
    event = Event("draw", {"seat": 0, "count": 2}, {"cards": ["R1", "G2"]}, frozenset({0}))
    assert event.visible_to(0) == {"kind": "draw", "seat": 0, "count": 2, "cards": ["R1", "G2"]}
    assert event.visible_to(1) == {"kind": "draw", "seat": 0, "count": 2}
    assert event.visible_to(None) == {"kind": "draw", "seat": 0, "count": 2}


def test_event_without_secret_is_the_same_for_everyone() -> None:
    event = Event("pass", {"seat": 1})
    assert event.visible_to(0) == event.visible_to(1) == event.visible_to(None) == {"kind": "pass",
                                                                                    "seat": 1}


def test_a_viewer_changing_its_copy_does_not_change_the_event() -> None:
    event = Event("draw", {"seat": 0, "count": 1}, {"cards": ["R1"]}, frozenset({0}))
    shown = event.visible_to(0)
    shown["count"] = 99
    del shown["cards"]
    assert event.visible_to(0) == {"kind": "draw", "seat": 0, "count": 1, "cards": ["R1"]}


def test_outcome_json() -> None:
    outcome = Outcome((1,), (0.0, 1.0), (210, 40), "seat 0 reached 200 points")
    assert outcome.to_json() == {"winners": [1], "results": [0.0, 1.0], "scores": [210, 40],
                                 "reason": "seat 0 reached 200 points"}


def test_the_seeded_generator_copies_and_compares_by_state() -> None:
    rng = GameRng(5)
    twin = rng.copy()
    assert twin == rng and hash(twin) == hash(rng)
    items, same = list(range(20)), list(range(20))
    rng.shuffle(items)
    assert twin != rng
    twin.shuffle(same)
    assert items == same and twin == rng
    assert GameRng(5) != GameRng(6) and GameRng(5) != 5
