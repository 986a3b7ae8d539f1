"""Rulebook "Setup" and NOTES DUOS 1-2: twelve cards in a 4 x 3 layout, a category, a Narrator."""

from __future__ import annotations

import pytest
from tests.games.duos.helpers import new_match, state

from duoplay.core.errors import MalformedAction
from duoplay.games.duos.cards import CATEGORIES, GRID


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_twelve_different_cards_of_one_category_lie_in_a_four_by_three_grid(seats: int) -> None:
    match = new_match(seats, seed=seats)
    shown = match.view(None)
    assert shown["grid"] == [4, 3]
    assert len(shown["cards"]) == GRID == 12
    assert len(set(shown["cards"])) == 12
    assert all(card.startswith(shown["category"] + "/") for card in shown["cards"])


def test_the_seed_chooses_the_category_unless_an_option_names_it() -> None:
    chosen = {new_match(3, seed=seed).view(None)["category"] for seed in range(40)}
    assert chosen == set(CATEGORIES)
    assert new_match(3, seed=5, category="animals").view(None)["category"] == "animals"


def test_the_first_narrator_is_seat_zero_by_default_and_an_option() -> None:
    assert new_match(4).view(None)["narrator"] == 0
    assert new_match(4, first_narrator=2).view(None)["narrator"] == 2


def test_every_player_starts_pairing_at_once_with_no_points() -> None:
    match = new_match(5)
    assert match.to_move() == (0, 1, 2, 3, 4)
    assert match.view(None)["scores"] == [0] * 5


@pytest.mark.parametrize("seats", [1, 7])
def test_a_table_needs_two_to_six_players(seats: int) -> None:
    with pytest.raises(MalformedAction):
        new_match(seats)


@pytest.mark.parametrize("options", [
    {"rounds": 0}, {"category": "cars"}, {"pairing_seconds": -1}, {"fixed_category": "yes"},
    {"first_narrator": 4}, {"colour": "red"}, {"coop_turns": 0},
])
def test_bad_options_are_refused_with_a_reason(options: dict[str, object]) -> None:
    with pytest.raises(MalformedAction) as refused:
        new_match(4, **options)
    assert refused.value.reason


def test_the_draw_pile_holds_the_rest_of_the_set() -> None:
    st = state(new_match(3, category="sport"))
    assert len(st.table) + len(st.draw_pile) == 64
    assert set(st.table).isdisjoint(st.draw_pile)
