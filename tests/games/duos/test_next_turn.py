"""Rulebook "Preparing the Next Turn" and NOTES DUOS 2: Narrator rotation, flip or deal, categories."""

from __future__ import annotations

from itertools import pairwise

import pytest
from tests.games.duos.helpers import new_match, place, state

from duoplay.core.match import Match
from duoplay.games.duos.cards import SETS


def finish_turn(match: Match) -> None:
    for seat in match.to_move():
        place(match, seat, "0-1 2-3 4-5 6-7")


def test_the_narrator_passes_to_the_next_player_each_turn() -> None:
    match = new_match(3, first_narrator=1)
    seen = []
    while match.outcome() is None:
        seen.append(match.view(None)["narrator"])
        finish_turn(match)
    assert seen == [1, 2, 0, 1, 2, 0]


def test_the_cards_flip_to_the_other_category_then_new_cards_are_dealt() -> None:
    match = new_match(3, category="things", seed=4)
    first = list(state(match).table)
    finish_turn(match)
    shown = match.view(None)
    assert shown["category"] == "animals" and shown["flipped"]
    assert state(match).table == first  # the same cards, turned over
    finish_turn(match)
    shown = match.view(None)
    assert shown["category"] == "things" and not shown["flipped"]
    assert set(state(match).table).isdisjoint(first)  # both sides were played: new cards


def test_a_flipped_card_shows_the_face_of_the_same_physical_card() -> None:
    match = new_match(3, category="sport", seed=2)
    before = match.view(None)["cards"]
    finish_turn(match)
    after = match.view(None)["cards"]
    sport = SETS[0][1]
    assert sport == ("sport", "fairy-tales")
    assert [c.split("/")[0] for c in after] == ["fairy-tales"] * 12
    assert len(set(after)) == 12 and before != after


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_player_narrates_twice_once_in_each_category(seats: int) -> None:
    match = new_match(seats, category="sport")
    told: dict[int, list[str]] = {seat: [] for seat in range(seats)}
    while match.outcome() is None:
        shown = match.view(None)
        told[shown["narrator"]].append(shown["category"])
        finish_turn(match)
    for seat in range(seats):
        assert sorted(told[seat]) == ["fairy-tales", "sport"], (seat, told[seat])


def test_with_an_even_number_of_players_round_two_starts_on_the_other_category() -> None:
    match = new_match(4, category="sport")
    categories = []
    while match.outcome() is None:
        categories.append(match.view(None)["category"])
        finish_turn(match)
    assert categories[:4] == ["sport", "fairy-tales", "sport", "fairy-tales"]
    assert categories[4:] == ["fairy-tales", "sport", "fairy-tales", "sport"]


def test_a_fixed_category_deals_new_cards_every_turn() -> None:
    match = new_match(3, category="animals", fixed_category=True)
    tables = []
    while match.outcome() is None:
        assert match.view(None)["category"] == "animals"
        tables.append(list(state(match).table))
        finish_turn(match)
    assert all(set(a).isdisjoint(b) for a, b in pairwise(tables))


def test_long_games_shuffle_played_cards_back_and_keep_every_card() -> None:
    match = new_match(6, rounds=4, fixed_category=True, category="sport")
    while match.outcome() is None:
        st = state(match)
        assert sorted(st.table + st.draw_pile + st.used) == list(range(64))
        assert len(set(st.table)) == 12
        finish_turn(match)


def test_more_rounds_is_an_option() -> None:
    match = new_match(3, rounds=3)
    turns = 0
    while match.outcome() is None:
        finish_turn(match)
        turns += 1
    assert turns == 9
